package org.gsssp;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Path;
import java.util.Objects;
import java.util.concurrent.ConcurrentLinkedDeque;
import org.gsssp.internal.NativeGraph;
import org.gsssp.internal.NativeLibrary;
import org.gsssp.internal.QueryGate;
import org.gsssp.internal.Status;
import org.gsssp.internal.ffi.GssspNative;
import org.gsssp.internal.ffi.gsssp_ch_info;
import org.gsssp.internal.ffi.gsssp_ch_params;
import org.gsssp.internal.ffi.gsssp_ch_view;
import org.gsssp.internal.ffi.gsssp_progress_fn;

/**
 * A contraction hierarchy (Geisberger, Sanders, Schultes &amp; Delling, WEA 2008) of one {@link Graph}: point-to-point
 * distances and routes in microseconds and distance matrices by RPHAST sweeps (Delling, Goldberg &amp; Werneck,
 * ATMOS 2011), on the host's cores. It is for road networks and other graphs of low highway dimension; social and R-MAT graphs contract
 * badly and their build stops with {@link UnsupportedInputException}. Weights must be int32 and non-negative; zero
 * weights, parallel arcs, one-way arcs and unreachable pairs are answered exactly, equal to Dijkstra's.
 *
 * <pre>{@code
 * try (Graph g = GraphLoader.load(Path.of("USA-road-d.NY.gr.gz"));
 *      ContractionHierarchy ch = ContractionHierarchy.build(g)) {
 *     ch.save(Path.of("NY.ch"));                       // later: ContractionHierarchy.load(Path.of("NY.ch"), g)
 *     long d = ch.distance(0, 4711);                   // internal ids; Long.MAX_VALUE if unreachable
 *     ShortestPath route = ch.path(0, 4711);           // route.fileIds(): the file's ids
 *     try (DistanceMatrix m = ch.matrix(sources, targets)) { ... }
 *     ch.attach();                                     // Sssp.distances/path/matrix and DeviceGraph's answer from it
 * }
 * }</pre>
 *
 * <p>Queries may run from any number of threads at once. Each takes a native query context from a pool (one per
 * thread running at a time, made on first need and reused), so a query allocates no native memory. {@link #close()}
 * waits for running queries, then frees everything; later queries throw {@link GraphClosedException}. A loaded
 * hierarchy is a read-only view of its mapped file; a built one lives in native memory. The graph must stay open
 * while the hierarchy answers routes (their edge weights are read from it).
 */
public final class ContractionHierarchy implements AutoCloseable {
    private static final long INFINITY = Long.MAX_VALUE;
    private static final int INITIAL_PATH_CAPACITY = 1024;

    private final Graph graph;
    private final MemorySegment handle;
    private final Arena fileArena;  // the mapped file of a loaded hierarchy; null for a built one
    private final Path file;
    private final Info info;
    private final QueryGate gate;
    private final ConcurrentLinkedDeque<QueryContext> contexts = new ConcurrentLinkedDeque<>();

    private ContractionHierarchy(Graph graph, MemorySegment handle, Arena fileArena, Path file, long fileBytes,
                                 double buildSeconds) {
        this.graph = graph;
        this.handle = handle;
        this.fileArena = fileArena;
        this.file = file;
        this.gate = new QueryGate("contraction hierarchy of " + graph.name());
        this.info = readInfo(buildSeconds, fileBytes);
    }

    /**
     * The hierarchy's statistics.
     *
     * @param vertices         the graph's vertices
     * @param originalArcs     the graph's arcs
     * @param shortcuts        shortcut arcs the contraction added
     * @param upArcs           upward arcs (towards more important vertices) the searches walk
     * @param downArcs         downward arcs, stored by head
     * @param buildSeconds     how long the build took (for a loaded hierarchy, the build that made the file)
     * @param memoryBytes      the native memory (or mapped file bytes) the hierarchy holds
     * @param file             the file it was loaded from, or null for a built one
     */
    public record Info(long vertices, long originalArcs, long shortcuts, long upArcs, long downArcs,
                       double buildSeconds, long memoryBytes, Path file) {}

    // ------------------------------------------------------------------ making one

