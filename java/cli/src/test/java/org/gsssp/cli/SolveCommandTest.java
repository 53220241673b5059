package org.gsssp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.gsssp.Algorithm;
import org.gsssp.Devices;
import org.gsssp.testing.SharedGraphs;
import org.junit.jupiter.api.Assumptions;
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
    void autoSaysWhatItChoseAndWhy() {
        Run r = run("solve");
        assertEquals(0, r.exit(), r.out() + r.err());
        String line = r.out().lines().filter(l -> l.startsWith("algorithm ")).findFirst().orElseThrow();
        String crossover = String.format(Locale.ROOT, "%,d", Algorithm.AUTO_GPU_MIN_EDGES);
        if (!Devices.available()) {
            assertEquals("algorithm dijkstra-cpu (auto: no GPU)", line);
        } else if (8870 < Algorithm.AUTO_GPU_MIN_EDGES) {   // rome99 has 8,870 edges
            assertEquals("algorithm dijkstra-cpu (auto: m < " + crossover + " edges: CPU answers sooner)", line);
        } else {
            assertEquals("algorithm adds (auto: m >= " + crossover + " edges: ADDS)", line);
        }
        Run explicitAuto = run("solve", "--algorithm", "auto");
        assertTrue(explicitAuto.out().lines().anyMatch(line::equals), explicitAuto.out());

        Run named = run("solve", "--algorithm", "dijkstra-cpu");
        assertTrue(named.out().lines().anyMatch(l -> l.equals("algorithm dijkstra-cpu")), named.out());
    }

    @Test
    void autoOnNegativeWeightsWithoutGpuRunsCpuBellmanFord(@TempDir Path dir) throws Exception {
        Assumptions.assumeFalse(Devices.available(), "with a GPU, AUTO runs H-BF (GPU tests cover it)");
        Path graph = dir.resolve("neg.gr");
        Files.writeString(graph, "p sp 3 2\na 1 2 4\na 2 3 -1\n");
        Path out = dir.resolve("d.txt");
        Run r = run("solve", "--graph", graph.toString(), "--output", out.toString(), "--verify");
        assertEquals(0, r.exit(), r.out() + r.err());
        assertTrue(r.out().contains("bellman-ford-cpu (auto: negative weights, no GPU: CPU Bellman-Ford)"), r.out());
        assertEquals(List.of("1 0", "2 4", "3 3"), Files.readAllLines(out));

        Path cycle = dir.resolve("cycle.gr");
        Files.writeString(cycle, "p sp 3 3\na 1 2 4\na 2 3 -1\na 3 2 -5\n");
        Run c = run("solve", "--graph", cycle.toString());
        assertEquals(1, c.exit(), c.out() + c.err());
        assertTrue(c.err().startsWith("gsssp: ") && c.err().contains("negative cycle"), c.err());
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

    @Test
    void addsFlagsAreCheckedAndPassedOn() {
        // accepted, and ignored by an algorithm without buckets
        Run ok = run("solve", "--algorithm", "dijkstra-cpu", "--delta", "5", "--delta-constant", "16", "--adds-static-delta",
                "--adds-buckets", "2", "--adds-no-local-rounds", "--adds-growable-pool", "100", "--adds-watchdog-ms", "60000", "--verify");
        assertEquals(0, ok.exit(), ok.out() + ok.err());
        assertTrue(ok.out().contains("verify    OK") && !ok.out().contains("restarts"), ok.out());

        Run buckets = run("solve", "--algorithm", "adds", "--adds-buckets", "1");
        assertEquals(1, buckets.exit(), buckets.err());
        assertTrue(buckets.err().startsWith("gsssp: ") && buckets.err().contains("2..32"), buckets.err());

        Run both = run("solve", "--algorithm", "adds", "--adds-pool-words", "5", "--adds-growable-pool", "5");
        assertEquals(2, both.exit(), both.err());
        assertTrue(both.err().contains("exclude each other"), both.err());

        Run pool = run("solve", "--algorithm", "adds", "--adds-pool-words", "0");
        assertEquals(1, pool.exit(), pool.err());
        assertTrue(pool.err().contains("fixed ADDS pool"), pool.err());

        Run watchdog = run("solve", "--algorithm", "adds", "--adds-watchdog-ms", "-1");
        assertEquals(1, watchdog.exit(), watchdog.err());
        assertTrue(watchdog.err().contains("watchdog"), watchdog.err());

        Run help = run("solve", "--help");
        assertTrue(help.out().contains("adds") && help.out().contains("--adds-growable-pool"), help.out());
    }
}
