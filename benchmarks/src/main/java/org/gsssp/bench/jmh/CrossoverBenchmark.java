package org.gsssp.bench.jmh;

import java.util.concurrent.TimeUnit;
import org.gsssp.Algorithm;
import org.gsssp.QueryBuffers;
import org.gsssp.Result;
import org.gsssp.Sssp;
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
 * Where the GPU starts to answer sooner than the CPU: CPU Dijkstra on the host graph against ADDS on the graph
 * resident on the GPU, each a whole call from Java into {@link QueryBuffers} (allocated once per trial), no
 * predecessors, over generated graphs of 1,024 to 262,144 vertices (random out-degree 7, and square grids). The
 * smallest edge count from which ADDS wins is what {@link Algorithm#AUTO_GPU_MIN_EDGES} should be;
 * {@code gsssp-bench serving-summary} reads it off the JSON. Short iterations: many small forks.
 * Single-threaded (the buffers belong to the trial).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 2, time = 500, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = 3, time = 500, timeUnit = TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED"})
public class CrossoverBenchmark {
    @Param({"random:n=1024,d=7,seed=1,w=1..1000", "random:n=4096,d=7,seed=1,w=1..1000",
            "random:n=16384,d=7,seed=1,w=1..1000", "random:n=65536,d=7,seed=1,w=1..1000",
            "random:n=262144,d=7,seed=1,w=1..1000",
            "grid:32x32,seed=1,w=1..1000", "grid:64x64,seed=1,w=1..1000", "grid:128x128,seed=1,w=1..1000",
            "grid:256x256,seed=1,w=1..1000", "grid:512x512,seed=1,w=1..1000"})
    public String graph;

    @Param({"dijkstra-cpu", "adds"})
    public String algorithm;

    private Algorithm resolved;
    private BenchGraphs.Loaded g;
    private QueryBuffers buffers;

    @Setup(Level.Trial)
    public void setUp() {
        resolved = BenchGraphs.algorithm(algorithm);
        g = new BenchGraphs.Loaded(graph, resolved.requiresGpu(), "CrossoverBenchmark " + algorithm);
        buffers = QueryBuffers.forGraph(g.host, false);
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        if (buffers != null) {
            buffers.close();
        }
        if (g != null) {
            g.close();
        }
    }

    @Benchmark
    public Result query(KernelCounters k) {
        Result r = g.device != null
                ? g.device.query(g.source, resolved, BenchGraphs.NO_PREDECESSORS, buffers)
                : Sssp.solve(g.host, g.source, resolved, BenchGraphs.NO_PREDECESSORS, buffers);
        k.add(r.stats());
        return r;
    }
}
