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
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.gsssp.testing.GpuTest;
import org.gsssp.testing.RandomGraphs;
import org.gsssp.testing.RandomGraphs.Spec;
import org.junit.jupiter.api.Test;

/** One DeviceGraph, many Java threads: correct answers, and a clean close while queries run. */
@GpuTest
class ConcurrencyTest {
    static final int THREADS = 8;

    @Test
    void eightThreadsQueryOneDeviceGraph() throws Exception {
        try (Graph g = RandomGraphs.build(new Spec(RandomGraphs.Shape.GRID, 40_000, 11, WeightType.INT32, 1000, 0));
                DeviceGraph dg = DeviceGraph.upload(g)) {
            ExecutorService pool = Executors.newFixedThreadPool(THREADS);
            try {
                List<Future<?>> futures = new ArrayList<>();
                for (int t = 0; t < THREADS; t++) {
                    int thread = t;
                    futures.add(pool.submit(() -> {
                        for (int i = 0; i < 6; i++) {
                            int source = (thread * 7919 + i * 104_729) % g.numVertices();
                            Algorithm a = (i % 2 == 0) ? Algorithm.FRONTIER : Algorithm.BELLMAN_FORD;
                            Result r = dg.query(source, a);
                            Result reference = Sssp.solve(g, source, Algorithm.CPU_DIJKSTRA);
                            Optional<String> problem = Verifier.check(g, r, reference);
                            assertTrue(problem.isEmpty(), () -> "thread " + thread + " " + a + " from " + source + ": " + problem.get());
                        }
                        return null;
                    }));
                }
                for (Future<?> f : futures) {
                    f.get(5, TimeUnit.MINUTES);
                }
            } finally {
                pool.shutdownNow();
            }
        }
    }

    @Test
    void closeWhileQueriesRunFailsThemCleanly() throws Exception {
        // A long chain takes one round per vertex, so queries are surely running when close() comes.
        Graph g = RandomGraphs.build(new Spec(RandomGraphs.Shape.CHAIN, 200_000, 5, WeightType.INT32, 10, 0));
        DeviceGraph dg = DeviceGraph.upload(g);
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        AtomicInteger closedSeen = new AtomicInteger();
        AtomicInteger completed = new AtomicInteger();
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                futures.add(pool.submit(() -> {
                    while (true) {
                        try {
                            Result r = dg.query(0, Algorithm.FRONTIER);
                            assertEquals(g.numVertices(), r.stats().verticesReached());
                            completed.incrementAndGet();
                        } catch (GraphClosedException e) {
                            closedSeen.incrementAndGet();
                            return null;
                        }
                    }
                }));
            }
            Thread.sleep(300);
            dg.close();
            for (Future<?> f : futures) {
                f.get(2, TimeUnit.MINUTES);   // any other exception fails the test here
            }
        } finally {
            pool.shutdownNow();
            g.close();
        }
        assertEquals(THREADS, closedSeen.get());
        assertTrue(dg.isClosed());
        assertThrows(GraphClosedException.class, () -> dg.query(0, Algorithm.FRONTIER));
        dg.close(); // idempotent
    }
}
