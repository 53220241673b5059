package org.gsssp.bench.jmh;

import java.util.concurrent.TimeUnit;
import org.gsssp.Algorithm;
import org.gsssp.Result;
import org.gsssp.Sssp;
import org.gsssp.internal.HostPath;
import org.gsssp.internal.NativeLibrary;
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
 * CPU Dijkstra on the native host path against the pure-Java one (what runs without the native library), side by
 * side: one full query from the vertex of largest out-degree, distances only, as {@code Sssp.solve} answers it.
 * The path is chosen once per JVM, so each {@code path} value needs its own fork (JMH forks per parameter set;
 * {@code -f 0} is refused).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "-Xmx4g"})
public class CpuPathBenchmark {
    @Param({"native", "java"})
    public String path;

    @Param({"../shared/graphs/USA-road-d.NY.gr.gz"})
    public String graph;

    private BenchGraphs.Loaded loaded;

    @Setup(Level.Trial)
    public void setUp() {
        boolean java = switch (path) {
            case "java" -> true;
            case "native" -> false;
            default -> throw new IllegalArgumentException("path is native or java, not " + path);
        };
        if (java) {
            System.setProperty(NativeLibrary.NATIVE_PROPERTY, "false");
        }
        if (HostPath.current().isNative() == java) {
            throw new IllegalStateException("this JVM's host path is already "
                    + (java ? "native" : "Java (" + NativeLibrary.unavailableReason() + ")") + "; run with forks");
        }
        loaded = new BenchGraphs.Loaded(graph, false, "CPU path");
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        loaded.close();
    }

    @Benchmark
    public long dijkstra() {
        try (Result r = Sssp.solve(loaded.host, loaded.source, Algorithm.CPU_DIJKSTRA, BenchGraphs.NO_PREDECESSORS)) {
            return r.stats().verticesReached();
        }
    }
}
