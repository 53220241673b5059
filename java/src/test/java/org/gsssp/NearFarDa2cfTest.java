package org.gsssp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.gsssp.testing.GpuTest;
import org.gsssp.testing.RandomGraphs;
import org.gsssp.testing.RandomGraphs.Spec;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * What GpuAlgorithmsTest does not cover for Near-Far and DA2CF: the dense-matrix variants, Near-Far's Delta
 * (given tiny or huge, and the C·W/D estimate), its parallelism trace, and DA2CF's two minimum variants.
 */
@GpuTest
class NearFarDa2cfTest {
    static final List<Algorithm> MATRIX = List.of(Algorithm.DA2CF_F_MATRIX, Algorithm.DA2CF_U_MATRIX);
    static final List<Algorithm> DA2CF = List.of(Algorithm.DA2CF_F, Algorithm.DA2CF_U, Algorithm.DA2CF_F_MATRIX,
            Algorithm.DA2CF_U_MATRIX);

    /**
     * A dense random digraph: each ordered pair is an edge with probability `density`, plus parallel edges
     * (heavier or lighter) and self-loops; a share of zero weights. Weights 1..maxWeight (floats non-integral).
     */
    static Graph dense(int n, double density, double zeroShare, int maxWeight, WeightType type, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        long[] offsets = new long[n + 1];
        List<int[]> rows = new ArrayList<>(n);
        for (int u = 0; u < n; u++) {
            int[] row = new int[Math.max(4, (int) (n * density * 1.3) + 4)];
            int size = 0;
            for (int v = 0; v < n; v++) {
                int copies = r.nextDouble() < density ? (r.nextInt(8) == 0 ? 2 : 1) : 0;   // some parallel edges
                if (v == u && r.nextInt(4) == 0) {
                    copies = 1;                                                       // some self-loops
                }
                for (int k = 0; k < copies; k++) {
                    if (size == row.length) {
                        row = java.util.Arrays.copyOf(row, size * 2);
                    }
                    row[size++] = v;
                }
            }
            rows.add(java.util.Arrays.copyOf(row, size));
            offsets[u + 1] = offsets[u] + size;
        }
        int m = (int) offsets[n];
        int[] targets = new int[m];
        int[] ints = new int[m];
        float[] floats = new float[m];
        int e = 0;
        for (int[] row : rows) {
            for (int v : row) {
                targets[e] = v;
                ints[e] = r.nextDouble() < zeroShare ? 0 : 1 + r.nextInt(maxWeight);
                floats[e] = ints[e] == 0 ? 0f : ints[e] * (float) (0.5 + r.nextDouble());
                e++;
            }
        }
        String name = "dense n=" + n + " p=" + density + " zero=" + zeroShare + " w<=" + maxWeight + " " + type + " seed=" + seed;
        return type == WeightType.FLOAT32 ? Graph.fromArrays(offsets, targets, floats, VertexIds.offset(0, n), name)
                : Graph.fromArrays(offsets, targets, ints, VertexIds.offset(0, n), name);
    }

    static void check(Graph g, DeviceGraph dg, int source, Algorithm a, Options options, Result reference) {
        Result r = dg.query(source, a, options);
        Optional<String> problem = Verifier.check(g, r, reference);
        if (problem.isPresent()) {
            fail(a + " on " + g.name() + " from " + source + " (" + options + "): " + problem.get());
        }
        assertEquals(reference.reachedCount(), r.stats().verticesReached(), a + " on " + g.name());
    }

