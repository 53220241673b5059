package org.gsssp.bench;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import org.gsssp.Algorithm;
import org.gsssp.Certificate;
import org.gsssp.DeviceGraph;
import org.gsssp.Devices;
import org.gsssp.Graph;
import org.gsssp.Options;
import org.gsssp.Result;
import org.gsssp.Sssp;
import org.gsssp.Stats;
import org.gsssp.WeightType;
import org.jgrapht.alg.interfaces.ShortestPathAlgorithm;
import org.jgrapht.alg.shortestpath.DijkstraShortestPath;
import org.jgrapht.graph.DefaultWeightedEdge;
import org.jgrapht.graph.DirectedWeightedPseudograph;

/**
 * Runs every algorithm on every graph: warm-up runs, then timed repetitions, each result checked against a
 * CPU reference. GPU algorithms share one upload per graph (timed apart from the queries). Nothing here
 * throws for one bad graph or algorithm: the failure is recorded and the run goes on.
 */
public final class ExperimentRunner {
    /** The Java baseline's name in algorithm lists and tables. */
    public static final String JGRAPHT = "jgrapht";

    /**
     * @param algorithms     names: {@link Algorithm#cliName()}s and {@link #JGRAPHT}, in table order
     * @param source         a source in every graph's own ids, overriding the default (largest out-degree)
     * @param jgraphtMaxEdges graphs with more edges skip JGraphT (it is slow and boxes every edge)
     */
    public record Config(List<GraphSource> graphs, List<String> algorithms, int repetitions, int warmup, Long source,
                         long jgraphtMaxEdges, boolean verify, List<Peer> peers, long peerTimeoutSeconds) {
        /** Without peers. */
        public Config(List<GraphSource> graphs, List<String> algorithms, int repetitions, int warmup, Long source,
                long jgraphtMaxEdges, boolean verify) {
            this(graphs, algorithms, repetitions, warmup, source, jgraphtMaxEdges, verify, List.of(), 25);
        }

        public Config {
            graphs = List.copyOf(graphs);
            algorithms = List.copyOf(algorithms);
            peers = List.copyOf(peers);
            if (peerTimeoutSeconds < 1) {
                throw new IllegalArgumentException("peer timeout must be at least 1 s, got " + peerTimeoutSeconds);
            }
            if (graphs.isEmpty()) {
                throw new IllegalArgumentException("no graphs to run");
            }
            if (algorithms.isEmpty()) {
                throw new IllegalArgumentException("no algorithms to run");
            }
            if (repetitions < 1 || warmup < 0) {
                throw new IllegalArgumentException("need repetitions >= 1 and warmup >= 0, got " + repetitions + ", " + warmup);
            }
            for (String a : algorithms) {
                if (!a.equals(JGRAPHT)) {
                    Algorithm parsed = AlgorithmVariant.parse(a).algorithm();
                    if (parsed == Algorithm.AUTO) {
                        throw new IllegalArgumentException("name algorithms explicitly in a benchmark, not 'auto'");
                    }
                }
            }
        }
    }

    /**
     * JGraphT, native CPU Dijkstra, then every other algorithm gsssp has (GPU ones only where a GPU is present).
     */
    public static List<String> defaultAlgorithms(boolean gpu) {
        List<String> names = new ArrayList<>();
        names.add(JGRAPHT);
        for (Algorithm a : Algorithm.values()) {
            if (a != Algorithm.AUTO && !a.needsHierarchy() && (gpu || !a.requiresGpu())) {
                names.add(a.cliName());
            }
        }
        return names;
    }

    private final Config config;
    private final PrintWriter progress;

    public ExperimentRunner(Config config, PrintWriter progress) {
        this.config = Objects.requireNonNull(config);
        this.progress = progress;
    }

    public List<Measurement> run() {
        boolean gpu = Devices.available();
        List<Measurement> all = new ArrayList<>();
        int index = 0;
        for (GraphSource source : config.graphs()) {
            index++;
            List<Measurement> rows = runGraph(source, gpu);
            all.addAll(rows);
            if (progress != null) {
                progress.println(progressLine(index, config.graphs().size(), source, rows));
                progress.flush();
            }
        }
        return all;
    }

