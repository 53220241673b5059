package org.gsssp;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;

/**
 * Collects directed edges {@code (u, v, weight)} in internal ids and builds a {@link Graph} in CSR form.
 *
 * <p>Edges are kept in growable primitive arrays, in chunks of 2<sup>20</sup> entries (growing never copies,
 * and more than 2<sup>31</sup> edges are possible). {@link #build()} is a stable counting sort by source: the
 * out-edges of a vertex keep the order in which they were added. Parallel edges and self-loops are kept.
 *
 * <p>A builder for {@link WeightType#FLOAT32} accepts both {@code float} weights and {@code int} weights
 * (converted with {@code (float) w}); a builder for {@link WeightType#INT32} accepts only {@code int} weights.
 * A builder is single-use and not thread-safe.
 */
public final class GraphBuilder {
    private static final int CHUNK_SHIFT = 20;
    private static final int CHUNK = 1 << CHUNK_SHIFT;
    private static final int MASK = CHUNK - 1;

    private final int n;
    private final WeightType weightType;
    private VertexIds ids;
    private String name = "graph";

    private int[][] src = new int[0][];
    private int[][] dst = new int[0][];
    private int[][] wts = new int[0][];   // int values, or float bits
    private long m;
    private boolean built;

    /**
     * A builder over vertex keys of any type and double weights, for graphs held as Java objects.
     *
     * @param <K> the vertex key type
     * @return a new, empty builder
     */
    public static <K> KeyedGraphBuilder<K> keyed() {
        return new KeyedGraphBuilder<>();
    }

    /**
     * Creates an empty builder for a graph of {@code numVertices} vertices.
     *
     * @param numVertices n; vertices are {@code 0..n-1}
     * @param weightType  the type of the built graph's weights
     * @throws IllegalArgumentException if {@code numVertices} is negative
     * @throws NullPointerException if {@code weightType} is null
     */
    public GraphBuilder(int numVertices, WeightType weightType) {
        if (numVertices < 0) {
            throw new IllegalArgumentException("negative vertex count " + numVertices);
        }
        this.n = numVertices;
        this.weightType = java.util.Objects.requireNonNull(weightType, "weightType");
    }

    /**
     * The external ids the built graph will carry; default {@code VertexIds.offset(0, n)}.
     *
     * @param ids ids of size n, or null for the default
     * @return this builder
     * @throws IllegalArgumentException if {@code ids} does not have n vertices
     */
    public GraphBuilder ids(VertexIds ids) {
        if (ids != null && ids.size() != n) {
            throw new IllegalArgumentException("ids has " + ids.size() + " vertices, builder has " + n);
        }
        this.ids = ids;
        return this;
    }

    /**
     * The built graph's name; default "graph".
     *
     * @param name the name, used in messages
     * @return this builder
     */
    public GraphBuilder name(String name) {
        this.name = name;
        return this;
    }

    /**
     * The number of vertices the built graph will have.
     *
     * @return n
     */
    public int numVertices() {
        return n;
    }

    /**
     * The type of the built graph's weights.
     *
     * @return the weight type given to the constructor
     */
    public WeightType weightType() {
        return weightType;
    }

    /**
     * Edges added so far.
     *
     * @return the number of edges, parallel edges and self-loops included
     */
    public long numEdges() {
        return m;
    }

    /**
     * Adds edge {@code u → v} with an int weight (converted to float for a FLOAT32 builder).
     *
     * @param u      the edge's source, an internal id
     * @param v      the edge's target, an internal id
     * @param weight the edge's weight; negative weights are allowed
     * @return this builder
     * @throws IllegalArgumentException if {@code u} or {@code v} is not in {@code 0..n-1}
     * @throws IllegalStateException    if the builder has already built its graph
     */
    public GraphBuilder addEdge(int u, int v, int weight) {
        return add(u, v, weightType == WeightType.INT32 ? weight : Float.floatToRawIntBits((float) weight));
    }

    /**
     * Adds the undirected edge {@code u — v}: the arcs {@code u → v} and {@code v → u} (one for a self-loop).
     *
     * @param u      one end, an internal id
     * @param v      the other end, an internal id
     * @param weight the weight of both arcs
     * @return this builder
     * @throws IllegalArgumentException if {@code u} or {@code v} is not in {@code 0..n-1}
     * @throws IllegalStateException    if the builder has already built its graph
     */
    public GraphBuilder addUndirectedEdge(int u, int v, int weight) {
        addEdge(u, v, weight);
        return u == v ? this : addEdge(v, u, weight);
    }

