package org.gsssp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import org.gsssp.Algorithm;
import org.gsssp.ContractionHierarchy;
import org.gsssp.Graph;
import org.gsssp.Result;
import org.gsssp.Sssp;
import org.gsssp.cli.SolveCommandTest.Run;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * `gsssp prepare` and `gsssp serve --hierarchy` on the bundled rome99: the hierarchy file `prepare` writes, loaded as
 * `serve` loads it, answers /distance, /route and /matrix equal to CPU Dijkstra; bad requests get the same 400s as
 * without a hierarchy; a hierarchy of another graph is refused at startup.
 */
class HierarchyServeTest {
    static final ObjectMapper JSON = new ObjectMapper();
    @TempDir
    static Path dir;
    static Path file;
    static Graph graph;
    static ContractionHierarchy hierarchy;
    static GraphServer server;
    static HttpClient client;

    @BeforeAll
    static void start() throws Exception {
        file = dir.resolve("rome99.ch");
        Run prepared = SolveCommandTest.run("prepare", "-o", file.toString(), "--threads", "2");
        assertEquals(0, prepared.exit(), prepared.out() + prepared.err());
        graph = new GraphInput().load(org.gsssp.LoadOptions.builder().progress(false).build());
        hierarchy = ContractionHierarchy.load(file, graph);
        server = new GraphServer(graph, null, "127.0.0.1", 0, 100, 50).answerFromHierarchy(hierarchy);
        server.start();
        client = HttpClient.newHttpClient();
    }

    @AfterAll
    static void stop() {
        server.close();
        hierarchy.close();
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
        assertEquals("application/json", r.headers().firstValue("Content-Type").orElse(""));
        String message = JSON.readTree(r.body()).path("error").asText();
        assertTrue(message.contains(fragment), "expected '" + fragment + "' in: " + message);
    }

    @Test
    void prepareSaysWhatItBuilt() throws Exception {
        Path other = dir.resolve("sub/dir/again.ch");
        Run r = SolveCommandTest.run("prepare", "--output", other.toString());
        assertEquals(0, r.exit(), r.out() + r.err());
        assertTrue(r.out().contains("graph     rome99.gr (bundled): 3,353 vertices, 8,870 arcs"), r.out());
        assertTrue(r.out().lines().anyMatch(l -> l.startsWith("shortcuts ")), r.out());
        assertTrue(r.out().lines().anyMatch(l -> l.startsWith("built     in ")), r.out());
        assertTrue(r.out().contains("saved     " + other + " ("), r.out());
        // The file loads for the graph and answers as the first one does (the build time in its header differs).
        try (ContractionHierarchy again = ContractionHierarchy.load(other, graph)) {
            assertEquals(hierarchy.info().vertices(), again.info().vertices());
            assertEquals(hierarchy.distance(0, 3352), again.distance(0, 3352));
        }
    }