    @TestFactory
    Stream<DynamicTest> matrixVariantsOnDenseRandomGraphs() {
        List<DynamicTest> tests = new ArrayList<>();
        int[] sizes = {1, 2, 3, 31, 64, 257, 600, 1000, 2048, 4000};
        long seed = 11;
        for (int n : sizes) {
            for (WeightType type : WeightType.values()) {
                double density = n <= 64 ? 0.3 : n >= 2048 ? 0.05 : 0.2;   // the paper's n/5 degree, lighter when large
                double zero = (n % 2 == 0) ? 0.2 : 0.0;
                int maxWeight = n % 3 == 0 ? 10 : 1000;
                long s = seed++;
                tests.add(DynamicTest.dynamicTest("n=" + n + " " + type, () -> {
                    try (Graph g = dense(n, density, zero, maxWeight, type, s); DeviceGraph dg = DeviceGraph.upload(g)) {
                        for (int source : new int[] {0, n / 2, n - 1}) {
                            Result reference = Sssp.solve(g, source, Algorithm.CPU_DIJKSTRA);
                            for (Algorithm a : MATRIX) {
                                check(g, dg, source, a, Options.defaults(), reference);
                            }
                        }
                    }
                }));
            }
        }
        // All-zero weights: one distance, many frontiers of the same minimum.
        tests.add(DynamicTest.dynamicTest("all zero weights", () -> {
            try (Graph g = dense(500, 0.01, 1.0, 1, WeightType.INT32, 99); DeviceGraph dg = DeviceGraph.upload(g)) {
                Result reference = Sssp.solve(g, 0, Algorithm.CPU_DIJKSTRA);
                for (Algorithm a : DA2CF) {
                    check(g, dg, 0, a, Options.defaults(), reference);
                }
            }
        }));
        return tests.stream();
    }

    @Test
    void matrixVariantsOnMartinCounterexampleManyTimes() {
        for (WeightType type : WeightType.values()) {
            try (Graph g = RandomGraphs.martinCounterexample(1024, type); DeviceGraph dg = DeviceGraph.upload(g)) {
                Result reference = Sssp.solve(g, 0, Algorithm.CPU_DIJKSTRA);
                for (Algorithm a : MATRIX) {
                    for (int run = 0; run < 200; run++) {
                        check(g, dg, 0, a, Options.defaults(), reference);
                    }
                }
            }
        }
    }

    @Test
    void matrixRefusesMoreThan16384Vertices() {
        int n = 16_385;
        long[] offsets = new long[n + 1];
        int[] targets = new int[n - 1];
        int[] weights = new int[n - 1];
        for (int u = 0; u < n; u++) {
            offsets[u + 1] = Math.min(u + 1, n - 1);
        }
        for (int u = 0; u + 1 < n; u++) {
            targets[u] = u + 1;
            weights[u] = 1;
        }
        try (Graph g = Graph.fromArrays(offsets, targets, weights, VertexIds.offset(0, n), "chain");
                DeviceGraph dg = DeviceGraph.upload(g)) {
            for (Algorithm a : MATRIX) {
                UnsupportedInputException e = assertThrows(UnsupportedInputException.class, () -> dg.query(0, a));
                assertTrue(e.getMessage().contains("16384"), e.getMessage());
            }
            // the list variants take it
            assertEquals(n - 1.0, dg.query(0, Algorithm.DA2CF_U).distance(n - 1));
        }
    }

    @TestFactory
    Stream<DynamicTest> nearFarWithGivenDeltas() {
        List<Spec> specs = RandomGraphs.suite(24, 10_000, 5L);
        double[] deltas = {1e-30, 1e-3, 0.5, 1, 7, 1e4, 1e30};
        return specs.stream().map(spec -> DynamicTest.dynamicTest(spec.toString(), () -> {
            try (Graph g = RandomGraphs.build(spec); DeviceGraph dg = DeviceGraph.upload(g)) {
                int source = (int) (Math.abs(spec.seed()) % g.numVertices());
                Result reference = Sssp.solve(g, source, Algorithm.CPU_DIJKSTRA);
                for (double delta : deltas) {
                    Options o = Options.builder().deltaStepping(DeltaSteppingParams.builder().delta(delta).build()).build();
                    Result r = dg.query(source, Algorithm.NEAR_FAR, o);
                    Optional<String> problem = Verifier.check(g, r, reference);
                    assertTrue(problem.isEmpty(), () -> "delta " + delta + ": " + problem.get());
                    double expected = spec.type() == WeightType.INT32 ? Math.max(1, Math.min(Math.round(delta), 1L << 62))
                            : (float) delta;
                    assertEquals(expected, r.stats().delta(), Math.abs(expected) * 1e-6, "delta " + delta);
                }
                for (double c : new double[] {0.01, 1, 32, 1e6}) {
                    Result r = dg.query(source, Algorithm.NEAR_FAR, Options.builder().deltaStepping(DeltaSteppingParams.builder().deltaConstant(c).build()).build());
                    Optional<String> problem = Verifier.check(g, r, reference);
                    assertTrue(problem.isEmpty(), () -> "C " + c + ": " + problem.get());
                    assertTrue(r.stats().delta() > 0, "C " + c + ": " + r.stats());
                }
            }
        }));
    }

