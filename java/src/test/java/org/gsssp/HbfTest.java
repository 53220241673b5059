package org.gsssp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.gsssp.testing.GpuTest;
import org.gsssp.testing.RandomGraphs;
import org.gsssp.testing.RandomGraphs.Shape;
import org.gsssp.testing.RandomGraphs.Spec;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * H-BF beyond what {@link GpuAlgorithmsTest} checks for every GPU algorithm: negative weights against a
 * queue-based Bellman-Ford written here, negative cycles (near the source, far away, unreachable), every
 * optimization switched off alone, the dynamic-parallelism paths with a small T_DP, float weights, traces.
 */
@GpuTest
class HbfTest {

    /** Every ablation of the issue: each optimization off alone, and each DP mode. */
    static final List<Options> VARIANTS = List.of(
            Options.defaults(),
            Options.builder().hbf(HbfParams.builder().edgeClassification(false).build()).build(),
            Options.builder().hbf(HbfParams.builder().duplicateRemoval(false).build()).build(),
            Options.builder().hbf(HbfParams.builder().coalescedEnqueue(false).build()).build(),
            Options.builder().hbf(HbfParams.builder().dynamicVirtualWarps(false).build()).build(),
            Options.builder().hbf(HbfParams.builder().dynamicParallelism(HbfParams.DynamicParallelism.OFF).build()).build(),
            Options.builder().hbf(HbfParams.builder().dynamicParallelism(HbfParams.DynamicParallelism.DEVICE_LAUNCH).dpThreshold(8).build()).build(),
            Options.builder().hbf(HbfParams.builder().dynamicParallelism(HbfParams.DynamicParallelism.BLOCK_PER_VERTEX).dpThreshold(8).build()).build(),
            Options.builder().hbf(HbfParams.builder().edgeClassification(false).duplicateRemoval(false).coalescedEnqueue(false).dynamicVirtualWarps(false).dynamicParallelism(HbfParams.DynamicParallelism.OFF).build()).build());

    static String describe(Options o) {
        return "classification=" + o.hbf().edgeClassification() + " dedup=" + o.hbf().duplicateRemoval() + " coalesced="
                + o.hbf().coalescedEnqueue() + " vwarps=" + o.hbf().dynamicVirtualWarps() + " dp=" + o.hbf().dynamicParallelism()
                + " tdp=" + o.hbf().dpThreshold();
    }

    // ---- graphs -------------------------------------------------------------------------------------

    /** A growing edge list that becomes a CSR graph (edges sorted by source, order within kept). */
    static final class Edges {
        final List<long[]> list = new ArrayList<>();   // u, v, weight bits as long (int) or float in double bits

        void add(int u, int v, double w) {
            list.add(new long[] {u, v, Double.doubleToRawLongBits(w)});
        }

        Graph build(int n, WeightType type, String name) {
            long[] offsets = new long[n + 1];
            for (long[] e : list) {
                offsets[(int) e[0] + 1]++;
            }
            for (int i = 0; i < n; i++) {
                offsets[i + 1] += offsets[i];
            }
            long[] cursor = Arrays.copyOf(offsets, n);
            int[] targets = new int[list.size()];
            int[] iw = new int[list.size()];
            float[] fw = new float[list.size()];
            for (long[] e : list) {
                int at = (int) cursor[(int) e[0]]++;
                targets[at] = (int) e[1];
                double w = Double.longBitsToDouble(e[2]);
                iw[at] = (int) w;
                fw[at] = (float) w;
            }
            VertexIds ids = VertexIds.offset(0, n);
            return type == WeightType.INT32 ? Graph.fromArrays(offsets, targets, iw, ids, name)
                    : Graph.fromArrays(offsets, targets, fw, ids, name);
        }
    }

