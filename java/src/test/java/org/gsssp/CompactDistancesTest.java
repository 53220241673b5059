package org.gsssp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The compact host formats a GPU query may write (gsssp_options.compact_distances): 2-byte and 4-byte unsigned
 * distances, all ones for unreachable, read back as gsssp.h's 8-byte format; CPU only (the segments are built here).
 */
class CompactDistancesTest {
    private static final Stats NONE = new Stats(0, 0, 0, 0, 0, 0, 0, 0, 0, 0);

    private static Result pooled(Graph g, MemorySegment d, int bytes) {
        return Result.pooled(0, WeightType.INT32, d, null, g.ids(), Algorithm.ADDS, "test", NONE, List.of(), () -> {}, bytes);
    }

    @Test
    void twoAndFourByteDistancesReadAsTheirEightByteValues() {
        try (Graph g = new GraphBuilder(4, WeightType.INT32).addEdge(0, 1, 5).addEdge(1, 2, 65_529).build();
                Arena arena = Arena.ofConfined()) {
            long[] expected = {0, 5, 65_534, Long.MAX_VALUE};  // 65,534: the largest 2-byte distance; vertex 3 unreachable
            MemorySegment two = arena.allocate(ValueLayout.JAVA_LONG, 4);  // the buffers are sized for 8 bytes
            MemorySegment four = arena.allocate(ValueLayout.JAVA_LONG, 4);
            MemorySegment eight = arena.allocate(ValueLayout.JAVA_LONG, 4);
            for (int v = 0; v < 4; v++) {
                boolean reached = expected[v] != Long.MAX_VALUE;
                two.setAtIndex(ValueLayout.JAVA_SHORT, v, reached ? (short) expected[v] : (short) -1);
                four.setAtIndex(ValueLayout.JAVA_INT, v, reached ? (int) expected[v] : -1);
                eight.setAtIndex(ValueLayout.JAVA_LONG, v, expected[v]);
            }
            for (int bytes : new int[] {2, 4, 8}) {
                MemorySegment d = bytes == 2 ? two : bytes == 4 ? four : eight;
                Result r = pooled(g, d, bytes);
                assertEquals(bytes, r.distanceBytes());
                for (int v = 0; v < 4; v++) {
                    assertEquals(expected[v], r.distanceAsLong(v), bytes + " bytes, vertex " + v);
                    assertEquals(expected[v] == Long.MAX_VALUE ? Double.POSITIVE_INFINITY : (double) expected[v], r.distance(v),
                            bytes + " bytes, vertex " + v);
                    assertEquals(expected[v], r.distances().getAtIndex(ValueLayout.JAVA_LONG, v), bytes + " bytes, 8-byte view");
                }
                assertTrue(r.isReachable(2), bytes + " bytes");
                assertFalse(r.isReachable(3), bytes + " bytes");
                assertEquals(3, r.reachedCount(), bytes + " bytes");
                Result copy = r.copy();
                assertEquals(65_534, copy.distanceAsLong(2), bytes + " bytes, copy");
                assertEquals(Long.MAX_VALUE, copy.distanceAsLong(3), bytes + " bytes, copy");
            }
        }
    }
}
