package org.gsssp.bench.routing;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import org.gsssp.Graph;
import org.gsssp.bench.Environment;

/** results.csv, results.json and the one-page README.md of a routing run. */
final class RoutingReport {
    private final Environment env;
    private final Map<String, Object> parameters = new LinkedHashMap<>();
    private final RoutingRun.Reference reference;
    private final List<PeerResult> rows;

    RoutingReport(Environment env, Graph g, Path graphFile, RoutingPairs q, RoutingRun.Reference reference,
                  int threads, List<PeerResult> rows) {
        this.env = env;
        this.reference = reference;
        this.rows = rows;
        parameters.put("graph", graphFile.toString());
        parameters.put("vertices", g.numVertices());
        parameters.put("arcs", g.numEdges());
        parameters.put("pairs", q.count());
        parameters.put("seed", q.seed());
        parameters.put("matrix", q.matrixSources().length + " x " + q.matrixTargets().length);
        parameters.put("threads", threads);
        parameters.put("available_processors", Runtime.getRuntime().availableProcessors());
    }

    void write(Path dir) throws IOException {
        List<String> header = List.copyOf(rows.isEmpty() ? new PeerResult("x").asMap().keySet() : rows.get(0).asMap().keySet());
        try (Writer w = Files.newBufferedWriter(dir.resolve("results.csv"));
             CSVPrinter csv = new CSVPrinter(w, CSVFormat.DEFAULT.builder().setHeader(header.toArray(String[]::new)).get())) {
            for (PeerResult r : rows) {
                csv.printRecord(r.asMap().values().stream().map(RoutingReport::cell).toList());
            }
        }
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("environment", env.asMap());
        json.put("parameters", parameters);
        json.put("reference", Map.of("method", "CPU Dijkstra (Sssp.distancesAsLong stopping at the target; Sssp.matrix)",
                "pairs_seconds", reference.pairsSeconds(), "matrix_seconds", reference.matrixSeconds()));
        json.put("peers", rows.stream().map(PeerResult::asMap).toList());
        new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(dir.resolve("results.json").toFile(), json);
        Files.writeString(dir.resolve("README.md"), readme());
    }

    private static Object cell(Object v) {
        if (v instanceof Double d) {
            return d.isNaN() ? "" : String.format(Locale.ROOT, "%.3f", d);
        }
        return v;
    }

    /** The markdown table of the peers. */
    String table() {
        StringBuilder s = new StringBuilder();
        s.append("| peer | preparation s | structure MB | RSS delta MB | p2p distance p50 / p99 µs | p2p route p50 / p99 µs | pairs timed | throughput q/s (threads) | matrix ms | checked | mismatches |\n");
        s.append("|---|---|---|---|---|---|---|---|---|---|---|\n");
        for (PeerResult r : rows) {
            if (!r.status.equals("ok")) {
                s.append("| ").append(r.peer).append(" | ").append(r.status).append(": ").append(r.reason.replace('|', '/'))
                        .append(" |||||||||\n");
                continue;
            }
            s.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %s / %s | %s / %s | %d | %s (%d) | %s | %d | %d |%n",
                    r.peer, num(r.prepareSeconds, 2), mb(r.structureBytes), mb(r.prepareRssDeltaBytes),
                    num(r.distanceP50Us, 1), num(r.distanceP99Us, 1), num(r.routeP50Us, 1), num(r.routeP99Us, 1),
                    r.timedPairs, num(r.throughputQps, 0), r.threads, num(r.matrixMs, 1), r.checked, r.mismatches));
        }
        return s.toString();
    }

    private String readme() {
        StringBuilder s = new StringBuilder();
        s.append("# Routing peers on ").append(Path.of(parameters.get("graph").toString()).getFileName()).append("\n\n");
        s.append("Contraction hierarchies side by side, one run, one graph, the same seeded random pairs for every peer ")
                .append("(`gsssp-bench routing`; issue 46). Every answer (distance, route, throughput answer, matrix cell) ")
                .append("is checked against CPU Dijkstra; a route must follow arcs of the graph from source to target and ")
                .append("weigh Dijkstra's distance with our weights.\n\n");
        s.append("- command: `").append(env.command()).append("`\n");
        s.append("- date: ").append(env.date()).append("; commit: ").append(env.commit()).append("\n");
        s.append("- CPU: ").append(env.cpu()).append("; available processors: ").append(parameters.get("available_processors"))
                .append("; GPU: ").append(env.gpu()).append("\n");
        s.append("- Java: ").append(env.java()).append("\n");
        s.append("- graph: ").append(parameters.get("graph")).append(", ").append(parameters.get("vertices")).append(" vertices, ")
                .append(parameters.get("arcs")).append(" arcs; ").append(parameters.get("pairs")).append(" pairs, seed ")
                .append(parameters.get("seed")).append("; matrix ").append(parameters.get("matrix")).append("; ")
                .append(parameters.get("threads")).append(" threads\n\n");
        s.append(table()).append('\n');
        s.append("How each is measured: p2p on one thread, pairs in order, after up to ").append(RoutingRun.WARMUP)
                .append(" untimed queries; throughput: all threads, one query context each, passes over the pairs until ")
                .append("a second has gone by (CPU Dijkstra and the GPU query: one pass over their timed pairs). ")
                .append("Structure: the bytes the peer's prepared structure takes by its own count; RSS delta: the ")
                .append("process's resident-set growth over the preparation (VmRSS after less before; RoutingKit's transient peak is in its notes). ")
                .append("Reference (CPU Dijkstra, ").append(parameters.get("threads")).append(" threads): ")
                .append(String.format(Locale.ROOT, "%.1f s for the pairs, %.1f s for the matrix.", reference.pairsSeconds(), reference.matrixSeconds()))
                .append("\n\n");
        s.append("| peer | matrix method | notes | first mismatch |\n|---|---|---|---|\n");
        for (PeerResult r : rows) {
            s.append("| ").append(r.peer).append(" | ").append(r.matrixMethod.replace('|', '/')).append(" | ")
                    .append(r.notes.replace('|', '/')).append(" | ").append(r.firstMismatch.replace('|', '/')).append(" |\n");
        }
        return s.toString();
    }

    private static String num(double v, int digits) {
        return Double.isNaN(v) ? "–" : String.format(Locale.ROOT, "%,." + digits + "f", v);
    }

    private static String mb(long bytes) {
        return bytes == -1 ? "–" : String.format(Locale.ROOT, "%.1f", bytes / 1048576.0);
    }
}
