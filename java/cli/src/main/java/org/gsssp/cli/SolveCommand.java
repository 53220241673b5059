package org.gsssp.cli;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.gsssp.AddsParams;
import org.gsssp.Algorithm;
import org.gsssp.DeltaSteppingParams;
import org.gsssp.DeviceGraph;
import org.gsssp.Devices;
import org.gsssp.Graph;
import org.gsssp.LoadOptions;
import org.gsssp.Options;
import org.gsssp.Result;
import org.gsssp.Sssp;
import org.gsssp.WeightType;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code gsssp solve}: shortest paths from one source, optionally checked against CPU Dijkstra. */
@Command(name = "solve", sortOptions = false, abbreviateSynopsis = true, versionProvider = VersionProvider.class,
        description = {"Computes shortest distances from one source vertex.",
                "Without --graph it solves the bundled rome99 road graph (9th DIMACS Challenge)."},
        footerHeading = "%nExamples:%n",
        footer = {"  gsssp solve --graph USA-road-d.NY.gr.gz --source 1 --verify",
                "  gsssp solve --graph roads.gr --source 1 --target 264346 -o distances.txt"})
final class SolveCommand implements Callable<Integer> {
    static final int EXIT_VERIFY_FAILED = 3;

    @Spec
    CommandSpec spec;

    @Mixin
    GraphInput input;

    // The common options first (order 1..19; GraphInput's --graph is 1, its input options 20..29), then help, then
    // the research options under their own heading.
    @Option(names = "--source", paramLabel = "ID", order = 2, description = "Source vertex in the file's own ids (default: the first vertex).")
    Long source;

    @Option(names = "--target", paramLabel = "ID", order = 3, description = "Also print the distance to this vertex and the route there.")
    Long target;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", order = 4, description = "Write 'id distance' lines (file ids; INF when unreachable).")
    Path output;

    @Option(names = "--algorithm", paramLabel = "NAME", order = 5, completionCandidates = AlgorithmNames.class,
            description = {"One of: ${COMPLETION-CANDIDATES} (default ${DEFAULT-VALUE}).",
                    "auto: hbf for negative weights on a GPU; dijkstra-cpu without a GPU or for small graphs; else adds."})
    String algorithm = "auto";

    /** The CLI names of every algorithm, so help lists new ones without edits here. */
    static final class AlgorithmNames implements Iterable<String> {
        @Override
        public java.util.Iterator<String> iterator() {
            return java.util.Arrays.stream(Algorithm.values()).map(Algorithm::cliName).iterator();
        }
    }

    @Option(names = "--verify", order = 6, description = "Check the result: its optimality certificate, and for a GPU algorithm a CPU solve as well.")
    boolean verify;

    @Option(names = "--certify", order = 7, description = "Check the answer against the graph alone (the O(n+m) optimality certificate) and print how long that took.")
    boolean certify;

    @Option(names = {"-h", "--help"}, usageHelp = true, order = 40, description = "Show this help and exit.")
    boolean help;

    @Option(names = {"-V", "--version"}, versionHelp = true, order = 41, description = "Print the version and exit.")
    boolean version;

    @ArgGroup(validate = false, exclusive = false, order = 100,
            heading = "%nResearch options (delta-stepping and ADDS tuning):%n")
    Research research;

    /** The knobs of the delta-stepping algorithms: for experiments, not for everyday use. */
    static final class Research {
        @Option(names = "--delta", paramLabel = "D", description = "Delta-stepping (near-far, adds): the bucket width, instead of the estimate C*W/D.")
        Double delta;

        @Option(names = "--delta-constant", paramLabel = "C", description = "Delta-stepping (near-far, adds): C in the estimate C*W/D (default: the algorithm's).")
        Double deltaConstant;

        @Option(names = "--adds-static-delta", description = "adds: keep the initial Delta for the whole run (the paper's Table 5 'static Delta').")
        boolean addsStaticDelta;

        @Option(names = "--adds-buckets", paramLabel = "N", description = "adds: buckets in the priority queue, 2..32 (default 32; 2 with --adds-static-delta is Table 5's '2 buckets').")
        Integer addsBuckets;

        @Option(names = "--adds-no-local-rounds", description = "adds: workers push every vertex they lower, as in the paper (default: small assignments keep the vertices bound for their own bucket and expand them in local rounds).")
        boolean addsNoLocalRounds;

