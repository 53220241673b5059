package org.gsssp.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.gsssp.Algorithm;
import org.gsssp.CudaException;
import org.gsssp.Devices;
import org.gsssp.GraphClosedException;
import org.gsssp.NotConvergedException;
import org.gsssp.UnsupportedInputException;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * The soak harness without a GPU: --cpu-only runs its threads, query mix, invalid sources, certificates and report
 * on CPU algorithms; test hooks make a query throw or hang to show that the run fails and the watchdog fires.
 */
class SoakTest {
    static final Map<String, String> GRAPHS = new LinkedHashMap<>();

    static {
        GRAPHS.put("road", "grid:40x40,seed=1");
        GRAPHS.put("rmat", "rmat:scale=10,ef=8,seed=1");
        GRAPHS.put("small", "grid:16x16,seed=1");
    }

    static Soak.Config config(Path dir, Duration duration, Duration watchdog, Duration stuckLimit) {
        return new Soak.Config(GRAPHS, duration, 4, true, 1, watchdog, stuckLimit, Duration.ofSeconds(1), 1, dir,
                false, "test");
    }

    static JsonNode report(Path dir) throws Exception {
        return new ObjectMapper().readTree(dir.resolve("soak.json").toFile());
    }

    static Soak soak(Soak.Config c, StringWriter out) {
        return new Soak(c, new PrintWriter(out, true));
    }

    @Test
    void cpuSmokeRunPassesAndCertifiesEveryAnswer(@TempDir Path dir) throws Exception {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = BenchMain.run(new String[] {"soak", "--cpu-only", "--no-halt", "--duration", "2s", "--threads", "4",
                "--road", GRAPHS.get("road"), "--rmat", GRAPHS.get("rmat"), "--small", GRAPHS.get("small"),
                "-o", dir.toString()}, new PrintWriter(out, true), new PrintWriter(err, true));
        assertEquals(0, exit, out + "\n" + err);
        JsonNode r = report(dir);
        assertEquals("passed", r.get("status").asText(), r.toPrettyString());
        long answers = r.at("/totals/answers").asLong();
        assertTrue(answers > 20, "answers: " + answers);
        assertEquals(answers, r.at("/totals/certified").asLong());
        assertTrue(r.at("/failures_expected/IllegalArgumentException").asLong() > 0, "no invalid-source probe ran");
        assertEquals(0, r.get("failures_unexpected").size());
        Set<String> algorithms = new TreeSet<>();
        r.get("per_algorithm").fieldNames().forEachRemaining(algorithms::add);
        assertEquals(Set.of("bellman-ford-cpu", "dijkstra-cpu"), algorithms);
        assertEquals(3, r.get("per_graph").size());
        assertTrue(r.at("/totals/by_output_path/pooled").asLong() > 0 && r.at("/totals/by_output_path/buffers").asLong() > 0);
        if (Files.exists(Path.of("/proc/self/status"))) {
            assertTrue(r.at("/memory/rss_bytes_start").asLong() > 0 && r.at("/memory/rss_bytes_end").asLong() > 0);
        }
        String md = Files.readString(dir.resolve("soak.md"));
        assertTrue(md.contains("**PASSED**") && md.contains("| dijkstra-cpu |"), md);
    }

    @Test
    void anUndocumentedExceptionFailsTheRun(@TempDir Path dir) throws Exception {
        Soak soak = soak(config(dir, Duration.ofSeconds(1), Duration.ofSeconds(30), Duration.ofSeconds(60)),
                new StringWriter());
        soak.beforeQuery = q -> {
            if (q.seq() == 3) {
                throw new CudaException("injected by the test");
            }
        };
        assertEquals(Soak.EXIT_FAILED, soak.run());
        JsonNode r = report(dir);
        assertEquals("failed", r.get("status").asText());
        assertEquals(1, r.at("/failures_unexpected/CudaException").asLong(), r.toPrettyString());
        assertTrue(r.at("/unexpected_examples/0/message").asText().contains("injected by the test"));
        assertTrue(r.get("problems").get(0).asText().contains("1 unexpected outcomes"));
    }

