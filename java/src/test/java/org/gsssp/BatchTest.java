package org.gsssp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.gsssp.testing.RandomGraphs;
import org.gsssp.testing.RandomGraphs.Shape;
import org.gsssp.testing.RandomGraphs.Spec;
import org.junit.jupiter.api.Test;

/** Sssp.queryBatch on the CPU (in CI): every source answered once and right, the streaming contract, failures. */
class BatchTest {
    static final Options NO_TREE = Options.builder().computePredecessors(false).build();

    @Test
    void everySourceIsAnsweredOnceAndRight() {
        for (long seed = 1; seed <= 6; seed++) {
            Spec spec = new Spec(Shape.values()[(int) (seed % Shape.values().length)], 1_500, seed,
                    seed % 2 == 0 ? WeightType.FLOAT32 : WeightType.INT32, 100, 0.05);
            try (Graph g = RandomGraphs.build(spec)) {
                SplittableRandom random = new SplittableRandom(seed);
                int[] sources = new int[40];
                for (int i = 0; i < sources.length; i++) {
                    sources[i] = random.nextInt(g.numVertices());
                }
                sources[1] = sources[0];  // repeats are allowed
                for (Options options : List.of(Options.defaults(), NO_TREE)) {
                    int[] seen = new int[sources.length];
                    List<String> problems = new ArrayList<>();
                    Sssp.queryBatch(g, sources, Algorithm.CPU_DIJKSTRA, options, (i, r) -> {
                        seen[i]++;
                        assertEquals(sources[i], r.source());
                        Result reference = Sssp.solve(g, sources[i], Algorithm.CPU_DIJKSTRA);
                        Optional<String> p = Verifier.check(g, r, reference);
                        p.ifPresent(x -> problems.add(spec + " source " + sources[i] + ": " + x));
                        assertEquals(options.computePredecessors(), r.hasPredecessors());
                    });
                    assertTrue(problems.isEmpty(), problems.toString());
                    for (int i = 0; i < seen.length; i++) {
                        assertEquals(1, seen[i], spec + ": index " + i + " delivered " + seen[i] + " times");
                    }
                }
            }
        }
    }

    @Test
    void aResultIsValidDuringItsCallOnlyUnlessCopied() {
        try (Graph g = RandomGraphs.build(new Spec(Shape.GRID, 400, 2, WeightType.INT32, 9, 0))) {
            int[] sources = new int[64];
            for (int i = 0; i < sources.length; i++) {
                sources[i] = i;
            }
            List<Result> kept = java.util.Collections.synchronizedList(new ArrayList<>());
            List<Result> copies = java.util.Collections.synchronizedList(new ArrayList<>());
            Sssp.queryBatch(g, sources, Algorithm.CPU_DIJKSTRA, NO_TREE, (i, r) -> {
                kept.add(r);
                copies.add(r.copy());
            });
            // Each worker's buffers served several sources: all but (at most) the last answer in each are stale.
            long stale = kept.stream().filter(r -> {
                try {
                    r.distance(0);
                    return false;
                } catch (IllegalStateException e) {
                    return true;
                }
            }).count();
            assertTrue(stale >= sources.length - Runtime.getRuntime().availableProcessors(), stale + " stale of " + sources.length);
            for (Result c : copies) {
                assertEquals(Sssp.solve(g, c.source(), Algorithm.CPU_DIJKSTRA).distance(g.numVertices() - 1),
                        c.distance(g.numVertices() - 1));
            }
        }
    }

    @Test
    void theConsumersExceptionStopsTheBatchAndIsRethrown() {
        try (Graph g = RandomGraphs.build(new Spec(Shape.UNIFORM, 2_000, 3, WeightType.INT32, 50, 0))) {
            int[] sources = new int[500];
            AtomicInteger calls = new AtomicInteger();
            IllegalStateException boom = new IllegalStateException("boom");
            IllegalStateException thrown = assertThrows(IllegalStateException.class,
                    () -> Sssp.queryBatch(g, sources, Algorithm.CPU_DIJKSTRA, NO_TREE, (i, r) -> {
                        if (calls.incrementAndGet() == 5) {
                            throw boom;
                        }
                    }));
            assertSame(boom, thrown);
            assertEquals(5, calls.get(), "no call after the one that threw");
        }
    }

