package org.gsssp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.gsssp.testing.GpuTest;
import org.junit.jupiter.api.Test;

/**
 * The width a GPU query writes its distances in (gsssp_options.compact_distances 2): 2 bytes for an int graph whose
 * distances stay below 65,535, 4 when they do not (and every later query on that graph starts at 4), 8 beyond
 * 2^32 - 2, 4 for float graphs; each answer against CPU Dijkstra, into QueryBuffers and into pooled memory.
 */
@GpuTest
class CompactDistancesGpuTest {
    /** A path 0 -> 1 -> ... -> n-1 of weight w per edge. */
    private static Graph path(int n, int w) {
        GraphBuilder b = new GraphBuilder(n, WeightType.INT32).name("path n=" + n + " w=" + w);
        for (int v = 0; v + 1 < n; v++) {
            b.addEdge(v, v + 1, w);
        }
        return b.build();
    }

    private static void check(Graph g, DeviceGraph dg, QueryBuffers out, int source, int bytes, String what) {
        Result cpu = Sssp.solve(g, source, Algorithm.CPU_DIJKSTRA);
        Options noTree = Options.builder().computePredecessors(false).build();
        Result into = dg.query(source, Algorithm.ADDS, noTree, out);
        assertEquals(bytes, into.distanceBytes(), what + " into QueryBuffers");
        assertTrue(Verifier.check(g, into, cpu).isEmpty(), what + ": " + Verifier.check(g, into, cpu));
        try (Result pooled = dg.query(source, Algorithm.ADDS, noTree)) {
            assertEquals(bytes, pooled.distanceBytes(), what + " pooled");
            assertTrue(Verifier.check(g, pooled, cpu).isEmpty(), what + " pooled: " + Verifier.check(g, pooled, cpu));
        }
    }

    @Test
    void theNarrowestWidthThatHoldsEveryDistance() {
        // 2 bytes: 2,000 vertices of weight 3, longest distance 5,997
        try (Graph g = path(2_000, 3); DeviceGraph dg = DeviceGraph.upload(g); QueryBuffers out = QueryBuffers.forGraph(g, false)) {
            check(g, dg, out, 0, 2, g.name());
            check(g, dg, out, 17, 2, g.name() + " again");
        }
        // 4 bytes: distances up to 199,900; the first query writes 2, falls back to 4, and the graph stays at 4
        try (Graph g = path(2_000, 100); DeviceGraph dg = DeviceGraph.upload(g); QueryBuffers out = QueryBuffers.forGraph(g, false)) {
            check(g, dg, out, 0, 4, g.name() + " (fallback from 2)");
            check(g, dg, out, 1_990, 4, g.name() + " from near the end: fits 2 bytes, but the graph starts at 4 now");
            check(g, dg, out, 1_000, 4, g.name() + " from the middle");
        }
        // 8 bytes: distances beyond 2^32 - 2 (a path of 2,000 edges of weight 2^31 - 1)
        try (Graph g = path(2_000, Integer.MAX_VALUE); DeviceGraph dg = DeviceGraph.upload(g);
                QueryBuffers out = QueryBuffers.forGraph(g, false)) {
            check(g, dg, out, 0, 8, g.name() + " (fallback from 2 to 8)");
            check(g, dg, out, 5, 8, g.name() + " (fallback from 4 to 8)");
        }
        // float graphs: 4 bytes (no exact 2-byte float)
        GraphBuilder f = new GraphBuilder(1_000, WeightType.FLOAT32).name("float path");
        for (int v = 0; v + 1 < 1_000; v++) {
            f.addEdge(v, v + 1, 0.5f);
        }
        try (Graph g = f.build(); DeviceGraph dg = DeviceGraph.upload(g); QueryBuffers out = QueryBuffers.forGraph(g, false)) {
            check(g, dg, out, 0, 4, g.name());
        }
    }
}
