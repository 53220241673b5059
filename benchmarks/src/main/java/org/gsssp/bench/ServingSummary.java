package org.gsssp.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.gsssp.Algorithm;
import org.gsssp.generate.GraphSpec;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code gsssp-bench serving-summary FILE|DIR... [-o summary.md]}: the markdown tables of the serving benchmarks
 * from JMH's JSON results ({@code -rf json}), as {@code scripts/bench_serving.sh} writes them: per graph the Java
 * time of a query beside the kernel time ({@code ServingBenchmark}), one target from a resident result, AUTO on a
 * small graph, throughput and percentiles at 1 and more threads ({@code ConcurrencyBenchmark}), CPU against GPU by
 * edge count ({@code CrossoverBenchmark}), and the FFM call costs ({@code FfmCallBenchmark}). Anything else in the
 * files is listed as it is. Kernel and native-call times are the {@code KernelCounters} sums over the queries
 * counted with them.
 */
@Command(name = "serving-summary", mixinStandardHelpOptions = true,
        description = "Writes markdown tables of the serving JMH benchmarks (ServingBenchmark, ConcurrencyBenchmark, "
                + "CrossoverBenchmark, FfmCallBenchmark) from JMH JSON result files (-rf json).")
public final class ServingSummary implements Callable<Integer> {
    static final String PACKAGE = "org.gsssp.bench.jmh.";

    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "FILE|DIR", description = "JMH JSON files, or directories whose *.json files are read.")
    List<Path> inputs;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "Write the markdown here (default: stdout).")
    Path output;

    @Override
    public Integer call() throws IOException {
        List<Path> files = jsonFiles(inputs);
        String md = render(read(files), files);
        if (output != null) {
            if (output.toAbsolutePath().getParent() != null) {
                Files.createDirectories(output.toAbsolutePath().getParent());
            }
            Files.writeString(output, md);
            spec.commandLine().getOut().println("wrote " + output + " from " + files.size() + " JMH result file(s)");
        } else {
            PrintWriter out = spec.commandLine().getOut();
            out.print(md);
            out.flush();
        }
        return 0;
    }

    // ---- reading ----

    /** One JMH result: a benchmark method at one set of parameters, mode and thread count. */
    record Run(String benchmark, String mode, int threads, Map<String, String> params, double score, String unit,
            Map<String, Double> percentiles, Map<String, Double> secondary, String jdk) {

        /** "ServingBenchmark" of "org.gsssp.bench.jmh.ServingBenchmark.query". */
        String className() {
            String b = benchmark.startsWith(PACKAGE) ? benchmark.substring(PACKAGE.length()) : benchmark;
            int dot = b.lastIndexOf('.');
            return dot < 0 ? b : b.substring(b.lastIndexOf('.', dot - 1) + 1, dot);
        }

        String method() {
            return benchmark.substring(benchmark.lastIndexOf('.') + 1);
        }

        String param(String name) {
            return params.get(name);
        }

        /** The score in ms per operation (time modes), NaN otherwise. */
        double ms() {
            return toMs(score, unit);
        }

        /** A percentile of the samples (SampleTime) in ms; NaN when absent. */
        double percentileMs(String p) {
            Double v = percentiles.get(p);
            return v == null || !mode.equals("sample") ? Double.NaN : toMs(v, unit);
        }

        /** The throughput in operations per second (Throughput mode), NaN otherwise. */
        double opsPerSecond() {
            if (!unit.startsWith("ops/")) {
                return Double.NaN;
            }
            return score / secondsOf(unit.substring(4));
        }

        /** Mean of a KernelCounters sum per query (kernelMs, nativeMs), in ms; NaN without counters. */
        double perQueryMs(String counter) {
            Double sum = secondary.get(counter);
            Double queries = secondary.get("queries");
            return sum == null || queries == null || queries <= 0 ? Double.NaN : sum / queries;
        }
    }

    static List<Path> jsonFiles(List<Path> inputs) throws IOException {
        List<Path> files = new ArrayList<>();
        for (Path p : inputs) {
            if (Files.isDirectory(p)) {
                try (Stream<Path> s = Files.list(p)) {
                    s.filter(f -> f.getFileName().toString().endsWith(".json")).sorted().forEach(files::add);
                }
            } else if (Files.isRegularFile(p)) {
                files.add(p);
            } else {
                throw new IllegalArgumentException(p + " is neither a JMH JSON file nor a directory");
            }
        }
        return files;
    }

    static List<Run> read(List<Path> files) throws IOException {
        ObjectMapper mapper = new ObjectMapper();
        List<Run> runs = new ArrayList<>();
        for (Path f : files) {
            JsonNode root = mapper.readTree(f.toFile());
            if (root == null || !root.isArray()) {
                throw new IllegalArgumentException(f + " is not a JMH JSON result (an array of runs)");
            }
            for (JsonNode r : root) {
                Map<String, String> params = new LinkedHashMap<>();
                r.path("params").properties().forEach(e -> params.put(e.getKey(), e.getValue().asText()));
                JsonNode primary = r.path("primaryMetric");
                Map<String, Double> percentiles = new LinkedHashMap<>();
                primary.path("scorePercentiles").properties().forEach(e -> percentiles.put(e.getKey(), number(e.getValue())));
                Map<String, Double> secondary = new LinkedHashMap<>();
                r.path("secondaryMetrics").properties().forEach(e -> secondary.put(e.getKey(), number(e.getValue().path("score"))));
                runs.add(new Run(r.path("benchmark").asText(), r.path("mode").asText(), r.path("threads").asInt(1), params,
                        number(primary.path("score")), primary.path("scoreUnit").asText(), percentiles, secondary,
                        r.path("jdkVersion").asText("")));
            }
        }
        return runs;
    }

    /** JMH writes non-finite numbers as strings ("NaN"). */
    private static double number(JsonNode n) {
        if (n.isNumber()) {
            return n.asDouble();
        }
        try {
            return Double.parseDouble(n.asText());
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }

    static double secondsOf(String timeUnit) {
        return switch (timeUnit) {
            case "ns" -> 1e-9;
            case "us" -> 1e-6;
            case "ms" -> 1e-3;
            case "s" -> 1;
            case "min" -> 60;
            case "hr" -> 3600;
            default -> Double.NaN;
        };
    }

    /** A time per operation ("ms/op", "us/op", ...) in ms; NaN for other units. */
    static double toMs(double value, String unit) {
        if (!unit.endsWith("/op")) {
            return Double.NaN;
        }
        return switch (unit.substring(0, unit.length() - 3)) {
            case "ns" -> value / 1e6;
            case "us" -> value / 1e3;
            case "ms" -> value;
            case "s" -> value * 1e3;
            case "min" -> value * 60e3;
            case "hr" -> value * 3600e3;
            default -> Double.NaN;
        };
    }

    // ---- writing ----

    static String render(List<Run> runs, List<Path> files) {
        StringBuilder md = new StringBuilder("# Serving benchmarks\n\n");
        Set<String> jdks = new LinkedHashSet<>();
        runs.forEach(r -> jdks.add(r.jdk()));
        md.append("From ").append(files.size()).append(" JMH result file(s): ")
                .append(String.join(", ", files.stream().map(f -> "`" + f.getFileName() + "`").toList()))
                .append("; JDK ").append(String.join(", ", jdks)).append(". Times are means per query unless p50/p99; ")
                .append("\"Java\" is JMH's time for the whole call from Java, \"native\" the whole native call ")
                .append("(`Stats.totalMs`), \"kernel\" the algorithm itself (`Stats.timeMs`: CUDA-event device time, ")
                .append("CPU wall time for CPU Dijkstra).\n\n");
        Set<Run> used = new LinkedHashSet<>();
        latency(md, runs, used);
        resident(md, runs, used);
        auto(md, runs, used);
        concurrency(md, runs, used);
        crossover(md, runs, used);
        ffm(md, runs, used);
        others(md, runs, used);
        return md.toString();
    }

    private static List<Run> select(List<Run> runs, Set<Run> used, Predicate<Run> p) {
        List<Run> selected = runs.stream().filter(p).toList();
        used.addAll(selected);
        return selected;
    }

    private static Run find(List<Run> runs, Predicate<Run> p) {
        return runs.stream().filter(p).findFirst().orElse(null);
    }

    /** The values of one parameter across runs, in first-seen order. */
    private static List<String> values(List<Run> runs, String param) {
        Set<String> v = new LinkedHashSet<>();
        runs.forEach(r -> v.add(r.param(param)));
        v.remove(null);
        return new ArrayList<>(v);
    }

    private static void latency(StringBuilder md, List<Run> all, Set<Run> used) {
        List<Run> runs = select(all, used, r -> r.className().equals("ServingBenchmark") && r.method().equals("query"));
        if (runs.isEmpty()) {
            return;
        }
        md.append("## One query on a resident graph (ServingBenchmark.query)\n\n")
                .append("ADDS, no predecessors, into QueryBuffers; source: the vertex of largest out-degree.\n\n")
                .append("| graph | Java ms | p50 ms | p99 ms | native ms | kernel ms | Java / kernel | Java − kernel ms |\n")
                .append("|---|---:|---:|---:|---:|---:|---:|---:|\n");
        for (String g : values(runs, "graph")) {
            Run avg = find(runs, r -> g.equals(r.param("graph")) && r.mode().equals("avgt"));
            Run sample = find(runs, r -> g.equals(r.param("graph")) && r.mode().equals("sample"));
            double java = avg != null ? avg.ms() : sample != null ? sample.ms() : Double.NaN;
            Run counted = avg != null ? avg : sample;
            double kernel = counted == null ? Double.NaN : counted.perQueryMs("kernelMs");
            double nativeMs = counted == null ? Double.NaN : counted.perQueryMs("nativeMs");
            row(md, graphName(g), fmt(java), fmt(pct(sample, "50.0")), fmt(pct(sample, "99.0")), fmt(nativeMs),
                    fmt(kernel), ratio(java, kernel), fmt(java - kernel));
        }
        md.append('\n');
    }

    private static void resident(StringBuilder md, List<Run> all, Set<Run> used) {
        List<Run> runs = select(all, used, r -> r.className().equals("ServingBenchmark") && r.method().equals("residentOneTarget"));
        if (runs.isEmpty()) {
            return;
        }
        List<Run> queryOnly = select(all, used,
                r -> r.className().equals("ServingBenchmark") && r.method().equals("residentQueryOnly"));
        md.append("## One target from a resident result (ServingBenchmark.residentOneTarget)\n\n")
                .append("`queryResident` (ADDS, no predecessors), `distanceAsLong(target)`, close; against the kernel, ")
                .append("the same without the read (ServingBenchmark.residentQueryOnly) and a whole query into ")
                .append("QueryBuffers on the same graph (ServingBenchmark.query), when run.\n\n")
                .append("| graph | Java ms | p50 ms | p99 ms | native ms | kernel ms | Java / kernel | Java − kernel µs ")
                .append("| without the read: Java − kernel µs | query into buffers, Java ms |\n")
                .append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        for (String g : values(runs, "oneTargetGraph")) {
            Run avg = find(runs, r -> g.equals(r.param("oneTargetGraph")) && r.mode().equals("avgt"));
            Run sample = find(runs, r -> g.equals(r.param("oneTargetGraph")) && r.mode().equals("sample"));
            Run counted = avg != null ? avg : sample;
            double java = counted == null ? Double.NaN : counted.ms();
            double kernel = counted == null ? Double.NaN : counted.perQueryMs("kernelMs");
            Run full = find(all, r -> r.className().equals("ServingBenchmark") && r.method().equals("query")
                    && r.mode().equals("avgt") && sameGraph(g, r.param("graph")));
            Run bare = find(queryOnly, r -> g.equals(r.param("oneTargetGraph")) && r.mode().equals("avgt"));
            row(md, graphName(g), fmt(java), fmt(pct(sample, "50.0")), fmt(pct(sample, "99.0")),
                    fmt(counted == null ? Double.NaN : counted.perQueryMs("nativeMs")), fmt(kernel), ratio(java, kernel),
                    fmt((java - kernel) * 1e3),
                    bare == null ? "–" : fmt((bare.ms() - bare.perQueryMs("kernelMs")) * 1e3),
                    full == null ? "–" : fmt(full.ms()));
        }
        md.append('\n');
    }

    private static void auto(StringBuilder md, List<Run> all, Set<Run> used) {
        List<Run> runs = select(all, used, r -> r.className().equals("ServingBenchmark") && r.method().equals("autoQuery"));
        if (runs.isEmpty()) {
            return;
        }
        md.append("## AUTO on a small graph (ServingBenchmark.autoQuery)\n\n")
                .append("`DeviceGraph.query(source, AUTO, ...)` into QueryBuffers (AUTO picks CPU Dijkstra below ")
                .append(String.format(Locale.ROOT, "%,d", Algorithm.AUTO_GPU_MIN_EDGES)).append(" edges).\n\n")
                .append("| graph | mode | Java µs | p50 µs | p99 µs | native µs | algorithm µs |\n")
                .append("|---|---|---:|---:|---:|---:|---:|\n");
        for (Run r : runs) {
            row(md, graphName(r.param("autoGraph")), r.mode(), fmt(r.ms() * 1e3), fmt(pct(r, "50.0") * 1e3),
                    fmt(pct(r, "99.0") * 1e3), fmt(r.perQueryMs("nativeMs") * 1e3), fmt(r.perQueryMs("kernelMs") * 1e3));
        }
        md.append('\n');
    }

    private static void concurrency(StringBuilder md, List<Run> all, Set<Run> used) {
        List<Run> runs = select(all, used, r -> r.className().equals("ConcurrencyBenchmark"));
        if (runs.isEmpty()) {
            return;
        }
        md.append("## Concurrent queries on one resident graph (ConcurrencyBenchmark)\n\n")
                .append("Every thread queries the shared DeviceGraph into its own QueryBuffers, no predecessors. ")
                .append("Throughput from the Throughput runs; p50/p99 from the SampleTime runs (`…Sample`) at the ")
                .append("same thread count; kernel: mean per query under that load.\n\n")
                .append("| variant | graph | threads | ops/s | × 1 thread | p50 µs | p99 µs | kernel µs |\n")
                .append("|---|---|---:|---:|---:|---:|---:|---:|\n");
        record Key(String variant, String graph) {}
        Map<Key, List<Run>> groups = new LinkedHashMap<>();
        for (Run r : runs) {
            String variant = r.method().endsWith("Sample") ? r.method().substring(0, r.method().length() - 6) : r.method();
            String graph = r.param("graph") != null ? r.param("graph") : r.param("autoGraph");
            groups.computeIfAbsent(new Key(variant, graph), k -> new ArrayList<>()).add(r);
        }
        List<String> ratios = new ArrayList<>();
        groups.forEach((key, group) -> {
            List<Integer> threads = group.stream().map(Run::threads).distinct().sorted().toList();
            Run single = find(group, r -> r.threads() == 1 && r.mode().equals("thrpt"));
            for (int t : threads) {
                Run thrpt = find(group, r -> r.threads() == t && r.mode().equals("thrpt"));
                Run sample = find(group, r -> r.threads() == t && r.mode().equals("sample"));
                double ops = thrpt == null ? Double.NaN : thrpt.opsPerSecond();
                double base = single == null ? Double.NaN : single.opsPerSecond();
                Run counted = thrpt != null ? thrpt : sample;
                row(md, key.variant(), graphName(key.graph()), Integer.toString(t), fmt(ops), ratio(ops, base),
                        fmt(pct(sample, "50.0") * 1e3), fmt(pct(sample, "99.0") * 1e3),
                        fmt(counted == null ? Double.NaN : counted.perQueryMs("kernelMs") * 1e3));
                if (t != 1 && thrpt != null && single != null) {
                    ratios.add(key.variant() + " on " + graphName(key.graph()) + ": " + t + " threads give "
                            + ratio(ops, base) + " the throughput of 1");
                }
            }
        });
        md.append('\n');
        for (String r : ratios) {
            md.append("- ").append(r).append('\n');
        }
        if (!ratios.isEmpty()) {
            md.append('\n');
        }
    }

    private static void crossover(StringBuilder md, List<Run> all, Set<Run> used) {
        List<Run> runs = select(all, used, r -> r.className().equals("CrossoverBenchmark"));
        if (runs.isEmpty()) {
            return;
        }
        md.append("## CPU Dijkstra against ADDS by size (CrossoverBenchmark)\n\n")
                .append("Whole call from Java into QueryBuffers, no predecessors; ADDS on the graph resident on the GPU. ")
                .append("`Algorithm.AUTO_GPU_MIN_EDGES` is now ")
                .append(String.format(Locale.ROOT, "%,d", Algorithm.AUTO_GPU_MIN_EDGES)).append(".\n\n");
        List<String> algorithms = values(runs, "algorithm");
        String cpu = algorithms.contains("dijkstra-cpu") ? "dijkstra-cpu" : null;
        List<String> gpus = algorithms.stream().filter(a -> !a.equals("dijkstra-cpu")).toList();
        StringBuilder header = new StringBuilder("| graph | n | m |");
        StringBuilder rule = new StringBuilder("|---|---:|---:|");
        for (String a : algorithms) {
            header.append(' ').append(a).append(" µs |");
            rule.append("---:|");
        }
        for (String a : gpus) {
            header.append(' ').append(a).append(" kernel µs |");
            rule.append("---:|");
            if (cpu != null) {
                header.append(" cpu / ").append(a).append(" |");
                rule.append("---:|");
            }
        }
        md.append(header).append('\n').append(rule).append('\n');
        record Size(String graph, String family, long n, long m) {}
        List<Size> sizes = new ArrayList<>();
        for (String g : values(runs, "graph")) {
            long n = -1;
            long m = -1;
            try {
                GraphSpec s = GraphSpec.parse(g.replace(';', ','));
                n = s.numVertices();
                m = s.numEdges();
            } catch (RuntimeException notASpec) {
                // a file: no size known without loading it
            }
            int colon = g.indexOf(':');
            sizes.add(new Size(g, colon > 0 ? g.substring(0, colon) : graphName(g), n, m));
        }
        sizes.sort(Comparator.comparing(Size::family).thenComparingLong(Size::m));
        Map<String, Map<String, List<double[]>>> byFamily = new LinkedHashMap<>();  // family -> gpu -> [m, cpu, gpu]
        for (Size s : sizes) {
            List<String> cells = new ArrayList<>(List.of(graphName(s.graph()), s.n() < 0 ? "?" : fmtInt(s.n()),
                    s.m() < 0 ? "?" : fmtInt(s.m())));
            Map<String, Run> by = new LinkedHashMap<>();
            for (String a : algorithms) {
                Run r = find(runs, x -> s.graph().equals(x.param("graph")) && a.equals(x.param("algorithm")));
                by.put(a, r);
                cells.add(fmt(r == null ? Double.NaN : r.ms() * 1e3));
            }
            for (String a : gpus) {
                Run r = by.get(a);
                cells.add(fmt(r == null ? Double.NaN : r.perQueryMs("kernelMs") * 1e3));
                if (cpu != null) {
                    double c = by.get(cpu) == null ? Double.NaN : by.get(cpu).ms();
                    double gt = r == null ? Double.NaN : r.ms();
                    cells.add(ratio(c, gt));
                    if (!Double.isNaN(c) && !Double.isNaN(gt) && s.m() >= 0) {
                        byFamily.computeIfAbsent(s.family(), f -> new LinkedHashMap<>())
                                .computeIfAbsent(a, x -> new ArrayList<>()).add(new double[] {s.m(), c, gt});
                    }
                }
            }
            row(md, cells.toArray(String[]::new));
        }
        md.append('\n');
        byFamily.forEach((family, perGpu) -> perGpu.forEach((gpu, points) ->
                md.append("- ").append(family).append(": ").append(crossoverText(gpu, points)).append('\n')));
        if (!byFamily.isEmpty()) {
            md.append('\n');
        }
    }

    /**
     * Where the GPU algorithm starts to win, from points {m, cpu ms, gpu ms} sorted by m: the smallest m from which it
     * is faster at every larger size measured, and the largest m below it.
     */
    static String crossoverText(String gpu, List<double[]> points) {
        int first = points.size();
        for (int i = points.size() - 1; i >= 0 && points.get(i)[2] < points.get(i)[1]; i--) {
            first = i;
        }
        if (first == points.size()) {
            return "dijkstra-cpu is faster at every size measured (up to m = " + fmtInt((long) points.get(points.size() - 1)[0])
                    + ")";
        }
        if (first == 0) {
            return gpu + " is faster at every size measured (from m = " + fmtInt((long) points.get(0)[0]) + ")";
        }
        return gpu + " answers sooner from m = " + fmtInt((long) points.get(first)[0]) + " (dijkstra-cpu still faster at m = "
                + fmtInt((long) points.get(first - 1)[0]) + "): the crossover lies between them";
    }

    private static void ffm(StringBuilder md, List<Run> all, Set<Run> used) {
        List<Run> runs = select(all, used, r -> r.className().equals("FfmCallBenchmark"));
        if (runs.isEmpty()) {
            return;
        }
        md.append("## Crossing into libgsssp (FfmCallBenchmark)\n\n")
                .append("1k-vertex queries: `…1k` into QueryBuffers (GPU: ADDS, resident graph), `…1kPooled` into ")
                .append("pooled memory, Result closed in the method.\n\n")
                .append("| benchmark | mode | threads | score | unit | µs |\n|---|---|---:|---:|---|---:|\n");
        for (Run r : runs) {
            row(md, r.method(), r.mode(), Integer.toString(r.threads()), fmt(r.score()), r.unit(), fmt(r.ms() * 1e3));
        }
        md.append('\n');
    }

    private static void others(StringBuilder md, List<Run> all, Set<Run> used) {
        List<Run> rest = all.stream().filter(r -> !used.contains(r)).toList();
        if (rest.isEmpty()) {
            return;
        }
        md.append("## Other results\n\n| benchmark | params | mode | threads | score | unit |\n|---|---|---|---:|---:|---|\n");
        for (Run r : rest) {
            row(md, r.className() + "." + r.method(), r.params().toString(), r.mode(), Integer.toString(r.threads()),
                    fmt(r.score()), r.unit());
        }
        md.append('\n');
    }

    // ---- formatting ----

    private static double pct(Run sample, String p) {
        return sample == null ? Double.NaN : sample.percentileMs(p);
    }

    /** A file path's file name; a spec as written with commas. */
    static String graphName(String graph) {
        if (graph == null) {
            return "?";
        }
        if (GraphSpec.looksLikeSpec(graph)) {
            return graph.strip().replace(';', ',');
        }
        Path name = Path.of(graph).getFileName();
        return name == null ? graph : name.toString();
    }

    private static boolean sameGraph(String a, String b) {
        return a != null && b != null && Objects.equals(graphName(a), graphName(b));
    }

    private static void row(StringBuilder md, String... cells) {
        md.append('|');
        for (String c : cells) {
            md.append(' ').append(c.replace("|", "\\|")).append(" |");
        }
        md.append('\n');
    }

    static String ratio(double a, double b) {
        if (Double.isNaN(a) || Double.isNaN(b) || b == 0) {
            return "–";
        }
        return String.format(Locale.ROOT, "%.2f×", a / b);
    }

    static String fmtInt(long v) {
        return String.format(Locale.ROOT, "%,d", v);
    }

    /** About four significant digits, no exponent; "–" for NaN. */
    static String fmt(double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            return "–";
        }
        v = new java.math.BigDecimal(v).round(new java.math.MathContext(4)).doubleValue();
        double a = Math.abs(v);
        String f = a >= 1000 ? "%,.0f" : a >= 100 ? "%.1f" : a >= 10 ? "%.2f" : a >= 1 ? "%.3f" : a >= 0.01 ? "%.4f" : "%.6f";
        return String.format(Locale.ROOT, f, v);
    }
}
