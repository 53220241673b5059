package org.gsssp;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A directed graph in compressed sparse row (CSR) form, held off-heap so that native code can use it without a
 * copy.
 *
 * <p>Layout (native byte order, natural alignment):
 * <ul>
 *   <li>{@link #offsets()}: {@code JAVA_LONG × (n+1)}; {@code offsets[0] == 0}, non-decreasing,
 *       {@code offsets[n] == m}. The out-edges of vertex {@code v} are {@code offsets[v] .. offsets[v+1]-1}.</li>
 *   <li>{@link #targets()}: {@code JAVA_INT × m}, each in {@code 0..n-1}.</li>
 *   <li>{@link #weights()}: {@code JAVA_INT × m} or {@code JAVA_FLOAT × m} (see {@link #weightType()});
 *       float weights are finite. Negative weights are allowed.</li>
 * </ul>
 * Parallel edges and self-loops are allowed. Vertex ids here are internal ({@code 0..n-1}); {@link #ids()}
 * maps them to and from the ids of the file the graph came from.
 *
 * <p>The graph owns the memory (an {@link Arena#ofShared() shared arena}, possibly holding a mapped file) and
 * frees it in {@link #close()}. After close, every accessor throws {@link GraphClosedException}; a segment
 * obtained earlier throws {@link IllegalStateException} on access. A graph is immutable and may be read from
 * any number of threads; closing it while another thread reads it makes that read fail.
 */
public final class Graph implements AutoCloseable {
    private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG;
    private static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT;
    private static final ValueLayout.OfFloat FLOAT = ValueLayout.JAVA_FLOAT;

    private final Arena arena;
    private final MemorySegment offsets;
    private final MemorySegment targets;
    private final MemorySegment weights;
    private final int n;
    private final long m;
    private final WeightType weightType;
    private final VertexIds ids;
    private final String name;
    private final AtomicBoolean closing = new AtomicBoolean();
    private volatile boolean closed;

    // lazily computed, cached: 0 unknown, 1 false, 2 true
    private volatile byte negative;
    // The CPU path's host graph (native: validated once) and output pool, made on the first CPU query.
    private volatile org.gsssp.internal.HostGraph hostGraphRef;
    private volatile org.gsssp.internal.OutputPool cpuOutputs;
    private volatile int maxDegreeVertex = -2;

    /** Trusted constructor: the caller has validated the content. Takes ownership of {@code arena}. */
    Graph(Arena arena, MemorySegment offsets, MemorySegment targets, MemorySegment weights, WeightType weightType,
          VertexIds ids, String name) {
        this.arena = arena;
        this.offsets = offsets;
        this.targets = targets;
        this.weights = weights;
        this.n = Math.toIntExact(offsets.byteSize() / Long.BYTES - 1);
        this.m = targets.byteSize() / Integer.BYTES;
        this.weightType = weightType;
        this.ids = ids;
        this.name = name;
    }

    // ------------------------------------------------------------------ factories

    /**
     * Copies CSR arrays into a new off-heap graph with int weights.
     *
     * @param offsets n+1 edge offsets, from 0, non-decreasing, ending at {@code targets.length}
     * @param targets edge targets, each in {@code 0..n-1}
     * @param weights one weight per edge
     * @param ids     the external ids, of size n; {@code null} means {@code VertexIds.offset(0, n)}
     * @param name    the graph's name; {@code null} means "graph"
     * @return a new graph owning a copy of the arrays; the caller closes it
     * @throws InvalidGraphException naming the offending index if the arrays are inconsistent
     */
    public static Graph fromArrays(long[] offsets, int[] targets, int[] weights, VertexIds ids, String name) {
        return fromArrays(offsets, targets, weights, null, ids, name);
    }

    /**
     * Copies CSR arrays into a new off-heap graph with float weights, which must all be finite.
     *
     * @param offsets n+1 edge offsets, from 0, non-decreasing, ending at {@code targets.length}
     * @param targets edge targets, each in {@code 0..n-1}
     * @param weights one finite weight per edge
     * @param ids     the external ids, of size n; {@code null} means {@code VertexIds.offset(0, n)}
     * @param name    the graph's name; {@code null} means "graph"
     * @return a new graph owning a copy of the arrays; the caller closes it
     * @throws InvalidGraphException naming the offending index if the arrays are inconsistent or a weight is NaN
     *                               or infinite
     */
    public static Graph fromArrays(long[] offsets, int[] targets, float[] weights, VertexIds ids, String name) {
        return fromArrays(offsets, targets, null, weights, ids, name);
    }

    private static Graph fromArrays(long[] offsets, int[] targets, int[] intW, float[] floatW, VertexIds ids,
                                    String name) {
        Objects.requireNonNull(offsets, "offsets");
        Objects.requireNonNull(targets, "targets");
        int wlen = intW != null ? intW.length : Objects.requireNonNull(floatW, "weights").length;
        if (offsets.length == 0) {
            throw new InvalidGraphException("offsets must have n+1 >= 1 entries");
        }
        if (offsets.length - 1L > Integer.MAX_VALUE) {
            throw new InvalidGraphException("too many vertices: " + (offsets.length - 1));
        }
        int n = offsets.length - 1;
        long m = targets.length;
        if (wlen != m) {
            throw new InvalidGraphException("weights has " + wlen + " entries but targets has " + m);
        }
        validateOffsets(offsets, m);
        for (int e = 0; e < m; e++) {
            int t = targets[e];
            if (t < 0 || t >= n) {
                throw new InvalidGraphException("targets[" + e + "] = " + t + " not in 0.." + (n - 1));
            }
        }
        if (floatW != null) {
            for (int e = 0; e < floatW.length; e++) {
                if (!Float.isFinite(floatW[e])) {
                    throw new InvalidGraphException("weights[" + e + "] = " + floatW[e] + " is not finite");
                }
            }
        }
        VertexIds vids = checkIds(ids, n);
        Arena arena = Arena.ofShared();
        try {
            MemorySegment off = arena.allocate(LONG, n + 1L);
            MemorySegment tg = arena.allocate(INT, m);
            MemorySegment w = arena.allocate(INT, m);
            MemorySegment.copy(offsets, 0, off, LONG, 0, offsets.length);
            MemorySegment.copy(targets, 0, tg, INT, 0, targets.length);
            if (intW != null) {
                MemorySegment.copy(intW, 0, w, INT, 0, intW.length);
            } else {
                MemorySegment.copy(floatW, 0, w, FLOAT, 0, floatW.length);
            }
            return new Graph(arena, off, tg, w, intW != null ? WeightType.INT32 : WeightType.FLOAT32, vids,
                    name == null ? "graph" : name);
        } catch (RuntimeException | Error e) {
            arena.close();
            throw e;
        }
    }

    private static void validateOffsets(long[] offsets, long m) {
        if (offsets[0] != 0) {
            throw new InvalidGraphException("offsets[0] = " + offsets[0] + ", must be 0");
        }
        for (int i = 1; i < offsets.length; i++) {
            if (offsets[i] < offsets[i - 1]) {
                throw new InvalidGraphException("offsets[" + i + "] = " + offsets[i] + " < offsets[" + (i - 1)
                        + "] = " + offsets[i - 1] + " (must be non-decreasing)");
            }
        }
        if (offsets[offsets.length - 1] != m) {
            throw new InvalidGraphException("offsets[" + (offsets.length - 1) + "] = " + offsets[offsets.length - 1]
                    + " but there are " + m + " edges");
        }
    }

    private static VertexIds checkIds(VertexIds ids, int n) {
        if (ids == null) {
            return VertexIds.offset(0, n);
        }
        if (ids.size() != n) {
            throw new InvalidGraphException("ids has " + ids.size() + " vertices but the graph has " + n);
        }
        return ids;
    }

    /**
     * Adopts existing off-heap CSR segments without copying them (used by the Galois loader, which maps the
     * file). Ownership of {@code arena} passes to the graph at this call: the graph closes it in
     * {@link #close()}, and this method closes it itself if the segments are rejected.
     *
     * <p>The segments must belong to {@code arena} (or outlive the graph), have the sizes and layout described
     * in the class comment and natural alignment. Their content is validated in one linear pass.
     *
     * @param arena      the arena the segments belong to; the graph takes ownership of it
     * @param offsets    {@code JAVA_LONG × (n+1)} edge offsets
     * @param targets    {@code JAVA_INT × m} edge targets
     * @param weights    {@code m} weights of {@code weightType}
     * @param weightType the element type of {@code weights}
     * @param ids        the external ids, of size n; {@code null} means {@code VertexIds.offset(0, n)}
     * @param name       the graph's name; {@code null} means "graph"
     * @return a new graph over the segments
     * @throws InvalidGraphException naming the offending index if the segments are inconsistent
     */
    public static Graph ofSegments(Arena arena, MemorySegment offsets, MemorySegment targets, MemorySegment weights,
                                   WeightType weightType, VertexIds ids, String name) {
        try {
            Objects.requireNonNull(weightType, "weightType");
            if (offsets.byteSize() % Long.BYTES != 0 || offsets.byteSize() < Long.BYTES
                    || offsets.address() % Long.BYTES != 0) {
                throw new InvalidGraphException("offsets must be an 8-byte aligned array of n+1 >= 1 longs, is "
                        + offsets.byteSize() + " bytes at address " + offsets.address());
            }
            if (targets.byteSize() % Integer.BYTES != 0 || targets.address() % Integer.BYTES != 0) {
                throw new InvalidGraphException("targets must be a 4-byte aligned int array");
            }
            if (weights.byteSize() != targets.byteSize() || weights.address() % Integer.BYTES != 0) {
                throw new InvalidGraphException("weights must be 4-byte aligned and as long as targets ("
                        + targets.byteSize() + " bytes), is " + weights.byteSize());
            }
            long nl = offsets.byteSize() / Long.BYTES - 1;
            if (nl > Integer.MAX_VALUE) {
                throw new InvalidGraphException("too many vertices: " + nl);
            }
            int n = (int) nl;
            long m = targets.byteSize() / Integer.BYTES;
            long prev = offsets.getAtIndex(LONG, 0);
            if (prev != 0) {
                throw new InvalidGraphException("offsets[0] = " + prev + ", must be 0");
            }
            for (long i = 1; i <= n; i++) {
                long o = offsets.getAtIndex(LONG, i);
                if (o < prev) {
                    throw new InvalidGraphException("offsets[" + i + "] = " + o + " < offsets[" + (i - 1) + "] = "
                            + prev + " (must be non-decreasing)");
                }
                prev = o;
            }
            if (prev != m) {
                throw new InvalidGraphException("offsets[" + n + "] = " + prev + " but there are " + m + " edges");
            }
            for (long e = 0; e < m; e++) {
                int t = targets.getAtIndex(INT, e);
                if (t < 0 || t >= n) {
                    throw new InvalidGraphException("targets[" + e + "] = " + Integer.toUnsignedString(t)
                            + " not in 0.." + (n - 1));
                }
            }
            if (weightType == WeightType.FLOAT32) {
                for (long e = 0; e < m; e++) {
                    float w = weights.getAtIndex(FLOAT, e);
                    if (!Float.isFinite(w)) {
                        throw new InvalidGraphException("weights[" + e + "] = " + w + " is not finite");
                    }
                }
            }
            return new Graph(arena, offsets, targets, weights, weightType, checkIds(ids, n),
                    name == null ? "graph" : name);
        } catch (RuntimeException | Error e) {
            arena.close();
            throw e;
        }
    }

    // ------------------------------------------------------------------ accessors

    private void checkOpen() {
        if (closed) {
            throw new GraphClosedException("graph closed: " + name);
        }
    }

    /**
     * What a scan of the arrays throws when another thread closed the graph under it: the memory's arena
     * refuses the access with IllegalStateException, which is GraphClosedException to a caller.
     */
    private RuntimeException closedDuringScan(IllegalStateException e) {
        if (closed) {
            GraphClosedException c = new GraphClosedException("graph closed while it was being read: " + name);
            c.initCause(e);
            return c;
        }
        return e;
    }

    /**
     * Number of vertices n. Readable after {@link #close()}.
     *
     * @return n, at least 0
     */
    public int numVertices() {
        return n;
    }

    /**
     * Number of edges m (parallel edges counted separately). Readable after {@link #close()}.
     *
     * @return m, at least 0
     */
    public long numEdges() {
        return m;
    }

    /**
     * The element type of {@link #weights()}.
     *
     * @return {@link WeightType#INT32} or {@link WeightType#FLOAT32}
     */
    public WeightType weightType() {
        return weightType;
    }

    /**
     * The graph's name, used in messages.
     *
     * @return the file name the graph was loaded from, or the name it was given
     */
    public String name() {
        return name;
    }

    /**
     * The mapping between internal ids and the file's ids.
     *
     * @return the ids, of size {@link #numVertices()}
     */
    public VertexIds ids() {
        return ids;
    }

    /**
     * The offsets array, {@code JAVA_LONG × (n+1)}, read-only by contract.
     *
     * @return the graph's own segment (not a copy)
     * @throws GraphClosedException if the graph is closed
     */
    public MemorySegment offsets() {
        checkOpen();
        return offsets;
    }

    /**
     * The targets array, {@code JAVA_INT × m}, read-only by contract.
     *
     * @return the graph's own segment (not a copy)
     * @throws GraphClosedException if the graph is closed
     */
    public MemorySegment targets() {
        checkOpen();
        return targets;
    }

    /**
     * The weights array, {@code JAVA_INT × m} or {@code JAVA_FLOAT × m} per {@link #weightType()}, read-only by
     * contract.
     *
     * @return the graph's own segment (not a copy)
     * @throws GraphClosedException if the graph is closed
     */
    public MemorySegment weights() {
        checkOpen();
        return weights;
    }

    /**
     * The first out-edge of {@code v}: {@code offsets[v]}.
     *
     * @param v an internal vertex id
     * @return the index of {@code v}'s first out-edge (equal to {@link #edgeEnd(int)} when it has none)
     * @throws IndexOutOfBoundsException if {@code v} is not in {@code 0..n-1}
     * @throws GraphClosedException if the graph is closed
     */
    public long edgeBegin(int v) {
        checkOpen();
        checkVertex(v);
        return offsets.getAtIndex(LONG, v);
    }

    /**
     * One past the last out-edge of {@code v}: {@code offsets[v+1]}.
     *
     * @param v an internal vertex id
     * @return the exclusive end of {@code v}'s out-edges
     * @throws IndexOutOfBoundsException if {@code v} is not in {@code 0..n-1}
     * @throws GraphClosedException if the graph is closed
     */
    public long edgeEnd(int v) {
        checkOpen();
        checkVertex(v);
        return offsets.getAtIndex(LONG, v + 1L);
    }

    /**
     * Out-degree of {@code v}.
     *
     * @param v an internal vertex id
     * @return the number of out-edges of {@code v}
     * @throws ArithmeticException if it exceeds {@code Integer.MAX_VALUE}
     * @throws IndexOutOfBoundsException if {@code v} is not in {@code 0..n-1}
     * @throws GraphClosedException if the graph is closed
     */
    public int outDegree(int v) {
        checkOpen();
        checkVertex(v);
        return Math.toIntExact(offsets.getAtIndex(LONG, v + 1L) - offsets.getAtIndex(LONG, v));
    }

    /**
     * The head of edge {@code e}.
     *
     * @param e an edge index in {@code 0..m-1}
     * @return the internal id of the vertex edge {@code e} points to
     * @throws IndexOutOfBoundsException if {@code e} is not in {@code 0..m-1}
     * @throws GraphClosedException if the graph is closed
     */
    public int target(long e) {
        checkOpen();
        return targets.getAtIndex(INT, e);
    }

    /**
     * The weight of edge {@code e} of an {@link WeightType#INT32} graph.
     *
     * @param e an edge index in {@code 0..m-1}
     * @return the edge's weight
     * @throws IllegalStateException if the graph has float weights
     * @throws IndexOutOfBoundsException if {@code e} is not in {@code 0..m-1}
     * @throws GraphClosedException if the graph is closed
     */
    public int intWeight(long e) {
        checkOpen();
        if (weightType != WeightType.INT32) {
            throw new IllegalStateException("graph " + name + " has float weights");
        }
        return weights.getAtIndex(INT, e);
    }

    /**
     * The weight of edge {@code e} of a {@link WeightType#FLOAT32} graph.
     *
     * @param e an edge index in {@code 0..m-1}
     * @return the edge's weight
     * @throws IllegalStateException if the graph has int weights
     * @throws IndexOutOfBoundsException if {@code e} is not in {@code 0..m-1}
     * @throws GraphClosedException if the graph is closed
     */
    public float floatWeight(long e) {
        checkOpen();
        if (weightType != WeightType.FLOAT32) {
            throw new IllegalStateException("graph " + name + " has int weights");
        }
        return weights.getAtIndex(FLOAT, e);
    }

    /**
     * The weight of edge {@code e}, whatever the weight type (exact for both).
     *
     * @param e an edge index in {@code 0..m-1}
     * @return the edge's weight as a double
     * @throws IndexOutOfBoundsException if {@code e} is not in {@code 0..m-1}
     * @throws GraphClosedException if the graph is closed
     */
    public double weight(long e) {
        checkOpen();
        return weightType == WeightType.INT32 ? weights.getAtIndex(INT, e) : weights.getAtIndex(FLOAT, e);
    }

    private void checkVertex(int v) {
        if (v < 0 || v >= n) {
            throw new IndexOutOfBoundsException("vertex " + v + " not in 0.." + (n - 1));
        }
    }

    /**
     * Whether some edge weight is below zero (computed on first call in one pass over the weights, then cached).
     *
     * @return true if at least one weight is negative
     * @throws GraphClosedException if the graph is closed and the answer is not cached yet
     */
    public boolean hasNegativeWeight() {
        byte c = negative;
        if (c == 0) {
            checkOpen();
            boolean neg = false;
            try {
                if (weightType == WeightType.INT32) {
                    for (long e = 0; e < m && !neg; e++) {
                        neg = weights.getAtIndex(INT, e) < 0;
                    }
                } else {
                    for (long e = 0; e < m && !neg; e++) {
                        neg = weights.getAtIndex(FLOAT, e) < 0f;
                    }
                }
            } catch (IllegalStateException e) {
                throw closedDuringScan(e);
            }
            c = neg ? (byte) 2 : (byte) 1;
            negative = c;
        }
        return c == 2;
    }

    /**
     * The vertex with the most out-edges, the lowest id on ties. Computed on first call, then cached.
     *
     * @return an internal vertex id, or -1 for a graph without vertices
     * @throws GraphClosedException if the graph is closed and the answer is not cached yet
     */
    public int vertexOfMaxOutDegree() {
        int c = maxDegreeVertex;
        if (c == -2) {
            checkOpen();
            c = n == 0 ? -1 : 0;
            long best = -1;
            try {
                long prev = offsets.getAtIndex(LONG, 0);
                for (int v = 0; v < n; v++) {
                    long next = offsets.getAtIndex(LONG, v + 1L);
                    if (next - prev > best) {
                        best = next - prev;
                        c = v;
                    }
                    prev = next;
                }
            } catch (IllegalStateException e) {
                throw closedDuringScan(e);
            }
            maxDegreeVertex = c;
        }
        return c;
    }

    /**
     * Whether {@link #close()} has been called.
     *
     * @return true once the graph is closed (or closing)
     */
    public boolean isClosed() {
        return closed;
    }

    private int nativeUsers;  // calls that hand the segments' raw addresses to native code; guarded by this

    /**
     * Marks a native call that reads the graph's memory by address (an upload): {@link #close()} waits for it
     * before it frees the memory. Pair with {@link #releaseNative()}.
     */
    void acquireNative() {
        synchronized (this) {
            if (closed) {
                throw new GraphClosedException("graph " + name + " is closed");
            }
            nativeUsers++;
        }
    }

    void releaseNative() {
        synchronized (this) {
            if (--nativeUsers == 0) {
                notifyAll();
            }
        }
    }

    /** The host graph for CPU queries (native or pure Java: internal/HostPath), made on first use. */
    org.gsssp.internal.HostGraph hostGraph() {
        org.gsssp.internal.HostGraph h = hostGraphRef;
        if (h == null) {
            synchronized (this) {
                h = hostGraphRef;
                if (h == null) {
                    if (closed) {
                        throw new GraphClosedException("graph " + name + " is closed");
                    }
                    h = org.gsssp.internal.HostPath.current().prepare(this);
                    hostGraphRef = h;
                }
            }
        }
        return h;
    }

    /** Reusable output memory for CPU queries on this graph (plain off-heap memory). */
    org.gsssp.internal.OutputPool cpuOutputs() {
        org.gsssp.internal.OutputPool p = cpuOutputs;
        if (p == null) {
            synchronized (this) {
                p = cpuOutputs;
                if (p == null) {
                    p = new org.gsssp.internal.OutputPool(n, false);
                    cpuOutputs = p;
                }
            }
        }
        return p;
    }

    /**
     * Frees the off-heap memory (unmaps a mapped file). Idempotent. CPU queries running on the graph are
     * waited for; later ones fail with {@link GraphClosedException}.
     */
    @Override
    public void close() {
        if (closing.compareAndSet(false, true)) {
            closed = true;
            org.gsssp.internal.HostGraph h;
            org.gsssp.internal.OutputPool p;
            boolean interrupted = false;
            synchronized (this) {
                h = hostGraphRef;
                p = cpuOutputs;
                while (nativeUsers > 0) {
                    try {
                        wait();
                    } catch (InterruptedException e) {
                        interrupted = true;  // the memory cannot be freed under a native reader: keep waiting
                    }
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
            if (h != null) {
                h.close();
            }
            if (p != null) {
                p.close();
            }
            arena.close();
        }
    }

    // ------------------------------------------------------------------ contraction hierarchy hook

    // The hierarchy that answers this graph's pair and matrix queries (ContractionHierarchy.attach), or null.
    private volatile ContractionHierarchy hierarchy;

    ContractionHierarchy attachedHierarchy() {
        return hierarchy;
    }

    synchronized void attachHierarchy(ContractionHierarchy ch) {
        hierarchy = ch;
    }

    synchronized void detachHierarchy(ContractionHierarchy ch) {
        if (hierarchy == ch) {
            hierarchy = null;
        }
    }

    @Override
    public String toString() {
        return "Graph[" + name + ", n=" + n + ", m=" + m + ", " + weightType + (closed ? ", closed" : "") + "]";
    }
}
