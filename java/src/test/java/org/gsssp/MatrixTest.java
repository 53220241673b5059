package org.gsssp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.SplittableRandom;
import org.gsssp.testing.RandomGraphs;
import org.gsssp.testing.RandomGraphs.Spec;
import org.junit.jupiter.api.Test;

/** Distance matrices on the CPU: every cell equals a full CPU Dijkstra from its source. */
class MatrixTest {
    static void assertMatrix(String what, Graph g, DistanceMatrix m, int[] sources, int[] targets) {
        assertEquals(sources.length, m.rows());
        assertEquals(targets.length, m.columns());
        for (int i = 0; i < sources.length; i++) {
            try (Result r = Sssp.solve(g, sources[i], Algorithm.CPU_DIJKSTRA)) {
                for (int j = 0; j < targets.length; j++) {
                    assertEquals(r.distance(targets[j]), m.get(i, j), what + ": cell (" + i + ", " + j + ")");
                    if (g.weightType() == WeightType.INT32) {
                        assertEquals(r.distanceAsLong(targets[j]), m.getAsLong(i, j), what);
                    }
                }
            }
        }
    }

    @Test
    void everyCellEqualsASingleSourceSearch() {
        for (RandomGraphs.Shape shape : RandomGraphs.Shape.values()) {
            for (WeightType type : WeightType.values()) {
                long seed = 40 + shape.ordinal() * 2 + type.ordinal();
                Spec spec = new Spec(shape, 1500, seed, type, 100, 0);
                SplittableRandom random = new SplittableRandom(seed);
                try (Graph g = RandomGraphs.build(spec)) {
                    int[] sources = random.ints(12, 0, g.numVertices()).toArray();
                    int[] targets = random.ints(9, 0, g.numVertices()).toArray();
                    try (DistanceMatrix m = Sssp.matrix(g, sources, targets)) {
                        assertMatrix(spec.toString(), g, m, sources, targets);
                    }
                }
            }
        }
    }

    @Test
    void closedMatricesAndBadCellsAreRefused() {
        try (Graph g = RandomGraphs.build(new Spec(RandomGraphs.Shape.GRID, 100, 1, WeightType.INT32, 10, 0))) {
            DistanceMatrix m = Sssp.matrix(g, new int[] {0, 1}, new int[] {2});
            assertThrows(IndexOutOfBoundsException.class, () -> m.get(2, 0));
            assertEquals(2 * 8, m.segment().byteSize());
            m.close();
            assertThrows(IllegalStateException.class, () -> m.get(0, 0));
            assertThrows(IllegalArgumentException.class, () -> Sssp.matrix(g, new int[] {0}, new int[] {100}));
        }
    }

    /** The whole-row copies DeviceGraph.matrix uses: each cell lands where set/setExact would put it. */
    @Test
    void rowsCopyIntoTheirCells() {
        try (DistanceMatrix exact = new DistanceMatrix(2, 3, WeightType.INT32);
                DistanceMatrix real = new DistanceMatrix(2, 3, WeightType.FLOAT32)) {
            exact.setRow(1, new long[] {5, Long.MAX_VALUE, 0});
            exact.setRow(0, new double[] {1, Double.POSITIVE_INFINITY, 7});
            real.setRow(1, new double[] {0.5, Double.POSITIVE_INFINITY, 3});
            assertEquals(1, exact.getAsLong(0, 0));
            assertEquals(Double.POSITIVE_INFINITY, exact.get(0, 1));
            assertEquals(7, exact.getAsLong(0, 2));
            assertEquals(5, exact.getAsLong(1, 0));
            assertEquals(Double.POSITIVE_INFINITY, exact.get(1, 1));
            assertEquals(0, exact.getAsLong(1, 2));
            assertEquals(0.5, real.get(1, 0));
            assertEquals(Double.POSITIVE_INFINITY, real.get(1, 1));
            assertEquals(3, real.get(1, 2));
            assertThrows(IllegalArgumentException.class, () -> real.setRow(0, new double[] {1, 2}));
            assertThrows(IndexOutOfBoundsException.class, () -> exact.setRow(2, new long[] {1, 2, 3}));
        }
    }
}