    /**
     * Builds the hierarchy of {@code graph} on every host core, with the default parameters.
     *
     * @param graph an open int32 graph without negative weights
     * @return the hierarchy; the caller closes it
     * @throws UnsupportedInputException if the graph has float or negative weights, or contracts badly (the message
     *         says which)
     * @throws GraphClosedException if the graph is closed
     */
    public static ContractionHierarchy build(Graph graph) {
        return build(graph, ChParams.defaults());
    }

    /**
     * Builds the hierarchy of {@code graph}.
     *
     * @param graph  an open int32 graph without negative weights
     * @param params threads, witness limit, shortcut bound and progress listener
     * @return the hierarchy; the caller closes it
     * @throws UnsupportedInputException if the graph has float or negative weights, or contracts badly (the message
     *         says which)
     * @throws GraphClosedException if the graph is closed
     * @throws RuntimeException what the progress listener threw, if it threw
     */
    public static ContractionHierarchy build(Graph graph, ChParams params) {
        Objects.requireNonNull(graph, "graph");
        Objects.requireNonNull(params, "params");
        NativeLibrary.ensureLoaded();
        long start = System.nanoTime();
        graph.acquireNative();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(ValueLayout.ADDRESS);
            MemorySegment p = gsssp_ch_params.allocate(arena);
            Status.check(GssspNative.gsssp_ch_params_init(p), "contraction hierarchy parameters");
            gsssp_ch_params.threads(p, params.threads());
            gsssp_ch_params.witness_settle_limit(p, params.witnessSettleLimit());
            gsssp_ch_params.max_shortcut_ratio(p, params.maxShortcutRatio());
            // An exception must never unwind through native frames (the JVM would stop): the stub keeps it, answers
            // nonzero so that the build stops and frees what it made, and it is rethrown once the call has returned.
            Throwable[] thrown = new Throwable[1];
            ChParams.Progress listener = params.progress();
            if (listener != null) {
                gsssp_ch_params.progress(p, gsssp_progress_fn.allocate((done, total, user) -> {
                    try {
                        listener.progress(done, total);
                        return 0;
                    } catch (Throwable t) {
                        thrown[0] = t;
                        return 1;
                    }
                }, arena));
            }
            int status = GssspNative.gsssp_ch_build(out, NativeGraph.csr(graph, arena), p);
            if (thrown[0] instanceof RuntimeException e) {
                throw e;
            } else if (thrown[0] instanceof Error e) {
                throw e;
            } else if (thrown[0] != null) {
                throw new IllegalStateException("the build's progress listener threw", thrown[0]);
            }
            Status.check(status, "building the contraction hierarchy of " + graph.name());
            MemorySegment h = out.get(ValueLayout.ADDRESS, 0);
            try {
                return new ContractionHierarchy(graph, h, null, null, 0, (System.nanoTime() - start) / 1e9);
            } catch (RuntimeException | Error e) {
                GssspNative.gsssp_ch_destroy(h);
                throw e;
            }
        } finally {
            graph.releaseNative();
        }
    }

    /**
     * Loads a hierarchy saved by {@link #save(Path)}: the file is mapped read-only and its arrays used in place (no
     * copy). It is checked first: the header's magic, format version and checksum, the file's length, the checksum of
     * its arrays, and that it was built for {@code graph} (same vertices, arcs and weights, by checksum).
     *
     * @param file  the hierarchy file
     * @param graph the graph it was built for, open
     * @return the hierarchy; the caller closes it (which unmaps the file)
     * @throws HierarchyFileException if the file is no hierarchy file, of another version, truncated or corrupt, or
     *         built for another graph; the message names the problem
     * @throws IOException if the file cannot be read
     */
    public static ContractionHierarchy load(Path file, Graph graph) throws IOException {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(graph, "graph");
        NativeLibrary.ensureLoaded();
        Arena mapped = Arena.ofShared();
        try {
            MemorySegment bytes = HierarchyFile.map(file, mapped);
            HierarchyFile.Header h = HierarchyFile.decode(bytes, file);
            long checksum = checksum(graph);
            if (h.vertices() != graph.numVertices() || h.graphArcs() != graph.numEdges()
                    || h.weightTypeCode() != graph.weightType().code()) {
                throw HierarchyFile.refused(file, "it was built for " + describe(h) + ", not for " + graph.name() + " ("
                        + graph.numVertices() + " vertices, " + graph.numEdges() + " arcs)");
            }
            if (h.graphChecksum() != checksum) {
                throw HierarchyFile.refused(file, "it was built for " + describe(h) + ", which has as many vertices and"
                        + " arcs as " + graph.name() + " but other arcs or weights (graph checksum "
                        + Long.toUnsignedString(h.graphChecksum(), 16) + ", this graph's " + Long.toUnsignedString(checksum, 16) + ")");
            }
            HierarchyFile.checkData(bytes, h, file);
            MemorySegment[] arrays = HierarchyFile.arrays(bytes, h);
            MemorySegment handle;
            graph.acquireNative();
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment view = gsssp_ch_view.allocate(arena);
                gsssp_ch_view.vertex_count(view, h.vertices());
                gsssp_ch_view.up_arc_count(view, h.upArcs());
                gsssp_ch_view.down_arc_count(view, h.downArcs());
                gsssp_ch_view.graph_checksum(view, h.graphChecksum());
                gsssp_ch_view.rank(view, arrays[0]);
                gsssp_ch_view.up_offsets(view, arrays[1]);
                gsssp_ch_view.up_heads(view, arrays[2]);
                gsssp_ch_view.up_weights(view, arrays[3]);
                gsssp_ch_view.up_middles(view, arrays[4]);
                gsssp_ch_view.down_offsets(view, arrays[5]);
                gsssp_ch_view.down_tails(view, arrays[6]);
                gsssp_ch_view.down_weights(view, arrays[7]);
                gsssp_ch_view.down_middles(view, arrays[8]);
                MemorySegment out = arena.allocate(ValueLayout.ADDRESS);
                int status = GssspNative.gsssp_ch_from_view(out, NativeGraph.csr(graph, arena), view);
                if (status != GssspNative.GSSSP_SUCCESS()) {
                    String text = GssspNative.gsssp_last_error().getString(0);
                    throw HierarchyFile.refused(file, text.isEmpty() ? "the native check failed (status " + status + ")" : text);
                }
                handle = out.get(ValueLayout.ADDRESS, 0);
            } finally {
                graph.releaseNative();
            }
            try {
                return new ContractionHierarchy(graph, handle, mapped, file, bytes.byteSize(), h.buildSeconds());
            } catch (RuntimeException | Error e) {
                GssspNative.gsssp_ch_destroy(handle);
                throw e;
            }
        } catch (IOException | RuntimeException | Error e) {
            mapped.close();
            throw e;
        }
    }

    private static String describe(HierarchyFile.Header h) {
        return (h.graphName().isEmpty() ? "a graph" : h.graphName()) + " (" + h.vertices() + " vertices, "
                + h.graphArcs() + " arcs)";
    }

    /** The graph's checksum as gsssp_csr_checksum computes it (what a hierarchy records). */
    static long checksum(Graph graph) {
        NativeLibrary.ensureLoaded();
        graph.acquireNative();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(ValueLayout.JAVA_LONG);
            Status.check(GssspNative.gsssp_csr_checksum(NativeGraph.csr(graph, arena), out), "checksum of " + graph.name());
            return out.get(ValueLayout.JAVA_LONG, 0);
        } finally {
            graph.releaseNative();
        }
    }

    /**
     * Saves the hierarchy (see {@link #load(Path, Graph)}). The file is written beside {@code file} and moved into
     * place once complete, so a failed save leaves no partial file under the name.
     *
     * @param file where to write; an existing file is replaced
     * @throws IOException if the file cannot be written
     * @throws GraphClosedException if the hierarchy is closed
     */
    public void save(Path file) throws IOException {
        Objects.requireNonNull(file, "file");
        gate.enter();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment view = gsssp_ch_view.allocate(arena);
            Status.check(GssspNative.gsssp_ch_get_view(handle, view), "reading the contraction hierarchy of " + graph.name());
            long n = gsssp_ch_view.vertex_count(view);
            long up = gsssp_ch_view.up_arc_count(view);
            long down = gsssp_ch_view.down_arc_count(view);
            MemorySegment[] arrays = {
                    array(gsssp_ch_view.rank(view), 4 * n),
                    array(gsssp_ch_view.up_offsets(view), 8 * (n + 1)),
                    array(gsssp_ch_view.up_heads(view), 4 * up),
                    array(gsssp_ch_view.up_weights(view), 4 * up),
                    array(gsssp_ch_view.up_middles(view), 4 * up),
                    array(gsssp_ch_view.down_offsets(view), 8 * (n + 1)),
                    array(gsssp_ch_view.down_tails(view), 4 * down),
                    array(gsssp_ch_view.down_weights(view), 4 * down),
                    array(gsssp_ch_view.down_middles(view), 4 * down)};
            HierarchyFile.Header header = new HierarchyFile.Header(n, graph.numEdges(), up, down,
                    gsssp_ch_view.graph_checksum(view), graph.weightType().code(), 0, 0, info.buildSeconds(),
                    info.shortcuts(), graph.name());
            HierarchyFile.write(file, header, arrays);
        } finally {
            gate.exit();
        }
    }

    private static MemorySegment array(MemorySegment pointer, long bytes) {
        return bytes == 0 ? MemorySegment.NULL.reinterpret(0) : pointer.reinterpret(bytes);
    }

    private Info readInfo(double buildSeconds, long fileBytes) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment i = gsssp_ch_info.allocate(arena);
            Status.check(GssspNative.gsssp_ch_get_info(handle, i), "contraction hierarchy statistics of " + graph.name());
            double seconds = gsssp_ch_info.build_seconds(i) > 0 ? gsssp_ch_info.build_seconds(i) : buildSeconds;
            long memory = fileArena != null ? Math.max(gsssp_ch_info.memory_bytes(i), fileBytes) : gsssp_ch_info.memory_bytes(i);
            return new Info(gsssp_ch_info.vertex_count(i), gsssp_ch_info.original_arc_count(i),
                    gsssp_ch_info.shortcut_count(i), gsssp_ch_info.up_arc_count(i), gsssp_ch_info.down_arc_count(i),
                    seconds, memory, file);
        }
    }

    // ------------------------------------------------------------------ queries

    /**
     * The graph this hierarchy was built for.
     *
     * @return the graph
     */
    public Graph graph() {
        return graph;
    }

    /**
     * The hierarchy's statistics.
     *
     * @return vertices, arcs, shortcuts, build time, memory
     */
    public Info info() {
        return info;
    }

    /**
     * The shortest-path distance from {@code source} to {@code target}: a bidirectional upward search with
     * stall-on-demand.
     *
     * @param source an internal vertex id
     * @param target an internal vertex id
     * @return the distance, {@code Long.MAX_VALUE} if {@code target} is unreachable
     * @throws IllegalArgumentException if a vertex is out of range
     * @throws GraphClosedException if the hierarchy is closed
     */
    public long distance(int source, int target) {
        checkVertex(source, "source");
        checkVertex(target, "target");
        gate.enter();
        try {
            return distanceInside(source, target);
        } finally {
            gate.exit();
        }
    }

    private long distanceInside(int source, int target) {
        QueryContext c = take();
        try {
            int status = GssspNative.gsssp_ch_distance(c.query, source, target, c.distance);
            if (status != GssspNative.GSSSP_SUCCESS()) {
                Status.check(status, describeQuery(source, target));
            }
            return c.distance.get(ValueLayout.JAVA_LONG, 0);
        } finally {
            give(c);
        }
    }

    /**
     * The distances from {@code source} to each of {@code targets}, one point-to-point query each.
     *
     * @param source  an internal vertex id
     * @param targets internal vertex ids
     * @return their distances in order, {@code Long.MAX_VALUE} for unreachable ones
     * @throws IllegalArgumentException if a vertex is out of range
     * @throws GraphClosedException if the hierarchy is closed
     */
    public long[] distances(int source, int[] targets) {
        checkVertex(source, "source");
        for (int t : targets) {
            checkVertex(t, "target");
        }
        gate.enter();
        try {
            long[] out = new long[targets.length];
            for (int i = 0; i < targets.length; i++) {
                out[i] = distanceInside(source, targets[i]);
            }
            return out;
        } finally {
            gate.exit();
        }
    }

    /**
     * A shortest path from {@code source} to {@code target}, its shortcuts unpacked into the graph's arcs.
     *
     * @param source an internal vertex id
     * @param target an internal vertex id
     * @return the path (its vertices as internal and file ids, its arcs' weights), empty if {@code target} is
     *         unreachable
     * @throws IllegalArgumentException if a vertex is out of range
     * @throws GraphClosedException if the hierarchy or the graph is closed
     */
    public ShortestPath path(int source, int target) {
        checkVertex(source, "source");
        checkVertex(target, "target");
        gate.enter();
        try {
            QueryContext c = take();
            try {
                int[] vertices = c.path(source, target);
                if (vertices == null) {
                    Status.check(c.status, describeQuery(source, target));
                }
                long distance = c.distance.get(ValueLayout.JAVA_LONG, 0);
                if (distance == INFINITY) {
                    return new ShortestPath(new int[0], graph.ids(), new double[0]);
                }
                return new ShortestPath(vertices, graph.ids(), prefixDistances(vertices, distance, source, target));
            } finally {
                give(c);
            }
        } finally {
            gate.exit();
        }
    }

    /**
     * The distance of each vertex along the unpacked path: the lightest arc between each pair (the one a shortest
     * path takes among parallel arcs). Their sum must be the query's distance; a mismatch is a bug, reported rather
     * than returned.
     */
    private double[] prefixDistances(int[] vertices, long distance, int source, int target) {
        MemorySegment offsets = graph.offsets();
        MemorySegment targets = graph.targets();
        MemorySegment weights = graph.weights();
        double[] out = new double[vertices.length];
        long sum = 0;
        for (int k = 1; k < vertices.length; k++) {
            int u = vertices[k - 1];
            int v = vertices[k];
            long best = INFINITY;
            long end = offsets.getAtIndex(ValueLayout.JAVA_LONG, u + 1L);
            for (long e = offsets.getAtIndex(ValueLayout.JAVA_LONG, u); e < end; e++) {
                if (targets.getAtIndex(ValueLayout.JAVA_INT, e) == v) {
                    best = Math.min(best, weights.getAtIndex(ValueLayout.JAVA_INT, e));
                }
            }
            if (best == INFINITY) {
                throw new GssspException("internal error: the unpacked route " + describeQuery(source, target)
                        + " steps from vertex " + graph.ids().toExternal(u) + " to " + graph.ids().toExternal(v)
                        + ", which no arc joins");
            }
            sum += best;
            out[k] = sum;
        }
        if (vertices.length == 0 || vertices[0] != source || vertices[vertices.length - 1] != target || sum != distance) {
            throw new GssspException("internal error: the unpacked route " + describeQuery(source, target) + " weighs "
                    + sum + ", the query's distance is " + distance);
        }
        return out;
    }

    /**
     * The distances from every source to every target by RPHAST (the targets' part of the hierarchy selected once,
     * then one sweep per group of 16 sources), on every host core.
     *
     * @param sources internal vertex ids, one row each (repeats allowed)
     * @param targets internal vertex ids, one column each (repeats allowed)
     * @return the k × t matrix of exact distances ({@code Long.MAX_VALUE} when unreachable); the caller closes it
     * @throws IllegalArgumentException if a vertex is out of range
     * @throws GraphClosedException if the hierarchy is closed
     */
    public DistanceMatrix matrix(int[] sources, int[] targets) {
        return matrix(sources, targets, 0);
    }

    /**
     * {@link #matrix(int[], int[])} on a given number of host threads.
     *
     * @param sources internal vertex ids, one row each
     * @param targets internal vertex ids, one column each
     * @param threads host threads, or 0 for every core
     * @return the k × t matrix; the caller closes it
     * @throws IllegalArgumentException if a vertex is out of range or {@code threads} is negative
     * @throws GraphClosedException if the hierarchy is closed
     */
    public DistanceMatrix matrix(int[] sources, int[] targets, int threads) {
        for (int s : sources) {
            checkVertex(s, "source");
        }
        for (int t : targets) {
            checkVertex(t, "target");
        }
        if (threads < 0) {
            throw new IllegalArgumentException("threads must be 0 (all) or positive, got " + threads);
        }
        gate.enter();
        try (Arena arena = Arena.ofConfined()) {
            DistanceMatrix m = new DistanceMatrix(sources.length, targets.length, WeightType.INT32);
            try {
                MemorySegment s = longs(sources, arena);
                MemorySegment t = longs(targets, arena);
                Status.check(GssspNative.gsssp_ch_matrix(handle, s, sources.length, t, targets.length, threads,
                        m.writable()), "contraction hierarchy matrix of " + sources.length + " x " + targets.length
                        + " on " + graph.name());
                return m;
            } catch (RuntimeException | Error e) {
                m.close();
                throw e;
            }
        } finally {
            gate.exit();
        }
    }

    private static MemorySegment longs(int[] ids, Arena arena) {
        MemorySegment out = arena.allocate(ValueLayout.JAVA_LONG, Math.max(1, ids.length));
        for (int i = 0; i < ids.length; i++) {
            out.setAtIndex(ValueLayout.JAVA_LONG, i, ids[i]);
        }
        return out;
    }

    private void checkVertex(int v, String what) {
        int n = graph.numVertices();
        if (v < 0 || v >= n) {
            throw new IllegalArgumentException(what + " vertex " + v + " is out of range 0.." + (n - 1) + " of " + graph.name());
        }
    }

    private String describeQuery(int source, int target) {
        return "from vertex " + graph.ids().toExternal(source) + " to " + graph.ids().toExternal(target) + " on "
                + graph.name();
    }

    // ------------------------------------------------------------------ attaching to the graph

    /**
     * Attaches this hierarchy to its graph: from now on the graph's pair and matrix queries answer from it —
     * {@link Sssp#distances}, {@link Sssp#distancesAsLong}, {@link Sssp#path}, {@link Sssp#matrix} and, on a
     * {@link DeviceGraph} of the graph, {@code distances}, {@code distancesAsLong}, {@code path} and AUTO's
     * {@code matrix} (this hierarchy's {@link #matrix(int[], int[])} on the host). On a {@code DeviceGraph} of the
     * graph, AUTO's one-to-all queries and batches also run {@link Algorithm#PHAST} (see
     * {@link DeviceGraph#attach(ContractionHierarchy)}, which copies the hierarchy to the device at once instead of at
     * the first such query). {@link Sssp#solve} is unchanged. Replaces a hierarchy
     * attached before; closing this one detaches it.
     *
     * @return this hierarchy
     * @throws GraphClosedException if the hierarchy is closed
     */
    public ContractionHierarchy attach() {
        if (gate.isClosed()) {
            throw new GraphClosedException("contraction hierarchy of " + graph.name() + " is closed");
        }
        graph.attachHierarchy(this);
        return this;
    }

    /**
     * Copies this hierarchy to a device graph of its graph for {@link Algorithm#PHAST}
     * ({@code gsssp_device_graph_attach_ch}: its downward arcs renumbered by level; the device keeps no reference to
     * this hierarchy). Called by {@link DeviceHandle}, which copies at most once.
     */
    void copyTo(DeviceHandle device) {
        gate.enter();
        try {
            device.enter();
            try {
                Status.check(GssspNative.gsssp_device_graph_attach_ch(device.handle(), handle),
                        "attaching the contraction hierarchy of " + graph.name() + " to its device graph on "
                                + device.device().name());
            } finally {
                device.exit();
            }
        } finally {
            gate.exit();
        }
    }

    /** Detaches this hierarchy from its graph if it is the one attached (the graph's queries search again). */
    public void detach() {
        graph.detachHierarchy(this);
    }

    /**
     * Whether this hierarchy answers its graph's pair and matrix queries.
     *
     * @return true between {@link #attach()} and {@link #detach()} (or close)
     */
    public boolean isAttached() {
        return graph.attachedHierarchy() == this;
    }

    /**
     * The hierarchy attached to {@code graph}, if any and still open.
     */
    static ContractionHierarchy attachedTo(Graph graph) {
        ContractionHierarchy ch = graph.attachedHierarchy();
        return ch == null || ch.gate.isClosed() ? null : ch;
    }

    /**
     * For the hooks in Sssp and DeviceGraph: {@code query}'s answer from the hierarchy attached to {@code graph}, or
     * null when none is attached or it is closing (then the caller searches as before, so a close racing with the
     * graph's queries makes them search rather than fail).
     */
    static <T> T answerIfAttached(Graph graph, java.util.function.Function<ContractionHierarchy, T> query) {
        ContractionHierarchy ch = graph.attachedHierarchy();
        if (ch == null) {
            return null;
        }
        try {
            ch.gate.enter();
        } catch (GraphClosedException closing) {
            return null;
        }
        try {
            return query.apply(ch);
        } finally {
            ch.gate.exit();
        }
    }

    /** {@link #distances} as the graph's queries answer: doubles, +infinity for unreachable. */
    double[] doubleDistances(int source, int[] targets) {
        long[] exact = distances(source, targets);
        double[] out = new double[exact.length];
        for (int i = 0; i < exact.length; i++) {
            out[i] = exact[i] == INFINITY ? Double.POSITIVE_INFINITY : exact[i];
        }
        return out;
    }

    // ------------------------------------------------------------------ query contexts and close

    /** A native query context and the memory its answers land in; used by one thread at a time. */
    private static final class QueryContext {
        final MemorySegment query;
        final Arena arena = Arena.ofShared();
        final MemorySegment distance;
        final MemorySegment length;
        MemorySegment path;
        Arena pathArena;

        QueryContext(MemorySegment ch) {
            try {
                MemorySegment out = arena.allocate(ValueLayout.ADDRESS);
                Status.check(GssspNative.gsssp_ch_query_create(out, ch), "creating a contraction hierarchy query");
                query = out.get(ValueLayout.ADDRESS, 0);
                distance = arena.allocate(ValueLayout.JAVA_LONG);
                length = arena.allocate(ValueLayout.JAVA_LONG);
                pathArena = Arena.ofShared();
                path = pathArena.allocate(ValueLayout.JAVA_INT, INITIAL_PATH_CAPACITY);
            } catch (RuntimeException | Error e) {
                arena.close();
                throw e;
            }
        }

        int status;  // of the last path call

        /**
         * The unpacked route, growing the buffer (rarely: it keeps its largest size) when it is too small; null when
         * the native call failed ({@link #status} says how).
         */
        int[] path(int source, int target) {
            while (true) {
                long capacity = path.byteSize() / Integer.BYTES;
                status = GssspNative.gsssp_ch_path(query, source, target, distance, path, capacity, length);
                if (status != GssspNative.GSSSP_SUCCESS()) {
                    return null;
                }
                long needed = length.get(ValueLayout.JAVA_LONG, 0);
                if (needed <= capacity) {
                    return path.asSlice(0, needed * Integer.BYTES).toArray(ValueLayout.JAVA_INT);
                }
                pathArena.close();
                pathArena = Arena.ofShared();
                path = pathArena.allocate(ValueLayout.JAVA_INT, Math.max(needed, 2 * capacity));
            }
        }

        void free() {
            GssspNative.gsssp_ch_query_destroy(query);
            pathArena.close();
            arena.close();
        }
    }

    private QueryContext take() {
        QueryContext c = contexts.pollFirst();
        return c != null ? c : new QueryContext(handle);
    }

    private void give(QueryContext c) {
        contexts.addFirst(c);
    }

    /**
     * Whether {@link #close()} has been called.
     *
     * @return true once closed (or closing)
     */
    public boolean isClosed() {
        return gate.isClosed();
    }

    /**
     * Detaches the hierarchy, waits for running queries, then frees its native memory and unmaps its file.
     * Idempotent; later queries throw {@link GraphClosedException}.
     */
    @Override
    public void close() {
        detach();
        gate.close(() -> { }, () -> {
            for (QueryContext c; (c = contexts.pollFirst()) != null; ) {
                c.free();
            }
            GssspNative.gsssp_ch_destroy(handle);
            if (fileArena != null) {
                fileArena.close();
            }
        });
    }

    @Override
    public String toString() {
        return "ContractionHierarchy[" + graph.name() + ", n=" + info.vertices() + ", shortcuts=" + info.shortcuts()
                + (file != null ? ", " + file : "") + (isClosed() ? ", closed" : "") + "]";
    }
}
