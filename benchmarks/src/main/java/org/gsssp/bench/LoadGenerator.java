package org.gsssp.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalInt;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.LongAdder;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.HdrHistogram.Histogram;
import org.gsssp.Graph;
import org.gsssp.Sssp;

/**
 * Drives a running {@code gsssp serve} with N closed-loop clients, each on its own keep-alive HTTP/1.1 connection
 * ({@link KeepAliveConnection}, one platform thread per client): {@code GET /distance?from=&to=} (or
 * {@code /route}) for seeded random pairs of the graph's file ids, one after another, for a warm-up and then a
 * fixed measured duration. Throughput is the 200 answers to requests sent in the measured window over the time from
 * its start to the last of them; latency percentiles (HdrHistogram, 3 significant digits) are over every measured
 * request. Errors are counted by kind: an HTTP status other than 200, a transport exception, and, on a seeded sample
 * of the measured answers checked after the run against CPU Dijkstra on the local graph, a wrong distance or (for
 * /route) a path that is not a path of that weight. Warm-up errors count too. Device memory is read from
 * {@code /metrics} ({@code gsssp_device_memory_bytes}) before, after the warm-up and at the end; the server's
 * {@code /health} must describe a graph of the local graph's size.
 */
public final class LoadGenerator {
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    private static final Pattern DEVICE_MEMORY = Pattern.compile("(?m)^gsssp_device_memory_bytes\\s+([0-9.eE+-]+)$");
    /** The endpoints a load can drive. */
    public static final List<String> ENDPOINTS = List.of("distance", "route");

    /**
     * What to run.
     *
     * @param endpoint "distance" or "route"
     * @param verify   how many measured answers (a seeded sample) to check against CPU Dijkstra after the run
     * @param token    the bearer token the server wants, or null
     */
    public record Config(URI base, Graph graph, String endpoint, int clients, Duration warmup, Duration duration,
                         int verify, long seed, Duration timeout, String token) {
        public Config {
            if (!ENDPOINTS.contains(endpoint)) {
                throw new IllegalArgumentException("endpoint " + endpoint + " is not one of " + ENDPOINTS);
            }
            if (clients < 1 || warmup.isNegative() || duration.isNegative() || duration.isZero() || verify < 0) {
                throw new IllegalArgumentException("need clients >= 1, a positive duration, a warm-up and verify >= 0");
            }
        }
    }

    /** The outcome: counts, latency percentiles (ms), throughput, memory, and the first few errors. */
    public record Report(String endpoint, int clients, long requests, long answered, double seconds, double throughput,
                         double p50Ms, double p90Ms, double p99Ms, double p999Ms, double maxMs, double meanMs,
                         long warmupRequests, long verified, Map<String, Long> errors, List<String> examples,
                         double deviceMemoryStart, double deviceMemoryWarm, double deviceMemoryEnd, String server) {
        public long errorCount() {
            return errors.values().stream().mapToLong(Long::longValue).sum();
        }
    }

    /** A measured answer kept for checking: internal ids and the body. */
    private record Sample(int from, int to, byte[] body) {}

    /** One client's tallies, merged after the run. */
    private static final class Tally {
        final Histogram latency;
        long requests;
        long answered;
        long warmup;
        long lastEnd;
        final List<Sample> samples = new ArrayList<>();

        Tally(long highestNanos) {
            latency = new Histogram(1_000, Math.max(highestNanos, 1_000_000), 3);
        }
    }

    private final Config config;
    private final String authorization;
    private final Map<String, LongAdder> errors = new ConcurrentHashMap<>();
    private final List<String> examples = java.util.Collections.synchronizedList(new ArrayList<>());

    public LoadGenerator(Config config) {
        this.config = config;
        this.authorization = config.token() == null ? null : "Bearer " + config.token();
    }

