package org.gsssp;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.ref.Cleaner;
import java.util.Arrays;

/**
 * Shortest distances and the shortest-path tree from one source, in host memory. Vertex arguments are
 * internal ids (0..n-1); {@link #ids()} maps them to the file's own ids.
 *
 * <p>Where the memory comes from:
 * <ul>
 *   <li>a query given {@link QueryBuffers} returns a view of them: it stays readable until the next query
 *       into the same buffers, and then throws {@link IllegalStateException} instead of showing that
 *       query's values;</li>
 *   <li>any other query takes its memory from a pool of its graph (pinned for GPU queries), so that no
 *       query allocates or pins n-sized memory once the pool is warm. {@link #close()} gives it back at
 *       once; a Result never closed gives it back when the garbage collector finds it unreachable. After
 *       close, reads throw {@link IllegalStateException}.</li>
 * </ul>
 * No device memory is held (see {@link DeviceResult} for results that stay on the GPU).
 */
public final class Result implements AutoCloseable {
    static final Cleaner CLEANER = Cleaner.create();

    private final int source;
    private final WeightType weightType;
    private final MemorySegment distances;     // int64 or double, per gsssp.h
    private final MemorySegment predecessors;  // int32, or null when not computed
    private final VertexIds ids;
    private final Algorithm algorithm;
    private final String device;
    private final Stats stats;
    private final java.util.List<TraceSample> trace;
    private final QueryBuffers buffers;        // the caller's buffers this Result views, or null
    private final long generation;
    private final Cleaner.Cleanable pooled;    // gives pooled memory back, or null
    private final int distanceBytes;           // 8 (gsssp.h's format), 4 (compact: uint32 / float) or 2 (uint16)
    private volatile MemorySegment widened;    // the 8-byte form of compact distances, made on demand
    private volatile boolean closed;
    private volatile Graph graph;              // the graph it answers for, for certify(); set by the query paths
    private volatile Options cutoffOptions;    // the query's options when they carried a cutoff, else null

    Result(int source, WeightType weightType, MemorySegment distances, MemorySegment predecessors, VertexIds ids,
            Algorithm algorithm, String device, Stats stats, java.util.List<TraceSample> trace) {
        this(source, weightType, distances, predecessors, ids, algorithm, device, stats, trace, null, 0, null, 8);
    }

    private Result(int source, WeightType weightType, MemorySegment distances, MemorySegment predecessors,
            VertexIds ids, Algorithm algorithm, String device, Stats stats, java.util.List<TraceSample> trace,
            QueryBuffers buffers, long generation, Runnable release, int distanceBytes) {
        this.source = source;
        this.weightType = weightType;
        this.distances = distances;
        this.predecessors = predecessors;
        this.ids = ids;
        this.algorithm = algorithm;
        this.device = device;
        this.stats = stats;
        this.trace = trace;
        this.buffers = buffers;
        this.generation = generation;
        this.pooled = release == null ? null : CLEANER.register(this, release);
        this.distanceBytes = distanceBytes;
    }

    /** A Result viewing the caller's buffers as they are after the query of {@code generation}. */
    static Result inBuffers(int source, WeightType weightType, QueryBuffers buffers, long generation,
            boolean predecessors, VertexIds ids, Algorithm algorithm, String device, Stats stats,
            java.util.List<TraceSample> trace, int distanceBytes) {
        return new Result(source, weightType, buffers.distances(), predecessors ? buffers.predecessors() : null, ids,
                algorithm, device, stats, trace, buffers, generation, null, distanceBytes);
    }

    /** Bytes per distance the query wrote: 8, 4 or 2 (compact outputs); for tests. */
    int distanceBytes() {
        return distanceBytes;
    }

    /** A Result in pooled memory; {@code release} (which must not refer to the Result) gives it back. */
    static Result pooled(int source, WeightType weightType, MemorySegment distances, MemorySegment predecessors,
            VertexIds ids, Algorithm algorithm, String device, Stats stats, java.util.List<TraceSample> trace,
            Runnable release, int distanceBytes) {
        return new Result(source, weightType, distances, predecessors, ids, algorithm, device, stats, trace, null, 0,
                release, distanceBytes);
    }

