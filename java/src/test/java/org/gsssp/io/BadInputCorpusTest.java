package org.gsssp.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.gsssp.Graph;
import org.gsssp.GraphFormatException;
import org.gsssp.GraphLoader;
import org.gsssp.LoadOptions;
import org.gsssp.TestSupport;
import org.gsssp.internal.NativeGraph;
import org.gsssp.internal.NativeLibrary;
import org.gsssp.internal.ffi.GssspNative;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Bad input, as a file in the wild would be: the committed corpus (src/test/resources/bad-inputs, one problem a
 * file, every format and gzip) is refused with one line naming the file; and seeded mutations of valid files
 * either load as a graph that passes gsssp_csr_validate or are refused the same way. Never another exception,
 * never a hang, never an OutOfMemoryError.
 */
class BadInputCorpusTest {
    static Stream<String> corpus() {
        return Stream.of("dimacs-no-p-line.gr", "dimacs-arc-before-p.gr", "dimacs-bad-problem-type.gr",
                "dimacs-duplicate-p.gr", "dimacs-negative-n.gr", "dimacs-n-beyond-int.gr", "dimacs-lying-n.gr",
                "dimacs-source-out-of-range.gr", "dimacs-target-zero.gr", "dimacs-weight-overflow.gr",
                "dimacs-too-many-arcs.gr", "dimacs-too-few-arcs.gr", "dimacs-non-numeric.gr", "dimacs-missing-weight.gr",
                "dimacs-trailing-token.gr", "dimacs-bad-line-start.gr", "mm-bad-banner.mtx", "mm-not-square.mtx",
                "mm-missing-size.mtx", "mm-row-out-of-range.mtx", "mm-too-many-entries.mtx", "mm-too-few-entries.mtx",
                "mm-lying-size.mtx", "mm-bad-value.mtx", "mm-real-nan.mtx", "mm-unsupported-field.mtx",
                "snap-negative-id.txt", "snap-non-numeric.txt", "snap-ragged-columns.txt", "snap-weight-overflow.txt",
                "metis-bad-header.graph", "metis-neighbour-out-of-range.graph", "metis-unsupported-fmt.graph",
                "metis-lying-n.graph", "metis-edge-count-mismatch.graph", "metis-missing-lines.graph",
                "metis-missing-weight.graph", "galois-truncated-header.gr", "galois-version-2.gr",
                "galois-bad-edge-data-size.gr", "galois-lying-n.gr", "galois-lying-m.gr",
                "galois-non-monotone-offsets.gr", "galois-target-out-of-range.gr", "galois-truncated-body.gr",
                "galois-extra-bytes.gr", "gzip-truncated.gr.gz", "gzip-of-garbage.gz", "gzip-header-cut.gz",
                "empty-file.gr", "binary-garbage.bin");
    }

    @ParameterizedTest
    @MethodSource("corpus")
    void refusedWithOneLineNamingTheFile(String name) throws IOException {
        Path file = copyOut(name);
        Throwable t = loadExpectingRefusal(file);
        String message = t.getMessage();
        assertTrue(message != null && !message.isBlank(), name + ": no message");
        assertFalse(message.contains("\n"), name + ": more than one line: " + message);
        assertTrue(message.contains(name), name + ": the message does not name the file: " + message);
    }

    /**
     * A gzip header cut inside its extra field (found by LoaderFuzzTest): GZIPInputStream fails while the stream
     * is being opened, before the format is known. Refused naming the file by load (above) and detect alike,
     * never a bare EOFException.
     */
    @Test
    void aCutGzipHeaderIsRefusedByDetectToo() throws IOException {
        Path file = copyOut("gzip-header-cut.gz");
        GraphFormatException e = org.junit.jupiter.api.Assertions.assertThrows(GraphFormatException.class,
                () -> GraphLoader.detect(file));
        assertTrue(e.getMessage().contains("gzip-header-cut.gz: corrupt or truncated gzip data"), e.getMessage());
    }

    /** The same through the stream entry point: refused naming the stream's name. */
    @Test
    void aCutGzipStreamIsRefusedNamingTheStream() throws IOException {
        for (String name : new String[] {"gzip-header-cut.gz", "gzip-truncated.gr.gz"}) {
            Path file = copyOut(name);
            try (java.io.InputStream in = java.nio.file.Files.newInputStream(file)) {
                GraphFormatException e = org.junit.jupiter.api.Assertions.assertThrows(GraphFormatException.class,
                        () -> GraphLoader.load(in, "uploaded-" + name, org.gsssp.LoadOptions.builder().progress(false).build()));
                assertTrue(e.getMessage().contains("uploaded-" + name), e.getMessage());
            }
        }
    }

