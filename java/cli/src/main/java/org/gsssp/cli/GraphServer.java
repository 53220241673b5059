package org.gsssp.cli;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.ByteArrayBuilder;
import com.fasterxml.jackson.core.util.JsonRecyclerPools;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.prometheus.client.CollectorRegistry;
import io.prometheus.client.Counter;
import io.prometheus.client.Gauge;
import io.prometheus.client.Histogram;
import io.prometheus.client.exporter.common.TextFormat;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.StringWriter;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.gsssp.Algorithm;
import org.gsssp.ContractionHierarchy;
import org.gsssp.DeviceGraph;
import org.gsssp.DistanceMatrix;
import org.gsssp.Graph;
import org.gsssp.Options;
import org.gsssp.QueryBuffers;
import org.gsssp.Result;
import org.gsssp.Sssp;
import org.gsssp.WeightType;

/**
 * gsssp behind HTTP/JSON (the JDK's HttpServer on virtual threads, Jackson, the Prometheus client): one
 * resident graph, queries in the graph file's own ids. Every query runs AUTO; with a GPU the graph is uploaded
 * once and queries share it (the DeviceGraph concurrency model). Output memory is a bounded pool of
 * QueryBuffers, so concurrent requests beyond the pool wait instead of allocating.
 *
 * <pre>
 * GET  /distance?from=ID&amp;to=ID   {"from", "to", "distance"}  (distance null when unreachable)
 * GET  /route?from=ID&amp;to=ID      {"from", "to", "distance", "path": [ids]}
 * GET  /sssp?from=ID&amp;limit=N     {"from", "reached", "limit", "distances": [{"id", "distance"}, ...]}
 * POST /matrix {"sources": [ids], "targets": [ids]}  {"sources", "targets", "distances": [[...], ...]}
 * GET  /health                   {"status": "ok", "graph", "vertices", "edges", "device"}
 * GET  /metrics                  Prometheus text: requests, latency histogram, device memory
 * </pre>
 * A bad request gets 400 with {"error": "..."} naming the problem (a parameter given twice included); a matrix
 * over the cell limit 413 with the limit; a wrong method 405; a path that is none of these 404; anything
 * unexpected 500, and the server goes on.
 *
 * <p>The hot path (/distance and /route from a hierarchy) takes no lock of its own: the guard counts atomically, the
 * hierarchy's query contexts are pooled, metrics are lock-free, and answers are written straight to bytes. Nothing is
 * logged per request.
 */
final class GraphServer implements AutoCloseable {
    static {
        // The JDK server writes a response bigger than its 8 KiB buffer (a long /route) as two segments; with Nagle on,
        // the second waits for the client's delayed ACK of the first (up to 40 ms on Linux). Read once, when the JDK
        // server's configuration class loads, so it is set here, before any server is made, unless set on the command line.
        if (System.getProperty("sun.net.httpserver.nodelay") == null) {
            System.setProperty("sun.net.httpserver.nodelay", "true");
        }
    }

    // Jackson's default buffer pool is per thread, which recycles nothing for the server's virtual threads (one per
    // request): a shared pool instead.
    private static final ObjectMapper JSON = new ObjectMapper(JsonFactory.builder()
            .recyclerPool(JsonRecyclerPools.sharedConcurrentDequePool()).build());

    private final Graph graph;
    private final DeviceGraph device;  // null: CPU
    private volatile ContractionHierarchy hierarchy;  // null: none; see answerFromHierarchy
    private final long maxMatrixCells;
    private final int maxSssp;
    private final HttpServer http;
    private final ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();
    private final java.util.List<com.sun.net.httpserver.HttpContext> contexts = new java.util.ArrayList<>();
    private RequestGuard guard;   // null: unguarded (tests); set before start()
    private final BlockingQueue<QueryBuffers> buffers;
    private final Options options = Options.builder().computePredecessors(true).build();
    private final CollectorRegistry registry = new CollectorRegistry();
    private final Counter requests = Counter.build().name("gsssp_requests_total").help("HTTP requests by endpoint and status")
            .labelNames("endpoint", "status").register(registry);
    private final Histogram latency = Histogram.build().name("gsssp_request_seconds").help("Request latency by endpoint")
            .labelNames("endpoint").buckets(0.0001, 0.0003, 0.001, 0.003, 0.01, 0.03, 0.1, 0.3, 1, 3).register(registry);
    private final Gauge deviceMemory = Gauge.build().name("gsssp_device_memory_bytes")
            .help("Device memory the resident graph holds (graph and query scratch); 0 on the CPU").register(registry);

