package org.gsssp.bench.jmh;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import org.gsssp.Algorithm;
import org.gsssp.DeviceGroup;
import org.gsssp.Devices;
import org.gsssp.DistanceMatrix;
import org.gsssp.Graph;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Many queries over every GPU of the host (the issue "Beyond 2^31 edges ... and beyond one GPU", item 2): a
 * {@link DeviceGroup} of {@code devices} GPUs (1, or all of the host's) answering a batch of {@value #SOURCES}
 * random sources by AUTO without predecessors ({@link #batch}: time per answer, so answers per second = 1e6 /
 * score in µs), and a {@code matrixSize} × {@code matrixSize} distance matrix ({@link #matrix}). The ratio of the
 * two {@code devices} rows is the group's scaling on that host.
 */
@State(Scope.Benchmark)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 1, time = 2)
@Measurement(iterations = 3, time = 2)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED"})
public class DeviceGroupBenchmark {
    static final int SOURCES = 1024;

    @Param({"../shared/graphs/USA-road-d.NY.gr.gz", "rmat:scale=20;ef=16;seed=1;w=1..1000"})
    public String graph;

    @Param({"1", "all"})
    public String devices;

    @Param({"1000"})
    public int matrixSize;

    private Graph host;
    private DeviceGroup group;
    private int[] sources;
    private int[] matrixSources;
    private int[] matrixTargets;

    @Setup(Level.Trial)
    public void setUp() {
        BenchGraphs.requireGpu("DeviceGroupBenchmark");
        host = BenchGraphs.load(graph);
        group = devices.equals("all") ? DeviceGroup.upload(host) : DeviceGroup.upload(host, 0);
        SplittableRandom random = new SplittableRandom(1);
        sources = random.ints(SOURCES, 0, host.numVertices()).toArray();
        matrixSources = random.ints(matrixSize, 0, host.numVertices()).toArray();
        matrixTargets = random.ints(matrixSize, 0, host.numVertices()).toArray();
        System.out.printf("%nDeviceGroupBenchmark: %d of the host's %d GPUs (%s)%n", group.size(), Devices.count(),
                group.members().get(0).device().name());
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        if (group != null) {
            group.close();
        }
        if (host != null) {
            host.close();
        }
    }

    @Benchmark
    @BenchmarkMode(Mode.AverageTime)
    @OperationsPerInvocation(SOURCES)
    public long batch() {
        LongAdder reached = new LongAdder();
        group.queryBatch(sources, Algorithm.AUTO, BenchGraphs.NO_PREDECESSORS, (i, r) -> reached.add(r.stats().verticesReached()));
        return reached.sum();
    }

    @Benchmark
    @BenchmarkMode(Mode.SingleShotTime)
    @Warmup(iterations = 1)
    @Measurement(iterations = 3)
    @OutputTimeUnit(TimeUnit.MILLISECONDS)
    public double matrix() {
        try (DistanceMatrix m = group.matrix(matrixSources, matrixTargets)) {
            return m.get(0, 0);
        }
    }
}
