package org.gsssp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;
import org.gsssp.generate.GraphGenerator;
import org.gsssp.generate.GraphSpec;
import org.gsssp.internal.ffi.GssspNative;
import org.gsssp.internal.ffi.gsssp_csr;
import org.gsssp.internal.ffi.gsssp_options;
import org.gsssp.internal.ffi.gsssp_stats;
import org.gsssp.testing.CutoffCheck;
import org.gsssp.testing.RandomGraphs;
import org.gsssp.testing.RandomGraphs.Spec;
import org.gsssp.testing.SharedGraphs;
import org.junit.jupiter.api.Test;

/**
 * Cutoff queries on the host (Options.Builder#cutoff, gsssp_options.has_cutoff): CPU Dijkstra's answer with a cutoff
 * equals its full answer restricted to the cutoff, through Sssp and through the C ABI, on seeded random graphs (zero
 * weights, parallel arcs, unreachable parts), road-like generated graphs, rome99 and road NY; and bad cutoffs fail,
 * naming the problem.
 */
class CutoffTest {
    private static void checkAll(String what, Graph g, Algorithm algorithm, long seed) {
        for (int source : CutoffCheck.sources(g, seed, 3)) {
            try (Result full = Sssp.solve(g, source, Algorithm.CPU_DIJKSTRA)) {
                for (double cutoff : CutoffCheck.cutoffs(full, seed + source)) {
                    for (boolean predecessors : new boolean[] {true, false}) {
                        try (Result cut = Sssp.solve(g, source, algorithm, CutoffCheck.options(g, cutoff, predecessors))) {
                            CutoffCheck.check(what + " (seed " + seed + ") " + algorithm + " from " + source
                                    + (predecessors ? "" : " without predecessors"), g, full, cut, cutoff);
                        }
                    }
                }
            }
        }
    }

    @Test
    void randomGraphsEqualTheFullAnswerRestricted() {
        for (Spec spec : RandomGraphs.suite(36, 3000, 47)) {
            try (Graph g = RandomGraphs.build(spec)) {
                checkAll(spec.toString(), g, Algorithm.CPU_DIJKSTRA, spec.seed());
            }
        }
    }

    @Test
    void cpuBellmanFordClearsBeyondTheCutoff() {
        for (Spec spec : RandomGraphs.suite(12, 1500, 48)) {
            try (Graph g = RandomGraphs.build(spec)) {
                checkAll(spec.toString(), g, Algorithm.CPU_BELLMAN_FORD, spec.seed());
            }
        }
    }

    @Test
    void parallelArcsAndZeroWeights() {
        // 0 -> 1 twice (5 and 3), 1 -> 2 (0), 2 -> 3 (0), 0 -> 3 (7), 3 -> 4 (2), 5 unreachable.
        long[] offsets = {0, 3, 4, 5, 6, 6, 6};
        int[] targets = {1, 1, 3, 2, 3, 4};
        int[] weights = {5, 3, 7, 0, 0, 2};
        try (Graph g = Graph.fromArrays(offsets, targets, weights, VertexIds.offset(0, 6), "parallel")) {
            try (Result full = Sssp.solve(g, 0, Algorithm.CPU_DIJKSTRA)) {
                for (long c : new long[] {0, 2, 3, 4, 5, 6, 100}) {
                    try (Result cut = Sssp.solve(g, 0, Algorithm.CPU_DIJKSTRA, CutoffCheck.options(g, c, true))) {
                        CutoffCheck.check("parallel arcs", g, full, cut, c);
                    }
                }
                try (Result cut = Sssp.solve(g, 0, Algorithm.CPU_DIJKSTRA, Options.builder().cutoff(3).build())) {
                    // The boundary: 1, 2 and 3 lie at exactly 3, and are reached; 4 at 5 is not.
                    assertEquals(4, cut.stats().verticesReached());
                    assertEquals(3, cut.distanceAsLong(3));
                    assertTrue(!cut.isReachable(4));
                }
            }
        }
    }

