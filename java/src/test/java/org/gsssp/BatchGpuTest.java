package org.gsssp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import org.gsssp.testing.GpuTest;
import org.gsssp.testing.RandomGraphs;
import org.gsssp.testing.RandomGraphs.Shape;
import org.gsssp.testing.RandomGraphs.Spec;
import org.junit.jupiter.api.Test;

/** DeviceGraph.queryBatch: every source answered once and right by the GPU algorithms; a close ends it cleanly. */
@GpuTest
class BatchGpuTest {
    @Test
    void everySourceIsAnsweredOnceAndRight() {
        for (long seed = 1; seed <= 4; seed++) {
            Spec spec = new Spec(Shape.values()[(int) (seed % Shape.values().length)], 30_000, seed,
                    seed % 2 == 0 ? WeightType.FLOAT32 : WeightType.INT32, 1000, 0.02);
            try (Graph g = RandomGraphs.build(spec); DeviceGraph dg = DeviceGraph.upload(g)) {
                SplittableRandom random = new SplittableRandom(seed);
                int[] sources = new int[50];
                for (int i = 0; i < sources.length; i++) {
                    sources[i] = random.nextInt(g.numVertices());
                }
                for (Algorithm a : List.of(Algorithm.ADDS, Algorithm.NEAR_FAR, Algorithm.AUTO)) {
                    for (Options options : List.of(Options.defaults(), BatchTest.NO_TREE)) {
                        int[] seen = new int[sources.length];
                        List<String> problems = new ArrayList<>();
                        dg.queryBatch(sources, a, options, (i, r) -> {
                            seen[i]++;
                            Optional<String> p = Verifier.check(g, r, Sssp.solve(g, sources[i], Algorithm.CPU_DIJKSTRA));
                            p.ifPresent(x -> problems.add(spec + " " + a + " source " + sources[i] + ": " + x));
                        });
                        assertTrue(problems.isEmpty(), problems.toString());
                        for (int s : seen) {
                            assertEquals(1, s, spec + " " + a);
                        }
                    }
                }
            }
        }
    }

    @Test
    void closingTheGraphEndsTheBatchWithGraphClosed() throws Exception {
        Spec spec = new Spec(Shape.GRID, 250_000, 7, WeightType.INT32, 1000, 0);
        try (Graph g = RandomGraphs.build(spec)) {
            DeviceGraph dg = DeviceGraph.upload(g);
            int[] sources = new int[5_000];
            AtomicInteger calls = new AtomicInteger();
            Thread closer = new Thread(() -> {
                while (calls.get() < 3) {
                    Thread.onSpinWait();
                }
                dg.close();
            });
            closer.start();
            assertThrows(GraphClosedException.class,
                    () -> dg.queryBatch(sources, Algorithm.ADDS, BatchTest.NO_TREE, (i, r) -> calls.incrementAndGet()));
            closer.join();
            assertTrue(calls.get() < sources.length, calls.get() + " calls");
        }
    }
}
