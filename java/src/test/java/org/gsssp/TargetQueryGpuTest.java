package org.gsssp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.gsssp.testing.GpuTest;
import org.gsssp.testing.RandomGraphs;
import org.gsssp.testing.RandomGraphs.Shape;
import org.gsssp.testing.RandomGraphs.Spec;
import org.junit.jupiter.api.Test;

/**
 * DeviceGraph.distances(source, targets): a resident GPU query of which only the targets' distances come back, on
 * graphs above AUTO's CPU crossover, against CPU Dijkstra, for one target, several, the source itself and unreachable
 * ones, on every shape and weight type; single targets on sparse int graphs take ADDS's search from both ends.
 */
@GpuTest
class TargetQueryGpuTest {
    @Test
    void targetDistancesMatchDijkstra() {
        List<String> problems = new ArrayList<>();
        long seed = 100;
        for (Shape shape : Shape.values()) {
            for (WeightType type : WeightType.values()) {
                seed++;
                // 70,000 vertices: above kPairMinVertices, so sparse int graphs take ADDS's pair query (both ends)
                Spec spec = new Spec(shape, 70_000, seed, type, seed % 3 == 0 ? 10 : 1000, seed % 2 == 0 ? 0.1 : 0.0);
                try (Graph g = RandomGraphs.build(spec); DeviceGraph dg = DeviceGraph.upload(g)) {
                    SplittableRandom random = new SplittableRandom(seed);
                    for (int q = 0; q < 12; q++) {
                        int source = random.nextInt(g.numVertices());
                        int[] targets = new int[q % 4 == 0 ? 1 : 1 + random.nextInt(6)];
                        for (int i = 0; i < targets.length; i++) {
                            targets[i] = random.nextInt(g.numVertices());
                        }
                        if (q == 5) {
                            targets[0] = source;
                        }
                        double[] gpu = dg.distances(source, targets);
                        Result cpu = Sssp.solve(g, source, Algorithm.CPU_DIJKSTRA);
                        for (int i = 0; i < targets.length; i++) {
                            if (Double.compare(gpu[i], cpu.distance(targets[i])) != 0) {
                                problems.add(spec + " source " + source + " target " + targets[i] + ": " + gpu[i]
                                        + ", CPU " + cpu.distance(targets[i]));
                            }
                        }
                        cpu.close();
                    }
                }
            }
        }
        assertTrue(problems.isEmpty(), problems.size() + " wrong, first: " + problems.subList(0, Math.min(5, problems.size())));
    }

    @Test
    void badTargetsAreRefused() {
        Spec spec = new Spec(Shape.GRID, 40_000, 9, WeightType.INT32, 100, 0.0);
        try (Graph g = RandomGraphs.build(spec); DeviceGraph dg = DeviceGraph.upload(g)) {
            assertThrows(IllegalArgumentException.class, () -> dg.distances(0, new int[] {g.numVertices()}));
            assertThrows(IllegalArgumentException.class, () -> dg.distances(0, new int[] {-1}));
            assertEquals(0, dg.distances(0, new int[0]).length);
        }
    }
}
