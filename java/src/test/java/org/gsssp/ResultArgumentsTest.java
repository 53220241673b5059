package org.gsssp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** Vertex arguments out of range are refused with a message naming the vertex and the range (not an FFM error). */
class ResultArgumentsTest {
    @Test
    void outOfRangeVerticesAreNamed() {
        try (Graph g = Graph.fromArrays(new long[] {0, 1, 2, 2}, new int[] {1, 2}, new int[] {5, 7},
                VertexIds.offset(1, 3), "chain");
                Result r = Sssp.solve(g, 0, Algorithm.CPU_DIJKSTRA)) {
            assertEquals(12, r.distanceAsLong(2));
            for (int bad : new int[] {-1, 3, Integer.MIN_VALUE}) {
                IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> r.distanceAsLong(bad));
                assertEquals("vertex " + bad + " is out of range 0..2 (internal ids; ids().toInternal maps the file's ids to them)",
                        e.getMessage());
                assertThrows(IllegalArgumentException.class, () -> r.distance(bad));
                assertThrows(IllegalArgumentException.class, () -> r.isReachable(bad));
                assertThrows(IllegalArgumentException.class, () -> r.predecessor(bad));
                assertThrows(IllegalArgumentException.class, () -> r.pathInternal(bad));
            }
            assertThrows(IllegalArgumentException.class, () -> r.distanceAsLong(g.ids().find(9).orElse(-1)));
        }
    }

    @Test
    void pathsCarryFileIdsEdgeWeightsAndTheTotal() {
        // file ids 10, 20, 30, 40: 10 -> 20 (5), 20 -> 30 (7), 10 -> 30 (20); 40 is unreachable
        try (Graph g = Graph.fromArrays(new long[] {0, 2, 3, 3, 3}, new int[] {1, 2, 2}, new int[] {5, 20, 7},
                VertexIds.table(new long[] {10, 20, 30, 40}), "small");
                Result r = Sssp.solve(g, 0, Algorithm.CPU_DIJKSTRA)) {
            ShortestPath p = r.path(2);
            org.junit.jupiter.api.Assertions.assertArrayEquals(new long[] {10, 20, 30}, p.fileIds());
            org.junit.jupiter.api.Assertions.assertArrayEquals(new int[] {0, 1, 2}, p.vertices());
            org.junit.jupiter.api.Assertions.assertArrayEquals(new double[] {5, 7}, p.edgeWeights());
            assertEquals(12, p.weight());
            assertEquals(2, p.edgeCount());
            assertEquals("10 -> 20 -> 30 (weight 12.0)", p.toString());
            ShortestPath none = r.path(3);
            assertEquals(false, none.exists());
            assertEquals(Double.POSITIVE_INFINITY, none.weight());
            assertEquals("no path", none.toString());
            assertEquals(1, r.path(0).vertices().length);
            assertEquals(0, r.path(0).weight());
        }
    }
}
