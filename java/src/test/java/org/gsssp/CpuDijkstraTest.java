package org.gsssp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.Stream;
import org.gsssp.testing.RandomGraphs;
import org.gsssp.testing.RandomGraphs.Spec;
import org.jgrapht.Graph;
import org.jgrapht.alg.shortestpath.DijkstraShortestPath;
import org.jgrapht.graph.DefaultWeightedEdge;
import org.jgrapht.graph.DirectedWeightedPseudograph;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/** The native CPU Dijkstra (our reference) against JGraphT's, an independent implementation. */
class CpuDijkstraTest {

    @TestFactory
    Stream<DynamicTest> matchesJGraphTOnSeededRandomGraphs() {
        List<Spec> specs = RandomGraphs.suite(120, 3000, 20261125L);
        return specs.stream().map(spec -> DynamicTest.dynamicTest(spec.toString(), () -> {
            try (org.gsssp.Graph g = RandomGraphs.build(spec)) {
                int source = g.numVertices() == 0 ? -1 : (int) (Math.abs(spec.seed()) % g.numVertices());
                Result ours = Sssp.solve(g, source, Algorithm.CPU_DIJKSTRA);
                var jgrapht = new DijkstraShortestPath<>(toJGraphT(g)).getPaths(source);
                for (int vertex = 0; vertex < g.numVertices(); vertex++) {
                    int v = vertex;
                    double expected = jgrapht.getWeight(v);
                    double actual = ours.distance(v);
                    if (g.weightType() == WeightType.INT32 || Double.isInfinite(expected)) {
                        assertEquals(expected, actual, 0.0, () -> spec + ": vertex " + v);
                    } else {
                        // JGraphT sums in double, gsssp in float32 as the GPU does: allow float rounding
                        assertEquals(expected, actual, Math.max(1e-3, Math.abs(expected) * 1e-4), () -> spec + ": vertex " + v);
                    }
                }
                assertTrue(Verifier.checkTree(g, ours).isEmpty(), () -> spec + ": " + Verifier.checkTree(g, ours).get());
            }
        }));
    }

    @Test
    void statsCountTheWork() {
        try (org.gsssp.Graph g = RandomGraphs.build(new Spec(RandomGraphs.Shape.CHAIN, 100, 1, WeightType.INT32, 10, 0))) {
            Result r = Sssp.solve(g, 0, Algorithm.CPU_DIJKSTRA);
            assertEquals(100, r.stats().verticesReached());
            assertEquals(100, r.stats().vertexVisits());
            assertTrue(r.stats().edgesRelaxed() >= 99);
            assertEquals("CPU", r.device());
            assertEquals(100, r.pathInternal(99).length);
            assertEquals(0, r.pathInternal(99)[0]);
        }
    }

    @Test
    void negativeWeightsAreRefusedByDijkstra() {
        try (org.gsssp.Graph g = org.gsssp.Graph.fromArrays(new long[] {0, 1, 1}, new int[] {1}, new int[] {-3},
                VertexIds.offset(0, 2), "negative")) {
            UnsupportedInputException e = assertThrows(UnsupportedInputException.class,
                    () -> Sssp.solve(g, 0, Algorithm.CPU_DIJKSTRA));
            assertTrue(e.getMessage().contains("negative"), e.getMessage());
        }
    }

    @Test
    void sourceOutOfRangeIsAClearError() {
        try (org.gsssp.Graph g = RandomGraphs.build(new Spec(RandomGraphs.Shape.CHAIN, 5, 1, WeightType.INT32, 10, 0))) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Sssp.solve(g, 5, Algorithm.CPU_DIJKSTRA));
            assertTrue(e.getMessage().contains("out of range"), e.getMessage());
        }
    }

    static Graph<Integer, DefaultWeightedEdge> toJGraphT(org.gsssp.Graph g) {
        Graph<Integer, DefaultWeightedEdge> j = new DirectedWeightedPseudograph<>(DefaultWeightedEdge.class);
        for (int v = 0; v < g.numVertices(); v++) {
            j.addVertex(v);
        }
        for (int u = 0; u < g.numVertices(); u++) {
            for (long e = g.edgeBegin(u); e < g.edgeEnd(u); e++) {
                DefaultWeightedEdge edge = j.addEdge(u, g.target(e));
                j.setEdgeWeight(edge, g.weight(e));
            }
        }
        return j;
    }
}