    /**
     * Adds the undirected edge {@code u — v} with a float weight; only for a FLOAT32 builder.
     *
     * @param u      one end, an internal id
     * @param v      the other end, an internal id
     * @param weight the weight of both arcs, finite
     * @return this builder
     * @throws IllegalArgumentException if an id is out of range or the weight is NaN or infinite
     * @throws IllegalStateException    if this builder makes INT32 graphs or has already built its graph
     */
    public GraphBuilder addUndirectedEdge(int u, int v, float weight) {
        addEdge(u, v, weight);
        return u == v ? this : addEdge(v, u, weight);
    }

    /**
     * Adds edge {@code u → v} with a float weight; only for a FLOAT32 builder.
     *
     * @param u      the edge's source, an internal id
     * @param v      the edge's target, an internal id
     * @param weight the edge's weight, finite; negative weights are allowed
     * @return this builder
     * @throws IllegalArgumentException if an id is out of range or the weight is NaN or infinite
     * @throws IllegalStateException    if this builder makes INT32 graphs or has already built its graph
     */
    public GraphBuilder addEdge(int u, int v, float weight) {
        if (weightType != WeightType.FLOAT32) {
            throw new IllegalStateException("float weight for an INT32 graph builder");
        }
        if (!Float.isFinite(weight)) {
            throw new IllegalArgumentException("weight " + weight + " of edge " + u + " -> " + v + " is not finite");
        }
        return add(u, v, Float.floatToRawIntBits(weight));
    }

    private GraphBuilder add(int u, int v, int bits) {
        if (built) {
            throw new IllegalStateException("builder already built");
        }
        if (u < 0 || u >= n || v < 0 || v >= n) {
            throw new IllegalArgumentException("edge " + u + " -> " + v + ": vertex not in 0.." + (n - 1));
        }
        long i = m;
        int c = (int) (i >>> CHUNK_SHIFT);
        int k = (int) i & MASK;
        if (c >= src.length || src[c] == null || k >= src[c].length) {
            grow(c);
        }
        src[c][k] = u;
        dst[c][k] = v;
        wts[c][k] = bits;
        m = i + 1;
        return this;
    }

    private void grow(int c) {
        if (c >= src.length) {
            int len = Math.max(4, src.length * 2);
            src = Arrays.copyOf(src, len);
            dst = Arrays.copyOf(dst, len);
            wts = Arrays.copyOf(wts, len);
        }
        if (src[c] == null) {
            // the first chunk starts small and doubles, so that tiny graphs stay tiny; later ones are full size
            int size = c == 0 ? 1024 : CHUNK;
            src[c] = new int[size];
            dst[c] = new int[size];
            wts[c] = new int[size];
        } else {
            int size = Math.min(CHUNK, src[c].length * 2);
            src[c] = Arrays.copyOf(src[c], size);
            dst[c] = Arrays.copyOf(dst[c], size);
            wts[c] = Arrays.copyOf(wts[c], size);
        }
    }

    /**
     * Builds the graph (a stable counting sort by source) and releases the builder's arrays. The builder cannot
     * be used afterwards.
     *
     * @return the graph, in off-heap memory the caller closes
     * @throws IllegalStateException if the builder has already built its graph
     */
    public Graph build() {
        if (built) {
            throw new IllegalStateException("builder already built");
        }
        built = true;
        long[] start = new long[n + 1];
        forEachChunk((s, d, w, len, base) -> {
            for (int k = 0; k < len; k++) {
                start[s[k] + 1]++;
            }
        }, false);
        for (int v = 0; v < n; v++) {
            start[v + 1] += start[v];
        }
        Arena arena = Arena.ofShared();
        try {
            MemorySegment off = arena.allocate(ValueLayout.JAVA_LONG, n + 1L);
            MemorySegment tg = arena.allocate(ValueLayout.JAVA_INT, m);
            MemorySegment wt = arena.allocate(ValueLayout.JAVA_INT, m);
            MemorySegment.copy(start, 0, off, ValueLayout.JAVA_LONG, 0, n + 1);
            if (m < BUCKETED_MIN_EDGES || m > Integer.MAX_VALUE - 8) {
                scatterDirect(start, tg, wt);
            } else {
                scatterBucketed(start, tg, wt);
            }
            src = dst = wts = null;
            VertexIds vids = ids != null ? ids : VertexIds.offset(0, n);
            return new Graph(arena, off, tg, wt, weightType, vids, name);
        } catch (RuntimeException | Error e) {
            arena.close();
            throw e;
        }
    }