    public Report run() throws IOException, InterruptedException {
        JsonNode health;
        double memoryStart;
        try (KeepAliveConnection control = connection()) {
            health = getJson(control, "/health");
            long vertices = health.path("vertices").asLong(-1);
            if (vertices != config.graph().numVertices()) {
                throw new IllegalStateException("the server's graph has " + vertices + " vertices, the local graph "
                        + config.graph().numVertices() + ": start serve and the load generator on the same file");
            }
            memoryStart = deviceMemory(control);
        }
        String server = health.path("graph").asText() + " on " + health.path("device").asText()
                + (health.has("hierarchy") ? " with hierarchy " + health.path("hierarchy").asText() : "");

        int n = config.clients();
        Tally[] tallies = new Tally[n];
        Thread[] threads = new Thread[n];
        CountDownLatch ready = new CountDownLatch(n);
        CountDownLatch go = new CountDownLatch(1);
        long[] window = new long[2];   // measured window [start, end) in nanoTime, set before `go`
        int perClientSamples = (config.verify() + n - 1) / n;
        for (int c = 0; c < n; c++) {
            int index = c;
            tallies[c] = new Tally(config.timeout().toNanos());
            threads[c] = Thread.ofPlatform().name("load-client-" + c).start(() -> {
                ready.countDown();
                try {
                    go.await();
                } catch (InterruptedException e) {
                    return;
                }
                client(index, tallies[index], window[0], window[1], perClientSamples);
            });
        }
        ready.await();
        long start = System.nanoTime();
        window[0] = start + config.warmup().toNanos();
        window[1] = window[0] + config.duration().toNanos();
        go.countDown();
        double memoryWarm = Double.NaN;
        try (KeepAliveConnection control = connection()) {
            sleepUntil(window[0]);
            // After the warm-up the server's pools hold what its concurrent queries need; a leak shows as growth from
            // here to the end, while start → here is the pools filling.
            memoryWarm = deviceMemory(control);
            for (Thread t : threads) {
                t.join();
            }
        }
        double memoryEnd;
        try (KeepAliveConnection control = connection()) {
            memoryEnd = deviceMemory(control);
        }

        Histogram all = new Histogram(1_000, Math.max(config.timeout().toNanos(), 1_000_000), 3);
        long requests = 0;
        long answered = 0;
        long warmup = 0;
        long lastEnd = window[0];
        List<Sample> samples = new ArrayList<>();
        for (Tally t : tallies) {
            all.add(t.latency);
            requests += t.requests;
            answered += t.answered;
            warmup += t.warmup;
            lastEnd = Math.max(lastEnd, t.lastEnd);
            samples.addAll(t.samples);
        }
        // Each client kept up to ceil(verify / clients): at most `verify` of them are checked.
        long verified = verify(samples.subList(0, Math.min(samples.size(), config.verify())));
        double seconds = (lastEnd - window[0]) / 1e9;
        Map<String, Long> errorCounts = new TreeMap<>();
        errors.forEach((k, v) -> errorCounts.put(k, v.sum()));
        boolean none = all.getTotalCount() == 0;
        return new Report(config.endpoint(), n, requests, answered, seconds, seconds > 0 ? answered / seconds : 0,
                none ? Double.NaN : all.getValueAtPercentile(50) / 1e6,
                none ? Double.NaN : all.getValueAtPercentile(90) / 1e6,
                none ? Double.NaN : all.getValueAtPercentile(99) / 1e6,
                none ? Double.NaN : all.getValueAtPercentile(99.9) / 1e6,
                none ? Double.NaN : all.getMaxValue() / 1e6,
                none ? Double.NaN : all.getMean() / 1e6,
                warmup, verified, errorCounts, List.copyOf(examples), memoryStart, memoryWarm, memoryEnd, server);
    }

    /** One closed-loop client: requests back to back until the measured window ends. */
    private void client(int index, Tally tally, long measureFrom, long measureTo, int sampleCapacity) {
        SplittableRandom pairs = new SplittableRandom(config.seed() * 1_000_003L + index);
        SplittableRandom reservoir = new SplittableRandom(config.seed() * 7_000_013L + index);
        Graph g = config.graph();
        int vertices = g.numVertices();
        String prefix = "/" + config.endpoint() + "?from=";
        StringBuilder path = new StringBuilder(64);
        long seen = 0;   // measured answers offered to the reservoir
        try (KeepAliveConnection connection = connection()) {
            while (true) {
                long t0 = System.nanoTime();
                if (t0 >= measureTo) {
                    break;
                }
                boolean measured = t0 >= measureFrom;
                int from = pairs.nextInt(vertices);
                int to = pairs.nextInt(vertices);
                long fromId = g.ids().toExternal(from);
                long toId = g.ids().toExternal(to);
                path.setLength(0);
                path.append(prefix).append(fromId).append("&to=").append(toId);
                KeepAliveConnection.Response r;
                try {
                    r = connection.get(path.toString());
                } catch (IOException e) {
                    error(measured ? e.getClass().getSimpleName() : "warm-up " + e.getClass().getSimpleName(),
                            fromId + " -> " + toId + ": " + e.getMessage());
                    if (measured) {
                        tally.requests++;
                    }
                    continue;
                }
                long t1 = System.nanoTime();
                if (!measured) {
                    tally.warmup++;
                    if (r.status() != 200) {
                        error("warm-up HTTP " + r.status(), fromId + " -> " + toId + ": " + r.text());
                    }
                    continue;
                }
                tally.requests++;
                tally.latency.recordValue(Math.min(t1 - t0, tally.latency.getHighestTrackableValue()));
                tally.lastEnd = t1;
                if (r.status() != 200) {
                    error("HTTP " + r.status(), fromId + " -> " + toId + ": " + r.text());
                    continue;
                }
                tally.answered++;
                // Reservoir sampling: every measured answer has the same chance to be checked.
                if (sampleCapacity > 0) {
                    if (seen < sampleCapacity) {
                        tally.samples.add(new Sample(from, to, r.body()));
                    } else {
                        long j = reservoir.nextLong(seen + 1);
                        if (j < sampleCapacity) {
                            tally.samples.set((int) j, new Sample(from, to, r.body()));
                        }
                    }
                    seen++;
                }
            }
        }
    }

