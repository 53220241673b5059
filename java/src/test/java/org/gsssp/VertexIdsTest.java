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
        assertEquals(-1, ids.toInternal(0));
        assertEquals(-1, ids.toInternal(6));
        assertEquals(-1, ids.toInternal(Long.MIN_VALUE));
        assertEquals(-1, ids.toInternal(Long.MAX_VALUE));
        assertThrows(IndexOutOfBoundsException.class, () -> ids.toExternal(5));
        assertThrows(IndexOutOfBoundsException.class, () -> ids.toExternal(-1));
    }

    @Test
    void offsetZeroAndEmpty() {
        VertexIds ids = VertexIds.offset(0, 3);
        assertEquals(2, ids.toExternal(2));
        assertEquals(-1, ids.toInternal(-1));
        VertexIds empty = VertexIds.offset(1, 0);
        assertEquals(0, empty.size());
        assertEquals(-1, empty.toInternal(1));
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
        assertEquals(-1, ids.toInternal(1));
        assertEquals(-1, ids.toInternal(101));
        assertEquals(-1, ids.toInternal(-5));
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
            assertEquals(expected, t.toInternal(x), "id " + x + ", seed " + seed);
        }
    }

    @Test
    void equalityAcrossKinds() {
        assertEquals(VertexIds.offset(3, 3), VertexIds.table(new long[] {3, 4, 5}));
        assertEquals(VertexIds.offset(3, 3).hashCode(), VertexIds.table(new long[] {3, 4, 5}).hashCode());
        assertTrue(!VertexIds.offset(0, 3).equals(VertexIds.offset(1, 3)));
        assertTrue(VertexIds.table(new long[] {3, 9}).toString().contains("3..9"), Arrays.toString(new long[0]));
    }
}