    @Test
    void nearFarEstimatesDeltaFromWeightsAndDegree() {
        // A grid: degree ~4, weights 1..100 (mean ~50): C·W/D ~ 32 * 50 / 4 = 400.
        try (Graph g = RandomGraphs.build(new Spec(RandomGraphs.Shape.GRID, 40_000, 3, WeightType.INT32, 100, 0));
                DeviceGraph dg = DeviceGraph.upload(g)) {
            double d32 = dg.query(0, Algorithm.NEAR_FAR).stats().delta();
            assertTrue(d32 > 250 && d32 < 600, "Delta " + d32);
            double d64 = dg.query(0, Algorithm.NEAR_FAR, Options.builder().deltaStepping(DeltaSteppingParams.builder().deltaConstant(64).build()).build()).stats().delta();
            assertEquals(2 * d32, d64, 1.0);
        }
    }

    @Test
    void nearFarTraceIsPlausible() {
        try (Graph g = RandomGraphs.build(new Spec(RandomGraphs.Shape.GRID, 40_000, 3, WeightType.FLOAT32, 100, 0));
                DeviceGraph dg = DeviceGraph.upload(g)) {
            Result r = dg.query(0, Algorithm.NEAR_FAR, Options.builder().traceCapacity(100_000).build());
            List<TraceSample> trace = r.trace();
            assertEquals(r.stats().iterations(), trace.size(), "one sample per round");
            assertEquals(1, trace.get(0).work(), "the first round expands the source alone");
            long work = 0;
            double last = -1;
            for (TraceSample s : trace) {
                assertTrue(s.work() > 0 && s.work() <= g.numVertices(), s.toString());
                assertTrue(s.timeUs() >= last, "time goes forward: " + s);
                last = s.timeUs();
                work += s.work();
            }
            assertEquals(r.stats().vertexVisits(), work, "the near piles' sizes add up to the vertex visits");
            assertTrue(last <= r.stats().totalMs() * 1000, "samples fall inside the call");

            Result capped = dg.query(0, Algorithm.NEAR_FAR, Options.builder().traceCapacity(5).build());
            assertEquals(5, capped.trace().size());
            assertTrue(dg.query(0, Algorithm.NEAR_FAR).trace().isEmpty(), "no trace unless asked");
        }
    }

    @TestFactory
    Stream<DynamicTest> da2cfMinimumOnHostAndOnDeviceAgree() {
        List<Spec> specs = new ArrayList<>(RandomGraphs.suite(24, 10_000, 9L));
        return specs.stream().map(spec -> DynamicTest.dynamicTest(spec.toString(), () -> {
            try (Graph g = RandomGraphs.build(spec); DeviceGraph dg = DeviceGraph.upload(g)) {
                int source = (int) (Math.abs(spec.seed()) % g.numVertices());
                Result reference = Sssp.solve(g, source, Algorithm.CPU_DIJKSTRA);
                Options host = Options.builder().da2cf(Da2cfParams.builder().minimumOnDevice(false).build()).build();
                Options device = Options.builder().da2cf(Da2cfParams.builder().minimumOnDevice(true).build()).build();
                for (Algorithm a : DA2CF) {
                    if (a.cliName().endsWith("-matrix") && g.numVertices() > 4096) {
                        continue;
                    }
                    Result h = dg.query(source, a, host);
                    Result d = dg.query(source, a, device);
                    Optional<String> problem = Verifier.check(g, h, reference);
                    assertTrue(problem.isEmpty(), () -> a + " min on host: " + problem.get());
                    double[] hd = new double[g.numVertices()];
                    double[] dd = new double[g.numVertices()];
                    for (int v = 0; v < hd.length; v++) {
                        hd[v] = h.distance(v);
                        dd[v] = d.distance(v);
                    }
                    assertArrayEquals(hd, dd, a + ": host and device minimum give different distances");
                    assertEquals(h.stats().iterations(), d.stats().iterations(), a + ": iterations");
                    assertEquals(h.stats().vertexVisits(), d.stats().vertexVisits(), a + ": work");
                }
            }
        }));
    }
}
