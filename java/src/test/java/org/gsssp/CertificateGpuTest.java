package org.gsssp;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;
import java.util.stream.Stream;
import org.gsssp.testing.GpuTest;
import org.gsssp.testing.RandomGraphs;
import org.gsssp.testing.RandomGraphs.Shape;
import org.gsssp.testing.RandomGraphs.Spec;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The certificate checked on the GPU ({@link DeviceResult#certify()}, {@link DeviceGraph#certify(Result)},
 * {@link Options.Builder#certify(boolean)} on GPU queries): every algorithm's right answers hold, on int and float
 * graphs with zero weights; each kind of corruption is caught and named, including the ones only the tight-edge
 * search and the pointer jumping see (ties along zero-weight edges). Seeds are in the messages.
 */
@GpuTest
class CertificateGpuTest {
    static final Options CERTIFY = Options.builder().certify(true).build();

    @TestFactory
    Stream<DynamicTest> rightAnswersHoldOnEveryAlgorithm() {
        List<Spec> specs = RandomGraphs.suite(24, 6_000, 77L);
        return specs.stream().map(spec -> DynamicTest.dynamicTest(spec.toString(), () -> {
            try (Graph g = RandomGraphs.build(spec); DeviceGraph dg = DeviceGraph.upload(g)) {
                int source = (int) (Math.abs(spec.seed()) % g.numVertices());
                Result cpu = Sssp.solve(g, source, Algorithm.CPU_DIJKSTRA);
                Certificate onGpu = dg.certify(cpu);
                assertTrue(onGpu.holds(), () -> spec + ": CPU Dijkstra's answer, checked on the GPU: " + onGpu.violation());
                for (Algorithm a : GpuAlgorithmsTest.GPU_ALGORITHMS) {
                    if (a == Algorithm.BLOCK_BELLMAN_FORD && g.numVertices() > GpuAlgorithmsTest.BLOCK_BF_EVERYWHERE) {
                        continue;
                    }
                    try (DeviceResult r = dg.queryResident(source, a, Options.defaults())) {
                        Certificate c = r.certify();
                        assertTrue(c.holds(), () -> spec + " " + a + " resident: " + c.violation());
                        assertTrue(c.timeMs() > 0, spec + " " + a);
                    }
                    try (Result r = dg.query(source, a, CERTIFY)) {
                        assertTrue(r.stats().certificateMs() > 0, () -> spec + " " + a + ": " + r.stats());
                        assertTrue(Verifier.check(g, r, cpu).isEmpty(), spec + " " + a);
                    }
                }
            }
        }));
    }

    /** A Result over the given arrays (8-byte distances, and predecessors or null). */
    static Result answer(Graph g, int source, long[] distances, int[] predecessors, Arena arena) {
        MemorySegment d = arena.allocateFrom(ValueLayout.JAVA_LONG, distances);
        MemorySegment p = predecessors == null ? null : arena.allocateFrom(ValueLayout.JAVA_INT, predecessors);
        return new Result(source, WeightType.INT32, d, p, g.ids(), Algorithm.CPU_DIJKSTRA, "test",
                new Stats(0, 0, 0, 0, 0, 0, 0, 0, 0, 0), List.of());
    }

    @Test
    void corruptionsOfAGridAnswerAreCaughtAndNamed() {
        try (Graph g = RandomGraphs.build(new Spec(Shape.GRID, 900, 3, WeightType.INT32, 20, 0));
                DeviceGraph dg = DeviceGraph.upload(g); Arena arena = Arena.ofConfined()) {
            int v = g.numVertices() / 2;
            String external = Long.toString(g.ids().toExternal(v));
            Result right = Sssp.solve(g, 0, Algorithm.CPU_DIJKSTRA);
            long[] d = right.distances().toArray(ValueLayout.JAVA_LONG);
            int[] p = new int[g.numVertices()];
            for (int u = 0; u < p.length; u++) {
                p[u] = right.predecessor(u);
            }
            assertTrue(dg.certify(answer(g, 0, d, p, arena)).holds());

            long[] lowered = d.clone();
            lowered[v] -= 1;
            Certificate c = dg.certify(answer(g, 0, lowered, null, arena));
            assertFalse(c.holds());
            assertTrue(c.violation().get().contains(external), c.toString());

            long[] dropped = d.clone();
            dropped[v] = Long.MAX_VALUE;
            Certificate e = dg.certify(answer(g, 0, dropped, null, arena));
            assertTrue(!e.holds() && e.violation().get().contains("improves vertex " + external), e.toString());

            long[] source = d.clone();
            source[0] = 1;
            Certificate s = dg.certify(answer(g, 0, source, null, arena));
            assertTrue(!s.holds() && s.violation().get().contains("source"), s.toString());

            int[] wrongParent = p.clone();
            wrongParent[v] = p[v] == 0 ? 1 : 0;
            Certificate t = dg.certify(answer(g, 0, d, wrongParent, arena));
            assertTrue(!t.holds() && t.violation().get().contains("predecessor of vertex " + external), t.toString());
        }
    }

    @Test
    void tiesAlongZeroWeightEdgesNeedTheSearchAndTheJumps() {
        // 0 -> 1 (5), 1 -> 2 (0), 2 -> 1 (0), 0 -> 3 (1): right distances 0, 5, 5, 1.
        long[] offsets = {0, 2, 3, 4, 4};
        int[] targets = {1, 3, 2, 1};
        int[] weights = {5, 1, 0, 0};
        try (Graph g = Graph.fromArrays(offsets, targets, weights, VertexIds.offset(0, 4), "zero-tie");
                DeviceGraph dg = DeviceGraph.upload(g); Arena arena = Arena.ofConfined()) {
            assertTrue(dg.certify(answer(g, 0, new long[] {0, 5, 5, 1}, new int[] {-1, 0, 1, 0}, arena)).holds());
            // Too low on the zero-weight cycle: every edge is tight or slack, yet no tight path reaches 1 or 2.
            Certificate low = dg.certify(answer(g, 0, new long[] {0, 3, 3, 1}, null, arena));
            assertTrue(!low.holds() && low.violation().get().contains("vertex 1 has a distance but no path"), low.toString());
            // Right distances, but the predecessors of 1 and 2 point at each other: tight edges, no tree.
            Certificate cycle = dg.certify(answer(g, 0, new long[] {0, 5, 5, 1}, new int[] {-1, 2, 1, 0}, arena));
            assertTrue(!cycle.holds() && cycle.violation().get().contains("do not lead to the source"), cycle.toString());
        }
    }

    @Test
    void anAnswerForAnotherGraphIsRefused() {
        try (Graph g = RandomGraphs.build(new Spec(Shape.GRID, 100, 1, WeightType.INT32, 5, 0));
                Graph other = RandomGraphs.build(new Spec(Shape.GRID, 400, 1, WeightType.INT32, 5, 0));
                DeviceGraph dg = DeviceGraph.upload(g)) {
            Result foreign = Sssp.solve(other, 0, Algorithm.CPU_DIJKSTRA);
            assertThrows(IllegalArgumentException.class, () -> dg.certify(foreign));
        }
    }
}
