package org.gsssp.bench.jmh;

import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.gsssp.Algorithm;
import org.gsssp.DistanceMatrix;
import org.gsssp.QueryBuffers;
import org.gsssp.Sssp;
import org.jgrapht.alg.interfaces.ManyToManyShortestPathsAlgorithm;
import org.jgrapht.alg.shortestpath.DijkstraManyToManyShortestPaths;
import org.jgrapht.graph.DefaultWeightedEdge;
import org.jgrapht.graph.DirectedWeightedPseudograph;
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
 * The issue "Many queries at once", targets 1 and 3, on one graph (USA-road-d.NY by default), all in one run so
 * the GPU's and CPU's numbers sit side by side:
 * <ul>
 *   <li>{@link #distanceGpu} / {@link #distanceCpu} against {@link #fullQuery}: one pair's distance
 *       ({@code DeviceGraph.distances(s, {t})}, a resident result and one read; {@code Sssp.distances}, CPU
 *       Dijkstra stopping at the target) over {@value #PAIRS} random pairs in turn, against a whole single-source
 *       query into buffers (target: median ≤ 0.5× the full query);</li>
 *   <li>{@link #matrixGpu}, {@link #matrixCpu}, {@link #matrixJGraphT}: a {@code k × k} distance matrix (random
 *       sources and targets, k = {@code matrixSize}) by {@code DeviceGraph.matrix}, by {@code Sssp.matrix} (CPU
 *       Dijkstra on all cores, each search stopping at the targets), and by JGraphT's
 *       {@link DijkstraManyToManyShortestPaths} on its own object graph (built in the set-up, not timed). Each is
 *       one operation (SingleShotTime); targets: GPU ≥ 20× JGraphT and ≥ 5× the CPU.</li>
 * </ul>
 * Every answer of the GPU matrix is compared with the CPU matrix once in the set-up, and every pair's GPU distance
 * with CPU Dijkstra's. JGraphT is slow here: a
 * 50 × 50 matrix on NY took 21 s on the 2-core development machine (the CPU matrix 1.1 s), so 1,000 × 1,000
 * may take several minutes; {@code -p matrixSize=200} gives the ratios sooner. Not yet run on a GPU host.
 */
@State(Scope.Benchmark)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "-Xmx24g"})
public class ManyBenchmark {
    static final int PAIRS = 1_000;

    @Param({"../shared/graphs/USA-road-d.NY.gr.gz"})
    public String graph;

    @Param({"1000"})
    public int matrixSize;

    /** The GPU matrix's design: AUTO (what {@code DeviceGraph.matrix(sources, targets)} runs) or a named one. */
    @Param({"auto"})
    public String matrixAlgorithm;

    private Algorithm matrixDesign;

    private BenchGraphs.Loaded g;
    private int[] from;
    private int[] to;
    private int next;
    private int[] sources;
    private int[] targets;
    private QueryBuffers buffers;
    private DirectedWeightedPseudograph<Integer, DefaultWeightedEdge> jgraph;

