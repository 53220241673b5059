package org.gsssp.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import java.io.StringWriter;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.gsssp.Graph;
import org.gsssp.GraphLoader;
import org.gsssp.cli.ServeFixture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The load generator against a real gsssp serve (rome99, CPU) and against a server that answers wrongly. */
class LoadGeneratorTest {
    static final Path ROME = Path.of("../../shared/graphs/rome99.gr");

    static Path rome() {
        Path p = Path.of(System.getProperty("user.dir")).resolve(ROME).normalize();
        return Files.exists(p) ? p : Path.of("../shared/graphs/rome99.gr");
    }

    @Test
    void servesEveryRequestRightAndReportsLatency(@TempDir Path dir) throws Exception {
        try (Graph g = GraphLoader.load(rome()); ServeFixture serve = new ServeFixture(g)) {
            URI base = URI.create("http://127.0.0.1:" + serve.port() + "/");
            for (String endpoint : LoadGenerator.ENDPOINTS) {
                LoadGenerator.Config config = new LoadGenerator.Config(base, g, endpoint, 8, Duration.ofMillis(300),
                        Duration.ofSeconds(1), 40, 5, Duration.ofSeconds(30), null);
                LoadGenerator.Report r = new LoadGenerator(config).run();
                assertEquals(0, r.errorCount(), endpoint + ": " + r.errors() + " " + r.examples());
                assertTrue(r.answered() > 40 && r.answered() == r.requests(), endpoint + ": " + r);
                assertEquals(40, r.verified(), endpoint + ": 5 answers per client checked against CPU Dijkstra");
                assertTrue(r.p50Ms() > 0 && r.p90Ms() >= r.p50Ms() && r.p99Ms() >= r.p90Ms() && r.maxMs() >= r.p99Ms()
                        && r.throughput() > 0 && r.seconds() >= 1.0, r.toString());
                assertEquals(0.0, r.deviceMemoryStart(), "serve on the CPU reports 0 bytes of device memory");
                LoadGenerator.write(r, config, dir, endpoint);
                String md = Files.readString(dir.resolve(endpoint + ".md"));
                assertTrue(md.contains("**No errors.**") && md.contains("requests/s") && md.contains("/" + endpoint), md);
                assertTrue(Files.readString(dir.resolve(endpoint + ".json")).contains("\"p99Ms\""));
                List<String> csv = Files.readAllLines(dir.resolve(endpoint + ".csv"));
                assertEquals(2, csv.size(), csv.toString());
                assertTrue(csv.get(0).startsWith("endpoint,clients,") && csv.get(1).startsWith(endpoint + ",8,"), csv.toString());
            }
        }
    }

    @Test
    void aWrongRouteIsCaught(@TempDir Path dir) throws Exception {
        // The right distance (CPU Dijkstra) but a path that skips every vertex between the two ends.
        try (Graph g = GraphLoader.load(rome())) {
            HttpServer fake = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
            fake.createContext("/health", x -> reply(x, "{\"status\":\"ok\",\"graph\":\"fake\",\"vertices\":3353,\"device\":\"cpu\"}"));
            fake.createContext("/metrics", x -> reply(x, "gsssp_device_memory_bytes 0.0\n"));
            fake.createContext("/route", x -> {
                String q = x.getRequestURI().getQuery();
                long from = Long.parseLong(q.substring(q.indexOf("from=") + 5, q.indexOf('&')));
                long to = Long.parseLong(q.substring(q.indexOf("to=") + 3));
                int s = g.ids().find(from).getAsInt();
                int t = g.ids().find(to).getAsInt();
                long d = (long) org.gsssp.Sssp.distances(g, s, new int[] {t})[0];
                reply(x, "{\"from\":" + from + ",\"to\":" + to + ",\"distance\":" + d + ",\"path\":[" + from
                        + (s == t ? "" : "," + to) + "]}");
            });
            fake.start();
            try {
                LoadGenerator.Config config = new LoadGenerator.Config(URI.create("http://127.0.0.1:"
                        + fake.getAddress().getPort() + "/"), g, "route", 2, Duration.ZERO, Duration.ofMillis(500), 20, 3,
                        Duration.ofSeconds(10), null);
                LoadGenerator.Report r = new LoadGenerator(config).run();
                assertTrue(r.errors().getOrDefault("wrong route", 0L) > 0, r.errors() + " " + r.examples());
                assertEquals(0L, r.errors().getOrDefault("wrong distance", 0L), r.errors().toString());
            } finally {
                fake.stop(0);
            }
        }
    }

    @Test
    void theCommandExitsNonZeroOnWrongAnswers(@TempDir Path dir) throws Exception {
        // A server for rome99's size that answers every pair with distance 1: wrong for almost every pair.
        HttpServer fake = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        fake.createContext("/health", x -> reply(x, "{\"status\":\"ok\",\"graph\":\"fake\",\"vertices\":3353,\"device\":\"cpu\"}"));
        fake.createContext("/metrics", x -> reply(x, "gsssp_device_memory_bytes 0.0\n"));
        fake.createContext("/distance", x -> reply(x, "{\"distance\":1}"));
        fake.start();
        try {
            StringWriter out = new StringWriter();
            int exit = BenchMain.run(new String[] {"load", "--url", "http://127.0.0.1:" + fake.getAddress().getPort(),
                    "--graph", rome().toString(), "--clients", "4", "--duration", "500ms", "--warmup", "0",
                    "--verify", "50", "--output", dir.toString()}, new PrintWriter(out), new PrintWriter(out));
            assertEquals(3, exit, out.toString());
            String md = Files.readString(dir.resolve("distance.md"));
            assertTrue(md.contains("wrong distance"), md);
        } finally {
            fake.stop(0);
        }
    }

    @Test
    void aServerForAnotherGraphIsRefused() throws Exception {
        try (Graph g = GraphLoader.load(rome());
                Graph other = org.gsssp.generate.GraphSpec.parse("grid:10x10,seed=1").generate();
                ServeFixture serve = new ServeFixture(other)) {
            URI base = URI.create("http://127.0.0.1:" + serve.port() + "/");
            LoadGenerator.Config config = new LoadGenerator.Config(base, g, "distance", 2, Duration.ZERO,
                    Duration.ofMillis(100), 0, 1, Duration.ofSeconds(5), null);
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> new LoadGenerator(config).run());
            assertTrue(e.getMessage().contains("same file"), e.getMessage());
        }
    }

    private static void reply(com.sun.net.httpserver.HttpExchange x, String body) throws java.io.IOException {
        byte[] b = body.getBytes(StandardCharsets.UTF_8);
        x.sendResponseHeaders(200, b.length);
        x.getResponseBody().write(b);
        x.close();
    }
}
