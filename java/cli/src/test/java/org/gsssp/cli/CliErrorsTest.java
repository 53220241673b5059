package org.gsssp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.gsssp.Devices;
import org.gsssp.cli.SolveCommandTest.Run;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The CLI's errors as a user meets them: exit 1 with one line `gsssp: PATH: reason` for files and devices,
 * exit 2 for usage errors, and messages that name the CLI's options, not the Java API.
 */
class CliErrorsTest {
    static Run run(String... args) {
        return SolveCommandTest.run(args);
    }

    /** Exit 1: exactly one line. Exit 2 (usage): the message first, then picocli's usage text. */
    static void assertOneLine(Run r, int exit, String expected) {
        assertEquals(exit, r.exit(), r.out() + r.err());
        String first = r.err().strip().lines().findFirst().orElse("");
        if (exit == 1) {
            assertEquals(1, r.err().strip().lines().count(), r.err());
            assertTrue(first.startsWith("gsssp: "), r.err());
        }
        assertTrue(first.contains(expected), () -> "expected '" + expected + "' in the first line of: " + r.err());
    }

    @Test
    void aMissingGraphFile(@TempDir Path dir) {
        Path missing = dir.resolve("nope.gr");
        assertOneLine(run("solve", "--graph", missing.toString()), 1, "gsssp: " + missing + ": no such file or directory");
    }

    @Test
    void aDirectoryAsGraph(@TempDir Path dir) {
        assertOneLine(run("solve", "--graph", dir.toString()), 1, "gsssp: " + dir + ": is a directory, not a graph file");
    }

    @Test
    void anUnreadableGraph(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("locked.gr");
        Files.writeString(file, "p sp 2 1\na 1 2 3\n");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("---------"));
        Assumptions.assumeFalse(Files.isReadable(file), "running as root: every file is readable");
        assertOneLine(run("solve", "--graph", file.toString()), 1, "gsssp: " + file + ": permission denied");
    }

    @Test
    void outputIntoMissingDirectoriesCreatesThem(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("a/b/d.txt");
        Run r = run("solve", "--algorithm", "dijkstra-cpu", "--output", out.toString());
        assertEquals(0, r.exit(), r.out() + r.err());
        assertTrue(Files.readAllLines(out).size() == 3353, "rome99 has 3,353 vertices");
    }

    @Test
    void outputNamingADirectoryFailsBeforeTheSolve(@TempDir Path dir) {
        Run r = run("solve", "--algorithm", "dijkstra-cpu", "--output", dir.toString());
        assertOneLine(r, 1, "gsssp: " + dir + ": is a directory; --output wants a file");
        assertTrue(r.out().isEmpty(), "nothing is solved or printed first: " + r.out());
    }

    @Test
    void outputUnderAFileFails(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("plain");
        Files.writeString(file, "x");
        assertOneLine(run("solve", "--algorithm", "dijkstra-cpu", "--output", file.resolve("d.txt").toString()), 1,
                "gsssp: " + file + ": exists and is not a directory");
    }

    @Test
    void aSourceOutsideTheGraphNamesTheValidIds() {
        assertOneLine(run("solve", "--source", "0"), 1, "--source 0 is not a vertex of rome99.gr (bundled): its ids are 1..3353");
    }

    @Test
    void randomWeightsAreAUsageErrorInTheCliTerms() {
        assertOneLine(run("solve", "--random-weights", "5:1"), 2, "--random-weights 5:1: LO (5) is greater than HI (1)");
        assertOneLine(run("solve", "--random-weights", "5"), 2, "--random-weights wants LO:HI, got '5'");
        assertOneLine(run("solve", "--random-weights", "a:b"), 2, "--random-weights wants integers LO:HI");
    }

    /** Issue 50: --random-weights on a graph with weights of its own is refused, never silently ignored. */
    @Test
    void randomWeightsOnAWeightedGraphAreRefused(@TempDir Path dir) throws Exception {
        Run r = run("solve", "--random-weights", "1:10");   // the bundled rome99: DIMACS, weighted
        assertOneLine(r, 1, "the file has weights of its own (DIMACS arcs carry weights), so --random-weights would "
                + "replace nothing; leave --random-weights out to use the file's");
        assertTrue(r.out().isEmpty(), r.out());
        Path weighted = dir.resolve("w.txt");
        Files.writeString(weighted, "1 2 7\n2 3 8\n");
        assertOneLine(run("solve", "--graph", weighted.toString(), "--random-weights", "1:10"), 1,
                "a third column of edge weights");
        // an unweighted SNAP file gets them: 1 -> 2 -> 3 with both weights 4
        Path plain = dir.resolve("p.txt");
        Files.writeString(plain, "1 2\n2 3\n");
        Path out = dir.resolve("d.txt");
        Run ok = run("solve", "--graph", plain.toString(), "--source", "1", "--random-weights", "4:4", "--output", out.toString());
        assertEquals(0, ok.exit(), ok.out() + ok.err());
        assertEquals(java.util.List.of("1 0", "2 4", "3 8"), Files.readAllLines(out));
    }

    @Test
    void seedWithoutRandomWeightsIsAUsageError() {
        assertOneLine(run("solve", "--seed", "5"), 2, "--seed is the seed of --random-weights, which is not given");
    }

    @Test
    void anUnknownFormatPointsAtTheFormatOption(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("mystery.bin");
        Files.writeString(file, "this is no graph\n");
        Run r = run("solve", "--graph", file.toString());
        assertOneLine(r, 1, "--format");
        assertTrue(!r.err().contains("LoadOptions"), r.err());
    }

    @Test
    void aGpuAlgorithmWithoutAGpu() {
        Assumptions.assumeFalse(Devices.available(), "a GPU is present");
        assertOneLine(run("solve", "--algorithm", "frontier"), 1, org.gsssp.internal.NativeLibrary.available()
                ? "gsssp: --algorithm frontier needs a CUDA GPU, and this machine has none"
                : "gsssp: --algorithm frontier needs a CUDA GPU, and the gsssp native library did not load on "
                        + System.getProperty("os.name") + "/" + System.getProperty("os.arch"));
    }

    @Test
    void verifyWithoutAGpuChecksTheCertificateNotDijkstraAgainstItself() {
        Assumptions.assumeFalse(Devices.available(), "a GPU is present: --verify compares with CPU Dijkstra too");
        Run r = run("solve", "--verify");
        assertEquals(0, r.exit(), r.out() + r.err());
        assertTrue(r.out().contains("verify    OK: the optimality certificate holds for all 3,353 vertices"), r.out());
    }

    @Test
    void aHeaderClaimingTooMuchIsOneLineNotAnOutOfMemoryError(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("lie.gr");
        Files.writeString(file, "p sp 2000000000 1\na 1 2 3\n");
        assertOneLine(run("solve", "--graph", file.toString()), 1, "lie.gr:1");
        assertOneLine(run("solve", "--graph", file.toString()), 1, "claims 2,000,000,000 vertices, more than the limit");
    }

    @Test
    void certifyPrintsItsTime() {
        Run r = run("solve", "--algorithm", "dijkstra-cpu", "--certify");
        assertEquals(0, r.exit(), r.out() + r.err());
        assertTrue(r.out().contains("certify   OK in ") && r.out().contains("ms for the query"), r.out());
    }
}
