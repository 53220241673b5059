package org.gsssp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.gsssp.testing.GpuTest;
import org.gsssp.testing.RandomGraphs;
import org.gsssp.testing.RandomGraphs.Shape;
import org.gsssp.testing.RandomGraphs.Spec;
import org.junit.jupiter.api.Test;

/**
 * The one-launch batch designs (MULTI_BELLMAN_FORD lanes, BLOCK_BELLMAN_FORD and BLOCK_NEAR_FAR blocks) and AUTO's choice: rows,
 * matrices and single queries against CPU Dijkstra
 * on seeded graphs of every shape and both weight types; the batch's views, its failures and a close mid-batch.
 */
@GpuTest
class MultiBellmanFordGpuTest {
    private static int[] randomSources(Graph g, int count, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        int[] sources = new int[count];
        for (int i = 0; i < count; i++) {
            sources[i] = random.nextInt(g.numVertices());
        }
        if (count > 2) {
            sources[count - 1] = sources[0];  // a repeat
        }
        return sources;
    }

    @Test
    void rowsMatrixAndSingleQueriesMatchDijkstra() {
        List<String> problems = new ArrayList<>();
        long seed = 0;
        for (Shape shape : Shape.values()) {
            for (WeightType type : WeightType.values()) {
                for (int n : new int[] {1, 37, 5_000}) {
                    seed++;
                    Spec spec = new Spec(shape, n, seed, type, seed % 3 == 0 ? 10 : 1000, seed % 2 == 0 ? 0.1 : 0.0);
                    try (Graph g = RandomGraphs.build(spec); DeviceGraph dg = DeviceGraph.upload(g)) {
                        // 300 sources: three launches of up to 128 on the small graphs, with a repeat.
                        int[] sources = randomSources(g, n >= 5_000 ? 140 : 300, seed);
                        assertEquals(Algorithm.chooseBatchOnGpu(g, dg.blockFit(), false),
                                dg.chooseBatch(Algorithm.AUTO, BatchTest.NO_TREE, sources.length), spec.toString());
                        if (n <= 37) {
                            assertEquals(2, dg.blockFit(), spec + ": a tiny graph fits one block whole");
                        }
                        int[] targets = randomSources(g, Math.min(n, 50), seed + 1000);
                        for (Algorithm design : List.of(Algorithm.MULTI_BELLMAN_FORD, Algorithm.BLOCK_BELLMAN_FORD,
                                Algorithm.BLOCK_NEAR_FAR, Algorithm.AUTO)) {
                            int[] seen = new int[sources.length];
                            dg.queryBatch(sources, design, BatchTest.NO_TREE, (i, r) -> {
                                seen[i]++;
                                Result cpu = Sssp.solve(g, sources[i], Algorithm.CPU_DIJKSTRA);
                                Optional<String> p = Verifier.check(g, r, cpu);
                                p.ifPresent(x -> problems.add(spec + " (seed " + spec.seed() + ") " + design + " row " + i + ": " + x));
                                if (r.stats().verticesReached() != cpu.stats().verticesReached()) {
                                    problems.add(spec + " " + design + " row " + i + ": reached " + r.stats().verticesReached()
                                            + ", CPU " + cpu.stats().verticesReached());
                                }
                            });
                            for (int i = 0; i < seen.length; i++) {
                                assertEquals(1, seen[i], spec + " " + design + " source position " + i);
                            }
                            try (DistanceMatrix gpu = dg.matrix(sources, targets, design);
                                    DistanceMatrix cpu = Sssp.matrix(g, sources, targets)) {
                                for (int i = 0; i < sources.length; i++) {
                                    for (int j = 0; j < targets.length; j++) {
                                        if (Double.compare(gpu.get(i, j), cpu.get(i, j)) != 0) {
                                            problems.add(spec + " " + design + " matrix (" + i + ", " + j + "): "
                                                    + gpu.get(i, j) + " vs " + cpu.get(i, j));
                                        }
                                    }
                                }
                            }
                        }
                        for (Algorithm one : List.of(Algorithm.MULTI_BELLMAN_FORD, Algorithm.BLOCK_NEAR_FAR)) {
                            Result single = dg.query(sources[0], one, Options.defaults());
                            Verifier.check(g, single, Sssp.solve(g, sources[0], Algorithm.CPU_DIJKSTRA))
                                    .ifPresent(x -> problems.add(spec + " " + one + " single query: " + x));
                            single.close();
                        }
                    }
                }
            }
        }
        assertTrue(problems.isEmpty(), problems.size() + " problems, first: " + problems.subList(0, Math.min(5, problems.size())));
    }