    /**
     * Binds the server (not started yet).
     *
     * @param graph the graph, open for the server's life
     * @param device the graph on the GPU, or null to answer on the CPU
     * @param bind the address to listen on
     * @param port the port, 0 for any free one
     * @param maxMatrixCells the most sources × targets one /matrix request may ask
     * @param maxSssp the most distances one /sssp answer lists
     */
    GraphServer(Graph graph, DeviceGraph device, String bind, int port, long maxMatrixCells, int maxSssp) throws IOException {
        this.graph = graph;
        this.device = device;
        this.maxMatrixCells = maxMatrixCells;
        this.maxSssp = maxSssp;
        this.http = bind(bind, port);   // first: a busy port fails before anything is allocated
        int pool = Math.max(2, 2 * Runtime.getRuntime().availableProcessors());
        this.buffers = new ArrayBlockingQueue<>(pool);
        for (int i = 0; i < pool; i++) {
            buffers.add(QueryBuffers.forGraph(graph, true));
        }
        http.setExecutor(executor);
        route("/distance", "GET", this::distance);
        route("/route", "GET", this::route);
        route("/sssp", "GET", this::sssp);
        route("/matrix", "POST", this::matrix);
        route("/isochrone", "GET", new IsochroneHandler(graph, device, maxSssp)::handle);
        route("/health", "GET", x -> health());
        contexts.add(http.createContext("/metrics", this::metrics));
        contexts.add(http.createContext("/", this::notFound));
    }

    /**
     * Puts {@code guard} in front of every endpoint (token, caps, draining); call before {@link #start()}.
     *
     * @param guard the checks, see {@link RequestGuard}
     */
    void guard(RequestGuard guard) {
        this.guard = guard;
        for (com.sun.net.httpserver.HttpContext c : contexts) {
            c.getFilters().add(guard);
        }
    }

    /**
     * Stops taking requests (503 with Retry-After from then on, if guarded), waits up to {@code timeoutMillis}
     * for the ones in flight to be answered, then stops the listener.
     *
     * @return the requests still in flight when it gave up, 0 if all were answered
     */
    int drainAndStop(long timeoutMillis) throws InterruptedException {
        int left = guard != null ? guard.drain(timeoutMillis) : 0;
        http.stop(0);
        return left;
    }

    /** The server on bind:port; a port in use is named, not the JDK's bare "Address already in use". */
    private static HttpServer bind(String bind, int port) throws IOException {
        try {
            return HttpServer.create(new InetSocketAddress(bind, port), 0);
        } catch (java.net.BindException e) {
            java.net.BindException named = new java.net.BindException("cannot listen on " + bind + ":" + port + ": "
                    + (e.getMessage() == null ? "address already in use" : e.getMessage().toLowerCase(java.util.Locale.ROOT))
                    + " (is another server on port " + port + "? choose another --port, or 0 for any free one)");
            named.initCause(e);
            throw named;
        }
    }

    /** Any path no endpoint serves (the JDK's own answer would be an HTML page). */
    private void notFound(HttpExchange x) throws IOException {
        send(x, 404, error("no endpoint " + x.getRequestURI().getPath() + "; the endpoints are /distance, /route, "
                + "/sssp, /matrix, /health and /metrics"));
    }

    private static void send(HttpExchange x, int status, ObjectNode body) throws IOException {
        try (x) {
            byte[] bytes = JSON.writeValueAsBytes(body);
            x.getResponseHeaders().set("Content-Type", "application/json");
            x.sendResponseHeaders(status, bytes.length);
            try (OutputStream o = x.getResponseBody()) {
                o.write(bytes);
            }
        }
    }

    void start() {
        http.start();
    }

    /** The port the server listens on. */
    int port() {
        return http.getAddress().getPort();
    }

    @Override
    public void close() {
        http.stop(0);
        executor.shutdownNow();
        for (QueryBuffers b : buffers) {
            b.close();
        }
    }

    // ---- endpoints -----------------------------------------------------------------------------------