    @Test
    void roadLikeGeneratedGraphs() {
        for (String spec : List.of("road:40x40,hw=8,seed=3,w=1..1000", "road:30x50,hw=4,seed=4,w=0..100",
                "grid:30x30,seed=5,w=1..10,float")) {
            try (Graph g = GraphGenerator.generate(GraphSpec.parse(spec))) {
                checkAll(spec, g, Algorithm.CPU_DIJKSTRA, 11);
            }
        }
    }

    @Test
    void rome99AndRoadNy() throws IOException {
        for (String name : List.of("rome99.gr", "USA-road-d.NY.gr.gz")) {
            try (Graph g = GraphLoader.load(SharedGraphs.file(name), TestSupport.QUIET)) {
                int source = g.numVertices() / 3;
                try (Result full = Sssp.solve(g, source, Algorithm.CPU_DIJKSTRA)) {
                    for (double cutoff : CutoffCheck.cutoffs(full, 5)) {
                        try (Result cut = Sssp.solve(g, source, Algorithm.CPU_DIJKSTRA, CutoffCheck.options(g, cutoff, true))) {
                            CutoffCheck.check(name + " from " + source, g, full, cut, cutoff);
                            if (cutoff < 1) {
                                assertTrue(cut.stats().iterations() * 100 < full.stats().iterations(),
                                        name + ": a cutoff of 0 settled " + cut.stats().iterations() + " vertices");
                            }
                        }
                    }
                }
            }
        }
    }

    @Test
    void cAbiEqualsTheFullAnswerRestricted() {
        for (Spec spec : RandomGraphs.suite(12, 2000, 49)) {
            try (Graph g = RandomGraphs.build(spec); Arena arena = Arena.ofConfined()) {
                int n = g.numVertices();
                MemorySegment csr = csr(g, arena);
                try (Result full = Sssp.solve(g, 0, Algorithm.CPU_DIJKSTRA)) {
                    for (double cutoff : CutoffCheck.cutoffs(full, spec.seed())) {
                        MemorySegment o = gsssp_options.allocate(arena);
                        assertEquals(0, GssspNative.gsssp_options_init(o));
                        assertEquals(0, gsssp_options.has_cutoff(o), "gsssp_options_init sets no cutoff");
                        gsssp_options.has_cutoff(o, 1);
                        gsssp_options.cutoff_int(o, (long) cutoff);
                        gsssp_options.cutoff_float(o, cutoff);
                        MemorySegment d = arena.allocate(8L * Math.max(n, 1), 8);
                        MemorySegment p = arena.allocate(4L * Math.max(n, 1), 4);
                        MemorySegment stats = gsssp_stats.allocate(arena);
                        int status = GssspNative.gsssp_cpu_sssp(csr, Algorithm.CPU_DIJKSTRA.code(), 0, o, d, p, stats);
                        assertEquals(0, status, spec + ": " + GssspNative.gsssp_last_error().getString(0));
                        long ball = 0;
                        for (int v = 0; v < n; v++) {
                            boolean inside = full.isReachable(v) && full.distance(v) <= cutoff;
                            ball += inside ? 1 : 0;
                            String label = spec + " cutoff " + cutoff + " vertex " + v;
                            if (g.weightType() == WeightType.INT32) {
                                long got = d.getAtIndex(ValueLayout.JAVA_LONG, v);
                                assertEquals(inside ? full.distanceAsLong(v) : Long.MAX_VALUE, got, label);
                            } else {
                                double got = d.getAtIndex(ValueLayout.JAVA_DOUBLE, v);
                                assertEquals(inside ? full.distance(v) : Double.POSITIVE_INFINITY, got, label);
                            }
                            if (!inside) {
                                assertEquals(-1, p.getAtIndex(ValueLayout.JAVA_INT, v), label);
                            }
                        }
                        assertEquals(ball, gsssp_stats.vertices_reached(stats), spec + " cutoff " + cutoff);
                    }
                }
            }
        }
    }

