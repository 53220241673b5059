package org.gsssp.bench;

import java.io.IOException;
import java.math.BigDecimal;
import org.apache.commons.csv.CSVFormat;
import java.math.MathContext;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * Writes a run's results into one directory: CSV and JSON for machines, {@code summary.md} (environment,
 * per-graph tables, the paper's Tables 3 and 4) for people, and the figures as PNG.
 */
public final class ReportWriter {
    /** The slowest timed run over the fastest from which the best-peer table lists a row's spread (spreadNote). */
    static final double WIDE_SPREAD = 1.2;

    public static final String RESULTS_CSV = "results.csv";
    public static final String REPETITIONS_CSV = "repetitions.csv";
    public static final String RATIOS_CSV = "ratios.csv";
    public static final String SPEEDUP_TABLE_CSV = "table3-speedups.csv";
    public static final String WORK_TABLE_CSV = "table4-work.csv";
    public static final String JSON = "results.json";
    /** The median runs' parallelism traces, one row per sample, so that 'plot DIR' can draw them later. */
    public static final String TRACES_CSV = "traces.csv";
    public static final String SUMMARY = "summary.md";
    public static final String SPEEDUP_PNG = "speedup-vs-degree.png";

    private final Environment environment;
    private final ExperimentRunner.Config config;
    private final List<Measurement> measurements;
    private final List<Comparison> comparisons;
    private final String plotBaseline;

    /**
     * @param plotBaseline the Y of the comparisons drawn in Figure 8 (speedups of everything over it)
     */
    public ReportWriter(Environment environment, ExperimentRunner.Config config, List<Measurement> measurements,
                        List<Comparison> comparisons, String plotBaseline) {
        this.environment = environment;
        this.config = config;
        this.measurements = List.copyOf(measurements);
        this.comparisons = List.copyOf(comparisons);
        this.plotBaseline = plotBaseline;
    }

    /** Writes every file; returns the paths written. */
    public List<Path> write(Path dir) throws IOException {
        Files.createDirectories(dir);
        List<Path> written = new ArrayList<>();
        written.add(writeString(dir.resolve(RESULTS_CSV), resultsCsv()));
        written.add(writeString(dir.resolve(REPETITIONS_CSV), repetitionsCsv()));
        written.add(writeString(dir.resolve(RATIOS_CSV), ratiosCsv()));
        written.add(writeString(dir.resolve(SPEEDUP_TABLE_CSV), distributionCsv(true)));
        written.add(writeString(dir.resolve(WORK_TABLE_CSV), distributionCsv(false)));
        written.add(writeString(dir.resolve(JSON), json()));
        written.add(writeString(dir.resolve(TRACES_CSV), tracesCsv()));
        List<String> figures = new ArrayList<>();
        String plotNote = writePlots(dir, figures, written);
        written.add(writeString(dir.resolve(SUMMARY), summary(figures, plotNote)));
        return written;
    }

    private static Path writeString(Path file, String text) throws IOException {
        Files.writeString(file, text);
        return file;
    }

    // ------------------------------------------------------------------ CSV

    String resultsCsv() {
        StringBuilder s = new StringBuilder("graph,vertices,edges,avg_degree,source,algorithm,device,status,repetitions,"
                + "time_median_ms,time_min_ms,time_max_ms,total_median_ms,setup_ms,mteps,iterations,vertex_visits,"
                + "edges_relaxed,vertices_reached,peak_device_memory,matched,delta,certificate_ms,note\n");
        for (Measurement m : measurements) {
            row(s, m.graph(), m.vertices(), m.edges(), num(m.averageDegree()), m.source(), m.algorithm(), m.device(),
                    m.status(), m.timesMs().length, num(m.medianMs()), num(m.minMs()), num(m.maxMs()), num(m.totalMs()),
                    num(m.setupMs()), num(m.mteps()), count(m.iterations()), count(m.vertexVisits()),
                    count(m.edgesRelaxed()), count(m.verticesReached()), count(m.peakDeviceMemory()),
                    m.matched() == null ? "" : m.matched().toString(), num(m.delta()), num(m.certificateMs()), m.note());
        }
        return s.toString();
    }

    String tracesCsv() {
        StringBuilder s = new StringBuilder("graph,algorithm,time_us,work\n");
        for (Measurement m : measurements) {
            if (m.trace() != null) {
                for (Trace.Point p : m.trace().points()) {
                    row(s, m.graph(), m.algorithm(), num(p.timeUs()), p.work());
                }
            }
        }
        return s.toString();
    }

