package org.gsssp.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.zip.GZIPOutputStream;
import org.gsssp.Graph;
import org.gsssp.GraphFormatException;
import org.gsssp.GraphLoader;
import org.gsssp.LoadOptions;
import org.gsssp.WeightType;
import org.gsssp.internal.NativeGraph;
import org.gsssp.internal.NativeLibrary;
import org.gsssp.internal.ffi.GssspNative;

/**
 * Jazzer fuzz tests of every graph loader: one per format (the reader itself, on the fuzzer's bytes) and one
 * through {@link GraphLoader}'s format detection and gzip handling (the bytes written to a file of a chosen
 * name, gzip-compressed or not).
 *
 * <p>The contract, for every input: the loader returns a graph that passes {@code gsssp_csr_validate} and keeps
 * within the limits of its {@link LoadOptions} ({@link #LIMITS}), or refuses the input with a
 * {@link GraphFormatException} or an {@link IOException} whose message is one line naming the file, as
 * {@link BadInputCorpusTest} accepts them; within {@link #timeLimit(long)}, which grows with the input.
 * Anything else (another exception, an error, a hang, a refusal that does not say which file) is a finding.
 *
 * <p>Under {@code mvn verify} (no {@code JAZZER_FUZZ} in the environment) each test runs in regression mode:
 * once on the empty input and once per file of its committed corpus,
 * {@code src/test/resources/org/gsssp/io/LoaderFuzzTestInputs/<method>/} (valid files, malformed files, and
 * every finding of past fuzzing runs). {@code scripts/fuzz_loaders.sh} fuzzes them for real, one at a time.
 */
class LoaderFuzzTest {
    /**
     * Small limits, so that no input may legitimately make a loader allocate more than a few megabytes: a
     * header claiming more is refused at the header.
     */
    static final LoadOptions LIMITS = LoadOptions.builder().progress(false).maxVertices(10_000).maxEdges(10_000)
            .build();
    /** The same limits; weightless entries draw seeded random weights (negative ones too). */
    static final LoadOptions RANDOM = LIMITS.toBuilder().randomWeights(-3, 1000, 16).build();

    /**
     * The names {@link #fuzzDetectionAndGzip} gives its file (the low four bits of the first byte pick one):
     * every extension the SNAP/METIS tie-break knows, gzip'd names and none.
     */
    static final String[] NAMES = {"fuzz.gr", "fuzz.mtx", "fuzz.txt", "fuzz.graph", "fuzz.metis", "fuzz.edges",
        "fuzz.el", "fuzz.tsv", "fuzz.snap", "fuzz", "fuzz.gr.gz", "fuzz.txt.gz", "fuzz.graph.gz", "fuzz.gz",
        "fuzz.mtx.gz", "fuzz.bin"};

    private static ExecutorService worker;

    /**
     * How long a load of {@code bytes} input bytes may take: 5 s, plus 0.1 ms a byte (100 ms a KiB). The
     * loaders are linear; a quadratic or endless path on a fuzzed input blows through it.
     */
    static Duration timeLimit(long bytes) {
        return Duration.ofSeconds(5).plusNanos(100_000L * bytes);
    }

    @FuzzTest(maxDuration = "5m")
    void fuzzDimacs(byte[] data) {
        Path file = Path.of("fuzz.gr");
        check(file, data.length, LIMITS, false,
                () -> DimacsReader.read(new ByteArrayInputStream(data), file, "fuzz", LIMITS));
    }

    @FuzzTest(maxDuration = "5m")
    void fuzzMatrixMarket(byte[] data) {
        Path file = Path.of("fuzz.mtx");
        check(file, data.length, RANDOM, false,
                () -> MatrixMarketReader.read(new ByteArrayInputStream(data), file, "fuzz", RANDOM));
    }

