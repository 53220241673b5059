package org.gsssp.bench.jmh;

import java.util.concurrent.TimeUnit;
import org.gsssp.Algorithm;
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
 * Many threads querying one resident {@code DeviceGraph} (shared by all of them, uploaded once per trial), each
 * thread into its own {@link QueryBuffers}, no predecessors, all from the vertex of largest out-degree: throughput
 * (ops/s, {@link #adds}, {@link #auto}) and latency percentiles (SampleTime in µs, {@link #addsSample},
 * {@link #autoSample}). Run it with {@code -t 1} and {@code -t 8} and compare. {@code graph} is the graph of the
 * ADDS variants; {@code autoGraph} that of the AUTO variants (rome99, where AUTO picks CPU Dijkstra, so the
 * threads run on the host). {@link KernelCounters} reports the native side's kernel and call times under load.
 */
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED"})
public class ConcurrencyBenchmark {

    /** The graph of the ADDS variants, shared by all threads. */
    @State(Scope.Benchmark)
    public static class Shared {
        @Param({"../shared/graphs/USA-road-d.NY.gr.gz", "../shared/graphs/rome99.gr"})
        public String graph;

        BenchGraphs.Loaded g;

        @Setup(Level.Trial)
        public void setUp() {
            g = new BenchGraphs.Loaded(graph, true, "ConcurrencyBenchmark");
        }

        @TearDown(Level.Trial)
        public void tearDown() {
            if (g != null) {
                g.close();
            }
        }
    }

    @State(Scope.Thread)
    public static class SharedBuffers {
        QueryBuffers buffers;

        @Setup(Level.Trial)
        public void setUp(Shared shared) {
            buffers = QueryBuffers.forGraph(shared.g.host, false);
        }

        @TearDown(Level.Trial)
        public void tearDown() {
            if (buffers != null) {
                buffers.close();
            }
        }
    }



    private static Result run(BenchGraphs.Loaded g, Algorithm algorithm, QueryBuffers buffers, KernelCounters k) {
        Result r = g.device.query(g.source, algorithm, BenchGraphs.NO_PREDECESSORS, buffers);
        k.add(r.stats());
        return r;
    }

    @Benchmark
    @BenchmarkMode(Mode.Throughput)
    @OutputTimeUnit(TimeUnit.SECONDS)
    public Result adds(Shared s, SharedBuffers b, KernelCounters k) {
        return run(s.g, Algorithm.ADDS, b.buffers, k);
    }

    @Benchmark
    @BenchmarkMode(Mode.SampleTime)
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    public Result addsSample(Shared s, SharedBuffers b, KernelCounters k) {
        return run(s.g, Algorithm.ADDS, b.buffers, k);
    }

    @Benchmark
    @BenchmarkMode(Mode.Throughput)
    @OutputTimeUnit(TimeUnit.SECONDS)
    public Result auto(AutoStates.Shared s, AutoStates.Buffers b, KernelCounters k) {
        return run(s.g, Algorithm.AUTO, b.buffers, k);
    }

    @Benchmark
    @BenchmarkMode(Mode.SampleTime)
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    public Result autoSample(AutoStates.Shared s, AutoStates.Buffers b, KernelCounters k) {
        return run(s.g, Algorithm.AUTO, b.buffers, k);
    }
}
