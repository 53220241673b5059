package org.gsssp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.gsssp.AddsTest.ShapeSpec;
import org.gsssp.AddsTest.Weights;
import org.junit.jupiter.api.Test;

/**
 * The graphs {@link AddsTest} feeds ADDS, checked on the CPU (so CI without a GPU runs it): they must be the
 * corner cases its Javadoc claims, or ADDS passing on them would prove less than it says.
 */
class AddsGraphsTest {
    static final int BLOCK_WORDS = 65_536;

    @Test
    void atLeastFiveHundredRandomGraphsAndEveryOneBuilds() {
        List<ShapeSpec> specs = AddsTest.shapeSpecs(607L);
        assertTrue(AddsTest.RANDOM_SUITE_GRAPHS + specs.size() >= 500, "random graphs: " + (AddsTest.RANDOM_SUITE_GRAPHS + specs.size()));
        int clipped = 0;
        for (ShapeSpec spec : specs) {
            try (Graph g = AddsTest.build(spec)) {
                assertEquals(spec.vertices(), g.numVertices(), spec.toString());
                assertEquals(spec.type(), g.weightType(), spec.toString());
                int[] sources = AddsTest.sources(g, spec.seed());
                assertTrue(sources.length >= Math.min(2, g.numVertices()), spec + ": sources");
                for (int s : sources) {
                    Result r = Sssp.solve(g, s, Algorithm.CPU_DIJKSTRA);
                    double max = 0;
                    for (int v = 0; v < g.numVertices(); v++) {
                        if (r.isReachable(v)) {
                            max = Math.max(max, r.distance(v));
                            if (spec.weights() == Weights.ALL_ZERO) {
                                assertEquals(0.0, r.distance(v), spec + " from " + s);
                            }
                        }
                    }
                    if (spec.weights() == Weights.HUGE && spec.type() == WeightType.INT32 && max > Integer.MAX_VALUE) {
                        clipped++;
                    }
                }
                switch (spec.shape()) {
                    case OUT_STAR -> assertTrue(g.outDegree(0) >= g.numVertices() - 1, spec.toString());
                    case CHAIN_FORWARD, CHAIN_BOTH -> {
                        // the chain is intact: the last vertex is n-1 edges away from the first
                        Result r = Sssp.solve(g, 0, Algorithm.CPU_DIJKSTRA);
                        assertEquals(g.numVertices(), r.reachedCount(), spec.toString());
                    }
                    case CHAIN_BACKWARD -> {
                        Result r = Sssp.solve(g, g.numVertices() - 1, Algorithm.CPU_DIJKSTRA);
                        assertEquals(g.numVertices(), r.reachedCount(), spec.toString());
                    }
                    default -> { }
                }
            }
        }
        // huge weights must put distances beyond 32 bits, far past the last bucket of any Δ estimate
        assertTrue(clipped >= 10, "int graphs with huge weights whose distances pass 2^31: " + clipped);
    }

    @Test
    void blockOverflowGraphsPutMoreThanFourBlocksIntoOneBucket() {
        for (WeightType type : WeightType.values()) {
            try (Graph g = AddsTest.star(AddsTest.MANY_LEAVES, Weights.ALL_ZERO, type, 1)) {
                Result r = Sssp.solve(g, 0, Algorithm.CPU_DIJKSTRA);
                long atZero = 0;
                for (int v = 0; v < g.numVertices(); v++) {
                    atZero += r.distance(v) == 0 ? 1 : 0;
                }
                assertTrue(atZero > 4L * BLOCK_WORDS, "zero-weight star: all leaves in the head bucket: " + atZero);
            }
            try (Graph g = AddsTest.star(AddsTest.MANY_LEAVES, Weights.ONE_TO_TEN, type, 2)) {
                // Δ = C·W/D with the smallest C ADDS starts from (8, for int weights averaging below 64; Near-Far's
                // and static-Δ ADDS's is 32, dynamic ADDS's for wider weights 64: adds_policy.hpp): every leaf lies
                // below it, so in the first bucket
                double w = 0;
                for (long e = 0; e < g.numEdges(); e++) {
                    w += g.weight(e);
                }
                double delta = 8 * (w / g.numEdges()) / (g.numEdges() / (double) g.numVertices());
                Result r = Sssp.solve(g, 0, Algorithm.CPU_DIJKSTRA);
                for (int v = 0; v < g.numVertices(); v++) {
                    assertTrue(r.distance(v) < delta, "leaf " + v + " at " + r.distance(v) + " beyond Δ " + delta);
                }
            }
            try (Graph g = AddsTest.twoLevelTree(640, 640, Weights.ONE_TO_TEN, type, 3)) {
                assertTrue(g.numVertices() - 641 > 4 * BLOCK_WORDS, "leaves: " + (g.numVertices() - 641));
                assertEquals(g.numVertices(), Sssp.solve(g, 0, Algorithm.CPU_DIJKSTRA).reachedCount());
            }
        }
        try (Graph g = AddsTest.star(AddsTest.MANY_LEAVES, Weights.SPREAD, WeightType.INT32, 4)) {
            // with a kept Δ of 1 and 32 buckets, leaves at distance 32 or more are clipped into the last bucket
            Result r = Sssp.solve(g, 0, Algorithm.CPU_DIJKSTRA);
            long beyond = 0;
            for (int v = 0; v < g.numVertices(); v++) {
                beyond += r.distance(v) >= 32 ? 1 : 0;
            }
            assertTrue(beyond > 4L * BLOCK_WORDS, "clipped leaves: " + beyond);
        }
    }
}