    @Test
    void exceptionsAreExpectedOnlyWhereTheLibraryDocumentsThem() {
        Soak.Query invalid = query(Soak.Kind.INVALID_SOURCE);
        Soak.Query normal = query(Soak.Kind.NORMAL);
        Soak.Query capped = query(Soak.Kind.CAPPED);
        assertNotNull(Soak.expectedBecause(invalid, new IllegalArgumentException("x"), null));
        assertNull(Soak.expectedBecause(normal, new IllegalArgumentException("x"), null));
        assertNotNull(Soak.expectedBecause(capped, new NotConvergedException("x"), null));
        assertNull(Soak.expectedBecause(normal, new NotConvergedException("x"), null));
        // no device graph, so nothing the chaos thread closed: a GraphClosedException is a bug here
        assertNull(Soak.expectedBecause(normal, new GraphClosedException("x"), null));
        assertNull(Soak.expectedBecause(invalid, new CudaException("x"), null));
        assertNull(Soak.expectedBecause(normal, new UnsupportedInputException("x"), null));
        Soak.Query big = new Soak.Query(0, null, Algorithm.BLOCK_BELLMAN_FORD, 0, true, Soak.OutPath.POOLED,
                Soak.Kind.REJECTION_PROBE, 0, true);
        assertNotNull(Soak.expectedBecause(big, new UnsupportedInputException("x"), null));
    }

    static Soak.Query query(Soak.Kind kind) {
        return new Soak.Query(0, null, Algorithm.CPU_DIJKSTRA, 0, true, Soak.OutPath.POOLED, kind, 0, false);
    }

    @Test
    void watchdogFiresWhenNoQueryEnds(@TempDir Path dir) throws Exception {
        StringWriter out = new StringWriter();
        Soak soak = soak(config(dir, Duration.ofSeconds(20), Duration.ofMillis(500), Duration.ofSeconds(60)), out);
        CountDownLatch never = new CountDownLatch(1);
        soak.beforeQuery = q -> stuckInQuery(never, 4);  // every worker hangs in its first query
        long t = System.nanoTime();
        assertEquals(Soak.EXIT_WATCHDOG, soak.run(), out.toString());
        assertTrue(System.nanoTime() - t < TimeUnit.SECONDS.toNanos(15), "the hang did not end the run early");
        JsonNode r = report(dir);
        assertEquals("watchdog", r.get("status").asText());
        assertTrue(r.get("problems").get(0).asText().startsWith("watchdog: no query ended for"), r.toPrettyString());
        String threads = Files.readString(dir.resolve("threads.txt"));
        assertTrue(threads.contains("\"soak-worker-0\"") && threads.contains("stuckInQuery"), threads);
        assertEquals(threads, r.get("thread_dump").asText());
        assertTrue(out.toString().contains("soak: WATCHDOG"), out.toString());
    }

    @Test
    void watchdogFiresOnOneStuckThreadWhileTheOthersGoOn(@TempDir Path dir) throws Exception {
        StringWriter out = new StringWriter();
        Soak soak = soak(config(dir, Duration.ofSeconds(20), Duration.ofSeconds(30), Duration.ofSeconds(1)), out);
        CountDownLatch never = new CountDownLatch(1);
        AtomicBoolean once = new AtomicBoolean();
        soak.beforeQuery = q -> {
            if (Thread.currentThread().getName().equals("soak-worker-0") && once.compareAndSet(false, true)) {
                stuckInQuery(never, 4);
            }
        };
        assertEquals(Soak.EXIT_WATCHDOG, soak.run(), out.toString());
        JsonNode r = report(dir);
        assertTrue(r.get("problems").get(0).asText().startsWith("watchdog: soak-worker-0 has been in one operation"),
                r.toPrettyString());
        assertTrue(r.at("/totals/answers").asLong() > 0, "the other workers should have gone on");
    }

    static void stuckInQuery(CountDownLatch latch, int seconds) {
        try {
            latch.await(seconds, TimeUnit.SECONDS);  // bounded, so that a watchdog that never fires fails the test
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Test
    void withoutGpuItSaysSoAndRunsNothing(@TempDir Path dir) {
        Assumptions.assumeFalse(Devices.available(), "this machine has a GPU");
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = BenchMain.run(new String[] {"soak", "-o", dir.toString()}, new PrintWriter(out, true),
                new PrintWriter(err, true));
        assertEquals(Soak.EXIT_NO_GPU, exit);
        assertTrue(err.toString().contains("no CUDA device is available"), err.toString());
        assertFalse(Files.exists(dir.resolve("soak.json")));
    }

    @Test
    void durations() {
        SoakCommand.DurationConverter c = new SoakCommand.DurationConverter();
        assertEquals(Duration.ofSeconds(600), c.convert("600s"));
        assertEquals(Duration.ofMinutes(10), c.convert("10m"));
        assertEquals(Duration.ofMillis(1500), c.convert("1500ms"));
        assertEquals(Duration.ofSeconds(2), c.convert("2"));
        assertEquals(Duration.ofMillis(500), c.convert("0.5s"));
        assertThrows(CommandLine.TypeConversionException.class, () -> c.convert("soon"));
    }
}