    // The stored value of v, in gsssp.h's 8-byte terms, whatever the format the query wrote.
    private long rawLong(int v) {
        if (distanceBytes == 4) {
            int x = distances.getAtIndex(ValueLayout.JAVA_INT, v);
            return x == -1 ? Long.MAX_VALUE : Integer.toUnsignedLong(x);
        }
        if (distanceBytes == 2) {
            short x = distances.getAtIndex(ValueLayout.JAVA_SHORT, v);
            return x == -1 ? Long.MAX_VALUE : Short.toUnsignedLong(x);
        }
        return distances.getAtIndex(ValueLayout.JAVA_LONG, v);
    }

    private double rawDouble(int v) {
        return distanceBytes == 4 ? distances.getAtIndex(ValueLayout.JAVA_FLOAT, v)
                : distances.getAtIndex(ValueLayout.JAVA_DOUBLE, v);
    }

    private void checkVertex(int v) {
        int n = numVertices();
        if (v < 0 || v >= n) {
            throw new IllegalArgumentException("vertex " + v + " is out of range 0.." + (n - 1)
                    + " (internal ids; ids().toInternal maps the file's ids to them)");
        }
    }

    /** Records the graph this Result answers for (the query paths call it once, right after creating it). */
    Result bindGraph(Graph graph) {
        this.graph = graph;
        return this;
    }

    /** Records the cutoff of the query's {@code options}, if any (the query paths call it right after creating it). */
    Result cutoffFrom(Options options) {
        if (options.cutoff().isPresent()) {
            this.cutoffOptions = options;
        }
        return this;
    }

    /**
     * The cutoff this answer applied ({@link Options.Builder#cutoff(long)}): only vertices at distance at most it
     * are reached. For int32 weights the {@code long} cutoff as a {@code double} ({@link #cutoffAsLong()} is exact).
     *
     * @return the cutoff, or empty for a full answer
     */
    public java.util.OptionalDouble cutoff() {
        Options o = cutoffOptions;
        if (o == null) {
            return java.util.OptionalDouble.empty();
        }
        return weightType == WeightType.INT32 ? java.util.OptionalDouble.of(o.cutoffAsLong().getAsLong()) : o.cutoff();
    }

    /**
     * The cutoff this answer applied, as a {@code long}: exact for int32 weights; the floor of the cutoff for float32
     * weights.
     *
     * @return the cutoff, or empty for a full answer
     */
    public java.util.OptionalLong cutoffAsLong() {
        Options o = cutoffOptions;
        return o == null ? java.util.OptionalLong.empty() : o.cutoffAsLong();
    }

    /**
     * The query's answer as {@code options} want it: certified when {@link Options#certify()} is on.
     *
     * @throws CertificateException if the certificate fails (the Result is closed first)
     */
    Result certifiedIf(Options options) {
        if (options.certify()) {
            Certificate c = certify();
            if (!c.holds()) {
                close();
                throw new CertificateException(algorithm.cliName() + " from vertex " + ids.toExternal(source)
                        + ": the answer fails its certificate: " + c.violation().orElseThrow());
            }
        }
        return this;
    }

    /**
     * Checks this answer against its graph alone, with no second solve ({@link Verifier#certify}: the
     * source at 0, no edge improving a distance, tight paths from the source to every reached vertex; plus
     * {@link Verifier#checkTree} when predecessors were computed). O(n + m) on the host.
     *
     * @return the certificate: whether it holds, the first violation (naming the vertex or edge) and its time
     * @throws IllegalStateException if the Result is closed or stale, was not made by a query on a graph, or stops at a
     *         cutoff
     * @throws GraphClosedException if the graph is closed
     */
    public Certificate certify() {
        check();
        if (cutoffOptions != null) {
            throw new IllegalStateException("this answer stops at a cutoff (" + cutoff().getAsDouble()
                    + "): the certificate checks full answers only");
        }
        Graph g = graph;
        if (g == null) {
            throw new IllegalStateException("this Result was not made by a query on a Graph, so it has none to check against");
        }
        long start = System.nanoTime();
        java.util.Optional<String> violation = HostCertifier.certify(g, this);
        if (violation.isEmpty() && predecessors != null) {
            violation = HostCertifier.checkTree(g, this);
        }
        return new Certificate(violation, (System.nanoTime() - start) / 1e6);
    }

