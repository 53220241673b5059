package org.gsssp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.gsssp.generate.GraphGenerator;
import org.gsssp.generate.RoadSpec;
import org.gsssp.generate.WeightSpec;
import org.gsssp.testing.GpuTest;
import org.junit.jupiter.api.Test;

/**
 * A hierarchy attached to a graph answers its DeviceGraph's distances, distancesAsLong, path and AUTO matrix on the
 * host (the matrix copying nothing to the device), equal to the GPU's own answers (and so to Dijkstra's); a chosen
 * matrix design still runs it, and a matrix naming PHAST runs RPHAST on the device (copied there then).
 */
@GpuTest
class ContractionHierarchyGpuTest {
    @Test
    void attachedHierarchyAnswersTheDeviceGraphsPairAndMatrixCalls() {
        try (Graph g = GraphGenerator.generate(new RoadSpec(300, 300, 10, 46, WeightSpec.ints(1, 1000)), 2);
                DeviceGraph dg = DeviceGraph.upload(g)) {
            SplittableRandom random = new SplittableRandom(46);
            int n = g.numVertices();
            int[] sources = random.ints(6, 0, n).toArray();
            int[] targets = random.ints(9, 0, n).toArray();
            long[][] gpu = new long[sources.length][];
            for (int i = 0; i < sources.length; i++) {
                gpu[i] = dg.distancesAsLong(sources[i], targets);
            }
            ShortestPath gpuPath = dg.path(sources[0], targets[0]);
            try (ContractionHierarchy ch = ContractionHierarchy.build(g).attach()) {
                for (int i = 0; i < sources.length; i++) {
                    assertArrayEquals(gpu[i], dg.distancesAsLong(sources[i], targets), "seed 46, source " + sources[i]);
                    double[] d = dg.distances(sources[i], targets);
                    for (int j = 0; j < targets.length; j++) {
                        assertEquals((double) gpu[i][j], d[j]);
                    }
                }
                assertEquals(gpuPath.weight(), dg.path(sources[0], targets[0]).weight());
                try (DistanceMatrix auto = dg.matrix(sources, targets)) {
                    assertFalse(dg.hasHierarchy(), "AUTO's matrix answers from the host hierarchy, copying nothing");
                    try (DistanceMatrix chosen = dg.matrix(sources, targets, Algorithm.BLOCK_NEAR_FAR);
                            DistanceMatrix rphast = dg.matrix(sources, targets, Algorithm.PHAST)) {
                        assertTrue(dg.hasHierarchy(), "a matrix naming PHAST copies the hierarchy to the device");
                        for (int i = 0; i < sources.length; i++) {
                            for (int j = 0; j < targets.length; j++) {
                                assertEquals(gpu[i][j], auto.getAsLong(i, j), "seed 46, AUTO cell " + i + ", " + j);
                                assertEquals(gpu[i][j], chosen.getAsLong(i, j), "seed 46, block near-far cell " + i + ", " + j);
                                assertEquals(gpu[i][j], rphast.getAsLong(i, j), "seed 46, PHAST cell " + i + ", " + j);
                            }
                        }
                    }
                }
            }
        }
    }
}