    @FuzzTest(maxDuration = "5m")
    void fuzzSnap(byte[] data) {
        Path file = Path.of("fuzz.txt");
        // SNAP has no header: its vertices are the ids that occur, at most 2 per edge line, so maxVertices
        // does not apply
        check(file, data.length, RANDOM, true,
                () -> SnapReader.read(new ByteArrayInputStream(data), file, "fuzz", RANDOM));
    }

    @FuzzTest(maxDuration = "5m")
    void fuzzMetis(byte[] data) {
        Path file = Path.of("fuzz.graph");
        check(file, data.length, RANDOM, false,
                () -> MetisReader.read(new ByteArrayInputStream(data), file, "fuzz", RANDOM));
    }

    /**
     * Galois binary: the bytes read as a stream (the gzip path) and mapped as a file (the plain path, with the
     * copy-on-write mapping and with the read-only fallback) must agree: both refuse, or both give the same
     * CSR. Then mapped again with FLOAT32 weights and random weights for {@code edgeDataSize 0}.
     */
    @FuzzTest(maxDuration = "5m")
    void fuzzGalois(byte[] data) throws IOException {
        Path dir = Files.createTempDirectory("gsssp-fuzz-");
        Path file = dir.resolve("fuzz.gr");
        try {
            Files.write(file, data);
            LoadOptions floats = RANDOM.toBuilder().weightType(WeightType.FLOAT32).build();
            Object streamed = check(file, data.length, LIMITS, false,
                    () -> GaloisReader.read(new ByteArrayInputStream(data), file, "fuzz", LIMITS));
            Object mapped = check(file, data.length, LIMITS, false, () -> GaloisReader.map(file, "fuzz", LIMITS));
            Object readOnly = check(file, data.length, LIMITS, false,
                    () -> GaloisReader.map(file, "fuzz", LIMITS, false));
            check(file, data.length, floats, false, () -> GaloisReader.map(file, "fuzz", floats));
            assertSameOutcome(streamed, mapped, "read from a stream vs mapped");
            assertSameOutcome(streamed, readOnly, "read from a stream vs mapped read-only");
        } finally {
            Files.deleteIfExists(file);
            Files.deleteIfExists(dir);
        }
    }

    /**
     * {@link GraphLoader#load(Path, LoadOptions)} with format AUTO: the first byte picks the file's name (low
     * four bits, {@link #NAMES}) and whether the rest is gzip'd before it is written (bit 7); the rest is the
     * content. So the detection, the SNAP/METIS tie-break by name, the gzip layer (also a corrupt one, when the
     * content starts with the gzip magic itself) and every reader behind them are fuzzed together.
     */
    @FuzzTest(maxDuration = "5m")
    void fuzzDetectionAndGzip(byte[] data) throws IOException {
        if (data.length == 0) {
            return;
        }
        String name = NAMES[data[0] & 0x0f];
        boolean gzip = (data[0] & 0x80) != 0;
        byte[] content = Arrays.copyOfRange(data, 1, data.length);
        byte[] bytes = gzip ? gzip(content) : content;
        Path dir = Files.createTempDirectory("gsssp-fuzz-");
        Path file = dir.resolve(name);
        try {
            Files.write(file, bytes);
            check(file, content.length, RANDOM, true, () -> GraphLoader.load(file, RANDOM));
        } finally {
            Files.deleteIfExists(file);
            Files.deleteIfExists(dir);
        }
    }

    /** One load of the input under test. */
    interface Load {
        Graph load() throws IOException;
    }

    /** A loaded graph's arrays, to compare two loads of one input. */
    record Csr(int n, long[] offsets, int[] targets, int[] weights, WeightType type) {
    }