    private void check() {
        if (closed) {
            throw new IllegalStateException("this Result is closed");
        }
        if (buffers != null) {
            buffers.checkGeneration(generation);
        }
    }

    /**
     * A copy of this answer in memory of its own (freed by the garbage collector), independent of any pool or
     * {@link QueryBuffers}: what to keep from a batch's consumer ({@link BatchConsumer}), whose Results are
     * reused.
     *
     * @return the copy
     * @throws IllegalStateException if this Result is closed, or its buffers served a later query
     */
    public Result copy() {
        return detach();
    }

    /** A copy in memory of its own (freed by the garbage collector), independent of any pool or buffers. */
    Result detach() {
        check();
        java.lang.foreign.Arena arena = java.lang.foreign.Arena.ofAuto();
        MemorySegment d = arena.allocate(Math.max(1, distances.byteSize()), 8).asSlice(0, distances.byteSize());
        d.copyFrom(distances);
        MemorySegment p = null;
        if (predecessors != null) {
            p = arena.allocate(Math.max(1, predecessors.byteSize()), 4).asSlice(0, predecessors.byteSize());
            p.copyFrom(predecessors);
        }
        Result copy = new Result(source, weightType, d, p, ids, algorithm, device, stats, trace, null, 0, null,
                distanceBytes).bindGraph(graph);
        copy.cutoffOptions = cutoffOptions;
        return copy;
    }

    /**
     * Gives pooled memory back for the next query, at once instead of when the garbage collector gets to
     * it; reads throw {@link IllegalStateException} afterwards. For a Result viewing {@link QueryBuffers} it
     * only ends this view. Idempotent.
     */
    @Override
    public void close() {
        closed = true;
        if (pooled != null) {
            pooled.clean();
        }
    }

    /**
     * The parallelism trace (work against time) when {@link Options.Builder#traceCapacity(int)} asked for one
     * and the algorithm records it; empty otherwise.
     *
     * @return the samples in time order, unmodifiable; empty when none were recorded
     */
    public java.util.List<TraceSample> trace() {
        return trace;
    }

    /**
     * The vertex the distances are measured from.
     *
     * @return the source's internal id
     */
    public int source() {
        return source;
    }

    /**
     * The number of vertices, n, of the graph that was solved.
     *
     * @return n
     */
    public int numVertices() {
        return (int) (distances.byteSize() / Long.BYTES);
    }

    /**
     * The weight type of the graph that was solved; it decides the distance format (see {@link #distances()}).
     *
     * @return {@link WeightType#INT32} or {@link WeightType#FLOAT32}
     */
    public WeightType weightType() {
        return weightType;
    }

    /**
     * The algorithm that ran.
     *
     * @return the algorithm, never {@link Algorithm#AUTO}
     */
    public Algorithm algorithm() {
        return algorithm;
    }

    /**
     * The device the query ran on.
     *
     * @return the device's name, e.g. "NVIDIA H100 80GB HBM3", or "CPU"
     */
    public String device() {
        return device;
    }

    /**
     * What the query cost: times, rounds and work counts.
     *
     * @return the query's statistics
     */
    public Stats stats() {
        return stats;
    }

    /**
     * The mapping between the internal ids this Result takes and the ids of the graph's file.
     *
     * @return the graph's ids
     */
    public VertexIds ids() {
        return ids;
    }