    /** Checks the samples against CPU Dijkstra on all cores; returns how many were checked. */
    private long verify(List<Sample> samples) {
        LongAdder checked = new LongAdder();
        samples.parallelStream().forEach(s -> {
            check(s);
            checked.increment();
        });
        return checked.sum();
    }

    private void check(Sample s) {
        Graph g = config.graph();
        String pair = g.ids().toExternal(s.from()) + " -> " + g.ids().toExternal(s.to());
        String body = new String(s.body(), java.nio.charset.StandardCharsets.UTF_8);
        JsonNode answer;
        try {
            answer = JSON.readTree(s.body());
        } catch (IOException e) {
            error("malformed answer", pair + ": " + body);
            return;
        }
        JsonNode d = answer.path("distance");
        if (!d.isNull() && !d.isNumber()) {
            error("malformed answer", pair + ": " + body);
            return;
        }
        double got = d.isNull() ? Double.POSITIVE_INFINITY : d.asDouble();
        double expected = Sssp.distances(g, s.from(), new int[] {s.to()})[0];
        if (Double.compare(expected, got) != 0) {
            error("wrong distance", pair + ": served " + got + ", CPU Dijkstra " + expected);
            return;
        }
        if (config.endpoint().equals("route")) {
            String wrong = checkPath(answer.path("path"), s.from(), s.to(), got);
            if (wrong != null) {
                error("wrong route", pair + ": " + wrong);
            }
        }
    }

    /** Null if {@code path} (file ids) is a path from {@code from} to {@code to} weighing {@code distance}. */
    private String checkPath(JsonNode path, int from, int to, double distance) {
        Graph g = config.graph();
        if (!path.isArray()) {
            return "no \"path\" array";
        }
        if (Double.isInfinite(distance)) {
            return path.isEmpty() ? null : "a path for an unreachable target";
        }
        int[] vertices = new int[path.size()];
        for (int i = 0; i < vertices.length; i++) {
            OptionalInt v = path.get(i).canConvertToLong() ? g.ids().find(path.get(i).asLong()) : OptionalInt.empty();
            if (v.isEmpty()) {
                return "path[" + i + "] = " + path.get(i) + " is not a vertex";
            }
            vertices[i] = v.getAsInt();
        }
        if (vertices.length == 0 || vertices[0] != from || vertices[vertices.length - 1] != to) {
            return "the path does not run from the source to the target";
        }
        double sum = 0;
        for (int k = 1; k < vertices.length; k++) {
            double best = Double.POSITIVE_INFINITY;
            for (long e = g.edgeBegin(vertices[k - 1]), end = g.edgeEnd(vertices[k - 1]); e < end; e++) {
                if (g.target(e) == vertices[k]) {
                    best = Math.min(best, g.weight(e));
                }
            }
            if (Double.isInfinite(best)) {
                return "no arc from " + path.get(k - 1) + " to " + path.get(k);
            }
            sum += best;
        }
        return sum == distance ? null : "the path weighs " + sum + ", the distance is " + distance;
    }

    private void error(String kind, String example) {
        errors.computeIfAbsent(kind, k -> new LongAdder()).increment();
        if (examples.size() < 10) {
            examples.add(kind + ": " + (example.length() > 300 ? example.substring(0, 300) + "..." : example));
        }
    }

    private KeepAliveConnection connection() {
        return new KeepAliveConnection(config.base(), (int) Math.min(Integer.MAX_VALUE, config.timeout().toMillis()),
                authorization);
    }

    private static JsonNode getJson(KeepAliveConnection c, String path) throws IOException {
        KeepAliveConnection.Response r = c.get(path);
        if (r.status() != 200) {
            throw new IOException("GET " + path + " answered " + r.status() + ": " + r.text());
        }
        return JSON.readTree(r.body());
    }

