package org.gsssp.generate;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import org.gsssp.Graph;
import org.gsssp.WeightType;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class GraphGeneratorTest {

    static Graph gen(String spec) {
        return GraphGenerator.generate(GraphSpec.parse(spec), 2);
    }

    static int[] degrees(Graph g) {
        int[] d = new int[g.numVertices()];
        for (int v = 0; v < d.length; v++) {
            d[v] = g.outDegree(v);
        }
        return d;
    }

    static byte[] bytes(Graph g) {
        byte[] o = g.offsets().toArray(ValueLayout.JAVA_BYTE);
        byte[] t = g.targets().toArray(ValueLayout.JAVA_BYTE);
        byte[] w = g.weights().toArray(ValueLayout.JAVA_BYTE);
        byte[] all = Arrays.copyOf(o, o.length + t.length + w.length);
        System.arraycopy(t, 0, all, o.length, t.length);
        System.arraycopy(w, 0, all, o.length + t.length, w.length);
        return all;
    }

    // ------------------------------------------------------------------ counts and shapes

    @Test
    void rmatHasExactlyScaleAndEdgeFactorCounts() {
        try (Graph g = gen("rmat:scale=10,ef=8,seed=3")) {
            assertEquals(1024, g.numVertices());
            assertEquals(8192, g.numEdges());
            assertEquals(WeightType.INT32, g.weightType());
            assertEquals("rmat:scale=10,ef=8,seed=3,w=1..1000", g.name());
        }
    }

    @Test
    void gridLinksEachCellToItsFourNeighboursBothWays() {
        int rows = 7;
        int cols = 5;
        try (Graph g = gen("grid:7x5,seed=2")) {
            assertEquals(35, g.numVertices());
            assertEquals(2L * (rows * (cols - 1) + cols * (rows - 1)), g.numEdges());
            for (int r = 0; r < rows; r++) {
                for (int c = 0; c < cols; c++) {
                    int v = r * cols + c;
                    int expected = (r > 0 ? 1 : 0) + (r < rows - 1 ? 1 : 0) + (c > 0 ? 1 : 0) + (c < cols - 1 ? 1 : 0);
                    assertEquals(expected, g.outDegree(v), "degree of (" + r + "," + c + ")");
                    for (long e = g.edgeBegin(v); e < g.edgeEnd(v); e++) {
                        int t = g.target(e);
                        int dist = Math.abs(t / cols - r) + Math.abs(t % cols - c);
                        assertEquals(1, dist, "edge " + v + " -> " + t + " is not to a neighbour");
                    }
                }
            }
        }
    }

    @Test
    void gridOfOneCellHasNoEdges() {
        try (Graph g = gen("grid:rows=1,cols=1")) {
            assertEquals(1, g.numVertices());
            assertEquals(0, g.numEdges());
        }
    }

    @Test
    void randomHasFixedOutDegreeAndNoSelfLoops() {
        try (Graph g = gen("random:n=1000,d=7,seed=5")) {
            assertEquals(1000, g.numVertices());
            assertEquals(7000, g.numEdges());
            for (int v = 0; v < 1000; v++) {
                assertEquals(7, g.outDegree(v));
                for (long e = g.edgeBegin(v); e < g.edgeEnd(v); e++) {
                    assertNotEquals(v, g.target(e), "self-loop at " + v);
                }
            }
        }
    }

    @Test
    void randomInDegreesAreRoughlyPoisson() {
        // targets uniform: in-degree ~ Binomial(n*d, 1/(n-1)), mean d, variance ~d
        String spec = "random:n=20000,d=7,seed=11";
        try (Graph g = gen(spec)) {
            int[] in = new int[g.numVertices()];
            for (long e = 0; e < g.numEdges(); e++) {
                in[g.target(e)]++;
            }
            double mean = Arrays.stream(in).average().orElseThrow();
            double var = Arrays.stream(in).mapToDouble(x -> (x - mean) * (x - mean)).sum() / in.length;
            assertEquals(7.0, mean, 1e-9, spec);
            assertEquals(7.0, var, 0.5, spec);
            assertTrue(Arrays.stream(in).max().orElseThrow() < 30, spec);
        }
    }

    @Test
    void rmatDegreesAreSkewedAndHubsArePermutedAway() {
        String spec = "rmat:scale=14,ef=16,seed=7";
        try (Graph g = gen(spec)) {
            int[] d = degrees(g);
            double avg = 16.0;
            int max = Arrays.stream(d).max().orElseThrow();
            long isolated = Arrays.stream(d).filter(x -> x == 0).count();
            // Graph500 R-MAT: hubs with hundreds of times the average degree, and many vertices with none
            assertTrue(max > 50 * avg, spec + ": max out-degree " + max);
            assertTrue(isolated > d.length / 10, spec + ": only " + isolated + " vertices without out-edges");
            // Unpermuted, vertex 0 would be the largest hub and the top hubs would all have small ids.
            Integer[] byDegree = new Integer[d.length];
            for (int v = 0; v < d.length; v++) {
                byDegree[v] = v;
            }
            Arrays.sort(byDegree, (x, y) -> Integer.compare(d[y], d[x]));
            double meanTopId = Arrays.stream(byDegree, 0, 32).mapToInt(Integer::intValue).average().orElseThrow();
            assertTrue(meanTopId > d.length / 8.0, spec + ": top hubs cluster at low ids (mean " + meanTopId + ")");
        }
    }

    @Test
    void rmatQuadrantProbabilitiesAreHonoured() {
        // a=1: every level picks the top-left quadrant, so all edges join permuted vertex 0 to itself
        try (Graph g = gen("rmat:scale=8,ef=4,a=1,b=0,c=0,seed=1")) {
            int hub = g.vertexOfMaxOutDegree();
            assertEquals(1024, g.outDegree(hub));
            for (long e = 0; e < g.numEdges(); e++) {
                assertEquals(hub, g.target(e));
            }
        }
        // uniform quadrants: an Erdos-Renyi-like graph, no big hubs
        String spec = "rmat:scale=12,ef=8,a=0.25,b=0.25,c=0.25,seed=2";
        try (Graph g = gen(spec)) {
            int max = Arrays.stream(degrees(g)).max().orElseThrow();
            assertTrue(max < 30, spec + ": max out-degree " + max);
        }
    }

    // ------------------------------------------------------------------ determinism

    @ParameterizedTest
    @ValueSource(strings = {"rmat:scale=12,ef=16,seed=9,w=1..100", "grid:40x70,seed=9", "random:n=5000,d=7,seed=9",
            "rmat:scale=11,ef=4,seed=9,float,neg=0.2", "random:n=3000,d=3,seed=9,w=0..5,neg=0.3"})
    void sameSpecSameGraphWhateverTheThreadCount(String text) {
        GraphSpec spec = GraphSpec.parse(text);
        try (Graph one = GraphGenerator.generate(spec, 1);
             Graph three = GraphGenerator.generate(spec, 3);
             Graph again = GraphGenerator.generate(spec, 8)) {
            byte[] expected = bytes(one);
            assertArrayEquals(expected, bytes(three), text + ": 1 vs 3 threads");
            assertArrayEquals(expected, bytes(again), text + ": 1 vs 8 threads");
        }
    }

    @Test
    void differentSeedsGiveDifferentGraphs() {
        try (Graph a = gen("rmat:scale=10,ef=8,seed=1"); Graph b = gen("rmat:scale=10,ef=8,seed=2");
             Graph c = gen("grid:20x20,seed=1"); Graph d = gen("grid:20x20,seed=2")) {
            assertFalse(Arrays.equals(bytes(a), bytes(b)));
            assertFalse(Arrays.equals(bytes(c), bytes(d)));
        }
    }

    @Test
    void largeChunkedGraphsAreDeterministicToo() {
        // more than one edge chunk (2^16) and vertex chunk (2^12), so chunk seams are exercised
        GraphSpec spec = GraphSpec.parse("rmat:scale=15,ef=8,seed=4");
        try (Graph a = GraphGenerator.generate(spec, 1); Graph b = GraphGenerator.generate(spec, 4)) {
            assertArrayEquals(bytes(a), bytes(b));
        }
    }

    // ------------------------------------------------------------------ weights

    @Test
    void intWeightsAreUniformOnTheClosedRange() {
        String spec = "random:n=20000,d=5,seed=3,w=1..10";
        try (Graph g = gen(spec)) {
            long[] counts = new long[11];
            for (long e = 0; e < g.numEdges(); e++) {
                int w = g.intWeight(e);
                assertTrue(w >= 1 && w <= 10, spec + ": weight " + w);
                counts[w]++;
            }
            for (int w = 1; w <= 10; w++) {
                assertEquals(0.1, counts[w] / (double) g.numEdges(), 0.01, spec + ": share of weight " + w);
            }
        }
    }

    @Test
    void floatWeightsStayInRange() {
        String spec = "grid:100x100,seed=3,w=0.5..2.5,float";
        try (Graph g = gen(spec)) {
            assertEquals(WeightType.FLOAT32, g.weightType());
            double sum = 0;
            for (long e = 0; e < g.numEdges(); e++) {
                float w = g.floatWeight(e);
                assertTrue(w >= 0.5f && w <= 2.5f, spec + ": weight " + w);
                sum += w;
            }
            assertEquals(1.5, sum / g.numEdges(), 0.02, spec);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"random:n=2000,d=7,seed=21,w=1..10,neg=0.1", "grid:40x50,seed=21,w=1..1000,neg=0.3",
            "rmat:scale=11,ef=8,seed=21,w=1..100,neg=0.2", "random:n=2000,d=4,seed=22,w=0..3,neg=0.45",
            "random:n=2000,d=7,seed=23,w=1..10,float,neg=0.25", "grid:30x30,seed=24,w=0.1..5,float,neg=0.1"})
    void negativeWeightsHitTheShareWithoutNegativeCycles(String text) {
        GraphSpec spec = GraphSpec.parse(text);
        try (Graph g = GraphGenerator.generate(spec, 2)) {
            long negative = 0;
            for (long e = 0; e < g.numEdges(); e++) {
                negative += g.weight(e) < 0 ? 1 : 0;
            }
            double share = negative / (double) g.numEdges();
            // R-MAT self-loops never turn negative, so its share runs a little low
            assertEquals(spec.weights().negativeShare(), share, 0.035, text + ": share of negative edges");
            assertFalse(NegativeCycles.exists(g), text + ": has a negative cycle");
        }
    }

    @Test
    void negativeCycleCheckerFindsOne() {
        // the helper above must be able to fail: a 3-cycle of total weight -1
        long[] off = {0, 1, 2, 3};
        int[] tg = {1, 2, 0};
        try (Graph g = Graph.fromArrays(off, tg, new int[] {2, -4, 1}, null, "cycle")) {
            assertTrue(NegativeCycles.exists(g));
        }
        try (Graph g = Graph.fromArrays(off, tg, new int[] {2, -4, 2}, null, "zero cycle")) {
            assertFalse(NegativeCycles.exists(g));
        }
    }

    @Test
    void unreachableNegativeShareIsRejectedUpFront() {
        // 0.4999 needs potentials far beyond int32 for weights up to 2^30
        GraphSpec spec = GraphSpec.parse("random:n=10,d=2,w=1..1073741824,neg=0.4999");
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> GraphGenerator.generate(spec, 1));
        assertTrue(e.getMessage().contains("neg=0.4999"), e.getMessage());
    }

    // ------------------------------------------------------------------ beyond 2^31 edges

    @Test
    void rmatSpecsBeyond2To31EdgesAreAccepted() {
        // the edge list lives off-heap with long indices: the spec's only limits are scale <= 30 and memory
        GraphSpec s27 = GraphSpec.parse("rmat:scale=27,ef=16");
        assertEquals(1L << 31, s27.numEdges());
        assertEquals(1 << 27, s27.numVertices());
        assertEquals(1L << 36, new RmatSpec(30, 64, 1, WeightSpec.ints(1, 1000)).numEdges());
        assertEquals((long) Integer.MAX_VALUE << 30, new RmatSpec(30, Integer.MAX_VALUE, 1, WeightSpec.ints(1, 1000)).numEdges());
    }

    @Test
    void rmatBeyondThisMachinesMemoryIsRefusedWithAMessageBeforeAnyAllocation() {
        // scale 28, ef 16: 2^32 edges; 16 bytes an edge off-heap (CSR targets and weights, the edge list) and
        // 8 per vertex of offsets, 12 per vertex of Java heap (permutation, counts): about 70 GB
        GraphSpec spec = GraphSpec.parse("rmat:scale=28,ef=16");
        long n = spec.numVertices();
        long need = 16L * spec.numEdges() + 8 * (n + 1) + 12 * n + 8;
        long total = GraphGenerator.physicalMemory();
        org.junit.jupiter.api.Assumptions.assumeTrue(total > 0 && total < need,
                "this machine (" + (total >> 20) + " MB) could hold " + spec + " (" + (need >> 20) + " MB)");
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> GraphGenerator.checkMemory(spec, spec.numVertices(), spec.numEdges()));
        assertTrue(e.getMessage().startsWith("rmat:scale=28,ef=16,"), e.getMessage());
        assertTrue(e.getMessage().contains("more than this machine's")
                || e.getMessage().contains("MB of Java heap to generate"), e.getMessage());
        if (e.getMessage().contains("more than this machine's")) {
            assertTrue(e.getMessage().contains(String.format(java.util.Locale.ROOT, "%,d edges", 1L << 32)),
                    e.getMessage());
            assertTrue(e.getMessage().contains("for the edge list while the CSR is built"), e.getMessage());
        }
    }

    @Test
    void absurdSpecsFailWithOneMessageNotAnOutOfMemoryError() {
        // 2^50 edges (16 PB): refused by the memory check through generate(); byte counts saturate, never wrap
        for (String text : new String[] {"rmat:scale=26,ef=16777216", "rmat:scale=30,ef=2147483647",
                "random:n=2147483647,d=2147483647"}) {
            GraphSpec spec = GraphSpec.parse(text);
            IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(
                    IllegalArgumentException.class, () -> GraphGenerator.generate(spec, 1).close());
            assertTrue(e.getMessage().startsWith(text + ","), e.getMessage());
            assertTrue(e.getMessage().contains("more than this machine's") || e.getMessage().contains("Java heap")
                    || e.getMessage().contains("could not be allocated"), e.getMessage());
        }
    }
}
