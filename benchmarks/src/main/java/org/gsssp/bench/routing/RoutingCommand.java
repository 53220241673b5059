package org.gsssp.bench.routing;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import org.gsssp.Devices;
import org.gsssp.Graph;
import org.gsssp.GraphLoader;
import org.gsssp.WeightType;
import org.gsssp.bench.Environment;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code gsssp-bench routing}: contraction hierarchies side by side (issue 46, item 5). */
@Command(name = "routing", mixinStandardHelpOptions = true,
        description = {"Routing peers side by side on one graph and the same seeded random pairs: GraphHopper's CH,",
                "RoutingKit's CH (through its driver), gsssp's CH, CPU Dijkstra and the GPU's pair query. Per peer:",
                "preparation time and memory, point-to-point p50/p99 on one thread (distance, and with the route),",
                "throughput on --threads threads, the matrix time; every answer checked against CPU Dijkstra",
                "(a mismatch fails the run). Writes results.csv, results.json and README.md to --output.",
                "Example: routing --graph USA-road-d.NY.gr.gz --pairs 10000 --seed 1 --matrix 1000 --threads 16 "
                        + "--routingkit build/peers/routingkit/driver --output results/routing"})
public final class RoutingCommand implements Callable<Integer> {
    static final List<String> PEERS = List.of("graphhopper", "routingkit", "gsssp-ch", "dijkstra", "gpu");

    @Spec
    CommandSpec spec;

    @Option(names = {"-g", "--graph"}, required = true, paramLabel = "FILE", description = "The graph (int32 weights), any format gsssp loads.")
    Path graph;

    @Option(names = "--pairs", paramLabel = "N", description = "Random pairs (default ${DEFAULT-VALUE}).")
    int pairs = 10_000;

    @Option(names = "--seed", paramLabel = "S", description = "Seed of the pairs and the matrix's vertices (default ${DEFAULT-VALUE}).")
    long seed = 1;

    @Option(names = "--matrix", paramLabel = "K", description = "A K x K matrix of distinct random vertices; 0: none (default ${DEFAULT-VALUE}).")
    int matrix = 1000;

    @Option(names = "--threads", paramLabel = "T", description = "Threads for the throughput, the matrix and the builds that take them (default: every core).")
    int threads = Runtime.getRuntime().availableProcessors();

    @Option(names = "--peers", split = ",", paramLabel = "NAME", description = "Peers in table order (default: all). Known: graphhopper, routingkit, gsssp-ch, dijkstra, gpu.")
    List<String> peers = new ArrayList<>(PEERS);

    @Option(names = "--routingkit", paramLabel = "DRIVER", description = "The RoutingKit driver (scripts/build_routingkit.sh builds it); without it RoutingKit is skipped.")
    Path routingkit;

    @Option(names = "--search-pairs", paramLabel = "N", description = "Pairs timed for CPU Dijkstra and the GPU query, a search per pair (default ${DEFAULT-VALUE}).")
    int searchPairs = 1000;

    @Option(names = "--graphhopper-divisor", paramLabel = "D", description = "GraphHopper's weight = ours / D (D divides 1000; raise it when shortcuts exceed GraphHopper's range; default ${DEFAULT-VALUE}).")
    int ghDivisor = 1;

    @Option(names = "--driver-timeout", paramLabel = "S", description = "Seconds before the RoutingKit driver is stopped (default ${DEFAULT-VALUE}).")
    long driverTimeout = 1800;

    @Option(names = "--keep-work", description = "Keep the work folder (the graph as DIMACS, pairs, RoutingKit's answers).")
    boolean keepWork;

    @Option(names = {"-o", "--output"}, required = true, paramLabel = "DIR", description = "Directory for the results.")
    Path output;