    /**
     * A random graph reweighted by potentials: w'(u, v) = w + p(u) - p(v) keeps every cycle's weight and
     * turns many edges negative. Values stay small integers so float sums are exact.
     */
    static Graph potentialGraph(Shape shape, int n, long seed, WeightType type) {
        SplittableRandom r = new SplittableRandom(seed);
        Edges edges = new Edges();
        int[] p = new int[n];
        for (int v = 0; v < n; v++) {
            p[v] = shape == Shape.CHAIN ? 60 * v : r.nextInt(200);   // chain edges: w - 60 < 0, all of them
        }
        java.util.function.BiConsumer<Integer, Integer> edge = (u, v) -> edges.add(u, v, r.nextInt(50) + p[u] - p[v]);
        switch (shape) {
            case CHAIN -> {
                for (int v = 0; v + 1 < n; v++) {
                    edge.accept(v, v + 1);
                    if (r.nextInt(10) == 0) {
                        edge.accept(v, Math.min(n - 1, v + 1 + r.nextInt(20)));
                    }
                    if (r.nextInt(20) == 0 && v > 0) {
                        edge.accept(v, r.nextInt(v));   // a back edge: positive after reweighting
                    }
                }
            }
            case GRID -> {
                int side = Math.max(1, (int) Math.sqrt(n));
                for (int v = 0; v < n; v++) {
                    if ((v + 1) % side != 0 && v + 1 < n) {
                        edge.accept(v, v + 1);
                        edge.accept(v + 1, v);
                    }
                    if (v + side < n) {
                        edge.accept(v, v + side);
                        edge.accept(v + side, v);
                    }
                }
            }
            default -> {
                for (int u = 0; u < n; u++) {
                    int degree = shape == Shape.RMAT ? (int) Math.min(n, Math.round(Math.pow(2, r.nextDouble() * 10))) : 1 + r.nextInt(6);
                    for (int k = 0; k < degree; k++) {
                        int v = shape == Shape.RMAT ? (int) (n * Math.pow(r.nextDouble(), 3)) : r.nextInt(n);
                        edge.accept(u, v);
                    }
                }
            }
        }
        return edges.build(n, type, shape + " n=" + n + " seed=" + seed + " " + type + " potentials");
    }

    // ---- reference ----------------------------------------------------------------------------------

    /** Queue-based Bellman-Ford (SPFA) in the GPU's arithmetic: long for int weights, float for float. */
    static double[] queueBellmanFord(Graph g, int source) {
        int n = g.numVertices();
        boolean ints = g.weightType() == WeightType.INT32;
        long[] dl = new long[n];
        float[] df = new float[n];
        Arrays.fill(dl, Long.MAX_VALUE);
        Arrays.fill(df, Float.POSITIVE_INFINITY);
        dl[source] = 0;
        df[source] = 0f;
        boolean[] queued = new boolean[n];
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        queue.add(source);
        queued[source] = true;
        long pops = 0;
        while (!queue.isEmpty()) {
            int u = queue.poll();
            queued[u] = false;
            if (++pops > (long) n * Math.max(1, g.numEdges()) + n) {
                throw new IllegalStateException("reference Bellman-Ford did not converge: negative cycle in a test graph");
            }
            for (long e = g.edgeBegin(u); e < g.edgeEnd(u); e++) {
                int v = g.target(e);
                boolean lowered;
                if (ints) {
                    long c = dl[u] + g.intWeight(e);
                    lowered = c < dl[v];
                    if (lowered) {
                        dl[v] = c;
                    }
                } else {
                    float c = df[u] + g.floatWeight(e);
                    lowered = c < df[v];
                    if (lowered) {
                        df[v] = c;
                    }
                }
                if (lowered && !queued[v]) {
                    queued[v] = true;
                    queue.add(v);
                }
            }
        }
        double[] d = new double[n];
        for (int v = 0; v < n; v++) {
            d[v] = ints ? (dl[v] == Long.MAX_VALUE ? Double.POSITIVE_INFINITY : dl[v]) : df[v];
        }
        return d;
    }

    /** Progress on stderr (unbuffered), so a run cut short on a GPU host still shows how far it got. */
    static void progress(String what, Options o, long startNanos) {
        System.err.printf("HbfTest: %s [%s] %.1f ms%n", what, describe(o), (System.nanoTime() - startNanos) / 1e6);
    }

    static void check(Graph g, DeviceGraph dg, int source, double[] expected, Options options, String what) {
        long t0 = System.nanoTime();
        Result r = dg.query(source, Algorithm.HBF, options);
        progress(what + " from " + source, options, t0);
        for (int v = 0; v < g.numVertices(); v++) {
            if (Double.compare(r.distance(v), expected[v]) != 0) {
                fail(what + " from " + source + " [" + describe(options) + "]: vertex " + v + " distance " + r.distance(v)
                        + ", reference " + expected[v]);
            }
        }
        Optional<String> tree = Verifier.checkTree(g, r);
        tree.ifPresent(p -> fail(what + " [" + describe(options) + "]: predecessors: " + p));
    }

    // ---- negative weights without negative cycles ---------------------------------------------------

