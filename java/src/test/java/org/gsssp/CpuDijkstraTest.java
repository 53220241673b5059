package org.gsssp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.Stream;
import org.gsssp.testing.RandomGraphs;
import org.gsssp.testing.RandomGraphs.Spec;
import org.gsssp.testing.ReferenceSssp;
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

    /**
     * CPU Dijkstra's radix heap (native/src/cpu/dijkstra.cpp) keys int distances in 32 bits while (n - 1) x the largest
     * weight stays below 2^32, else in 64; float distances by their bit patterns; int weights up to 65,535 go to Dial's
     * buckets instead. Each key width and the buckets, on graphs large enough
     * for the heap to redistribute its buckets many times, and early exit at targets in each, against the Java
     * reference with the tree checked.
     */
    @TestFactory
    Stream<DynamicTest> everyKeyWidthMatchesTheReference() {
        List<Spec> specs = List.of(
                new Spec(RandomGraphs.Shape.CHAIN, 40_000, 11, WeightType.INT32, 100, 0),              // 32-bit keys
                new Spec(RandomGraphs.Shape.UNIFORM, 40_000, 12, WeightType.INT32, 100, 0.1),          // 32-bit
                new Spec(RandomGraphs.Shape.GRID, 40_000, 13, WeightType.INT32, 1000, 0),              // 32-bit
                new Spec(RandomGraphs.Shape.RMAT, 40_000, 16, WeightType.INT32, 1000, 0),              // 32-bit
                // Dial's buckets beyond one level of occupancy bits (weights up to 65,535), each after an early exit
                // that left entries in the thread's queue, the next one with fewer buckets
                new Spec(RandomGraphs.Shape.GRID, 40_000, 24, WeightType.INT32, 65_535, 0),
                new Spec(RandomGraphs.Shape.UNIFORM, 40_000, 25, WeightType.INT32, 5_000, 0.05),
                new Spec(RandomGraphs.Shape.CHAIN, 20_000, 26, WeightType.INT32, 60_000, 0),
                new Spec(RandomGraphs.Shape.RMAT, 40_000, 27, WeightType.INT32, 12_711, 0),
                new Spec(RandomGraphs.Shape.UNIFORM, 40_000, 15, WeightType.INT32, 107_000, 0.05),     // 32-bit, just
                new Spec(RandomGraphs.Shape.UNIFORM, 40_000, 22, WeightType.INT32, 108_000, 0.05),     // 64-bit, just
                new Spec(RandomGraphs.Shape.UNIFORM, 5_000, 17, WeightType.INT32, 2_000_000_000, 0),   // 64-bit
                new Spec(RandomGraphs.Shape.GRID, 60_000, 18, WeightType.INT32, 2_000_000_000, 0),     // 64-bit
                new Spec(RandomGraphs.Shape.CHAIN, 40_000, 23, WeightType.INT32, 2_000_000_000, 0),    // 64-bit, long
                new Spec(RandomGraphs.Shape.UNIFORM, 60_000, 19, WeightType.FLOAT32, 1000, 0),         // float bits
                new Spec(RandomGraphs.Shape.GRID, 10_000, 20, WeightType.FLOAT32, 1_000_000, 0));      // float bits
        return specs.stream().map(spec -> DynamicTest.dynamicTest(spec.toString(), () -> {
            try (org.gsssp.Graph g = RandomGraphs.build(spec)) {
                ReferenceSssp.Csr csr = ReferenceSssp.Csr.of(g);
                int source = (int) (spec.seed() * 7919 % g.numVertices());
                double[] expected = ReferenceSssp.distances(csr, source);
                try (Result ours = Sssp.solve(g, source, Algorithm.CPU_DIJKSTRA,
                        Options.builder().computePredecessors(true).build())) {
                    String problem = ReferenceSssp.problem(csr, expected, ours);
                    assertNull(problem, () -> spec + " from " + source + ": " + problem);
                    // each reached vertex is settled once: keys out of order would settle some twice
                    long reachable = java.util.Arrays.stream(expected).filter(d -> d != Double.POSITIVE_INFINITY).count();
                    assertEquals(reachable, ours.stats().vertexVisits(), () -> spec + " from " + source + ": settled");
                }
                // early exit: a near target (the source's first out-neighbour), a far one (the farthest reached
                // vertex) and an unreachable one when there is one
                int far = source;
                int unreachable = -1;
                for (int v = 0; v < g.numVertices(); v++) {
                    if (expected[v] == Double.POSITIVE_INFINITY) {
                        unreachable = v;
                    } else if (expected[v] > expected[far]) {
                        far = v;
                    }
                }
                long first = csr.offsets()[source];
                int near = first < csr.offsets()[source + 1] ? csr.targets()[(int) first] : source;
                int[] targets = unreachable >= 0 ? new int[] {near, far, unreachable} : new int[] {near, far};
                double[] got = Sssp.distances(g, source, targets);
                for (int i = 0; i < targets.length; i++) {
                    int t = targets[i];
                    assertEquals(expected[t], got[i], 0.0, () -> spec + " from " + source + ": target " + t);
                }
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
