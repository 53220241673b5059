package org.gsssp.bench.jmh;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.gsssp.Algorithm;
import org.gsssp.ContractionHierarchy;
import org.gsssp.DeviceGraph;
import org.gsssp.DeviceResult;
import org.gsssp.Devices;
import org.gsssp.Graph;
import org.gsssp.Options;
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
 * PHAST one-to-all from Java against ADDS from the same sources (issue 47's targets, measured where a user calls):
 * the graph is uploaded once with its contraction hierarchy attached (built in the setup, not timed), and each call
 * answers the next of 20 seeded random sources. {@code query}: every distance into one reused {@link QueryBuffers}
 * (the whole call, the copy back included); {@code queryResident}: the result stays on the GPU and one distance is
 * read. Both algorithms run on the same device graph, so only the algorithm differs. Without a GPU every method
 * skips: a {@code SKIPPED} line says so and the scores (near 0) mean nothing.
 *
 * <pre>
 * gsssp-bench jmh PhastBenchmark -p graph=build/gpu-bundle/graphs/USA-road-d.NY.gr.gz
 * </pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED"})
public class PhastBenchmark {
    private static final int SOURCES = 20;

    @Param({"../shared/graphs/USA-road-d.NY.gr.gz"})
    public String graph;

    @Param({"phast", "adds"})
    public String algorithm;

    private Graph host;
    private ContractionHierarchy hierarchy;
    private DeviceGraph device;
    private QueryBuffers buffers;
    private Algorithm resolved;
    private int[] sources;
    private int next;
    private final Options options = Options.builder().computePredecessors(false).build();

    @Setup(Level.Trial)
    public void setUp() {
        resolved = BenchGraphs.algorithm(algorithm);
        if (!Devices.available()) {
            System.out.println("\nSKIPPED PhastBenchmark: no CUDA GPU here (its scores mean nothing)");
            return;
        }
        host = BenchGraphs.load(graph);
        long t0 = System.nanoTime();
        hierarchy = ContractionHierarchy.build(host);
        long t1 = System.nanoTime();
        device = DeviceGraph.upload(host).attach(hierarchy);
        long t2 = System.nanoTime();
        buffers = QueryBuffers.forGraph(host, false);
        sources = new SplittableRandom(47).ints(SOURCES, 0, host.numVertices()).toArray();
        System.out.printf(java.util.Locale.ROOT, "%nPHAST graph=%s algorithm=%s n=%d m=%d sources=%d seed=47 "
                + "hierarchyBuildS=%.2f uploadAndAttachS=%.2f%n", graph, algorithm, host.numVertices(), host.numEdges(),
                SOURCES, (t1 - t0) / 1e9, (t2 - t1) / 1e9);
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        if (buffers != null) {
            buffers.close();
        }
        if (device != null) {
            device.close();
        }
        if (hierarchy != null) {
            hierarchy.close();
        }
        if (host != null) {
            host.close();
        }
    }

    private int nextSource() {
        int s = sources[next];
        next = (next + 1) % SOURCES;
        return s;
    }

    @Benchmark
    public double query() {
        if (device == null) {
            return 0;
        }
        int s = nextSource();
        try (Result r = device.query(s, resolved, options, buffers)) {
            return r.distance(sources[0]);
        }
    }

    @Benchmark
    public double queryResident() {
        if (device == null) {
            return 0;
        }
        int s = nextSource();
        try (DeviceResult r = device.queryResident(s, resolved, options)) {
            return r.distance(sources[0]);
        }
    }
}