    @Test
    void badCutoffsAreRefusedAndNamed() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Options.builder().cutoff(-1)).getMessage()
                .contains("cutoff must be >= 0"));
        assertThrows(IllegalArgumentException.class, () -> Options.builder().cutoff(-0.5));
        assertThrows(IllegalArgumentException.class, () -> Options.builder().cutoff(Double.NaN));
        IllegalArgumentException both = assertThrows(IllegalArgumentException.class,
                () -> Options.builder().cutoff(5).certify(true).build());
        assertTrue(both.getMessage().contains("certify"), both.getMessage());
        assertEquals(7, Options.builder().cutoff(7.9).build().cutoffAsLong().getAsLong());
        assertTrue(Options.defaults().cutoff().isEmpty());

        try (Graph g = RandomGraphs.build(new Spec(RandomGraphs.Shape.GRID, 400, 3, WeightType.INT32, 20, 0));
                Arena arena = Arena.ofConfined()) {
            MemorySegment o = gsssp_options.allocate(arena);
            GssspNative.gsssp_options_init(o);
            gsssp_options.has_cutoff(o, 1);
            gsssp_options.cutoff_int(o, -3);
            MemorySegment d = arena.allocate(8L * g.numVertices(), 8);
            int status = GssspNative.gsssp_cpu_sssp(csr(g, arena), 0, 0, o, d, MemorySegment.NULL, MemorySegment.NULL);
            assertEquals(1, status);  // GSSSP_ERROR_INVALID_ARGUMENT
            assertTrue(GssspNative.gsssp_last_error().getString(0).contains("cutoff_int is negative"));
            gsssp_options.cutoff_int(o, 3);
            gsssp_options.cutoff_float(o, Double.NaN);
            assertEquals(1, GssspNative.gsssp_cpu_sssp(csr(g, arena), 0, 0, o, d, MemorySegment.NULL, MemorySegment.NULL));
            gsssp_options.cutoff_float(o, 1);
            gsssp_options.has_cutoff(o, 2);
            assertEquals(1, GssspNative.gsssp_cpu_sssp(csr(g, arena), 0, 0, o, d, MemorySegment.NULL, MemorySegment.NULL));
        }
        try (Graph g = GraphGenerator.generate(GraphSpec.parse("grid:10x10,seed=2,w=1..100,neg=0.2"))) {
            UnsupportedInputException e = assertThrows(UnsupportedInputException.class,
                    () -> Sssp.solve(g, 0, Algorithm.CPU_BELLMAN_FORD, Options.builder().cutoff(10).build()));
            assertTrue(e.getMessage().contains("cutoff"), e.getMessage());
        }
    }

    @Test
    void aCutoffResultRefusesTheFullCertificateAndKeepsItsCutoffInCopies() {
        try (Graph g = RandomGraphs.build(new Spec(RandomGraphs.Shape.GRID, 400, 3, WeightType.INT32, 20, 0));
                Result r = Sssp.solve(g, 0, Algorithm.CPU_DIJKSTRA, Options.builder().cutoff(30).build())) {
            assertThrows(IllegalStateException.class, r::certify);
            assertEquals(30, r.copy().cutoffAsLong().getAsLong());
            try (Result full = Sssp.solve(g, 0, Algorithm.CPU_DIJKSTRA)) {
                assertTrue(full.cutoff().isEmpty());
                assertTrue(full.certify().holds());
            }
        }
    }

    static MemorySegment csr(Graph g, Arena arena) {
        MemorySegment csr = gsssp_csr.allocate(arena);
        long[] offsets = TestSupport.offsets(g);
        int[] targets = TestSupport.targets(g);
        gsssp_csr.num_vertices(csr, g.numVertices());
        gsssp_csr.num_edges(csr, targets.length);
        gsssp_csr.offsets(csr, arena.allocateFrom(ValueLayout.JAVA_LONG, offsets));
        gsssp_csr.targets(csr, arena.allocateFrom(ValueLayout.JAVA_INT, targets));
        if (g.weightType() == WeightType.INT32) {
            gsssp_csr.weights(csr, arena.allocateFrom(ValueLayout.JAVA_INT, TestSupport.intWeights(g)));
            gsssp_csr.weight_type(csr, 0);
        } else {
            gsssp_csr.weights(csr, arena.allocateFrom(ValueLayout.JAVA_FLOAT, TestSupport.floatWeights(g)));
            gsssp_csr.weight_type(csr, 1);
        }
        return csr;
    }
}
