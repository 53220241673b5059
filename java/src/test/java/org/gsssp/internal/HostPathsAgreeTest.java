package org.gsssp.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.SplittableRandom;
import org.gsssp.Algorithm;
import org.gsssp.Graph;
import org.gsssp.NegativeCycleException;
import org.gsssp.Options;
import org.gsssp.VertexIds;
import org.gsssp.WeightType;
import org.gsssp.testing.RandomGraphs;
import org.gsssp.testing.ReferenceSssp;
import org.junit.jupiter.api.Test;

/**
 * The pure-Java host path against the reference and, where the native library loads, against the native path:
 * the same distances bit for bit, full searches and searches stopped at targets, both queues (Dial's buckets for
 * small int weights, the radix heap for wide ones and floats).
 */
class HostPathsAgreeTest {
    private static final long SEED = 0x5EED_49L;

    @Test
    void javaDijkstraMatchesTheReferenceAndTheNativePath() {
        HostPath javaPath = new JavaHostPath();
        HostPath nativePath = NativeLibrary.available() ? new NativeHostPath() : null;
        SplittableRandom random = new SplittableRandom(SEED);
        for (RandomGraphs.Spec spec : RandomGraphs.suite(60, 3000, SEED)) {
            try (Graph g = RandomGraphs.build(spec); Arena arena = Arena.ofConfined()) {
                int n = g.numVertices();
                int source = random.nextInt(n);
                int[] targets = {random.nextInt(n), random.nextInt(n)};
                double[] expected = ReferenceSssp.distances(ReferenceSssp.Csr.of(g), source);
                HostGraph j = javaPath.prepare(g);
                HostGraph c = nativePath == null ? null : nativePath.prepare(g);
                try {
                    for (int[] stopAt : new int[][] {null, targets}) {
                        String where = spec + " source " + source + (stopAt == null ? "" : " stopping at targets")
                                + " (seed " + SEED + ")";
                        MemorySegment dj = arena.allocate((long) n * 8);
                        j.sssp(Algorithm.CPU_DIJKSTRA, source, Options.defaults(), dj, arena.allocate(n * 4L), stopAt, "q");
                        int[] check = stopAt == null ? java.util.stream.IntStream.range(0, n).toArray() : stopAt;
                        for (int v : check) {
                            assertEquals(expected[v], value(g, dj, v), where + ": vertex " + v);
                        }
                        if (c != null) {
                            MemorySegment dc = arena.allocate((long) n * 8);
                            c.sssp(Algorithm.CPU_DIJKSTRA, source, Options.defaults(), dc, arena.allocate(n * 4L), stopAt, "q");
                            for (int v : check) {
                                assertEquals(dc.getAtIndex(ValueLayout.JAVA_LONG, v), dj.getAtIndex(ValueLayout.JAVA_LONG, v),
                                        where + ": native and Java differ at vertex " + v);
                            }
                        }
                        MemorySegment db = arena.allocate((long) n * 8);
                        j.sssp(Algorithm.CPU_BELLMAN_FORD, source, Options.defaults(), db, null, null, "q");
                        for (int v : check) {
                            assertEquals(expected[v], value(g, db, v), where + ": Bellman-Ford, vertex " + v);
                        }
                    }
                } finally {
                    j.close();
                    if (c != null) {
                        c.close();
                    }
                }
            }
        }
    }

    @Test
    void javaBellmanFordReportsAVertexOnTheNegativeCycle() {
        // 0 -> 1 -> 2 -> 3 -> 1, the cycle 1-2-3 weighing -1; vertex 4 hangs off it.
        try (Graph g = Graph.fromArrays(new long[] {0, 1, 2, 3, 5, 5}, new int[] {1, 2, 3, 1, 4},
                new int[] {5, 2, -4, 1, 7}, VertexIds.offset(0, 5), "cycle");
                Arena arena = Arena.ofConfined()) {
            HostGraph j = new JavaHostPath().prepare(g);
            NegativeCycleException e = assertThrows(NegativeCycleException.class, () -> j.sssp(Algorithm.CPU_BELLMAN_FORD,
                    0, Options.defaults(), arena.allocate(40), null, null, "bf"));
            long v = e.vertex();
            assertEquals(true, v >= 1 && v <= 3, e.getMessage());
            assertThrows(org.gsssp.UnsupportedInputException.class, () -> j.sssp(Algorithm.CPU_DIJKSTRA, 0,
                    Options.defaults(), arena.allocate(40), null, null, "dijkstra"));
            j.close();
            assertThrows(org.gsssp.GraphClosedException.class, () -> j.sssp(Algorithm.CPU_DIJKSTRA, 0,
                    Options.defaults(), arena.allocate(40), null, null, "dijkstra"));
        }
    }

    private static double value(Graph g, MemorySegment distances, int v) {
        if (g.weightType() == WeightType.INT32) {
            long d = distances.getAtIndex(ValueLayout.JAVA_LONG, v);
            return d == Long.MAX_VALUE ? Double.POSITIVE_INFINITY : d;
        }
        return distances.getAtIndex(ValueLayout.JAVA_DOUBLE, v);
    }
}
