package org.gsssp.bench;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import org.gsssp.Algorithm;
import org.gsssp.Devices;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code gsssp-bench run}: the experiment runner. */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = {"Runs algorithms on graphs and writes CSV, JSON, summary.md and PNG figures to --output.",
                "A graph is a file or a generator spec (rmat:scale=20,ef=16,seed=1 · grid:1024x1024,seed=1 · "
                        + "random:n=1048576,d=7,seed=1; see 'gsssp generate --help').",
                "Example: run --graphs rmat:scale=18,ef=16,seed=1 grid:512x512,seed=1 -r 5 --output results"})
final class RunCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = {"-g", "--graphs", "--graph"}, arity = "1..*", paramLabel = "GRAPH",
            description = "Graph files or generator specs (space-separated; the option may repeat).")
    List<String> graphs = new ArrayList<>();

    @Option(names = "--suite", paramLabel = "FILE",
            description = "A file with one graph per line: " + GraphSource.LINE_SYNTAX + "; # comments.")
    Path suite;

    @Option(names = {"-a", "--algorithms"}, split = ",", paramLabel = "NAME",
            description = "Algorithms in table order (default: jgrapht, dijkstra-cpu and every GPU algorithm when a GPU is present). Known: jgrapht, ${COMPLETION-CANDIDATES}.",
            completionCandidates = AlgorithmNames.class)
    List<String> algorithms;

    @Option(names = {"-r", "--repetitions"}, paramLabel = "R", description = "Timed queries per graph and algorithm (default ${DEFAULT-VALUE}).")
    int repetitions = 5;

    @Option(names = {"-w", "--warmup"}, paramLabel = "W", description = "Untimed queries first (default ${DEFAULT-VALUE}).")
    int warmup = 1;

    @Option(names = {"-o", "--output"}, paramLabel = "DIR", required = true, description = "Directory for the results.")
    Path output;

    @Option(names = "--source", paramLabel = "ID", description = "Source vertex (the graph's own ids) for every graph (default: the vertex of largest out-degree, lowest id on ties).")
    Long source;

    @Option(names = "--jgrapht-max-edges", paramLabel = "M", description = "Skip JGraphT on graphs with more edges (default ${DEFAULT-VALUE}).")
    long jgraphtMaxEdges = 2_000_000;

    @Option(names = "--compare", split = ",", paramLabel = "X:Y", description = "Comparisons for the speedup and work tables, X over Y; a peer is peer:NAME (default: every algorithm over every one listed before it, and every gsssp algorithm over every peer).")
    List<String> compare;

    @Option(names = "--plot-baseline", paramLabel = "NAME", description = "Figure 8 draws speedups over this algorithm (default: dijkstra-cpu, else the first).")
    String plotBaseline;

    @Option(names = "--no-verify", negatable = false, description = "Do not check results against CPU Dijkstra.")
    boolean noVerify;

    @Option(names = "--peer", paramLabel = "NAME=PROGRAM", description = "An external program measured beside gsssp on the same Galois .gr and source (the ../shared/peers protocol: PROGRAM -s SOURCE -o OUT GRAPH, time on fd 3); its row is peer:NAME. Repeatable.")
    List<String> peers = new ArrayList<>();

    @Option(names = "--peer-timeout", paramLabel = "SECONDS", description = "A peer run longer than this is stopped and reported as a hang (default ${DEFAULT-VALUE}).")
    long peerTimeout = 25;

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        List<GraphSource> sources = new ArrayList<>();
        if (suite != null) {
            sources.addAll(GraphSource.readSuite(suite));
        }
        for (String g : graphs) {
            sources.add(GraphSource.parse(g, null));
        }
        if (sources.isEmpty()) {
            throw new ParameterException(spec.commandLine(), "give graphs with --graphs or --suite");
        }
        boolean gpu = Devices.available();
        List<String> names = algorithms == null ? ExperimentRunner.defaultAlgorithms(gpu)
                : algorithms.stream().map(RunCommand::canonical).toList();
        List<Peer> peerList;
        try {
            peerList = peers.stream().map(Peer::parse).toList();
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--peer: " + e.getMessage());
        }
        ExperimentRunner.Config config = new ExperimentRunner.Config(sources, names, repetitions, warmup, source,
                jgraphtMaxEdges, !noVerify, peerList, peerTimeout);
        List<Comparison> comparisons = compare == null ? Comparison.allPairs(names, peerList)
                : compare.stream().map(Comparison::parse)
                        .map(c -> new Comparison(canonical(c.x()), canonical(c.y()))).toList();
        String baseline = plotBaseline != null ? canonical(plotBaseline)
                : names.contains(Algorithm.CPU_DIJKSTRA.cliName()) ? Algorithm.CPU_DIJKSTRA.cliName() : names.get(0);

        out.printf(Locale.ROOT, "gsssp-bench: %d graphs x %d algorithms (%s), %d warm-up + %d timed queries each; %s%n",
                sources.size(), names.size(), String.join(", ", names), warmup, repetitions,
                gpu ? Devices.info(0).describe() : "no GPU");
        List<Measurement> measurements = new ExperimentRunner(config, out).run();
        Environment env = Environment.detect(commandLine());
        List<Path> written = new ReportWriter(env, config, measurements, comparisons, baseline).write(output);
        out.printf(Locale.ROOT, "wrote %d files to %s (summary: %s)%n", written.size(), output,
                output.resolve(ReportWriter.SUMMARY));
        long mismatches = measurements.stream().filter(m -> Boolean.FALSE.equals(m.matched())).count();
        if (mismatches > 0) {
            spec.commandLine().getErr().printf("gsssp-bench: %d results did not match the reference (see %s)%n",
                    mismatches, ReportWriter.SUMMARY);
            return 3;
        }
        return 0;
    }

    /** jgrapht, or an algorithm's CLI name (aliases such as 'cpu' resolved). */
    static String canonical(String name) {
        String n = name.strip().toLowerCase(Locale.ROOT);
        if (Comparison.isPeer(name.strip())) {
            return name.strip();  // a peer's name is the user's own
        }
        return n.equals(ExperimentRunner.JGRAPHT) ? n : AlgorithmVariant.parse(n).name();
    }

    /** The command as a user would retype it. */
    private String commandLine() {
        List<String> args = spec.root().commandLine().getParseResult().originalArgs();
        return "java -jar benchmarks/target/gsssp-bench.jar "
                + args.stream().map(RunCommand::shellQuote).collect(Collectors.joining(" "));
    }

    static String shellQuote(String arg) {
        return arg.matches("[A-Za-z0-9_./:=,@+-]+") ? arg : "'" + arg.replace("'", "'\\''") + "'";
    }

    /** For the help text: every algorithm name but auto. */
    static final class AlgorithmNames extends ArrayList<String> {
        AlgorithmNames() {
            for (Algorithm a : Algorithm.values()) {
                if (a != Algorithm.AUTO) {
                    add(a.cliName());
                }
            }
        }
    }
}