    @Setup(Level.Trial)
    public void setUp() {
        BenchGraphs.requireGpu("ManyBenchmark");
        g = new BenchGraphs.Loaded(graph, true, "ManyBenchmark");
        int n = g.host.numVertices();
        SplittableRandom random = new SplittableRandom(1);
        from = random.ints(PAIRS, 0, n).toArray();
        to = random.ints(PAIRS, 0, n).toArray();
        sources = random.ints(matrixSize, 0, n).toArray();
        targets = random.ints(matrixSize, 0, n).toArray();
        buffers = QueryBuffers.forGraph(g.host, false);
        jgraph = org.gsssp.bench.ExperimentRunner.toJGraphT(g.host);
        matrixDesign = Algorithm.parse(matrixAlgorithm);
        try (DistanceMatrix gpu = g.device.matrix(sources, targets, matrixDesign); DistanceMatrix cpu = Sssp.matrix(g.host, sources, targets)) {
            for (int i = 0; i < sources.length; i++) {
                for (int j = 0; j < targets.length; j++) {
                    if (Double.compare(gpu.get(i, j), cpu.get(i, j)) != 0) {
                        throw new IllegalStateException("matrix cell " + i + "," + j + ": GPU " + gpu.get(i, j) + ", CPU " + cpu.get(i, j));
                    }
                }
            }
        }
        System.out.println("\nManyBenchmark: GPU (" + matrixAlgorithm + ") and CPU matrices agree on " + sources.length + " x "
                + targets.length + " cells");
        // The pairs of distanceGpu: every GPU answer (as distanceGpu gets it) against CPU Dijkstra's, once.
        double[] cpuPairs = java.util.stream.IntStream.range(0, PAIRS).parallel()
                .mapToDouble(i -> Sssp.distances(g.host, from[i], new int[] {to[i]})[0]).toArray();
        for (int i = 0; i < PAIRS; i++) {
            double gpu = g.device.distances(from[i], new int[] {to[i]})[0];
            if (Double.compare(gpu, cpuPairs[i]) != 0) {
                throw new IllegalStateException("pair " + i + " (" + from[i] + " -> " + to[i] + "): GPU " + gpu + ", CPU " + cpuPairs[i]);
            }
        }
        System.out.println("ManyBenchmark: GPU and CPU agree on all " + PAIRS + " pair distances");
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

    private int pair() {
        int i = next;
        next = (next + 1) % PAIRS;
        return i;
    }

    @Benchmark
    @BenchmarkMode(Mode.SampleTime)
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    @Warmup(iterations = 1, time = 2)
    @Measurement(iterations = 3, time = 2)
    public double distanceGpu() {
        int i = pair();
        return g.device.distances(from[i], new int[] {to[i]})[0];
    }

    @Benchmark
    @BenchmarkMode(Mode.SampleTime)
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    @Warmup(iterations = 1, time = 2)
    @Measurement(iterations = 3, time = 2)
    public double distanceCpu() {
        int i = pair();
        return Sssp.distances(g.host, from[i], new int[] {to[i]})[0];
    }

    @Benchmark
    @BenchmarkMode(Mode.SampleTime)
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    @Warmup(iterations = 1, time = 2)
    @Measurement(iterations = 3, time = 2)
    public double fullQuery() {
        int i = pair();
        return g.device.query(from[i], Algorithm.AUTO, BenchGraphs.NO_PREDECESSORS, buffers).distance(to[i]);
    }

    @Benchmark
    @BenchmarkMode(Mode.SingleShotTime)
    @OutputTimeUnit(TimeUnit.MILLISECONDS)
    @Warmup(iterations = 1)
    @Measurement(iterations = 2)
    public double matrixGpu() {
        try (DistanceMatrix m = g.device.matrix(sources, targets, matrixDesign)) {
            return m.get(0, 0);
        }
    }

    @Benchmark
    @BenchmarkMode(Mode.SingleShotTime)
    @OutputTimeUnit(TimeUnit.MILLISECONDS)
    @Warmup(iterations = 1)
    @Measurement(iterations = 2)
    public double matrixCpu() {
        try (DistanceMatrix m = Sssp.matrix(g.host, sources, targets)) {
            return m.get(0, 0);
        }
    }

    @Benchmark
    @BenchmarkMode(Mode.SingleShotTime)
    @OutputTimeUnit(TimeUnit.MILLISECONDS)
    @Warmup(iterations = 0)
    @Measurement(iterations = 1)
    public double matrixJGraphT() {
        Set<Integer> s = IntStream.of(sources).boxed().collect(Collectors.toSet());
        Set<Integer> t = IntStream.of(targets).boxed().collect(Collectors.toSet());
        ManyToManyShortestPathsAlgorithm.ManyToManyShortestPaths<Integer, DefaultWeightedEdge> paths =
                new DijkstraManyToManyShortestPaths<>(jgraph).getManyToManyPaths(s, t);
        double sum = 0;
        for (int i = 0; i < sources.length; i++) {
            sum += paths.getWeight(sources[i], targets[i]);
        }
        return sum;
    }
}
