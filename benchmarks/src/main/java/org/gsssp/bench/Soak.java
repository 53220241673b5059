package org.gsssp.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAccumulator;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;
import org.gsssp.Algorithm;
import org.gsssp.Certificate;
import org.gsssp.DeviceGraph;
import org.gsssp.DeviceInfo;
import org.gsssp.DeviceResult;
import org.gsssp.Devices;
import org.gsssp.Graph;
import org.gsssp.GraphClosedException;
import org.gsssp.NotConvergedException;
import org.gsssp.Options;
import org.gsssp.QueryBuffers;
import org.gsssp.Result;
import org.gsssp.Sssp;
import org.gsssp.UnsupportedInputException;

/**
 * The soak and chaos run behind {@code gsssp-bench soak} (issue 16, item 4): worker threads send random queries
 * to resident graphs for a while, a chaos thread closes a resident graph mid-query and uploads it again, every
 * answer is certified, and a watchdog turns a hang into a report with thread stacks instead of a stuck job.
 *
 * <p>Each query is planned first (graph, algorithm, source, predecessors, output path, kind), so that the
 * outcome can be judged against the plan: an exception is "expected" only where the library documents it for
 * that situation (an invalid source, a graph closed by chaos, a round cap, a size-limited algorithm over its
 * limit); anything else, or an answer that fails its certificate, fails the run.
 */
final class Soak {
    static final int EXIT_PASSED = 0;
    static final int EXIT_FAILED = 3;
    static final int EXIT_WATCHDOG = 4;
    static final int EXIT_NO_GPU = 5;

    /**
     * Algorithms that refuse graphs over a size with UnsupportedInputException: DA2CF's dense-matrix variants over
     * 16,384 vertices, block-bf where the distances outgrow one block's shared memory (about 19,000 int-weighted
     * vertices on an H100 or H200, 8,000 on sm_86 cards). Under SURELY_FITS vertices every card runs all three,
     * so they must answer; over SURELY_TOO_BIG none does, so they must refuse; in between either is right.
     */
    static final Set<Algorithm> SIZE_LIMITED = EnumSet.of(Algorithm.DA2CF_F_MATRIX, Algorithm.DA2CF_U_MATRIX,
            Algorithm.BLOCK_BELLMAN_FORD);
    static final int SURELY_FITS = 4_096;
    static final int SURELY_TOO_BIG = 65_536;
    /** Share of DA2CF's list variants on the road graph: about n rounds there, ~4 s a query on an H100. */
    static final double SLOW_SHARE = 0.05;
    /** Share of the size-limited algorithms on graphs surely over their limit: probes that must be refused. */
    static final double PROBE_SHARE = 0.05;
    static final double INVALID_SOURCE_RATE = 0.05;
    static final double CAPPED_RATE = 0.10;

    /**
     * What to run. {@code graphs} maps a role (road, rmat, small) to a file or generator spec.
     * {@code haltOnHang}: on a watchdog hang, halt the JVM after writing the report (the CLI; threads stuck in
     * native code would otherwise keep it alive); tests turn it off and get exit code 4 back instead.
     */
    record Config(Map<String, String> graphs, Duration duration, int threads, boolean cpuOnly, long seed,
                  Duration watchdog, Duration stuckLimit, Duration closeEvery, int certifyEvery, Path output,
                  boolean haltOnHang, String command) {}

    enum Kind { NORMAL, CAPPED, INVALID_SOURCE, REJECTION_PROBE }

    enum OutPath { POOLED, BUFFERS, RESIDENT }

    /** One graph: the host copy (open for the whole run, certificates read it) and its current upload. */
    static final class Slot {
        final String role;
        final Graph host;
        volatile DeviceGraph device;  // null in --cpu-only; replaced by the chaos thread

        Slot(String role, Graph host) {
            this.role = role;
            this.host = host;
        }

        @Override
        public String toString() {
            return role;
        }
    }

    /**
     * One entry of the query mix, picked with probability share / (sum of shares). probe: the graph is surely too
     * big for the algorithm, which must refuse it; mayRefuse: a size refusal is right (probes, and sizes between).
     */
    record Pick(Slot slot, Algorithm algorithm, double share, boolean probe, boolean mayRefuse) {}

    record Query(long seq, Slot slot, Algorithm algorithm, int source, boolean predecessors, OutPath path, Kind kind,
                 long maxIterations, boolean mayRefuse) {}

    /** Counts for one algorithm or one graph. */
    static final class Counts {
        final LongAdder answers = new LongAdder();
        final LongAdder certified = new LongAdder();
        final LongAdder answerNanos = new LongAdder();
        final LongAccumulator maxAnswerNanos = new LongAccumulator(Math::max, 0);
        final Map<String, LongAdder> expected = new ConcurrentHashMap<>();
        final Map<String, LongAdder> unexpected = new ConcurrentHashMap<>();
    }