    @TestFactory
    Stream<DynamicTest> negativeWeightsAgainstQueueBellmanFord() {
        List<DynamicTest> tests = new ArrayList<>();
        Shape[] shapes = {Shape.UNIFORM, Shape.GRID, Shape.RMAT, Shape.CHAIN};
        SplittableRandom r = new SplittableRandom(4);
        for (int i = 0; i < 48; i++) {
            Shape shape = shapes[i % shapes.length];
            WeightType type = (i / shapes.length) % 2 == 0 ? WeightType.INT32 : WeightType.FLOAT32;
            int n = i < 8 ? 1 + i % 4 : (int) Math.round(Math.exp(r.nextDouble() * Math.log(20_000)));
            long seed = r.nextLong();
            tests.add(DynamicTest.dynamicTest(shape + " n=" + n + " " + type + " seed=" + seed, () -> {
                try (Graph g = potentialGraph(shape, n, seed, type); DeviceGraph dg = DeviceGraph.upload(g)) {
                    for (int source : new int[] {0, (int) Math.floorMod(seed, n)}) {
                        check(g, dg, source, queueBellmanFord(g, source), Options.defaults(), g.name());
                    }
                }
            }));
        }
        return tests.stream();
    }

    @Test
    void longNegativeChains() {
        for (WeightType type : WeightType.values()) {
            for (int n : new int[] {5_000, 30_000}) {
                // 0 -> 1 -> ... -> n-1, every chain edge in -60..-11 after reweighting, plus shortcuts and back edges
                try (Graph g = potentialGraph(Shape.CHAIN, n, n + type.ordinal(), type); DeviceGraph dg = DeviceGraph.upload(g)) {
                    double[] expected = queueBellmanFord(g, 0);
                    assertTrue(expected[n - 1] < -n, "the chain should end deeply negative: " + expected[n - 1]);
                    check(g, dg, 0, expected, Options.defaults(), g.name());
                    check(g, dg, 0, expected, VARIANTS.get(2), g.name());
                }
            }
        }
    }

    @Test
    void everyOptimizationOffAloneGivesTheSameDistances() {
        List<Graph> graphs = new ArrayList<>();
        try {
            graphs.add(RandomGraphs.build(new Spec(Shape.RMAT, 30_000, 11, WeightType.INT32, 1000, 0.0)));
            graphs.add(RandomGraphs.build(new Spec(Shape.RMAT, 20_000, 12, WeightType.FLOAT32, 1000, 0.1)));
            graphs.add(RandomGraphs.build(new Spec(Shape.GRID, 10_000, 13, WeightType.INT32, 100, 0.3)));
            graphs.add(RandomGraphs.build(new Spec(Shape.STAR, 5_000, 14, WeightType.INT32, 10, 0.0)));
            graphs.add(potentialGraph(Shape.RMAT, 8_000, 15, WeightType.INT32));
            graphs.add(potentialGraph(Shape.UNIFORM, 8_000, 16, WeightType.FLOAT32));
            graphs.add(potentialGraph(Shape.CHAIN, 3_000, 17, WeightType.INT32));
            for (Graph g : graphs) {
                try (DeviceGraph dg = DeviceGraph.upload(g)) {
                    int source = g.vertexOfMaxOutDegree();
                    double[] expected = queueBellmanFord(g, source);
                    for (Options o : VARIANTS) {
                        check(g, dg, source, expected, o, g.name());
                    }
                }
            }
        } finally {
            graphs.forEach(Graph::close);
        }
    }

    @Test
    void dynamicParallelismPathsOnRmat() {
        try (Graph g = RandomGraphs.build(new Spec(Shape.RMAT, 100_000, 21, WeightType.INT32, 1000, 0.0));
                DeviceGraph dg = DeviceGraph.upload(g)) {
            int source = g.vertexOfMaxOutDegree();
            Result reference = Sssp.solve(g, source, Algorithm.CPU_DIJKSTRA);
            for (HbfParams.DynamicParallelism mode : HbfParams.DynamicParallelism.values()) {
                for (int tdp : new int[] {4, 64, 1024}) {
                    Options o = Options.builder().hbf(HbfParams.builder().dynamicParallelism(mode).dpThreshold(tdp).build()).build();
                    long t0 = System.nanoTime();
                    Result r = dg.query(source, Algorithm.HBF, o);
                    progress(g.name(), o, t0);
                    Optional<String> problem = Verifier.check(g, r, reference);
                    assertTrue(problem.isEmpty(), () -> describe(o) + ": " + problem.get());
                }
            }
        }
    }

    // ---- negative cycles ----------------------------------------------------------------------------

