package org.gsssp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.gsssp.testing.GpuTest;
import org.gsssp.testing.RandomGraphs;
import org.gsssp.testing.RandomGraphs.Spec;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * {@link Algorithm#BELLMAN_FORD_INPLACE}, the worked example of adding an algorithm (docs/contributing.md), against
 * CPU Dijkstra: seeded random graphs of every shape and both weight types, with and without predecessors, and its
 * round limit. (GpuAlgorithmsTest runs it on the shared graphs with every other GPU algorithm.) Seeds are in the
 * messages.
 */
@GpuTest
class BellmanFordInplaceTest {
    static final Algorithm A = Algorithm.BELLMAN_FORD_INPLACE;

    @TestFactory
    Stream<DynamicTest> seededGraphsAgainstCpuDijkstra() {
        List<Spec> specs = RandomGraphs.suite(60, 20_000, 1414L);
        return specs.stream().map(spec -> DynamicTest.dynamicTest(spec.toString(), () -> {
            try (Graph g = RandomGraphs.build(spec); DeviceGraph dg = DeviceGraph.upload(g)) {
                int n = g.numVertices();
                for (int source : new int[] {0, (int) (Math.abs(spec.seed()) % n)}) {
                    Result reference = Sssp.solve(g, source, Algorithm.CPU_DIJKSTRA);
                    String what = spec + " from " + source;
                    try (Result r = dg.query(source, A)) {
                        Optional<String> problem = Verifier.check(g, r, reference);
                        assertTrue(problem.isEmpty(), () -> what + ": " + problem.get());
                        assertEquals(reference.reachedCount(), r.stats().verticesReached(), what + ": vertices reached");
                    }
                    try (Result r = dg.query(source, A, Options.builder().computePredecessors(false).build())) {
                        Optional<String> problem = Verifier.check(g, r, reference);
                        assertTrue(problem.isEmpty(), () -> what + " (no predecessors): " + problem.get());
                    }
                }
            }
        }));
    }

    @Test
    void aChainNeedsMoreThanOneRoundAndTheLimitSaysSo() {
        // 0 -> 1 -> ... -> 63, weight 1 each. A round that lowers a distance is followed by one that must find
        // nothing to lower before the search ends, so a limit of one round always fails here.
        int n = 64;
        long[] offsets = new long[n + 1];
        int[] targets = new int[n - 1];
        int[] weights = new int[n - 1];
        for (int v = 0; v < n; v++) {
            offsets[v + 1] = Math.min(v + 1, n - 1);
            if (v < n - 1) {
                targets[v] = v + 1;
                weights[v] = 1;
            }
        }
        try (Graph g = Graph.fromArrays(offsets, targets, weights, VertexIds.offset(0, n), "chain");
                DeviceGraph dg = DeviceGraph.upload(g)) {
            assertThrows(NotConvergedException.class,
                    () -> dg.query(0, A, Options.builder().maxIterations(1).build()).close());
            try (Result r = dg.query(0, A)) {
                assertEquals(n - 1, r.distance(n - 1));
                assertTrue(r.stats().iterations() >= 2, "rounds " + r.stats().iterations());
            }
        }
    }
}
