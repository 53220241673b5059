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
                assertThrows(IllegalArgumentException.class, () -> r.path(bad));
            }
            assertThrows(IllegalArgumentException.class, () -> r.distanceAsLong(g.ids().find(9).orElse(-1)));
        }
    }
}
