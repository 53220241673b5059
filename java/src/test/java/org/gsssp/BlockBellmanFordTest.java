package org.gsssp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.gsssp.testing.GpuTest;
import org.gsssp.testing.RandomGraphs;
import org.gsssp.testing.RandomGraphs.Shape;
import org.gsssp.testing.RandomGraphs.Spec;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The one-block solver ({@link Algorithm#BLOCK_BELLMAN_FORD}) against CPU Dijkstra on every output path: pooled
 * results with predecessors, compact distances into {@link QueryBuffers} (the query's tail enqueued behind the
 * kernel), resident results; plus its limits. Seeds are in the messages.
 */
@GpuTest
class BlockBellmanFordTest {
    static final Algorithm A = Algorithm.BLOCK_BELLMAN_FORD;

    static void assertRight(Graph g, Result r, Result reference, String what) {
        Optional<String> problem = Verifier.check(g, r, reference);
        assertTrue(problem.isEmpty(), () -> what + ": " + problem.get());
        assertEquals(reference.reachedCount(), r.stats().verticesReached(), what + ": vertices reached");
    }

    @TestFactory
    Stream<DynamicTest> seededSmallGraphsOnEveryOutputPath() {
        // Every shape and both weight types, up to the size every supported card takes.
        List<Spec> specs = RandomGraphs.suite(120, GpuAlgorithmsTest.BLOCK_BF_EVERYWHERE, 1107L);
        return specs.stream().map(spec -> DynamicTest.dynamicTest(spec.toString(), () -> {
            try (Graph g = RandomGraphs.build(spec); DeviceGraph dg = DeviceGraph.upload(g);
                    QueryBuffers out = QueryBuffers.forGraph(g, false)) {
                int n = g.numVertices();
                for (int source : new int[] {0, (int) (Math.abs(spec.seed()) % n)}) {
                    Result reference = Sssp.solve(g, source, Algorithm.CPU_DIJKSTRA);
                    String what = spec + " from " + source;
                    try (Result pooled = dg.query(source, A)) {
                        assertRight(g, pooled, reference, what + " (pooled, predecessors)");
                    }
                    Result compact = dg.query(source, A, Options.builder().computePredecessors(false).build(), out);
                    assertRight(g, compact, reference, what + " (QueryBuffers, no predecessors)");
                    try (DeviceResult resident = dg.queryResident(source, A, Options.defaults())) {
                        assertEquals(-1, resident.stats().verticesReached(), what + " (resident: not counted)");
                        assertEquals(reference.reachedCount(), resident.verticesReached(), what + " (resident)");
                        for (int v : new int[] {0, n / 2, n - 1}) {
                            assertEquals(reference.distance(v), resident.distance(v), what + " (resident) vertex " + v);
                            if (reference.isReachable(v)) {
                                assertEquals(reference.distance(v), resident.path(v).weight(), what + " (resident path) " + v);
                            }
                        }
                    }
                }
            }
        }));
    }

    @Test
    void longChainTakesAsManyRoundsAsItHasEdges() {
        // A path of 5,000 vertices is 4,999 rounds in the worst order; the kernel's bound must not cut it short.
        Spec spec = new Spec(Shape.CHAIN, 5_000, 3L, WeightType.INT32, 10, 0.0);
        try (Graph g = RandomGraphs.build(spec); DeviceGraph dg = DeviceGraph.upload(g)) {
            Result reference = Sssp.solve(g, 0, Algorithm.CPU_DIJKSTRA);
            assertRight(g, dg.query(0, A), reference, spec.toString());
        }
    }

    @Test
    void aRoundLimitGivesNotConverged() {
        Spec spec = new Spec(Shape.CHAIN, 1_000, 5L, WeightType.INT32, 10, 0.0);
        try (Graph g = RandomGraphs.build(spec); DeviceGraph dg = DeviceGraph.upload(g)) {
            assertThrows(NotConvergedException.class, () -> dg.query(0, A, Options.builder().maxIterations(3).build()));
        }
    }

    @Test
    void aGraphBeyondSharedMemoryIsRefusedByName() {
        Spec spec = new Spec(Shape.UNIFORM, 60_000, 9L, WeightType.INT32, 100, 0.0);
        try (Graph g = RandomGraphs.build(spec); DeviceGraph dg = DeviceGraph.upload(g)) {
            UnsupportedInputException e = assertThrows(UnsupportedInputException.class, () -> dg.query(0, A));
            assertTrue(e.getMessage().contains("shared memory") && e.getMessage().contains("60000"), e.getMessage());
            // The handle stays usable.
            assertRight(g, dg.query(0, Algorithm.ADDS), Sssp.solve(g, 0, Algorithm.CPU_DIJKSTRA), "ADDS after the refusal");
        }
    }

    @Test
    void concurrentQueriesEachGetTheirAnswer() throws Exception {
        Spec spec = new Spec(Shape.UNIFORM, 3_000, 21L, WeightType.FLOAT32, 100, 0.1);
        try (Graph g = RandomGraphs.build(spec); DeviceGraph dg = DeviceGraph.upload(g)) {
            ExecutorService pool = Executors.newFixedThreadPool(8);
            try {
                List<Future<?>> futures = new ArrayList<>();
                for (int t = 0; t < 8; t++) {
                    int thread = t;
                    futures.add(pool.submit(() -> {
                        for (int i = 0; i < 40; i++) {
                            int source = (thread * 40 + i) * 37 % g.numVertices();
                            Result reference = Sssp.solve(g, source, Algorithm.CPU_DIJKSTRA);
                            try (Result r = dg.query(source, A)) {
                                assertRight(g, r, reference, spec + " thread " + thread + " source " + source);
                            }
                        }
                        return null;
                    }));
                }
                for (Future<?> f : futures) {
                    f.get();
                }
            } finally {
                pool.shutdownNow();
            }
        }
    }
}
