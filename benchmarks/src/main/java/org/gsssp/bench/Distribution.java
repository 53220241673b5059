package org.gsssp.bench;

import java.util.List;

/**
 * Ratios sorted into fixed bins with counts, shares and the mean, as in the ADDS paper's Tables 3 and 4.
 *
 * @param counts one per bin
 * @param mean   arithmetic mean of the ratios (the paper's "average speedup"); NaN when empty
 * @param geomean geometric mean, kinder to a few huge ratios; NaN when empty
 */
public record Distribution(List<Bin> bins, int[] counts, int total, double mean, double geomean) {

    /**
     * A half-open or closed interval of ratios.
     *
     * @param lo lower end ({@code -Infinity} for none), included when {@code loIncluded}
     * @param hi upper end ({@code +Infinity} for none), included when {@code hiIncluded}
     */
    public record Bin(String label, double lo, boolean loIncluded, double hi, boolean hiIncluded) {
        public boolean contains(double x) {
            boolean aboveLo = loIncluded ? x >= lo : x > lo;
            boolean belowHi = hiIncluded ? x <= hi : x < hi;
            return aboveLo && belowHi;
        }

        static Bin below(String label, double hi) {
            return new Bin(label, Double.NEGATIVE_INFINITY, false, hi, false);
        }

        static Bin range(String label, double lo, double hi) {
            return new Bin(label, lo, true, hi, false);
        }
    }

    /** Table 3: speedup of X over Y (Y's time / X's time). {@code [lo, hi)} intervals. */
    public static final List<Bin> SPEEDUP_BINS = List.of(
            Bin.below("<0.9", 0.9),
            Bin.range("0.9-1.1", 0.9, 1.1),
            Bin.range("1.1-1.5", 1.1, 1.5),
            Bin.range("1.5-2", 1.5, 2),
            Bin.range("2-3", 2, 3),
            Bin.range("3-5", 3, 5),
            new Bin(">=5", 5, true, Double.POSITIVE_INFINITY, false));

    /**
     * Table 4: work of X over work of Y (vertex visits). {@code [lo, hi)} intervals, except that 3 itself
     * still belongs to "1.5-3" so that "&gt;3" means strictly more than 3, as its label says.
     */
    public static final List<Bin> WORK_BINS = List.of(
            Bin.below("<0.25", 0.25),
            Bin.range("0.25-0.5", 0.25, 0.5),
            Bin.range("0.5-0.75", 0.5, 0.75),
            Bin.range("0.75-1", 0.75, 1),
            Bin.range("1-1.5", 1, 1.5),
            new Bin("1.5-3", 1.5, true, 3, true),
            new Bin(">3", 3, false, Double.POSITIVE_INFINITY, false));

    public static Distribution of(List<Double> ratios, List<Bin> bins) {
        int[] counts = new int[bins.size()];
        double sum = 0;
        double logSum = 0;
        int total = 0;
        for (double r : ratios) {
            if (!(r > 0) || Double.isInfinite(r)) {
                throw new IllegalArgumentException("ratio " + r + " is not a positive finite number");
            }
            for (int b = 0; b < bins.size(); b++) {
                if (bins.get(b).contains(r)) {
                    counts[b]++;
                    break;
                }
            }
            sum += r;
            logSum += Math.log(r);
            total++;
        }
        return new Distribution(List.copyOf(bins), counts, total, total == 0 ? Double.NaN : sum / total,
                total == 0 ? Double.NaN : Math.exp(logSum / total));
    }

    /** The share of bin {@code b} in percent (0 when empty). */
    public double percent(int b) {
        return total == 0 ? 0 : 100.0 * counts[b] / total;
    }
}
