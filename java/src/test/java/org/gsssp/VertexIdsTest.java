package org.gsssp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class VertexIdsTest {
    @Test
    void offsetMapsBothWays() {
        VertexIds ids = VertexIds.offset(1, 5);
        assertEquals(5, ids.size());
        assertTrue(ids.isOffset());
        for (int v = 0; v < 5; v++) {
            assertEquals(v + 1, ids.toExternal(v));
            assertEquals(v, ids.toInternal(v + 1));
        }
        assertTrue(ids.find(0).isEmpty());
        assertTrue(ids.find(6).isEmpty());
        assertTrue(ids.find(Long.MIN_VALUE).isEmpty());
        assertTrue(ids.find(Long.MAX_VALUE).isEmpty());
        assertThrows(IndexOutOfBoundsException.class, () -> ids.toExternal(5));
        assertThrows(IndexOutOfBoundsException.class, () -> ids.toExternal(-1));
    }

    @Test
    void offsetZeroAndEmpty() {
        VertexIds ids = VertexIds.offset(0, 3);
        assertEquals(2, ids.toExternal(2));
        assertTrue(ids.find(-1).isEmpty());
        VertexIds empty = VertexIds.offset(1, 0);
        assertEquals(0, empty.size());
        assertTrue(empty.find(1).isEmpty());
        assertThrows(IllegalArgumentException.class, () -> VertexIds.offset(0, -1));
        assertThrows(IllegalArgumentException.class, () -> VertexIds.offset(Long.MAX_VALUE, 2));
    }

    @Test
    void tableWithGaps() {
        long[] t = {0, 3, 4, 100, 1L << 40};
        VertexIds ids = VertexIds.table(t);
        t[0] = 99;   // the table is a copy
        assertEquals(5, ids.size());
        assertEquals(0, ids.toExternal(0));
        assertEquals(1L << 40, ids.toExternal(4));
        assertEquals(3, ids.toInternal(100));
        assertEquals(4, ids.toInternal(1L << 40));
        assertTrue(ids.find(1).isEmpty());
        assertTrue(ids.find(101).isEmpty());
        assertTrue(ids.find(-5).isEmpty());
        assertThrows(IndexOutOfBoundsException.class, () -> ids.toExternal(5));
    }

    @Test
    void tableRejectsUnsortedOrDuplicates() {
        assertThrows(IllegalArgumentException.class, () -> VertexIds.table(new long[] {1, 1}));
        assertThrows(IllegalArgumentException.class, () -> VertexIds.table(new long[] {2, 1}));
    }

    @Test
    void randomTableLookupsMatchLinearSearch() {
        long seed = 20240611L;
        SplittableRandom r = new SplittableRandom(seed);
        long[] ids = r.longs(2000, 0, 10_000).sorted().distinct().toArray();
        VertexIds t = VertexIds.table(ids);
        for (int q = 0; q < 5000; q++) {
            long x = r.nextLong(-10, 10_010);
            int expected = -1;
            for (int i = 0; i < ids.length; i++) {
                if (ids[i] == x) {
                    expected = i;
                }
            }
            assertEquals(expected, t.find(x).orElse(-1), "id " + x + ", seed " + seed);
        }
    }

    @Test
    void equalityAcrossKinds() {
        assertEquals(VertexIds.offset(3, 3), VertexIds.table(new long[] {3, 4, 5}));
        assertEquals(VertexIds.offset(3, 3).hashCode(), VertexIds.table(new long[] {3, 4, 5}).hashCode());
        assertTrue(!VertexIds.offset(0, 3).equals(VertexIds.offset(1, 3)));
        assertTrue(VertexIds.table(new long[] {3, 9}).toString().contains("3..9"), Arrays.toString(new long[0]));
    }

    @Test
    void toInternalOfAnUnknownIdNamesItAndTheIdsThereAre() {
        IllegalArgumentException offset = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> VertexIds.offset(1, 5).toInternal(6));
        assertEquals("vertex id 6 is not in the graph: its ids are 1..5", offset.getMessage());
        IllegalArgumentException table = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> VertexIds.table(new long[] {3, 7, 100}).toInternal(4));
        assertEquals("vertex id 4 is not in the graph: its 3 ids run from 3 to 100, not all in between", table.getMessage());
    }
}
