package org.gsssp.bench.jmh;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.gsssp.Algorithm;
import org.gsssp.DeviceGraph;
import org.gsssp.Devices;
import org.gsssp.DistanceMatrix;
import org.gsssp.Graph;
import org.gsssp.Options;
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
 * A graph's first batch against its next ones (issue 49, "a first batch as fast as the next ones": the first within 2×
 * of a warm one). {@code firstBatch}/{@code firstMatrix}: a fresh {@link DeviceGraph} is uploaded before every
 * iteration (not timed) and the iteration is its first {@code queryBatch} of {@code sources} seeded random sources, or
 * its first {@code sources × sources} {@code matrix}; the first iteration of the fork is also the JVM's first.
 * {@code warmBatch}/{@code warmMatrix}: the same calls on one device graph after two untimed ones. All AUTO (road NY:
 * block-nf). The consumer reads each answer's reached count and one distance. Without a GPU every method skips: a
 * {@code SKIPPED} line says so and the scores (near 0) mean nothing.
 *
 * <pre>
 * gsssp-bench jmh FirstBatchBenchmark -p graph=build/gpu-bundle/graphs/USA-road-d.NY.gr.gz
 * </pre>
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED"})
public class FirstBatchBenchmark {
    /** The host graph and the sources, once per fork; whether a GPU is there. */
    @State(Scope.Benchmark)
    public static class Host {
        @Param({"../shared/graphs/USA-road-d.NY.gr.gz"})
        public String graph;

        @Param({"1000"})
        public int sources;

        Graph host;
        int[] rows;
        int[] columns;
        boolean gpu;

        @Setup(Level.Trial)
        public void setUp() {
            gpu = Devices.available();
            if (!gpu) {
                System.out.println("\nSKIPPED FirstBatchBenchmark: no CUDA GPU here (its scores mean nothing)");
                return;
            }
            host = BenchGraphs.load(graph);
            SplittableRandom random = new SplittableRandom(49);
            rows = random.ints(sources, 0, host.numVertices()).toArray();
            columns = random.ints(sources, 0, host.numVertices()).toArray();
            System.out.printf("%nFIRSTBATCH graph=%s n=%d m=%d sources=%d seed=49%n", graph, host.numVertices(),
                    host.numEdges(), sources);
        }

        @TearDown(Level.Trial)
        public void tearDown() {
            if (host != null) {
                host.close();
            }
        }
    }

    /** A device graph uploaded before each iteration: the iteration's call is its first. */
    @State(Scope.Thread)
    public static class Fresh {
        DeviceGraph device;

        @Setup(Level.Iteration)
        public void upload(Host h) {
            if (h.gpu) {
                device = DeviceGraph.upload(h.host);
                design(device, h);
            }
        }

        @TearDown(Level.Iteration)
        public void close() {
            if (device != null) {
                device.close();
                device = null;
            }
        }
    }

    /** One device graph for the trial, warmed by a batch and a matrix before the timed iterations. */
    @State(Scope.Thread)
    public static class Warm {
        DeviceGraph device;
        double warmed;

        @Setup(Level.Trial)
        public void upload(Host h) {
            if (h.gpu) {
                device = DeviceGraph.upload(h.host);
                design(device, h);
                for (int i = 0; i < 2; i++) {
                    warmed += batch(device, h) + matrix(device, h);
                }
            }
        }

        @TearDown(Level.Trial)
        public void close() {
            if (device != null) {
                device.close();
            }
        }
    }

    private static void design(DeviceGraph device, Host h) {
        System.out.println("\nDESIGN batch=" + device.chooseBatch(Algorithm.AUTO, Options.builder().computePredecessors(false)
                .build(), h.sources).cliName() + " on " + device.device().name());
    }

    /** The batch; what the consumer read, summed (each answer's reached count and one distance). */
    static double batch(DeviceGraph device, Host h) {
        double[] read = new double[1];
        device.queryBatch(h.rows, Algorithm.AUTO, Options.builder().computePredecessors(false).build(), (i, r) -> {
            double d = r.distance(h.columns[i]);
            read[0] += r.stats().verticesReached() + (Double.isFinite(d) ? d : 0);
        });
        return read[0];
    }

    /** The matrix; one of its cells. */
    static double matrix(DeviceGraph device, Host h) {
        try (DistanceMatrix m = device.matrix(h.rows, h.columns)) {
            return m.get(h.sources - 1, h.sources - 1);
        }
    }

    @Benchmark
    @Warmup(iterations = 0)
    @Measurement(iterations = 3)
    public double firstBatch(Host h, Fresh f) {
        return h.gpu ? batch(f.device, h) : 0;
    }

    @Benchmark
    @Warmup(iterations = 0)
    @Measurement(iterations = 3)
    public double firstMatrix(Host h, Fresh f) {
        return h.gpu ? matrix(f.device, h) : 0;
    }

    @Benchmark
    @Warmup(iterations = 1)
    @Measurement(iterations = 5)
    public double warmBatch(Host h, Warm w) {
        return h.gpu ? batch(w.device, h) : 0;
    }

    @Benchmark
    @Warmup(iterations = 1)
    @Measurement(iterations = 5)
    public double warmMatrix(Host h, Warm w) {
        return h.gpu ? matrix(w.device, h) : 0;
    }
}