    /**
     * Whether some path leads from the source to {@code v}.
     *
     * @param v an internal vertex id
     * @return true if {@code v}'s distance is finite
     * @throws IllegalArgumentException if {@code v} is not in {@code 0..n-1}
     * @throws IllegalStateException if the Result is closed, or its {@link QueryBuffers} served a later query
     */
    public boolean isReachable(int v) {
        try {
            check();
            checkVertex(v);
            return weightType == WeightType.INT32 ? rawLong(v) != Long.MAX_VALUE : rawDouble(v) != Double.POSITIVE_INFINITY;
        } finally {
            java.lang.ref.Reference.reachabilityFence(this);
        }
    }

    /**
     * The distance to v, for either weight type. Exact for int graphs up to 2^53.
     *
     * @param v an internal vertex id
     * @return the shortest distance; {@code Double.POSITIVE_INFINITY} when v is unreachable
     * @throws IllegalArgumentException if {@code v} is not in {@code 0..n-1}
     * @throws IllegalStateException if the Result is closed, or its {@link QueryBuffers} served a later query
     */
    public double distance(int v) {
        try {
            check();
            checkVertex(v);
            if (weightType == WeightType.INT32) {
                long d = rawLong(v);
                return d == Long.MAX_VALUE ? Double.POSITIVE_INFINITY : d;
            }
            return rawDouble(v);
        } finally {
            java.lang.ref.Reference.reachabilityFence(this);
        }
    }

    /**
     * The exact distance of an int-weighted graph.
     *
     * @param v an internal vertex id
     * @return the shortest distance; {@code Long.MAX_VALUE} when v is unreachable
     * @throws IllegalArgumentException if {@code v} is not in {@code 0..n-1}
     * @throws IllegalStateException if the graph has float weights, the Result is closed, or its
     *         {@link QueryBuffers} served a later query
     */
    public long distanceAsLong(int v) {
        try {
            check();
            checkVertex(v);
            if (weightType != WeightType.INT32) {
                throw new IllegalStateException("distanceAsLong is for int32-weighted graphs; this one has " + weightType);
            }
            return rawLong(v);
        } finally {
            java.lang.ref.Reference.reachabilityFence(this);
        }
    }

    /**
     * The predecessor of v on a shortest path.
     *
     * @param v an internal vertex id
     * @return the internal id of the vertex before v, or -1 for the source and unreachable vertices
     * @throws IllegalArgumentException if {@code v} is not in {@code 0..n-1}
     * @throws IllegalStateException if predecessors were not computed ({@link #hasPredecessors()} is false),
     *         the Result is closed, or its {@link QueryBuffers} served a later query
     */
    public int predecessor(int v) {
        try {
            check();
            checkVertex(v);
            if (predecessors == null) {
                throw new IllegalStateException("predecessors were not computed (Options.computePredecessors(false))");
            }
            return predecessors.getAtIndex(ValueLayout.JAVA_INT, v);
        } finally {
            java.lang.ref.Reference.reachabilityFence(this);
        }
    }

    /** The predecessors' memory (n int32), for a native call that reads it; null without predecessors. */
    MemorySegment predecessorsSegment() {
        check();
        return predecessors;
    }

    /**
     * Whether the query computed predecessors ({@link Options#computePredecessors()}).
     *
     * @return true if {@link #predecessor(int)}, {@link #path(int)} and {@link #pathInternal(int)} can be used
     */
    public boolean hasPredecessors() {
        return predecessors != null;
    }

