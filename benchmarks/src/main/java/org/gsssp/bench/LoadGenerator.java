package org.gsssp.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.gsssp.Graph;
import org.gsssp.Sssp;

/**
 * Drives a running {@code gsssp serve} with N closed-loop clients (java.net.http, one shared HttpClient): each
 * client sends {@code GET /distance?from=&to=} for random pairs of the graph's file ids, one after another, and
 * records each request's latency. Throughput is the requests answered over the wall time of the measured
 * phase; latency percentiles are over every measured request. Errors are counted by kind: an HTTP status other
 * than 200, a transport exception, or (on the sampled requests checked against the local graph by CPU Dijkstra)
 * a wrong distance. Device memory is read from {@code /metrics} ({@code gsssp_device_memory_bytes}) before, after
 * the warm-up (the pools filled: growth from there on would be a leak) and at the end, and the server's {@code /health} must describe a graph of the local graph's size.
 */
public final class LoadGenerator {
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    private static final Pattern DEVICE_MEMORY = Pattern.compile("(?m)^gsssp_device_memory_bytes\\s+([0-9.eE+-]+)$");

    /** What to run. {@code verifyEvery}: check every k-th measured answer against CPU Dijkstra (0: none). */
    public record Config(URI base, Graph graph, int clients, long requests, long warmup, int verifyEvery, long seed,
                         Duration timeout) {}

    /** The outcome: counts, latency percentiles (ms), throughput, memory, and the first few errors. */
    public record Report(long requests, long answered, double seconds, double throughput, double p50Ms, double p99Ms,
                         double p999Ms, double maxMs, double meanMs, long verified, Map<String, Long> errors,
                         List<String> examples, double deviceMemoryStart, double deviceMemoryWarm,
                         double deviceMemoryEnd, String server) {
        public long errorCount() {
            return errors.values().stream().mapToLong(Long::longValue).sum();
        }
    }

    private final Config config;
    private final HttpClient client;
    private final Map<String, LongAdder> errors = new ConcurrentHashMap<>();
    private final List<String> examples = java.util.Collections.synchronizedList(new ArrayList<>());
    private final LongAdder verified = new LongAdder();

    public LoadGenerator(Config config) {
        this.config = config;
        // A pool of platform threads as the clients; the HttpClient opens a connection per concurrent request.
        this.client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(config.timeout()).build();
    }

    public Report run() throws IOException, InterruptedException {
        JsonNode health = getJson("/health");
        long vertices = health.path("vertices").asLong(-1);
        if (vertices != config.graph().numVertices()) {
            throw new IllegalStateException("the server's graph has " + vertices + " vertices, the local graph "
                    + config.graph().numVertices() + ": start serve and the load generator on the same file");
        }
        String server = health.path("graph").asText() + " on " + health.path("device").asText();
        double memoryStart = deviceMemory();

        // Warm-up: the same clients and mix, not recorded.
        phase(config.warmup(), false);
        // After the warm-up the server's pools hold what its concurrent queries need; a leak shows as growth from
        // here to the end, while start → here is the pools filling.
        double memoryWarm = deviceMemory();
        long[][] latencies = new long[config.clients()][];
        long start = System.nanoTime();
        long answered = phase(config.requests(), true, latencies);
        double seconds = (System.nanoTime() - start) / 1e9;
        double memoryEnd = deviceMemory();

        long[] all = Arrays.stream(latencies).flatMapToLong(Arrays::stream).sorted().toArray();
        Map<String, Long> errorCounts = new TreeMap<>();
        errors.forEach((k, v) -> errorCounts.put(k, v.sum()));
        double mean = all.length == 0 ? Double.NaN : Arrays.stream(all).average().orElse(0) / 1e6;
        return new Report(config.requests(), answered, seconds, answered / seconds, percentile(all, 0.50),
                percentile(all, 0.99), percentile(all, 0.999), all.length == 0 ? Double.NaN : all[all.length - 1] / 1e6,
                mean, verified.sum(), errorCounts, List.copyOf(examples), memoryStart, memoryWarm, memoryEnd, server);
    }

