package org.gsssp.bench.jmh;

import java.util.concurrent.TimeUnit;
import org.gsssp.Algorithm;
import org.gsssp.DeviceGraph;
import org.gsssp.Graph;
import org.gsssp.Options;
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
 * One SSSP query on a graph already resident on the GPU (uploaded once per trial, outside the timing), per
 * graph × algorithm, measured from Java: the whole call, copies of the distances back included. CPU algorithms
 * run on the host graph. Override the parameters with {@code -p graph=... -p algorithm=...}; algorithms
 * added later are run by naming them in {@code -p algorithm=}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED"})
public class QueryBenchmark {
    @Param({"rmat:scale=20,ef=16,seed=1,w=1..1000", "grid:1024x1024,seed=1,w=1..1000",
            "random:n=1048576,d=7,seed=1,w=1..10"})
    public String graph;

    @Param({"dijkstra-cpu", "bellman-ford", "frontier"})
    public String algorithm;

    private Graph host;
    private DeviceGraph device;
    private Algorithm resolved;
    private int source;
    // predecessors cost host work on every call and are not what is compared between algorithms
    private final Options options = Options.builder().computePredecessors(false).build();

    @Setup(Level.Trial)
    public void setUp() {
        resolved = BenchGraphs.algorithm(algorithm);
        if (resolved.requiresGpu()) {
            BenchGraphs.requireGpu(algorithm);
        }
        host = BenchGraphs.load(graph);
        source = host.vertexOfMaxOutDegree();
        if (resolved.requiresGpu()) {
            device = DeviceGraph.upload(host);
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        if (device != null) {
            device.close();
        }
        if (host != null) {
            host.close();
        }
    }

    @Benchmark
    public Result query() {
        return device != null ? device.query(source, resolved, options) : Sssp.solve(host, source, resolved, options);
    }
}