    // /distance runs a whole query into one of the server's pinned QueryBuffers and reads the target there. Asking
    // for the target alone (DeviceGraph.distancesAsLong: a resident result, one value over the bus) was slower under
    // many clients (docs/performance.md, serving): more resident results at once than the handle keeps spare buffers
    // for, so queries allocated device memory, which synchronises the whole device.
    private Object distance(HttpExchange x) throws Exception {
        return fromTo(x, false);
    }

    private Object route(HttpExchange x) throws Exception {
        return fromTo(x, true);
    }

    // /distance and /route: {"from", "to", "distance"} and, for a route, "path" in file ids.
    private Object fromTo(HttpExchange x, boolean withPath) throws Exception {
        Map<String, String> q = query(x);
        long from = id(q, "from");
        long to = id(q, "to");
        int s = vertex(from, "from");
        int t = vertex(to, "to");
        if (hierarchy != null) {
            return fromToByHierarchy(from, to, s, t, withPath);
        }
        return withResult(s, r -> {
            ObjectNode out = JSON.createObjectNode().put("from", from).put("to", to);
            putDistance(out, "distance", r, t);
            if (withPath) {
                ArrayNode path = out.putArray("path");
                for (long id : r.path(t).fileIds()) {
                    path.add(id);
                }
            }
            return out;
        });
    }

    private ObjectNode sssp(HttpExchange x) throws Exception {
        Map<String, String> q = query(x);
        long from = id(q, "from");
        int s = vertex(from, "from");
        int limit = 100;
        if (q.containsKey("limit")) {
            long l = number(q, "limit");
            if (l < 0 || l > maxSssp) {
                throw new BadRequest("limit " + l + " is outside 0.." + maxSssp);
            }
            limit = (int) l;
        }
        int cap = limit;
        return withResult(s, r -> {
            ObjectNode out = JSON.createObjectNode().put("from", from).put("reached", r.stats().verticesReached()).put("limit", cap);
            ArrayNode list = out.putArray("distances");
            for (int v = 0, n = graph.numVertices(); v < n && list.size() < cap; v++) {
                if (r.isReachable(v)) {
                    ObjectNode e = list.addObject().put("id", graph.ids().toExternal(v));
                    putDistance(e, "distance", r, v);
                }
            }
            return out;
        });
    }

    private ObjectNode matrix(HttpExchange x) throws Exception {
        JsonNode body;
        try (InputStream in = x.getRequestBody()) {
            body = JSON.readTree(in);
        } catch (IOException e) {
            throw new BadRequest("the body is not JSON: " + (e instanceof com.fasterxml.jackson.core.JsonProcessingException j ? j.getOriginalMessage() : e.getMessage()));
        }
        if (body == null || !body.path("sources").isArray() || !body.path("targets").isArray()) {
            throw new BadRequest("the body must be {\"sources\": [ids], \"targets\": [ids]}");
        }
        JsonNode sources = body.get("sources");
        JsonNode targets = body.get("targets");
        long cells = (long) sources.size() * targets.size();
        if (cells > maxMatrixCells) {
            throw new TooLarge(sources.size() + " x " + targets.size() + " = " + cells + " cells is over the limit of "
                    + maxMatrixCells + " (--max-matrix-cells)");
        }
        int[] s = vertices(sources, "sources");
        int[] t = vertices(targets, "targets");
        ObjectNode out = JSON.createObjectNode();
        out.set("sources", sources);
        out.set("targets", targets);
        ArrayNode rows = out.putArray("distances");
        // The library's matrix: on the CPU one search per source stopping at the targets, in parallel; on the GPU
        // AUTO's batch design. With a hierarchy: its RPHAST sweeps on the host's cores, GPU or not, as
        // DeviceGraph.matrix's AUTO does (faster than RPHAST on the device: docs/performance.md, PHAST).
        try (DistanceMatrix m = hierarchy != null ? hierarchy.matrix(s, t)
                : device != null ? device.matrix(s, t) : Sssp.matrix(graph, s, t)) {
            for (int i = 0; i < s.length; i++) {
                ArrayNode row = rows.addArray();
                for (int j = 0; j < t.length; j++) {
                    double d = m.get(i, j);
                    if (Double.isInfinite(d)) {
                        row.addNull();
                    } else if (graph.weightType() == WeightType.INT32) {
                        row.add(m.getAsLong(i, j));
                    } else {
                        row.add(d);
                    }
                }
            }
        }
        return out;
    }

