package org.gsssp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.gsssp.testing.GpuTest;
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
 * The serving path on the GPU: queries into {@link QueryBuffers}, pooled Results, {@link DeviceResult}s left
 * on the device, AUTO's choice on a {@link DeviceGraph}, and many threads (with a close racing them). Every
 * answer is checked against CPU Dijkstra with {@link Verifier}; seeds are in the messages.
 */
@GpuTest
class ServingGpuTest {
    static final List<Algorithm> ALGORITHMS = List.of(Algorithm.ADDS, Algorithm.NEAR_FAR, Algorithm.HBF, Algorithm.FRONTIER);
    static final Options WITH_PREDECESSORS = Options.defaults();
    static final Options WITHOUT_PREDECESSORS = Options.builder().computePredecessors(false).build();
    static final String STALE = "QueryBuffers";   // in the messages of a reused and of a closed QueryBuffers' Result

    // ---- helpers --------------------------------------------------------------------------------------

    /** {@code r} equals the CPU reference (distances bit for bit) and its predecessors, if any, form a valid tree. */
    static void assertRight(Graph g, Result r, Result reference, Supplier<String> what) {
        Optional<String> problem = Verifier.check(g, r, reference);
        assertTrue(problem.isEmpty(), () -> what.get() + ": " + problem.get());
    }

    static void assertUnreadable(Result r, String reason, String what) {
        int v = r.numVertices() - 1;
        List<Executable> reads = new ArrayList<>(List.of(() -> r.distance(v), () -> r.distanceAsLong(v), () -> r.pathInternal(v),
                () -> r.isReachable(v), () -> r.distances(), () -> r.distance(r.source())));
        if (r.hasPredecessors()) {
            reads.add(() -> r.predecessor(v));
        }
        for (Executable read : reads) {
            IllegalStateException e = assertThrows(IllegalStateException.class, read, what);
            assertTrue(e.getMessage().contains(reason), () -> what + ": message '" + e.getMessage() + "' lacks '" + reason + "'");
        }
    }

    /** A source in range, from the spec's seed. */
    static int sourceOf(Spec spec, int n) {
        return (int) Math.floorMod(spec.seed(), (long) n);
    }

    /** The graph of {@code spec} with {@code extra} isolated vertices appended (unreachable from any other). */
    static Graph withIsolatedVertices(Spec spec, int extra) {
        try (Graph g = RandomGraphs.build(spec)) {
            long[] offsets = TestSupport.offsets(g);
            long[] longer = Arrays.copyOf(offsets, offsets.length + extra);
            Arrays.fill(longer, offsets.length, longer.length, offsets[offsets.length - 1]);
            int n = longer.length - 1;
            String name = spec + " + " + extra + " isolated";
            return g.weightType() == WeightType.INT32
                    ? Graph.fromArrays(longer, TestSupport.targets(g), TestSupport.intWeights(g), VertexIds.offset(0, n), name)
                    : Graph.fromArrays(longer, TestSupport.targets(g), TestSupport.floatWeights(g), VertexIds.offset(0, n), name);
        }
    }

    static void await(List<Future<?>> futures, String what) throws Exception {
        for (Future<?> f : futures) {
            try {
                f.get(3, TimeUnit.MINUTES);
            } catch (ExecutionException e) {
                fail(what + ": a thread failed", e.getCause());
            }
        }
    }

    // ---- queries into QueryBuffers --------------------------------------------------------------------

