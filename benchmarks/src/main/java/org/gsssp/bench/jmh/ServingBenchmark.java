package org.gsssp.bench.jmh;

import java.util.concurrent.TimeUnit;
import org.gsssp.Algorithm;
import org.gsssp.DeviceResult;
import org.gsssp.QueryBuffers;
import org.gsssp.Result;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The serving path measured from Java: one query on a graph resident on the GPU (uploaded once per trial), ADDS,
 * no predecessors, into {@link QueryBuffers} allocated once per trial and thread. Beside JMH's time for the whole
 * call, {@link KernelCounters} reports the native side's own numbers (kernel time, whole native call), so the
 * Java-side overhead is the difference.
 * <ul>
 *   <li>{@link #defaultQuery}: {@code query(source)}, AUTO with predecessors, pooled output;</li>
 *   <li>{@link #query}: AverageTime and SampleTime (p50, p99), ms, per {@code graph};</li>
 *   <li>{@link #residentOneTarget}: {@code queryResident}, then one target's distance, then close: what a
 *       service that wants one route pays (the distances stay on the GPU), on {@code oneTargetGraph};
 *       {@link #residentQueryOnly}: the same without the read;</li>
 *   <li>{@link #autoQuery}: {@code Algorithm.AUTO} on a small road graph ({@code autoGraph}, rome99: AUTO picks
 *       CPU Dijkstra there), SampleTime in µs.</li>
 * </ul>
 * The source is the graph's vertex of largest out-degree, as in {@link QueryBenchmark}. File graphs are paths
 * relative to the working directory: override them with {@code -p graph=build/gpu-bundle/graphs/...} (specs
 * given with -p separate their items with {@code ;}, see {@link BenchGraphs}). {@code scripts/bench_serving.sh}
 * runs it on the GPU host.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED"})
public class ServingBenchmark {

    /** The graph of {@link #query}, resident on the GPU for the trial. */
    @State(Scope.Benchmark)
    public static class Served {
        @Param({"rmat:scale=20,ef=16,seed=1,w=1..1000", "random:n=1048576,d=7,seed=1,w=1..1000",
                "../shared/graphs/USA-road-d.NY.gr.gz", "rmat:scale=22,ef=16,seed=1,w=1..1000"})
        public String graph;

        BenchGraphs.Loaded g;

        @Setup(Level.Trial)
        public void setUp() {
            g = new BenchGraphs.Loaded(graph, true, "ServingBenchmark.query");
        }

        @TearDown(Level.Trial)
        public void tearDown() {
            if (g != null) {
                g.close();
            }
        }
    }

    /** One thread's reusable output memory for {@link Served}'s graph. */
    @State(Scope.Thread)
    public static class ServedBuffers {
        QueryBuffers buffers;

        @Setup(Level.Trial)
        public void setUp(Served served) {
            buffers = QueryBuffers.forGraph(served.g.host, false);
        }

        @TearDown(Level.Trial)
        public void tearDown() {
            if (buffers != null) {
                buffers.close();
            }
        }
    }

    @Benchmark
    @BenchmarkMode({Mode.AverageTime, Mode.SampleTime})
    public Result query(Served s, ServedBuffers b, KernelCounters k) {
        Result r = s.g.device.query(s.g.source, Algorithm.ADDS, BenchGraphs.NO_PREDECESSORS, b.buffers);
        k.add(r.stats());
        return r;
    }

    /**
     * The convenient call, {@code query(source)}: AUTO with the default options, so predecessors are derived and copied
     * too, into a pooled output block that close() gives back. What a caller who reads paths pays per query.
     */
    @Benchmark
    @BenchmarkMode({Mode.AverageTime, Mode.SampleTime})
    public long defaultQuery(Served s, KernelCounters k) {
        try (Result r = s.g.device.query(s.g.source)) {
            k.add(r.stats());
            return r.stats().verticesReached();
        }
    }

    /** Calls of the resident path made before the measurement (OneTarget.compileJavaPath). */
    static final int JIT_WARMUP_CALLS = 20_000;

    /** The graph of {@link #residentOneTarget} and its target: the reachable vertex farthest from the source. */
    @State(Scope.Benchmark)
    public static class OneTarget {
        @Param({"rmat:scale=22,ef=16,seed=1,w=1..1000"})
        public String oneTargetGraph;

        BenchGraphs.Loaded g;
        int target;

        @Setup(Level.Trial)
        public void setUp() {
            g = new BenchGraphs.Loaded(oneTargetGraph, true, "ServingBenchmark.residentOneTarget");
            long expected = -1;
            try (QueryBuffers out = QueryBuffers.forGraph(g.host, false)) {
                Result all = g.device.query(g.source, Algorithm.ADDS, BenchGraphs.NO_PREDECESSORS, out);
                for (int v = 0, n = g.host.numVertices(); v < n; v++) {
                    long d = all.distanceAsLong(v);
                    if (d != Long.MAX_VALUE && d > expected) {
                        expected = d;
                        target = v;
                    }
                }
            }
            try (DeviceResult resident = g.device.queryResident(g.source, Algorithm.ADDS, BenchGraphs.NO_PREDECESSORS)) {
                long got = resident.distanceAsLong(target);
                if (got != expected) {
                    throw new IllegalStateException("resident distance of vertex " + target + " is " + got
                            + ", the query into buffers gave " + expected);
                }
            }
            System.out.println("\nTARGET vertex " + target + " (file id " + g.host.ids().toExternal(target) + "), distance "
                    + expected + " (the farthest reachable)");
            compileJavaPath();
        }

        /**
         * Runs the benchmark's Java path (queryResident, one read, close) {@link #JIT_WARMUP_CALLS} times on a
         * 1,000-vertex graph first, so that the measured calls run compiled code, as in a service that has answered
         * queries for a while. A 5 ms R-MAT 22 query leaves JMH's warm-up iterations a few hundred calls, far below
         * C2's compile thresholds (thousands of invocations); without this warm-up Java's stages beyond the native
         * call measured several times slower than with it (docs/performance.md, serving).
         */
        private static void compileJavaPath() {
            long t0 = System.nanoTime();
            long sum = 0;
            try (BenchGraphs.Loaded small = new BenchGraphs.Loaded(FfmCallBenchmark.GRAPH_1K, true,
                    "ServingBenchmark JIT warm-up")) {
                int last = small.host.numVertices() - 1;
                for (int i = 0; i < JIT_WARMUP_CALLS; i++) {
                    try (DeviceResult r = small.device.queryResident(small.source, Algorithm.ADDS,
                            BenchGraphs.NO_PREDECESSORS)) {
                        sum += r.distanceAsLong(last) + r.stats().iterations();
                    }
                }
            }
            System.out.printf("%nJIT warm-up: %d resident queries on %s in %.1f s (checksum %d)%n", JIT_WARMUP_CALLS,
                    FfmCallBenchmark.GRAPH_1K, (System.nanoTime() - t0) / 1e9, sum);
        }

        @TearDown(Level.Trial)
        public void tearDown() {
            if (g != null) {
                g.close();
            }
        }
    }

    @Benchmark
    @BenchmarkMode({Mode.AverageTime, Mode.SampleTime})
    public long residentOneTarget(OneTarget t, KernelCounters k) {
        long start = System.nanoTime();
        DeviceResult r = t.g.device.queryResident(t.g.source, Algorithm.ADDS, BenchGraphs.NO_PREDECESSORS);
        long queried = System.nanoTime();
        long distance;
        try {
            distance = r.distanceAsLong(t.target);
        } finally {
            long read = System.nanoTime();
            r.close();
            k.addStages(queried - start, read - queried, System.nanoTime() - read);
        }
        k.add(r.stats());
        return distance;
    }

    /**
     * {@link #residentOneTarget} without the target's read: the query and the close alone, so that the read's share
     * and the Java side's (this minus {@link Stats#totalMs()}) are measured apart.
     */
    @Benchmark
    @BenchmarkMode(Mode.AverageTime)
    public long residentQueryOnly(OneTarget t, KernelCounters k) {
        try (DeviceResult r = t.g.device.queryResident(t.g.source, Algorithm.ADDS, BenchGraphs.NO_PREDECESSORS)) {
            k.add(r.stats());
            return r.stats().iterations();
        }
    }



    @Benchmark
    @BenchmarkMode(Mode.SampleTime)
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    public Result autoQuery(AutoStates.Shared a, AutoStates.Buffers b, KernelCounters k) {
        Result r = a.g.device.query(a.g.source, Algorithm.AUTO, BenchGraphs.NO_PREDECESSORS, b.buffers);
        k.add(r.stats());
        return r;
    }
}
