package org.gsssp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.SplittableRandom;
import org.gsssp.Algorithm;
import org.gsssp.Graph;
import org.gsssp.Result;
import org.gsssp.Sssp;
import org.gsssp.Verifier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * `gsssp serve` on the bundled rome99 (on the CPU), on a free port of the loopback address, driven through
 * java.net.http: every endpoint, answers checked against CPU Dijkstra, and the bad requests.
 */
class ServeTest {
    static final ObjectMapper JSON = new ObjectMapper();
    static Graph graph;
    static GraphServer server;
    static HttpClient client;

    @BeforeAll
    static void start() throws Exception {
        graph = new GraphInput().load(org.gsssp.LoadOptions.builder().progress(false).build());
        server = new GraphServer(graph, null, "127.0.0.1", 0, 100, 50);
        server.start();
        client = HttpClient.newHttpClient();
    }

    @AfterAll
    static void stop() {
        server.close();
        graph.close();
    }

    static HttpResponse<String> get(String pathAndQuery) throws Exception {
        return client.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + pathAndQuery)).GET().build(),
                HttpResponse.BodyHandlers.ofString());
    }

    static HttpResponse<String> post(String path, String body) throws Exception {
        return client.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path))
                .POST(HttpRequest.BodyPublishers.ofString(body)).header("Content-Type", "application/json").build(),
                HttpResponse.BodyHandlers.ofString());
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

    @Test
    void distancesAndRoutesEqualCpuDijkstra() throws Exception {
        SplittableRandom random = new SplittableRandom(99);
        for (int i = 0; i < 20; i++) {
            long from = 1 + random.nextInt(graph.numVertices());
            long to = 1 + random.nextInt(graph.numVertices());
            Result reference = Sssp.solve(graph, graph.ids().toInternal(from), Algorithm.CPU_DIJKSTRA);
            long expected = reference.distanceAsLong(graph.ids().toInternal(to));
            JsonNode d = ok(get("/distance?from=" + from + "&to=" + to));
            assertEquals(from, d.get("from").asLong());
            assertEquals(expected, d.get("distance").asLong(), "seed 99, " + from + " -> " + to);
            JsonNode r = ok(get("/route?from=" + from + "&to=" + to));
            assertEquals(expected, r.get("distance").asLong());
            JsonNode path = r.get("path");
            assertEquals(from, path.get(0).asLong());
            assertEquals(to, path.get(path.size() - 1).asLong());
            long sum = 0;
            for (int k = 1; k < path.size(); k++) {
                int u = graph.ids().toInternal(path.get(k - 1).asLong());
                int v = graph.ids().toInternal(path.get(k).asLong());
                long best = Long.MAX_VALUE;
                for (long e = graph.edgeBegin(u); e < graph.edgeEnd(u); e++) {
                    if (graph.target(e) == v) {
                        best = Math.min(best, graph.intWeight(e));
                    }
                }
                assertTrue(best != Long.MAX_VALUE, "no edge " + path.get(k - 1) + " -> " + path.get(k));
                sum += best;
            }
            assertEquals(expected, sum, "the route's edges add up to its distance");
        }
    }

    @Test
    void ssspListsUpToTheLimitAndMatrixMatches() throws Exception {
        JsonNode s = ok(get("/sssp?from=1&limit=7"));
        assertEquals(3353, s.get("reached").asLong());
        assertEquals(7, s.get("distances").size());
        Result reference = Sssp.solve(graph, 0, Algorithm.CPU_DIJKSTRA);
        for (JsonNode e : s.get("distances")) {
            assertEquals(reference.distanceAsLong(graph.ids().toInternal(e.get("id").asLong())), e.get("distance").asLong());
        }
        assertTrue(Verifier.certify(graph, reference).isEmpty());

        JsonNode m = ok(post("/matrix", "{\"sources\": [1, 5, 9], \"targets\": [2, 3, 3353]}"));
        long[] sources = {1, 5, 9};
        long[] targets = {2, 3, 3353};
        for (int i = 0; i < 3; i++) {
            Result r = Sssp.solve(graph, graph.ids().toInternal(sources[i]), Algorithm.CPU_DIJKSTRA);
            for (int j = 0; j < 3; j++) {
                assertEquals(r.distanceAsLong(graph.ids().toInternal(targets[j])), m.get("distances").get(i).get(j).asLong());
            }
        }
    }

    @Test
    void healthAndMetrics() throws Exception {
        JsonNode h = ok(get("/health"));
        assertEquals("ok", h.get("status").asText());
        assertEquals(3353, h.get("vertices").asInt());
        assertEquals("CPU", h.get("device").asText());
        ok(get("/distance?from=1&to=2"));
        HttpResponse<String> metrics = get("/metrics");
        assertEquals(200, metrics.statusCode());
        assertTrue(metrics.body().contains("gsssp_requests_total{endpoint=\"/distance\",status=\"200\""), metrics.body());
        assertTrue(metrics.body().contains("gsssp_request_seconds_bucket"), metrics.body());
        assertTrue(metrics.body().contains("gsssp_device_memory_bytes 0.0"), metrics.body());
    }

    @Test
    void badRequestsAreNamed() throws Exception {
        error(get("/distance?from=1"), 400, "missing parameter 'to'");
        error(get("/distance?from=x&to=2"), 400, "from=x is not an integer");
        error(get("/distance?from=0&to=2"), 400, "from=0 is not a vertex of rome99.gr (bundled): its ids are 1..3353");
        error(get("/route?from=1&to=99999"), 400, "to=99999 is not a vertex");
        error(get("/sssp?from=1&limit=51"), 400, "limit 51 is outside 0..50");
        error(post("/matrix", "not json"), 400, "the body is not JSON");
        error(post("/matrix", "{\"sources\": [1]}"), 400, "the body must be");
        error(post("/matrix", "{\"sources\": [1, \"a\"], \"targets\": [2]}"), 400, "sources[1] is \"a\", not a vertex id");
        error(post("/matrix", "{\"sources\": [1,2,3,4,5,6,7,8,9,10,11], \"targets\": [1,2,3,4,5,6,7,8,9,10]}"), 413,
                "11 x 10 = 110 cells is over the limit of 100 (--max-matrix-cells)");
        error(post("/distance?from=1&to=2", ""), 405, "/distance takes GET, not POST");
        ok(get("/health"));  // and it goes on
    }

    /** Issue 50: unknown paths are JSON 404s (not the JDK's HTML), repeated parameters 400s, a busy port named. */
    @Test
    void unknownPathsRepeatedParametersAndABusyPort() throws Exception {
        for (String path : new String[] {"/", "/nope", "/distancex?from=1&to=2", "/route/1", "/metrics/x"}) {
            HttpResponse<String> r = get(path);
            assertEquals("application/json", r.headers().firstValue("Content-Type").orElse(""), path);
            error(r, 404, "no endpoint " + path.replaceAll("\\?.*", ""));
        }
        error(get("/distance?from=1&to=2&to=3"), 400, "parameter 'to' is given more than once");
        error(get("/sssp?from=1&from=1"), 400, "parameter 'from' is given more than once");

        java.net.BindException busy = org.junit.jupiter.api.Assertions.assertThrows(java.net.BindException.class,
                () -> new GraphServer(graph, null, "127.0.0.1", server.port(), 100, 50).close());
        assertTrue(busy.getMessage().startsWith("cannot listen on 127.0.0.1:" + server.port() + ": "), busy.getMessage());
        SolveCommandTest.Run cli = SolveCommandTest.run("serve", "--port", Integer.toString(server.port()));
        assertEquals(1, cli.exit(), cli.out() + cli.err());
        assertTrue(cli.err().startsWith("gsssp: cannot listen on 127.0.0.1:" + server.port() + ": "), cli.err());
        assertTrue(cli.err().contains("choose another --port"), cli.err());
    }
}