    /** {@code gsssp_device_memory_bytes} from /metrics, NaN when absent. */
    private static double deviceMemory(KeepAliveConnection c) throws IOException {
        KeepAliveConnection.Response r = c.get("/metrics");
        Matcher m = DEVICE_MEMORY.matcher(r.status() == 200 ? r.text() : "");
        return m.find() ? Double.parseDouble(m.group(1)) : Double.NaN;
    }

    private static void sleepUntil(long nanoTime) throws InterruptedException {
        for (long left = nanoTime - System.nanoTime(); left > 0; left = nanoTime - System.nanoTime()) {
            Thread.sleep(Duration.ofNanos(left));
        }
    }

    /** The report's columns in load CSVs, in order. */
    static final List<String> CSV_COLUMNS = List.of("endpoint", "clients", "seconds", "requests", "answered",
            "throughput", "p50_ms", "p90_ms", "p99_ms", "p999_ms", "max_ms", "mean_ms", "errors", "verified", "server");

    static List<Object> csvRow(Report r) {
        return List.of(r.endpoint(), r.clients(), fmt3(r.seconds()), r.requests(), r.answered(),
                String.format(Locale.ROOT, "%.0f", r.throughput()), fmt3(r.p50Ms()), fmt3(r.p90Ms()), fmt3(r.p99Ms()),
                fmt3(r.p999Ms()), fmt3(r.maxMs()), fmt3(r.meanMs()), r.errorCount(), r.verified(), r.server());
    }

    private static String fmt3(double v) {
        return String.format(Locale.ROOT, "%.3f", v);
    }

    /** NAME.json, NAME.csv and NAME.md in {@code dir}. */
    public static void write(Report r, Config c, Path dir, String name) throws IOException {
        Files.createDirectories(dir);
        ObjectNode root = JSON.valueToTree(r);
        root.put("url", c.base().toString());
        root.put("graph", c.graph().name());
        root.put("seed", c.seed());
        root.put("warmupSeconds", c.warmup().toMillis() / 1e3);
        root.put("durationSeconds", c.duration().toMillis() / 1e3);
        root.put("hostProcessors", Runtime.getRuntime().availableProcessors());
        JSON.writeValue(dir.resolve(name + ".json").toFile(), root);
        try (org.apache.commons.csv.CSVPrinter csv = org.apache.commons.csv.CSVFormat.DEFAULT.builder()
                .setHeader(CSV_COLUMNS.toArray(String[]::new)).get().print(dir.resolve(name + ".csv"),
                        java.nio.charset.StandardCharsets.UTF_8)) {
            csv.printRecord(csvRow(r));
        }
        Files.writeString(dir.resolve(name + ".md"), markdown(r, c));
    }

    static String markdown(Report r, Config c) {
        StringBuilder s = new StringBuilder("# gsssp serve under load: /" + r.endpoint() + "\n\n");
        s.append(r.errorCount() == 0 ? "**No errors.**\n\n" : "**" + r.errorCount() + " errors.**\n\n");
        s.append("| | |\n|---|---|\n");
        s.append("| server | ").append(c.base()).append(" (").append(r.server()).append(") |\n");
        s.append(String.format(Locale.ROOT, "| clients | %d closed-loop, one keep-alive HTTP/1.1 connection each, `GET /%s` "
                + "with seeded random pairs (seed %d); load generator on %d processors |%n", r.clients(), r.endpoint(),
                c.seed(), Runtime.getRuntime().availableProcessors()));
        s.append(String.format(Locale.ROOT, "| requests | %,d measured over %.1f s (after a %.1f s warm-up of %,d); %,d answered 200 |%n",
                r.requests(), c.duration().toMillis() / 1e3, c.warmup().toMillis() / 1e3, r.warmupRequests(), r.answered()));
        s.append(String.format(Locale.ROOT, "| throughput | %,.0f requests/s |%n", r.throughput()));
        s.append(String.format(Locale.ROOT, "| latency | p50 %.3f ms, p90 %.3f ms, p99 %.3f ms, p99.9 %.3f ms, max %.3f ms, mean %.3f ms |%n",
                r.p50Ms(), r.p90Ms(), r.p99Ms(), r.p999Ms(), r.maxMs(), r.meanMs()));
        s.append(String.format(Locale.ROOT, "| checked | %,d sampled answers against CPU Dijkstra%s |%n", r.verified(),
                r.endpoint().equals("route") ? " (distance, and the path's arcs and weight)" : ""));
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