    String repetitionsCsv() {
        StringBuilder s = new StringBuilder("graph,algorithm,repetition,time_ms\n");
        for (Measurement m : measurements) {
            for (int i = 0; i < m.timesMs().length; i++) {
                row(s, m.graph(), m.algorithm(), i + 1, num(m.timesMs()[i]));
            }
        }
        return s.toString();
    }

    String ratiosCsv() {
        StringBuilder s = new StringBuilder("comparison,graph,avg_degree,speedup,work_ratio\n");
        for (Comparison c : comparisons) {
            Map<String, Comparison.Point> work = new LinkedHashMap<>();
            c.workRatios(measurements).forEach(p -> work.put(p.graph(), p));
            for (Comparison.Point p : c.speedups(measurements)) {
                Comparison.Point w = work.get(p.graph());
                row(s, c.label(), p.graph(), num(p.averageDegree()), num(p.value()), w == null ? "" : num(w.value()));
            }
        }
        return s.toString();
    }

    String distributionCsv(boolean speedup) {
        StringBuilder s = new StringBuilder("comparison,bin,count,percent\n");
        for (Comparison c : comparisons) {
            Distribution d = distribution(c, speedup);
            for (int b = 0; b < d.bins().size(); b++) {
                row(s, c.label(), d.bins().get(b).label(), d.counts()[b], num(d.percent(b)));
            }
            row(s, c.label(), "total", d.total(), d.total() == 0 ? "" : "100");
            row(s, c.label(), "mean", "", num(d.mean()));
            row(s, c.label(), "geomean", "", num(d.geomean()));
        }
        return s.toString();
    }

    private Distribution distribution(Comparison c, boolean speedup) {
        return speedup ? Distribution.of(Comparison.values(c.speedups(measurements)), Distribution.SPEEDUP_BINS)
                : Distribution.of(Comparison.values(c.workRatios(measurements)), Distribution.WORK_BINS);
    }

    // RFC 4180 records (Commons CSV quotes cells with commas, quotes or line breaks); ResultsCsv reads them back.
    private static void row(StringBuilder s, Object... cells) {
        s.append(CSVFormat.DEFAULT.format(cells)).append('\n');
    }

    /** Six significant digits, no trailing zeros, no exponent; empty for NaN. */
    static String num(double x) {
        if (!Double.isFinite(x)) {
            return "";
        }
        return new BigDecimal(x).round(new MathContext(6)).stripTrailingZeros().toPlainString();
    }

    private static String count(long x) {
        return x < 0 ? "" : Long.toString(x);
    }

    // ------------------------------------------------------------------ JSON

    String json() {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("environment", environment.asMap());
        Map<String, Object> cfg = new LinkedHashMap<>();
        cfg.put("graphs", config.graphs().stream().map(GraphSource::label).toList());
        cfg.put("algorithms", config.algorithms());
        cfg.put("repetitions", config.repetitions());
        cfg.put("warmup", config.warmup());
        cfg.put("source", config.source());
        cfg.put("jgrapht_max_edges", config.jgraphtMaxEdges());
        cfg.put("verify", config.verify());
        cfg.put("peers", config.peers().stream().map(p -> p.name() + "=" + p.program()).toList());
        cfg.put("peer_timeout_s", config.peerTimeoutSeconds());
        root.put("config", cfg);
        List<Object> results = new ArrayList<>();
        for (Measurement m : measurements) {
            Map<String, Object> r = new LinkedHashMap<>();
            r.put("graph", m.graph());
            r.put("vertices", m.vertices());
            r.put("edges", m.edges());
            r.put("avg_degree", m.averageDegree());
            r.put("source", m.source());
            r.put("algorithm", m.algorithm());
            r.put("device", m.device());
            r.put("status", m.status());
            r.put("note", m.note());
            r.put("times_ms", m.timesMs());
            r.put("time_median_ms", m.medianMs());
            r.put("time_min_ms", m.minMs());
            r.put("time_max_ms", m.maxMs());
            r.put("total_median_ms", m.totalMs());
            r.put("setup_ms", m.setupMs());
            r.put("mteps", m.mteps());
            r.put("iterations", nullIfUnknown(m.iterations()));
            r.put("vertex_visits", nullIfUnknown(m.vertexVisits()));
            r.put("edges_relaxed", nullIfUnknown(m.edgesRelaxed()));
            r.put("vertices_reached", nullIfUnknown(m.verticesReached()));
            r.put("peak_device_memory", nullIfUnknown(m.peakDeviceMemory()));
            r.put("matched", m.matched());
            if (Double.isFinite(m.delta())) {
                r.put("delta", m.delta());
            }
            if (Double.isFinite(m.certificateMs())) {
                r.put("certificate_ms", m.certificateMs());
            }
            if (m.trace() != null) {
                r.put("trace", m.trace().points().stream()
                        .map(p -> List.of(p.timeUs(), p.work())).toList());
            }
            results.add(r);
        }
        root.put("results", results);
        List<Object> tables = new ArrayList<>();
        for (Comparison c : comparisons) {
            Map<String, Object> t = new LinkedHashMap<>();
            t.put("comparison", c.label());
            t.put("speedup", distributionJson(distribution(c, true)));
            t.put("work_ratio", distributionJson(distribution(c, false)));
            tables.add(t);
        }
        root.put("comparisons", tables);
        return Json.write(root);
    }

