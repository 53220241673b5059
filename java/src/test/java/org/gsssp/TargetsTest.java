package org.gsssp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.gsssp.generate.GraphGenerator;
import org.gsssp.generate.GraphSpec;
import org.gsssp.testing.RandomGraphs;
import org.gsssp.testing.RandomGraphs.Spec;
import org.junit.jupiter.api.Test;

/** Distances to a few targets with early exit: equal to a full search, and cheaper when the targets are near. */
class TargetsTest {
    @Test
    void targetDistancesEqualAFullSearch() {
        for (RandomGraphs.Shape shape : RandomGraphs.Shape.values()) {
            for (WeightType type : WeightType.values()) {
                long seed = 7 + shape.ordinal() * 2 + type.ordinal();
                Spec spec = new Spec(shape, 2000, seed, type, 100, seed % 3 == 0 ? 0.2 : 0);
                SplittableRandom random = new SplittableRandom(seed);
                try (Graph g = RandomGraphs.build(spec)) {
                    for (int q = 0; q < 5; q++) {
                        int source = random.nextInt(g.numVertices());
                        int[] targets = new int[1 + random.nextInt(4)];
                        for (int i = 0; i < targets.length; i++) {
                            targets[i] = random.nextInt(g.numVertices());
                        }
                        Result full = Sssp.solve(g, source, Algorithm.CPU_DIJKSTRA);
                        double[] expected = new double[targets.length];
                        for (int i = 0; i < targets.length; i++) {
                            expected[i] = full.distance(targets[i]);
                        }
                        assertArrayEquals(expected, Sssp.distances(g, source, targets), spec + " from " + source);
                        ShortestPath p = Sssp.path(g, source, targets[0]);
                        assertEquals(expected[0], p.weight(), spec + " path from " + source);
                        if (p.exists()) {
                            assertEquals(source, p.vertices()[0]);
                            assertEquals(targets[0], p.vertices()[p.vertices().length - 1]);
                        }
                        if (type == WeightType.INT32) {
                            long[] exact = Sssp.distancesAsLong(g, source, targets);
                            for (int i = 0; i < targets.length; i++) {
                                assertEquals(full.distanceAsLong(targets[i]), exact[i], spec.toString());
                            }
                        }
                    }
                }
            }
        }
    }

    @Test
    void aNearTargetStopsTheSearchEarly() {
        try (Graph g = GraphGenerator.generate(GraphSpec.parse("grid:200x200,seed=1,w=1..100"))) {
            int source = 0;
            int near = 1;
            try (Result early = CpuQueries.targets(g, source, new int[] {near}, false);
                    Result full = Sssp.solve(g, source, Algorithm.CPU_DIJKSTRA)) {
                assertEquals(full.distanceAsLong(near), early.distanceAsLong(near));
                assertTrue(early.stats().iterations() * 10 < full.stats().iterations(),
                        "early exit settled " + early.stats().iterations() + " of " + full.stats().iterations());
            }
        }
    }

    @Test
    void negativeWeightsSearchFullyAndAnswerRight() {
        try (Graph g = GraphGenerator.generate(GraphSpec.parse("grid:30x30,seed=2,w=1..100,neg=0.2"))) {
            double[] reference = HbfTest.queueBellmanFord(g, 0);
            int[] targets = {5, 450, 899};
            double[] got = Sssp.distances(g, 0, targets);
            for (int i = 0; i < targets.length; i++) {
                assertEquals(reference[targets[i]], got[i]);
            }
        }
    }

    @Test
    void badTargetsAreNamed() {
        try (Graph g = GraphGenerator.generate(GraphSpec.parse("grid:5x5,seed=1,w=1..9"))) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Sssp.distances(g, 0, new int[] {25}));
            assertTrue(e.getMessage().contains("target vertex 25 is out of range 0..24"), e.getMessage());
        }
    }
}
