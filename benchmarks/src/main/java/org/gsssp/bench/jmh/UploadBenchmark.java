package org.gsssp.bench.jmh;

import java.util.concurrent.TimeUnit;
import org.gsssp.DeviceGraph;
import org.gsssp.Graph;
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

/** Uploading a host graph to the GPU and freeing it again: the cost {@link QueryBenchmark} leaves out. */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED"})
public class UploadBenchmark {
    @Param({"rmat:scale=20,ef=16,seed=1,w=1..1000", "grid:1024x1024,seed=1,w=1..1000",
            "random:n=1048576,d=7,seed=1,w=1..10"})
    public String graph;

    private Graph host;

    @Setup(Level.Trial)
    public void setUp() {
        BenchGraphs.requireGpu("upload");
        host = BenchGraphs.load(graph);
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        if (host != null) {
            host.close();
        }
    }

    @Benchmark
    public long uploadAndFree() {
        try (DeviceGraph device = DeviceGraph.upload(host)) {
            return device.deviceMemoryBytes();
        }
    }
}
