package org.gsssp.generate;

import java.util.Locale;
import org.gsssp.WeightType;

/**
 * How a generator draws edge weights.
 *
 * <p>Weights are uniform on {@code lo..hi}: integers (both ends included) for {@link WeightType#INT32}, reals
 * for {@link WeightType#FLOAT32}. With {@code negativeShare > 0}, every edge {@code u → v} is then reweighted by
 * vertex potentials {@code p ≥ 0}: {@code w'(u,v) = w(u,v) + p(u) − p(v)}. The potentials cancel around any
 * cycle, so every cycle keeps the (non-negative) weight it had and no negative cycle can appear; shortest
 * paths keep their shape (distances shift by {@code p(s) − p(v)}). The range of {@code p} is chosen so that
 * about {@code negativeShare} of the edges turn negative; at most half can (by symmetry of {@code p(u) − p(v)}).
 *
 * @param lo            smallest weight, {@code ≥ 0} (a negative base weight could already close a negative cycle)
 * @param hi            largest weight, {@code ≥ lo}
 * @param floating      float weights instead of int weights
 * @param negativeShare wanted share of negative edges, in {@code [0, 0.5)}
 */
public record WeightSpec(double lo, double hi, boolean floating, double negativeShare) {

    /**
     * Checks the bounds and the share.
     *
     * @throws IllegalArgumentException if {@code lo} is negative, {@code hi < lo}, a bound is not finite, int
     *         bounds are not integers up to {@code Integer.MAX_VALUE}, {@code negativeShare} is outside
     *         {@code [0, 0.5)}, or it is above 0 while {@code hi} is 0
     */
    public WeightSpec {
        if (!(lo >= 0) || !(hi >= lo) || !Double.isFinite(hi)) {
            throw new IllegalArgumentException("weights must satisfy 0 <= lo <= hi, got " + fmt(lo) + ".." + fmt(hi));
        }
        if (!floating && (lo != Math.rint(lo) || hi != Math.rint(hi) || hi > Integer.MAX_VALUE)) {
            throw new IllegalArgumentException("int weights need integer bounds up to " + Integer.MAX_VALUE
                    + ", got " + fmt(lo) + ".." + fmt(hi) + " (add 'float' for real weights)");
        }
        if (!(negativeShare >= 0) || negativeShare >= 0.5) {
            throw new IllegalArgumentException("neg (share of negative edges) must be in [0, 0.5), got " + negativeShare
                    + ": reweighting by potentials turns at most half of the edges negative");
        }
        if (negativeShare > 0 && hi == 0) {
            throw new IllegalArgumentException("neg needs weights above 0 (w=0..0 cannot be reweighted)");
        }
    }

    /**
     * Int weights uniform on {@code lo..hi}, none negative.
     *
     * @param lo smallest weight, {@code ≥ 0}
     * @param hi largest weight, in {@code lo..Integer.MAX_VALUE}
     * @return the spec
     * @throws IllegalArgumentException if the bounds are out of range
     */
    public static WeightSpec ints(long lo, long hi) {
        return new WeightSpec(lo, hi, false, 0);
    }

    /**
     * This spec with float or int weights.
     *
     * @param value true for float weights
     * @return a new spec with the other components unchanged
     * @throws IllegalArgumentException if int weights are asked for and the bounds are not integers
     */
    public WeightSpec withFloating(boolean value) {
        return new WeightSpec(lo, hi, value, negativeShare);
    }

    /**
     * This spec with another share of negative edges.
     *
     * @param share wanted share of negative edges, in {@code [0, 0.5)}
     * @return a new spec with the other components unchanged
     * @throws IllegalArgumentException if {@code share} is out of range
     */
    public WeightSpec withNegativeShare(double share) {
        return new WeightSpec(lo, hi, floating, share);
    }

    /**
     * The weight type of the generated graph.
     *
     * @return {@link WeightType#FLOAT32} when {@link #floating()}, else {@link WeightType#INT32}
     */
    public WeightType type() {
        return floating ? WeightType.FLOAT32 : WeightType.INT32;
    }

    /** The spec's own words, such as {@code w=1..1000,float,neg=0.1}. */
    @Override
    public String toString() {
        StringBuilder s = new StringBuilder("w=").append(fmt(lo)).append("..").append(fmt(hi));
        if (floating) {
            s.append(",float");
        }
        if (negativeShare > 0) {
            s.append(",neg=").append(fmt(negativeShare));
        }
        return s.toString();
    }

    static String fmt(double x) {
        if (x == Math.rint(x) && Math.abs(x) < 1e15) {
            return Long.toString((long) x);
        }
        return String.format(Locale.ROOT, "%s", x);
    }
}
