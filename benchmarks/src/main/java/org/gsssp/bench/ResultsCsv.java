package org.gsssp.bench;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * Reads back what {@link ReportWriter} wrote ({@code results.csv} with {@code repetitions.csv}), so that figures
 * can be drawn later on another machine: a GPU host's trimmed runtime may lack java.desktop.
 */
final class ResultsCsv {
    private ResultsCsv() {}

    static List<Measurement> read(Path dir) throws IOException {
        Map<String, List<Double>> times = new HashMap<>();
        for (CSVRecord c : records(dir.resolve(ReportWriter.REPETITIONS_CSV))) {
            times.computeIfAbsent(c.get(0) + "\u0000" + c.get(1), k -> new ArrayList<>()).add(Double.parseDouble(c.get(3)));
        }
        List<Measurement> out = new ArrayList<>();
        for (CSVRecord c : records(dir.resolve(ReportWriter.RESULTS_CSV))) {
            Map<String, String> row = c.toMap();
            double[] t = times.getOrDefault(row.get("graph") + "\u0000" + row.get("algorithm"), List.of()).stream()
                    .mapToDouble(Double::doubleValue).toArray();
            String matched = row.getOrDefault("matched", "");
            out.add(new Measurement(row.get("graph"), Integer.parseInt(row.get("vertices")),
                    Long.parseLong(row.get("edges")), Long.parseLong(row.get("source")), row.get("algorithm"),
                    row.get("device"), row.get("status"), row.getOrDefault("note", ""), t,
                    dbl(row.getOrDefault("total_median_ms", "")), dbl(row.getOrDefault("setup_ms", "")),
                    lng(row.getOrDefault("iterations", "")), lng(row.getOrDefault("vertex_visits", "")),
                    lng(row.getOrDefault("edges_relaxed", "")), lng(row.getOrDefault("vertices_reached", "")),
                    lng(row.getOrDefault("peak_device_memory", "")), matched.isEmpty() ? null : Boolean.valueOf(matched),
                    null, dbl(row.getOrDefault("delta", "")), dbl(row.getOrDefault("certificate_ms", ""))));
        }
        return withTraces(dir, out);
    }

    /** The records of a CSV file written by ReportWriter, its header line naming the columns. */
    static List<CSVRecord> records(Path file) throws IOException {
        CSVFormat format = CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).get();
        try (Reader in = Files.newBufferedReader(file); CSVParser parser = CSVParser.parse(in, format)) {
            return parser.getRecords();
        }
    }

    /** Attaches the traces of {@code traces.csv}, where the run wrote one. */
    private static List<Measurement> withTraces(Path dir, List<Measurement> measurements) throws IOException {
        Path file = dir.resolve(ReportWriter.TRACES_CSV);
        if (!Files.exists(file)) {
            return measurements;
        }
        Map<String, List<Trace.Point>> points = new HashMap<>();
        for (CSVRecord c : records(file)) {
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

}
