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
            LoadGenerator.Config config = new LoadGenerator.Config(base, g, 8, 2_000, 200, 10, 5, Duration.ofSeconds(30));
            LoadGenerator.Report r = new LoadGenerator(config).run();
            assertEquals(0, r.errorCount(), r.errors() + " " + r.examples());
            assertEquals(2_000, r.answered());
            assertEquals(200, r.verified(), "every 10th of 2,000 answers checked against CPU Dijkstra");
            assertTrue(r.p50Ms() > 0 && r.p99Ms() >= r.p50Ms() && r.maxMs() >= r.p99Ms() && r.throughput() > 0, r.toString());
            assertEquals(0.0, r.deviceMemoryStart(), "serve on the CPU reports 0 bytes of device memory");
            LoadGenerator.write(r, config, dir);
            String md = Files.readString(dir.resolve("load.md"));
            assertTrue(md.contains("**No errors.**") && md.contains("requests/s"), md);
            assertTrue(Files.readString(dir.resolve("load.json")).contains("\"p99Ms\""));
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
                    "--graph", rome().toString(), "--clients", "4", "--requests", "200", "--warmup", "0",
                    "--verify-every", "1", "--output", dir.toString()}, new PrintWriter(out), new PrintWriter(out));
            assertEquals(3, exit, out.toString());
            String md = Files.readString(dir.resolve("load.md"));
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
            LoadGenerator.Config config = new LoadGenerator.Config(base, g, 2, 10, 0, 0, 1, Duration.ofSeconds(5));
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
