package org.gsssp.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.gsssp.Graph;
import org.gsssp.Options;
import org.gsssp.Result;
import org.gsssp.WeightType;

/**
 * What a cutoff query must answer: CPU Dijkstra's full answer restricted to the cutoff (distances at most it kept,
 * the others unreached, without predecessor), a tree inside the ball, and the ball's size in the stats.
 */
public final class CutoffCheck {
    private CutoffCheck() {}

    /**
     * Cutoffs worth asking from a full answer: 0, the exact distances of a few vertices (the boundary: a vertex at
     * the cutoff is reached), one just below such a distance, the largest distance and one past it.
     */
    public static List<Double> cutoffs(Result full, long seed) {
        TreeSet<Double> finite = new TreeSet<>();
        for (int v = 0; v < full.numVertices(); v++) {
            if (full.isReachable(v)) {
                finite.add(full.distance(v));
            }
        }
        Double[] sorted = finite.toArray(new Double[0]);
        TreeSet<Double> out = new TreeSet<>();
        out.add(0.0);
        SplittableRandom r = new SplittableRandom(seed);
        for (int i = 0; i < 3 && sorted.length > 0; i++) {
            double d = sorted[r.nextInt(sorted.length)];
            out.add(d);
            if (full.weightType() == WeightType.INT32 && d >= 1) {
                out.add(d - 1);
            } else if (d > 0) {
                out.add(Math.nextDown(d));
            }
        }
        if (sorted.length > 0) {
            double median = sorted[sorted.length / 2];
            out.add(median);
            out.add(sorted[sorted.length - 1]);
            out.add(sorted[sorted.length - 1] + 1);
        }
        return List.copyOf(out);
    }

    /** Options with {@code cutoff} in the graph's form: a long for int32 weights, a double for float32. */
    public static Options options(Graph g, double cutoff, boolean predecessors) {
        Options.Builder b = Options.builder().computePredecessors(predecessors);
        if (g.weightType() == WeightType.INT32) {
            b.cutoff((long) cutoff);
        } else {
            b.cutoff(cutoff);
        }
        return b.build();
    }

    /** Checks {@code cut} (asked with {@code cutoff}) against {@code full}; {@code what} names the case. */
    public static void check(String what, Graph g, Result full, Result cut, double cutoff) {
        String label = what + ", cutoff " + cutoff;
        assertTrue(cut.cutoff().isPresent(), label + ": the Result does not say its cutoff");
        assertEquals(cutoff, cut.cutoff().getAsDouble(), label);
        long ball = 0;
        for (int v = 0; v < g.numVertices(); v++) {
            boolean inside = full.isReachable(v) && full.distance(v) <= cutoff;
            if (inside) {
                ball++;
                assertTrue(cut.isReachable(v), label + ": vertex " + v + " at " + full.distance(v) + " is unreached");
                if (g.weightType() == WeightType.INT32) {
                    assertEquals(full.distanceAsLong(v), cut.distanceAsLong(v), label + ": vertex " + v);
                } else {
                    assertEquals(full.distance(v), cut.distance(v), label + ": vertex " + v);
                }
                if (cut.hasPredecessors() && v != cut.source()) {
                    int p = cut.predecessor(v);
                    assertTrue(p >= 0 && cut.isReachable(p) && cut.distance(p) <= cut.distance(v),
                            label + ": vertex " + v + "'s predecessor " + p + " is not in the ball below it");
                }
            } else {
                assertFalse(cut.isReachable(v), label + ": vertex " + v + " beyond the cutoff is reached, at "
                        + cut.distance(v) + " (full answer " + full.distance(v) + ")");
                assertTrue(Double.isInfinite(cut.distance(v)), label);
                if (cut.hasPredecessors()) {
                    assertEquals(-1, cut.predecessor(v), label + ": vertex " + v + " beyond the cutoff has a predecessor");
                }
            }
        }
        assertEquals(ball, cut.stats().verticesReached(), label + ": verticesReached");
        assertEquals(ball, cut.reachedCount(), label + ": reachedCount");
    }

    /** The sources to try on a graph: vertex 0 and a few seeded others. */
    public static int[] sources(Graph g, long seed, int count) {
        SplittableRandom r = new SplittableRandom(seed);
        int[] out = new int[Math.min(count, g.numVertices())];
        for (int i = 1; i < out.length; i++) {
            out[i] = r.nextInt(g.numVertices());
        }
        return Arrays.stream(out).distinct().toArray();
    }
}
