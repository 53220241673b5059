package org.gsssp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import org.gsssp.testing.GpuTest;
import org.gsssp.testing.RandomGraphs;
import org.gsssp.testing.RandomGraphs.Shape;
import org.gsssp.testing.RandomGraphs.Spec;
import org.junit.jupiter.api.Test;

/**
 * DeviceGroup: every GPU of the host plus a second copy on device 0 (so that a one-GPU host spreads over two
 * copies too); batches, matrices and single queries against CPU Dijkstra.
 */
@GpuTest
class DeviceGroupGpuTest {
    private static int[] devices() {
        int count = Devices.count();
        int[] d = new int[count + 1];
        for (int i = 0; i < count; i++) {
            d[i] = i;
        }
        d[count] = 0;
        return d;
    }

    @Test
    void answersAreThoseOfOneGpu() {
        List<String> problems = new ArrayList<>();
        for (long seed = 1; seed <= 4; seed++) {
            Spec spec = new Spec(Shape.values()[(int) (seed % Shape.values().length)], 30_000, seed,
                    seed % 2 == 0 ? WeightType.FLOAT32 : WeightType.INT32, 1000, 0.05);
            try (Graph g = RandomGraphs.build(spec); DeviceGroup group = DeviceGroup.upload(g, devices())) {
                assertEquals(Devices.count() + 1, group.size());
                SplittableRandom random = new SplittableRandom(seed);
                int[] sources = new int[301];
                for (int i = 0; i < sources.length; i++) {
                    sources[i] = random.nextInt(g.numVertices());
                }
                for (Options options : List.of(BatchTest.NO_TREE, Options.defaults())) {
                    int[] seen = new int[sources.length];
                    int[] limited = options.computePredecessors() ? java.util.Arrays.copyOf(sources, 40) : sources;
                    group.queryBatch(limited, Algorithm.AUTO, options, (i, r) -> {
                        seen[i]++;
                        Verifier.check(g, r, Sssp.solve(g, limited[i], Algorithm.CPU_DIJKSTRA))
                                .ifPresent(p -> problems.add(spec + " batch " + i + ": " + p));
                    });
                    for (int i = 0; i < limited.length; i++) {
                        assertEquals(1, seen[i], spec + " position " + i);
                    }
                }
                // ADDS without predecessors: the concurrent-queries design, whose workers all devices pool.
                int[] pooled = new int[sources.length];
                group.queryBatch(sources, Algorithm.ADDS, BatchTest.NO_TREE, (i, r) -> {
                    pooled[i]++;
                    Verifier.check(g, r, Sssp.solve(g, sources[i], Algorithm.CPU_DIJKSTRA))
                            .ifPresent(p -> problems.add(spec + " pooled batch " + i + ": " + p));
                });
                for (int i = 0; i < sources.length; i++) {
                    assertEquals(1, pooled[i], spec + " pooled position " + i);
                }
                int[] targets = java.util.Arrays.copyOf(sources, 25);
                try (DistanceMatrix gpu = group.matrix(sources, targets); DistanceMatrix cpu = Sssp.matrix(g, sources, targets)) {
                    for (int i = 0; i < sources.length; i++) {
                        for (int j = 0; j < targets.length; j++) {
                            if (Double.compare(gpu.get(i, j), cpu.get(i, j)) != 0) {
                                problems.add(spec + " matrix (" + i + ", " + j + ")");
                            }
                        }
                    }
                }
                for (int q = 0; q < 6; q++) {
                    int s = sources[q];
                    Result cpu = Sssp.solve(g, s, Algorithm.CPU_DIJKSTRA);
                    try (Result r = group.query(s, Algorithm.AUTO, Options.defaults())) {
                        Verifier.check(g, r, cpu).ifPresent(p -> problems.add(spec + " query: " + p));
                    }
                    double[] d = group.distances(s, new int[] {sources[q + 10]});
                    if (Double.compare(d[0], cpu.distance(sources[q + 10])) != 0) {
                        problems.add(spec + " distances " + s + " -> " + sources[q + 10]);
                    }
                    ShortestPath path = group.path(s, sources[q + 20]);
                    if (cpu.isReachable(sources[q + 20]) && Double.compare(path.weight(), cpu.distance(sources[q + 20])) != 0) {
                        problems.add(spec + " path " + s + " -> " + sources[q + 20] + ": " + path.weight());
                    }
                    cpu.close();
                }
            }
        }
        assertTrue(problems.isEmpty(), problems.size() + " problems, first: " + problems.subList(0, Math.min(5, problems.size())));
    }

    @Test
    void aConsumerFailureStopsEverySlice() {
        Spec spec = new Spec(Shape.GRID, 10_000, 2, WeightType.INT32, 100, 0.0);
        try (Graph g = RandomGraphs.build(spec); DeviceGroup group = DeviceGroup.upload(g, devices())) {
            int[] sources = new int[2_000];
            AtomicInteger calls = new AtomicInteger();
            IllegalStateException e = assertThrows(IllegalStateException.class,
                    () -> group.queryBatch(sources, Algorithm.AUTO, BatchTest.NO_TREE, (i, r) -> {
                        if (calls.incrementAndGet() == 100) {
                            throw new IllegalStateException("enough");
                        }
                    }));
            assertEquals("enough", e.getMessage());
            assertEquals(100, calls.get());
            calls.set(0);  // the same with the workers of every device pooled (ADDS: concurrent queries)
            e = assertThrows(IllegalStateException.class,
                    () -> group.queryBatch(java.util.Arrays.copyOf(sources, 300), Algorithm.ADDS, BatchTest.NO_TREE, (i, r) -> {
                        if (calls.incrementAndGet() == 30) {
                            throw new IllegalStateException("enough");
                        }
                    }));
            assertEquals("enough", e.getMessage());
            assertEquals(30, calls.get());
            assertThrows(IllegalArgumentException.class, () -> group.matrix(new int[] {-1}, new int[] {0}));
        }
    }
}