    @Override
    public Integer call() throws Exception {
        PrintWriter log = spec.commandLine().getOut();
        for (String p : peers) {
            if (!PEERS.contains(p)) {
                throw new ParameterException(spec.commandLine(), "unknown peer '" + p + "'; known: " + String.join(", ", PEERS));
            }
        }
        if (threads < 1 || pairs < 0 || matrix < 0 || searchPairs < 0) {
            throw new ParameterException(spec.commandLine(), "--threads must be at least 1; --pairs, --matrix and --search-pairs not negative");
        }
        Files.createDirectories(output);
        Path work = output.resolve("work");
        Files.createDirectories(work);
        String commandLine = "gsssp-bench " + String.join(" ", spec.commandLine().getParseResult().originalArgs());
        Environment env = Environment.detect(commandLine);
        long t0 = System.nanoTime();
        try (Graph g = GraphLoader.load(graph)) {
            if (g.weightType() != WeightType.INT32 || g.hasNegativeWeight()) {
                throw new IllegalArgumentException(graph + ": routing needs non-negative int32 weights (" + g.weightType() + ")");
            }
            log.printf("%s: %,d vertices, %,d arcs, loaded in %.1f s%n", g.name(), g.numVertices(), g.numEdges(),
                    (System.nanoTime() - t0) / 1e9);
            RoutingPairs q = RoutingPairs.generate(g.numVertices(), pairs, Math.min(matrix, g.numVertices()), seed);
            log.printf("reference: CPU Dijkstra over %,d pairs and a %d x %d matrix on %d threads%n", q.count(),
                    q.matrixSources().length, q.matrixTargets().length, threads);
            log.flush();
            RoutingRun.Reference ref = RoutingRun.Reference.compute(g, q, threads);
            log.printf("  %.1f s for the pairs, %.1f s for the matrix%n", ref.pairsSeconds(), ref.matrixSeconds());
            RoutingRun run = new RoutingRun(g, q, ref, threads, log);
            List<PeerResult> rows = new ArrayList<>();
            for (String p : peers) {
                rows.add(runPeer(p, g, q, run, work, log));
            }
            RoutingReport report = new RoutingReport(env, g, graph, q, ref, threads, rows);
            report.write(output);
            log.println(report.table());
            log.println("wrote " + output.resolve("results.csv") + ", results.json, README.md");
            long mismatches = rows.stream().mapToLong(r -> r.mismatches).sum();
            long failed = rows.stream().filter(r -> r.status.equals("failed")).count();
            if (mismatches > 0 || failed > 0) {
                spec.commandLine().getErr().println("gsssp-bench routing: " + mismatches + " answers differ from Dijkstra, "
                        + failed + " peers failed (see " + output.resolve("README.md") + ")");
                return 1;
            }
            return 0;
        } finally {
            if (!keepWork) {
                deleteTree(work);
            }
        }
    }

    private PeerResult runPeer(String peer, Graph g, RoutingPairs q, RoutingRun run, Path work, PrintWriter log) throws Exception {
        switch (peer) {
            case "graphhopper" -> {
                try (Router r = new GraphHopperRouter(ghDivisor)) {
                    return run.measure(r);
                }
            }
            case "routingkit" -> {
                if (routingkit == null || !Files.isExecutable(routingkit)) {
                    String why = routingkit == null ? "no --routingkit DRIVER given (scripts/build_routingkit.sh builds it)"
                            : "driver " + routingkit + " is not an executable file (scripts/build_routingkit.sh builds it)";
                    log.println(RoutingKitPeer.NAME + ": skipped: " + why);
                    return PeerResult.skipped(RoutingKitPeer.NAME, why);
                }
                Path gr = work.resolve("graph.gr");
                RoutingPairs.writeDimacsGraph(g, gr);
                q.writePairs(work.resolve("pairs.txt"));
                RoutingPairs.writeIds(q.matrixSources(), work.resolve("matrix-sources.txt"));
                RoutingPairs.writeIds(q.matrixTargets(), work.resolve("matrix-targets.txt"));
                return RoutingKitPeer.run(routingkit, gr, work, run, q, threads, driverTimeout, log);
            }
            case "gsssp-ch" -> {
                String why = GssspChRouter.unavailableReason();
                if (why != null) {
                    log.println("gsssp-ch: skipped: " + why);
                    return PeerResult.skipped("gsssp-ch", why);
                }
                try (Router r = new GssspChRouter()) {
                    return run.measure(r);
                }
            }
            case "dijkstra" -> {
                try (Router r = SearchRouter.cpuDijkstra(searchPairs)) {
                    return run.measure(r);
                }
            }
            case "gpu" -> {
                if (!Devices.available()) {
                    log.println("gsssp-gpu-adds: skipped: no GPU");
                    return PeerResult.skipped("gsssp-gpu-adds", "no GPU on this machine");
                }
                try (Router r = SearchRouter.gpu(searchPairs)) {
                    return run.measure(r);
                }
            }
            default -> throw new IllegalArgumentException(peer);
        }
    }

    private static void deleteTree(Path dir) throws java.io.IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