    private static Object nullIfUnknown(long x) {
        return x < 0 ? null : x;
    }

    private static Map<String, Object> distributionJson(Distribution d) {
        Map<String, Object> m = new LinkedHashMap<>();
        Map<String, Object> bins = new LinkedHashMap<>();
        for (int b = 0; b < d.bins().size(); b++) {
            bins.put(d.bins().get(b).label(), d.counts()[b]);
        }
        m.put("bins", bins);
        m.put("total", d.total());
        m.put("mean", d.mean());
        m.put("geomean", d.geomean());
        return m;
    }

    // ------------------------------------------------------------------ plots

    static final String NO_DESKTOP_NOTE = "Figures skipped: this Java runtime lacks the java.desktop module that "
            + "JFreeChart needs; draw them elsewhere with `gsssp-bench plot DIR`.";

    /** Draws the figures; returns a note for the summary when there is something to say, else null. */
    private String writePlots(Path dir, List<String> figures, List<Path> written) {
        if (!chartsAvailable()) {
            return NO_DESKTOP_NOTE;
        }
        try {
            List<String> drawn = drawFigures(dir, measurements, algorithms(), plotBaseline);
            figures.addAll(drawn);
            drawn.forEach(f -> written.add(dir.resolve(f)));
            return measurements.stream().anyMatch(m -> m.trace() != null) ? null
                    : "No algorithm recorded a trace, so there are no parallelism figures.";
        } catch (IOException | RuntimeException | LinkageError e) {
            return "Figures failed: " + ExperimentRunner.oneLine(e);
        }
    }

    /** Figure 8 (speedups over {@code baseline}) and one trace figure per graph with traces; returns file names. */
    static List<String> drawFigures(Path dir, List<Measurement> measurements, List<String> algorithms,
                                    String baseline) throws IOException {
        List<String> figures = new ArrayList<>();
        Map<String, List<Comparison.Point>> series = new LinkedHashMap<>();
        for (String x : algorithms) {
            if (!x.equals(baseline)) {
                List<Comparison.Point> points = new Comparison(x, baseline).speedups(measurements);
                if (!points.isEmpty()) {
                    series.put(x, points);
                }
            }
        }
        if (!series.isEmpty()) {
            Plots.speedupVsDegree(series, "Speedup over " + baseline + " vs average degree", dir.resolve(SPEEDUP_PNG));
            figures.add(SPEEDUP_PNG);
        }
        Map<String, Map<String, Trace>> traces = new LinkedHashMap<>();
        for (Measurement m : measurements) {
            if (m.trace() != null) {
                traces.computeIfAbsent(m.graph(), g -> new LinkedHashMap<>()).put(m.algorithm(), m.trace());
            }
        }
        int i = 0;
        for (Map.Entry<String, Map<String, Trace>> e : traces.entrySet()) {
            String name = String.format(Locale.ROOT, "trace-%02d-%s.png", ++i, fileSafe(e.getKey()));
            Plots.trace(e.getValue(), "Parallelism over time: " + e.getKey(), dir.resolve(name));
            figures.add(name);
        }
        return figures;
    }