    private List<Measurement> runGraph(GraphSource gs, boolean gpu) {
        String label = gs.label();
        Graph graph;
        try {
            graph = gs.load();
        } catch (IOException | RuntimeException e) {
            String note = "could not load: " + oneLine(e);
            return config.algorithms().stream()
                    .map(a -> Measurement.notRun(label, 0, 0, -1, a, Measurement.FAILED, note)).toList();
        }
        try (graph) {
            Long wanted = gs.source() != null ? gs.source() : config.source();
            int source = wanted == null ? graph.vertexOfMaxOutDegree() : graph.ids().find(wanted).orElse(-1);
            if (source < 0) {
                String note = graph.numVertices() == 0 ? "graph has no vertices" : "no vertex " + wanted;
                return config.algorithms().stream().map(a -> Measurement.notRun(label, graph.numVertices(),
                        graph.numEdges(), wanted == null ? -1 : wanted, a, Measurement.FAILED, note)).toList();
            }
            Reference reference = null;
            String referenceProblem = null;
            if (config.verify()) {
                try {
                    reference = Reference.compute(graph, source);
                } catch (RuntimeException e) {
                    referenceProblem = "no reference: " + oneLine(e);
                }
            }
            List<Measurement> rows = new ArrayList<>();
            DeviceGraph device = null;
            double uploadMs = Double.NaN;
            String uploadProblem = null;
            try {
                for (String name : config.algorithms()) {
                    if (name.equals(JGRAPHT)) {
                        rows.add(runJGraphT(label, graph, source, reference));
                        continue;
                    }
                    AlgorithmVariant variant = AlgorithmVariant.parse(name);
                    Algorithm algorithm = variant.algorithm();
                    if (algorithm.requiresGpu() && !gpu) {
                        rows.add(notRun(label, graph, source, name, Measurement.SKIPPED, "no GPU"));
                        continue;
                    }
                    if (algorithm.requiresGpu() && device == null && uploadProblem == null) {
                        long t0 = System.nanoTime();
                        try {
                            device = DeviceGraph.upload(graph);
                            uploadMs = (System.nanoTime() - t0) / 1e6;
                        } catch (RuntimeException e) {
                            uploadProblem = "upload failed: " + oneLine(e);
                        }
                    }
                    if (algorithm.requiresGpu() && device == null) {
                        rows.add(notRun(label, graph, source, name, Measurement.FAILED, uploadProblem));
                        continue;
                    }
                    rows.add(runNative(label, graph, source, variant, algorithm.requiresGpu() ? device : null,
                            uploadMs, reference, referenceProblem));
                }
                for (Peer peer : config.peers()) {
                    rows.add(runPeer(label, graph, source, peer, reference));
                }
            } finally {
                if (device != null) {
                    device.close();
                }
            }
            return rows;
        }
    }

    private Measurement runNative(String label, Graph graph, int source, AlgorithmVariant variant, DeviceGraph device,
                                  double uploadMs, Reference reference, String referenceProblem) {
        Algorithm algorithm = variant.algorithm();
        // predecessors would add host work to every timed call; distances are what is checked
        // Tracing is asked of every algorithm: those that record one are built to keep its cost negligible.
        Options options = variant.tweaks().apply(Options.builder().computePredecessors(false)
                .traceCapacity(Traces.CAPACITY)).build();
        int runs = config.warmup() + config.repetitions();
        double[] times = new double[config.repetitions()];
        double[] totals = new double[config.repetitions()];
        Stats[] stats = new Stats[config.repetitions()];
        Result last = null;
        Result[] results = new Result[config.repetitions()];
        try {
            for (int i = 0; i < runs; i++) {
                Result r = device != null ? device.query(source, algorithm, options)
                        : Sssp.solve(graph, source, algorithm, options);
                int k = i - config.warmup();
                if (k >= 0) {
                    times[k] = r.stats().timeMs();
                    totals[k] = r.stats().totalMs();
                    stats[k] = r.stats();
                    results[k] = r;
                }
                last = r;
            }
        } catch (RuntimeException e) {
            return notRun(label, graph, source, variant.name(), Measurement.FAILED, oneLine(e));
        }
        int median = medianIndex(times);
        Stats s = stats[median];
        Boolean matched = null;
        String note = referenceProblem == null ? "" : referenceProblem;
        if (reference != null) {
            Optional<String> problem = reference.check(graph, last);
            matched = problem.isEmpty();
            if (problem.isPresent()) {
                note = "MISMATCH: " + problem.get();
            }
        }
        long restarts = Arrays.stream(stats).mapToLong(Stats::restarts).sum();
        if (restarts > 0) {
            // a restart re-runs the query with a doubled bucket pool, which its time includes
            String r = String.format(Locale.ROOT, "bucket pool exhausted: %d restarts over the %d timed runs", restarts,
                    config.repetitions());
            note = note.isEmpty() ? r : note + "; " + r;
        }
        // The median run's answer against its optimality certificate (issue "Provably right"): on the GPU for
        // GPU algorithms (device time of the check alone, the answer's upload excluded), on the host for CPU ones.
        double certificateMs = Double.NaN;
        try {
            Certificate c = device != null ? device.certify(results[median]) : results[median].certify();
            certificateMs = c.timeMs();
            if (!c.holds()) {
                String v = "CERTIFICATE FAILS: " + c.violation().orElseThrow();
                note = note.isEmpty() ? v : note + "; " + v;
            }
        } catch (RuntimeException e) {
            String v = "certificate not checked: " + oneLine(e);
            note = note.isEmpty() ? v : note + "; " + v;
        }
        return new Measurement(label, graph.numVertices(), graph.numEdges(), graph.ids().toExternal(source),
                variant.name(), last.device(), Measurement.OK, note, times, Measurement.median(totals), uploadMs,
                s.iterations(), s.vertexVisits(), s.edgesRelaxed(), s.verticesReached(), s.peakDeviceMemory(), matched,
                Traces.of(results[median]).orElse(null), s.delta() > 0 ? s.delta() : Double.NaN, certificateMs);
    }