    @Test
    void blockNearFarServesAGraphBeyondOneBlockWithEveryBlockSizeAndDelta() {
        List<String> problems = new ArrayList<>();
        for (WeightType type : WeightType.values()) {
            Spec spec = new Spec(Shape.GRID, 40_000, 5, type, 100, 0.0);
            try (Graph g = RandomGraphs.build(spec); DeviceGraph dg = DeviceGraph.upload(g)) {
                int[] sources = randomSources(g, 70, 5);
                for (int threads : new int[] {0, 128, 256, 512, 1024}) {
                    for (double delta : new double[] {0, 1, 1e6}) {
                        Options o = Options.builder().computePredecessors(false).blockSize(threads)
                                .deltaStepping(DeltaSteppingParams.builder().delta(delta).build()).build();
                        dg.queryBatch(sources, Algorithm.BLOCK_NEAR_FAR, o, (i, r) -> Verifier.check(g, r,
                                Sssp.solve(g, sources[i], Algorithm.CPU_DIJKSTRA)).ifPresent(x -> problems.add(
                                spec + " (seed " + spec.seed() + ") threads " + threads + " delta " + delta + " row " + i + ": " + x)));
                    }
                }
            }
        }
        assertTrue(problems.isEmpty(), problems.size() + " problems, first: " + problems.subList(0, Math.min(5, problems.size())));
    }

    @Test
    void aBlockPerSourceRefusesAGraphBeyondOneBlock() {
        Spec spec = new Spec(Shape.GRID, 40_000, 4, WeightType.INT32, 100, 0.0);
        try (Graph g = RandomGraphs.build(spec); DeviceGraph dg = DeviceGraph.upload(g)) {
            assertThrows(UnsupportedInputException.class, () -> dg.queryBatch(new int[] {0, 1}, Algorithm.BLOCK_BELLMAN_FORD,
                    BatchTest.NO_TREE, (i, r) -> {}));
            assertEquals(0, dg.blockFit());
            assertEquals(Algorithm.BLOCK_NEAR_FAR, dg.chooseBatch(Algorithm.AUTO, BatchTest.NO_TREE, 2));
        }
    }

    @Test
    void predecessorsRunAsConcurrentQueriesWithTrees() {
        Spec spec = new Spec(Shape.GRID, 10_000, 3, WeightType.INT32, 100, 0.0);
        try (Graph g = RandomGraphs.build(spec); DeviceGraph dg = DeviceGraph.upload(g)) {
            int[] sources = randomSources(g, 20, 3);
            assertEquals(Algorithm.ADDS, dg.chooseBatch(Algorithm.AUTO, Options.defaults(), sources.length));
            List<String> problems = new ArrayList<>();
            dg.queryBatch(sources, Algorithm.MULTI_BELLMAN_FORD, Options.defaults(), (i, r) -> {
                if (!r.hasPredecessors()) {
                    problems.add("source " + i + " has no predecessors");
                }
                Verifier.check(g, r, Sssp.solve(g, sources[i], Algorithm.CPU_DIJKSTRA)).ifPresent(problems::add);
            });
            assertTrue(problems.isEmpty(), spec + ": " + problems);
        }
    }