    @Test
    void distancesAndRoutesEqualCpuDijkstra() throws Exception {
        SplittableRandom random = new SplittableRandom(4601);
        for (int i = 0; i < 40; i++) {
            long from = 1 + random.nextInt(graph.numVertices());
            long to = i == 0 ? from : 1 + random.nextInt(graph.numVertices());
            try (Result reference = Sssp.solve(graph, graph.ids().toInternal(from), Algorithm.CPU_DIJKSTRA)) {
                long expected = reference.distanceAsLong(graph.ids().toInternal(to));
                String pair = "seed 4601, " + from + " -> " + to;
                JsonNode d = ok(get("/distance?from=" + from + "&to=" + to));
                assertEquals(from, d.get("from").asLong());
                assertEquals(to, d.get("to").asLong());
                assertEquals(expected, d.get("distance").asLong(), pair);
                JsonNode r = ok(get("/route?from=" + from + "&to=" + to));
                assertEquals(expected, r.get("distance").asLong(), pair);
                JsonNode path = r.get("path");
                assertEquals(from, path.get(0).asLong(), pair);
                assertEquals(to, path.get(path.size() - 1).asLong(), pair);
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
                    assertTrue(best != Long.MAX_VALUE, pair + ": no edge " + path.get(k - 1) + " -> " + path.get(k));
                    sum += best;
                }
                assertEquals(expected, sum, pair + ": the route's edges add up to its distance");
            }
        }
    }

    @Test
    void matrixEqualsCpuDijkstra() throws Exception {
        long[] sources = {1, 5, 9, 3353, 1};
        long[] targets = {2, 3, 3353, 1000, 1};
        JsonNode m = ok(post("/matrix", JSON.writeValueAsString(java.util.Map.of("sources", sources, "targets", targets))));
        assertEquals(5, m.get("distances").size());
        for (int i = 0; i < sources.length; i++) {
            try (Result r = Sssp.solve(graph, graph.ids().toInternal(sources[i]), Algorithm.CPU_DIJKSTRA)) {
                for (int j = 0; j < targets.length; j++) {
                    assertEquals(r.distanceAsLong(graph.ids().toInternal(targets[j])), m.get("distances").get(i).get(j).asLong(),
                            "cell (" + i + ", " + j + ")");
                }
            }
        }
    }

    @Test
    void healthNamesTheHierarchy() throws Exception {
        JsonNode h = ok(get("/health"));
        assertEquals("rome99.ch", h.get("hierarchy").asText());
        assertTrue(h.get("shortcuts").asLong() > 0);
        ok(get("/distance?from=1&to=2"));
        assertTrue(get("/metrics").body().contains("gsssp_requests_total{endpoint=\"/distance\",status=\"200\""));
    }

    @Test
    void badRequestsAreNamed() throws Exception {
        error(get("/distance?from=1"), 400, "missing parameter 'to'");
        error(get("/route?to=1"), 400, "missing parameter 'from'");
        error(get("/distance?from=x&to=2"), 400, "from=x is not an integer");
        error(get("/route?from=1&to=2.5"), 400, "to=2.5 is not an integer");
        error(get("/distance?from=0&to=2"), 400, "from=0 is not a vertex of rome99.gr (bundled): its ids are 1..3353");
        error(get("/route?from=1&to=99999"), 400, "to=99999 is not a vertex");
        error(post("/matrix", "not json"), 400, "the body is not JSON");
        error(post("/matrix", "{\"sources\": [1]}"), 400, "the body must be");
        error(post("/matrix", "{\"sources\": [1, \"a\"], \"targets\": [2]}"), 400, "sources[1] is \"a\", not a vertex id");
        error(post("/matrix", "{\"sources\": [1], \"targets\": [0]}"), 400, "targets[0]=0 is not a vertex");
        error(post("/matrix", "{\"sources\": [1,2,3,4,5,6,7,8,9,10,11], \"targets\": [1,2,3,4,5,6,7,8,9,10]}"), 413,
                "11 x 10 = 110 cells is over the limit of 100 (--max-matrix-cells)");
        error(post("/route?from=1&to=2", ""), 405, "/route takes GET, not POST");
        ok(get("/distance?from=1&to=2"));  // and it goes on
    }

    /**
     * The written-out answers keep their shape: field order, null for an unreachable target, an empty path, the
     * trivial route, and a path in file ids (ids that differ from internal ones).
     */
    @Test
    void answersKeepTheirShapeUnreachableIncluded() throws Exception {
        Path tiny = dir.resolve("shape.gr");
        // 1 -> 2 -> 3 and 3 -> 2; nothing reaches 1 or 4.
        Files.writeString(tiny, "p sp 4 3\na 1 2 4\na 2 3 5\na 3 2 7\n");
        try (Graph g = org.gsssp.GraphLoader.load(tiny);
                ContractionHierarchy ch = ContractionHierarchy.build(g);
                GraphServer s = new GraphServer(g, null, "127.0.0.1", 0, 100, 50).answerFromHierarchy(ch)) {
            s.start();
            String base = "http://127.0.0.1:" + s.port();
            java.util.function.Function<String, String> body = q -> {
                try {
                    HttpResponse<String> r = client.send(HttpRequest.newBuilder(URI.create(base + q)).build(),
                            HttpResponse.BodyHandlers.ofString());
                    assertEquals(200, r.statusCode(), q + ": " + r.body());
                    assertEquals("application/json", r.headers().firstValue("Content-Type").orElse(""));
                    return r.body();
                } catch (Exception e) {
                    throw new AssertionError(q, e);
                }
            };
            assertEquals("{\"from\":1,\"to\":3,\"distance\":9}", body.apply("/distance?from=1&to=3"));
            assertEquals("{\"from\":3,\"to\":1,\"distance\":null}", body.apply("/distance?from=3&to=1"));
            assertEquals("{\"from\":1,\"to\":3,\"distance\":9,\"path\":[1,2,3]}", body.apply("/route?from=1&to=3"));
            assertEquals("{\"from\":3,\"to\":2,\"distance\":7,\"path\":[3,2]}", body.apply("/route?from=3&to=2"));
            assertEquals("{\"from\":2,\"to\":4,\"distance\":null,\"path\":[]}", body.apply("/route?from=2&to=4"));
            assertEquals("{\"from\":4,\"to\":4,\"distance\":0,\"path\":[4]}", body.apply("/route?from=4&to=4"));
        }
    }

    /**
     * 64 closed-loop clients on keep-alive connections, against the guard at its default cap, never get 503: a
     * client's next request may reach the guard before its previous one has given its slot back.
     */
    @Test
    void sixtyFourKeepAliveClientsNeverSee503AtTheDefaultCap() throws Exception {
        int clients = 64;
        int each = 20;
        long seed = 46;
        try (GraphServer s = new GraphServer(graph, null, "127.0.0.1", 0, 100, 50).answerFromHierarchy(hierarchy)) {
            s.guard(new RequestGuard(null, 8192, 1 << 20, ServeCommand.defaultMaxInFlight(Runtime.getRuntime().availableProcessors())));
            s.start();
            HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
            java.util.concurrent.ConcurrentLinkedQueue<String> wrong = new java.util.concurrent.ConcurrentLinkedQueue<>();
            java.util.concurrent.CountDownLatch go = new java.util.concurrent.CountDownLatch(1);
            Thread[] threads = new Thread[clients];
            for (int c = 0; c < clients; c++) {
                SplittableRandom random = new SplittableRandom(seed + c);
                threads[c] = Thread.ofPlatform().start(() -> {
                    try {
                        go.await();
                        for (int i = 0; i < each; i++) {
                            long from = 1 + random.nextInt(graph.numVertices());
                            long to = 1 + random.nextInt(graph.numVertices());
                            HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:"
                                    + s.port() + "/distance?from=" + from + "&to=" + to)).build(), HttpResponse.BodyHandlers.ofString());
                            if (r.statusCode() != 200) {
                                wrong.add(from + " -> " + to + ": " + r.statusCode() + " " + r.body());
                            }
                        }
                    } catch (Exception e) {
                        wrong.add(e.toString());
                    }
                });
            }
            go.countDown();
            for (Thread t : threads) {
                t.join();
            }
            assertTrue(wrong.isEmpty(), "seed " + seed + ": " + wrong.size() + " of " + clients * each + " failed, e.g. "
                    + wrong.peek());
        }
        assertTrue(ServeCommand.defaultMaxInFlight(1) >= 128 && ServeCommand.defaultMaxInFlight(64) == 256);
    }

    /** serve refuses, at startup, a hierarchy built for another graph, naming both. */
    @Test
    void aHierarchyOfAnotherGraphIsRefusedAtStartup() throws Exception {
        Path grid = dir.resolve("tiny.gr");
        Files.writeString(grid, "p sp 3 2\na 1 2 4\na 2 3 5\n");
        Run r = SolveCommandTest.run("serve", "--graph", grid.toString(), "--hierarchy", file.toString(), "--port", "0");
        assertEquals(1, r.exit(), r.out() + r.err());
        String line = r.err().strip();
        assertEquals(1, line.lines().count(), line);
        assertTrue(line.startsWith("gsssp: hierarchy file " + file + " is refused: it was built for rome99.gr (bundled) (3353 vertices, 8870 arcs), not for tiny.gr"),
                line);
        Path missing = dir.resolve("missing.ch");
        Run m = SolveCommandTest.run("serve", "--hierarchy", missing.toString(), "--port", "0");
        assertEquals(1, m.exit(), m.out() + m.err());
        assertTrue(m.err().contains("gsssp: " + missing + ": no such file or directory"), m.err());
    }

    /** prepare on a social graph stops with the library's message and writes nothing; bad options are usage errors. */
    @Test
    void prepareRefusesWhatItCannotBuild() throws Exception {
        Path social = org.gsssp.testing.SharedGraphs.file("soc-Slashdot0902.txt.gz");
        Path out = dir.resolve("slashdot.ch");
        Run r = SolveCommandTest.run("prepare", "--graph", social.toString(), "-o", out.toString());
        assertEquals(1, r.exit(), r.out() + r.err());
        assertTrue(r.err().startsWith("gsssp: building the contraction hierarchy of soc-Slashdot0902.txt.gz: this graph contracts badly"),
                r.err());
        assertFalse(Files.exists(out));

        Run noOutput = SolveCommandTest.run("prepare");
        assertEquals(2, noOutput.exit(), noOutput.err());
        assertTrue(noOutput.err().contains("Missing required option: '--output=FILE'"), noOutput.err());
        Run threads = SolveCommandTest.run("prepare", "-o", out.toString(), "--threads", "-2");
        assertEquals(2, threads.exit(), threads.err());
        assertTrue(threads.err().contains("--threads -2 is negative"), threads.err());
        Run ratio = SolveCommandTest.run("prepare", "-o", out.toString(), "--max-shortcut-ratio", "NaN");
        assertEquals(2, ratio.exit(), ratio.err());
        Path floats = dir.resolve("floats.gr");
        Files.writeString(floats, "p sp 2 1\na 1 2 -3\n");
        Run negative = SolveCommandTest.run("prepare", "--graph", floats.toString(), "-o", out.toString());
        assertEquals(1, negative.exit(), negative.err());
        assertTrue(negative.err().startsWith("gsssp: building the contraction hierarchy of floats.gr: "), negative.err());
        assertFalse(Files.exists(out));
    }
}