    /**
     * An external program on the same graph and source: the graph written once as Galois .gr, warm-up and timed
     * runs as for gsssp's algorithms (the time is the program's own), its distances checked against the
     * reference; a hang is reported as such.
     */
    private Measurement runPeer(String label, Graph graph, int source, Peer peer, Reference reference) {
        if (graph.weightType() != WeightType.INT32) {
            return notRun(label, graph, source, peer.label(), Measurement.SKIPPED, "the peers take int32 weights");
        }
        if (graph.hasNegativeWeight()) {
            return notRun(label, graph, source, peer.label(), Measurement.SKIPPED, "negative weights");
        }
        java.nio.file.Path work = null;
        try {
            work = java.nio.file.Files.createTempDirectory("gsssp-peer-");
            java.nio.file.Path gr = work.resolve("graph.gr");
            org.gsssp.io.GaloisWriter.write(graph, gr);
            int runs = config.warmup() + config.repetitions();
            double[] times = new double[config.repetitions()];
            double[] distances = null;
            String output = "";
            for (int i = 0; i < runs; i++) {
                Peer.Run run = peer.run(gr, source, graph.numVertices(), config.peerTimeoutSeconds(), work);
                if (run.problem() != null) {
                    return notRun(label, graph, source, peer.label(), Measurement.FAILED, run.problem());
                }
                int k = i - config.warmup();
                if (k >= 0) {
                    times[k] = run.ms();
                }
                distances = run.distances();
                output = run.output();
            }
            Boolean matched = null;
            String note = "";
            if (reference != null) {
                Optional<String> problem = reference.checkDoubles(graph, distances);
                matched = problem.isEmpty();
                if (problem.isPresent()) {
                    note = "MISMATCH: " + problem.get();
                }
            }
            // What the program printed in its last run (LonestarGPU NF: its Δ and iterations), for the rounds of
            // gsssp's own algorithms to be set beside.
            if (!output.isEmpty()) {
                note = note.isEmpty() ? "output: " + output : note + "; output: " + output;
            }
            long reached = Arrays.stream(distances).filter(Double::isFinite).count();
            return new Measurement(label, graph.numVertices(), graph.numEdges(), graph.ids().toExternal(source),
                    peer.label(), peer.program().getFileName().toString(), Measurement.OK, note, times, Double.NaN,
                    Double.NaN, -1, -1, -1, reached, -1, matched, null);
        } catch (IOException | RuntimeException e) {
            return notRun(label, graph, source, peer.label(), Measurement.FAILED, oneLine(e));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return notRun(label, graph, source, peer.label(), Measurement.FAILED, "interrupted");
        } finally {
            if (work != null) {
                try (var files = java.nio.file.Files.list(work)) {
                    for (java.nio.file.Path f : files.toList()) {
                        java.nio.file.Files.deleteIfExists(f);
                    }
                    java.nio.file.Files.deleteIfExists(work);
                } catch (IOException e) {
                    // a leftover temporary directory is no reason to fail the measurement
                }
            }
        }
    }

