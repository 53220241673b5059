package org.gsssp.bench.jmh;

import java.lang.foreign.MemorySegment;
import java.util.concurrent.TimeUnit;
import org.gsssp.Algorithm;
import org.gsssp.DeviceGraph;
import org.gsssp.Devices;
import org.gsssp.Graph;
import org.gsssp.Options;
import org.gsssp.QueryBuffers;
import org.gsssp.Result;
import org.gsssp.Sssp;
import org.gsssp.internal.NativeLibrary;
import org.gsssp.internal.ffi.GssspNative;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What crossing from Java into libgsssp costs, so that the Java-side overhead is a measured number:
 * <ul>
 *   <li>{@link #emptyDowncall}: the bare FFM downcall to a native function that does nothing
 *       ({@code gsssp_version}, which returns a constant);</li>
 *   <li>{@link #deviceCount}: a public-API call that allocates an out-parameter, calls and checks the status;</li>
 *   <li>{@link #cpuQuery1k} and {@link #gpuQuery1k}: a whole query on a 1,000-vertex graph, where the fixed
 *       costs (argument structs, stream set-up, copies) dominate, on the serving path: into {@link QueryBuffers}
 *       allocated once per trial and thread (pinned where there is a GPU), no predecessors; the GPU one runs
 *       {@link Algorithm#ADDS} (its one-block schedule, at this size) on a graph resident on the GPU ({@link #gpuQuery1kBlock}: the small-graph solver,
 *       {@link Algorithm#BLOCK_BELLMAN_FORD});</li>
 *   <li>{@link #cpuQuery1kPooled} and {@link #gpuQuery1kPooled}: the same into the pooled memory of a
 *       {@link Result}, closed (given back) in the benchmark method.</li>
 * </ul>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED"})
public class FfmCallBenchmark {
    static final String GRAPH_1K = "random:n=1000,d=7,seed=1,w=1..10";

    @State(Scope.Benchmark)
    public static class Library {
        @Setup(Level.Trial)
        public void load() {
            NativeLibrary.ensureLoaded();
        }
    }

    @State(Scope.Benchmark)
    public static class HostGraph {
        Graph graph;
        int source;
        final Options options = Options.builder().computePredecessors(false).build();

        @Setup(Level.Trial)
        public void setUp() {
            graph = BenchGraphs.load(GRAPH_1K);
            source = graph.vertexOfMaxOutDegree();
        }

        @TearDown(Level.Trial)
        public void tearDown() {
            graph.close();
        }
    }

    @State(Scope.Benchmark)
    public static class GpuGraph {
        Graph graph;
        DeviceGraph device;
        int source;
        final Options options = Options.builder().computePredecessors(false).build();

        @Setup(Level.Trial)
        public void setUp() {
            BenchGraphs.requireGpu("gpuQuery1k");
            graph = BenchGraphs.load(GRAPH_1K);
            source = graph.vertexOfMaxOutDegree();
            device = DeviceGraph.upload(graph);
        }

        @TearDown(Level.Trial)
        public void tearDown() {
            if (device != null) {
                device.close();
            }
            if (graph != null) {
                graph.close();
            }
        }
    }

    /** One thread's reusable output memory for {@link HostGraph}. */
    @State(Scope.Thread)
    public static class HostBuffers {
        QueryBuffers buffers;

        @Setup(Level.Trial)
        public void setUp(HostGraph g) {
            buffers = QueryBuffers.forGraph(g.graph, false);
        }

        @TearDown(Level.Trial)
        public void tearDown() {
            if (buffers != null) {
                buffers.close();
            }
        }
    }

    /** One thread's reusable output memory for {@link GpuGraph}. */
    @State(Scope.Thread)
    public static class GpuBuffers {
        QueryBuffers buffers;

        @Setup(Level.Trial)
        public void setUp(GpuGraph g) {
            buffers = QueryBuffers.forGraph(g.graph, false);
        }

        @TearDown(Level.Trial)
        public void tearDown() {
            if (buffers != null) {
                buffers.close();
            }
        }
    }

    @Benchmark
    public MemorySegment emptyDowncall(Library library) {
        return GssspNative.gsssp_version();
    }

    @Benchmark
    public int deviceCount(Library library) {
        return Devices.count();
    }

    @Benchmark
    public Result cpuQuery1k(HostGraph g, HostBuffers b) {
        return Sssp.solve(g.graph, g.source, Algorithm.CPU_DIJKSTRA, g.options, b.buffers);
    }

    @Benchmark
    public Result gpuQuery1k(GpuGraph g, GpuBuffers b) {
        return g.device.query(g.source, Algorithm.ADDS, g.options, b.buffers);
    }

    /** {@link #gpuQuery1k} with the small-graph solver, {@link Algorithm#BLOCK_BELLMAN_FORD}, instead of ADDS. */
    @Benchmark
    public Result gpuQuery1kBlock(GpuGraph g, GpuBuffers b) {
        return g.device.query(g.source, Algorithm.BLOCK_BELLMAN_FORD, g.options, b.buffers);
    }

    @Benchmark
    public long cpuQuery1kPooled(HostGraph g) {
        try (Result r = Sssp.solve(g.graph, g.source, Algorithm.CPU_DIJKSTRA, g.options)) {
            return r.stats().verticesReached();
        }
    }

    @Benchmark
    public long gpuQuery1kPooled(GpuGraph g) {
        try (Result r = g.device.query(g.source, Algorithm.ADDS, g.options)) {
            return r.stats().verticesReached();
        }
    }
}
