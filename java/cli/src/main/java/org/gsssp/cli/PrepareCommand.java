package org.gsssp.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.gsssp.ChParams;
import org.gsssp.ContractionHierarchy;
import org.gsssp.Graph;
import org.gsssp.LoadOptions;
import org.gsssp.io.ProgressBar;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code gsssp prepare}: builds a graph's contraction hierarchy and saves it for {@code serve --hierarchy}. */
@Command(name = "prepare", mixinStandardHelpOptions = true,
        description = {"Builds the contraction hierarchy of a road-like graph (int weights, none negative) on the host's cores "
                + "and saves it, for `gsssp serve --graph G --hierarchy G.ch`.",
                "Graphs that contract badly (social, R-MAT) are refused with a message; the search algorithms serve them."})
final class PrepareCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    GraphInput input;

    @Option(names = {"-o", "--output"}, required = true, paramLabel = "FILE", description = "Where to write the hierarchy, e.g. G.ch.")
    Path output;

    @Option(names = "--threads", paramLabel = "N", description = "Host threads for the build (default: every core).")
    int threads;

    @Option(names = "--witness-limit", paramLabel = "N", description = "Vertices one witness search settles at most (default: the library's).")
    int witnessLimit;

    @Option(names = "--max-shortcut-ratio", paramLabel = "X", description = "Give up once shortcuts pass X times the graph's arcs (default: the library's).")
    double maxShortcutRatio;

    @Override
    public Integer call() throws Exception {
        if (threads < 0) {
            throw new ParameterException(spec.commandLine(), "--threads " + threads + " is negative");
        }
        if (witnessLimit < 0) {
            throw new ParameterException(spec.commandLine(), "--witness-limit " + witnessLimit + " is negative");
        }
        if (!(maxShortcutRatio >= 0) || Double.isInfinite(maxShortcutRatio)) {
            throw new ParameterException(spec.commandLine(), "--max-shortcut-ratio " + maxShortcutRatio + " is not a positive number");
        }
        if (Files.isDirectory(output)) {
            throw new java.nio.file.FileSystemException(output.toString(), null, "is a directory");
        }
        PrintWriter out = spec.commandLine().getOut();
        input.checkFile();
        LoadOptions options = input.loadOptions(spec);
        Path dir = output.toAbsolutePath().getParent();
        if (dir != null) {
            Files.createDirectories(dir);  // as solve --output does
        }
        try (Graph graph = input.load(options)) {
            out.printf(Locale.ROOT, "graph     %s: %,d vertices, %,d arcs%n", graph.name(), graph.numVertices(), graph.numEdges());
            out.flush();
            ProgressBar bar = ProgressBar.counting("Contracting " + graph.name(), graph.numVertices(), options.progress(),
                    "vertices");
            ChParams params = ChParams.builder().threads(threads).witnessSettleLimit(witnessLimit)
                    .maxShortcutRatio(maxShortcutRatio).progress((done, total) -> bar.update(done)).build();
            long start = System.nanoTime();
            ContractionHierarchy.Info info;
            try (ContractionHierarchy ch = ContractionHierarchy.build(graph, params)) {
                bar.finish();
                double built = (System.nanoTime() - start) / 1e9;
                long saveStart = System.nanoTime();
                ch.save(output);
                double saved = (System.nanoTime() - saveStart) / 1e9;
                info = ch.info();
                out.printf(Locale.ROOT, "shortcuts %,d (%.2f per arc); %,d upward and %,d downward arcs%n", info.shortcuts(),
                        info.originalArcs() == 0 ? 0.0 : (double) info.shortcuts() / info.originalArcs(), info.upArcs(),
                        info.downArcs());
                out.printf(Locale.ROOT, "built     in %.2f s%s%n", built, threads > 0 ? " on " + threads + " threads" : "");
                out.printf(Locale.ROOT, "saved     %s (%,d bytes) in %.2f s%n", output, Files.size(output), saved);
            } finally {
                bar.finish();
            }
        }
        return 0;
    }
}
