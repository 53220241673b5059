package org.gsssp;

import static org.gsssp.TestSupport.floatWeights;
import static org.gsssp.TestSupport.intWeights;
import static org.gsssp.TestSupport.offsets;
import static org.gsssp.TestSupport.targets;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class GraphBuilderTest {
    /** Naive reference: per-source lists in insertion order. */
    private static void checkAgainstReference(int n, int m, long seed, boolean floats) {
        SplittableRandom r = new SplittableRandom(seed);
        List<List<long[]>> adj = new ArrayList<>();
        for (int v = 0; v < n; v++) {
            adj.add(new ArrayList<>());
        }
        GraphBuilder b = new GraphBuilder(n, floats ? WeightType.FLOAT32 : WeightType.INT32).name("rand");
        for (int e = 0; e < m; e++) {
            int u = r.nextInt(n);
            int v = r.nextInt(n);
            int w = r.nextInt(-1000, 1000);
            adj.get(u).add(new long[] {v, w});
            if (floats) {
                b.addEdge(u, v, w / 8f);
            } else {
                b.addEdge(u, v, w);
            }
        }
        assertEquals(m, b.numEdges());
        long[] off = new long[n + 1];
        int[] tg = new int[m];
        int[] wi = new int[m];
        float[] wf = new float[m];
        int k = 0;
        for (int v = 0; v < n; v++) {
            for (long[] e : adj.get(v)) {
                tg[k] = (int) e[0];
                wi[k] = (int) e[1];
                wf[k] = e[1] / 8f;
                k++;
            }
            off[v + 1] = k;
        }
        String msg = "n=" + n + " m=" + m + " seed=" + seed;
        try (Graph g = b.build()) {
            assertEquals(n, g.numVertices(), msg);
            assertEquals(m, g.numEdges(), msg);
            assertEquals("rand", g.name());
            assertArrayEquals(off, offsets(g), msg);
            assertArrayEquals(tg, targets(g), msg);
            if (floats) {
                assertEquals(WeightType.FLOAT32, g.weightType());
                assertArrayEquals(wf, floatWeights(g), msg);
            } else {
                assertArrayEquals(wi, intWeights(g), msg);
            }
        }
    }

    @ParameterizedTest
    @CsvSource({"1, 0, 1", "1, 5, 2", "7, 100, 3", "1000, 1023, 4", "1000, 1024, 5", "1000, 1025, 6",
            "5000, 100000, 7", "300, 2100000, 8", "1, 300000, 9", "100000, 300000, 10", "262145, 600000, 11"})
    void matchesNaiveReference(int n, int m, long seed) {
        checkAgainstReference(n, m, seed, false);
    }

    @Test
    void floatWeightsMatchReference() {
        checkAgainstReference(500, 20000, 99, true);
    }

    @Test
    void emptyGraph() {
        try (Graph g = new GraphBuilder(0, WeightType.INT32).build()) {
            assertEquals(0, g.numVertices());
            assertArrayEquals(new long[] {0}, offsets(g));
        }
    }

    @Test
    void rejectsBadInput() {
        GraphBuilder b = new GraphBuilder(3, WeightType.INT32);
        assertThrows(IllegalArgumentException.class, () -> b.addEdge(3, 0, 1));
        assertThrows(IllegalArgumentException.class, () -> b.addEdge(0, -1, 1));
        assertThrows(IllegalStateException.class, () -> b.addEdge(0, 1, 1.5f));
        assertThrows(IllegalArgumentException.class, () -> new GraphBuilder(-1, WeightType.INT32));
        assertThrows(IllegalArgumentException.class, () -> b.ids(VertexIds.offset(0, 2)));
        GraphBuilder f = new GraphBuilder(2, WeightType.FLOAT32);
        assertThrows(IllegalArgumentException.class, () -> f.addEdge(0, 1, Float.NaN));
        assertThrows(IllegalArgumentException.class, () -> f.addEdge(0, 1, Float.NEGATIVE_INFINITY));
        f.addEdge(0, 1, 3);   // an int weight in a float builder is converted
        try (Graph g = f.build()) {
            assertEquals(3f, g.floatWeight(0));
        }
        assertThrows(IllegalStateException.class, f::build);
        assertThrows(IllegalStateException.class, () -> f.addEdge(0, 1, 1));
    }
}
