package org.gsssp.bench.routing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * RoutingKit's contraction hierarchy, measured by our driver (benchmarks/src/native/routingkit_driver.cpp, built by
 * scripts/build_routingkit.sh) in its own process: it reads the graph and the pairs the harness wrote, prints its
 * measurements as one JSON object and writes its answers, which the harness checks against Dijkstra here.
 */
final class RoutingKitPeer {
    static final String NAME = "routingkit-ch";
    private static final ObjectMapper JSON = new ObjectMapper();

    private RoutingKitPeer() {
    }

    /**
     * Runs the driver and checks its answers.
     *
     * @param driver the driver executable
     * @param work where the graph, pairs and matrix id files are and the answers go
     */
    static PeerResult run(Path driver, Path graphFile, Path work, RoutingRun run, RoutingPairs pairs, int threads,
                          long timeoutSeconds, java.io.PrintWriter log) {
        PeerResult r = new PeerResult(NAME);
        try {
            List<String> cmd = new ArrayList<>(List.of(driver.toAbsolutePath().toString(), "--graph", graphFile.toString(),
                    "--pairs", work.resolve("pairs.txt").toString(), "--threads", Integer.toString(threads),
                    "--out", work.toString()));
            if (pairs.matrixSources().length > 0) {
                cmd.addAll(List.of("--matrix-sources", work.resolve("matrix-sources.txt").toString(),
                        "--matrix-targets", work.resolve("matrix-targets.txt").toString()));
            }
            log.println(NAME + ": " + String.join(" ", cmd));
            log.flush();
            Path stdout = work.resolve("routingkit-stdout.json");
            Path stderr = work.resolve("routingkit-stderr.txt");
            Process p = new ProcessBuilder(cmd).redirectOutput(stdout.toFile()).redirectError(stderr.toFile()).start();
            if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException("the driver gave no answer within " + timeoutSeconds + " s (stopped)");
            }
            if (p.exitValue() != 0) {
                throw new IOException("the driver exited with " + p.exitValue() + ": " + Files.readString(stderr).strip());
            }
            String out = Files.readString(stdout).strip();
            fill(r, out);
            if (r.timedPairs != pairs.count()) {
                throw new IOException("the driver answered " + r.timedPairs + " pairs of " + pairs.count());
            }
            long[] d = readDistances(work.resolve("routingkit-distances.txt"), pairs.count());
            for (int i = 0; i < d.length; i++) {
                run.checkDistance(r, "distance", i, d[i]);
            }
            try (BufferedReader in = Files.newBufferedReader(work.resolve("routingkit-paths.txt"))) {
                for (int i = 0; i < pairs.count(); i++) {
                    String line = in.readLine();
                    if (line == null) {
                        throw new IOException("routingkit-paths.txt ends after " + i + " routes");
                    }
                    Router.Route route = parseRoute(line);
                    run.checkRoute(r, i, route.distance(), route.vertices());
                }
            }
            if (pairs.matrixSources().length > 0) {
                long[] m = readDistances(work.resolve("routingkit-matrix.txt"),
                        pairs.matrixSources().length * pairs.matrixTargets().length);
                run.checkMatrix(r, m);
            }
            JsonNode j = JSON.readTree(out);
            long disagreements = j.path("route_distance_disagreements").asLong(0) + j.path("throughput_disagreements").asLong(0);
            r.checked += j.path("throughput_queries").asLong(0);
            if (disagreements > 0) {
                r.check(false, "the driver's own passes disagree " + disagreements + " times (route vs distance, throughput vs distance)");
            }
            log.printf("  prepared in %.3f s, distance p50 %.1f us, route p50 %.1f us, matrix %.1f ms; %d checked, %d mismatches%n",
                    r.prepareSeconds, r.distanceP50Us, r.routeP50Us, r.matrixMs, r.checked, r.mismatches);
        } catch (IOException | InterruptedException | RuntimeException e) {
            r.status = "failed";
            r.reason = e.getMessage();
            log.println("  " + NAME + " failed: " + e.getMessage());
        }
        log.flush();
        return r;
    }

    /** Fills a row from the driver's JSON line. */
    static void fill(PeerResult r, String json) throws IOException {
        JsonNode j;
        try {
            j = JSON.readTree(json);
        } catch (IOException e) {
            throw new IOException("the driver's output is not JSON: '" + json + "'", e);
        }
        for (String key : List.of("pairs", "build_s", "p2p_distance_us", "p2p_route_us", "throughput_qps", "throughput_threads")) {
            if (!j.has(key)) {
                throw new IOException("the driver's output has no '" + key + "': " + json);
            }
        }
        r.timedPairs = j.get("pairs").asInt();
        r.prepareSeconds = j.get("build_s").asDouble();
        r.structureBytes = j.path("ch_bytes").asLong(-1);
        r.prepareRssDeltaBytes = j.path("build_rss_delta_bytes").asLong(-1);
        r.distanceMeanUs = j.get("p2p_distance_us").path("mean").asDouble(Double.NaN);
        r.distanceP50Us = j.get("p2p_distance_us").path("p50").asDouble(Double.NaN);
        r.distanceP99Us = j.get("p2p_distance_us").path("p99").asDouble(Double.NaN);
        r.routeMeanUs = j.get("p2p_route_us").path("mean").asDouble(Double.NaN);
        r.routeP50Us = j.get("p2p_route_us").path("p50").asDouble(Double.NaN);
        r.routeP99Us = j.get("p2p_route_us").path("p99").asDouble(Double.NaN);
        r.threads = j.get("throughput_threads").asInt();
        r.throughputQps = j.get("throughput_qps").asDouble();
        if (j.path("matrix_sources").asInt(0) > 0) {
            r.matrixSize = j.get("matrix_sources").asInt();
            r.matrixMs = j.path("matrix_ms").asDouble(Double.NaN);
            r.matrixMethod = j.path("matrix_method").asText("") + " over " + j.path("matrix_threads").asInt() + " threads";
        }
        r.notes = j.path("up_arcs").asLong() + " upward and " + j.path("down_arcs").asLong()
                + " downward arcs; resident-set peak over the build +" + j.path("build_peak_rss_delta_bytes").asLong(-1)
                + " bytes, the driver's peak " + j.path("max_rss_bytes").asLong() + " bytes";
    }

    /** One distance a line or whitespace-separated ("INF" = unreachable), exactly {@code count}. */
    static long[] readDistances(Path file, int count) throws IOException {
        long[] d = new long[count];
        int i = 0;
        try (BufferedReader in = Files.newBufferedReader(file)) {
            for (String line; (line = in.readLine()) != null; ) {
                for (String f : line.strip().split("\\s+")) {
                    if (f.isEmpty()) {
                        continue;
                    }
                    if (i == count) {
                        throw new IOException(file + ": more than " + count + " distances");
                    }
                    d[i++] = parseDistance(f, file);
                }
            }
        }
        if (i != count) {
            throw new IOException(file + ": " + i + " distances, expected " + count);
        }
        return d;
    }

    /** "distance v1 ... vk" in DIMACS ids, or "INF": the route in internal ids. */
    static Router.Route parseRoute(String line) throws IOException {
        String[] f = line.strip().split("\\s+");
        long d = parseDistance(f[0], null);
        int[] path = new int[d == Router.UNREACHABLE ? 0 : f.length - 1];
        for (int k = 0; k < path.length; k++) {
            try {
                path[k] = Integer.parseInt(f[k + 1]) - 1;
            } catch (NumberFormatException e) {
                throw new IOException("a route line with a bad vertex '" + f[k + 1] + "'");
            }
        }
        return new Router.Route(d, path);
    }

    private static long parseDistance(String f, Path file) throws IOException {
        if (f.equals("INF")) {
            return Router.UNREACHABLE;
        }
        try {
            return Long.parseLong(f);
        } catch (NumberFormatException e) {
            throw new IOException((file == null ? "" : file + ": ") + "not a distance: '" + f + "'");
        }
    }
}
