package org.gsssp.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import org.gsssp.Algorithm;
import org.gsssp.DeviceGraph;
import org.gsssp.Graph;
import org.gsssp.Options;
import org.gsssp.Result;
import org.gsssp.Sssp;
import org.gsssp.WeightType;

/**
 * {@code GET /isochrone?from=ID&cutoff=D}: every vertex within distance D of {@code from} (D included), nearest
 * first, in the graph file's ids:
 * <pre>{"from", "cutoff", "reached", "vertices": [{"id", "distance"}, ...]}</pre>
 * The query runs AUTO with the cutoff (Options.Builder#cutoff), so CPU Dijkstra, ADDS and Near-Far explore only the
 * ball. Bad requests (400, GraphServer.BadRequest): {@code from} or {@code cutoff} missing, given twice, not a number,
 * a negative cutoff, an unknown vertex, any other parameter. A ball of more than {@code maxVertices} vertices is 413
 * (GraphServer.TooLarge).
 */
final class IsochroneHandler {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Graph graph;
    private final DeviceGraph device;  // null: CPU
    private final int maxVertices;

    IsochroneHandler(Graph graph, DeviceGraph device, int maxVertices) {
        this.graph = graph;
        this.device = device;
        this.maxVertices = maxVertices;
    }

    ObjectNode handle(HttpExchange x) throws Exception {
        Map<String, String> q = parameters(x.getRequestURI().getRawQuery());
        for (String name : q.keySet()) {
            if (!name.equals("from") && !name.equals("cutoff")) {
                throw new GraphServer.BadRequest("unknown parameter '" + name + "': /isochrone takes from and cutoff");
            }
        }
        String fromText = required(q, "from");
        long from;
        try {
            from = Long.parseLong(fromText.strip());
        } catch (NumberFormatException e) {
            throw new GraphServer.BadRequest("from=" + fromText + " is not an integer");
        }
        OptionalInt source = graph.ids().find(from);
        if (source.isEmpty()) {
            throw new GraphServer.BadRequest("from=" + from + " is not a vertex of " + graph.name() + ": "
                    + graph.ids().describe());
        }
        String cutoffText = required(q, "cutoff");
        Options.Builder b = Options.builder().computePredecessors(false);
        try {
            SolveCommand.setCutoff(b, cutoffText);
        } catch (IllegalArgumentException e) {
            throw new GraphServer.BadRequest("cutoff=" + cutoffText + ": " + e.getMessage());
        }
        Options options = b.build();
        int s = source.getAsInt();
        try (Result r = device != null ? device.query(s, Algorithm.AUTO, options)
                : Sssp.solve(graph, s, Algorithm.AUTO, options)) {
            List<Integer> reached = new ArrayList<>();
            for (int v = 0, n = graph.numVertices(); v < n; v++) {
                if (r.isReachable(v)) {
                    if (reached.size() == maxVertices) {
                        throw new GraphServer.TooLarge("the isochrone holds more than " + maxVertices
                                + " vertices (--max-sssp); ask for a smaller cutoff");
                    }
                    reached.add(v);
                }
            }
            boolean ints = graph.weightType() == WeightType.INT32;
            reached.sort((u, v) -> {
                int c = ints ? Long.compare(r.distanceAsLong(u), r.distanceAsLong(v)) : Double.compare(r.distance(u), r.distance(v));
                return c != 0 ? c : Long.compare(graph.ids().toExternal(u), graph.ids().toExternal(v));
            });
            ObjectNode out = JSON.createObjectNode().put("from", from);
            if (ints) {
                out.put("cutoff", r.cutoffAsLong().getAsLong());
            } else {
                out.put("cutoff", r.cutoff().getAsDouble());
            }
            out.put("reached", reached.size());
            ArrayNode list = out.putArray("vertices");
            for (int v : reached) {
                ObjectNode e = list.addObject().put("id", graph.ids().toExternal(v));
                if (ints) {
                    e.put("distance", r.distanceAsLong(v));
                } else {
                    e.put("distance", r.distance(v));
                }
            }
            return out;
        }
    }

    private static String required(Map<String, String> q, String name) {
        String value = q.get(name);
        if (value == null || value.isBlank()) {
            throw new GraphServer.BadRequest("missing parameter '" + name + "'");
        }
        return value;
    }

    // The query's parameters; one given twice is a bad request (which one would count is a guess).
    private static Map<String, String> parameters(String raw) {
        Map<String, String> out = new HashMap<>();
        if (raw == null || raw.isEmpty()) {
            return out;
        }
        for (String pair : raw.split("&")) {
            if (pair.isEmpty()) {
                continue;
            }
            int eq = pair.indexOf('=');
            String key = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
            String value = eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
            if (out.put(key, value) != null) {
                throw new GraphServer.BadRequest("parameter '" + key + "' is given twice");
            }
        }
        return out;
    }
}