    /**
     * Whether charts can be drawn here: JFreeChart needs java.desktop (AWT), which a trimmed (jlink'd) runtime
     * may lack. Asked without loading any AWT class, which would fail in that case.
     */
    public static boolean chartsAvailable() {
        return ModuleLayer.boot().findModule("java.desktop").isPresent();
    }

    static String fileSafe(String label) {
        String s = label.replaceAll("[^A-Za-z0-9._=-]+", "_");
        return s.length() > 60 ? s.substring(0, 60) : s;
    }

    // ------------------------------------------------------------------ markdown

    private List<String> algorithms() {
        Set<String> names = new LinkedHashSet<>(config.algorithms());
        measurements.forEach(m -> names.add(m.algorithm()));
        return List.copyOf(names);
    }

    private List<String> graphs() {
        Set<String> names = new LinkedHashSet<>();
        measurements.forEach(m -> names.add(m.graph()));
        return List.copyOf(names);
    }

    String summary(List<String> figures, String plotNote) {
        StringBuilder s = new StringBuilder("# gsssp benchmark results\n\n");
        s.append("| | |\n|---|---|\n");
        s.append("| command | `").append(environment.command().replace("|", "\\|")).append("` |\n");
        s.append("| date | ").append(environment.date()).append(" |\n");
        s.append("| git commit | ").append(environment.commit()).append(" |\n");
        s.append("| gsssp | ").append(environment.gssspVersion()).append(" |\n");
        s.append("| GPU | ").append(environment.gpu()).append(" |\n");
        s.append("| driver | ").append(environment.driver()).append(" |\n");
        s.append("| CUDA | ").append(environment.cuda()).append(" |\n");
        s.append("| CPU | ").append(environment.cpu()).append(" |\n");
        s.append("| Java | ").append(environment.java()).append(" |\n");
        s.append("| OS | ").append(environment.os()).append(" |\n\n");
        s.append(String.format(Locale.ROOT, "Each algorithm ran %d warm-up and %d timed queries per graph from the "
                + "same source (%s). Times are the algorithm's own time (GPU: device time from CUDA events; "
                + "upload excluded), median over the timed queries; MTEPS = edges of the graph / median time. "
                + "Every result was checked against %s.%n%n", config.warmup(), config.repetitions(),
                config.source() == null ? "the vertex of largest out-degree, lowest id on ties, unless the suite names one"
                        : "vertex " + config.source(),
                config.verify() ? "CPU Dijkstra (Bellman-Ford in Java for graphs with negative weights)" : "nothing (--no-verify)"));
        List<String> notes = new ArrayList<>();
        table(s, "Median time (ms)", m -> String.format(Locale.ROOT, "%.3f", m.medianMs()), notes);
        table(s, "MTEPS", m -> String.format(Locale.ROOT, "%.1f", m.mteps()), notes);
        table(s, "Work (vertex visits)", m -> m.vertexVisits() < 0 ? "n/a" : String.format(Locale.ROOT, "%,d",
                m.vertexVisits()), notes);
        if (measurements.stream().anyMatch(m -> Double.isFinite(m.delta()))) {
            s.append("Delta below is the bucket width each delta-stepping algorithm used (Near-Far: C·W/D from its "
                    + "sampling kernel unless given; ADDS: the Δ it ended with, which static-Δ variants keep from the "
                    + "Near-Far estimate); – for algorithms without one.\n\n");
            table(s, "Delta", m -> Double.isFinite(m.delta()) ? num(m.delta()) : "–", notes);
        }
        if (measurements.stream().anyMatch(m -> Double.isFinite(m.certificateMs()))) {
            s.append("Certificate below is the time to check the median run's answer by its optimality certificate "
                    + "(no improving edge, tight paths from the source: DeviceGraph.certify on the GPU for GPU "
                    + "algorithms, Result.certify on the host for CPU ones), and its share of that run's median time.\n\n");
            table(s, "Certificate (ms, share of the query)", m -> Double.isFinite(m.certificateMs())
                    ? String.format(Locale.ROOT, "%.3f (%.0f%%)", m.certificateMs(), 100 * m.certificateMs() / m.medianMs())
                    : "–", notes);
        }
        bestPeerTable(s);
        if (!notes.isEmpty()) {
            s.append("Notes:\n\n");
            for (int i = 0; i < notes.size(); i++) {
                s.append(i + 1).append(". ").append(notes.get(i)).append('\n');
            }
            s.append('\n');
        }
        distributionTable(s, true);
        distributionTable(s, false);
        s.append("## Figures\n\n");
        for (String f : figures) {
            s.append("![").append(f).append("](").append(f).append(")\n\n");
        }
        if (plotNote != null) {
            s.append(plotNote).append("\n\n");
        }
        s.append("Raw data: `").append(RESULTS_CSV).append("`, `").append(REPETITIONS_CSV).append("`, `")
                .append(RATIOS_CSV).append("`, `").append(SPEEDUP_TABLE_CSV).append("`, `").append(WORK_TABLE_CSV)
                .append("`, `").append(JSON).append("`.\n");
        return s.toString();
    }

