package org.gsssp;

import static org.gsssp.TestSupport.assertCsr;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.junit.jupiter.api.Test;

class GraphTest {
    private static final long[] OFF = {0, 3, 4, 5, 5};
    private static final int[] TGT = {1, 2, 1, 3, 1};
    private static final int[] W = {7, -2, 3, 1, 4};

    @Test
    void fromArraysCopiesAndAnswers() {
        try (Graph g = Graph.fromArrays(OFF, TGT, W, VertexIds.offset(1, 4), "t")) {
            assertCsr(g, OFF, TGT, W);
            assertEquals("t", g.name());
            assertEquals(4, g.numVertices());
            assertEquals(5, g.numEdges());
            assertEquals(3, g.outDegree(0));
            assertEquals(0, g.outDegree(3));
            assertEquals(3, g.edgeBegin(1));
            assertEquals(4, g.edgeEnd(1));
            assertEquals(3, g.target(3));
            assertEquals(-2, g.intWeight(1));
            assertEquals(-2.0, g.weight(1));
            assertTrue(g.hasNegativeWeight());
            assertEquals(0, g.vertexOfMaxOutDegree());
            assertEquals(4, g.ids().toExternal(3));
            assertThrows(IllegalStateException.class, () -> g.floatWeight(0));
            assertThrows(IndexOutOfBoundsException.class, () -> g.outDegree(4));
            assertThrows(IndexOutOfBoundsException.class, () -> g.target(5));
        }
    }

    @Test
    void floatGraph() {
        float[] w = {0.5f, 1.25f, 2, 3, 4};
        try (Graph g = Graph.fromArrays(OFF, TGT, w, null, null)) {
            assertCsr(g, OFF, TGT, w);
            assertEquals("graph", g.name());
            assertEquals(VertexIds.offset(0, 4), g.ids());
            assertEquals(1.25f, g.floatWeight(1));
            assertEquals(1.25, g.weight(1));
            assertFalse(g.hasNegativeWeight());
            assertThrows(IllegalStateException.class, () -> g.intWeight(0));
        }
    }

    @Test
    void maxOutDegreeTakesLowestIdOnTies() {
        long[] off = {0, 1, 3, 5, 5};
        int[] t = {0, 0, 1, 2, 3};
        try (Graph g = Graph.fromArrays(off, t, new int[5], null, "ties")) {
            assertEquals(1, g.vertexOfMaxOutDegree());
            assertFalse(g.hasNegativeWeight());
        }
        try (Graph g = Graph.fromArrays(new long[] {0}, new int[0], new int[0], null, "empty")) {
            assertEquals(-1, g.vertexOfMaxOutDegree());
            assertEquals(0, g.numVertices());
            assertEquals(0, g.targets().byteSize());
        }
    }

    @Test
    void closeIsIdempotentAndFencesAccess() {
        Graph g = Graph.fromArrays(OFF, TGT, W, null, "c");
        MemorySegment off = g.offsets();
        g.close();
        g.close();
        assertTrue(g.isClosed());
        assertThrows(GraphClosedException.class, g::offsets);
        assertThrows(GraphClosedException.class, g::targets);
        assertThrows(GraphClosedException.class, g::weights);
        assertThrows(GraphClosedException.class, () -> g.target(0));
        assertThrows(GraphClosedException.class, () -> g.outDegree(0));
        assertThrows(IllegalStateException.class, () -> off.get(ValueLayout.JAVA_LONG, 0));
        assertEquals(4, g.numVertices());
    }

    @Test
    void fromArraysValidates() {
        assertMessage("offsets[0] = 1", () -> Graph.fromArrays(new long[] {1, 1}, new int[] {0}, new int[] {1}, null, null));
        assertMessage("offsets[2] = 1 < offsets[1] = 2",
                () -> Graph.fromArrays(new long[] {0, 2, 1, 2}, new int[] {0, 0}, new int[2], null, null));
        assertMessage("offsets[2] = 1 but there are 2 edges",
                () -> Graph.fromArrays(new long[] {0, 1, 1}, new int[] {0, 0}, new int[2], null, null));
        assertMessage("targets[1] = 2 not in 0..1",
                () -> Graph.fromArrays(new long[] {0, 1, 2}, new int[] {0, 2}, new int[2], null, null));
        assertMessage("targets[0] = -1",
                () -> Graph.fromArrays(new long[] {0, 1, 2}, new int[] {-1, 0}, new int[2], null, null));
        assertMessage("weights[1] = NaN is not finite",
                () -> Graph.fromArrays(new long[] {0, 2}, new int[] {0, 0}, new float[] {1, Float.NaN}, null, null));
        assertMessage("weights[0] = Infinity is not finite", () -> Graph.fromArrays(new long[] {0, 1}, new int[] {0},
                new float[] {Float.POSITIVE_INFINITY}, null, null));
        assertMessage("weights has 1 entries but targets has 2",
                () -> Graph.fromArrays(new long[] {0, 2}, new int[] {0, 0}, new int[1], null, null));
        assertMessage("ids has 3 vertices", () -> Graph.fromArrays(new long[] {0, 0}, new int[0], new int[0],
                VertexIds.offset(0, 3), null));
        assertMessage("n+1 >= 1", () -> Graph.fromArrays(new long[0], new int[0], new int[0], null, null));
    }

    @Test
    void ofSegmentsAdoptsAndClosesArenaOnRejection() {
        Arena arena = Arena.ofShared();
        MemorySegment off = arena.allocateFrom(ValueLayout.JAVA_LONG, 0, 1, 2);
        MemorySegment tg = arena.allocateFrom(ValueLayout.JAVA_INT, 1, 0);
        MemorySegment w = arena.allocateFrom(ValueLayout.JAVA_INT, 5, 6);
        try (Graph g = Graph.ofSegments(arena, off, tg, w, WeightType.INT32, null, "seg")) {
            assertEquals(2, g.numVertices());
            assertEquals(6, g.intWeight(1));
        }
        assertFalse(arena.scope().isAlive());

        Arena bad = Arena.ofShared();
        MemorySegment off2 = bad.allocateFrom(ValueLayout.JAVA_LONG, 0, 1, 2);
        MemorySegment tg2 = bad.allocateFrom(ValueLayout.JAVA_INT, 1, 7);
        MemorySegment w2 = bad.allocateFrom(ValueLayout.JAVA_INT, 5, 6);
        assertMessage("targets[1] = 7", () -> Graph.ofSegments(bad, off2, tg2, w2, WeightType.INT32, null, "bad"));
        assertFalse(bad.scope().isAlive());
    }

    private static void assertMessage(String part, org.junit.jupiter.api.function.Executable ex) {
        InvalidGraphException e = assertThrows(InvalidGraphException.class, ex);
        assertTrue(e.getMessage().contains(part), () -> "message '" + e.getMessage() + "' lacks '" + part + "'");
    }
}
