package org.gsssp;

import java.util.SplittableRandom;
import org.gsssp.testing.GpuTest;
import org.gsssp.testing.RandomGraphs;
import org.gsssp.testing.RandomGraphs.Spec;
import org.junit.jupiter.api.Test;

/** DeviceGraph.matrix and distances/path on a graph AUTO sends to the GPU: every cell equals CPU Dijkstra. */
@GpuTest
class MatrixGpuTest {
    @Test
    void aMatrixOnTheGpuEqualsCpuDijkstra() {
        Spec spec = new Spec(RandomGraphs.Shape.UNIFORM, 20_000, 5, WeightType.INT32, 1000, 0);
        SplittableRandom random = new SplittableRandom(5);
        try (Graph g = RandomGraphs.build(spec); DeviceGraph gpu = DeviceGraph.upload(g)) {
            org.junit.jupiter.api.Assertions.assertTrue(Algorithm.chooseAuto(g, true).requiresGpu(), spec + " is below the crossover");
            int[] sources = random.ints(16, 0, g.numVertices()).toArray();
            int[] targets = random.ints(7, 0, g.numVertices()).toArray();
            try (DistanceMatrix m = gpu.matrix(sources, targets)) {
                MatrixTest.assertMatrix(spec + " on the GPU", g, m, sources, targets);
            }
            try (Result r = Sssp.solve(g, sources[0], Algorithm.CPU_DIJKSTRA)) {
                double[] d = gpu.distances(sources[0], targets);
                for (int j = 0; j < targets.length; j++) {
                    org.junit.jupiter.api.Assertions.assertEquals(r.distance(targets[j]), d[j], spec + ": distances");
                }
                org.junit.jupiter.api.Assertions.assertEquals(r.distance(targets[0]), gpu.path(sources[0], targets[0]).weight());
            }
        }
    }
}