    /** A random base graph on [0, n) (reachable from 0 by a path) plus a negative cycle on the given vertices. */
    static Graph withCycle(int n, int[] cycle, boolean reachable, WeightType type, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        Edges edges = new Edges();
        int limit = reachable ? n : n - cycle.length - 5;   // unreachable: the cycle lives in [limit, n)
        for (int v = 0; v + 1 < limit; v++) {
            edges.add(v, v + 1, 100 + r.nextInt(10));
        }
        for (int k = 0; k < 3 * limit; k++) {
            edges.add(r.nextInt(limit), r.nextInt(limit), 100 + r.nextInt(100));   // >= 100: no other negative cycle
        }
        for (int i = 0; i < cycle.length; i++) {
            edges.add(cycle[i], cycle[(i + 1) % cycle.length], i == 0 ? -(5 * cycle.length + 7) : 3);
        }
        if (!reachable) {
            for (int v = limit; v + 1 < n; v++) {
                edges.add(v, v + 1, 2);
            }
            edges.add(n - 1, 0, 1);   // the unreachable part can reach the rest, not the other way round
        }
        return edges.build(n, type, "cycle " + Arrays.toString(cycle) + (reachable ? "" : " unreachable"));
    }

    static void expectCycle(Graph g, int source, Set<Integer> onCycle, Options o) {
        try (DeviceGraph dg = DeviceGraph.upload(g)) {
            long t0 = System.nanoTime();
            NegativeCycleException e = assertThrows(NegativeCycleException.class, () -> dg.query(source, Algorithm.HBF, o),
                    g.name() + " [" + describe(o) + "]");
            assertTrue(onCycle.contains((int) e.vertex()), g.name() + ": vertex " + e.vertex() + " is not on the cycle "
                    + onCycle + " (" + e.getMessage() + ")");
            progress(g.name() + ": " + e.getMessage(), o, t0);
            assertTrue(e.getMessage().contains("negative cycle reachable from the source through vertex " + e.vertex()),
                    e.getMessage());
        }
    }

    @Test
    void negativeCycleNearTheSource() {
        for (WeightType type : WeightType.values()) {
            int[] cycle = {1, 2, 3};
            try (Graph g = withCycle(2_000, cycle, true, type, 31)) {
                for (Options o : VARIANTS) {
                    expectCycle(g, 0, Set.of(1, 2, 3), o);
                }
            }
        }
    }

    @Test
    void negativeCycleFarAway() {
        for (WeightType type : WeightType.values()) {
            int n = 5_000;
            int[] cycle = {n - 40, n - 30, n - 20, n - 10};
            try (Graph g = withCycle(n, cycle, true, type, 32)) {
                Set<Integer> on = new HashSet<>();
                Arrays.stream(cycle).forEach(on::add);
                for (Options o : List.of(VARIANTS.get(0), VARIANTS.get(2), VARIANTS.get(8))) {
                    expectCycle(g, 0, on, o);
                }
            }
        }
    }

    @Test
    void negativeSelfLoop() {
        // 0 -> 1 -> 2, 2 -> 2 with weight -1: a cycle of one edge (must not be skipped as a plain self-loop)
        try (Graph g = Graph.fromArrays(new long[] {0, 1, 2, 3}, new int[] {1, 2, 2}, new int[] {4, 5, -1},
                VertexIds.offset(0, 3), "negative self-loop")) {
            for (Options o : VARIANTS) {
                expectCycle(g, 0, Set.of(2), o);
            }
        }
    }

    @Test
    void unreachableNegativeCycleIsNotReported() {
        for (WeightType type : WeightType.values()) {
            int n = 3_000;
            int[] cycle = {n - 3, n - 2, n - 1};
            try (Graph g = withCycle(n, cycle, false, type, 33); DeviceGraph dg = DeviceGraph.upload(g)) {
                double[] expected = queueBellmanFord(g, 0);
                assertFalse(Double.isFinite(expected[n - 1]));
                for (Options o : VARIANTS) {
                    check(g, dg, 0, expected, o, g.name());
                }
            }
        }
    }

    // ---- stats and traces ---------------------------------------------------------------------------

    @Test
    void statsAndPerRoundTrace() {
        try (Graph g = RandomGraphs.build(new Spec(Shape.GRID, 10_000, 3, WeightType.INT32, 100, 0));
                DeviceGraph dg = DeviceGraph.upload(g)) {
            Result r = dg.query(0, Algorithm.HBF, Options.builder().traceCapacity(100_000).build());
            Stats s = r.stats();
            assertTrue(s.iterations() > 10 && s.vertexVisits() >= g.numVertices() && s.edgesRelaxed() > 0, s.toString());
            assertEquals(s.iterations(), r.trace().size(), "one trace sample per round");
            assertEquals(1, r.trace().get(0).work(), "round 0's frontier is the source");
            for (int i = 1; i < r.trace().size(); i++) {
                assertTrue(r.trace().get(i).timeUs() >= r.trace().get(i - 1).timeUs(), "trace times ascend");
            }
        }
    }
}
