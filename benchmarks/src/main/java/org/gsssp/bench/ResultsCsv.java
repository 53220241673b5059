package org.gsssp.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads back what {@link ReportWriter} wrote ({@code results.csv} with {@code repetitions.csv}), so that figures
 * can be drawn later on another machine: a GPU host's trimmed runtime may lack java.desktop.
 */
final class ResultsCsv {
    private ResultsCsv() {}

    static List<Measurement> read(Path dir) throws IOException {
        Map<String, List<Double>> times = new HashMap<>();
        List<String> reps = Files.readAllLines(dir.resolve(ReportWriter.REPETITIONS_CSV));
        for (String line : reps.subList(1, reps.size())) {
            List<String> c = split(line);
            times.computeIfAbsent(c.get(0) + "\u0000" + c.get(1), k -> new ArrayList<>()).add(Double.parseDouble(c.get(3)));
        }
        List<String> lines = Files.readAllLines(dir.resolve(ReportWriter.RESULTS_CSV));
        List<String> header = split(lines.get(0));
        List<Measurement> out = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            List<String> c = split(line);
            Map<String, String> row = new HashMap<>();
            for (int i = 0; i < header.size(); i++) {
                row.put(header.get(i), i < c.size() ? c.get(i) : "");
            }
            double[] t = times.getOrDefault(row.get("graph") + "\u0000" + row.get("algorithm"), List.of()).stream()
                    .mapToDouble(Double::doubleValue).toArray();
            String matched = row.get("matched");
            out.add(new Measurement(row.get("graph"), Integer.parseInt(row.get("vertices")),
                    Long.parseLong(row.get("edges")), Long.parseLong(row.get("source")), row.get("algorithm"),
                    row.get("device"), row.get("status"), row.get("note"), t, dbl(row.get("total_median_ms")),
                    dbl(row.get("setup_ms")), lng(row.get("iterations")), lng(row.get("vertex_visits")),
                    lng(row.get("edges_relaxed")), lng(row.get("vertices_reached")), lng(row.get("peak_device_memory")),
                    matched.isEmpty() ? null : Boolean.valueOf(matched), null, dbl(row.getOrDefault("delta", ""))));
        }
        return withTraces(dir, out);
    }

    /** Attaches the traces of {@code traces.csv}, where the run wrote one. */
    private static List<Measurement> withTraces(Path dir, List<Measurement> measurements) throws IOException {
        Path file = dir.resolve(ReportWriter.TRACES_CSV);
        if (!Files.exists(file)) {
            return measurements;
        }
        Map<String, List<Trace.Point>> points = new HashMap<>();
        List<String> lines = Files.readAllLines(file);
        for (String line : lines.subList(1, lines.size())) {
            List<String> c = split(line);
            points.computeIfAbsent(c.get(0) + "\u0000" + c.get(1), k -> new ArrayList<>())
                    .add(new Trace.Point(Double.parseDouble(c.get(2)), Long.parseLong(c.get(3))));
        }
        List<Measurement> out = new ArrayList<>(measurements.size());
        for (Measurement m : measurements) {
            List<Trace.Point> p = points.get(m.graph() + "\u0000" + m.algorithm());
            out.add(p == null ? m : m.withTrace(new Trace(p)));
        }
        return out;
    }

    private static double dbl(String s) {
        return s.isEmpty() ? Double.NaN : Double.parseDouble(s);
    }

    private static long lng(String s) {
        return s.isEmpty() ? -1 : Long.parseLong(s);
    }

    /** One CSV record as {@link ReportWriter} quotes it (no line breaks inside cells). */
    static List<String> split(String line) {
        List<String> cells = new ArrayList<>();
        StringBuilder cell = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char ch = line.charAt(i);
            if (quoted) {
                if (ch == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                    cell.append('"');
                    i++;
                } else if (ch == '"') {
                    quoted = false;
                } else {
                    cell.append(ch);
                }
            } else if (ch == '"') {
                quoted = true;
            } else if (ch == ',') {
                cells.add(cell.toString());
                cell.setLength(0);
            } else {
                cell.append(ch);
            }
        }
        cells.add(cell.toString());
        return cells;
    }
}