    /**
     * Per graph, the fastest peer that answered right (a hang or a wrong answer does not count) and how many
     * times faster each of gsssp's algorithms is: peer time over algorithm time. Two rows close the table: each
     * algorithm's geometric mean of those ratios and its least one, with the graph it was on (the issue "Side by side
     * with the peers" states its targets in these two terms).
     */
    private void bestPeerTable(StringBuilder s) {
        List<String> peers = algorithms().stream().filter(a -> a.startsWith(Peer.PREFIX)).toList();
        if (peers.isEmpty()) {
            return;
        }
        List<String> ours = algorithms().stream().filter(a -> !a.startsWith(Peer.PREFIX)).toList();
        s.append("## Over the best peer\n\nThe fastest peer per graph among those that answered and matched the "
                + "reference (a hang or a mismatch is not a best); each column is that peer's median time over the "
                + "algorithm's.\n\n| graph | best peer | peer ms |");
        ours.forEach(a -> s.append(' ').append(a).append(" |"));
        s.append("\n|---|---|---:|");
        ours.forEach(a -> s.append("---:|"));
        s.append('\n');
        Map<String, List<Double>> ratios = new LinkedHashMap<>();
        Map<String, String> leastGraph = new LinkedHashMap<>();
        ours.forEach(a -> ratios.put(a, new ArrayList<>()));
        for (String g : graphs()) {
            Measurement best = null;
            for (Measurement m : measurements) {
                if (m.graph().equals(g) && peers.contains(m.algorithm()) && m.ok() && !Boolean.FALSE.equals(m.matched())
                        && (best == null || m.medianMs() < best.medianMs())) {
                    best = m;
                }
            }
            s.append("| ").append(g).append(" | ").append(best == null ? "none answered" : best.algorithm()).append(" | ")
                    .append(best == null ? "–" : String.format(Locale.ROOT, "%.3f", best.medianMs())).append(" |");
            for (String a : ours) {
                Measurement m = measurements.stream().filter(x -> x.graph().equals(g) && x.algorithm().equals(a))
                        .findFirst().orElse(null);
                boolean usable = best != null && m != null && m.ok() && m.medianMs() > 0;
                if (usable) {
                    double ratio = best.medianMs() / m.medianMs();
                    List<Double> seen = ratios.get(a);
                    if (seen.stream().allMatch(r -> ratio < r)) {
                        leastGraph.put(a, g);
                    }
                    seen.add(ratio);
                }
                s.append(' ').append(usable ? String.format(Locale.ROOT, "%.2f×", best.medianMs() / m.medianMs()) : "–")
                        .append(" |");
            }
            s.append('\n');
        }
        s.append("| geometric mean | | |");
        for (String a : ours) {
            List<Double> r = ratios.get(a);
            s.append(' ').append(r.isEmpty() ? "–" : String.format(Locale.ROOT, "%.2f× over %d graph%s",
                    Distribution.of(r, Distribution.SPEEDUP_BINS).geomean(), r.size(), r.size() == 1 ? "" : "s"))
                    .append(" |");
        }
        s.append("\n| least | | |");
        for (String a : ours) {
            List<Double> r = ratios.get(a);
            s.append(' ').append(r.isEmpty() ? "–" : String.format(Locale.ROOT, "%.2f× (%s)",
                    r.stream().mapToDouble(Double::doubleValue).min().orElseThrow(), leastGraph.get(a))).append(" |");
        }
        s.append("\n\n");
        spreadNote(s);
    }