    private void phase(long requests, boolean record) throws InterruptedException {
        phase(requests, record, new long[config.clients()][]);
    }

    /** Sends {@code requests} over the clients; returns how many were answered with 200. */
    private long phase(long requests, boolean record, long[][] latencies) throws InterruptedException {
        if (requests <= 0) {
            for (int c = 0; c < latencies.length; c++) {
                latencies[c] = new long[0];
            }
            return 0;
        }
        AtomicLong next = new AtomicLong();
        LongAdder ok = new LongAdder();
        ExecutorService pool = Executors.newFixedThreadPool(config.clients());
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (int c = 0; c < config.clients(); c++) {
                int clientIndex = c;
                futures.add(pool.submit(() -> {
                    SplittableRandom random = new SplittableRandom(config.seed() * 1_000_003L + clientIndex + (record ? 7 : 0));
                    long[] mine = new long[(int) Math.min(Integer.MAX_VALUE - 8, requests / config.clients() + 2)];
                    int count = 0;
                    for (long i = next.getAndIncrement(); i < requests; i = next.getAndIncrement()) {
                        int from = random.nextInt(config.graph().numVertices());
                        int to = random.nextInt(config.graph().numVertices());
                        long t0 = System.nanoTime();
                        Double got = distance(from, to);
                        long t = System.nanoTime() - t0;
                        if (got == null) {
                            continue;
                        }
                        ok.increment();
                        if (record) {
                            if (count == mine.length) {
                                mine = Arrays.copyOf(mine, mine.length * 2);
                            }
                            mine[count++] = t;
                            if (config.verifyEvery() > 0 && i % config.verifyEvery() == 0) {
                                check(from, to, got);
                            }
                        }
                    }
                    latencies[clientIndex] = Arrays.copyOf(mine, count);
                    return null;
                }));
            }
            for (Future<?> f : futures) {
                try {
                    f.get();
                } catch (java.util.concurrent.ExecutionException e) {
                    error("client failure", e.getCause().toString());
                }
            }
        } finally {
            pool.shutdownNow();
        }
        for (int c = 0; c < latencies.length; c++) {
            if (latencies[c] == null) {
                latencies[c] = new long[0];
            }
        }
        return ok.sum();
    }

    /** One /distance request; the distance (+infinity when unreachable), or null after counting an error. */
    private Double distance(int from, int to) {
        long fromId = config.graph().ids().toExternal(from);
        long toId = config.graph().ids().toExternal(to);
        try {
            HttpResponse<String> r = client.send(request("/distance?from=" + fromId + "&to=" + toId),
                    HttpResponse.BodyHandlers.ofString());
            if (r.statusCode() != 200) {
                error("HTTP " + r.statusCode(), fromId + " -> " + toId + ": " + r.body());
                return null;
            }
            JsonNode d = JSON.readTree(r.body()).path("distance");
            if (d.isNull()) {
                return Double.POSITIVE_INFINITY;
            }
            if (!d.isNumber()) {
                error("malformed answer", fromId + " -> " + toId + ": " + r.body());
                return null;
            }
            return d.asDouble();
        } catch (IOException e) {
            error(e.getClass().getSimpleName(), fromId + " -> " + toId + ": " + e.getMessage());
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    private void check(int from, int to, double got) {
        double expected = Sssp.distances(config.graph(), from, new int[] {to})[0];
        verified.increment();
        if (Double.compare(expected, got) != 0) {
            error("wrong distance", config.graph().ids().toExternal(from) + " -> " + config.graph().ids().toExternal(to)
                    + ": served " + got + ", CPU Dijkstra " + expected);
        }
    }

    private void error(String kind, String example) {
        errors.computeIfAbsent(kind, k -> new LongAdder()).increment();
        if (examples.size() < 10) {
            examples.add(kind + ": " + example);
        }
    }

    private HttpRequest request(String path) {
        return HttpRequest.newBuilder(config.base().resolve(path)).timeout(config.timeout()).GET().build();
    }

    private JsonNode getJson(String path) throws IOException, InterruptedException {
        HttpResponse<String> r = client.send(request(path), HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() != 200) {
            throw new IOException("GET " + path + " answered " + r.statusCode() + ": " + r.body());
        }
        return JSON.readTree(r.body());
    }

    /** {@code gsssp_device_memory_bytes} from /metrics, NaN when absent. */
    private double deviceMemory() throws IOException, InterruptedException {
        HttpResponse<String> r = client.send(request("/metrics"), HttpResponse.BodyHandlers.ofString());
        Matcher m = DEVICE_MEMORY.matcher(r.statusCode() == 200 ? r.body() : "");
        return m.find() ? Double.parseDouble(m.group(1)) : Double.NaN;
    }

    static double percentile(long[] sorted, double q) {
        if (sorted.length == 0) {
            return Double.NaN;
        }
        int i = (int) Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
        return sorted[i] / 1e6;
    }

    /** load.json and load.md in {@code dir}. */
    public static void write(Report r, Config c, Path dir) throws IOException {
        Files.createDirectories(dir);
        ObjectNode root = JSON.valueToTree(r);
        root.put("clients", c.clients());
        root.put("url", c.base().toString());
        root.put("graph", c.graph().name());
        root.put("seed", c.seed());
        JSON.writeValue(dir.resolve("load.json").toFile(), root);
        Files.writeString(dir.resolve("load.md"), markdown(r, c));
    }

    static String markdown(Report r, Config c) {
        StringBuilder s = new StringBuilder("# gsssp serve under load\n\n");
        s.append(r.errorCount() == 0 ? "**No errors.**\n\n" : "**" + r.errorCount() + " errors.**\n\n");
        s.append("| | |\n|---|---|\n");
        s.append("| server | ").append(c.base()).append(" (").append(r.server()).append(") |\n");
        s.append("| clients | ").append(c.clients()).append(" closed-loop, `GET /distance` with random pairs |\n");
        s.append(String.format(Locale.ROOT, "| requests | %,d measured (after %,d warm-up); %,d answered |%n", r.requests(),
                c.warmup(), r.answered()));
        s.append(String.format(Locale.ROOT, "| throughput | %,.0f requests/s over %.1f s |%n", r.throughput(), r.seconds()));
        s.append(String.format(Locale.ROOT, "| latency | p50 %.3f ms, p99 %.3f ms (%.2f× p50), p99.9 %.3f ms, max %.3f ms, mean %.3f ms |%n",
                r.p50Ms(), r.p99Ms(), r.p99Ms() / r.p50Ms(), r.p999Ms(), r.maxMs(), r.meanMs()));
        s.append(String.format(Locale.ROOT, "| checked | %,d answers against CPU Dijkstra |%n", r.verified()));
        s.append("| errors | ").append(r.errors().isEmpty() ? "none" : r.errors().toString()).append(" |\n");
        s.append(String.format(Locale.ROOT, "| device memory | %s at the start, %s after the warm-up, %s at the end (bytes, "
                + "gsssp_device_memory_bytes) |%n", fmt(r.deviceMemoryStart()), fmt(r.deviceMemoryWarm()), fmt(r.deviceMemoryEnd())));
        if (!r.examples().isEmpty()) {
            s.append("\nFirst errors:\n\n");
            r.examples().forEach(e -> s.append("- ").append(e).append('\n'));
        }
        return s.toString();
    }

    private static String fmt(double bytes) {
        return Double.isNaN(bytes) ? "n/a" : String.format(Locale.ROOT, "%,.0f", bytes);
    }
}
