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

    public static WeightSpec ints(long lo, long hi) {
        return new WeightSpec(lo, hi, false, 0);
    }

    public WeightSpec withFloating(boolean value) {
        return new WeightSpec(lo, hi, value, negativeShare);
    }

    public WeightSpec withNegativeShare(double share) {
        return new WeightSpec(lo, hi, floating, share);
    }

    public WeightType type() {
        return floating ? WeightType.FLOAT32 : WeightType.INT32;
    }

    /** The spec's own words, e.g. {@code w=1..1000,float,neg=0.1}. */
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
