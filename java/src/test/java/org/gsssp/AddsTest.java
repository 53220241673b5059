package org.gsssp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.gsssp.testing.GpuTest;
import org.gsssp.testing.RandomGraphs;
import org.gsssp.testing.SharedGraphs;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * ADDS (Wang, Fussell &amp; Lin, PPoPP'21) against CPU Dijkstra, beyond what {@link GpuAlgorithmsTest} does for
 * every GPU algorithm. Its bucket queue breaks where buckets are unusual: a single vertex, one vertex pushing
 * hundreds of thousands of items into one bucket (more than four 64K-word blocks), work arriving for the head
 * bucket while it drains (zero weights), distances far beyond the last bucket (clipping), Δ far too small or
 * too large, two buckets. Each case runs with the default options and, on most graphs, the Table 5
 * ablations (static Δ; static Δ with two buckets). Then the pool (fixed, growable), the trace, concurrent
 * queries and close(). Every failure names the graph with its seed, the source and the options.
 */
@GpuTest
class AddsTest {

    /** Options under a name for failure messages. */
    record Config(String name, Options options) {
        @Override
        public String toString() {
            return name;
        }
    }

    static final Config DEFAULT = new Config("default", Options.defaults());
    static final Config STATIC_DELTA = new Config("static-delta", Options.builder().adds(AddsParams.builder().staticDelta(true).build()).build());
    static final Config TWO_BUCKETS = new Config("2-buckets (static Δ)",
            Options.builder().adds(AddsParams.builder().staticDelta(true).bucketCount(2).build()).build());
    static final Config NO_LOCAL = new Config("no local rounds", Options.builder().adds(AddsParams.builder().localRounds(false).build()).build());

    static Config delta(double delta, boolean isStatic) {
        return new Config((isStatic ? "static " : "") + "Δ=" + delta,
                Options.builder().deltaStepping(DeltaSteppingParams.builder().delta(delta).build()).adds(AddsParams.builder().staticDelta(isStatic).build()).build());
    }

    static Config buckets(int count, boolean isStatic) {
        return new Config(count + " buckets" + (isStatic ? " (static Δ)" : ""),
                Options.builder().adds(AddsParams.builder().bucketCount(count).staticDelta(isStatic).build()).build());
    }

    /**
     * The configurations graph number {@code index} runs with: always the defaults; the two Table 5 ablations
     * on two graphs in three; the paper's worker (no local rounds) on every fourth; tiny and huge Δ, given and
     * kept, on every fifth; odd bucket counts (ring arithmetic that is not a power of two) on two in seven.
     */
    static List<Config> configsFor(int index, int vertices) {
        List<Config> configs = new ArrayList<>();
        configs.add(DEFAULT);
        switch (index % 3) {
            case 0 -> configs.add(TWO_BUCKETS);
            case 1 -> configs.add(STATIC_DELTA);
            default -> { }
        }
        if (index % 6 == 0) {
            configs.add(STATIC_DELTA);
        }
        if (index % 4 == 1) {
            configs.add(NO_LOCAL);
        }
        switch (index % 5) {
            case 0 -> {
                configs.add(delta(1e-3, false));
                // A kept tiny Δ clips nearly everything into the last bucket and costs one head switch per
                // bucket passed, so it runs on the smaller graphs only.
                if (vertices <= 5_000) {
                    configs.add(delta(1e-3, true));
                }
            }
            case 2 -> {
                configs.add(delta(1e30, false));
                configs.add(new Config("static Δ=1e30, 2 buckets",
                        Options.builder().deltaStepping(DeltaSteppingParams.builder().delta(1e30).build()).adds(AddsParams.builder().staticDelta(true).bucketCount(2).build()).build()));
            }
            default -> { }
        }
        switch (index % 7) {
            case 3 -> configs.add(buckets(3, false));
            case 5 -> configs.add(buckets(31, true));
            default -> { }
        }
        return configs;
    }

    /** Runs ADDS and compares it with the reference; every message carries {@code what} (graph and seed). */
    static Result check(Graph g, DeviceGraph dg, int source, Result reference, Config config, String what) {
        Result r;
        try {
            r = dg.query(source, Algorithm.ADDS, config.options());
        } catch (GssspException e) {
            throw new AssertionError("ADDS [" + config + "] on " + what + " from " + source + " failed: " + e.getMessage(), e);
        }
        Optional<String> problem = Verifier.check(g, r, reference);
        if (problem.isPresent()) {
            fail("ADDS [" + config + "] on " + what + " from " + source + ": " + problem.get() + "; " + r.stats());
        }
        assertEquals(reference.reachedCount(), r.stats().verticesReached(),
                "ADDS [" + config + "] on " + what + " from " + source + ": vertices reached");
        assertTrue(r.stats().restarts() >= 0, "ADDS [" + config + "] on " + what + ": " + r.stats());
        return r;
    }

    /** Distinct sources: the first, the last, one drawn from the seed and the vertex of largest out-degree. */
    static int[] sources(Graph g, long seed) {
        int n = g.numVertices();
        Set<Integer> s = new LinkedHashSet<>(List.of(0, n - 1, (int) Math.floorMod(seed, (long) n), g.vertexOfMaxOutDegree()));
        return s.stream().mapToInt(Integer::intValue).toArray();
    }

    static void checkGraph(Graph g, List<Config> configs, String what, int... sources) {
        try (DeviceGraph dg = DeviceGraph.upload(g)) {
            for (int source : sources) {
                Result reference = Sssp.solve(g, source, Algorithm.CPU_DIJKSTRA);
                for (Config c : configs) {
                    check(g, dg, source, reference, c, what);
                }
            }
        }
    }

    // ---- graphs -------------------------------------------------------------------------------------

    /** The shapes RandomGraphs lacks: stars both ways, chains both ways, trees, a layered DAG. */
    enum Shape { SINGLE, OUT_STAR, IN_STAR, CHAIN_FORWARD, CHAIN_BACKWARD, CHAIN_BOTH, BINARY_TREE, TWO_LEVEL_TREE, LAYERED }

    /**
     * Weight distributions. HUGE: uniform up to 2^31-1 (int) or 1e30 (float; a path of 60,000 such edges stays
     * far below Float.MAX_VALUE), so distances leave the bucket window and clip into the last bucket. SPREAD:
     * log-uniform over the same range down to 1 (int) or 1e-30 (float), small and huge mixed.
     */
    enum Weights { ONE_TO_TEN, ONE_TO_THOUSAND, ALL_ZERO, SOME_ZERO, HUGE, SPREAD }

    record ShapeSpec(Shape shape, int vertices, Weights weights, WeightType type, long seed) {
        @Override
        public String toString() {
            return shape + " n=" + vertices + " " + weights + " " + type + " seed=" + seed;
        }
    }

    /** A growing weighted edge list that becomes a CSR graph (edges grouped by source, order kept). */
    static final class Edges {
        private final WeightType type;
        private final SplittableRandom random;
        private final Weights weights;
        private int[] src = new int[16];
        private int[] dst = new int[16];
        private int[] intWeight = new int[16];
        private float[] floatWeight = new float[16];
        private int size;

        Edges(WeightType type, Weights weights, SplittableRandom random) {
            this.type = type;
            this.weights = weights;
            this.random = random;
        }

        int size() {
            return size;
        }

        /** An edge with a weight drawn from the distribution. */
        void add(int u, int v) {
            if (type == WeightType.INT32) {
                add(u, v, drawInt(), 0f);
            } else {
                add(u, v, 0, drawFloat());
            }
        }

        void add(int u, int v, int iw, float fw) {
            if (size == src.length) {
                src = Arrays.copyOf(src, size * 2);
                dst = Arrays.copyOf(dst, size * 2);
                intWeight = Arrays.copyOf(intWeight, size * 2);
                floatWeight = Arrays.copyOf(floatWeight, size * 2);
            }
            src[size] = u;
            dst[size] = v;
            intWeight[size] = iw;
            floatWeight[size] = fw;
            size++;
        }

        /** Self-loops and parallel copies (with fresh weights) of random edges: about one per 20 vertices. */
        void addSelfLoopsAndParallelEdges(int n) {
            int extra = Math.max(1, n / 20);
            for (int k = 0; k < extra; k++) {
                add(random.nextInt(n), -1);
                if (size > 1) {
                    int e = random.nextInt(size - 1);
                    add(src[e], dst[e]);
                }
            }
            // the -1 targets above stand for "the same vertex"; fixed here so that add() stays simple
            for (int e = 0; e < size; e++) {
                if (dst[e] == -1) {
                    dst[e] = src[e];
                }
            }
        }

        private int drawInt() {
            return switch (weights) {
                case ONE_TO_TEN -> 1 + random.nextInt(10);
                case ONE_TO_THOUSAND -> 1 + random.nextInt(1000);
                case ALL_ZERO -> 0;
                case SOME_ZERO -> random.nextInt(10) < 4 ? 0 : 1 + random.nextInt(100);
                case HUGE -> 1 + random.nextInt(Integer.MAX_VALUE);
                case SPREAD -> (int) Math.min(Integer.MAX_VALUE, Math.round(Math.exp(random.nextDouble() * Math.log(Integer.MAX_VALUE))));
            };
        }

        private float drawFloat() {
            return switch (weights) {
                case ONE_TO_TEN -> (1 + random.nextInt(10)) * (float) (0.5 + random.nextDouble());
                case ONE_TO_THOUSAND -> (1 + random.nextInt(1000)) * (float) (0.5 + random.nextDouble());
                case ALL_ZERO -> 0f;
                case SOME_ZERO -> random.nextInt(10) < 4 ? 0f : (float) (100 * random.nextDouble());
                case HUGE -> (float) (1e30 * random.nextDouble());
                case SPREAD -> (float) Math.pow(10, random.nextDouble() * 60 - 30);
            };
        }

        Graph build(int n, String name) {
            long[] offsets = new long[n + 1];
            for (int e = 0; e < size; e++) {
                offsets[src[e] + 1]++;
            }
            for (int v = 0; v < n; v++) {
                offsets[v + 1] += offsets[v];
            }
            long[] next = Arrays.copyOf(offsets, n);
            int[] targets = new int[size];
            int[] iw = new int[size];
            float[] fw = new float[size];
            for (int e = 0; e < size; e++) {
                int at = (int) next[src[e]]++;
                targets[at] = dst[e];
                iw[at] = intWeight[e];
                fw[at] = floatWeight[e];
            }
            VertexIds ids = VertexIds.offset(0, n);
            return type == WeightType.INT32 ? Graph.fromArrays(offsets, targets, iw, ids, name)
                    : Graph.fromArrays(offsets, targets, fw, ids, name);
        }
    }

    static Graph build(ShapeSpec spec) {
        SplittableRandom r = new SplittableRandom(spec.seed());
        int n = spec.vertices();
        Edges edges = new Edges(spec.type(), spec.weights(), r);
        switch (spec.shape()) {
            case SINGLE -> {
                if (r.nextBoolean()) {
                    edges.add(0, 0);
                }
            }
            case OUT_STAR -> {
                for (int v = 1; v < n; v++) {
                    edges.add(0, v);
                    if (r.nextInt(10) == 0) {
                        edges.add(v, 0);
                    }
                    if (r.nextInt(20) == 0) {
                        edges.add(v, 1 + r.nextInt(n - 1));   // a detour through a leaf may beat the direct edge
                    }
                }
            }
            case IN_STAR -> {
                for (int v = 1; v < n; v++) {
                    edges.add(v, 0);
                }
                for (int k = 0; k < Math.min(3, n - 1); k++) {
                    edges.add(0, 1 + r.nextInt(n - 1));
                }
            }
            case CHAIN_FORWARD -> {
                for (int v = 0; v + 1 < n; v++) {
                    edges.add(v, v + 1);
                }
            }
            case CHAIN_BACKWARD -> {
                for (int v = 0; v + 1 < n; v++) {
                    edges.add(v + 1, v);
                }
            }
            case CHAIN_BOTH -> {
                for (int v = 0; v + 1 < n; v++) {
                    edges.add(v, v + 1);
                    edges.add(v + 1, v);
                }
            }
            case BINARY_TREE -> {
                for (int v = 1; v < n; v++) {
                    edges.add((v - 1) / 2, v);
                    if (r.nextInt(3) == 0) {
                        edges.add(v, (v - 1) / 2);
                    }
                }
            }
            case TWO_LEVEL_TREE -> {
                int hubs = Math.max(1, (int) Math.sqrt(n));
                for (int h = 1; h <= hubs && h < n; h++) {
                    edges.add(0, h);
                }
                for (int v = hubs + 1; v < n; v++) {
                    edges.add(1 + v % hubs, v);
                    if (r.nextInt(10) == 0) {
                        edges.add(1 + r.nextInt(hubs), v);   // a second parent
                    }
                }
            }
            case LAYERED -> {
                int width = Math.max(1, (int) Math.sqrt(n));
                for (int v = 0; v < n; v++) {
                    int layerEnd = (v / width + 1) * width;
                    for (int k = 0; k < 3 && layerEnd < n; k++) {
                        edges.add(v, layerEnd + r.nextInt(Math.min(width, n - layerEnd)));
                    }
                }
            }
        }
        if (n > 1) {
            edges.addSelfLoopsAndParallelEdges(n);
        }
        return edges.build(n, spec.toString());
    }

    /** Every shape with every weight distribution, both weight types, a small and a large size. */
    static List<ShapeSpec> shapeSpecs(long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        List<ShapeSpec> specs = new ArrayList<>();
        for (Shape shape : Shape.values()) {
            for (Weights w : Weights.values()) {
                for (WeightType type : WeightType.values()) {
                    int small = shape == Shape.SINGLE ? 1 : 2 + r.nextInt(40);
                    int large = shape == Shape.SINGLE ? 1
                            : (int) Math.round(Math.exp(Math.log(1_000) + r.nextDouble() * (Math.log(60_000) - Math.log(1_000))));
                    specs.add(new ShapeSpec(shape, small, w, type, r.nextLong()));
                    specs.add(new ShapeSpec(shape, large, w, type, r.nextLong()));
                }
            }
        }
        return specs;
    }

    static final int RANDOM_SUITE_GRAPHS = 320;

    @TestFactory
    Stream<DynamicTest> seededRandomGraphsOfEveryShape() {
        List<DynamicTest> tests = new ArrayList<>();
        int index = 0;
        // uniform, grid, R-MAT, chain, star, disconnected; zero weights, self-loops, parallel edges mixed in
        for (RandomGraphs.Spec spec : RandomGraphs.suite(RANDOM_SUITE_GRAPHS, 60_000, 606L)) {
            int i = index++;
            tests.add(DynamicTest.dynamicTest(spec.toString(), () -> {
                try (Graph g = RandomGraphs.build(spec)) {
                    checkGraph(g, configsFor(i, g.numVertices()), spec.toString(), sources(g, spec.seed()));
                }
            }));
        }
        for (ShapeSpec spec : shapeSpecs(607L)) {
            int i = index++;
            tests.add(DynamicTest.dynamicTest(spec.toString(), () -> {
                try (Graph g = build(spec)) {
                    checkGraph(g, configsFor(i, g.numVertices()), spec.toString(), sources(g, spec.seed()));
                }
            }));
        }
        assertTrue(tests.size() >= 500, "the issue asks for at least 500 random graphs, got " + tests.size());
        return tests.stream();
    }

    @Test
    void hugeIntegerWeightsGiveExactSixtyFourBitDistances() {
        // 0 -> 1 -> ... -> 5 with 2^31-1 on every edge, and a direct edge 0 -> 5 of the same weight
        long max = Integer.MAX_VALUE;
        long[] offsets = {0, 2, 3, 4, 5, 6, 6};
        int[] targets = {1, 5, 2, 3, 4, 5};
        int[] weights = {Integer.MAX_VALUE, Integer.MAX_VALUE, Integer.MAX_VALUE, Integer.MAX_VALUE,
                Integer.MAX_VALUE, Integer.MAX_VALUE};
        try (Graph g = Graph.fromArrays(offsets, targets, weights, VertexIds.offset(0, 6), "huge chain");
                DeviceGraph dg = DeviceGraph.upload(g)) {
            for (Config c : List.of(DEFAULT, STATIC_DELTA, TWO_BUCKETS, NO_LOCAL, delta(1, true))) {
                Result r = dg.query(0, Algorithm.ADDS, c.options());
                assertEquals(4 * max, r.distanceAsLong(4), c.toString());
                assertEquals(max, r.distanceAsLong(5), c + ": the direct edge is shorter than five steps");
            }
        }
    }

    // ---- buckets of many blocks ---------------------------------------------------------------------

    static final int MANY_LEAVES = 400_000;   // > 6 blocks of 64K words even at one word per item

    /** Source 0 with {@code leaves} out-edges; leaf 1 leads back to 0, so a leaf as source reaches everything. */
    static Graph star(int leaves, Weights w, WeightType type, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        Edges edges = new Edges(type, w, r);
        for (int v = 1; v <= leaves; v++) {
            edges.add(0, v);
        }
        edges.add(1, 0);
        return edges.build(leaves + 1, "star of " + leaves + " leaves " + w + " " + type + " seed=" + seed);
    }

    /** 0 -> hubs, each hub -> leavesPerHub leaves: the hubs together push hubs * leavesPerHub items. */
    static Graph twoLevelTree(int hubs, int leavesPerHub, Weights w, WeightType type, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        Edges edges = new Edges(type, w, r);
        int n = 1 + hubs + hubs * leavesPerHub;
        for (int h = 1; h <= hubs; h++) {
            edges.add(0, h);
            for (int k = 0; k < leavesPerHub; k++) {
                edges.add(h, hubs + 1 + (h - 1) * leavesPerHub + k);
            }
        }
        return edges.build(n, "two-level tree " + hubs + "x" + leavesPerHub + " " + w + " " + type + " seed=" + seed);
    }

    @TestFactory
    Stream<DynamicTest> bucketsSpanningManyBlocks() {
        List<DynamicTest> tests = new ArrayList<>();
        long seed = 700;
        for (WeightType type : WeightType.values()) {
            // ONE_TO_TEN: Δ = C·W/D is far above every leaf's distance, so one bucket takes all of them;
            // ALL_ZERO: they all land in the head bucket while it is being drained;
            // SPREAD with a kept Δ of 1: most leaves lie beyond the last bucket and are clipped into it.
            for (Weights w : List.of(Weights.ONE_TO_TEN, Weights.ALL_ZERO, Weights.SPREAD)) {
                long s = seed++;
                List<Config> configs = w == Weights.SPREAD
                        ? List.of(DEFAULT, delta(1, true), new Config("static Δ=1, 2 buckets",
                                Options.builder().deltaStepping(DeltaSteppingParams.builder().delta(1).build()).adds(AddsParams.builder().staticDelta(true).bucketCount(2).build()).build()))
                        : List.of(DEFAULT, STATIC_DELTA, TWO_BUCKETS);
                tests.add(DynamicTest.dynamicTest("star " + w + " " + type + " seed=" + s, () -> {
                    try (Graph g = star(MANY_LEAVES, w, type, s)) {
                        checkGraph(g, configs, g.name(), 0, 1);
                    }
                }));
                long t = seed++;
                tests.add(DynamicTest.dynamicTest("two-level tree " + w + " " + type + " seed=" + t, () -> {
                    try (Graph g = twoLevelTree(640, 640, w, type, t)) {
                        checkGraph(g, configs, g.name(), 0, 1);
                    }
                }));
            }
        }
        return tests.stream();
    }

    // ---- the shared real graphs ---------------------------------------------------------------------

    @TestFactory
    Stream<DynamicTest> sharedGraphs() {
        List<DynamicTest> tests = new ArrayList<>();
        List<Config> configs = List.of(DEFAULT, STATIC_DELTA, TWO_BUCKETS, NO_LOCAL, buckets(8, false));
        for (String name : SharedGraphs.ALL) {
            tests.add(DynamicTest.dynamicTest(name, () -> sharedGraph(name, TestSupport.QUIET, configs)));
            if (name.endsWith(".txt.gz") || name.endsWith(".graph")) {
                tests.add(DynamicTest.dynamicTest(name + " random weights 1..1000 seed=7", () -> sharedGraph(name,
                        LoadOptions.builder().progress(false).randomWeights(1, 1000, 7).build(), configs)));
            }
        }
        return tests.stream();
    }

    private static void sharedGraph(String name, LoadOptions options, List<Config> configs) throws IOException {
        try (Graph g = GraphLoader.load(SharedGraphs.file(name), options)) {
            checkGraph(g, configs, name, 0, g.vertexOfMaxOutDegree(), g.numVertices() - 1);
        }
    }

    // ---- Δ ------------------------------------------------------------------------------------------

    @TestFactory
    Stream<DynamicTest> staticDeltaIsTheNearFarDelta() {
        // Table 5's "static Δ" row keeps Near-Far's Δ: the estimate C·W/D, or the given Δ rounded as Near-Far
        // rounds it; so with static Δ both algorithms must report the same Δ.
        List<RandomGraphs.Spec> specs = RandomGraphs.suite(18, 20_000, 808L);
        return specs.stream().filter(s -> s.vertices() > 1).map(spec -> DynamicTest.dynamicTest(spec.toString(), () -> {
            try (Graph g = RandomGraphs.build(spec); DeviceGraph dg = DeviceGraph.upload(g)) {
                int source = g.vertexOfMaxOutDegree();
                Result reference = Sssp.solve(g, source, Algorithm.CPU_DIJKSTRA);
                List<Options.Builder> settings = List.of(Options.builder(), Options.builder().deltaStepping(DeltaSteppingParams.builder().deltaConstant(64).build()),
                        Options.builder().deltaStepping(DeltaSteppingParams.builder().delta(0.25).build()), Options.builder().deltaStepping(DeltaSteppingParams.builder().delta(7).build()), Options.builder().deltaStepping(DeltaSteppingParams.builder().delta(1000).build()));
                for (Options.Builder b : settings) {
                    Options nf = b.build();
                    Options adds = b.adds(AddsParams.builder().staticDelta(true).build()).build();
                    double nfDelta = dg.query(source, Algorithm.NEAR_FAR, nf).stats().delta();
                    Result r = check(g, dg, source, reference, new Config("static " + describeDelta(nf), adds), spec.toString());
                    assertEquals(nfDelta, r.stats().delta(), Math.abs(nfDelta) * 1e-9,
                            spec + " " + describeDelta(nf) + ": static-Δ ADDS and Near-Far should use the same Δ");
                }
            }
        }));
    }

    static String describeDelta(Options o) {
        return o.deltaStepping().delta() > 0 ? "Δ=" + o.deltaStepping().delta() : o.deltaStepping().deltaConstant() > 0 ? "C=" + o.deltaStepping().deltaConstant() : "estimated Δ";
    }

    @Test
    void dynamicDeltaReportsAPositiveFinalDelta() {
        for (RandomGraphs.Shape shape : List.of(RandomGraphs.Shape.GRID, RandomGraphs.Shape.RMAT)) {
            RandomGraphs.Spec spec = new RandomGraphs.Spec(shape, 50_000, 31, WeightType.INT32, 1000, 0);
            try (Graph g = RandomGraphs.build(spec); DeviceGraph dg = DeviceGraph.upload(g)) {
                Result r = check(g, dg, 0, Sssp.solve(g, 0, Algorithm.CPU_DIJKSTRA), DEFAULT, spec.toString());
                Stats s = r.stats();
                assertTrue(s.delta() > 0 && Double.isFinite(s.delta()), spec + ": " + s);
                assertTrue(s.iterations() >= 1, spec + ": head-bucket switches: " + s);
                // every reached vertex with out-edges is expanded at least once, each of its edges relaxed
                long expanding = 0;
                long edges = 0;
                for (int v = 0; v < g.numVertices(); v++) {
                    if (r.isReachable(v) && g.outDegree(v) > 0) {
                        expanding++;
                        edges += g.outDegree(v);
                    }
                }
                assertTrue(expanding > 1_000, spec + ": too small a test: " + expanding + " vertices to expand");
                assertTrue(s.vertexVisits() >= expanding, spec + ": " + expanding + " vertices to expand: " + s);
                assertTrue(s.edgesRelaxed() >= edges, spec + ": " + edges + " edges to relax: " + s);
                assertTrue(s.peakDeviceMemory() > 0, spec + ": " + s);
            }
        }
    }

    @Test
    void negativeWeightsAreRefused() {
        try (Graph ints = Graph.fromArrays(new long[] {0, 1, 2, 2}, new int[] {1, 2}, new int[] {4, -1},
                        VertexIds.offset(0, 3), "negative int");
                Graph floats = Graph.fromArrays(new long[] {0, 1, 2, 2}, new int[] {1, 2}, new float[] {4f, -0.5f},
                        VertexIds.offset(0, 3), "negative float")) {
            for (Graph g : List.of(ints, floats)) {
                try (DeviceGraph dg = DeviceGraph.upload(g)) {
                    for (Config c : List.of(DEFAULT, TWO_BUCKETS)) {
                        UnsupportedInputException e = assertThrows(UnsupportedInputException.class,
                                () -> dg.query(0, Algorithm.ADDS, c.options()), g.name() + " " + c);
                        assertTrue(e.getMessage().contains("negative"), e.getMessage());
                    }
                }
            }
        }
    }

    // ---- the bucket pool ----------------------------------------------------------------------------

    static final int POOL_HUNGRY_LEAVES = 1 << 20;   // 16 blocks of items pushed at once by one vertex

    @Test
    void fixedTinyPoolFailsWithAClearErrorAndTheGraphStaysUsable() {
        for (WeightType type : WeightType.values()) {
            try (Graph g = star(POOL_HUNGRY_LEAVES, Weights.ONE_TO_TEN, type, 901); DeviceGraph dg = DeviceGraph.upload(g)) {
                for (Config c : List.of(new Config("fixed pool of 1 word", Options.builder().adds(AddsParams.builder().poolWords(1).build()).build()),
                        new Config("fixed pool of 1 word, 2 buckets",
                                Options.builder().adds(AddsParams.builder().poolWords(1).staticDelta(true).bucketCount(2).build()).build()))) {
                    DeviceMemoryException e = assertThrows(DeviceMemoryException.class,
                            () -> dg.query(0, Algorithm.ADDS, c.options()), g.name() + " [" + c + "]");
                    assertTrue(e.getMessage().toLowerCase(Locale.ROOT).contains("pool"),
                            g.name() + " [" + c + "]: the message should name the pool: " + e.getMessage());
                }
                // the stopped run left nothing behind that spoils the next query
                check(g, dg, 0, Sssp.solve(g, 0, Algorithm.CPU_DIJKSTRA), DEFAULT, g.name() + " after the failed runs");
            }
        }
    }

    @Test
    void growableTinyPoolRestartsUntilItFitsAndIsCorrect() {
        for (WeightType type : WeightType.values()) {
            try (Graph g = star(POOL_HUNGRY_LEAVES, Weights.ONE_TO_TEN, type, 902); DeviceGraph dg = DeviceGraph.upload(g)) {
                Result reference = Sssp.solve(g, 0, Algorithm.CPU_DIJKSTRA);
                for (Config c : List.of(new Config("growable pool from 1 word", Options.builder().adds(AddsParams.builder().growablePool(1).build()).build()),
                        new Config("growable pool from 1 word, 2 buckets",
                                Options.builder().adds(AddsParams.builder().growablePool(1).staticDelta(true).bucketCount(2).build()).build()))) {
                    // twice: each query starts again from its own initial pool, on buffers the last one used
                    for (int run = 0; run < 2; run++) {
                        Result r = check(g, dg, 0, reference, c, g.name() + " run " + run);
                        long restarts = r.stats().restarts();
                        assertTrue(restarts > 0, g.name() + " [" + c + "] run " + run + ": 1M items cannot fit in the "
                                + "first pool, yet no restart was counted: " + r.stats());
                        // doubling from one 64K-word block passes any pool a GPU can hold within 40 restarts
                        assertTrue(restarts <= 40, g.name() + " [" + c + "]: " + r.stats());
                    }
                }
            }
        }
    }

    @Test
    void smallGraphsNeverRestart() {
        List<Config> configs = List.of(DEFAULT, TWO_BUCKETS,
                new Config("fixed pool of 2^24 words", Options.builder().adds(AddsParams.builder().poolWords(1 << 24).build()).build()),
                new Config("growable pool from 2^24 words", Options.builder().adds(AddsParams.builder().growablePool(1 << 24).build()).build()));
        List<Graph> graphs = new ArrayList<>();
        try {
            graphs.add(Graph.fromArrays(new long[] {0, 0}, new int[0], new int[0], VertexIds.offset(0, 1), "single vertex"));
            graphs.add(build(new ShapeSpec(Shape.CHAIN_FORWARD, 100, Weights.ONE_TO_TEN, WeightType.INT32, 1)));
            graphs.add(build(new ShapeSpec(Shape.OUT_STAR, 1_000, Weights.ONE_TO_THOUSAND, WeightType.FLOAT32, 2)));
            graphs.add(RandomGraphs.build(new RandomGraphs.Spec(RandomGraphs.Shape.GRID, 900, 3, WeightType.INT32, 100, 0)));
            for (Graph g : graphs) {
                try (DeviceGraph dg = DeviceGraph.upload(g)) {
                    Result reference = Sssp.solve(g, 0, Algorithm.CPU_DIJKSTRA);
                    for (Config c : configs) {
                        Result r = check(g, dg, 0, reference, c, g.name());
                        assertEquals(0, r.stats().restarts(), g.name() + " [" + c + "]: a few thousand items fit in the "
                                + "first pool: " + r.stats());
                    }
                }
            }
        } finally {
            graphs.forEach(Graph::close);
        }
    }

    /**
     * A source without out-edges reaches only itself, and ADDS answers it without launching its search
     * (native/src/common/sink_source.hpp). Every output path against CPU Dijkstra, from the sinks of a seeded R-MAT
     * graph (int and float weights) mixed with vertices that have edges: the pooled query with its tree, reusable
     * buffers (compact distances), a resident result, and a batch.
     */
    @Test
    void sinkSourcesMatchDijkstraOnEveryOutputPath() {
        for (WeightType type : List.of(WeightType.INT32, WeightType.FLOAT32)) {
            RandomGraphs.Spec spec = new RandomGraphs.Spec(RandomGraphs.Shape.RMAT, 30_000, 77, type, 1000, 0);
            try (Graph g = RandomGraphs.build(spec); DeviceGraph dg = DeviceGraph.upload(g);
                    QueryBuffers buffers = QueryBuffers.forGraph(g, false)) {
                List<Integer> picked = new ArrayList<>();
                int sinks = 0;
                for (int v = g.numVertices() - 1; v >= 0 && picked.size() < 24; v -= 37) {
                    picked.add(v);
                    sinks += g.outDegree(v) == 0 ? 1 : 0;
                }
                assertTrue(sinks >= 8 && sinks < picked.size(), spec + ": " + sinks + " sinks of " + picked.size() + " sources");
                int[] sources = picked.stream().mapToInt(Integer::intValue).toArray();
                Result[] references = new Result[sources.length];
                for (int i = 0; i < sources.length; i++) {
                    int s = sources[i];
                    String what = spec + " from " + s + (g.outDegree(s) == 0 ? " (a sink)" : "");
                    references[i] = Sssp.solve(g, s, Algorithm.CPU_DIJKSTRA);
                    Result pooled = check(g, dg, s, references[i], DEFAULT, what);
                    if (g.outDegree(s) == 0) {
                        assertEquals(1, pooled.stats().verticesReached(), what);
                        assertEquals(-1, pooled.predecessor(s), what);
                    }
                    Result inBuffers = dg.query(s, Algorithm.ADDS, CpuQueries.NO_PREDECESSORS, buffers);
                    Optional<String> problem = Verifier.check(g, inBuffers, references[i]);
                    assertTrue(problem.isEmpty(), what + " into buffers: " + problem.orElse(""));
                    try (DeviceResult resident = dg.queryResident(s, Algorithm.ADDS, CpuQueries.NO_PREDECESSORS)) {
                        for (int v : new int[] {s, (s + 1) % g.numVertices(), g.vertexOfMaxOutDegree()}) {
                            assertEquals(references[i].distance(v), resident.distance(v), what + ": resident distance of " + v);
                        }
                    }
                }
                AtomicInteger answered = new AtomicInteger();
                dg.queryBatch(sources, Algorithm.ADDS, CpuQueries.NO_PREDECESSORS, (i, r) -> {
                    Optional<String> problem = Verifier.check(g, r, references[i]);
                    assertTrue(problem.isEmpty(), spec + " batch from " + sources[i] + ": " + problem.orElse(""));
                    answered.incrementAndGet();
                });
                assertEquals(sources.length, answered.get(), spec + ": batch answers");
            }
        }
    }

    // ---- trace --------------------------------------------------------------------------------------

    @Test
    void traceIsPlausible() {
        List<RandomGraphs.Spec> specs = List.of(new RandomGraphs.Spec(RandomGraphs.Shape.GRID, 40_000, 3, WeightType.FLOAT32, 100, 0),
                new RandomGraphs.Spec(RandomGraphs.Shape.RMAT, 40_000, 4, WeightType.INT32, 1000, 0));
        for (RandomGraphs.Spec spec : specs) {
            try (Graph g = RandomGraphs.build(spec); DeviceGraph dg = DeviceGraph.upload(g)) {
                Result reference = Sssp.solve(g, 0, Algorithm.CPU_DIJKSTRA);
                for (Config base : List.of(DEFAULT, TWO_BUCKETS)) {
                    Config c = new Config(base + ", trace", Options.builder().adds(AddsParams.builder().staticDelta(base.options().adds().staticDelta()).bucketCount(base.options().adds().bucketCount()).build()).traceCapacity(100_000).build());
                    Result r = check(g, dg, 0, reference, c, spec.toString());
                    List<TraceSample> trace = r.trace();
                    assertTrue(!trace.isEmpty() && trace.size() <= 100_000, spec + " [" + c + "]: " + trace.size() + " samples");
                    double last = Double.NEGATIVE_INFINITY;
                    boolean busy = false;
                    for (TraceSample s : trace) {
                        assertTrue(s.work() >= 0, spec + " [" + c + "]: " + s);
                        assertTrue(s.timeUs() >= last, spec + " [" + c + "]: time goes back at " + s + " after " + last);
                        last = s.timeUs();
                        busy |= s.work() > 0;
                    }
                    assertTrue(busy, spec + " [" + c + "]: no sample saw any work assigned");
                    assertTrue(trace.get(0).timeUs() >= 0 && last <= r.stats().totalMs() * 1000,
                            spec + " [" + c + "]: samples fall inside the call (" + r.stats().totalMs() + " ms), last " + last);
                }
                Result capped = dg.query(0, Algorithm.ADDS, Options.builder().traceCapacity(5).build());
                assertTrue(!capped.trace().isEmpty() && capped.trace().size() <= 5, spec + ": " + capped.trace());
                assertTrue(dg.query(0, Algorithm.ADDS).trace().isEmpty(), spec + ": no trace unless asked");
            }
        }
    }

    // ---- concurrency --------------------------------------------------------------------------------

    @Test
    void threadsMixingAddsWithOtherAlgorithmsOnOneDeviceGraph() throws Exception {
        int threads = 8;
        RandomGraphs.Spec spec = new RandomGraphs.Spec(RandomGraphs.Shape.RMAT, 60_000, 12, WeightType.INT32, 1000, 0.1);
        try (Graph g = RandomGraphs.build(spec); DeviceGraph dg = DeviceGraph.upload(g)) {
            Map<Integer, Result> references = new ConcurrentHashMap<>();
            List<Config> addsConfigs = List.of(DEFAULT, TWO_BUCKETS, STATIC_DELTA);
            ExecutorService pool = Executors.newFixedThreadPool(threads);
            try {
                List<Future<?>> futures = new ArrayList<>();
                for (int t = 0; t < threads; t++) {
                    int thread = t;
                    futures.add(pool.submit(() -> {
                        for (int i = 0; i < 8; i++) {
                            int source = (thread * 7919 + i * 104_729) % g.numVertices();
                            Result reference = references.computeIfAbsent(source, s -> Sssp.solve(g, s, Algorithm.CPU_DIJKSTRA));
                            String what = spec + " thread " + thread + " query " + i;
                            if (i % 4 == 3) {
                                // other algorithms' kernels run beside ADDS's persistent ones
                                Algorithm other = thread % 2 == 0 ? Algorithm.NEAR_FAR : Algorithm.FRONTIER;
                                Optional<String> problem = Verifier.check(g, dg.query(source, other), reference);
                                assertTrue(problem.isEmpty(), () -> other + " " + what + ": " + problem.get());
                            } else {
                                check(g, dg, source, reference, addsConfigs.get((thread + i) % addsConfigs.size()), what);
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

    @Test
    void closeWhileAddsQueriesRunFailsThemCleanly() throws Exception {
        int threads = 8;
        // A long chain: ADDS processes it one vertex after another, so queries are surely running at close().
        RandomGraphs.Spec spec = new RandomGraphs.Spec(RandomGraphs.Shape.CHAIN, 200_000, 5, WeightType.INT32, 10, 0);
        Graph g = RandomGraphs.build(spec);
        DeviceGraph dg = DeviceGraph.upload(g);
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        AtomicInteger closedSeen = new AtomicInteger();
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                Options options = (t % 2 == 0 ? DEFAULT : TWO_BUCKETS).options();
                futures.add(pool.submit(() -> {
                    while (true) {
                        try {
                            Result r = dg.query(0, Algorithm.ADDS, options);
                            assertEquals(g.numVertices(), r.stats().verticesReached(), spec.toString());
                        } catch (GraphClosedException e) {
                            closedSeen.incrementAndGet();
                            return null;
                        }
                    }
                }));
            }
            Thread.sleep(300);
            dg.close();
            for (Future<?> f : futures) {
                f.get(2, TimeUnit.MINUTES);   // any other exception, or a query that never ends, fails here
            }
        } finally {
            pool.shutdownNow();
            g.close();
        }
        assertEquals(threads, closedSeen.get());
        assertTrue(dg.isClosed());
        assertThrows(GraphClosedException.class, () -> dg.query(0, Algorithm.ADDS));
    }
}