    private ObjectNode health() throws IOException {
        ObjectNode out = JSON.createObjectNode().put("status", "ok").put("graph", graph.name()).put("vertices", graph.numVertices())
                .put("edges", graph.numEdges()).put("device", device == null ? "CPU" : device.device().name());
        ContractionHierarchy ch = hierarchy;
        if (ch != null) {
            out.put("hierarchy", ch.info().file() != null ? ch.info().file().getFileName().toString() : "built")
                    .put("shortcuts", ch.info().shortcuts());
        }
        return out;
    }

    private void metrics(HttpExchange x) throws IOException {
        if (!x.getRequestURI().getPath().equals("/metrics")) {
            notFound(x);
            return;
        }
        try (x) {
            deviceMemory.set(device == null || device.isClosed() ? 0 : device.deviceMemoryBytes());
            StringWriter text = new StringWriter();
            TextFormat.write004(text, registry.metricFamilySamples());
            byte[] bytes = text.toString().getBytes(StandardCharsets.UTF_8);
            x.getResponseHeaders().set("Content-Type", TextFormat.CONTENT_TYPE_004);
            x.sendResponseHeaders(200, bytes.length);
            try (OutputStream o = x.getResponseBody()) {
                o.write(bytes);
            }
        }
    }

    // ---- contraction hierarchy -----------------------------------------------------------------------

    /**
     * Answers /distance, /route and /matrix from {@code ch} (a hierarchy of this server's graph): a point-to-point
     * query or its RPHAST matrix on the host's cores, never a one-to-all search. /sssp still searches (by PHAST where
     * the hierarchy is attached to the device graph too). Call before {@link #start()}.
     */
    GraphServer answerFromHierarchy(ContractionHierarchy ch) {
        if (ch.graph() != graph) {
            throw new IllegalArgumentException("the hierarchy is of " + ch.graph().name() + ", not of " + graph.name());
        }
        this.hierarchy = ch;
        return this;
    }

    // /distance and /route from the hierarchy, in the shapes fromTo gives, written straight to bytes.
    private byte[] fromToByHierarchy(long from, long to, int s, int t, boolean withPath) throws IOException {
        ContractionHierarchy ch = hierarchy;
        if (!withPath) {
            long d = ch.distance(s, t);
            return json(64, g -> writeFromTo(g, from, to, d));
        }
        org.gsssp.ShortestPath p = ch.path(s, t);
        // Exact as a double below 2^53; beyond it the distance comes from the query itself.
        long d = !p.exists() ? Long.MAX_VALUE : p.weight() < 0x1p53 ? (long) p.weight() : ch.distance(s, t);
        long[] ids = p.fileIds();
        return json(64 + 8 * ids.length, g -> {
            writeFromTo(g, from, to, d);
            g.writeFieldName("path");
            g.writeArray(ids, 0, ids.length);
        });
    }

    interface Fields {
        void write(JsonGenerator g) throws IOException;
    }

    /** One JSON object, its fields written by {@code fields}, as bytes. */
    // The fields every /distance and /route answer starts with; an unreachable pair's distance is null.
    private static void writeFromTo(JsonGenerator g, long from, long to, long d) throws IOException {
        g.writeNumberField("from", from);
        g.writeNumberField("to", to);
        if (d == Long.MAX_VALUE) {
            g.writeNullField("distance");
        } else {
            g.writeNumberField("distance", d);
        }
    }

    private static byte[] json(int sizeHint, Fields fields) throws IOException {
        try (ByteArrayBuilder bytes = new ByteArrayBuilder(sizeHint)) {
            try (JsonGenerator g = JSON.getFactory().createGenerator(bytes)) {
                g.writeStartObject();
                fields.write(g);
                g.writeEndObject();
            }
            return bytes.toByteArray();
        }
    }

    // ---- plumbing --------------------------------------------------------------------------------------

    /** An endpoint: its answer as a JSON tree, or as JSON bytes already written (the hot path). */
    interface Handler {
        Object handle(HttpExchange x) throws Exception;
    }

    interface WithResult<T> {
        T apply(Result r) throws Exception;
    }

