package org.gsssp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.gsssp.generate.GraphGenerator;
import org.gsssp.generate.GraphSpec;
import org.gsssp.testing.RandomGraphs;
import org.gsssp.testing.RandomGraphs.Spec;
import org.junit.jupiter.api.Test;

/** CPU Bellman-Ford: equal to CPU Dijkstra without negative weights, right with them, and finds negative cycles. */
class CpuBellmanFordTest {
    @Test
    void equalsDijkstraOnNonNegativeGraphsOfEveryShape() {
        for (RandomGraphs.Shape shape : RandomGraphs.Shape.values()) {
            for (WeightType type : WeightType.values()) {
                for (long seed = 1; seed <= 4; seed++) {
                    Spec spec = new Spec(shape, 500 + (int) seed * 300, seed, type, 100, seed == 2 ? 0.2 : 0);
                    try (Graph g = RandomGraphs.build(spec)) {
                        int source = (int) (seed * 7919 % g.numVertices());
                        Result bf = Sssp.solve(g, source, Algorithm.CPU_BELLMAN_FORD);
                        Result dijkstra = Sssp.solve(g, source, Algorithm.CPU_DIJKSTRA);
                        Optional<String> problem = Verifier.check(g, bf, dijkstra);
                        assertTrue(problem.isEmpty(), () -> spec + " from " + source + ": " + problem.get());
                        assertEquals(Algorithm.CPU_BELLMAN_FORD, bf.algorithm());
                    }
                }
            }
        }
    }

    @Test
    void rightWithNegativeWeights() {
        for (String spec : new String[] {"grid:40x40,seed=1,w=1..100,neg=0.1", "grid:30x50,seed=2,w=1..1000,neg=0.3",
                "grid:20x20,seed=3,w=1..10,neg=0.1,float", "random:n=2000,d=5,seed=4,w=1..100,neg=0.1"}) {
            try (Graph g = GraphGenerator.generate(GraphSpec.parse(spec))) {
                assertTrue(g.hasNegativeWeight(), spec);
                for (int source : new int[] {0, g.numVertices() / 2}) {
                    Result r = Sssp.solve(g, source, Algorithm.CPU_BELLMAN_FORD);
                    double[] expected = HbfTest.queueBellmanFord(g, source);
                    for (int v = 0; v < g.numVertices(); v++) {
                        assertEquals(expected[v], r.distance(v), spec + " from " + source + ", vertex " + v);
                    }
                    Optional<String> certificate = Verifier.certify(g, r);
                    assertTrue(certificate.isEmpty(), () -> spec + ": " + certificate.get());
                    Optional<String> tree = Verifier.checkTree(g, r);
                    assertTrue(tree.isEmpty(), () -> spec + ": " + tree.get());
                    assertEquals(Algorithm.CPU_BELLMAN_FORD, Algorithm.chooseAuto(g, false),
                            "AUTO without a GPU picks CPU Bellman-Ford for negative weights");
                }
            }
        }
    }

    @Test
    void aReachableNegativeCycleIsReportedWithAVertexOnIt() {
        // 0 -> 1 (4), 1 -> 2 (-1), 2 -> 3 (-2), 3 -> 1 (1): the cycle 1 -> 2 -> 3 -> 1 weighs -2; 4 is off it.
        try (Graph g = Graph.fromArrays(new long[] {0, 1, 2, 3, 5, 5}, new int[] {1, 2, 3, 1, 4},
                new int[] {4, -1, -2, 1, 7}, VertexIds.offset(1, 5), "cycle")) {
            NegativeCycleException e = assertThrows(NegativeCycleException.class,
                    () -> Sssp.solve(g, 0, Algorithm.CPU_BELLMAN_FORD));
            assertTrue(e.vertex() >= 1 && e.vertex() <= 3, "vertex " + e.vertex() + " is not on the cycle: " + e.getMessage());
            // From vertex 4 the cycle is unreachable: an answer.
            Result r = Sssp.solve(g, 4, Algorithm.CPU_BELLMAN_FORD);
            assertEquals(1, r.stats().verticesReached());
        }
    }

    @Test
    void dijkstraStillRefusesNegativeWeightsAndSaysWhatTakesThem() {
        try (Graph g = Graph.fromArrays(new long[] {0, 1, 1}, new int[] {1}, new int[] {-3}, VertexIds.offset(1, 2), "neg")) {
            UnsupportedInputException e = assertThrows(UnsupportedInputException.class,
                    () -> Sssp.solve(g, 0, Algorithm.CPU_DIJKSTRA));
            assertTrue(e.getMessage().contains("CPU_BELLMAN_FORD"), e.getMessage());
            assertEquals(-3, Sssp.solve(g, 0, Algorithm.CPU_BELLMAN_FORD).distanceAsLong(1));
        }
    }
}