    @TestFactory
    Stream<DynamicTest> queriesIntoBuffers() {
        List<Spec> specs = RandomGraphs.suite(24, 8000, 20261127L);
        return specs.stream().map(spec -> DynamicTest.dynamicTest(spec.toString(), () -> {
            try (Graph g = RandomGraphs.build(spec); DeviceGraph dg = DeviceGraph.upload(g);
                    QueryBuffers withPredecessors = QueryBuffers.forGraph(g, true);
                    QueryBuffers distancesOnly = QueryBuffers.forGraph(g, false)) {
                assertTrue(withPredecessors.isPinned(), "QueryBuffers are pinned on a GPU host");
                int n = g.numVertices();
                Map<QueryBuffers, Result> last = new HashMap<>();
                for (int source : new int[] {0, sourceOf(spec, n)}) {
                    Result reference = Sssp.solve(g, source, Algorithm.CPU_DIJKSTRA);
                    for (Algorithm algorithm : ALGORITHMS) {
                        for (Options options : List.of(WITH_PREDECESSORS, WITHOUT_PREDECESSORS)) {
                            // predecessor-capable buffers serve queries without predecessors too: alternate
                            QueryBuffers buffers = options.computePredecessors() || algorithm.ordinal() % 2 == 0
                                    ? withPredecessors : distancesOnly;
                            Supplier<String> what = () -> algorithm + " on " + spec + " from " + source
                                    + " predecessors=" + options.computePredecessors()
                                    + " buffers with predecessors=" + buffers.hasPredecessors();
                            Result r = dg.query(source, algorithm, options, buffers);
                            assertEquals(algorithm, r.algorithm(), what);
                            assertEquals(source, r.source(), what);
                            assertEquals(options.computePredecessors(), r.hasPredecessors(), what);
                            assertRight(g, r, reference, what);
                            Result previous = last.put(buffers, r);
                            if (previous != null) {
                                assertUnreadable(previous, STALE, what.get() + ": the Result the query overwrote");
                            }
                        }
                    }
                }
                withPredecessors.close();
                assertUnreadable(last.get(withPredecessors), STALE, spec + ": after its buffers closed");
                assertThrows(IllegalStateException.class,
                        () -> dg.query(0, Algorithm.ADDS, WITH_PREDECESSORS, withPredecessors), spec + ": closed buffers");
                IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                        () -> dg.query(0, Algorithm.ADDS, WITH_PREDECESSORS, distancesOnly), spec.toString());
                assertTrue(e.getMessage().contains("predecessors"), e.getMessage());
                // the refusal left the buffers and their Result as they were
                Result r = dg.query(0, Algorithm.FRONTIER, WITHOUT_PREDECESSORS, distancesOnly);
                assertRight(g, r, Sssp.solve(g, 0, Algorithm.CPU_DIJKSTRA), () -> spec + ": distancesOnly after a refusal");
            }
        }));
    }

    @Test
    void buffersOfAnotherSizeAreRefused() {
        Spec spec = new Spec(Shape.UNIFORM, 500, 8, WeightType.INT32, 100, 0);
        try (Graph g = RandomGraphs.build(spec); DeviceGraph dg = DeviceGraph.upload(g);
                QueryBuffers buffers = QueryBuffers.allocate(499, true)) {
            for (Algorithm algorithm : ALGORITHMS) {
                IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                        () -> dg.query(0, algorithm, WITH_PREDECESSORS, buffers), algorithm.toString());
                assertTrue(e.getMessage().contains("499 vertices") && e.getMessage().contains("(500 vertices)"), e.getMessage());
            }
        }
    }

    // ---- pooled Results --------------------------------------------------------------------------------

    @TestFactory
    Stream<DynamicTest> pooledQueries() {
        return Stream.of(new Spec(Shape.GRID, 20_000, 201, WeightType.INT32, 1000, 0.1),
                new Spec(Shape.RMAT, 16_384, 202, WeightType.FLOAT32, 100, 0.05))
                .map(spec -> DynamicTest.dynamicTest(spec.toString(), () -> pooledQueries(spec, 50)));
    }

    private static void pooledQueries(Spec spec, int queries) {
        try (Graph g = RandomGraphs.build(spec)) {
            int n = g.numVertices();
            SplittableRandom random = new SplittableRandom(spec.seed());
            int[] sources = new int[10];
            Result[] references = new Result[sources.length];
            for (int i = 0; i < sources.length; i++) {
                sources[i] = random.nextInt(n);
                references[i] = Sssp.solve(g, sources[i], Algorithm.CPU_DIJKSTRA);
            }
            List<Result> kept = new ArrayList<>();
            List<Integer> keptIndex = new ArrayList<>();
            DeviceGraph dg = DeviceGraph.upload(g);
            try {
                for (int i = 0; i < queries; i++) {
                    int index = random.nextInt(sources.length);
                    Algorithm algorithm = ALGORITHMS.get(i % ALGORITHMS.size());
                    Options options = random.nextBoolean() ? WITH_PREDECESSORS : WITHOUT_PREDECESSORS;
                    int query = i;
                    Supplier<String> what = () -> algorithm + " on " + spec + " query " + query + " from " + sources[index]
                            + " predecessors=" + options.computePredecessors();
                    Result r = dg.query(sources[index], algorithm, options);
                    assertEquals(algorithm, r.algorithm(), what);
                    assertEquals(options.computePredecessors(), r.hasPredecessors(), what);
                    assertRight(g, r, references[index], what);
                    switch (random.nextInt(3)) {
                        case 0 -> {
                            r.close();
                            assertUnreadable(r, "this Result is closed", what.get() + ": closed");
                            r.close();
                        }
                        case 1 -> {
                            kept.add(r);
                            keptIndex.add(index);
                        }
                        default -> { /* dropped: the garbage collector gives its pinned block back */ }
                    }
                    if (i % 20 == 19) {
                        System.gc();
                    }
                }
                // no later query may have been handed the block of a Result still in use
                for (int k = 0; k < kept.size(); k++) {
                    int index = keptIndex.get(k);
                    int which = k;
                    assertRight(g, kept.get(k), references[index], () -> spec + " kept Result " + which + " from "
                            + sources[index] + ", re-read after all queries");
                }
            } finally {
                dg.close();
            }
            // pooled Results are host memory: closing the device graph leaves those still held readable
            for (int k = 0; k < kept.size(); k++) {
                int index = keptIndex.get(k);
                assertRight(g, kept.get(k), references[index], () -> spec + " kept Result from " + sources[index]
                        + ", re-read after the device graph closed");
                kept.get(k).close();
            }
        }
    }

    // ---- DeviceResult -----------------------------------------------------------------------------------

    @TestFactory
    Stream<DynamicTest> deviceResults() {
        return Stream.of(new Spec(Shape.UNIFORM, 20_000, 301, WeightType.INT32, 1000, 0.05),
                new Spec(Shape.DISCONNECTED, 12_000, 302, WeightType.FLOAT32, 100, 0.1),
                new Spec(Shape.GRID, 10_000, 303, WeightType.INT32, 10, 0.3))
                .map(spec -> DynamicTest.dynamicTest(spec.toString(), () -> deviceResult(spec)));
    }

    private static void deviceResult(Spec spec) {
        int isolated = 50;
        try (Graph g = withIsolatedVertices(spec, isolated); DeviceGraph dg = DeviceGraph.upload(g)) {
            Csr csr = Csr.of(g);
            int n = g.numVertices();
            boolean ints = g.weightType() == WeightType.INT32;
            SplittableRandom random = new SplittableRandom(spec.seed());
            int source = random.nextInt(n - isolated);
            Result reference = Sssp.solve(g, source, Algorithm.CPU_DIJKSTRA);
            double[] expected = ReferenceSssp.distances(csr, source);
            String what = "ADDS resident on " + g.name() + " from " + source;

            DeviceResult dr = dg.queryResident(source, Algorithm.ADDS, WITH_PREDECESSORS);
            assertEquals(Algorithm.ADDS, dr.algorithm(), what);
            assertEquals(source, dr.source(), what);
            assertEquals(n, dr.numVertices(), what);
            assertEquals(g.weightType(), dr.weightType(), what);
            assertTrue(dr.hasPredecessors(), what);
            assertNotNull(dr.stats(), what);
            // the reached count is made on demand, once
            assertEquals(-1, dr.stats().verticesReached(), what + ": a resident query's stats do not count the reached vertices");
            assertEquals(reference.stats().verticesReached(), dr.verticesReached(), what + ": verticesReached()");
            assertEquals(reference.stats().verticesReached(), dr.verticesReached(), what + ": verticesReached() again");

            // single distances: the source, unreachable vertices, random ones
            List<Integer> probes = new ArrayList<>(List.of(source, n - 1, n - isolated));
            for (int i = 0; i < 40; i++) {
                probes.add(random.nextInt(n));
            }
            for (int v : probes) {
                assertEquals(0, Double.compare(reference.distance(v), dr.distance(v)),
                        () -> what + ": distance(" + v + ") " + dr.distance(v) + ", reference " + reference.distance(v));
                assertEquals(0, Double.compare(expected[v], dr.distance(v)), () -> what + ": distance(" + v + ") vs ReferenceSssp");
                if (ints) {
                    assertEquals(reference.distanceAsLong(v), dr.distanceAsLong(v), () -> what + ": distanceAsLong(" + v + ")");
                }
            }
            assertEquals(Double.POSITIVE_INFINITY, dr.distance(n - 1), what + ": an isolated vertex");
            if (ints) {
                assertEquals(Long.MAX_VALUE, dr.distanceAsLong(n - 1), what + ": an isolated vertex");
                assertEquals(0L, dr.distanceAsLong(source), what);
            } else {
                assertThrows(IllegalStateException.class, () -> dr.distanceAsLong(source), what);
                assertThrows(IllegalStateException.class, () -> dr.distancesAsLong(new int[] {source}), what);
            }

            // batches of 1, 3, 5 and 100 vertices, each with an unreachable one, in random order
            for (int size : new int[] {1, 3, 5, 100}) {
                int[] vertices = new int[size];
                for (int i = 0; i < size; i++) {
                    vertices[i] = random.nextInt(n);
                }
                vertices[random.nextInt(size)] = n - 1 - random.nextInt(isolated);
                if (size > 1) {
                    vertices[0] = vertices[size - 1];   // a repeated vertex
                }
                double[] doubles = dr.distances(vertices);
                assertEquals(size, doubles.length);
                long[] longs = ints ? dr.distancesAsLong(vertices) : null;
                for (int i = 0; i < size; i++) {
                    int v = vertices[i];
                    int at = i;
                    assertEquals(0, Double.compare(reference.distance(v), doubles[i]),
                            () -> what + ": distances(" + Arrays.toString(vertices) + ")[" + at + "]");
                    if (ints) {
                        assertEquals(reference.distanceAsLong(v), longs[i],
                                () -> what + ": distancesAsLong(" + Arrays.toString(vertices) + ")[" + at + "]");
                    }
                }
            }
            assertEquals(0, dr.distances(new int[0]).length);

            // paths: valid shortest paths, empty when unreachable
            assertArrayEquals(new int[] {source}, dr.pathInternal(source), what + ": path to the source");
            assertEquals(0, dr.pathInternal(n - 1).length, what + ": path to an isolated vertex");
            for (int i = 0; i < 60; i++) {
                int v = i < 10 ? (int) Math.min(n - 1L, (long) source + i) : random.nextInt(n);
                int[] path = dr.pathInternal(v);
                String problem = ReferenceSssp.pathProblem(csr, expected, source, v, path);
                assertNull(problem, () -> what + ": " + problem);
                ShortestPath full = dr.path(v);
                assertArrayEquals(path, full.vertices(), what + ": path(" + v + ") vertices");
                assertEquals(expected[v], full.weight(), what + ": path(" + v + ") weight");
            }
            // the path with the most hops in the CPU's tree (a different tree may differ in hops, never in weight)
            int far = source;
            int farHops = 1;
            for (int v = 0; v < n; v++) {
                int hops = reference.pathInternal(v).length;
                if (hops > farHops) {
                    far = v;
                    farHops = hops;
                }
            }
            int farthest = far;
            int[] farPath = dr.pathInternal(farthest);
            String farProblem = ReferenceSssp.pathProblem(csr, expected, source, farthest, farPath);
            assertNull(farProblem, () -> what + ": path to " + farthest + ": " + farProblem);

            // all of it
            Result host = dr.toHost();
            assertTrue(host.hasPredecessors(), what);
            assertEquals(Algorithm.ADDS, host.algorithm(), what);
            assertRight(g, host, reference, () -> what + ": toHost()");
            assertNull(ReferenceSssp.problem(csr, expected, host), () -> what + ": toHost() vs ReferenceSssp: "
                    + ReferenceSssp.problem(csr, expected, host));

            // out of range
            for (int bad : new int[] {-1, n, Integer.MAX_VALUE}) {
                assertThrows(IllegalArgumentException.class, () -> dr.distance(bad), what + ": distance(" + bad + ")");
                assertThrows(IllegalArgumentException.class, () -> dr.distances(new int[] {0, bad}), what);
                assertThrows(IllegalArgumentException.class, () -> dr.pathInternal(bad), what + ": path(" + bad + ")");
                if (ints) {
                    assertThrows(IllegalArgumentException.class, () -> dr.distanceAsLong(bad), what);
                    assertThrows(IllegalArgumentException.class, () -> dr.distancesAsLong(new int[] {bad}), what);
                }
            }

            // closed
            dr.close();
            assertThrows(IllegalStateException.class, () -> dr.distance(source), what + ": closed");
            assertThrows(IllegalStateException.class, () -> dr.distances(new int[] {source}), what + ": closed");
            assertThrows(IllegalStateException.class, () -> dr.distancesAsLong(new int[] {source}), what + ": closed");
            assertThrows(IllegalStateException.class, () -> dr.distanceAsLong(source), what + ": closed");
            assertThrows(IllegalStateException.class, () -> dr.pathInternal(source), what + ": closed");
            assertThrows(IllegalStateException.class, dr::toHost, what + ": closed");
            dr.close();
            dr.close();
            // toHost() is a copy of its own: still readable
            assertRight(g, host, reference, () -> what + ": toHost() after the DeviceResult closed");

            // without predecessors: no paths, distances as before
            try (DeviceResult plain = dg.queryResident(source, Algorithm.ADDS, WITHOUT_PREDECESSORS)) {
                assertFalse(plain.hasPredecessors(), what);
                IllegalStateException e = assertThrows(IllegalStateException.class, () -> plain.pathInternal(source), what);
                assertTrue(e.getMessage().contains("predecessors"), e.getMessage());
                assertThrows(IllegalStateException.class, () -> plain.pathInternal(n - 1), what);
                Result copy = plain.toHost();
                assertFalse(copy.hasPredecessors(), what);
                assertRight(g, copy, reference, () -> what + ": toHost() without predecessors");
                assertEquals(0, Double.compare(reference.distance(probes.get(5)), plain.distance(probes.get(5))), what);
            }

            // other GPU algorithms leave results on the device too; CPU Dijkstra cannot
            for (Algorithm algorithm : List.of(Algorithm.NEAR_FAR, Algorithm.HBF, Algorithm.FRONTIER)) {
                try (DeviceResult other = dg.queryResident(source, algorithm, WITH_PREDECESSORS)) {
                    assertEquals(algorithm, other.algorithm());
                    assertRight(g, other.toHost(), reference, () -> algorithm + " resident on " + g.name() + " from " + source);
                }
            }
            assertThrows(IllegalArgumentException.class, () -> dg.queryResident(source, Algorithm.CPU_DIJKSTRA, WITH_PREDECESSORS));
            assertThrows(IllegalArgumentException.class, () -> dg.queryResident(-1, Algorithm.ADDS, WITH_PREDECESSORS));
            assertThrows(IllegalArgumentException.class, () -> dg.queryResident(n, Algorithm.ADDS, WITH_PREDECESSORS));
        }
    }

    @Test
    void longPathsFromADeviceResult() {
        // A chain: the path to vertex v has v + 1 vertices, around and far past DeviceResult.path's first 1024-entry
        // array (its retry with a larger one).
        for (WeightType type : WeightType.values()) {
            Spec spec = new Spec(Shape.CHAIN, 3000, 701, type, 100, 0.1);
            try (Graph g = RandomGraphs.build(spec); DeviceGraph dg = DeviceGraph.upload(g);
                    DeviceResult dr = dg.queryResident(0, Algorithm.ADDS, WITH_PREDECESSORS)) {
                Csr csr = Csr.of(g);
                double[] expected = ReferenceSssp.distances(csr, 0);
                for (int v : new int[] {0, 1, 1022, 1023, 1024, 1025, 2047, 2048, 2999}) {
                    int[] path = dr.pathInternal(v);
                    assertEquals(v + 1, path.length, spec + ": vertices on the path to " + v);
                    for (int i = 0; i <= v; i++) {
                        assertEquals(i, path[i], spec + ": path to " + v);
                    }
                    String problem = ReferenceSssp.pathProblem(csr, expected, 0, v, path);
                    assertNull(problem, () -> spec + ": " + problem);
                }
                // from the middle, the start of the chain is unreachable
                try (DeviceResult middle = dg.queryResident(1500, Algorithm.ADDS, WITH_PREDECESSORS)) {
                    assertEquals(0, middle.pathInternal(1499).length, spec.toString());
                    assertEquals(1500, middle.pathInternal(2999).length, spec.toString());
                    assertEquals(Double.POSITIVE_INFINITY, middle.distance(0), spec.toString());
                }
            }
        }
    }

    @Test
    void deviceResultsOutliveTheirDeviceGraphOnlyAsErrors() {
        Spec spec = new Spec(Shape.RMAT, 8192, 401, WeightType.INT32, 100, 0);
        try (Graph g = RandomGraphs.build(spec)) {
            DeviceGraph dg = DeviceGraph.upload(g);
            DeviceResult with = dg.queryResident(0, Algorithm.ADDS, WITH_PREDECESSORS);
            DeviceResult without = dg.queryResident(1, Algorithm.HBF, WITHOUT_PREDECESSORS);
            DeviceResult closedFirst = dg.queryResident(2, Algorithm.ADDS, WITH_PREDECESSORS);
            assertRight(g, with.toHost(), Sssp.solve(g, 0, Algorithm.CPU_DIJKSTRA), () -> spec + " from 0");
            assertRight(g, without.toHost(), Sssp.solve(g, 1, Algorithm.CPU_DIJKSTRA), () -> spec + " from 1");
            closedFirst.close();
            dg.close();
            for (DeviceResult dr : List.of(with, without)) {
                String what = spec + ": " + dr.algorithm() + " from " + dr.source() + " after its device graph closed";
                assertThrows(GraphClosedException.class, () -> dr.distance(0), what);
                assertThrows(GraphClosedException.class, () -> dr.distanceAsLong(0), what);
                assertThrows(GraphClosedException.class, () -> dr.distancesAsLong(new int[] {0, 1, 2}), what);
                assertThrows(GraphClosedException.class, () -> dr.distances(new int[] {3}), what);
                assertThrows(GraphClosedException.class, dr::toHost, what);
                assertThrows(GraphClosedException.class, dr::verticesReached, what + " (counted before, by toHost)");
            }
            assertThrows(GraphClosedException.class, () -> with.pathInternal(5), spec + ": path after close");
            assertThrows(IllegalStateException.class, () -> without.pathInternal(5), spec + ": no predecessors, closed or not");
            with.close();
            without.close();
            with.close();
            // once closed, a result says so first
            assertThrows(IllegalStateException.class, () -> with.distance(0));
            assertThrows(IllegalStateException.class, with::verticesReached);
            assertThrows(IllegalStateException.class, () -> closedFirst.distance(0));
            closedFirst.close();
            assertThrows(GraphClosedException.class, () -> dg.queryResident(0, Algorithm.ADDS, WITH_PREDECESSORS));
            assertThrows(GraphClosedException.class, () -> dg.query(0, Algorithm.ADDS));
            try (QueryBuffers buffers = QueryBuffers.forGraph(g, true)) {
                assertThrows(GraphClosedException.class, () -> dg.query(0, Algorithm.ADDS, WITH_PREDECESSORS, buffers));
                // the failed query gave the buffers back: a CPU query may use them
                Result r = Sssp.solve(g, 0, Algorithm.CPU_DIJKSTRA, WITH_PREDECESSORS, buffers);
                assertRight(g, r, Sssp.solve(g, 0, Algorithm.CPU_DIJKSTRA), () -> spec + ": buffers after a refused query");
            }
        }
    }

    @Test
    void deviceResultsLeftToTheGarbageCollector() {
        Spec spec = new Spec(Shape.GRID, 10_000, 402, WeightType.INT32, 100, 0);
        try (Graph g = RandomGraphs.build(spec); DeviceGraph dg = DeviceGraph.upload(g)) {
            Result reference = Sssp.solve(g, 0, Algorithm.CPU_DIJKSTRA);
            for (int i = 0; i < 200; i++) {
                DeviceResult dr = dg.queryResident(0, Algorithm.ADDS, WITH_PREDECESSORS);   // never closed
                assertEquals(0, Double.compare(reference.distance(g.numVertices() - 1), dr.distance(g.numVertices() - 1)));
                if (i % 50 == 49) {
                    System.gc();
                }
            }
            try (DeviceResult dr = dg.queryResident(0, Algorithm.ADDS, WITH_PREDECESSORS)) {
                assertRight(g, dr.toHost(), reference, () -> spec + ": after 200 results left to the GC");
            }
        }
    }

    // ---- AUTO --------------------------------------------------------------------------------------------

    @Test
    void autoOnADeviceGraph() {
        // small: fewer edges than the crossover -> CPU Dijkstra, also into buffers
        // (sizes follow Algorithm.AUTO_GPU_MIN_EDGES, provisional until measured)
        Spec small = new Spec(Shape.CHAIN, (int) Math.max(10, Math.min(1000, Algorithm.AUTO_GPU_MIN_EDGES / 2)), 501,
                WeightType.INT32, 100, 0);
        try (Graph g = RandomGraphs.build(small); DeviceGraph dg = DeviceGraph.upload(g);
                QueryBuffers buffers = QueryBuffers.forGraph(g, true)) {
            assertTrue(g.numEdges() < Algorithm.AUTO_GPU_MIN_EDGES, small + ": " + g.numEdges() + " edges");
            Result reference = Sssp.solve(g, 7, Algorithm.CPU_DIJKSTRA);
            Result r = dg.query(7, Algorithm.AUTO, WITH_PREDECESSORS);
            assertEquals(Algorithm.CPU_DIJKSTRA, r.algorithm(), small.toString());
            assertEquals("CPU", r.device(), small.toString());
            assertRight(g, r, reference, () -> small + " AUTO");
            assertEquals(Algorithm.CPU_DIJKSTRA, dg.query(7).algorithm(), small.toString());
            Result into = dg.query(7, Algorithm.AUTO, WITH_PREDECESSORS, buffers);
            assertEquals(Algorithm.CPU_DIJKSTRA, into.algorithm(), small.toString());
            assertRight(g, into, reference, () -> small + " AUTO into buffers");
            // a resident result lives on the GPU whatever the size
            try (DeviceResult dr = dg.queryResident(7, Algorithm.AUTO, WITH_PREDECESSORS)) {
                assertEquals(Algorithm.defaultGpuAlgorithm(), dr.algorithm(), small.toString());
                assertRight(g, dr.toHost(), reference, () -> small + " AUTO resident");
            }
        }
        // large: at least the crossover -> ADDS
        Spec large = new Spec(Shape.GRID, (int) Math.max(20_000, Algorithm.AUTO_GPU_MIN_EDGES / 3), 502,
                WeightType.FLOAT32, 1000, 0);
        try (Graph g = RandomGraphs.build(large); DeviceGraph dg = DeviceGraph.upload(g);
                QueryBuffers buffers = QueryBuffers.forGraph(g, false)) {
            assertTrue(g.numEdges() >= Algorithm.AUTO_GPU_MIN_EDGES, large + ": " + g.numEdges() + " edges");
            Result reference = Sssp.solve(g, 3, Algorithm.CPU_DIJKSTRA);
            Result r = dg.query(3, Algorithm.AUTO, WITH_PREDECESSORS);
            assertEquals(Algorithm.ADDS, r.algorithm(), large.toString());
            assertNotEquals("CPU", r.device(), large.toString());
            assertRight(g, r, reference, () -> large + " AUTO");
            Result into = dg.query(3, Algorithm.AUTO, WITHOUT_PREDECESSORS, buffers);
            assertEquals(Algorithm.ADDS, into.algorithm(), large.toString());
            assertRight(g, into, reference, () -> large + " AUTO into buffers");
        }
        // negative weights (a DAG: no negative cycle) -> H-BF, whatever the size
        int n = 2000;
        SplittableRandom random = new SplittableRandom(503);
        GraphBuilder builder = new GraphBuilder(n, WeightType.INT32).name("negative DAG seed 503");
        for (int u = 0; u + 1 < n; u++) {
            builder.addEdge(u, u + 1, random.nextInt(-5, 20));
            for (int k = 0; k < 3; k++) {
                builder.addEdge(u, u + 1 + random.nextInt(n - u - 1), random.nextInt(-10, 100));
            }
        }
        try (Graph g = builder.build(); DeviceGraph dg = DeviceGraph.upload(g)) {
            assertTrue(g.hasNegativeWeight());
            // reference: relax in vertex order, a topological order of this DAG
            long[] expected = new long[n];
            Arrays.fill(expected, Long.MAX_VALUE);
            expected[0] = 0;
            for (int u = 0; u < n; u++) {
                if (expected[u] == Long.MAX_VALUE) {
                    continue;
                }
                for (long e = g.edgeBegin(u); e < g.edgeEnd(u); e++) {
                    expected[g.target(e)] = Math.min(expected[g.target(e)], expected[u] + g.intWeight(e));
                }
            }
            Result r = dg.query(0, Algorithm.AUTO, WITH_PREDECESSORS);
            assertEquals(Algorithm.HBF, r.algorithm(), g.name());
            for (int v = 0; v < n; v++) {
                assertEquals(expected[v], r.distanceAsLong(v), g.name() + ": vertex " + v);
            }
            Optional<String> tree = Verifier.checkTree(g, r);
            assertTrue(tree.isEmpty(), () -> g.name() + ": " + tree.get());
            try (DeviceResult dr = dg.queryResident(0, Algorithm.AUTO, WITHOUT_PREDECESSORS)) {
                assertEquals(Algorithm.HBF, dr.algorithm(), g.name());
                assertEquals(expected[n - 1], dr.distanceAsLong(n - 1), g.name());
            }
        }
    }

    // ---- many threads -------------------------------------------------------------------------------------

    static final Spec BIG_GRID = new Spec(Shape.GRID, 200_000, 601, WeightType.INT32, 1000, 0.05);

    /** CPU references for {@code sources}, computed on {@code pool}. */
    static Result[] references(Graph g, int[] sources, ExecutorService pool) throws Exception {
        List<Future<Result>> futures = new ArrayList<>();
        for (int source : sources) {
            futures.add(pool.submit(() -> Sssp.solve(g, source, Algorithm.CPU_DIJKSTRA)));
        }
        Result[] references = new Result[sources.length];
        for (int i = 0; i < sources.length; i++) {
            references[i] = futures.get(i).get(2, TimeUnit.MINUTES);
        }
        return references;
    }

    @Test
    void eightThreadsOfAddsQueries() throws Exception {
        int threads = 8;
        int perThread = 20;
        try (Graph g = RandomGraphs.build(BIG_GRID); DeviceGraph dg = DeviceGraph.upload(g)) {
            SplittableRandom random = new SplittableRandom(BIG_GRID.seed());
            int[] sources = new int[40];
            for (int i = 0; i < sources.length; i++) {
                sources[i] = random.nextInt(g.numVertices());
            }
            ExecutorService pool = Executors.newFixedThreadPool(threads);
            try {
                Result[] references = references(g, sources, pool);
                List<Future<?>> futures = new ArrayList<>();
                for (int t = 0; t < threads; t++) {
                    int thread = t;
                    futures.add(pool.submit(() -> {
                        try (QueryBuffers buffers = QueryBuffers.forGraph(g, true)) {
                            for (int i = 0; i < perThread; i++) {
                                int index = (thread * perThread + i) % sources.length;
                                int source = sources[index];
                                int query = i;
                                Supplier<String> what = () -> "ADDS on " + BIG_GRID + " thread " + thread + " query " + query
                                        + " from " + source;
                                switch (i % 4) {
                                    case 0 -> assertRight(g, dg.query(source, Algorithm.ADDS, WITH_PREDECESSORS, buffers),
                                            references[index], what);
                                    case 1 -> {
                                        try (DeviceResult dr = dg.queryResident(source, Algorithm.ADDS, WITH_PREDECESSORS)) {
                                            assertRight(g, dr.toHost(), references[index], what);
                                        }
                                    }
                                    default -> {
                                        try (Result r = dg.query(source, Algorithm.ADDS, i % 2 == 0 ? WITH_PREDECESSORS
                                                : WITHOUT_PREDECESSORS)) {
                                            assertRight(g, r, references[index], what);
                                        }
                                    }
                                }
                            }
                        }
                        return null;
                    }));
                }
                await(futures, BIG_GRID.toString());
            } finally {
                pool.shutdownNow();
            }
        }
    }

    @Test
    void eightThreadsRacingClose() throws Exception {
        int threads = 8;
        Graph g = RandomGraphs.build(BIG_GRID);
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        AtomicInteger completed = new AtomicInteger();
        AtomicInteger closedSeen = new AtomicInteger();
        try {
            SplittableRandom random = new SplittableRandom(BIG_GRID.seed() + 1);
            int[] sources = new int[threads];
            for (int i = 0; i < sources.length; i++) {
                sources[i] = random.nextInt(g.numVertices());
            }
            Result[] references = references(g, sources, pool);
            DeviceGraph dg = DeviceGraph.upload(g);
            // resident results made before the close
            List<DeviceResult> resident = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                DeviceResult dr = dg.queryResident(sources[i], Algorithm.ADDS, i == 2 ? WITHOUT_PREDECESSORS : WITH_PREDECESSORS);
                assertRight(g, dr.toHost(), references[i], () -> BIG_GRID + " resident before the race");
                resident.add(dr);
            }
            List<Future<?>> futures = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int thread = t;
                futures.add(pool.submit(() -> {
                    try (QueryBuffers buffers = QueryBuffers.forGraph(g, true)) {
                        for (int i = 0; ; i++) {
                            int source = sources[thread];
                            int query = i;
                            Supplier<String> what = () -> "ADDS on " + BIG_GRID + " thread " + thread + " query " + query
                                    + " from " + source + " (racing close)";
                            try {
                                switch ((thread + i) % 3) {
                                    case 0 -> assertRight(g, dg.query(source, Algorithm.ADDS, WITH_PREDECESSORS, buffers),
                                            references[thread], what);
                                    case 1 -> {
                                        try (DeviceResult dr = dg.queryResident(source, Algorithm.ADDS, WITH_PREDECESSORS)) {
                                            // may fail with GraphClosedException if the close comes between the two
                                            assertRight(g, dr.toHost(), references[thread], what);
                                        }
                                    }
                                    default -> {
                                        try (Result r = dg.query(source, Algorithm.ADDS)) {
                                            assertRight(g, r, references[thread], what);
                                        }
                                    }
                                }
                            } catch (GraphClosedException e) {
                                closedSeen.incrementAndGet();
                                return null;
                            }
                            completed.incrementAndGet();
                        }
                    }
                }));
            }
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (completed.get() < 2 * threads && System.nanoTime() < deadline) {
                Thread.sleep(1);
            }
            dg.close();
            await(futures, BIG_GRID + " racing close");   // anything but GraphClosedException fails here
            assertEquals(threads, closedSeen.get(), "every thread ends with GraphClosedException");
            assertTrue(dg.isClosed());
            assertThrows(GraphClosedException.class, () -> dg.query(sources[0], Algorithm.ADDS));
            assertThrows(GraphClosedException.class, () -> dg.queryResident(sources[0], Algorithm.ADDS, WITH_PREDECESSORS));
            for (DeviceResult dr : resident) {
                String what = BIG_GRID + ": resident result from " + dr.source() + " after close";
                assertThrows(GraphClosedException.class, () -> dr.distance(0), what);
                assertThrows(GraphClosedException.class, () -> dr.distancesAsLong(new int[] {0, 1}), what);
                assertThrows(GraphClosedException.class, dr::toHost, what);
                if (dr.hasPredecessors()) {
                    assertThrows(GraphClosedException.class, () -> dr.pathInternal(dr.source()), what);
                }
                dr.close();
                dr.close();
            }
            dg.close();   // idempotent
        } finally {
            pool.shutdownNow();
            g.close();
        }
    }
}