    private final Config config;
    private final PrintWriter out;
    private final List<Slot> slots = new ArrayList<>();
    private final List<Pick> mix = new ArrayList<>();
    private final Map<String, Counts> byAlgorithm = new ConcurrentHashMap<>();
    private final Map<String, Counts> byGraph = new ConcurrentHashMap<>();
    private final Map<String, LongAdder> byPath = new ConcurrentHashMap<>();
    private final List<Map<String, Object>> unexpectedExamples = Collections.synchronizedList(new ArrayList<>());
    private final LongAdder queries = new LongAdder();
    private final LongAdder certifyNanos = new LongAdder();
    private final LongAdder queryNanos = new LongAdder();  // inside library calls, whatever the outcome
    private final LongAdder closedMidQuery = new LongAdder();
    private final LongAdder closes = new LongAdder();
    private final LongAdder uploads = new LongAdder();
    private final LongAccumulator maxCloseNanos = new LongAccumulator(Math::max, 0);
    private final AtomicLong seq = new AtomicLong();
    // The watchdog's view: when a query last ended, and which threads are inside one operation since when.
    private volatile long lastCompletion = System.nanoTime();
    private final Map<String, Long> busySince = new ConcurrentHashMap<>();
    private final Map<String, String> busyWhat = new ConcurrentHashMap<>();
    private volatile boolean running;
    private final CountDownLatch stop = new CountDownLatch(1);
    private final AtomicBoolean hung = new AtomicBoolean();
    private volatile String hangReason;
    private volatile String threadDump;
    private final Map<String, Object> start = new LinkedHashMap<>();
    private volatile long startNanos;
    private Thread watchdog;
    /** [seconds into the run, VmRSS MiB] every 10 s: whether RSS levels off or keeps climbing. */
    private final List<double[]> rssSamples = Collections.synchronizedList(new ArrayList<>());

    /** Test hook: runs inside each query's watched span, before the library call. */
    volatile Consumer<Query> beforeQuery = q -> {};

    Soak(Config config, PrintWriter out) {
        this.config = config;
        this.out = out;
    }

    /** Runs the soak, writes soak.json and soak.md into the output directory, returns the exit code. */
    int run() throws IOException {
        Files.createDirectories(config.output());
        boolean gpu = !config.cpuOnly();
        DeviceInfo deviceAtStart = gpu ? Devices.info(0) : null;  // before any upload: the memory baseline
        start.put("environment", Environment.detect(config.command()).asMap());
        start.put("gpu", gpu ? deviceAtStart.name() : "none (--cpu-only)");
        start.put("device_free_bytes_start", gpu ? deviceAtStart.freeMemory() : null);
        start.put("device_total_bytes", gpu ? deviceAtStart.totalMemory() : null);
        start.put("rss_bytes_start", rssBytes());
        start.put("java_heap_used_bytes_start", heapUsed());
        out.printf(Locale.ROOT, "soak: %d s, %d threads, %s%n", config.duration().toSeconds(), config.threads(),
                gpu ? deviceAtStart.describe() : "CPU only");
        try {
            watchdog = Thread.ofPlatform().name("soak-watchdog").daemon().start(this::watch);
            for (Map.Entry<String, String> g : config.graphs().entrySet()) {
                long t = System.nanoTime();
                Graph host = new GraphSource(g.getValue()).load();
                Slot slot = new Slot(g.getKey(), host);
                slots.add(slot);
                if (gpu) {
                    busy("first upload of " + g.getKey());
                    slot.device = DeviceGraph.upload(host);
                    idle();
                    uploads.increment();
                }
                out.printf(Locale.ROOT, "  %-5s %s: %,d vertices, %,d edges (%.1f s)%n", g.getKey(), host.name(),
                        host.numVertices(), host.numEdges(), (System.nanoTime() - t) / 1e9);
            }
            buildMix(gpu);
            soak(gpu);
        } finally {
            // Watched too: a close that never returns is a hang like any other.
            busy("closing device graphs");
            for (Slot s : slots) {
                if (s.device != null) {
                    s.device.close();
                }
                s.host.close();
            }
            idle();
            if (watchdog != null) {
                watchdog.interrupt();
            }
        }
        // Blocks of pooled Results left to the garbage collector are pinned host memory, not device memory, but
        // a collection now keeps the RSS figure from counting garbage.
        System.gc();
        Map<String, Object> end = new LinkedHashMap<>();
        DeviceInfo deviceAtEnd = gpu ? Devices.info(0) : null;
        end.put("device_free_bytes_end", gpu ? deviceAtEnd.freeMemory() : null);
        end.put("rss_bytes_end", rssBytes());
        end.put("java_heap_used_bytes_end", heapUsed());
        return finish(end);
    }

