package org.gsssp.bench.jmh;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.DoubleAdder;
import java.util.concurrent.atomic.LongAdder;
import org.gsssp.DeltaSteppingParams;
import org.gsssp.Options;
import org.gsssp.Algorithm;
import org.gsssp.QueryBuffers;
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
 * Single-source answers per second for many sources (the issue "Many queries at once": road NY ≥ 3,000/s, rome99
 * ≥ 100,000/s, R-MAT 20 ≥ 1,000/s on one GPU). {@link #batch}: {@code DeviceGraph.queryBatch} of {@value #SOURCES}
 * random sources, each answer read (its reached count) in the consumer; {@link #loop}: the same sources one after
 * another into one QueryBuffers, the baseline. The score is time per answer (OperationsPerInvocation), so answers
 * per second = 1e6 / score in µs. {@code algorithm}: AUTO (the CPU below 20,000 edges, e.g. rome99) or a GPU one.
 * {@code sourceKind}: {@code uniform} (the measure: any vertex), {@code edges} (only vertices with out-edges) or
 * {@code sinks} (only vertices without), to see what each kind of source costs: 48% of R-MAT 20's vertices are sinks.
 * {@code deltaConstant}: 0 for the algorithms' own Δ, else Δ = C × average weight / average degree. At the end of a
 * trial a {@code BATCH} line gives the native side's kernel time, whole call, vertex visits and edges relaxed per answer
 * (Stats), averaged.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 2)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED"})
public class BatchBenchmark {
    static final int SOURCES = 256;

    @Param({"../shared/graphs/USA-road-d.NY.gr.gz", "../shared/graphs/rome99.gr", "rmat:scale=20;ef=16;seed=1;w=1..1000"})
    public String graph;

    @Param({"auto", "adds", "block-nf"})
    public String algorithm;

    @Param({"uniform"})
    public String sourceKind;

    @Param({"0"})
    public double deltaConstant;

    private BenchGraphs.Loaded g;
    private Algorithm resolved;
    private int[] sources;
    private QueryBuffers buffers;
    private Options options;
    private final DoubleAdder kernelMs = new DoubleAdder();
    private final DoubleAdder nativeMs = new DoubleAdder();
    private final LongAdder answers = new LongAdder();
    private final LongAdder visits = new LongAdder();
    private final LongAdder edges = new LongAdder();

    @Setup(Level.Trial)
    public void setUp() {
        BenchGraphs.requireGpu("BatchBenchmark");
        g = new BenchGraphs.Loaded(graph, true, "BatchBenchmark");
        resolved = Algorithm.parse(algorithm);
        options = deltaConstant > 0
                ? Options.builder().computePredecessors(false)
                        .deltaStepping(DeltaSteppingParams.builder().deltaConstant(deltaConstant).build()).build()
                : BenchGraphs.NO_PREDECESSORS;
        SplittableRandom random = new SplittableRandom(1);
        sources = new int[SOURCES];
        int sinks = 0;
        for (int i = 0, tries = 0; i < SOURCES; tries++) {
            if (tries > 1000 * SOURCES) {
                throw new IllegalStateException("too few vertices of kind " + sourceKind + " in " + graph);
            }
            int s = random.nextInt(g.host.numVertices());
            boolean sink = g.host.outDegree(s) == 0;
            boolean wanted = switch (sourceKind) {
                case "uniform" -> true;
                case "edges" -> !sink;
                case "sinks" -> sink;
                default -> throw new IllegalArgumentException("sourceKind is uniform, edges or sinks, not " + sourceKind);
            };
            if (wanted) {
                sources[i++] = s;
                sinks += sink ? 1 : 0;
            }
        }
        buffers = QueryBuffers.forGraph(g.host, false);
        System.out.println("\nBatchBenchmark: " + algorithm + " resolves to "
                + g.device.chooseBatch(resolved, options, SOURCES).cliName() + " for a batch, "
                + (resolved == Algorithm.AUTO ? Algorithm.chooseAuto(g.host, true) : resolved).cliName() + " for the loop; "
                + sinks + " of " + SOURCES + " sources (" + sourceKind + ") have no out-edges");
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        long n = Math.max(1, answers.sum());
        System.out.printf(java.util.Locale.ROOT, "%nBATCH graph=%s algorithm=%s sourceKind=%s deltaConstant=%s answers=%d "
                + "kernelMs=%.6f nativeMs=%.6f vertexVisits=%.0f edgesRelaxed=%.0f (per answer)%n", graph, algorithm, sourceKind,
                deltaConstant, answers.sum(), kernelMs.sum() / n, nativeMs.sum() / n, (double) visits.sum() / n,
                (double) edges.sum() / n);
        if (buffers != null) {
            buffers.close();
        }
        if (g != null) {
            g.close();
        }
    }

    @Benchmark
    @OperationsPerInvocation(SOURCES)
    public long batch() {
        LongAdder reached = new LongAdder();
        g.device.queryBatch(sources, resolved, options, (i, r) -> {
            reached.add(r.stats().verticesReached());
            kernelMs.add(r.stats().timeMs());
            nativeMs.add(r.stats().totalMs());
            visits.add(r.stats().vertexVisits());
            edges.add(r.stats().edgesRelaxed());
            answers.increment();
        });
        return reached.sum();
    }

    @Benchmark
    @OperationsPerInvocation(SOURCES)
    public long loop() {
        long reached = 0;
        for (int s : sources) {
            reached += g.device.query(s, resolved, options, buffers).stats().verticesReached();
        }
        return reached;
    }
}
