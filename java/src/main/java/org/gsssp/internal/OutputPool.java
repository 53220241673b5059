package org.gsssp.internal;

import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Output blocks of one graph, kept for reuse so that a query on a resident graph allocates no n-sized
 * memory (and, for GPU queries, pins none: cudaHostAlloc costs milliseconds on large graphs). A block goes
 * back when its Result is closed, or when the garbage collector finds the Result unreachable. At most
 * {@link #MAX_IDLE} idle blocks of each kind are kept; the rest are freed as they come back.
 */
public final class OutputPool {
    /** Idle blocks kept per kind: enough for every core to have a query's worth in flight. */
    public static final int MAX_IDLE = Math.max(4, Runtime.getRuntime().availableProcessors());

    private final int numVertices;
    private final boolean pinned;
    private final ConcurrentLinkedDeque<OutputBlock> withPredecessors = new ConcurrentLinkedDeque<>();
    private final ConcurrentLinkedDeque<OutputBlock> distancesOnly = new ConcurrentLinkedDeque<>();
    private final AtomicInteger idle = new AtomicInteger();
    private final AtomicInteger pinnedMade = new AtomicInteger();
    private volatile boolean closed;

    /**
     * An empty pool.
     *
     * @param numVertices n, the size of every block
     * @param pinned      whether blocks may be pinned (a GPU pool); at most 2 × {@link #MAX_IDLE} are
     */
    public OutputPool(int numVertices, boolean pinned) {
        this.numVertices = numVertices;
        this.pinned = pinned;
    }

    /**
     * An idle block of the kind asked for, or a new one. Thread-safe.
     *
     * @param predecessors whether the block must hold predecessors
     * @return a block; return it with {@link #give(OutputBlock)}
     */
    public OutputBlock take(boolean predecessors) {
        OutputBlock block = (predecessors ? withPredecessors : distancesOnly).pollFirst();
        if (block != null) {
            idle.decrementAndGet();
            return block;
        }
        // Pinning costs milliseconds per block on large graphs, so only a bounded number of blocks are pinned:
        // enough for the queries in flight at once. Past that (Results left to the garbage collector, which
        // returns their blocks late) new blocks are plain memory, which the GPU copies into almost as fast.
        boolean pin = pinned && pinnedMade.getAndUpdate(made -> made < 2 * MAX_IDLE ? made + 1 : made) < 2 * MAX_IDLE;
        try {
            return OutputBlock.allocate(numVertices, predecessors, pin);
        } catch (RuntimeException | Error e) {
            if (pin) {
                pinnedMade.decrementAndGet();
            }
            throw e;
        }
    }

    /**
     * Takes a block back for reuse, or frees it if the pool is closed or full. Thread-safe.
     *
     * @param block a block from {@link #take(boolean)}, no longer used by anyone
     */
    public void give(OutputBlock block) {
        if (closed || idle.incrementAndGet() > 2 * MAX_IDLE) {
            if (!closed) {
                idle.decrementAndGet();
            }
            if (block.pinned()) {
                pinnedMade.decrementAndGet();
            }
            block.free();
            return;
        }
        (block.hasPredecessors() ? withPredecessors : distancesOnly).addFirst(block);
        if (closed) {
            drain();
        }
    }

    /** Frees the idle blocks; blocks still held by results are freed when they come back. */
    public void close() {
        closed = true;
        drain();
    }

    private void drain() {
        for (ConcurrentLinkedDeque<OutputBlock> q : java.util.List.of(withPredecessors, distancesOnly)) {
            OutputBlock b;
            while ((b = q.pollFirst()) != null) {
                b.free();
            }
        }
    }
}
