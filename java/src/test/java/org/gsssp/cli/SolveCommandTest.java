package org.gsssp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.gsssp.testing.SharedGraphs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SolveCommandTest {
    record Run(int exit, String out, String err) {}

    static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = Main.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new Run(exit, out.toString(), err.toString());
    }

    @Test
    void runsWithNoArgumentsOnTheBundledGraphAndVerifies() {
        Run r = run("solve", "--verify");
        assertEquals(0, r.exit(), r.out() + r.err());
        assertTrue(r.out().contains("rome99.gr (bundled): 3,353 vertices, 8,870 edges"), r.out());
        assertTrue(r.out().contains("verify    OK"), r.out());
        assertTrue(r.out().contains("reached   3,353 of 3,353"), r.out());
    }

    @Test
    void writesDistancesInTheFilesOwnIds(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("d.txt");
        Run r = run("solve", "--graph", SharedGraphs.file("rome99.gr").toString(), "--source", "1",
                "--algorithm", "dijkstra-cpu", "--output", out.toString());
        assertEquals(0, r.exit(), r.err());
        List<String> lines = Files.readAllLines(out);
        assertEquals(3353, lines.size());
        assertEquals("1 0", lines.get(0));   // DIMACS ids stay 1-based
    }

    @Test
    void unreachableVerticesPrintInf(@TempDir Path dir) throws Exception {
        Path graph = dir.resolve("g.gr");
        Files.writeString(graph, "p sp 3 1\na 1 2 7\n");
        Path out = dir.resolve("d.txt");
        Run r = run("solve", "--graph", graph.toString(), "--algorithm", "cpu", "--output", out.toString());
        assertEquals(0, r.exit(), r.err());
        assertEquals(List.of("1 0", "2 7", "3 INF"), Files.readAllLines(out));
    }

    @Test
    void errorsAreOneLineWithNonZeroExit(@TempDir Path dir) throws Exception {
        Run missing = run("solve", "--graph", dir.resolve("nope.gr").toString());
        assertTrue(missing.exit() != 0);
        assertTrue(missing.err().startsWith("gsssp: "), missing.err());
        assertEquals(1, missing.err().strip().lines().count(), missing.err());

        Path bad = dir.resolve("bad.gr");
        Files.writeString(bad, "p sp 2 1\na 1 x 3\n");
        Run malformed = run("solve", "--graph", bad.toString());
        assertEquals(1, malformed.exit());
        assertTrue(malformed.err().contains("bad.gr:2"), malformed.err());

        Run badSource = run("solve", "--source", "999999");
        assertEquals(1, badSource.exit());
        assertTrue(badSource.err().contains("999999"), badSource.err());

        Run badAlgorithm = run("solve", "--algorithm", "quantum");
        assertTrue(badAlgorithm.exit() != 0);
        assertTrue(badAlgorithm.err().contains("unknown algorithm"), badAlgorithm.err());
    }
}