    private void route(String path, String method, Handler handler) {
        // The metrics' children of the common case, resolved once: labels(...) looks them up in a map on every call.
        Counter.Child ok = requests.labels(path, "200");
        Histogram.Child timer = latency.labels(path);
        contexts.add(http.createContext(path, x -> {
            long start = System.nanoTime();
            int status;
            Object body;
            try {
                if (!x.getRequestURI().getPath().equals(path)) {   // contexts match by prefix: /distancex, /route/1
                    status = 404;
                    body = error("no endpoint " + x.getRequestURI().getPath() + "; the endpoints are /distance, "
                            + "/route, /sssp, /matrix, /health and /metrics");
                } else if (!method.equals(x.getRequestMethod())) {
                    x.getResponseHeaders().set("Allow", method);
                    status = 405;
                    body = error(path + " takes " + method + ", not " + x.getRequestMethod());
                } else {
                    body = handler.handle(x);
                    status = 200;
                }
            } catch (BadRequest e) {
                status = 400;
                body = error(e.getMessage());
            } catch (TooLarge e) {
                status = 413;
                body = error(e.getMessage());
            } catch (IllegalArgumentException e) {
                status = 400;
                body = error(e.getMessage());
            } catch (Exception | Error e) {
                status = 500;
                body = error(e.getClass().getSimpleName() + ": " + e.getMessage());
            }
            try (x) {
                byte[] bytes = body instanceof byte[] written ? written : JSON.writeValueAsBytes(body);
                x.getResponseHeaders().set("Content-Type", "application/json");
                x.sendResponseHeaders(status, bytes.length);
                try (OutputStream o = x.getResponseBody()) {
                    o.write(bytes);
                }
            } finally {
                (status == 200 ? ok : requests.labels(path, Integer.toString(status))).inc();
                timer.observe((System.nanoTime() - start) / 1e9);
            }
        }));
    }

    private <T> T withResult(int source, WithResult<T> use) throws Exception {
        QueryBuffers b = buffers.take();
        try {
            Result r = device != null ? device.query(source, Algorithm.AUTO, options, b)
                    : Sssp.solve(graph, source, Algorithm.AUTO, options, b);
            return use.apply(r);
        } finally {
            buffers.put(b);
        }
    }

    private void putDistance(ObjectNode node, String field, Result r, int v) {
        if (!r.isReachable(v)) {
            node.putNull(field);
        } else if (graph.weightType() == WeightType.INT32) {
            node.put(field, r.distanceAsLong(v));
        } else {
            node.put(field, r.distance(v));
        }
    }

    private int vertex(long id, String what) {
        OptionalInt v = graph.ids().find(id);
        if (v.isEmpty()) {
            throw new BadRequest(what + "=" + id + " is not a vertex of " + graph.name() + ": " + graph.ids().describe());
        }
        return v.getAsInt();
    }

    private int[] vertices(JsonNode ids, String what) {
        int[] out = new int[ids.size()];
        for (int i = 0; i < out.length; i++) {
            JsonNode id = ids.get(i);
            if (!id.canConvertToLong() || !id.isIntegralNumber()) {
                throw new BadRequest(what + "[" + i + "] is " + id + ", not a vertex id");
            }
            out[i] = vertex(id.asLong(), what + "[" + i + "]");
        }
        return out;
    }

    private static ObjectNode error(String message) {
        return JSON.createObjectNode().put("error", message);
    }

    private static Map<String, String> query(HttpExchange x) {
        Map<String, String> out = new HashMap<>();
        String raw = x.getRequestURI().getRawQuery();
        if (raw == null || raw.isEmpty()) {
            return out;
        }
        for (String pair : raw.split("&")) {
            int eq = pair.indexOf('=');
            String key = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
            String value = eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
            if (out.putIfAbsent(key, value) != null) {
                throw new BadRequest("parameter '" + key + "' is given more than once");
            }
        }
        return out;
    }

    private static long id(Map<String, String> q, String name) {
        return number(q, name);
    }

    private static long number(Map<String, String> q, String name) {
        String value = q.get(name);
        if (value == null || value.isEmpty()) {
            throw new BadRequest("missing parameter '" + name + "'");
        }
        try {
            return Long.parseLong(value.strip());
        } catch (NumberFormatException e) {
            throw new BadRequest(name + "=" + value + " is not an integer");
        }
    }

    /** 400: the request names what is wrong. */
    static final class BadRequest extends RuntimeException {
        private static final long serialVersionUID = 1L;

        BadRequest(String message) {
            super(message);
        }
    }

    /** 413: the request asks more than the server's limit. */
    static final class TooLarge extends RuntimeException {
        private static final long serialVersionUID = 1L;

        TooLarge(String message) {
            super(message);
        }
    }
}