    @Test
    void rowsAreViewsThatCloseAfterTheCallAndAConsumerFailureStopsTheBatch() {
        Spec spec = new Spec(Shape.UNIFORM, 2_000, 5, WeightType.FLOAT32, 1000, 0.0);
        try (Graph g = RandomGraphs.build(spec); DeviceGraph dg = DeviceGraph.upload(g)) {
            int[] sources = randomSources(g, 1_000, 5);
            AtomicReference<Result> kept = new AtomicReference<>();
            AtomicReference<Result> copy = new AtomicReference<>();
            dg.queryBatch(sources, Algorithm.MULTI_BELLMAN_FORD, BatchTest.NO_TREE, (i, r) -> {
                if (i == 0) {
                    kept.set(r);
                    copy.set(r.copy());
                }
            });
            assertThrows(IllegalStateException.class, () -> kept.get().distance(0));
            Verifier.check(g, copy.get(), Sssp.solve(g, sources[0], Algorithm.CPU_DIJKSTRA)).ifPresent(p -> {
                throw new AssertionError(spec + ": " + p);
            });
            AtomicInteger calls = new AtomicInteger();
            IllegalArgumentException thrown = assertThrows(IllegalArgumentException.class,
                    () -> dg.queryBatch(sources, Algorithm.MULTI_BELLMAN_FORD, BatchTest.NO_TREE, (i, r) -> {
                        if (calls.incrementAndGet() == 600) {
                            throw new IllegalArgumentException("stop here");
                        }
                    }));
            assertEquals("stop here", thrown.getMessage());
            assertEquals(600, calls.get());
            assertThrows(IllegalArgumentException.class,
                    () -> dg.queryBatch(new int[] {0, g.numVertices()}, Algorithm.AUTO, BatchTest.NO_TREE, (i, r) -> {}));
        }
    }

    @Test
    void rowsLargerThanTheStagingStreamInOrderAndRight() {
        // 2 MB rows: the 16 MiB staging holds four a half, so the rows of 41 sources cross in eleven halves.
        Spec spec = new Spec(Shape.GRID, 250_000, 11, WeightType.INT32, 1000, 0);
        try (Graph g = RandomGraphs.build(spec); DeviceGraph dg = DeviceGraph.upload(g)) {
            int[] sources = randomSources(g, 41, 11);
            List<String> problems = new ArrayList<>();
            for (Algorithm design : List.of(Algorithm.BLOCK_NEAR_FAR, Algorithm.MULTI_BELLMAN_FORD)) {
                int[] next = {0};
                dg.queryBatch(sources, design, BatchTest.NO_TREE, (i, r) -> {
                    if (i != next[0]++) {
                        problems.add(design + ": row " + i + " came when row " + (next[0] - 1) + " was due");
                    }
                    if (i % 5 == 0 || i == sources.length - 1) {
                        Verifier.check(g, r, Sssp.solve(g, sources[i], Algorithm.CPU_DIJKSTRA)).ifPresent(
                                x -> problems.add(spec + " (seed " + spec.seed() + ") " + design + " row " + i + ": " + x));
                    }
                });
                assertEquals(sources.length, next[0], design + ": every row once");
            }
            assertTrue(problems.isEmpty(), problems.toString());
        }
    }

    @Test
    void closingTheGraphEndsAOneLaunchBatchWithGraphClosed() throws Exception {
        Spec spec = new Spec(Shape.GRID, 250_000, 7, WeightType.INT32, 1000, 0);
        try (Graph g = RandomGraphs.build(spec)) {
            DeviceGraph dg = DeviceGraph.upload(g);
            int[] sources = new int[20_000];
            AtomicInteger calls = new AtomicInteger();
            Thread closer = new Thread(() -> {
                while (calls.get() < 3) {
                    Thread.onSpinWait();
                }
                dg.close();
            });
            closer.start();
            assertThrows(GraphClosedException.class, () -> dg.queryBatch(sources, Algorithm.MULTI_BELLMAN_FORD,
                    BatchTest.NO_TREE, (i, r) -> calls.incrementAndGet()));
            closer.join();
            assertTrue(calls.get() < sources.length, calls.get() + " calls");
        }
    }
}
