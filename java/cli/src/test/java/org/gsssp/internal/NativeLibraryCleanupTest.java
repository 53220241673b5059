package org.gsssp.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The bundled library is extracted to run and then removed: nothing stays in the temporary directory. */
class NativeLibraryCleanupTest {
    @Test
    void theExtractedCopyIsGoneOnceLoaded() {
        NativeLibrary.ensureLoaded();
        Path dir = NativeLibrary.extractedDirectory();
        if (dir != null) {
            assertFalse(Files.exists(dir), () -> dir + " is still there after the library was loaded");
        }
    }

    @Test
    void aCliRunLeavesNoDirectoryBehind(@TempDir Path tmp) throws IOException, InterruptedException {
        // A fresh JVM with its own temporary directory: a run of `gsssp solve` on the bundled graph, on the CPU.
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process process = new ProcessBuilder(List.of(java.toString(), "--enable-native-access=ALL-UNNAMED",
                "-Djava.io.tmpdir=" + tmp, "-cp", classPath(), "org.gsssp.cli.Main", "solve",
                "--algorithm", "dijkstra-cpu"))
                .redirectErrorStream(true).redirectOutput(tmp.resolve("..").resolve(tmp.getFileName() + ".log").toFile())
                .start();
        assertEquals(true, process.waitFor(2, TimeUnit.MINUTES), "gsssp solve did not finish");
        assertEquals(0, process.exitValue(), () -> "gsssp solve failed: " + read(tmp.resolveSibling(tmp.getFileName() + ".log")));
        try (Stream<Path> left = Files.list(tmp)) {
            assertEquals(List.of(), left.toList(), "left in java.io.tmpdir by one run");
        }
    }

    @Test
    void deniedNativeAccessIsExplained(@TempDir Path tmp) throws IOException, InterruptedException {
        org.junit.jupiter.api.Assumptions.assumeTrue(Runtime.version().feature() >= 24,
                "--illegal-native-access arrived in JDK 24");
        // Without native access the CPU path answers in Java; a GPU algorithm says why it cannot run.
        String cpu = runDenied(tmp.resolve("cpu.log"), "dijkstra-cpu", 0);
        org.junit.jupiter.api.Assertions.assertTrue(cpu.contains("max dist  69102"), cpu);
        String gpu = runDenied(tmp.resolve("gpu.log"), "adds", 1);
        org.junit.jupiter.api.Assertions.assertTrue(gpu.contains("the JVM denies gsssp native access: start it with "
                + "--enable-native-access=ALL-UNNAMED"), gpu);
    }

    /** Runs `gsssp solve --algorithm NAME` on rome99 under --illegal-native-access=deny; returns its output. */
    private static String runDenied(Path log, String algorithm, int exit) throws IOException, InterruptedException {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process process = new ProcessBuilder(List.of(java.toString(), "--illegal-native-access=deny", "-cp",
                classPath(), "org.gsssp.cli.Main", "solve", "--algorithm", algorithm))
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        assertEquals(true, process.waitFor(2, TimeUnit.MINUTES), "gsssp solve did not finish");
        String out = read(log);
        assertEquals(exit, process.exitValue(), out);
        return out;
    }

    /**
     * The class path a fresh JVM needs for the CLI: the code sources of its classes, which works whether the
     * tests run under Maven (java.class.path) or the bundle's JUnit launcher (its own --class-path).
     */
    private static String classPath() {
        java.util.LinkedHashSet<String> entries = new java.util.LinkedHashSet<>();
        for (Class<?> c : List.of(org.gsssp.cli.Main.class, NativeLibrary.class, org.gsssp.internal.ffi.GssspNative.class,
                picocli.CommandLine.class)) {
            try {
                entries.add(Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()).toString());
            } catch (java.net.URISyntaxException e) {
                throw new IllegalStateException(e);
            }
        }
        return String.join(java.io.File.pathSeparator, entries);
    }

    private static String read(Path log) {
        try {
            return Files.readString(log);
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }
}
