package org.gsssp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.gsssp.Algorithm;
import org.gsssp.DeviceGraph;
import org.gsssp.Devices;
import org.gsssp.Graph;
import org.gsssp.LoadOptions;
import org.gsssp.Options;
import org.gsssp.cli.SolveCommandTest.Run;
import org.gsssp.internal.NativeLibrary;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 49: `gsssp --version` and `gsssp info`. */
class InfoAndVersionTest {
    @Test
    void versionNamesTheJarTheNativeLibraryTheRuntimeAndTheGpu() {
        Run r = SolveCommandTest.run("--version");
        assertEquals(0, r.exit(), r.err());
        List<String> lines = r.out().lines().toList();
        assertEquals("gsssp " + NativeLibrary.jarVersion(), lines.get(0));
        assertTrue(lines.get(1).startsWith("native library " + NativeLibrary.nativeVersion() + " ("), r.out());
        int[] cuda = NativeLibrary.cudaVersions();
        assertTrue(cuda[0] >= 11000, "a CUDA runtime of 11.0 or newer: " + cuda[0]);
        assertTrue(lines.get(2).startsWith("CUDA runtime " + NativeLibrary.cudaVersionText(cuda[0]) + " ("), r.out());
        assertTrue(lines.get(2).matches("CUDA runtime \\d+\\.\\d+ .*"), r.out());
        if (cuda[1] == 0) {
            assertEquals("NVIDIA driver: none (no CUDA driver installed)", lines.get(3), r.out());
            assertTrue(!Devices.available(), "a GPU answers although no driver does");
        } else {
            assertTrue(lines.get(3).startsWith("NVIDIA driver: supports CUDA " + NativeLibrary.cudaVersionText(cuda[1])),
                    r.out());
        }
        if (Devices.available()) {
            assertTrue(lines.get(4).startsWith("GPU 0: " + Devices.info(0).name()), r.out());
        } else {
            assertTrue(lines.get(4).startsWith("GPU: none"), r.out());
        }
        assertTrue(lines.get(lines.size() - 1).startsWith("Java " + System.getProperty("java.version")), r.out());
        for (String command : new String[] {"solve", "serve", "generate", "info"}) {
            assertEquals(r.out(), SolveCommandTest.run(command, "--version").out(), command + " --version reports the same");
        }
    }

    @Test
    void infoPrintsSizeDegreesAndAutosChoices() throws Exception {
        Run r = SolveCommandTest.run("info");
        assertEquals(0, r.exit(), r.out() + r.err());
        try (Graph g = new GraphInput().load(LoadOptions.builder().progress(false).build())) {
            int max = 0;
            for (int v = 0; v < g.numVertices(); v++) {
                max = Math.max(max, g.outDegree(v));
            }
            assertTrue(r.out().contains("graph     rome99.gr (bundled): 3,353 vertices, 8,870 edges, int32 weights\n"), r.out());
            assertTrue(r.out().contains(String.format(Locale.ROOT, "mean %.2f, ", 8870 / 3353.0)), r.out());
            assertTrue(r.out().contains(", max " + max + ";"), r.out());
            boolean gpu = Devices.available();
            Algorithm query = Algorithm.chooseAuto(g, gpu);
            assertTrue(r.out().contains("query     " + query.cliName() + " (" + Algorithm.describeAutoChoice(g, gpu) + ")\n"),
                    r.out());
            String batch;
            if (gpu) {
                try (DeviceGraph d = DeviceGraph.upload(g)) {
                    batch = d.chooseBatch(Algorithm.AUTO, Options.builder().computePredecessors(false).build(), 256).cliName();
                }
            } else {
                batch = query.cliName() + " per source";
            }
            assertTrue(r.out().contains("batch     " + batch), r.out());
            assertTrue(r.out().contains("matrix    " + batch), r.out());
        }
    }

    @Test
    void infoSaysWhyForNegativeWeights(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("neg.gr");
        Files.writeString(file, "p sp 3 3\na 1 2 4\na 2 3 -2\na 1 3 5\n");
        Run r = SolveCommandTest.run("info", "--graph", file.toString());
        assertEquals(0, r.exit(), r.out() + r.err());
        assertTrue(r.out().contains("3 vertices, 3 edges, int32 weights, some negative"), r.out());
        assertTrue(r.out().contains("vertices without out-edges"), r.out());
        String expected = Devices.available() ? "query     hbf (negative weights: H-BF)"
                : "query     bellman-ford-cpu (negative weights, no GPU: CPU Bellman-Ford)";
        assertTrue(r.out().contains(expected), r.out());
    }

    /**
     * info --hierarchy: a line for the hierarchy, and the matrix by its RPHAST on the host, with or without a GPU. A
     * hierarchy of another graph is refused.
     */
    @Test
    void infoWithAHierarchySaysWhatAnswersFromIt(@TempDir Path dir) throws Exception {
        Path ch = dir.resolve("rome99.ch");
        Run prepared = SolveCommandTest.run("prepare", "-o", ch.toString(), "--threads", "2");
        assertEquals(0, prepared.exit(), prepared.out() + prepared.err());
        Run r = SolveCommandTest.run("info", "--hierarchy", ch.toString());
        assertEquals(0, r.exit(), r.out() + r.err());
        assertTrue(r.out().lines().anyMatch(l -> l.startsWith("hierarchy " + ch + ": ")
                && l.endsWith(" shortcuts; distances and routes by its point-to-point search on the host")), r.out());
        assertTrue(r.out().contains(InfoCommand.hostChMatrix() + "\n"), r.out());
        assertTrue(r.out().contains("matrix    contraction hierarchy on the host (RPHAST sweeps on "
                + Runtime.getRuntime().availableProcessors() + " core"), r.out());
        try (Graph g = new GraphInput().load(LoadOptions.builder().progress(false).build())) {
            boolean gpu = Devices.available();
            assertTrue(r.out().contains("query     " + Algorithm.chooseAuto(g, gpu).cliName() + " ("), r.out());
        }
        Path tiny = dir.resolve("tiny.gr");
        Files.writeString(tiny, "p sp 3 2\na 1 2 4\na 2 3 5\n");
        Run refused = SolveCommandTest.run("info", "--graph", tiny.toString(), "--hierarchy", ch.toString());
        assertEquals(1, refused.exit(), refused.out() + refused.err());
        assertTrue(refused.err().contains("hierarchy file " + ch + " is refused"), refused.err());
    }
}
