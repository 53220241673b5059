package org.gsssp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.InputStreamReader;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.gsssp.Graph;
import org.gsssp.LoadOptions;
import org.gsssp.cli.SolveCommandTest.Run;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 49: `gsssp serve` guarded: the token, the caps on URL, body and requests in flight, and SIGTERM's drain. */
class ServeGuardTest {
    static final ObjectMapper JSON = new ObjectMapper();
    static final String TOKEN = "s3cret-Token_49";
    static Graph graph;
    static GraphServer server;
    static final HttpClient CLIENT = HttpClient.newHttpClient();

    @BeforeAll
    static void start() throws Exception {
        graph = new GraphInput().load(LoadOptions.builder().progress(false).build());
        server = new GraphServer(graph, null, "127.0.0.1", 0, 1000, 50);
        server.guard(new RequestGuard(TOKEN, 200, 300, 64));
        server.start();
    }

    @AfterAll
    static void stop() {
        server.close();
        graph.close();
    }

    static HttpResponse<String> send(HttpRequest.Builder b) throws Exception {
        return CLIENT.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    static HttpRequest.Builder at(String pathAndQuery) {
        return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + pathAndQuery));
    }

    static void assertError(HttpResponse<String> r, int status, String fragment) throws Exception {
        assertEquals(status, r.statusCode(), r.body());
        String message = JSON.readTree(r.body()).path("error").asText();
        assertTrue(message.contains(fragment), "expected '" + fragment + "' in: " + message);
    }

    @Test
    void theTokenIsRequiredEverywhereButHealth() throws Exception {
        HttpResponse<String> missing = send(at("/distance?from=1&to=2"));
        assertError(missing, 401, "needs 'Authorization: Bearer <token>'");
        assertEquals("Bearer", missing.headers().firstValue("WWW-Authenticate").orElse(""));
        HttpResponse<String> wrong = send(at("/distance?from=1&to=2").header("Authorization", "Bearer s3cret-Token_4"));
        assertError(wrong, 401, "the bearer token is wrong");
        assertFalse(wrong.body().contains("s3cret"), "no secret in an answer: " + wrong.body());
        assertError(send(at("/metrics")), 401, "Bearer");
        assertError(send(at("/nope")), 401, "Bearer");   // unknown paths say nothing before the token
        HttpResponse<String> right = send(at("/distance?from=1&to=2").header("Authorization", "Bearer " + TOKEN));
        assertEquals(200, right.statusCode(), right.body());
        assertEquals(200, send(at("/health")).statusCode());
    }

    @Test
    void urlAndBodyAreCapped() throws Exception {
        String auth = "Bearer " + TOKEN;
        String longQuery = "/distance?from=1&to=2&pad=" + "x".repeat(200);
        assertError(send(at(longQuery).header("Authorization", auth)), 414, "over the limit of 200 (--max-url-length)");
        String big = "{\"sources\": [1], \"targets\": [" + "2, ".repeat(150) + "2]}";
        assertError(send(at("/matrix").header("Authorization", auth).POST(HttpRequest.BodyPublishers.ofString(big))),
                413, "over the limit of 300 (--max-body-bytes)");
        // chunked (no Content-Length): refused as read
        assertError(send(at("/matrix").header("Authorization", auth).POST(HttpRequest.BodyPublishers.ofInputStream(
                () -> new ByteArrayInputStream(big.getBytes(StandardCharsets.UTF_8))))), 413, "over the limit of 300 bytes");
        HttpResponse<String> small = send(at("/matrix").header("Authorization", auth)
                .POST(HttpRequest.BodyPublishers.ofString("{\"sources\": [1], \"targets\": [2]}")));
        assertEquals(200, small.statusCode(), small.body());
    }

    /** A bare server whose handler waits for a latch, behind a guard of {@code maxInFlight}. */
    record Held(HttpServer http, RequestGuard guard, CountDownLatch entered, CountDownLatch release) implements AutoCloseable {
        static Held start(int maxInFlight) throws Exception {
            HttpServer http = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
            http.setExecutor(java.util.concurrent.Executors.newVirtualThreadPerTaskExecutor());
            RequestGuard guard = new RequestGuard(null, 1000, 1000, maxInFlight);
            CountDownLatch entered = new CountDownLatch(maxInFlight);
            CountDownLatch release = new CountDownLatch(1);
            http.createContext("/", x -> {
                entered.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                byte[] ok = "{}".getBytes(StandardCharsets.UTF_8);
                x.sendResponseHeaders(200, ok.length);
                x.getResponseBody().write(ok);
                x.close();
            }).getFilters().add(guard);
            http.start();
            return new Held(http, guard, entered, release);
        }

        CompletableFuture<HttpResponse<String>> get() {
            return CLIENT.sendAsync(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + http.getAddress().getPort() + "/x"))
                    .build(), HttpResponse.BodyHandlers.ofString());
        }

        @Override
        public void close() {
            release.countDown();
            http.stop(0);
        }
    }

    @Test
    void requestsBeyondTheInFlightCapGet503WithRetryAfter() throws Exception {
        try (Held h = Held.start(2)) {
            List<CompletableFuture<HttpResponse<String>>> held = List.of(h.get(), h.get());
            assertTrue(h.entered().await(60, TimeUnit.SECONDS), "two requests in flight");
            HttpResponse<String> refused = h.get().get(60, TimeUnit.SECONDS);
            assertError(refused, 503, "2 requests are in flight, the most this server answers at once (--max-in-flight)");
            assertEquals("1", refused.headers().firstValue("Retry-After").orElse(""));
            h.release().countDown();
            for (CompletableFuture<HttpResponse<String>> f : held) {
                assertEquals(200, f.get(60, TimeUnit.SECONDS).statusCode());
            }
            assertEquals(200, h.get().get(60, TimeUnit.SECONDS).statusCode(), "a slot is free again");
        }
    }

    @Test
    void drainingAnswersInFlightRequestsAndRefusesNewOnes() throws Exception {
        try (Held h = Held.start(1)) {
            CompletableFuture<HttpResponse<String>> inFlight = h.get();
            assertTrue(h.entered().await(60, TimeUnit.SECONDS));
            CompletableFuture<Integer> drained = new CompletableFuture<>();
            Thread.ofPlatform().start(() -> {
                try {
                    drained.complete(h.guard().drain(120_000));
                } catch (Throwable e) {
                    drained.completeExceptionally(e);
                }
            });
            while (!h.guard().draining()) {
                Thread.sleep(10);
            }
            HttpResponse<String> refused = h.get().get(60, TimeUnit.SECONDS);
            assertError(refused, 503, "the server is shutting down");
            assertEquals("1", refused.headers().firstValue("Retry-After").orElse(""));
            assertFalse(drained.isDone(), "the drain waits for the request in flight");
            h.release().countDown();
            assertEquals(200, inFlight.get(60, TimeUnit.SECONDS).statusCode(), "the request in flight is answered");
            assertEquals(0, drained.get(60, TimeUnit.SECONDS), "nothing left in flight");
        }
    }

    @Test
    void bindingBeyondLocalhostNeedsATokenOrInsecure(@TempDir Path dir) throws Exception {
        Run r = SolveCommandTest.run("serve", "--bind", "0.0.0.0", "--port", "0");
        assertEquals(2, r.exit(), r.out() + r.err());
        assertTrue(r.err().startsWith("gsssp: --bind 0.0.0.0 listens beyond this machine: give --token-file FILE"), r.err());
        // Past the check, each fails only at the busy port: the check let them through.
        String busy = Integer.toString(server.port());
        Run insecure = SolveCommandTest.run("serve", "--bind", "0.0.0.0", "--insecure", "--port", busy);
        assertTrue(insecure.err().contains("cannot listen on 0.0.0.0:" + busy), insecure.err());
        Path token = Files.writeString(dir.resolve("token"), TOKEN + "\n");
        Run withToken = SolveCommandTest.run("serve", "--bind", "0.0.0.0", "--token-file", token.toString(), "--port", busy);
        assertTrue(withToken.err().contains("cannot listen on 0.0.0.0:" + busy), withToken.err());
        assertFalse(withToken.err().contains(TOKEN), withToken.err());
        Path empty = Files.writeString(dir.resolve("empty"), "\n");
        Run bad = SolveCommandTest.run("serve", "--token-file", empty.toString());
        assertEquals(2, bad.exit());
        assertTrue(bad.err().contains("the token must be one line of printable ASCII"), bad.err());
    }

    /**
     * SIGTERM while requests run: `gsssp serve` in its own JVM, a few slow /matrix requests in flight, then
     * SIGTERM (Process.destroy on Linux): each request is answered (200) or refused with 503, none is dropped, and
     * the process exits 0.
     */
    @Test
    void sigtermDrainsTheRequestsInFlightAndExitsZero(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("grid.gr");
        assertEquals(0, SolveCommandTest.run("generate", "grid:300x300,seed=4", "-o", file.toString()).exit());
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED"));
        if (System.getProperty("gsssp.library.path") != null) {
            command.add("-Dgsssp.library.path=" + System.getProperty("gsssp.library.path"));
        }
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), "org.gsssp.cli.Main", "serve", "--graph",
                file.toString(), "--port", "0", "--max-matrix-cells", "100000000", "--drain-seconds", "120"));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
            String first = out.readLine();
            assertTrue(first != null && first.contains(" on http://127.0.0.1:"), "serve's first line: " + first);
            int port = Integer.parseInt(first.replaceAll(".* on http://127\\.0\\.0\\.1:(\\d+)/.*", "$1"));
            StringBuilder sources = new StringBuilder();
            for (int s = 0; s < 60; s++) {
                sources.append(s == 0 ? "" : ",").append(1500 * s + 7);
            }
            String body = "{\"sources\": [" + sources + "], \"targets\": [89999, 0, 45150]}";
            HttpRequest matrix = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/matrix"))
                    .POST(HttpRequest.BodyPublishers.ofString(body)).build();
            List<CompletableFuture<HttpResponse<String>>> running = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                running.add(CLIENT.sendAsync(matrix, HttpResponse.BodyHandlers.ofString()));
            }
            Thread.sleep(300);
            // SIGTERM by kill, not Process.destroy(), which would also close our end of serve's output
            assertEquals(0, new ProcessBuilder("kill", "-TERM", Long.toString(p.pid())).start().waitFor());
            int answered = 0;
            for (CompletableFuture<HttpResponse<String>> f : running) {
                HttpResponse<String> r = f.get(5, TimeUnit.MINUTES);   // an IOException here would be a dropped request
                assertTrue(r.statusCode() == 200 || r.statusCode() == 503, r.statusCode() + ": " + r.body());
                answered += r.statusCode() == 200 ? 1 : 0;
            }
            assertTrue(p.waitFor(5, TimeUnit.MINUTES), "serve did not exit after SIGTERM");
            String rest = out.lines().reduce("", (a, b) -> a + b + "\n");
            assertEquals(0, p.exitValue(), rest);
            assertTrue(rest.contains("gsssp serve: stopping;"), rest);
            assertTrue(answered > 0, "at least one request was in flight and answered: " + rest);
        } finally {
            p.destroyForcibly();
        }
    }
}
