package org.gsssp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.gsssp.testing.RandomGraphs;
import org.gsssp.testing.RandomGraphs.Shape;
import org.gsssp.testing.RandomGraphs.Spec;
import org.gsssp.testing.ReferenceSssp;
import org.gsssp.testing.ReferenceSssp.Csr;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.function.Executable;

/**
 * The serving path on the CPU: {@link QueryBuffers} reused across queries (stale Results refuse to read),
 * pooled Result memory (closed or left to the garbage collector), {@link Graph#close()} under running
 * queries, and one {@link Options} shared by many threads. Every answer is checked against an independent
 * Dijkstra ({@link ReferenceSssp}); seeds are in the messages.
 */
class ServingPathTest {
    static final Options WITH_PREDECESSORS = Options.defaults();
    static final Options WITHOUT_PREDECESSORS = Options.builder().computePredecessors(false).build();

    // ---- helpers --------------------------------------------------------------------------------------

    static void assertRight(Csr csr, double[] expected, Result r, Supplier<String> what) {
        String problem = ReferenceSssp.problem(csr, expected, r);
        assertNull(problem, () -> what.get() + ": " + problem);
    }

    /** Every read of {@code r} throws IllegalStateException whose message contains {@code reason}. */
    static void assertUnreadable(Result r, String reason, String what) {
        int v = r.numVertices() - 1;
        List<Executable> reads = new ArrayList<>(List.of(
                () -> r.distance(v), () -> r.distanceAsLong(v), () -> r.pathInternal(v), () -> r.isReachable(v),
                () -> r.distances(), () -> r.reachedCount(), () -> r.distance(r.source()), () -> r.pathInternal(r.source())));
        if (r.hasPredecessors()) {
            reads.add(() -> r.predecessor(v));
        }
        for (Executable read : reads) {
            IllegalStateException e = assertThrows(IllegalStateException.class, read, what);
            assertTrue(e.getMessage().contains(reason), () -> what + ": message '" + e.getMessage() + "' lacks '" + reason + "'");
        }
    }

    static final String STALE = "QueryBuffers";          // in both "reused by a later query" and "were closed"
    static final String CLOSED = "this Result is closed";

    // ---- QueryBuffers ---------------------------------------------------------------------------------

    @TestFactory
    Stream<DynamicTest> buffersReusedAcrossQueries() {
        List<Spec> specs = new ArrayList<>(RandomGraphs.suite(24, 3000, 20261126L));
        specs.addAll(RandomGraphs.suite(12, 500, 7L));
        return specs.stream().map(spec -> DynamicTest.dynamicTest(spec.toString(), () -> {
            try (Graph g = RandomGraphs.build(spec)) {
                Csr csr = Csr.of(g);
                int n = g.numVertices();
                SplittableRandom random = new SplittableRandom(spec.seed());
                int[] sources = {random.nextInt(n), random.nextInt(n), 0, n - 1};
                for (boolean predecessors : new boolean[] {true, false}) {
                    Options options = predecessors ? WITH_PREDECESSORS : WITHOUT_PREDECESSORS;
                    try (QueryBuffers buffers = QueryBuffers.forGraph(g, predecessors)) {
                        assertEquals(n, buffers.numVertices());
                        assertEquals(predecessors, buffers.hasPredecessors());
                        Result first = null;
                        Result previous = null;
                        for (int i = 0; i < sources.length; i++) {
                            int source = sources[i];
                            int query = i;
                            Supplier<String> what = () -> spec + " predecessors=" + predecessors + " query " + query
                                    + " from " + source;
                            Result r = Sssp.solve(g, source, Algorithm.CPU_DIJKSTRA, options, buffers);
                            assertEquals(source, r.source(), what);
                            assertEquals(predecessors, r.hasPredecessors(), what);
                            assertEquals(Algorithm.CPU_DIJKSTRA, r.algorithm(), what);
                            assertRight(csr, ReferenceSssp.distances(csr, source), r, what);
                            // the same query without buffers (pooled memory) agrees
                            try (Result fresh = Sssp.solve(g, source, Algorithm.CPU_DIJKSTRA, options)) {
                                assertTrue(Verifier.check(g, r, fresh).isEmpty(), () -> what.get() + ": "
                                        + Verifier.check(g, r, fresh).get());
                            }
                            if (previous != null) {
                                assertUnreadable(previous, STALE, what.get() + ": the previous Result");
                                assertUnreadable(first, STALE, what.get() + ": the first Result");
                            }
                            if (first == null) {
                                first = r;
                            }
                            previous = r;
                        }
                        buffers.close();
                        assertTrue(buffers.isClosed());
                        assertUnreadable(previous, STALE, spec + " predecessors=" + predecessors + ": after buffers.close()");
                        buffers.close();   // idempotent; try-with-resources closes a third time
                    }
                }
            }
        }));
    }