    /**
     * Runs {@code load} under the time limit of {@code inputBytes} and checks the contract.
     *
     * @param anyVertexCount true where {@code options.maxVertices()} does not bound the graph (SNAP)
     * @return the graph's {@link Csr}, or the refusal (a GraphFormatException or IOException)
     */
    static Object check(Path file, long inputBytes, LoadOptions options, boolean anyVertexCount, Load load) {
        NativeLibrary.ensureLoaded();
        Duration limit = timeLimit(inputBytes);
        long start = System.nanoTime();
        Future<Object> future = worker().submit(() -> {
            try {
                Graph g = load.load();
                try (g; Arena arena = Arena.ofConfined()) {
                    int status = GssspNative.gsssp_csr_validate(NativeGraph.csr(g, arena));
                    String error = status == 0 ? "" : GssspNative.gsssp_last_error().getString(0);
                    return new Validated(csr(g), status, error);
                }
            } catch (GraphFormatException | IOException e) {
                return e;
            }
        });
        Object outcome;
        try {
            outcome = future.get(limit.toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            future.cancel(true);
            abandonWorker();
            throw new AssertionError(file + ": the load of " + inputBytes + " bytes runs past its time limit of "
                    + limit.toMillis() + " ms");
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            throw new AssertionError(file + ": " + cause.getClass().getName() + " instead of a graph or a "
                    + "GraphFormatException: " + cause.getMessage(), cause);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
        long millis = (System.nanoTime() - start) / 1_000_000;
        assertTrue(millis <= limit.toMillis(), file + ": the load of " + inputBytes + " bytes took " + millis
                + " ms, past its time limit of " + limit.toMillis() + " ms");
        if (outcome instanceof Validated v) {
            assertEquals(0, v.status, file + ": loaded a graph that fails gsssp_csr_validate: " + v.error);
            assertTrue(v.csr.targets.length <= options.maxEdges(), file + ": " + v.csr.targets.length
                    + " edges loaded, more than maxEdges " + options.maxEdges());
            if (!anyVertexCount) {
                assertTrue(v.csr.n <= options.maxVertices(), file + ": " + v.csr.n + " vertices loaded, more than "
                        + "maxVertices " + options.maxVertices());
            }
            return v.csr;
        }
        // a refusal, as BadInputCorpusTest wants it: one line that names the file
        Throwable refusal = (Throwable) outcome;
        String message = refusal.getMessage();
        String what = file + ": " + refusal.getClass().getName();
        assertTrue(message != null && !message.isBlank(), what + " without a message");
        assertFalse(message.contains("\n"), what + " with a message of more than one line: " + message);
        assertTrue(message.contains(file.getFileName().toString()), what + " whose message does not name the file: "
                + message);
        return outcome;
    }

    private record Validated(Csr csr, int status, String error) {
    }

    private static Csr csr(Graph g) {
        return new Csr(g.numVertices(), g.offsets().toArray(ValueLayout.JAVA_LONG),
                g.targets().toArray(ValueLayout.JAVA_INT), g.weights().toArray(ValueLayout.JAVA_INT), g.weightType());
    }

    static void assertSameOutcome(Object a, Object b, String what) {
        if (a instanceof Csr x && b instanceof Csr y) {
            assertEquals(x.n, y.n, what + ": vertices");
            assertArrayEquals(x.offsets, y.offsets, what + ": offsets");
            assertArrayEquals(x.targets, y.targets, what + ": targets");
            assertArrayEquals(x.weights, y.weights, what + ": weights");
            assertEquals(x.type, y.type, what + ": weight type");
        } else if (a instanceof Csr || b instanceof Csr) {
            fail(what + ": one loads, the other refuses: " + (a instanceof Throwable t ? t : b));
        }
    }

    private static synchronized ExecutorService worker() {
        if (worker == null) {
            worker = Executors.newSingleThreadExecutor(r -> {
                Thread t = new Thread(r, "loader-fuzz-worker");
                t.setDaemon(true);
                return t;
            });
        }
        return worker;
    }

    /** After a time-out the worker may never return: the next load gets a fresh one. */
    private static synchronized void abandonWorker() {
        worker.shutdownNow();
        worker = null;
    }

    static byte[] gzip(byte[] content) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream z = new GZIPOutputStream(out)) {
            z.write(content);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }
}
