package org.gsssp;

import java.lang.foreign.MemorySegment;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.gsssp.internal.OutputBlock;

/**
 * Reusable output memory for queries, allocated once: the fast path of a service that asks many queries.
 * On a machine with a GPU it is page-locked host memory, so a GPU query delivers its distances with one
 * DMA straight into it (no staging copy, no per-query allocation); without a GPU it is plain off-heap
 * memory. Pass it to {@link DeviceGraph#query(int, Algorithm, Options, QueryBuffers)} or
 * {@link Sssp#solve(Graph, int, Algorithm, Options, QueryBuffers)}.
 *
 * <p>The {@link Result} of such a query is a view of these buffers: the next query into them overwrites the
 * distances, and from then on the earlier Result throws {@link IllegalStateException} on every read rather
 * than show the newer query's values. Copy what you need to keep, or use one QueryBuffers per in-flight
 * query (one per thread, typically). A QueryBuffers serves one query at a time; a second concurrent query
 * into it is refused with {@link IllegalStateException}.
 *
 * <pre>{@code
 * try (QueryBuffers out = QueryBuffers.forGraph(graph, false)) {
 *     for (int source : sources) {
 *         Result r = gpu.query(source, Algorithm.AUTO, Options.builder().computePredecessors(false).build(), out);
 *         use(r.distanceAsLong(target));
 *     }
 * }
 * }</pre>
 */
public final class QueryBuffers implements AutoCloseable {
    private final OutputBlock block;
    private final int numVertices;
    private final AtomicLong generation = new AtomicLong();
    private final AtomicBoolean inUse = new AtomicBoolean();
    private volatile boolean closed;

    private QueryBuffers(OutputBlock block, int numVertices) {
        this.block = block;
        this.numVertices = numVertices;
    }

    /**
     * Buffers for queries on {@code graph}: n distances, and n predecessors when {@code predecessors} (needed
     * by queries whose {@link Options#computePredecessors()} is true, the default).
     *
     * @param graph        the graph the queries will run on
     * @param predecessors whether to hold predecessors as well as distances
     * @return new buffers, pinned when a GPU is present; the caller closes them
     */
    public static QueryBuffers forGraph(Graph graph, boolean predecessors) {
        return allocate(graph.numVertices(), predecessors);
    }

    /**
     * Buffers for graphs of {@code numVertices} vertices; pinned when a GPU is present.
     *
     * @param numVertices  the vertex count of the graphs the queries will run on, at least 0
     * @param predecessors whether to hold predecessors as well as distances
     * @return new buffers; the caller closes them
     * @throws IllegalArgumentException if {@code numVertices} is negative
     */
    public static QueryBuffers allocate(int numVertices, boolean predecessors) {
        if (numVertices < 0) {
            throw new IllegalArgumentException("numVertices is negative: " + numVertices);
        }
        return new QueryBuffers(OutputBlock.allocate(numVertices, predecessors, Devices.available()), numVertices);
    }

    /**
     * The vertex count the buffers are sized for; a query's graph must have exactly this many.
     *
     * @return n
     */
    public int numVertices() {
        return numVertices;
    }

    /**
     * Whether the buffers hold predecessors (a query computing them needs this).
     *
     * @return true if they were allocated with predecessors
     */
    public boolean hasPredecessors() {
        return block.hasPredecessors();
    }

    /**
     * Whether the memory is page-locked (GPU copies into it are DMA transfers).
     *
     * @return true if a GPU was present when the buffers were allocated
     */
    public boolean isPinned() {
        return block.pinned();
    }

    /**
     * Whether {@link #close()} has freed the buffers.
     *
     * @return true once closed
     */
    public boolean isClosed() {
        return closed;
    }

    /**
     * Frees the memory. Results viewing it throw {@link IllegalStateException} afterwards. Idempotent.
     *
     * @throws IllegalStateException if a query is writing into the buffers
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        if (!inUse.compareAndSet(false, true)) {
            throw new IllegalStateException("QueryBuffers cannot be closed while a query writes into them");
        }
        // inUse stays set: no query can claim the buffers again.
        closed = true;
        generation.incrementAndGet();
        block.free();
    }

    // ---- for the query paths (package-private) ----

    /** Claims the buffers for one query into a graph of n vertices; returns the new generation. */
    long begin(Graph graph, boolean predecessors) {
        if (graph.numVertices() != numVertices) {
            throw new IllegalArgumentException("QueryBuffers for " + numVertices + " vertices cannot hold a query on "
                    + graph.name() + " (" + graph.numVertices() + " vertices)");
        }
        if (predecessors && !block.hasPredecessors()) {
            throw new IllegalArgumentException("the query computes predecessors but these QueryBuffers hold none: "
                    + "allocate them with predecessors, or pass Options with computePredecessors(false)");
        }
        if (!inUse.compareAndSet(false, true)) {
            throw new IllegalStateException(closed ? "these QueryBuffers are closed"
                    : "these QueryBuffers are already in use by another query (one query at a time)");
        }
        // Results of the earlier query are stale from here on, whether or not this one succeeds.
        return generation.incrementAndGet();
    }

    void end() {
        inUse.set(false);
    }

    MemorySegment distances() {
        return block.distances();
    }

    MemorySegment predecessors() {
        return block.predecessors();
    }

    /** Throws unless the buffers still hold the query of {@code expected}. */
    void checkGeneration(long expected) {
        if (generation.get() != expected) {
            throw new IllegalStateException(closed
                    ? "this Result's QueryBuffers were closed"
                    : "this Result's QueryBuffers were reused by a later query, which overwrote its distances");
        }
    }
}