    /** The mix: every GPU algorithm (and AUTO) on every graph, or the CPU algorithms with --cpu-only. */
    private void buildMix(boolean gpu) {
        for (Slot s : slots) {
            for (Algorithm a : Algorithm.values()) {
                if (gpu ? !(a.requiresGpu() || a == Algorithm.AUTO) : a.requiresGpu() || a == Algorithm.AUTO) {
                    continue;
                }
                if (a.needsHierarchy()) {
                    continue;  // PHAST: the soak's graphs carry no hierarchy
                }
                int n = s.host.numVertices();
                boolean probe = SIZE_LIMITED.contains(a) && n > SURELY_TOO_BIG;
                boolean mayRefuse = SIZE_LIMITED.contains(a) && n > SURELY_FITS;
                boolean slow = s.role.equals("road") && (a == Algorithm.DA2CF_F || a == Algorithm.DA2CF_U);
                mix.add(new Pick(s, a, probe ? PROBE_SHARE : slow ? SLOW_SHARE : 1.0, probe, mayRefuse));
            }
        }
    }

    private void soak(boolean gpu) {
        List<Thread> threads = new ArrayList<>();
        running = true;
        lastCompletion = System.nanoTime();
        startNanos = lastCompletion;
        for (int i = 0; i < config.threads(); i++) {
            int id = i;
            // Platform threads: the queries block in native code, which would pin a virtual thread's carrier anyway.
            threads.add(Thread.ofPlatform().name("soak-worker-" + i).daemon().start(() -> work(id)));
        }
        if (gpu) {
            threads.add(Thread.ofPlatform().name("soak-chaos").daemon().start(this::chaos));
        }
        try {
            stop.await(config.duration().toNanos(), TimeUnit.NANOSECONDS);  // early only when the watchdog fires
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        running = false;
        stop.countDown();
        out.printf(Locale.ROOT, "soak: stopping after %.1f s, %,d queries%n", (System.nanoTime() - startNanos) / 1e9,
                queries.sum());
        long joinMillis = config.stuckLimit().toMillis() + config.watchdog().toMillis();
        for (Thread t : threads) {
            try {
                t.join(joinMillis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            if (t.isAlive()) {
                // Only reachable with haltOnHang off (tests): the watchdog has halted the CLI's JVM before this.
                fire(t.getName() + " did not end within " + joinMillis + " ms of the stop");
            }
        }
    }

    private void work(int id) {
        SplittableRandom random = new SplittableRandom(config.seed() * 1_000_003L + id);
        double total = mix.stream().mapToDouble(Pick::share).sum();
        List<QueryBuffers> buffers = new ArrayList<>();
        for (Slot s : slots) {
            buffers.add(QueryBuffers.forGraph(s.host, true));  // one set per graph: a worker has one query in flight
        }
        try {
            while (running) {
                Query q = plan(random, total);
                busy("query and its certificate: " + q);
                try {
                    execute(q, buffers.get(slots.indexOf(q.slot())));
                } finally {
                    idle();
                    lastCompletion = System.nanoTime();
                }
            }
        } finally {
            buffers.forEach(QueryBuffers::close);
        }
    }

    private Query plan(SplittableRandom random, double total) {
        double x = random.nextDouble(total);
        Pick pick = mix.getLast();
        for (Pick p : mix) {
            if ((x -= p.share()) < 0) {
                pick = p;
                break;
            }
        }
        int n = pick.slot().host.numVertices();
        double r = random.nextDouble();
        Kind kind = pick.probe() ? Kind.REJECTION_PROBE
                : r < INVALID_SOURCE_RATE ? Kind.INVALID_SOURCE
                : r < INVALID_SOURCE_RATE + CAPPED_RATE ? Kind.CAPPED : Kind.NORMAL;
        int[] invalid = {-1, n, n + 1000, Integer.MIN_VALUE, Integer.MAX_VALUE};
        int source = kind == Kind.INVALID_SOURCE ? invalid[random.nextInt(invalid.length)] : random.nextInt(n);
        // Resident results live on a GPU: --cpu-only has the other two paths only.
        int paths = config.cpuOnly() ? 2 : 3;
        OutPath path = OutPath.values()[random.nextInt(paths)];
        // A small round cap: the one per-query stop the library offers (NotConvergedException), besides close().
        long cap = kind == Kind.CAPPED ? 1 + random.nextInt(8) : 0;
        return new Query(seq.getAndIncrement(), pick.slot(), pick.algorithm(), source, random.nextBoolean(), path,
                kind, cap, pick.mayRefuse());
    }

    private void execute(Query q, QueryBuffers buffers) {
        DeviceGraph device = q.slot().device;  // the chaos thread may close it at any moment from here on
        boolean openAtStart = device == null || !device.isClosed();
        Options options = Options.builder().computePredecessors(q.predecessors()).maxIterations(q.maxIterations())
                .build();
        queries.increment();
        byPath.computeIfAbsent(q.path().name().toLowerCase(Locale.ROOT), k -> new LongAdder()).increment();
        long t0 = System.nanoTime();
        try {
            beforeQuery.accept(q);
            switch (q.path()) {
                case POOLED -> {
                    try (Result r = device != null ? device.query(q.source(), q.algorithm(), options)
                            : Sssp.solve(q.slot().host, q.source(), q.algorithm(), options)) {
                        answered(q, r, System.nanoTime() - t0);
                    }
                }
                case BUFFERS -> {
                    try (Result r = device != null ? device.query(q.source(), q.algorithm(), options, buffers)
                            : Sssp.solve(q.slot().host, q.source(), q.algorithm(), options, buffers)) {
                        answered(q, r, System.nanoTime() - t0);
                    }
                }
                case RESIDENT -> {
                    try (DeviceResult d = device.queryResident(q.source(), q.algorithm(), options);
                            Result r = d.toHost()) {
                        answered(q, r, System.nanoTime() - t0);
                    }
                }
            }
        } catch (RuntimeException | Error e) {
            queryNanos.add(System.nanoTime() - t0);
            String why = expectedBecause(q, e, device);
            if (why != null) {
                count(q, e.getClass().getSimpleName(), true);
                if (e instanceof GraphClosedException && openAtStart) {
                    closedMidQuery.increment();
                }
                if (e instanceof GraphClosedException) {
                    // Until the chaos thread has uploaded the graph again every query on it fails at once; a pause
                    // keeps the workers from spinning through millions of such failures meanwhile.
                    sleepQuietly(1);
                }
            } else {
                unexpected(q, e.getClass().getSimpleName(), ExperimentRunner.oneLine(e), e);
            }
        }
    }

    /** The documented exception for this query's situation, or null: then it is a failure of the run. */
    static String expectedBecause(Query q, Throwable e, DeviceGraph device) {
        if (e instanceof IllegalArgumentException && q.kind() == Kind.INVALID_SOURCE) {
            return "invalid source";
        }
        if (e instanceof GraphClosedException && device != null && device.isClosed()) {
            return "device graph closed by the chaos thread";
        }
        if (e instanceof NotConvergedException && q.kind() == Kind.CAPPED) {
            return "round cap (Options.maxIterations) reached";
        }
        if (e instanceof UnsupportedInputException && q.mayRefuse()) {
            return "size-limited algorithm on a graph over " + SURELY_FITS + " vertices";
        }
        return null;
    }

    /** The documented exception types, with when each is expected (for the report). */
    static Map<String, String> expectedTypes() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("IllegalArgumentException", "a source outside 0..n-1 (-1, n, n+1000, Integer.MIN_VALUE, Integer.MAX_VALUE)");
        m.put("GraphClosedException", "a query on a DeviceGraph that the chaos thread closed before or during it");
        m.put("NotConvergedException", "a query given a round cap of 1..8 (Options.maxIterations) that it reached");
        m.put("UnsupportedInputException", SIZE_LIMITED + " on a graph over " + SURELY_FITS + " vertices (required "
                + "over " + SURELY_TOO_BIG + ": 16,384 for the matrix variants, one block's shared memory for block-bf)");
        return m;
    }

    private void answered(Query q, Result r, long nanos) {
        queryNanos.add(nanos);
        if (q.kind() == Kind.INVALID_SOURCE || q.kind() == Kind.REJECTION_PROBE) {
            unexpected(q, "Answered" + (q.kind() == Kind.INVALID_SOURCE ? "InvalidSource" : "OverSizeLimit"),
                    "the query was answered, where the library documents an exception", null);
            return;
        }
        for (Counts c : counts(q)) {
            c.answers.increment();
            c.answerNanos.add(nanos);
            c.maxAnswerNanos.accumulate(nanos);
        }
        if (q.seq() % config.certifyEvery() != 0) {
            return;
        }
        long t = System.nanoTime();
        Certificate c = r.certify();
        certifyNanos.add(System.nanoTime() - t);
        if (c.holds()) {
            counts(q).forEach(k -> k.certified.increment());
        } else {
            unexpected(q, "CertificateViolation", c.violation().orElseThrow(), null);
        }
    }

    private List<Counts> counts(Query q) {
        return List.of(byAlgorithm.computeIfAbsent(q.algorithm().cliName(), k -> new Counts()),
                byGraph.computeIfAbsent(q.slot().role, k -> new Counts()));
    }

    private void count(Query q, String type, boolean expected) {
        for (Counts c : counts(q)) {
            (expected ? c.expected : c.unexpected).computeIfAbsent(type, k -> new LongAdder()).increment();
        }
    }

    /** Counts (unless q is null: the chaos thread counts its own) and keeps the first 20 as examples. */
    private void unexpected(Query q, String type, String message, Throwable e) {
        if (q != null) {
            count(q, type, false);
        }
        if (unexpectedExamples.size() < 20) {
            Map<String, Object> x = new LinkedHashMap<>();
            x.put("type", type);
            x.put("message", message);
            x.put("query", q == null ? null : q.toString());
            if (e != null) {
                List<String> frames = new ArrayList<>();
                for (StackTraceElement f : e.getStackTrace()) {
                    if (frames.size() < 12) {
                        frames.add(f.toString());
                    }
                }
                x.put("stack", frames);
            }
            unexpectedExamples.add(x);
        }
    }

    /** Now and then closes one resident graph, whatever runs on it, and uploads it again. */
    private void chaos() {
        SplittableRandom random = new SplittableRandom(config.seed() ^ 0x5eed);
        while (running) {
            long pause = (long) (config.closeEvery().toNanos() * (0.5 + random.nextDouble()));
            try {
                if (stop.await(pause, TimeUnit.NANOSECONDS)) {
                    return;
                }
            } catch (InterruptedException e) {
                return;
            }
            Slot s = slots.get(random.nextInt(slots.size()));
            busy("close and upload " + s.role);
            try {
                long t = System.nanoTime();
                s.device.close();  // fails the running queries with GraphClosedException and waits for them
                maxCloseNanos.accumulate(System.nanoTime() - t);
                closes.increment();
                s.device = DeviceGraph.upload(s.host);
                uploads.increment();
            } catch (RuntimeException | Error e) {
                // A failed close or upload is a failure of the run; the next round tries again (close is idempotent).
                byAlgorithm.computeIfAbsent("(chaos: close/upload)", k -> new Counts()).unexpected
                        .computeIfAbsent(e.getClass().getSimpleName(), k -> new LongAdder()).increment();
                unexpected(null, e.getClass().getSimpleName(), "chaos close/upload of " + s.role + ": "
                        + ExperimentRunner.oneLine(e), e);
            } finally {
                idle();
            }
        }
    }

    private void busy(String what) {
        String name = Thread.currentThread().getName();
        busyWhat.put(name, what);
        busySince.put(name, System.nanoTime());
    }

    private void idle() {
        busySince.remove(Thread.currentThread().getName());
    }

    /**
     * Fires when no query has ended for {@code watchdog} while the run is on (a global stall), or when one
     * thread has been inside one operation for {@code stuckLimit} (a single hang while the rest go on, or a
     * worker that never comes back after the stop).
     */
    private void watch() {
        long tick = Math.clamp(config.watchdog().toMillis() / 4, 20, 1000);
        long nextSample = 0;
        while (!hung.get()) {
            try {
                Thread.sleep(tick);
            } catch (InterruptedException e) {
                return;
            }
            long now = System.nanoTime();
            Long rss = rssBytes();
            if (running && rss != null && now >= nextSample) {
                rssSamples.add(new double[] {Math.round((now - startNanos) / 1e8) / 10.0, Math.round(rss / 104857.6) / 10.0});
                nextSample = now + TimeUnit.SECONDS.toNanos(10);
            }
            if (running && now - lastCompletion > config.watchdog().toNanos()) {
                fire(String.format(Locale.ROOT, "no query ended for %.1f s (watchdog %.1f s)",
                        (now - lastCompletion) / 1e9, config.watchdog().toMillis() / 1e3));
            }
            for (Map.Entry<String, Long> b : busySince.entrySet()) {
                if (now - b.getValue() > config.stuckLimit().toNanos()) {
                    fire(String.format(Locale.ROOT, "%s has been in one operation for %.1f s (limit %.1f s): %s",
                            b.getKey(), (now - b.getValue()) / 1e9, config.stuckLimit().toMillis() / 1e3,
                            busyWhat.get(b.getKey())));
                    break;
                }
            }
        }
    }

    /** A hang: the report with every thread's stack, then (CLI) halt, since stuck threads would keep the JVM up. */
    private void fire(String reason) {
        if (!hung.compareAndSet(false, true)) {
            return;
        }
        hangReason = reason;
        threadDump = threadDump();
        out.println("soak: WATCHDOG: " + reason);
        out.flush();
        Map<String, Object> end = new LinkedHashMap<>();
        // No native call here: with the GPU wedged, even asking for its free memory could block this thread.
        end.put("device_free_bytes_end", null);
        end.put("rss_bytes_end", rssBytes());
        try {
            finish(end);
        } catch (IOException | RuntimeException e) {
            out.println("soak: could not write the report: " + ExperimentRunner.oneLine(e));
        }
        out.flush();
        if (config.haltOnHang()) {
            System.err.flush();
            Runtime.getRuntime().halt(EXIT_WATCHDOG);
        }
        running = false;
        stop.countDown();
    }

    static String threadDump() {
        StringBuilder s = new StringBuilder();
        Map<Thread, StackTraceElement[]> all = new TreeMap<>(java.util.Comparator.comparing(Thread::getName)
                .thenComparingLong(Thread::threadId));
        all.putAll(Thread.getAllStackTraces());
        for (Map.Entry<Thread, StackTraceElement[]> e : all.entrySet()) {
            Thread t = e.getKey();
            s.append('"').append(t.getName()).append("\" ").append(t.isDaemon() ? "daemon " : "")
                    .append(t.getState()).append('\n');
            for (StackTraceElement f : e.getValue()) {
                s.append("\tat ").append(f).append('\n');
            }
            s.append('\n');
        }
        return s.toString();
    }

    /** VmRSS from /proc/self/status, in bytes; null where there is no /proc. */
    static Long rssBytes() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("VmRSS:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux
        }
        return null;
    }

    /** Beside RSS: how much of it is the Java heap's live data (after the final collection) and not native memory. */
    static long heapUsed() {
        Runtime rt = Runtime.getRuntime();
        return rt.totalMemory() - rt.freeMemory();
    }

    private static void sleepQuietly(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Judges the run, writes soak.json and soak.md, returns the exit code. Called once, or twice on a hang. */
    private synchronized int finish(Map<String, Object> end) throws IOException {
        List<String> problems = new ArrayList<>();
        Map<String, Object> perAlgorithm = new TreeMap<>();
        long unexpected = 0;
        for (Map.Entry<String, Counts> e : byAlgorithm.entrySet()) {
            perAlgorithm.put(e.getKey(), countsMap(e.getValue()));
            unexpected += e.getValue().unexpected.values().stream().mapToLong(LongAdder::sum).sum();
        }
        if (unexpected > 0) {
            problems.add(unexpected + " unexpected outcomes (exceptions of undocumented types, or certificate violations)");
        }
        for (Pick p : hangReason != null ? List.<Pick>of() : mix) {  // after a hang, the hang is the news
            Counts c = byAlgorithm.get(p.algorithm().cliName());
            if (!p.probe() && (c == null || c.answers.sum() == 0) && !problems.contains("never answered: " + p.algorithm())) {
                problems.add("never answered: " + p.algorithm());
            }
        }
        Object freeStart = start.get("device_free_bytes_start");
        Object freeEnd = end.get("device_free_bytes_end");
        Map<String, Object> memory = new LinkedHashMap<>();
        memory.put("device_total_bytes", start.get("device_total_bytes"));
        memory.put("device_free_bytes_start", freeStart);
        memory.put("device_free_bytes_end", freeEnd);
        if (freeStart instanceof Long fs && freeEnd instanceof Long fe) {
            long total = (Long) start.get("device_total_bytes");
            double growthPercent = 100.0 * (fs - fe) / total;
            memory.put("device_used_growth_bytes", fs - fe);
            memory.put("device_used_growth_percent_of_total", growthPercent);
            if (growthPercent > 1.0) {
                problems.add(String.format(Locale.ROOT, "device memory in use grew by %.2f%% of the total after every "
                        + "graph was closed (limit 1%%)", growthPercent));
            }
        }
        memory.put("rss_bytes_start", start.get("rss_bytes_start"));
        memory.put("rss_bytes_end", end.get("rss_bytes_end"));
        memory.put("java_heap_used_bytes_start", start.get("java_heap_used_bytes_start"));
        memory.put("java_heap_used_bytes_end", end.get("java_heap_used_bytes_end"));
        memory.put("java_heap_committed_bytes_end", Runtime.getRuntime().totalMemory());
        synchronized (rssSamples) {
            memory.put("rss_mib_every_10s", new ArrayList<>(rssSamples));
        }
        if (hangReason != null) {
            problems.addFirst("watchdog: " + hangReason);
        }
        String status = hangReason != null ? "watchdog" : problems.isEmpty() ? "passed" : "failed";
        double elapsed = startNanos == 0 ? 0 : (System.nanoTime() - startNanos) / 1e9;

        Map<String, Object> report = new LinkedHashMap<>();
        report.put("status", status);
        report.put("problems", problems);
        report.put("gpu", start.get("gpu"));
        report.put("mode", config.cpuOnly() ? "cpu-only (harness smoke test: CPU algorithms, no device graphs, no chaos)"
                : "gpu");
        Map<String, Object> cfg = new LinkedHashMap<>();
        cfg.put("duration_s", config.duration().toMillis() / 1000.0);
        cfg.put("elapsed_s", elapsed);
        cfg.put("threads", config.threads());
        cfg.put("seed", config.seed());
        cfg.put("graphs", config.graphs());
        cfg.put("watchdog_s", config.watchdog().toMillis() / 1000.0);
        cfg.put("stuck_limit_s", config.stuckLimit().toMillis() / 1000.0);
        cfg.put("close_every_s", config.cpuOnly() ? null : config.closeEvery().toMillis() / 1000.0);
        cfg.put("certify_every", config.certifyEvery());
        cfg.put("invalid_source_rate", INVALID_SOURCE_RATE);
        cfg.put("capped_rate", CAPPED_RATE);
        report.put("config", cfg);
        List<Map<String, Object>> shares = new ArrayList<>();
        for (Pick p : mix) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("graph", p.slot().role + " (" + p.slot().host.name() + ", n=" + p.slot().host.numVertices() + ")");
            m.put("algorithm", p.algorithm().cliName());
            m.put("share", p.share());
            m.put("role", p.probe() ? "rejection probe (must fail with UnsupportedInputException)"
                    : p.mayRefuse() ? "answers, or refuses the size (UnsupportedInputException)" : "answers");
            shares.add(m);
        }
        report.put("mix", shares);
        long certified = byAlgorithm.values().stream().mapToLong(c -> c.certified.sum()).sum();
        long answers = byAlgorithm.values().stream().mapToLong(c -> c.answers.sum()).sum();
        Map<String, Object> totals = new LinkedHashMap<>();
        totals.put("queries", queries.sum());
        totals.put("queries_per_s", elapsed > 0 ? queries.sum() / elapsed : null);
        totals.put("answers", answers);
        totals.put("certified", certified);
        totals.put("certification", config.certifyEvery() == 1 ? "every answer"
                : "a deterministic sample: answers whose query number is a multiple of " + config.certifyEvery());
        totals.put("certify_ms_total", certifyNanos.sum() / 1e6);
        // How busy the threads kept the library: queries in flight on average, and the workers' time that went to
        // certificates (an O(n + m) pass on the CPU each, which on R-MAT takes far longer than the GPU query).
        totals.put("mean_queries_in_flight", elapsed > 0 ? queryNanos.sum() / 1e9 / elapsed : null);
        totals.put("certify_share_of_worker_time", elapsed > 0 ? certifyNanos.sum() / 1e9 / elapsed / config.threads()
                : null);
        totals.put("by_output_path", sumMap(byPath));
        totals.put("device_graph_closes", closes.sum());
        totals.put("device_graph_uploads", uploads.sum());
        totals.put("close_ms_max", maxCloseNanos.get() / 1e6);
        totals.put("graph_closed_after_query_began", closedMidQuery.sum());
        report.put("totals", totals);
        report.put("per_algorithm", perAlgorithm);
        Map<String, Object> perGraph = new TreeMap<>();
        byGraph.forEach((k, v) -> perGraph.put(k, countsMap(v)));
        report.put("per_graph", perGraph);
        report.put("expected_exception_types", expectedTypes());
        Map<String, Long> expectedAll = new TreeMap<>();
        Map<String, Long> unexpectedAll = new TreeMap<>();
        for (Counts c : byAlgorithm.values()) {
            c.expected.forEach((k, v) -> expectedAll.merge(k, v.sum(), Long::sum));
            c.unexpected.forEach((k, v) -> unexpectedAll.merge(k, v.sum(), Long::sum));
        }
        report.put("failures_expected", expectedAll);
        report.put("failures_unexpected", unexpectedAll);
        synchronized (unexpectedExamples) {
            report.put("unexpected_examples", new ArrayList<>(unexpectedExamples));
        }
        report.put("memory", memory);
        report.put("environment", start.get("environment"));
        if (threadDump != null) {
            report.put("thread_dump", threadDump);
            Files.writeString(config.output().resolve("threads.txt"), threadDump);
        }
        new ObjectMapper().writerWithDefaultPrettyPrinter().writeValue(config.output().resolve("soak.json").toFile(),
                report);
        Files.writeString(config.output().resolve("soak.md"), markdown(report, perAlgorithm, expectedAll, unexpectedAll,
                memory, problems));
        out.printf(Locale.ROOT, "soak: %s — %,d queries, %,d answers, %,d certified; report in %s%n", status.toUpperCase(
                Locale.ROOT), queries.sum(), answers, certified, config.output().resolve("soak.md"));
        problems.forEach(p -> out.println("  problem: " + p));
        out.flush();
        return hangReason != null ? EXIT_WATCHDOG : problems.isEmpty() ? EXIT_PASSED : EXIT_FAILED;
    }

    private static Map<String, Object> countsMap(Counts c) {
        Map<String, Object> m = new LinkedHashMap<>();
        long n = c.answers.sum();
        m.put("answers", n);
        m.put("certified", c.certified.sum());
        m.put("answer_ms_mean", n == 0 ? null : c.answerNanos.sum() / 1e6 / n);
        m.put("answer_ms_max", c.maxAnswerNanos.get() / 1e6);
        m.put("expected", sumMap(c.expected));
        m.put("unexpected", sumMap(c.unexpected));
        return m;
    }

    private static Map<String, Long> sumMap(Map<String, LongAdder> m) {
        Map<String, Long> r = new TreeMap<>();
        m.forEach((k, v) -> r.put(k, v.sum()));
        return r;
    }

    @SuppressWarnings("unchecked")
    private String markdown(Map<String, Object> report, Map<String, Object> perAlgorithm, Map<String, Long> expected,
            Map<String, Long> unexpected, Map<String, Object> memory, List<String> problems) {
        Map<String, Object> totals = (Map<String, Object>) report.get("totals");
        Map<String, Object> cfg = (Map<String, Object>) report.get("config");
        StringBuilder s = new StringBuilder("# gsssp soak\n\n");
        s.append("**").append(report.get("status").toString().toUpperCase(Locale.ROOT)).append("**");
        s.append(problems.isEmpty() ? "\n" : ": " + String.join("; ", problems) + "\n");
        s.append("\n| | |\n|---|---|\n");
        s.append("| GPU | ").append(report.get("gpu")).append(" |\n");
        s.append("| mode | ").append(report.get("mode")).append(" |\n");
        s.append(String.format(Locale.ROOT, "| time | %.1f s of %.1f s, %d threads, seed %d |%n", cfg.get("elapsed_s"),
                cfg.get("duration_s"), config.threads(), config.seed()));
        if (totals.get("mean_queries_in_flight") != null) {
            s.append(String.format(Locale.ROOT, "| concurrency | %.2f queries in flight on average; certificates took "
                    + "%.0f%% of the workers' time |%n", (Double) totals.get("mean_queries_in_flight"),
                    100 * (Double) totals.get("certify_share_of_worker_time")));
        }
        s.append("| graphs | ").append(config.graphs()).append(" |\n");
        s.append(String.format(Locale.ROOT, "| queries | %,d (%s / s); %,d answers, %,d certified (%s) |%n",
                totals.get("queries"), totals.get("queries_per_s") == null ? "-"
                        : String.format(Locale.ROOT, "%,.0f", (Double) totals.get("queries_per_s")),
                totals.get("answers"), totals.get("certified"), totals.get("certification")));
        if (!config.cpuOnly()) {
            s.append(String.format(Locale.ROOT, "| chaos | %,d closes mid-run (longest %.1f ms), %,d uploads; %,d "
                    + "queries saw their graph closed after they began |%n", totals.get("device_graph_closes"),
                    totals.get("close_ms_max"), totals.get("device_graph_uploads"),
                    totals.get("graph_closed_after_query_began")));
        }
        s.append("| device memory | ").append(memoryLine(memory)).append(" |\n");
        s.append("| JVM RSS | ").append(mib(memory.get("rss_bytes_start"))).append(" → ")
                .append(mib(memory.get("rss_bytes_end"))).append(" (Java heap in use ")
                .append(mib(memory.get("java_heap_used_bytes_start"))).append(" → ")
                .append(mib(memory.get("java_heap_used_bytes_end"))).append(", committed ")
                .append(mib(memory.get("java_heap_committed_bytes_end"))).append(") |\n");
        s.append("\n| algorithm | answers | certified | mean ms | max ms | expected failures | unexpected |\n");
        s.append("|---|---:|---:|---:|---:|---|---|\n");
        perAlgorithm.forEach((name, v) -> {
            Map<String, Object> m = (Map<String, Object>) v;
            s.append(String.format(Locale.ROOT, "| %s | %,d | %,d | %s | %.1f | %s | %s |%n", name, m.get("answers"),
                    m.get("certified"), m.get("answer_ms_mean") == null ? "-"
                            : String.format(Locale.ROOT, "%.1f", (Double) m.get("answer_ms_mean")),
                    m.get("answer_ms_max"), m.get("expected"), m.get("unexpected")));
        });
        s.append("\nExpected failures, in total: ").append(expected).append("; unexpected: ").append(unexpected)
                .append(".\n\nAn exception counts as expected only in the situation the library documents it for:\n\n");
        expectedTypes().forEach((k, v) -> s.append("- `").append(k).append("`: ").append(v).append('\n'));
        s.append(config.cpuOnly() ? "\nMix: the CPU algorithms on every graph, share 1. "
                : String.format(Locale.ROOT, "%nMix: every GPU algorithm and AUTO on every graph with share 1, except "
                        + "da2cf-f and da2cf-u on the road graph (share %.2f: they need about n rounds there, seconds a "
                        + "query) and %s on graphs over %,d vertices (share %.2f, rejection probes). ",
                        SLOW_SHARE, SIZE_LIMITED, SURELY_TOO_BIG, PROBE_SHARE));
        s.append(String.format(Locale.ROOT, "Of the other queries %.0f%% have an invalid source and %.0f%% a round cap "
                + "of 1..8; predecessors on or off and the output path (pooled, QueryBuffers%s) are drawn at random. "
                + "Full figures: soak.json.%n", 100 * INVALID_SOURCE_RATE, 100 * CAPPED_RATE,
                config.cpuOnly() ? "" : ", resident then toHost"));
        if (threadDump != null) {
            s.append("\nThread stacks at the hang: threads.txt (also in soak.json).\n");
        }
        return s.toString();
    }

    private static String memoryLine(Map<String, Object> memory) {
        if (memory.get("device_free_bytes_start") == null) {
            return "not measured (no GPU in this run)";
        }
        if (memory.get("device_free_bytes_end") == null) {
            return "free at start " + mib(memory.get("device_free_bytes_start")) + "; not measured at the end (hang)";
        }
        return String.format(Locale.ROOT, "free %s → %s of %s; in use grew by %s (%.3f%% of total; limit 1%%)",
                mib(memory.get("device_free_bytes_start")), mib(memory.get("device_free_bytes_end")),
                mib(memory.get("device_total_bytes")), mib(memory.get("device_used_growth_bytes")),
                (Double) memory.get("device_used_growth_percent_of_total"));
    }

    private static String mib(Object bytes) {
        return bytes instanceof Long b ? String.format(Locale.ROOT, "%,.1f MiB", b / 1048576.0) : "-";
    }
}
