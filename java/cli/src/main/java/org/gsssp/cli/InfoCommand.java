package org.gsssp.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.gsssp.Algorithm;
import org.gsssp.ContractionHierarchy;
import org.gsssp.DeviceGraph;
import org.gsssp.Devices;
import org.gsssp.Graph;
import org.gsssp.Options;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code gsssp info}: a graph's size and degrees, and what AUTO runs for a query, a batch and a matrix on it here,
 * and why. The choices are the library's own ({@link Algorithm#chooseAuto}, {@link DeviceGraph#chooseBatch}), asked,
 * not re-derived.
 */
@Command(name = "info", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = {"Prints a graph's size, its degrees, and what AUTO runs on it here.",
                "AUTO's choices for a query, a batch and a matrix on this machine, and why."})
final class InfoCommand implements Callable<Integer> {
    /** The batch size the batch and matrix choices are asked for (AUTO's choice does not depend on it today). */
    static final int BATCH = 256;

    @Spec
    CommandSpec spec;

    @Mixin
    GraphInput input;

    @Option(names = "--hierarchy", paramLabel = "FILE", description = "The graph's contraction hierarchy (gsssp prepare): report AUTO's choices with it attached (PHAST on a GPU; matrices by its RPHAST on the host).")
    Path hierarchyFile;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        input.checkFile();
        if (hierarchyFile != null) {
            GraphInput.checkReadableFile(hierarchyFile);
        }
        try (Graph graph = input.load(input.loadOptions(spec));
                ContractionHierarchy hierarchy = hierarchyFile == null ? null : ContractionHierarchy.load(hierarchyFile, graph)) {
            int n = graph.numVertices();
            long m = graph.numEdges();
            boolean negative = graph.hasNegativeWeight();
            out.printf(Locale.ROOT, "graph     %s: %,d vertices, %,d edges, %s weights%s%n", graph.name(), n, m,
                    graph.weightType().name().toLowerCase(Locale.ROOT), negative ? ", some negative" : "");
            printDegrees(out, graph);

            boolean gpu = Devices.available();
            Algorithm query = Algorithm.chooseAuto(graph, gpu);
            out.printf("device    %s%n", gpu ? Devices.info(0).describe() : "no GPU: everything runs on the CPU");
            if (hierarchy != null) {
                out.printf(Locale.ROOT, "hierarchy %s: %,d shortcuts; distances and routes by its point-to-point "
                        + "search on the host%n", hierarchyFile, hierarchy.info().shortcuts());
            }
            if (!gpu) {
                out.printf("query     %s (%s)%n", query.cliName(), Algorithm.describeAutoChoice(graph, gpu));
                String cpu = String.format(Locale.ROOT, "%s per source, %d sources at a time (one per core)",
                        query.cliName(), Runtime.getRuntime().availableProcessors());
                out.printf("batch     %s%n", cpu);
                if (hierarchy != null) {
                    out.println(hostChMatrix());
                } else {
                    out.printf("matrix    %s, each search stopping once it has settled every target%n", cpu);
                }
                return 0;
            }
            try (DeviceGraph device = DeviceGraph.upload(graph)) {
                if (hierarchy != null) {
                    device.attach(hierarchy);
                }
                // The library's own choice: PHAST where the attached hierarchy makes AUTO pick it.
                Algorithm onDevice = device.chooseQuery(Algorithm.AUTO, Options.defaults());
                if (onDevice == Algorithm.PHAST) {
                    out.printf("query     %s (a contraction hierarchy is attached: PHAST sweeps it; a query with a "
                            + "cutoff runs %s)%n", onDevice.cliName(), query.cliName());
                } else {
                    out.printf("query     %s (%s)%n", query.cliName(), Algorithm.describeAutoChoice(graph, gpu));
                }
                Algorithm batch = device.chooseBatch(Algorithm.AUTO, Options.builder().computePredecessors(false).build(), BATCH);
                Algorithm withPaths = device.chooseBatch(Algorithm.AUTO, Options.builder().computePredecessors(true).build(), BATCH);
                out.printf("batch     %s (%s)%n", batch.cliName(), why(batch, onDevice));
                if (withPaths != batch) {
                    out.printf("          %s with predecessors (%s)%n", withPaths.cliName(), why(withPaths, onDevice));
                }
                if (hierarchy != null) {
                    // DeviceGraph.matrix's AUTO answers from the attached hierarchy on the host, GPU or not.
                    out.println(hostChMatrix());
                } else {
                    out.printf("matrix    %s (as a batch: DeviceGraph.matrix runs AUTO's batch design)%n", batch.cliName());
                }
            }
            return 0;
        }
    }

    /**
     * The matrix line where the hierarchy answers on the host ({@code ContractionHierarchy.matrix}: RPHAST, the
     * targets' part of the hierarchy selected once, then SIMD sweeps of 16 sources at a time over every core).
     */
    static String hostChMatrix() {
        int cores = Runtime.getRuntime().availableProcessors();
        return String.format(Locale.ROOT, "matrix    contraction hierarchy on the host (RPHAST sweeps on %d core%s)",
                cores, cores == 1 ? "" : "s");
    }

    /** What the batch design the library chose does, in a few words: an explanation of its answer, not its rule. */
    private static String why(Algorithm batch, Algorithm query) {
        if (batch == Algorithm.PHAST) {
            return "a contraction hierarchy is attached: up to 256 sources swept together";
        }
        if (batch == Algorithm.BLOCK_BELLMAN_FORD) {
            return "the whole graph fits one block's shared memory: a thread block per source";
        }
        if (batch == Algorithm.BLOCK_NEAR_FAR) {
            return String.format(Locale.ROOT, "sparse (at most %.0f edges per vertex) or at most %,d vertices: a thread "
                    + "block per source", Algorithm.AUTO_BLOCK_NF_MAX_DEGREE, Algorithm.AUTO_BLOCK_NF_MAX_VERTICES);
        }
        if (batch == Algorithm.CPU_DIJKSTRA) {
            return String.format(Locale.ROOT, "below AUTO's crossover of %,d edges: CPU Dijkstra on every core",
                    Algorithm.AUTO_GPU_MIN_EDGES);
        }
        return batch == query ? "the single query's algorithm, several queries in flight at once"
                : "concurrent queries";
    }

    /** Out-degree: min, median, mean, 99th percentile, max, and how many vertices have none. */
    private static void printDegrees(PrintWriter out, Graph graph) {
        int n = graph.numVertices();
        if (n == 0) {
            out.println("degree    (no vertices)");
            return;
        }
        int[] degree = new int[n];
        long sinks = 0;
        for (int v = 0; v < n; v++) {
            degree[v] = graph.outDegree(v);
            sinks += degree[v] == 0 ? 1 : 0;
        }
        Arrays.sort(degree);
        out.printf(Locale.ROOT, "degree    out: min %d, median %d, mean %.2f, p99 %d, max %d; %,d vertices without "
                        + "out-edges%n", degree[0], degree[n / 2], graph.numEdges() / (double) n,
                degree[Math.min(n - 1, (int) Math.ceil(0.99 * n) - 1)], degree[n - 1], sinks);
    }
}
