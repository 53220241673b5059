package org.gsssp.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class DistributionTest {

    @Test
    void speedupsFallIntoHalfOpenBins() {
        // one value inside each bin, and every boundary, which belongs to the bin above it
        List<Double> speedups = List.of(0.5, 0.9, 1.0, 1.1, 1.2, 1.5, 1.7, 2.0, 2.5, 3.0, 4.0, 5.0, 80.0, 0.8999);
        Distribution d = Distribution.of(speedups, Distribution.SPEEDUP_BINS);
        //                     <0.9 0.9-1.1 1.1-1.5 1.5-2 2-3 3-5 >=5
        assertArrayEquals(new int[] {2, 2, 2, 2, 2, 2, 2}, d.counts());
        assertEquals(14, d.total());
        assertEquals(100.0 * 2 / 14, d.percent(0), 1e-9);
        double sum = speedups.stream().mapToDouble(Double::doubleValue).sum();
        assertEquals(sum / 14, d.mean(), 1e-12);
    }

    @Test
    void workRatioThreeBelongsToTheBinBelowGreaterThanThree() {
        List<Double> ratios = List.of(0.1, 0.25, 0.3, 0.5, 0.74, 0.75, 0.99, 1.0, 1.49, 1.5, 3.0, 3.0001, 10.0);
        Distribution d = Distribution.of(ratios, Distribution.WORK_BINS);
        //                     <0.25 .25-.5 .5-.75 .75-1 1-1.5 1.5-3 >3
        assertArrayEquals(new int[] {1, 2, 2, 2, 2, 2, 2}, d.counts());
        assertEquals(List.of("<0.25", "0.25-0.5", "0.5-0.75", "0.75-1", "1-1.5", "1.5-3", ">3"),
                d.bins().stream().map(Distribution.Bin::label).toList());
    }

    @Test
    void meansOfAHandMadeSet() {
        Distribution d = Distribution.of(List.of(1.0, 4.0, 16.0), Distribution.SPEEDUP_BINS);
        assertEquals(7.0, d.mean(), 1e-12);
        assertEquals(4.0, d.geomean(), 1e-12);
        assertArrayEquals(new int[] {0, 1, 0, 0, 0, 1, 1}, d.counts());
    }

    @Test
    void emptyInputHasNoMean() {
        Distribution d = Distribution.of(List.of(), Distribution.WORK_BINS);
        assertEquals(0, d.total());
        assertTrue(Double.isNaN(d.mean()));
        assertEquals(0, d.percent(3));
    }

    @Test
    void ratiosMustBePositive() {
        assertThrows(IllegalArgumentException.class, () -> Distribution.of(List.of(0.0), Distribution.SPEEDUP_BINS));
        assertThrows(IllegalArgumentException.class, () -> Distribution.of(List.of(Double.NaN), Distribution.WORK_BINS));
    }

    @Test
    void comparisonsPairOnlyGraphsWhereBothRanAndMatched() {
        List<Measurement> ms = List.of(
                measured("g1", 4, "x", 2.0, 100, true),
                measured("g1", 4, "y", 6.0, 50, true),
                measured("g2", 8, "x", 1.0, 10, true),
                measured("g2", 8, "y", 1.0, 40, false),     // y wrong on g2: no ratio
                measured("g3", 2, "x", 5.0, 10, null),      // unchecked still counts
                measured("g3", 2, "y", 1.0, -1, null),      // y does not count work
                Measurement.notRun("g4", 1, 1, 0, "x", Measurement.SKIPPED, "no GPU"),
                measured("g4", 1, "y", 1.0, 1, true));
        Comparison c = Comparison.parse("x:y");
        List<Comparison.Point> speedups = c.speedups(ms);
        assertEquals(List.of("g1", "g3"), speedups.stream().map(Comparison.Point::graph).toList());
        assertEquals(3.0, speedups.get(0).value(), 1e-12);
        assertEquals(0.2, speedups.get(1).value(), 1e-12);
        assertEquals(4.0, speedups.get(0).averageDegree(), 1e-12);
        List<Comparison.Point> work = c.workRatios(ms);
        assertEquals(1, work.size());
        assertEquals(2.0, work.get(0).value(), 1e-12);
    }

    @Test
    void allPairsPutLaterAlgorithmsOverEarlierOnes() {
        assertEquals(List.of(new Comparison("b", "a"), new Comparison("c", "a"), new Comparison("c", "b")),
                Comparison.allPairs(List.of("a", "b", "c")));
        assertThrows(IllegalArgumentException.class, () -> Comparison.parse("x"));
    }

    static Measurement measured(String graph, int degree, String algorithm, double ms, long visits, Boolean matched) {
        return new Measurement(graph, 100, 100L * degree, 0, algorithm, "CPU", Measurement.OK, "",
                new double[] {ms * 2, ms, ms / 2}, ms, Double.NaN, 1, visits, 1, 1, 0, matched, null);
    }
}