    /**
     * Vertices of a shortest path from the source to v, both included, following {@link #predecessor(int)}:
     * the fast form of {@link #path(int)}.
     *
     * @param v an internal vertex id
     * @return the path's internal ids from the source to v; empty when v is unreachable
     * @throws IllegalArgumentException if {@code v} is not in {@code 0..n-1}
     * @throws IllegalStateException if predecessors were not computed or form a cycle, the Result is closed,
     *         or its {@link QueryBuffers} served a later query
     */
    /**
     * A shortest path from the source to v: its vertices in internal and file ids, its edges' weights and its
     * total (see {@link ShortestPath}).
     *
     * @param v an internal vertex id
     * @return the path; empty ({@link ShortestPath#exists()} false) when v is unreachable
     * @throws IllegalArgumentException if {@code v} is not in {@code 0..n-1}
     * @throws IllegalStateException if predecessors were not computed or form a cycle, the Result is closed,
     *         or its {@link QueryBuffers} served a later query
     */
    public ShortestPath path(int v) {
        int[] vertices = pathInternal(v);
        double[] d = new double[vertices.length];
        for (int i = 0; i < vertices.length; i++) {
            d[i] = distance(vertices[i]);
        }
        return new ShortestPath(vertices, ids, d);
    }

    /**
     * The shortest path from the source to {@code v} as internal vertex ids, source first: the fast form of
     * {@link #path(int)}, without weights or file ids.
     *
     * @param v an internal vertex id
     * @return the path's vertices; empty when {@code v} is unreachable
     * @throws IllegalArgumentException if {@code v} is not in {@code 0..n-1}
     * @throws IllegalStateException if predecessors were not computed or form a cycle, the Result is closed,
     *         or its {@link QueryBuffers} served a later query
     */
    public int[] pathInternal(int v) {
        checkVertex(v);
        if (!isReachable(v)) {
            return new int[0];
        }
        int[] reversed = new int[16];
        int length = 0;
        int n = numVertices();
        for (int u = v; u != -1; u = predecessor(u)) {
            if (length == reversed.length) {
                reversed = Arrays.copyOf(reversed, reversed.length * 2);
            }
            reversed[length++] = u;
            if (length > n) {
                throw new IllegalStateException("predecessors form a cycle through vertex " + v);
            }
        }
        int[] path = new int[length];
        for (int i = 0; i < length; i++) {
            path[i] = reversed[length - 1 - i];
        }
        return path;
    }

    /**
     * The distances in gsssp.h's format, read-only. This is a view of the Result's memory, not a copy: it
     * shows what that memory holds when read, so once the Result is closed, or its {@link QueryBuffers}
     * serve a later query, the view shows other values. Copy it ({@code toArray}) to keep it. The format: n int64 values (INT32 graphs; Long.MAX_VALUE when
     * unreachable) or n doubles (FLOAT32 graphs). A GPU query that delivered compact 4- or 2-byte distances gets
     * them widened into a copy on the first call.
     *
     * @return a read-only segment of n 8-byte values
     * @throws IllegalStateException if the Result is closed, or its {@link QueryBuffers} served a later query
     */
    public MemorySegment distances() {
        check();
        if (distanceBytes == 8) {
            return distances.asReadOnly();
        }
        // The query delivered 4 or 2 bytes per distance (half or a quarter of the bus traffic); this view is the
        // 8-byte format, made once on first request.
        MemorySegment w = widened;
        if (w == null) {
            int n = numVertices();
            w = java.lang.foreign.Arena.ofAuto().allocate(ValueLayout.JAVA_LONG, Math.max(1, n)).asSlice(0, (long) n * Long.BYTES);
            for (int v = 0; v < n; v++) {
                if (weightType == WeightType.INT32) {
                    w.setAtIndex(ValueLayout.JAVA_LONG, v, rawLong(v));
                } else {
                    w.setAtIndex(ValueLayout.JAVA_DOUBLE, v, rawDouble(v));
                }
            }
            check();  // the buffers may have been reused while copying
            widened = w;
        }
        return w.asReadOnly();
    }

    /**
     * Number of reachable vertices (the source included). Counts in one pass over the distances.
     *
     * @return how many vertices have a finite distance
     * @throws IllegalStateException if the Result is closed, or its {@link QueryBuffers} served a later query
     */
    public long reachedCount() {
        check();
        long reached = 0;
        for (int v = 0, n = numVertices(); v < n; v++) {
            if (isReachable(v)) {
                reached++;
            }
        }
        return reached;
    }
}