    @Test
    void anInvalidSourceIsRefusedBeforeAnyQuery() {
        try (Graph g = RandomGraphs.build(new Spec(Shape.GRID, 100, 1, WeightType.INT32, 5, 0))) {
            AtomicInteger calls = new AtomicInteger();
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> Sssp.queryBatch(g, new int[] {0, 1, 100}, Algorithm.CPU_DIJKSTRA, NO_TREE, (i, r) -> calls.incrementAndGet()));
            assertTrue(e.getMessage().contains("100"), e.getMessage());
            assertEquals(0, calls.get());
            Sssp.queryBatch(g, new int[0], Algorithm.AUTO, NO_TREE, (i, r) -> calls.incrementAndGet());
            assertEquals(0, calls.get());
        }
    }

    /** The engine of DeviceGroup's pooled batches: workers with query functions of their own, one counter. */
    @Test
    void workersOfTheirOwnShareTheSources() {
        try (Graph g = RandomGraphs.build(new Spec(Shape.UNIFORM, 1_000, 5, WeightType.INT32, 100, 0))) {
            int[] sources = new int[90];
            for (int i = 0; i < sources.length; i++) {
                sources[i] = (i * 37) % g.numVertices();
            }
            AtomicInteger[] ran = {new AtomicInteger(), new AtomicInteger(), new AtomicInteger()};
            List<Batches.Query> workers = new ArrayList<>();
            for (AtomicInteger counter : ran) {
                workers.add((source, into) -> {
                    counter.incrementAndGet();
                    return Sssp.solve(g, source, Algorithm.CPU_DIJKSTRA, NO_TREE, into);
                });
            }
            int[] seen = new int[sources.length];
            List<String> problems = new ArrayList<>();
            Batches.run(g, sources, false, workers, (i, r) -> {
                seen[i]++;
                Verifier.check(g, r, Sssp.solve(g, sources[i], Algorithm.CPU_DIJKSTRA))
                        .ifPresent(p -> problems.add("source " + sources[i] + ": " + p));
            });
            assertTrue(problems.isEmpty(), problems.toString());
            for (int i = 0; i < seen.length; i++) {
                assertEquals(1, seen[i], "index " + i);
            }
            assertEquals(sources.length, ran[0].get() + ran[1].get() + ran[2].get());

            // Fewer sources than workers: only the first ones run.
            for (AtomicInteger counter : ran) {
                counter.set(0);
            }
            Batches.run(g, new int[] {3}, false, workers, (i, r) -> seen[0]++);
            assertEquals(1, ran[0].get());
            assertEquals(0, ran[1].get() + ran[2].get());
            assertThrows(IllegalArgumentException.class, () -> Batches.run(g, new int[] {3}, false, List.of(), (i, r) -> { }));
        }
    }

    @Test
    void autoWithoutAGpuRunsOnTheCpu() {
        org.junit.jupiter.api.Assumptions.assumeFalse(Devices.available(), "a GPU is present: BatchGpuTest covers AUTO there");
        try (Graph g = RandomGraphs.build(new Spec(Shape.RMAT, 3_000, 4, WeightType.INT32, 100, 0))) {
            AtomicReference<Algorithm> ran = new AtomicReference<>();
            Sssp.queryBatch(g, new int[] {0, 1, 2}, Algorithm.AUTO, NO_TREE, (i, r) -> ran.set(r.algorithm()));
            assertEquals(Algorithm.CPU_DIJKSTRA, ran.get());
        }
    }
}
