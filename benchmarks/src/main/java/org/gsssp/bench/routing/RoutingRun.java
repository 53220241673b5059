package org.gsssp.bench.routing;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.gsssp.Graph;
import org.gsssp.Sssp;

/**
 * Measures routers on one graph and one set of seeded queries, checking every answer against CPU Dijkstra:
 * the {@link Reference} computed once, before any peer runs.
 */
final class RoutingRun {
    /** Untimed distance queries before the timed ones, at most. */
    static final int WARMUP = 1000;
    /** The throughput passes repeat over the pairs until this long has gone by. */
    static final double THROUGHPUT_SECONDS = 1.0;

    private final Graph graph;
    private final RoutingPairs pairs;
    private final Reference reference;
    private final int threads;
    private final PrintWriter log;

    /** Dijkstra's answers: a distance per pair, the matrix row-major; how long computing them took. */
    record Reference(long[] pairs, long[] matrix, double pairsSeconds, double matrixSeconds) {
        /**
         * Computes the answers with CPU Dijkstra stopping at the targets, pairs over {@code threads} threads.
         */
        static Reference compute(Graph g, RoutingPairs q, int threads) throws InterruptedException {
            long[] d = new long[q.count()];
            long t0 = System.nanoTime();
            AtomicInteger next = new AtomicInteger();
            parallel(threads, () -> {
                int[] one = new int[1];
                for (int i; (i = next.getAndIncrement()) < d.length; ) {
                    one[0] = q.targets()[i];
                    d[i] = Sssp.distancesAsLong(g, q.sources()[i], one)[0];
                }
            });
            double pairsSeconds = (System.nanoTime() - t0) / 1e9;
            t0 = System.nanoTime();
            long[] m = new long[q.matrixSources().length * q.matrixTargets().length];
            if (m.length > 0) {
                try (var dm = Sssp.matrix(g, q.matrixSources(), q.matrixTargets())) {
                    for (int i = 0; i < dm.rows(); i++) {
                        for (int j = 0; j < dm.columns(); j++) {
                            m[i * dm.columns() + j] = dm.getAsLong(i, j);
                        }
                    }
                }
            }
            return new Reference(d, m, pairsSeconds, (System.nanoTime() - t0) / 1e9);
        }
    }

    RoutingRun(Graph graph, RoutingPairs pairs, Reference reference, int threads, PrintWriter log) {
        this.graph = graph;
        this.pairs = pairs;
        this.reference = reference;
        this.threads = threads;
        this.log = log;
    }

    /** Prepares and measures one in-process router; an exception becomes a failed row. */
    PeerResult measure(Router router) {
        PeerResult r = new PeerResult(router.name());
        try {
            measureInto(router, r);
        } catch (Throwable e) {
            r.status = "failed";
            r.reason = e.getClass().getSimpleName() + ": " + e.getMessage();
            log.println("  " + router.name() + " failed: " + r.reason);
        }
        return r;
    }

    private void measureInto(Router router, PeerResult r) throws Exception {
        log.printf("%s: preparing%n", router.name());
        log.flush();
        long heap0 = usedHeapAfterGc();
        long rss0 = residentBytes();
        long t0 = System.nanoTime();
        r.structureBytes = router.prepare(graph, threads);
        r.prepareSeconds = (System.nanoTime() - t0) / 1e9;
        r.prepareRssDeltaBytes = residentBytes() - rss0;
        r.prepareHeapDeltaBytes = usedHeapAfterGc() - heap0;
        r.notes = router.notes();
        int k = Math.min(pairs.count(), router.pairLimit());
        r.timedPairs = k;
        r.threads = threads;
        log.printf("  prepared in %.3f s; %d pairs, one thread%n", r.prepareSeconds, k);
        log.flush();
        int[] s = pairs.sources();
        int[] t = pairs.targets();
        Router.Query q = router.newQuery();
        for (int i = 0; i < Math.min(k, WARMUP); i++) {
            q.distance(s[i], t[i]);
        }
        double[] us = new double[k];
        long[] got = new long[k];
        for (int i = 0; i < k; i++) {
            long a = System.nanoTime();
            got[i] = q.distance(s[i], t[i]);
            us[i] = (System.nanoTime() - a) / 1e3;
        }
        for (int i = 0; i < k; i++) {
            checkDistance(r, "distance", i, got[i]);
        }
        double[] st = stats(us);
        r.distanceMeanUs = st[0];
        r.distanceP50Us = st[1];
        r.distanceP99Us = st[2];
        Router.Route[] routes = new Router.Route[k];
        for (int i = 0; i < k; i++) {
            long a = System.nanoTime();
            routes[i] = q.route(s[i], t[i]);
            us[i] = (System.nanoTime() - a) / 1e3;
        }
        for (int i = 0; i < k; i++) {
            checkRoute(r, i, routes[i].distance(), routes[i].vertices());
        }
        st = stats(us);
        r.routeMeanUs = st[0];
        r.routeP50Us = st[1];
        r.routeP99Us = st[2];
        log.printf("  distance p50 %.1f us, route p50 %.1f us; throughput on %d threads%n", r.distanceP50Us,
                r.routeP50Us, threads);
        log.flush();
        throughput(router, r, k);
        if (pairs.matrixSources().length > 0) {
            t0 = System.nanoTime();
            long[] m = router.matrix(pairs.matrixSources(), pairs.matrixTargets(), threads);
            r.matrixMs = (System.nanoTime() - t0) / 1e6;
            r.matrixSize = pairs.matrixSources().length;
            r.matrixMethod = router.matrixMethod();
            checkMatrix(r, m);
            log.printf("  matrix %d x %d in %.1f ms%n", r.matrixSize, r.matrixSize, r.matrixMs);
        }
        log.printf("  %d answers checked, %d mismatches%n", r.checked, r.mismatches);
        log.flush();
    }