    @Test
    void buffersWithPredecessorsServeQueriesWithout() {
        Spec spec = new Spec(Shape.RMAT, 2000, 31, WeightType.FLOAT32, 1000, 0.1);
        try (Graph g = RandomGraphs.build(spec); QueryBuffers buffers = QueryBuffers.forGraph(g, true)) {
            Csr csr = Csr.of(g);
            Result with = Sssp.solve(g, 3, Algorithm.CPU_DIJKSTRA, WITH_PREDECESSORS, buffers);
            assertRight(csr, ReferenceSssp.distances(csr, 3), with, () -> spec + " from 3 with predecessors");
            Result without = Sssp.solve(g, 5, Algorithm.CPU_DIJKSTRA, WITHOUT_PREDECESSORS, buffers);
            assertFalse(without.hasPredecessors(), spec.toString());
            assertThrows(IllegalStateException.class, () -> without.predecessor(0), spec.toString());
            assertRight(csr, ReferenceSssp.distances(csr, 5), without, () -> spec + " from 5 without predecessors");
            assertUnreadable(with, STALE, spec + ": the Result with predecessors");
            Result again = Sssp.solve(g, 7, Algorithm.CPU_DIJKSTRA, WITH_PREDECESSORS, buffers);
            assertRight(csr, ReferenceSssp.distances(csr, 7), again, () -> spec + " from 7 with predecessors again");
            assertUnreadable(without, STALE, spec + ": the Result without predecessors");
        }
    }

    @Test
    void failedQueryIntoBuffersStillRetiresTheEarlierResult() {
        // Two graphs of the same size: a good one, and one with a negative weight, which CPU Dijkstra refuses.
        Spec spec = new Spec(Shape.UNIFORM, 300, 17, WeightType.INT32, 100, 0);
        try (Graph good = RandomGraphs.build(spec);
                Graph negative = new GraphBuilder(good.numVertices(), WeightType.INT32).addEdge(0, 1, -2).build();
                QueryBuffers buffers = QueryBuffers.forGraph(good, true)) {
            Csr csr = Csr.of(good);
            Result r = Sssp.solve(good, 0, Algorithm.CPU_DIJKSTRA, WITH_PREDECESSORS, buffers);
            assertRight(csr, ReferenceSssp.distances(csr, 0), r, () -> spec + " from 0");
            assertThrows(UnsupportedInputException.class,
                    () -> Sssp.solve(negative, 0, Algorithm.CPU_DIJKSTRA, WITH_PREDECESSORS, buffers));
            // the failed query may have written into the buffers: the earlier Result must not show it
            assertUnreadable(r, STALE, spec + ": Result before a failed query");
            // and the buffers are free again
            Result next = Sssp.solve(good, 1, Algorithm.CPU_DIJKSTRA, WITH_PREDECESSORS, buffers);
            assertRight(csr, ReferenceSssp.distances(csr, 1), next, () -> spec + " from 1 after a failed query");
        }
    }

    @Test
    void closingAResultViewEndsOnlyThatView() {
        Spec spec = new Spec(Shape.GRID, 900, 3, WeightType.INT32, 1000, 0.2);
        try (Graph g = RandomGraphs.build(spec); QueryBuffers buffers = QueryBuffers.forGraph(g, true)) {
            Csr csr = Csr.of(g);
            Result r = Sssp.solve(g, 10, Algorithm.CPU_DIJKSTRA, WITH_PREDECESSORS, buffers);
            assertRight(csr, ReferenceSssp.distances(csr, 10), r, () -> spec + " from 10");
            r.close();
            assertUnreadable(r, CLOSED, spec + ": closed view");
            r.close();   // idempotent
            assertFalse(buffers.isClosed());
            Result next = Sssp.solve(g, 20, Algorithm.CPU_DIJKSTRA, WITH_PREDECESSORS, buffers);
            assertRight(csr, ReferenceSssp.distances(csr, 20), next, () -> spec + " from 20 after closing the view");
        }
    }

