package org.gsssp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.gsssp.Algorithm;
import org.gsssp.Graph;
import org.gsssp.Options;
import org.gsssp.Result;
import org.gsssp.Sssp;
import org.gsssp.cli.SolveCommandTest.Run;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 50: the CLI's commands agree with each other, and its help reads whole. */
class CliConsistencyTest {
    static Run run(String... args) {
        return SolveCommandTest.run(args);
    }

    @Test
    void solveTakesDashOAsGenerateDoes(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("d.txt");
        Run r = run("solve", "-o", out.toString());
        assertEquals(0, r.exit(), r.out() + r.err());
        assertEquals(3353, Files.readAllLines(out).size(), "rome99 has 3,353 vertices");
    }

    @Test
    void enumValuesAreCaseInsensitive(@TempDir Path dir) throws Exception {
        Run r = run("solve", "--format", "dimacs");
        assertEquals(0, r.exit(), r.out() + r.err());
        Path g = dir.resolve("f.gr");
        assertEquals(0, run("generate", "grid:4x4,seed=1,float", "-o", g.toString()).exit());
        Run f = run("solve", "--graph", g.toString(), "--weight-type", "float32", "--format", "Galois");
        assertEquals(0, f.exit(), f.out() + f.err());
        assertTrue(f.out().contains("float32 weights"), f.out());
    }

    @Test
    void noCommandIsAUsageErrorWithTheUsage() {
        Run r = run();
        assertEquals(2, r.exit(), r.out() + r.err());
        assertTrue(r.err().startsWith("Usage: gsssp"), r.err());
        assertTrue(r.err().contains("solve") && r.err().contains("serve") && r.err().contains("generate"), r.err());
        assertEquals(0, run("--help").exit());
    }

    @Test
    void aUsageErrorIsOneLineAndAHint() {
        Run r = run("solve", "--bogus");
        assertEquals(2, r.exit(), r.out() + r.err());
        assertEquals(List.of("gsssp: Unknown option: '--bogus'", "Try 'gsssp solve --help' for more information."),
                r.err().lines().toList());
        Run typo = run("solve", "--sorce", "1");
        assertEquals(2, typo.exit());
        assertTrue(typo.err().startsWith("gsssp: Unknown options: '--sorce', '1'"), typo.err());
        assertTrue(typo.err().contains("--source"), "picocli's suggestion stays: " + typo.err());
        assertFalse(typo.err().contains("Usage:"), typo.err());
        Run generate = run("generate", "grid:4x4");
        assertEquals(2, generate.exit());
        assertEquals("Try 'gsssp generate --help' for more information.", generate.err().lines().reduce((a, b) -> b).orElse(""));
    }

    @Test
    void solveHelpListsTheCommonOptionsFirstAndTheResearchOnesApart() {
        Run r = run("solve", "--help");
        assertEquals(0, r.exit(), r.err());
        String help = r.out();
        String[] order = {"--graph=FILE", "--source=ID", "--target=ID", "-o, --output=FILE", "--algorithm=NAME", "--verify",
            "--format=FORMAT", "-h, --help", "Research options", "--delta=D", "--adds-buckets=N", "Examples:"};
        int at = -1;
        for (String s : order) {
            int i = help.indexOf(s);
            assertTrue(i > at, "'" + s + "' should come after the previous one in:\n" + help);
            at = i;
        }
        assertEquals(2, help.lines().filter(l -> l.startsWith("  gsssp solve ")).count(), help);
        assertTrue(help.startsWith("Usage: gsssp solve [OPTIONS]"), help);
    }

    @Test
    void targetPrintsTheDistanceAndTheRoute() throws Exception {
        Run r = run("solve", "--source", "1", "--target", "2966");
        assertEquals(0, r.exit(), r.out() + r.err());
        try (Graph g = new GraphInput().load(org.gsssp.LoadOptions.builder().progress(false).build())) {
            Result want = Sssp.solve(g, g.ids().toInternal(1), Algorithm.CPU_DIJKSTRA,
                    Options.builder().computePredecessors(true).build());
            int t = g.ids().toInternal(2966);
            StringBuilder route = new StringBuilder("route    ");
            for (long v : want.path(t).fileIds()) {
                route.append(' ').append(v);
            }
            assertTrue(r.out().contains("target    2966: distance " + want.distanceAsLong(t) + ", "), r.out());
            assertTrue(r.out().lines().anyMatch(route.toString()::equals), "expected " + route + " in\n" + r.out());
        }
        Run missing = run("solve", "--target", "0");
        assertEquals(1, missing.exit());
        assertTrue(missing.err().contains("--target 0 is not a vertex of rome99.gr (bundled)"), missing.err());
    }

    @Test
    void anUnreachableTargetSaysSo(@TempDir Path dir) throws Exception {
        Path snap = dir.resolve("g.txt");
        Files.writeString(snap, "1 2\n3 1\n");
        Run r = run("solve", "--graph", snap.toString(), "--source", "1", "--target", "3");
        assertEquals(0, r.exit(), r.out() + r.err());
        assertTrue(r.out().contains("target    3: unreachable from 1"), r.out());
    }

    /** Help text lines are whole: no description cut mid-sentence, no value wrapped in two. */
    @Test
    void helpTextsAreNotCut() {
        String root = run("--help").out();
        assertTrue(root.lines().anyMatch(l -> l.equals("  serve     Serves shortest-path queries over HTTP/JSON on one resident graph.")), root);
        assertTrue(root.lines().anyMatch(l -> l.equals("  generate  Writes a seeded synthetic graph as a Galois binary .gr file.")), root);
        String generate = run("generate", "--help").out();
        for (String spec : List.of("rmat:scale=22,ef=16,seed=1,w=1..1000", "grid:2048x2048,seed=1,w=1..1000",
                "random:n=4194304,d=7,seed=1,w=1..10", "rgg:n=1048576,d=10,dim=2,seed=1", "mesh:128x128x128,nb=18,seed=1",
                "road:2048x2048,hw=16,seed=1")) {
            assertTrue(generate.lines().anyMatch(l -> l.equals("  " + spec)), spec + " in\n" + generate);
        }
        assertTrue(generate.contains("R-MAT, Graph500 a=0.57 b=0.19 c=0.19, ids permuted\n"), generate);
        for (String[] command : new String[][] {{"--help"}, {"solve", "--help"}, {"serve", "--help"}, {"generate", "--help"}}) {
            for (String line : run(command).out().lines().toList()) {
                assertTrue(line.length() <= 80, String.join(" ", command) + ": a line over 80 columns: " + line);
            }
        }
    }
}
