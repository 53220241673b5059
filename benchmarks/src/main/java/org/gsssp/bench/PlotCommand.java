package org.gsssp.bench;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code gsssp-bench plot DIR}: draws the figures of an earlier run from its CSV files, for runs made on a runtime
 * without java.desktop (the GPU bundle's), and links them from its summary.md.
 */
@Command(name = "plot", mixinStandardHelpOptions = true,
        description = "Draws the PNG figures of an earlier 'run' from the CSV files in DIR (for runs on a runtime without java.desktop).")
final class PlotCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "DIR", description = "The --output directory of a run.")
    Path dir;

    @Option(names = "--plot-baseline", paramLabel = "NAME", description = "Speedups over this algorithm (default: dijkstra-cpu, else the first).")
    String plotBaseline;

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        if (!ReportWriter.chartsAvailable()) {
            throw new IllegalStateException("this Java runtime lacks java.desktop, which drawing needs; use a full JDK");
        }
        List<Measurement> measurements = ResultsCsv.read(dir);
        Set<String> names = new LinkedHashSet<>();
        measurements.forEach(m -> names.add(m.algorithm()));
        List<String> algorithms = new ArrayList<>(names);
        String baseline = plotBaseline != null ? RunCommand.canonical(plotBaseline)
                : algorithms.contains("dijkstra-cpu") ? "dijkstra-cpu" : algorithms.get(0);
        List<String> figures = ReportWriter.drawFigures(dir, measurements, algorithms, baseline);
        Path summary = dir.resolve(ReportWriter.SUMMARY);
        if (Files.exists(summary)) {
            String md = Files.readString(summary);
            StringBuilder links = new StringBuilder();
            for (String f : figures) {
                if (!md.contains("](" + f + ")")) {
                    links.append("![").append(f).append("](").append(f).append(")\n\n");
                }
            }
            md = md.replace(ReportWriter.NO_DESKTOP_NOTE + "\n\n", "");
            md = md.replace("## Figures\n\n", "## Figures\n\n" + links);
            Files.writeString(summary, md);
        }
        out.println("drew " + String.join(", ", figures) + " in " + dir);
        return 0;
    }
}