    /** Below this many edges the direct scatter is as fast as anything (its target arrays fit in cache). */
    private static final long BUCKETED_MIN_EDGES = 1 << 18;
    /** Number of source-range buckets of the two-pass scatter. */
    private static final int BUCKET_BITS = 8;

    /** One-pass scatter: edge i goes to slot start[src]++ (random writes; fine for small graphs). */
    private void scatterDirect(long[] start, MemorySegment tg, MemorySegment wt) {
        long[] next = start.clone();
        forEachChunk((s, d, w, len, base) -> {
            for (int k = 0; k < len; k++) {
                long pos = next[s[k]]++;
                tg.setAtIndex(ValueLayout.JAVA_INT, pos, d[k]);
                wt.setAtIndex(ValueLayout.JAVA_INT, pos, w[k]);
            }
        }, true);
    }

    /**
     * Cache-friendly two-pass scatter for big graphs whose edges come in random source order. Pass 1 moves each
     * edge, in order, into the region of its source-range bucket (2^BUCKET_BITS buckets of consecutive
     * vertices, so a bucket's region is exactly its vertices' CSR range): few sequential write streams instead
     * of random writes all over the arrays. Pass 2 sorts each bucket's region by source within itself, where
     * it fits in cache. Both passes keep the order of each vertex's edges, so the sort stays stable.
     */
    private void scatterBucketed(long[] start, MemorySegment tg, MemorySegment wt) {
        int bits = 32 - Integer.numberOfLeadingZeros(Math.max(1, n - 1));   // vertex ids have this many bits
        int shift = Math.max(0, bits - BUCKET_BITS);
        int buckets = ((n - 1) >>> shift) + 1;
        long[] bnext = new long[buckets];
        for (int b = 0; b < buckets; b++) {
            bnext[b] = start[Math.min(n, b << shift)];
        }
        int[] srcOf = new int[(int) m];
        forEachChunk((s, d, w, len, base) -> {
            for (int k = 0; k < len; k++) {
                int u = s[k];
                int pos = (int) bnext[u >>> shift]++;
                srcOf[pos] = u;
                tg.setAtIndex(ValueLayout.JAVA_INT, pos, d[k]);
                wt.setAtIndex(ValueLayout.JAVA_INT, pos, w[k]);
            }
        }, true);
        long[] next = start.clone();
        int[] bufD = new int[0];
        int[] bufW = new int[0];
        for (int b = 0; b < buckets; b++) {
            int v0 = b << shift;
            int v1 = (int) Math.min(n, (long) (b + 1) << shift);
            int e0 = (int) start[v0];
            int len = (int) (start[v1] - e0);
            if (v1 - v0 == 1 || len == 0) {
                continue;   // a single vertex: its edges are already in order
            }
            if (bufD.length < len) {
                bufD = new int[len];
                bufW = new int[len];
            }
            MemorySegment.copy(tg, ValueLayout.JAVA_INT, 4L * e0, bufD, 0, len);
            MemorySegment.copy(wt, ValueLayout.JAVA_INT, 4L * e0, bufW, 0, len);
            for (int i = 0; i < len; i++) {
                long pos = next[srcOf[e0 + i]]++;
                tg.setAtIndex(ValueLayout.JAVA_INT, pos, bufD[i]);
                wt.setAtIndex(ValueLayout.JAVA_INT, pos, bufW[i]);
            }
        }
    }

    private interface ChunkVisitor {
        void visit(int[] src, int[] dst, int[] w, int len, long base);
    }

    /** Visits the stored edges chunk by chunk, in order; with {@code release}, drops each chunk after it. */
    private void forEachChunk(ChunkVisitor visitor, boolean release) {
        long done = 0;
        for (int c = 0; done < m; c++) {
            int len = (int) Math.min(src[c].length, m - done);
            visitor.visit(src[c], dst[c], wts[c], len, done);
            if (release) {
                src[c] = dst[c] = wts[c] = null;   // let the GC take chunks as they are consumed
            }
            done += len;
        }
    }
}