    private Measurement runJGraphT(String label, Graph graph, int source, Reference reference) {
        if (graph.numEdges() > config.jgraphtMaxEdges()) {
            return notRun(label, graph, source, JGRAPHT, Measurement.SKIPPED, String.format(Locale.ROOT,
                    "more than %,d edges (--jgrapht-max-edges)", config.jgraphtMaxEdges()));
        }
        if (graph.hasNegativeWeight()) {
            return notRun(label, graph, source, JGRAPHT, Measurement.SKIPPED, "negative weights (Dijkstra)");
        }
        long t0 = System.nanoTime();
        DirectedWeightedPseudograph<Integer, DefaultWeightedEdge> jg;
        try {
            jg = toJGraphT(graph);
        } catch (OutOfMemoryError e) {
            return notRun(label, graph, source, JGRAPHT, Measurement.FAILED, "out of Java heap building the graph");
        }
        double setupMs = (System.nanoTime() - t0) / 1e6;
        double[] times = new double[config.repetitions()];
        ShortestPathAlgorithm.SingleSourcePaths<Integer, DefaultWeightedEdge> paths = null;
        try {
            for (int i = 0; i < config.warmup() + config.repetitions(); i++) {
                long start = System.nanoTime();
                paths = new DijkstraShortestPath<>(jg).getPaths(source);
                double ms = (System.nanoTime() - start) / 1e6;
                if (i >= config.warmup()) {
                    times[i - config.warmup()] = ms;
                }
            }
        } catch (RuntimeException | OutOfMemoryError e) {
            return notRun(label, graph, source, JGRAPHT, Measurement.FAILED, oneLine(e));
        }
        int n = graph.numVertices();
        double[] distances = new double[n];
        long reached = 0;
        for (int v = 0; v < n; v++) {
            distances[v] = paths.getWeight(v);
            reached += Double.isFinite(distances[v]) ? 1 : 0;
        }
        Boolean matched = null;
        String note = "";
        if (reference != null) {
            Optional<String> problem = reference.checkDoubles(graph, distances);
            matched = problem.isEmpty();
            note = problem.map(p -> "MISMATCH: " + p).orElse("");
        }
        return new Measurement(label, n, graph.numEdges(), graph.ids().toExternal(source), JGRAPHT,
                "CPU (Java " + Runtime.version().feature() + ")", Measurement.OK, note, times, Measurement.median(times),
                setupMs, -1, -1, -1, reached, 0, matched, null);
    }

    /**
     * The graph as a Java user of JGraphT would hold it: JGraphT's usual object graph (a pseudograph, because
     * generated graphs have parallel edges and self-loops, which a simple graph would silently drop).
     */
    public static DirectedWeightedPseudograph<Integer, DefaultWeightedEdge> toJGraphT(Graph graph) {
        int n = graph.numVertices();
        boolean floats = graph.weightType() == WeightType.FLOAT32;
        DirectedWeightedPseudograph<Integer, DefaultWeightedEdge> g = new DirectedWeightedPseudograph<>(DefaultWeightedEdge.class);
        for (int v = 0; v < n; v++) {
            g.addVertex(v);
        }
        for (int u = 0; u < n; u++) {
            for (long e = graph.edgeBegin(u); e < graph.edgeEnd(u); e++) {
                DefaultWeightedEdge edge = g.addEdge(u, graph.target(e));
                g.setEdgeWeight(edge, floats ? graph.floatWeight(e) : graph.intWeight(e));
            }
        }
        return g;
    }

    private static Measurement notRun(String label, Graph graph, int source, String algorithm, String status,
                                      String note) {
        return Measurement.notRun(label, graph.numVertices(), graph.numEdges(), graph.ids().toExternal(source),
                algorithm, status, note);
    }

    /** The index of the (lower) median value, so that a run's counters come from a typical run. */
    static int medianIndex(double[] values) {
        Integer[] order = new Integer[values.length];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> Double.compare(values[a], values[b]));
        return order[(values.length - 1) / 2];
    }

    static String progressLine(int index, int count, GraphSource source, List<Measurement> rows) {
        StringBuilder s = new StringBuilder();
        s.append(String.format(Locale.ROOT, "[%d/%d] %s", index, count, source.label()));
        if (!rows.isEmpty() && rows.get(0).vertices() > 0) {
            Measurement first = rows.get(0);
            s.append(String.format(Locale.ROOT, " (%,d vertices, %,d edges, source %d)", first.vertices(),
                    first.edges(), first.source()));
        }
        s.append(':');
        for (Measurement m : rows) {
            s.append(' ').append(m.algorithm()).append(' ');
            if (m.ok()) {
                s.append(String.format(Locale.ROOT, "%.3f ms", m.medianMs()));
                if (m.matched() != null) {
                    s.append(m.matched() ? " ok" : " MISMATCH");
                }
            } else {
                s.append(m.status()).append(" (").append(m.note()).append(')');
            }
            s.append(';');
        }
        s.setLength(s.length() - 1);
        return s.toString();
    }

    static String oneLine(Throwable e) {
        String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return message.replace('\n', ' ').replace('\r', ' ');
    }
}