    @Test
    void theCorpusHasAtLeastFortyFiles() {
        assertTrue(corpus().count() >= 40);
        corpus().forEach(name -> assertTrue(BadInputCorpusTest.class.getResource("/bad-inputs/" + name) != null,
                "missing corpus file " + name));
    }

    @Test
    void mutationsOfValidFilesLoadValidOrAreRefused(@TempDir Path dir) throws IOException {
        NativeLibrary.ensureLoaded();
        List<String> seeds = List.of("tiny.gr", "tiny.graph", "tiny.txt", "tiny-int.mtx", "tiny-sym.mtx",
                "tiny-weighted.graph", "tiny-pattern.mtx");
        long seed = 20261126;
        SplittableRandom random = new SplittableRandom(seed);
        int loaded = 0;
        int refused = 0;
        for (String name : seeds) {
            byte[] valid = Files.readAllBytes(TestSupport.resource(name));
            for (int i = 0; i < 150; i++) {
                byte[] bytes = mutate(valid, random);
                String mutant = "m" + i + "-" + name;
                Path file = dir.resolve(mutant);
                Files.write(file, bytes);
                String where = "seed " + seed + ", " + mutant;
                Object outcome = assertTimeoutPreemptively(Duration.ofSeconds(10), () -> tryLoad(file), where + ": hangs");
                if (outcome instanceof Graph g) {
                    try (g; Arena arena = Arena.ofConfined()) {
                        int status = GssspNative.gsssp_csr_validate(NativeGraph.csr(g, arena));
                        assertEquals(0, status, where + ": loaded a graph that fails gsssp_csr_validate: "
                                + GssspNative.gsssp_last_error().getString(0));
                    }
                    loaded++;
                } else {
                    Throwable t = (Throwable) outcome;
                    if (!(t instanceof GraphFormatException) && !(t instanceof IOException)) {
                        fail(where + ": " + t.getClass().getName() + ": " + t.getMessage(), t);
                    }
                    refused++;
                }
            }
        }
        assertTrue(loaded > 0 && refused > 0, "both outcomes occur: loaded " + loaded + ", refused " + refused);
    }

    // One of: flip bytes, cut the end, duplicate a line, drop a line, insert digits.
    static byte[] mutate(byte[] valid, SplittableRandom random) {
        byte[] b = valid.clone();
        switch (random.nextInt(5)) {
            case 0 -> {
                for (int k = 1 + random.nextInt(3); k > 0; k--) {
                    b[random.nextInt(b.length)] = (byte) random.nextInt(256);
                }
            }
            case 1 -> b = java.util.Arrays.copyOf(b, random.nextInt(b.length));
            case 2, 3 -> {
                String text = new String(b, java.nio.charset.StandardCharsets.ISO_8859_1);
                List<String> lines = new ArrayList<>(List.of(text.split("\n", -1)));
                int at = random.nextInt(lines.size());
                if (random.nextBoolean()) {
                    lines.add(at, lines.get(at));
                } else {
                    lines.remove(at);
                }
                b = String.join("\n", lines).getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
            }
            default -> {
                int at = random.nextInt(b.length + 1);
                byte[] digits = Long.toString(random.nextLong(Long.MAX_VALUE)).getBytes();
                byte[] out = new byte[b.length + digits.length];
                System.arraycopy(b, 0, out, 0, at);
                System.arraycopy(digits, 0, out, at, digits.length);
                System.arraycopy(b, at, out, at + digits.length, b.length - at);
                b = out;
            }
        }
        return b;
    }

    private static Object tryLoad(Path file) {
        try {
            return GraphLoader.load(file, TestSupport.QUIET);
        } catch (Throwable t) {
            return t;
        }
    }

    private static Throwable loadExpectingRefusal(Path file) {
        Object outcome = assertTimeoutPreemptively(Duration.ofSeconds(10), () -> tryLoad(file), file + ": hangs");
        if (outcome instanceof Graph g) {
            g.close();
            fail(file.getFileName() + " loaded; it should have been refused");
        }
        Throwable t = (Throwable) outcome;
        if (!(t instanceof GraphFormatException) && !(t instanceof IOException)) {
            fail(file.getFileName() + ": " + t.getClass().getName() + " instead of GraphFormatException", t);
        }
        return t;
    }

    private static Path copyOut(String name) throws IOException {
        Path dir = Files.createTempDirectory("gsssp-bad-");
        Path file = dir.resolve(name);
        try (var in = BadInputCorpusTest.class.getResourceAsStream("/bad-inputs/" + name)) {
            Files.copy(in, file);
        }
        file.toFile().deleteOnExit();
        dir.toFile().deleteOnExit();
        return file;
    }
}
