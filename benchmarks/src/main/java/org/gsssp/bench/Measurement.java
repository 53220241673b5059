package org.gsssp.bench;

import java.util.Arrays;

/**
 * One algorithm on one graph: the repetitions' times and the counters of the median run.
 *
 * @param status        {@code ok}, {@code skipped} (not run, see note) or {@code failed} (it threw, see note)
 * @param timesMs       the timed repetitions' algorithm times, in run order (device time for GPU algorithms)
 * @param totalMs       median of the whole call's time (copies back included)
 * @param setupMs       GPU upload, or building JGraphT's graph; NaN where there is none
 * @param vertexVisits  the work count (vertices whose edges were processed); -1 where unknown
 * @param matched       TRUE/FALSE against the reference; null where nothing was compared
 * @param trace         the median run's trace, or null
 * @param delta         the bucket width the median run used (Near-Far, ADDS: {@code Stats.delta()}); NaN where none
 * @param certificateMs the median run's answer checked by its optimality certificate: device time of
 *                      {@code DeviceGraph.certify} for GPU algorithms, host time of {@code Result.certify} for
 *                      CPU ones; NaN where not checked
 */
public record Measurement(String graph, int vertices, long edges, long source, String algorithm, String device,
        String status, String note, double[] timesMs, double totalMs, double setupMs, long iterations,
        long vertexVisits, long edgesRelaxed, long verticesReached, long peakDeviceMemory, Boolean matched,
        Trace trace, double delta, double certificateMs) {

    /** Without a certificate time. */
    public Measurement(String graph, int vertices, long edges, long source, String algorithm, String device,
            String status, String note, double[] timesMs, double totalMs, double setupMs, long iterations,
            long vertexVisits, long edgesRelaxed, long verticesReached, long peakDeviceMemory, Boolean matched,
            Trace trace, double delta) {
        this(graph, vertices, edges, source, algorithm, device, status, note, timesMs, totalMs, setupMs, iterations,
                vertexVisits, edgesRelaxed, verticesReached, peakDeviceMemory, matched, trace, delta, Double.NaN);
    }

    /** Without a Delta (algorithms that have none). */
    public Measurement(String graph, int vertices, long edges, long source, String algorithm, String device,
            String status, String note, double[] timesMs, double totalMs, double setupMs, long iterations,
            long vertexVisits, long edgesRelaxed, long verticesReached, long peakDeviceMemory, Boolean matched,
            Trace trace) {
        this(graph, vertices, edges, source, algorithm, device, status, note, timesMs, totalMs, setupMs, iterations,
                vertexVisits, edgesRelaxed, verticesReached, peakDeviceMemory, matched, trace, Double.NaN);
    }

    /** A copy with another trace (read back from {@code traces.csv}). */
    public Measurement withTrace(Trace other) {
        return new Measurement(graph, vertices, edges, source, algorithm, device, status, note, timesMs, totalMs,
                setupMs, iterations, vertexVisits, edgesRelaxed, verticesReached, peakDeviceMemory, matched, other,
                delta, certificateMs);
    }

    public static final String OK = "ok";
    public static final String SKIPPED = "skipped";
    public static final String FAILED = "failed";

    public static Measurement notRun(String graph, int vertices, long edges, long source, String algorithm,
                                     String status, String note) {
        return new Measurement(graph, vertices, edges, source, algorithm, "", status, note, new double[0], Double.NaN,
                Double.NaN, -1, -1, -1, -1, -1, null, null);
    }

    public boolean ok() {
        return OK.equals(status);
    }

    public double averageDegree() {
        return vertices == 0 ? 0 : edges / (double) vertices;
    }

    public double medianMs() {
        return median(timesMs);
    }

    public double minMs() {
        return Arrays.stream(timesMs).min().orElse(Double.NaN);
    }

    public double maxMs() {
        return Arrays.stream(timesMs).max().orElse(Double.NaN);
    }

    /** Millions of traversed edges per second: the graph's edges over the median time (the Graph500 measure). */
    public double mteps() {
        double ms = medianMs();
        return ms > 0 ? edges / (ms * 1e3) : Double.NaN;
    }

    static double median(double[] values) {
        if (values.length == 0) {
            return Double.NaN;
        }
        double[] s = values.clone();
        Arrays.sort(s);
        int h = s.length / 2;
        return s.length % 2 == 1 ? s[h] : (s[h - 1] + s[h]) / 2;
    }
}