        @Option(names = "--adds-pool-words", paramLabel = "N", description = "adds: a fixed bucket pool of N 32-bit words; a run that needs more fails (default: sized from the graph, doubled when exhausted).")
        Long addsPoolWords;

        @Option(names = "--adds-growable-pool", paramLabel = "N", description = "adds: start with a bucket pool of N 32-bit words and restart with twice the pool when it runs out.")
        Long addsGrowablePool;

        @Option(names = "--adds-watchdog-ms", paramLabel = "MS", description = "adds: fail a run whose queue makes no progress for MS milliseconds (default 10000; raise it under compute-sanitizer).")
        Long addsWatchdogMs;
    }

    @Option(names = "--cutoff", paramLabel = "D", description = "Report only the vertices within distance D of the source (an isochrone; D itself included); dijkstra-cpu, near-far and adds stop once those are settled.")
    String cutoff;

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        Algorithm wanted;
        try {
            wanted = Algorithm.parse(algorithm);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--algorithm: " + e.getMessage());
        }
        Options queryOptions = queryOptions();
        LoadOptions options = input.loadOptions(spec);
        if (wanted.requiresGpu() && !Devices.available()) {
            String notLoaded = org.gsssp.internal.NativeLibrary.unavailableReason();
            throw new org.gsssp.NoGpuException("--algorithm " + wanted.cliName() + " needs a CUDA GPU, and "
                    + (notLoaded == null ? "this machine has none (or no NVIDIA driver)"
                            : "the gsssp native library did not load on " + System.getProperty("os.name") + "/"
                                    + System.getProperty("os.arch") + " (" + notLoaded + ")")
                    + "; leave --algorithm out (auto runs on the CPU) or use dijkstra-cpu");
        }
        // Files are checked before the work: a bad --graph or --output fails at once, naming the path.
        input.checkFile();
        if (output != null) {
            prepareOutput(output);
        }
        try (Graph graph = input.load(options)) {
            int src = resolveSource(graph);
            int dst = target == null ? -1 : resolveVertex(graph, "--target", target);
            String autoReason = null;
            Algorithm resolved = wanted;
            if (wanted == Algorithm.AUTO) {
                boolean gpu = Devices.available();
                resolved = Algorithm.chooseAuto(graph, gpu);
                autoReason = Algorithm.describeAutoChoice(graph, gpu);
            }
            String device = resolved.requiresGpu() ? Devices.info(0).describe() : "CPU";
            Result result;
            org.gsssp.Certificate certificate = null;
            if (resolved.requiresGpu()) {
                try (DeviceGraph deviceGraph = DeviceGraph.upload(graph)) {
                    result = deviceGraph.query(src, resolved, queryOptions);
                    if (certify) {
                        // A GPU answer is checked on the GPU, in about one pass over the graph there.
                        certificate = deviceGraph.certify(result);
                    }
                }
            } else {
                result = Sssp.solve(graph, src, resolved, queryOptions);
            }
            printSummary(out, graph, device, result, autoReason);
            if (dst >= 0) {
                printRoute(out, graph, result, dst);
            }
            if (output != null) {
                writeDistances(graph, result, output);
                out.printf("output    %s%n", output);
            }
            if (certify) {
                org.gsssp.Certificate c = certificate != null ? certificate : result.certify();
                if (!c.holds()) {
                    out.printf("certify   FAILED: %s%n", c.violation().orElseThrow());
                    return EXIT_VERIFY_FAILED;
                }
                out.printf(Locale.ROOT, "certify   OK in %.3f ms on the %s (against %.3f ms for the query)%n", c.timeMs(),
                        certificate != null ? "GPU" : "host", result.stats().timeMs());
            }
            if (verify) {
                return verify(out, graph, result);
            }
            return 0;
        }
    }

    /** The algorithm options the flags ask for; the builder's checks turn bad values into one-line errors. */
    private Options queryOptions() {
        Research r = research != null ? research : new Research();
        Double delta = r.delta;
        Double deltaConstant = r.deltaConstant;
        Integer addsBuckets = r.addsBuckets;
        Long addsPoolWords = r.addsPoolWords;
        Long addsGrowablePool = r.addsGrowablePool;
        Long addsWatchdogMs = r.addsWatchdogMs;
        if (addsPoolWords != null && addsGrowablePool != null) {
            throw new ParameterException(spec.commandLine(), "--adds-pool-words (fixed) and --adds-growable-pool exclude each other");
        }
        DeltaSteppingParams.Builder deltaStepping = DeltaSteppingParams.builder();
        if (delta != null) {
            deltaStepping.delta(delta);
        }
        if (deltaConstant != null) {
            deltaStepping.deltaConstant(deltaConstant);
        }
        AddsParams.Builder adds = AddsParams.builder().staticDelta(r.addsStaticDelta).localRounds(!r.addsNoLocalRounds);
        if (addsBuckets != null) {
            adds.bucketCount(addsBuckets);
        }
        if (addsPoolWords != null) {
            adds.poolWords(addsPoolWords);
        }
        if (addsGrowablePool != null) {
            adds.growablePool(addsGrowablePool);
        }
        if (addsWatchdogMs != null) {
            adds.watchdogMillis(addsWatchdogMs);
        }
        Options.Builder b = Options.builder().deltaStepping(deltaStepping.build()).adds(adds.build());
        if (target != null) {
            b.computePredecessors(true);
        }
        if (cutoff != null) {
            if (certify || verify) {
                throw new ParameterException(spec.commandLine(), "--cutoff answers a ball, which --certify and --verify "
                        + "cannot check (they check full answers): leave one of them out");
            }
            try {
                setCutoff(b, cutoff);
            } catch (IllegalArgumentException e) {
                throw new ParameterException(spec.commandLine(), "--cutoff: " + e.getMessage());
            }
        }
        return b.build();
    }

    /**
     * Sets {@code text} as the builder's cutoff: an integer as a {@code long} (exact on int32 weights), else a number
     * as a {@code double}.
     *
     * @throws IllegalArgumentException if {@code text} is not a number at least 0
     */
    static void setCutoff(Options.Builder b, String text) {
        String t = text.strip();
        try {
            b.cutoff(Long.parseLong(t));
            return;
        } catch (NumberFormatException notLong) {
            // a decimal (or an integer beyond long): as a double below
        }
        double d;
        try {
            d = Double.parseDouble(t);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + text + "' is not a number");
        }
        if (Double.isNaN(d) || t.endsWith("d") || t.endsWith("D") || t.endsWith("f") || t.endsWith("F")) {
            throw new IllegalArgumentException("'" + text + "' is not a number");
        }
        b.cutoff(d);
    }

    /** Creates --output's parent directories and checks that the file can be written, before any work. */
    static void prepareOutput(Path file) throws IOException {
        if (Files.isDirectory(file)) {
            throw new java.nio.file.FileSystemException(file.toString(), null, "is a directory; --output wants a file");
        }
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        if (Files.exists(file) ? !Files.isWritable(file) : !Files.isWritable(parent)) {
            throw new java.nio.file.AccessDeniedException(file.toString());
        }
    }

    private int resolveSource(Graph graph) {
        if (graph.numVertices() == 0) {
            throw new IllegalArgumentException(graph.name() + " has no vertices");
        }
        return source == null ? 0 : resolveVertex(graph, "--source", source);
    }

    private static int resolveVertex(Graph graph, String option, long id) {
        java.util.OptionalInt v = graph.ids().find(id);
        if (v.isEmpty()) {
            throw new IllegalArgumentException(option + " " + id + " is not a vertex of " + graph.name() + ": "
                    + graph.ids().describe());
        }
        return v.getAsInt();
    }

    /** --target: the distance and the route as file ids, or that it cannot be reached. */
    private static void printRoute(PrintWriter out, Graph graph, Result r, int t) {
        long id = graph.ids().toExternal(t);
        if (!r.isReachable(t)) {
            out.printf("target    %d: unreachable from %d%n", id, graph.ids().toExternal(r.source()));
            return;
        }
        org.gsssp.ShortestPath path = r.path(t);
        out.printf(Locale.ROOT, "target    %d: distance %s, %,d edges%n", id, format(r, t), path.edgeCount());
        StringBuilder line = new StringBuilder("route    ");
        for (long v : path.fileIds()) {
            line.append(' ').append(v);
        }
        out.println(line);
    }

    /** {@code autoReason}: why AUTO chose the algorithm, or null when --algorithm named it. */
    private static void printSummary(PrintWriter out, Graph graph, String device, Result r, String autoReason) {
        out.printf(Locale.ROOT, "graph     %s: %,d vertices, %,d edges, %s weights%n", graph.name(), graph.numVertices(),
                graph.numEdges(), graph.weightType().name().toLowerCase(Locale.ROOT));
        out.printf("device    %s%n", device);
        out.printf("algorithm %s%s%n", r.algorithm().cliName(), autoReason == null ? "" : " (auto: " + autoReason + ")");
        out.printf("source    %d%n", graph.ids().toExternal(r.source()));
        out.printf(Locale.ROOT, "time      %.3f ms (algorithm), %.3f ms (call), %,d iterations, %,d vertex visits, %,d edges relaxed%n",
                r.stats().timeMs(), r.stats().totalMs(), r.stats().iterations(), r.stats().vertexVisits(), r.stats().edgesRelaxed());
        if (r.stats().delta() > 0) {
            out.printf(Locale.ROOT, "delta     %s%s%n", r.stats().delta(), r.algorithm() == Algorithm.ADDS ? " (final)" : "");
        }
        if (r.algorithm() == Algorithm.ADDS) {
            out.printf(Locale.ROOT, "restarts  %d (bucket pool exhausted and doubled)%n", r.stats().restarts());
        }
        int farthest = -1;
        double max = -1;
        long reached = 0;
        for (int v = 0; v < graph.numVertices(); v++) {
            if (r.isReachable(v)) {
                reached++;
                if (r.distance(v) > max) {
                    max = r.distance(v);
                    farthest = v;
                }
            }
        }
        out.printf(Locale.ROOT, "reached   %,d of %,d vertices%n", reached, graph.numVertices());
        if (r.cutoff().isPresent()) {
            out.printf("cutoff    %s (vertices beyond it are reported INF)%n", r.weightType() == WeightType.INT32
                    ? Long.toString(r.cutoffAsLong().getAsLong()) : Double.toString(r.cutoff().getAsDouble()));
        }
        out.printf("max dist  %s (vertex %d)%n", format(r, farthest), graph.ids().toExternal(farthest));
    }

    private static String format(Result r, int v) {
        if (!r.isReachable(v)) {
            return "INF";
        }
        return r.weightType() == WeightType.INT32 ? Long.toString(r.distanceAsLong(v)) : Double.toString(r.distance(v));
    }

    private static void writeDistances(Graph graph, Result r, Path file) throws IOException {
        try (BufferedWriter w = Files.newBufferedWriter(file)) {
            for (int v = 0; v < graph.numVertices(); v++) {
                w.write(Long.toString(graph.ids().toExternal(v)));
                w.write(' ');
                w.write(format(r, v));
                w.newLine();
            }
        }
    }

    private int verify(PrintWriter out, Graph graph, Result r) {
        // CPU Dijkstra's answer checked against itself would prove nothing: check it against the graph alone.
        java.util.Optional<String> certificate = org.gsssp.Verifier.certify(graph, r);
        if (certificate.isPresent()) {
            out.printf("verify    FAILED: %s%n", certificate.get());
            return EXIT_VERIFY_FAILED;
        }
        if (!r.algorithm().requiresGpu()) {
            out.printf(Locale.ROOT, "verify    OK: the optimality certificate holds for all %,d vertices (no edge "
                    + "improves a distance, tight edges from the source reach every reached vertex)%n", graph.numVertices());
            return 0;
        }
        // The reference is AUTO's CPU choice: Bellman-Ford for negative weights, else Dijkstra.
        Result reference = Sssp.solve(graph, r.source(), Algorithm.chooseAuto(graph, false));
        java.util.Optional<String> differs = org.gsssp.Verifier.check(graph, r, reference);
        if (differs.isPresent()) {
            out.printf("verify    FAILED: against %s: %s%n", reference.algorithm().cliName(), differs.get());
            return EXIT_VERIFY_FAILED;
        }
        out.printf(Locale.ROOT, "verify    OK: the optimality certificate holds and all %,d distances match %s%n",
                graph.numVertices(), reference.algorithm().cliName());
        return 0;
    }
}