    private void throughput(Router router, PeerResult r, int k) throws Exception {
        if (k == 0) {
            return;
        }
        java.util.concurrent.atomic.AtomicLong wrong = new java.util.concurrent.atomic.AtomicLong();
        AtomicInteger firstWrong = new AtomicInteger(-1);
        long queries = 0;
        long t0 = System.nanoTime();
        double seconds;
        do {
            AtomicInteger next = new AtomicInteger();
            parallel(threads, () -> {
                Router.Query q = router.newQuery();
                for (int i; (i = next.getAndAdd(64)) < k; ) {
                    for (int j = i; j < Math.min(k, i + 64); j++) {
                        if (q.distance(pairs.sources()[j], pairs.targets()[j]) != reference.pairs()[j]) {
                            wrong.incrementAndGet();
                            firstWrong.compareAndSet(-1, j);
                        }
                    }
                }
            });
            queries += k;
            seconds = (System.nanoTime() - t0) / 1e9;
        } while (seconds < THROUGHPUT_SECONDS && router.pairLimit() >= pairs.count());
        r.throughputQps = queries / seconds;
        long w = wrong.get();
        r.checked += queries - Math.min(w, 1);
        if (w > 0) {
            r.check(false, "throughput passes: " + w + " answers differ from Dijkstra, the first for pair " + firstWrong.get());
            r.mismatches += w - 1;
        }
    }

    void checkDistance(PeerResult r, String what, int i, long got) {
        long want = reference.pairs()[i];
        r.check(got == want, what + " of pair " + i + " (" + ext(pairs.sources()[i]) + " -> " + ext(pairs.targets()[i])
                + "): " + text(got) + ", Dijkstra " + text(want));
    }

    /** A route must start at s, end at t, follow arcs, and weigh (least arc weight per step) Dijkstra's distance. */
    void checkRoute(PeerResult r, int i, long distance, int[] path) {
        checkDistance(r, "route distance", i, distance);
        String problem = routeProblem(pairs.sources()[i], pairs.targets()[i], reference.pairs()[i], path);
        r.check(problem == null, "route of pair " + i + " (" + ext(pairs.sources()[i]) + " -> "
                + ext(pairs.targets()[i]) + "): " + problem);
    }

    String routeProblem(int s, int t, long want, int[] path) {
        if (want == Router.UNREACHABLE) {
            return path.length == 0 ? null : "a route of " + path.length + " vertices to an unreachable target";
        }
        if (path.length == 0 || path[0] != s || path[path.length - 1] != t) {
            return "does not run from source to target (" + path.length + " vertices)";
        }
        long sum = 0;
        for (int j = 0; j + 1 < path.length; j++) {
            long w = leastArc(path[j], path[j + 1]);
            if (w < 0) {
                return "no arc " + ext(path[j]) + " -> " + ext(path[j + 1]);
            }
            sum += w;
        }
        return sum == want ? null : "weighs " + sum + " with our weights, Dijkstra " + want;
    }

    private long leastArc(int u, int v) {
        long best = -1;
        for (long e = graph.edgeBegin(u); e < graph.edgeEnd(u); e++) {
            if (graph.target(e) == v && (best < 0 || graph.intWeight(e) < best)) {
                best = graph.intWeight(e);
            }
        }
        return best;
    }

    void checkMatrix(PeerResult r, long[] m) {
        int cols = pairs.matrixTargets().length;
        if (m.length != reference.matrix().length) {
            r.check(false, "matrix has " + m.length + " cells, expected " + reference.matrix().length);
            return;
        }
        for (int c = 0; c < m.length; c++) {
            long want = reference.matrix()[c];
            if (m[c] != want) {
                r.check(false, "matrix cell (" + c / cols + ", " + c % cols + "): " + text(m[c]) + ", Dijkstra " + text(want));
            } else {
                r.checked++;
            }
        }
    }

    private long ext(int v) {
        return graph.ids().toExternal(v);
    }

    static String text(long d) {
        return d == Router.UNREACHABLE ? "unreachable" : Long.toString(d);
    }

    /** mean, p50, p99 of a sample (nearest rank). */
    static double[] stats(double[] sample) {
        if (sample.length == 0) {
            return new double[] {Double.NaN, Double.NaN, Double.NaN};
        }
        double[] s = sample.clone();
        Arrays.sort(s);
        double sum = 0;
        for (double x : s) {
            sum += x;
        }
        return new double[] {sum / s.length, s[Math.min(s.length - 1, (int) (0.50 * s.length))],
                s[Math.min(s.length - 1, (int) (0.99 * s.length))]};
    }

    interface Task {
        void run() throws Exception;
    }

    /** Runs {@code task} on {@code threads} threads at once and waits; the first failure is rethrown. */
    static void parallel(int threads, Task task) throws InterruptedException {
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread[] pool = new Thread[Math.max(1, threads)];
        for (int p = 0; p < pool.length; p++) {
            pool[p] = new Thread(() -> {
                try {
                    task.run();
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                }
            }, "routing-" + p);
            pool[p].start();
        }
        for (Thread t : pool) {
            t.join();
        }
        Throwable e = failure.get();
        if (e instanceof RuntimeException re) {
            throw re;
        }
        if (e != null) {
            throw new IllegalStateException(e);
        }
    }

    static long usedHeapAfterGc() {
        Runtime rt = Runtime.getRuntime();
        System.gc();
        System.gc();
        return rt.totalMemory() - rt.freeMemory();
    }

    /** This process's resident set (VmRSS of /proc/self/status), -1 where unreadable. */
    static long residentBytes() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("VmRSS:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux
        }
        return -1;
    }
}
