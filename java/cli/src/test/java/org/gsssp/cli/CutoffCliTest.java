package org.gsssp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.gsssp.Algorithm;
import org.gsssp.Graph;
import org.gsssp.Result;
import org.gsssp.Sssp;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The cutoff in the CLI: {@code solve --cutoff D} and {@code GET /isochrone?from=&cutoff=} on the bundled rome99 (on
 * the CPU), checked against CPU Dijkstra's full answer restricted to the cutoff, and their bad inputs.
 */
class CutoffCliTest {
    static final ObjectMapper JSON = new ObjectMapper();
    static Graph graph;
    static GraphServer server;

    @BeforeAll
    static void start() throws Exception {
        graph = new GraphInput().load(org.gsssp.LoadOptions.builder().progress(false).build());
        server = new GraphServer(graph, null, "127.0.0.1", 0, 100, 2000);
        server.start();
        client = HttpClient.newHttpClient();
    }

    static HttpClient client;

    static HttpResponse<String> get(String pathAndQuery) throws Exception {
        return client.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + pathAndQuery)).GET().build(),
                HttpResponse.BodyHandlers.ofString());
    }

    static HttpResponse<String> post(String path, String body) throws Exception {
        return client.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path))
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
    }

    static JsonNode ok(HttpResponse<String> r) throws Exception {
        assertEquals(200, r.statusCode(), r.body());
        assertEquals("application/json", r.headers().firstValue("Content-Type").orElse(""));
        return JSON.readTree(r.body());
    }

    static void error(HttpResponse<String> r, int status, String fragment) throws Exception {
        assertEquals(status, r.statusCode(), r.body());
        String message = JSON.readTree(r.body()).path("error").asText();
        assertTrue(message.contains(fragment), "expected '" + fragment + "' in: " + message);
    }

    @AfterAll
    static void stop() {
        server.close();
        graph.close();
    }

    @Test
    void isochroneListsTheBallNearestFirst() throws Exception {
        long from = 1;
        try (Result full = Sssp.solve(graph, graph.ids().toInternal(from), Algorithm.CPU_DIJKSTRA)) {
            // The distance of the 200th-nearest vertex: the boundary, reached.
            long[] sorted = new long[graph.numVertices()];
            for (int v = 0; v < sorted.length; v++) {
                sorted[v] = full.distanceAsLong(v);
            }
            java.util.Arrays.sort(sorted);
            for (long cutoff : new long[] {0, sorted[199], sorted[199] - 1}) {
                JsonNode r = ok(get("/isochrone?from=" + from + "&cutoff=" + cutoff));
                assertEquals(from, r.get("from").asLong());
                assertEquals(cutoff, r.get("cutoff").asLong());
                long expected = java.util.Arrays.stream(sorted).filter(d -> d <= cutoff).count();
                assertEquals(expected, r.get("reached").asLong(), "cutoff " + cutoff);
                JsonNode vertices = r.get("vertices");
                assertEquals(expected, vertices.size());
                long last = -1;
                for (JsonNode e : vertices) {
                    int v = graph.ids().toInternal(e.get("id").asLong());
                    assertEquals(full.distanceAsLong(v), e.get("distance").asLong(), "vertex " + e.get("id"));
                    assertTrue(e.get("distance").asLong() >= last, "nearest first");
                    last = e.get("distance").asLong();
                }
            }
        }
    }

    @Test
    void isochroneBadRequestsAreNamed() throws Exception {
        error(get("/isochrone?cutoff=10"), 400, "missing parameter 'from'");
        error(get("/isochrone?from=1"), 400, "missing parameter 'cutoff'");
        error(get("/isochrone?from=1&cutoff="), 400, "missing parameter 'cutoff'");
        error(get("/isochrone?from=1&cutoff=-5"), 400, "cutoff must be >= 0");
        error(get("/isochrone?from=1&cutoff=abc"), 400, "is not a number");
        error(get("/isochrone?from=1&cutoff=NaN"), 400, "is not a number");
        error(get("/isochrone?from=1&cutoff=5&cutoff=6"), 400, "'cutoff' is given twice");
        error(get("/isochrone?from=1&from=2&cutoff=6"), 400, "'from' is given twice");
        error(get("/isochrone?from=x&cutoff=6"), 400, "from=x is not an integer");
        error(get("/isochrone?from=999999&cutoff=6"), 400, "from=999999 is not a vertex");
        error(get("/isochrone?from=1&cutoff=6&limit=3"), 400, "unknown parameter 'limit'");
        error(get("/isochrone?from=1&cutoff=100000000"), 413, "more than 2000 vertices");
        error(post("/isochrone?from=1&cutoff=5", "{}"), 405, "takes GET");
    }

    @Test
    void solveCutoffReportsTheBall(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("ball.txt");
        try (Result full = Sssp.solve(graph, 0, Algorithm.CPU_DIJKSTRA)) {
            long cutoff = full.distanceAsLong(graph.numVertices() / 2);
            SolveCommandTest.Run r = SolveCommandTest.run("solve", "--algorithm", "dijkstra-cpu", "--cutoff",
                    Long.toString(cutoff), "--output", out.toString());
            assertEquals(0, r.exit(), r.out() + r.err());
            assertTrue(r.out().contains("cutoff    " + cutoff), r.out());
            List<String> lines = Files.readAllLines(out);
            long reached = 0;
            for (int v = 0; v < graph.numVertices(); v++) {
                String[] parts = lines.get(v).split(" ");
                boolean inside = full.distanceAsLong(v) <= cutoff;
                reached += inside ? 1 : 0;
                assertEquals(inside ? Long.toString(full.distanceAsLong(v)) : "INF", parts[1], "vertex " + parts[0]);
            }
            assertTrue(r.out().contains(String.format(java.util.Locale.ROOT, "reached   %,d of", reached)), r.out());
        }
    }

    @Test
    void solveCutoffBadValues() {
        SolveCommandTest.Run negative = SolveCommandTest.run("solve", "--cutoff", "-3");
        assertNotEquals(0, negative.exit());
        assertTrue(negative.err().contains("--cutoff: cutoff must be >= 0"), negative.err());
        SolveCommandTest.Run text = SolveCommandTest.run("solve", "--cutoff", "far");
        assertNotEquals(0, text.exit());
        assertTrue(text.err().contains("'far' is not a number"), text.err());
        SolveCommandTest.Run verify = SolveCommandTest.run("solve", "--cutoff", "100", "--verify");
        assertNotEquals(0, verify.exit());
        assertTrue(verify.err().contains("--cutoff answers a ball"), verify.err());
    }
}