    /**
     * Timed runs whose slowest is {@link #WIDE_SPREAD} times the fastest or more, listed under the best-peer table: a
     * median of a few such runs may fall in either of two modes, and the ratio above moves with it (ADDS on the 2-D
     * rgg did so in a peers run: docs/performance.md, peers).
     */
    private void spreadNote(StringBuilder s) {
        List<String> lines = new ArrayList<>();
        for (String g : graphs()) {
            for (String a : algorithms()) {
                for (Measurement m : measurements) {
                    if (m.graph().equals(g) && m.algorithm().equals(a) && m.ok() && m.timesMs().length >= 2
                            && m.minMs() > 0 && m.maxMs() >= WIDE_SPREAD * m.minMs()) {
                        lines.add(String.format(Locale.ROOT, "- %s on %s: %d timed runs from %.3f to %.3f ms (%.2f×), "
                                + "median %.3f", a, g, m.timesMs().length, m.minMs(), m.maxMs(), m.maxMs() / m.minMs(),
                                m.medianMs()));
                    }
                }
            }
        }
        if (!lines.isEmpty()) {
            s.append(String.format(Locale.ROOT, "Wide spreads (the slowest timed run %.2f times the fastest or more: a "
                    + "median of few runs may fall in either of two modes):\n\n", WIDE_SPREAD));
            lines.forEach(l -> s.append(l).append('\n'));
            s.append('\n');
        }
    }

    private void table(StringBuilder s, String title, Function<Measurement, String> cell, List<String> notes) {
        List<String> algorithms = algorithms();
        s.append("## ").append(title).append("\n\n| graph | vertices | edges | avg deg |");
        algorithms.forEach(a -> s.append(' ').append(a).append(" |"));
        s.append("\n|---|---:|---:|---:|");
        algorithms.forEach(a -> s.append("---:|"));
        s.append('\n');
        for (String g : graphs()) {
            Measurement any = measurements.stream().filter(m -> m.graph().equals(g)).findFirst().orElseThrow();
            s.append(String.format(Locale.ROOT, "| %s | %,d | %,d | %.2f |", g, any.vertices(), any.edges(),
                    any.averageDegree()));
            for (String a : algorithms) {
                Measurement m = measurements.stream().filter(x -> x.graph().equals(g) && x.algorithm().equals(a))
                        .findFirst().orElse(null);
                s.append(' ');
                if (m == null) {
                    s.append('–');
                } else if (m.ok()) {
                    s.append(cell.apply(m));
                    if (Boolean.FALSE.equals(m.matched())) {
                        s.append(" ✗").append(noteRef(notes, g + ", " + a + ": " + m.note()));
                    } else if (m.note() != null && !m.note().isEmpty()) {
                        s.append(noteRef(notes, g + ", " + a + ": " + m.note()));   // e.g. ADDS pool restarts
                    }
                } else {
                    s.append(m.status()).append(noteRef(notes, g + ", " + a + ": " + m.note()));
                }
                s.append(" |");
            }
            s.append('\n');
        }
        s.append('\n');
    }

    private static String noteRef(List<String> notes, String note) {
        int i = notes.indexOf(note);
        if (i < 0) {
            notes.add(note);
            i = notes.size() - 1;
        }
        return " [" + (i + 1) + "]";
    }

    private void distributionTable(StringBuilder s, boolean speedup) {
        List<Distribution.Bin> bins = speedup ? Distribution.SPEEDUP_BINS : Distribution.WORK_BINS;
        s.append(speedup ? "## Speedup distribution (ADDS Table 3)\n\nSpeedup of X over Y = Y's median time / X's, "
                + "per graph where both ran and matched.\n\n"
                : "## Work ratio distribution (ADDS Table 4)\n\nWork ratio of X over Y = X's vertex visits / Y's, "
                + "per graph where both count work.\n\n");
        s.append("| X over Y | graphs |");
        bins.forEach(b -> s.append(' ').append(b.label()).append(" |"));
        s.append(speedup ? " average | geomean |\n" : " mean | geomean |\n");
        s.append("|---|---:|");
        bins.forEach(b -> s.append("---:|"));
        s.append("---:|---:|\n");
        for (Comparison c : comparisons) {
            Distribution d = distribution(c, speedup);
            if (d.total() == 0) {
                continue;
            }
            s.append("| ").append(c.label()).append(" | ").append(d.total()).append(" |");
            for (int b = 0; b < bins.size(); b++) {
                s.append(String.format(Locale.ROOT, " %d (%.0f%%) |", d.counts()[b], d.percent(b)));
            }
            s.append(String.format(Locale.ROOT, " %.2f | %.2f |%n", d.mean(), d.geomean()));
        }
        s.append('\n');
    }
}
