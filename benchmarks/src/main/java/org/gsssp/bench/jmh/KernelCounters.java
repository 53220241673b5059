package org.gsssp.bench.jmh;

import java.util.Locale;
import java.util.stream.Collectors;
import org.gsssp.Stats;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.infra.ThreadParams;
import org.openjdk.jmh.runner.IterationType;

/**
 * What the native side says each query cost, beside JMH's own time for the whole call from Java. A benchmark takes
 * this state and calls {@link #add(Stats)} once per query. JMH reports the three public fields as secondary
 * results ({@code query:kernelMs}, {@code query:nativeMs}, {@code query:queries}): EVENTS counters, summed over the
 * threads and the measurement iterations, so that the mean per query is {@code kernelMs / queries} (what
 * {@code gsssp-bench serving-summary} computes from the JSON).
 *
 * <p>At the end of the trial thread 0 also prints one line to stdout, which JMH copies into its log:
 * {@code KERNEL benchmark=B mode=M threads=T PARAM=V... queries=Q kernelMs=K nativeMs=N javaMs=J}, the means per
 * query of this thread over the measurement iterations; javaMs is the iterations' wall time over its queries
 * (JMH's score is the authoritative Java time).
 */
@State(Scope.Thread)
@AuxCounters(AuxCounters.Type.EVENTS)
public class KernelCounters {
    /** Queries in this iteration. */
    public long queries;
    /** Sum of {@link Stats#timeMs()} (the algorithm: CUDA-event device time, or CPU wall time) in this iteration. */
    public double kernelMs;
    /** Sum of {@link Stats#totalMs()} (the whole native call) in this iteration. */
    public double nativeMs;

    private boolean measuring;
    private long iterationStart;
    private long trialQueries;
    private double trialKernelMs;
    private double trialNativeMs;
    private long trialWallNanos;
    // A resident query's Java-side stages (addStages): this iteration's and the trial's sums, nanoseconds.
    private final long[] stageNanos = new long[3];
    private final long[] trialStageNanos = new long[3];
    private long stageQueries;
    private long trialStageQueries;

    /** Records one query. */
    public void add(Stats stats) {
        queries++;
        kernelMs += stats.timeMs();
        nativeMs += stats.totalMs();
    }

    /**
     * Records where one resident query's Java wall time went: the {@code queryResident} call, the read, the close
     * (System.nanoTime around each), printed as {@code stagesMs=QUERY/READ/CLOSE} in the KERNEL line, to set beside
     * {@code nativeMs}.
     */
    public void addStages(long queryNanos, long readNanos, long closeNanos) {
        stageNanos[0] += queryNanos;
        stageNanos[1] += readNanos;
        stageNanos[2] += closeNanos;
        stageQueries++;
    }

    @Setup(Level.Iteration)
    public void startIteration(IterationParams iteration) {
        java.util.Arrays.fill(stageNanos, 0);
        stageQueries = 0;
        queries = 0;
        kernelMs = 0;
        nativeMs = 0;
        measuring = iteration.getType() == IterationType.MEASUREMENT;
        iterationStart = System.nanoTime();
    }

    @TearDown(Level.Iteration)
    public void endIteration() {
        if (measuring) {
            trialWallNanos += System.nanoTime() - iterationStart;
            trialQueries += queries;
            trialKernelMs += kernelMs;
            trialNativeMs += nativeMs;
            for (int i = 0; i < stageNanos.length; i++) {
                trialStageNanos[i] += stageNanos[i];
            }
            trialStageQueries += stageQueries;
        }
    }

    @TearDown(Level.Trial)
    public void report(BenchmarkParams benchmark, ThreadParams thread) {
        if (thread.getThreadIndex() != 0) {
            return;
        }
        String params = benchmark.getParamsKeys().stream()
                .map(k -> k + "=" + benchmark.getParam(k))
                .collect(Collectors.joining(" "));
        long q = Math.max(1, trialQueries);
        System.out.println(String.format(Locale.ROOT, "%nKERNEL benchmark=%s mode=%s threads=%d %s queries=%d kernelMs=%.6f nativeMs=%.6f javaMs=%.6f",
                benchmark.getBenchmark().replaceFirst("^.*\\.(\\w+\\.\\w+)$", "$1"), benchmark.getMode().shortLabel(),
                thread.getThreadCount(), params, trialQueries, trialKernelMs / q, trialNativeMs / q,
                trialWallNanos / 1e6 / q)
                + (trialStageQueries == 0 ? "" : String.format(Locale.ROOT, " stagesMs=%.6f/%.6f/%.6f",
                        trialStageNanos[0] / 1e6 / trialStageQueries, trialStageNanos[1] / 1e6 / trialStageQueries,
                        trialStageNanos[2] / 1e6 / trialStageQueries)));
    }
}