    @Test
    void buffersRefuseWhatTheyCannotHold() {
        try (Graph g = RandomGraphs.build(new Spec(Shape.UNIFORM, 50, 5, WeightType.INT32, 10, 0))) {
            assertEquals(50, g.numVertices());
            try (QueryBuffers small = QueryBuffers.allocate(7, true)) {
                IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                        () -> Sssp.solve(g, 0, Algorithm.CPU_DIJKSTRA, WITH_PREDECESSORS, small));
                assertTrue(e.getMessage().contains("7 vertices") && e.getMessage().contains("(50 vertices)"), e.getMessage());
            }
            try (QueryBuffers large = QueryBuffers.allocate(51, false)) {
                IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                        () -> Sssp.solve(g, 0, Algorithm.CPU_DIJKSTRA, WITHOUT_PREDECESSORS, large));
                assertTrue(e.getMessage().contains("51 vertices") && e.getMessage().contains("(50 vertices)"), e.getMessage());
            }
            try (QueryBuffers distancesOnly = QueryBuffers.forGraph(g, false)) {
                assertFalse(distancesOnly.hasPredecessors());
                IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                        () -> Sssp.solve(g, 0, Algorithm.CPU_DIJKSTRA, WITH_PREDECESSORS, distancesOnly));
                assertTrue(e.getMessage().contains("predecessors"), e.getMessage());
                // the refusals leave the buffers usable
                Csr csr = Csr.of(g);
                Result r = Sssp.solve(g, 0, Algorithm.CPU_DIJKSTRA, WITHOUT_PREDECESSORS, distancesOnly);
                assertRight(csr, ReferenceSssp.distances(csr, 0), r, () -> "after refusals");
                // a source out of range is refused too
                assertThrows(IllegalArgumentException.class,
                        () -> Sssp.solve(g, 50, Algorithm.CPU_DIJKSTRA, WITHOUT_PREDECESSORS, distancesOnly));
                assertThrows(IllegalArgumentException.class,
                        () -> Sssp.solve(g, -1, Algorithm.CPU_DIJKSTRA, WITHOUT_PREDECESSORS, distancesOnly));
            }
            QueryBuffers buffers = QueryBuffers.forGraph(g, true);
            assertEquals(Devices.available(), buffers.isPinned());
            assertFalse(buffers.isClosed());
            buffers.close();
            assertTrue(buffers.isClosed());
            buffers.close();
            buffers.close();
            IllegalStateException e = assertThrows(IllegalStateException.class,
                    () -> Sssp.solve(g, 0, Algorithm.CPU_DIJKSTRA, WITH_PREDECESSORS, buffers));
            assertTrue(e.getMessage().contains("closed"), e.getMessage());
        }
        assertThrows(IllegalArgumentException.class, () -> QueryBuffers.allocate(-1, true));
        try (QueryBuffers empty = QueryBuffers.allocate(0, true)) {
            assertEquals(0, empty.numVertices());
        }
    }

    // ---- pooled Results -------------------------------------------------------------------------------

    @TestFactory
    Stream<DynamicTest> pooledResults() {
        return Stream.of(new Spec(Shape.UNIFORM, 3000, 101, WeightType.INT32, 1000, 0.05),
                new Spec(Shape.RMAT, 2048, 102, WeightType.FLOAT32, 100, 0.1),
                new Spec(Shape.DISCONNECTED, 1500, 103, WeightType.INT32, 10, 0.3))
                .map(spec -> DynamicTest.dynamicTest(spec.toString(), () -> pooledResults(spec, 200)));
    }

    private static void pooledResults(Spec spec, int queries) {
        try (Graph g = RandomGraphs.build(spec)) {
            Csr csr = Csr.of(g);
            int n = g.numVertices();
            SplittableRandom random = new SplittableRandom(spec.seed() * 31 + 1);
            Map<Integer, double[]> references = new HashMap<>();
            List<Result> kept = new ArrayList<>();
            List<double[]> keptExpected = new ArrayList<>();
            for (int i = 0; i < queries; i++) {
                int source = random.nextInt(n);
                int query = i;
                Options options = random.nextBoolean() ? WITH_PREDECESSORS : WITHOUT_PREDECESSORS;
                Supplier<String> what = () -> spec + " query " + query + " from " + source
                        + " predecessors=" + options.computePredecessors();
                double[] expected = references.computeIfAbsent(source, s -> ReferenceSssp.distances(csr, s));
                Result r = Sssp.solve(g, source, Algorithm.CPU_DIJKSTRA, options);
                assertRight(csr, expected, r, what);
                switch (random.nextInt(3)) {
                    case 0 -> {
                        r.close();
                        assertUnreadable(r, CLOSED, what.get() + ": closed");
                        r.close();
                    }
                    case 1 -> {
                        kept.add(r);
                        keptExpected.add(expected);
                    }
                    default -> { /* dropped: the garbage collector gives its memory back */ }
                }
                if (i % 50 == 49) {
                    System.gc();   // let the cleaner hand the dropped Results' blocks to later queries
                }
            }
            // No later query may have been handed the memory of a Result still in use.
            for (int k = 0; k < kept.size(); k++) {
                int index = k;
                assertRight(csr, keptExpected.get(k), kept.get(k), () -> spec + " kept Result " + index
                        + " from " + kept.get(index).source() + ", re-read after all queries");
            }
            for (Result r : kept) {
                r.close();
                assertThrows(IllegalStateException.class, () -> r.distance(0));
            }
        }
    }

    // ---- Graph.close() under running queries ----------------------------------------------------------

    @TestFactory
    Stream<DynamicTest> graphCloseWhileQueriesRun() {
        // closeAfter: completed queries to wait for before close (0: close at once, maybe before the first query
        // has made the host graph handle).
        return Stream.of(
                DynamicTest.dynamicTest("grid, close after 16 queries",
                        () -> graphCloseWhileQueriesRun(new Spec(Shape.GRID, 90_000, 41, WeightType.INT32, 1000, 0.1), 16)),
                DynamicTest.dynamicTest("uniform float, close after 8 queries",
                        () -> graphCloseWhileQueriesRun(new Spec(Shape.UNIFORM, 60_000, 42, WeightType.FLOAT32, 100, 0), 8)),
                DynamicTest.dynamicTest("rmat, close at once",
                        () -> graphCloseWhileQueriesRun(new Spec(Shape.RMAT, 30_000, 43, WeightType.INT32, 100, 0), 0)));
    }

    private static void graphCloseWhileQueriesRun(Spec spec, int closeAfter) throws Exception {
        int threads = 4;
        Graph g = RandomGraphs.build(spec);
        Csr csr = Csr.of(g);
        int n = g.numVertices();
        SplittableRandom random = new SplittableRandom(spec.seed());
        int[] sources = new int[8];
        double[][] expected = new double[sources.length][];
        for (int i = 0; i < sources.length; i++) {
            sources[i] = random.nextInt(n);
            expected[i] = ReferenceSssp.distances(csr, sources[i]);
        }
        Algorithm cpuAuto = Devices.available() ? Algorithm.CPU_DIJKSTRA : Algorithm.AUTO;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        AtomicInteger completed = new AtomicInteger();
        AtomicInteger closedSeen = new AtomicInteger();
        // A kept Result with the index of its source, added as one element: two lists added to one after the other
        // would pair one thread's Result with another thread's index.
        record Kept(Result result, int index) {}
        List<Kept> kept = java.util.Collections.synchronizedList(new ArrayList<>());
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int thread = t;
                futures.add(pool.submit(() -> {
                    // thread 0 queries into its own buffers, 1 pooled without predecessors, 2 pooled with, 3 AUTO
                    // (CPU Dijkstra without a GPU; on a GPU host AUTO would upload this graph, not a CPU query)
                    QueryBuffers buffers = thread == 0 ? QueryBuffers.forGraph(g, true) : null;
                    try {
                        for (int i = 0; ; i++) {
                            int index = (thread * 3 + i) % sources.length;
                            int source = sources[index];
                            int query = i;
                            Result r;
                            try {
                                r = switch (thread) {
                                    case 0 -> Sssp.solve(g, source, Algorithm.CPU_DIJKSTRA, WITH_PREDECESSORS, buffers);
                                    case 1 -> Sssp.solve(g, source, Algorithm.CPU_DIJKSTRA, WITHOUT_PREDECESSORS);
                                    case 2 -> Sssp.solve(g, source, Algorithm.CPU_DIJKSTRA, WITH_PREDECESSORS);
                                    default -> Sssp.solve(g, source, cpuAuto, WITH_PREDECESSORS);
                                };
                            } catch (GraphClosedException e) {
                                closedSeen.incrementAndGet();
                                return null;
                            }
                            // checked against the heap copy: the graph may be closed by now
                            assertRight(csr, expected[index], r, () -> spec + " thread " + thread + " query " + query
                                    + " from " + source);
                            completed.incrementAndGet();
                            if (thread != 0) {
                                if (query % 2 == 0) {
                                    r.close();
                                } else {
                                    kept.add(new Kept(r, index));
                                }
                            }
                        }
                    } finally {
                        if (buffers != null) {
                            buffers.close();
                        }
                    }
                }));
            }
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (completed.get() < closeAfter && System.nanoTime() < deadline) {
                Thread.sleep(1);
            }
            g.close();
            for (Future<?> f : futures) {
                try {
                    f.get(2, TimeUnit.MINUTES);
                } catch (ExecutionException e) {
                    fail(spec + ": a query failed with something other than GraphClosedException", e.getCause());
                }
            }
        } finally {
            pool.shutdownNow();
            g.close();
        }
        assertEquals(threads, closedSeen.get(), spec + ": every thread ends with GraphClosedException");
        assertTrue(g.isClosed());
        assertThrows(GraphClosedException.class, () -> Sssp.solve(g, 0, Algorithm.CPU_DIJKSTRA));
        assertThrows(GraphClosedException.class, () -> Sssp.solve(g, 0, Algorithm.CPU_DIJKSTRA, WITHOUT_PREDECESSORS));
        assertThrows(GraphClosedException.class, () -> Sssp.solve(g, 0, Algorithm.AUTO));
        try (QueryBuffers buffers = QueryBuffers.allocate(n, true)) {
            assertThrows(GraphClosedException.class,
                    () -> Sssp.solve(g, 0, Algorithm.CPU_DIJKSTRA, WITH_PREDECESSORS, buffers));
            // the failed query released the buffers
            assertThrows(GraphClosedException.class,
                    () -> Sssp.solve(g, 1, Algorithm.CPU_DIJKSTRA, WITH_PREDECESSORS, buffers));
        }
        // pooled Results made before the close are host memory of their own: still readable and right
        synchronized (kept) {
            for (Kept k : kept) {
                assertRight(csr, expected[k.index()], k.result(), () -> spec + " Result kept over the close, from "
                        + sources[k.index()]);
                k.result().close();
            }
        }
        g.close();   // idempotent
    }

    // ---- one Options, many threads --------------------------------------------------------------------

    @Test
    void sharedOptionsAcrossThreads() throws Exception {
        int threads = 8;
        int queriesPerThread = 40;
        Spec spec = new Spec(Shape.UNIFORM, 20_000, 61, WeightType.INT32, 1000, 0.05);
        Options odd = Options.builder().computePredecessors(true).blockSize(128).deltaStepping(DeltaSteppingParams.builder().delta(50).build()).maxIterations(1_000_000).build();
        List<Options> shared = List.of(WITH_PREDECESSORS, WITHOUT_PREDECESSORS, odd,
                Options.builder().computePredecessors(false).build());
        try (Graph g = RandomGraphs.build(spec)) {
            Csr csr = Csr.of(g);
            SplittableRandom random = new SplittableRandom(spec.seed());
            int[] sources = new int[16];
            double[][] expected = new double[sources.length][];
            for (int i = 0; i < sources.length; i++) {
                sources[i] = random.nextInt(g.numVertices());
                expected[i] = ReferenceSssp.distances(csr, sources[i]);
            }
            ExecutorService pool = Executors.newFixedThreadPool(threads);
            try {
                List<Future<?>> futures = new ArrayList<>();
                for (int t = 0; t < threads; t++) {
                    int thread = t;
                    futures.add(pool.submit(() -> {
                        try (QueryBuffers buffers = QueryBuffers.forGraph(g, true)) {
                            for (int i = 0; i < queriesPerThread; i++) {
                                int index = (thread * 5 + i) % sources.length;
                                // the last thread makes a fresh Options each time, churning the native-struct cache
                                Options options = thread == threads - 1
                                        ? Options.builder().computePredecessors(i % 2 == 0).build()
                                        : shared.get((thread + i) % shared.size());
                                int query = i;
                                Supplier<String> what = () -> spec + " thread " + thread + " query " + query + " from "
                                        + sources[index] + " predecessors=" + options.computePredecessors();
                                Result r = i % 3 == 0
                                        ? Sssp.solve(g, sources[index], Algorithm.CPU_DIJKSTRA, options, buffers)
                                        : Sssp.solve(g, sources[index], Algorithm.CPU_DIJKSTRA, options);
                                assertEquals(options.computePredecessors(), r.hasPredecessors(), what);
                                assertRight(csr, expected[index], r, what);
                                r.close();
                                if (thread == 0 && i == queriesPerThread / 2) {
                                    System.gc();   // expunge dropped Options from the cache while others query
                                }
                            }
                        }
                        return null;
                    }));
                }
                for (Future<?> f : futures) {
                    f.get(5, TimeUnit.MINUTES);
                }
            } finally {
                pool.shutdownNow();
            }
        }
    }
}
