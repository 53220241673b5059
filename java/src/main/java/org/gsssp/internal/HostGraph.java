package org.gsssp.internal;

import java.lang.foreign.MemorySegment;
import org.gsssp.Algorithm;
import org.gsssp.GraphClosedException;
import org.gsssp.Options;

/**
 * One {@link org.gsssp.Graph} prepared for CPU queries by the {@link HostPath} in use: the native host graph or
 * the pure-Java one. Queries enter and leave; {@link #close()} waits for those inside before it frees what the
 * graph holds, and later queries fail with {@link GraphClosedException}.
 */
public abstract class HostGraph {
    private final String name;
    private final Object lock = new Object();
    private int active;
    private boolean closed;

    protected HostGraph(String name) {
        this.name = name;
    }

    /**
     * One CPU query from {@code source}. Thread-safe.
     *
     * @param algorithm    {@link Algorithm#CPU_DIJKSTRA} or {@link Algorithm#CPU_BELLMAN_FORD}
     * @param source       the source's internal id, checked by the caller
     * @param options      the query's options
     * @param distances    n values: int64 for int32 weights, float64 for float32 weights (+inf / Long.MAX_VALUE
     *                     for unreachable vertices)
     * @param predecessors n int32 values, or null when not asked for
     * @param stopAt       Dijkstra stops once these (checked) vertices are settled; null searches fully
     * @param operation    what the query is, the start of an exception's message
     * @return what the query measured
     * @throws GraphClosedException if the graph is closed
     * @throws org.gsssp.NegativeCycleException if Bellman-Ford finds a negative cycle
     */
    public final HostRun sssp(Algorithm algorithm, int source, Options options, MemorySegment distances,
            MemorySegment predecessors, int[] stopAt, String operation) {
        synchronized (lock) {
            if (closed) {
                throw new GraphClosedException("graph " + name + " is closed");
            }
            active++;
        }
        try {
            return run(algorithm, source, options, distances, predecessors, stopAt, operation);
        } finally {
            synchronized (lock) {
                if (--active == 0) {
                    lock.notifyAll();
                }
            }
        }
    }

    /** The query itself, between the enter and the exit of {@link #sssp}. */
    protected abstract HostRun run(Algorithm algorithm, int source, Options options, MemorySegment distances,
            MemorySegment predecessors, int[] stopAt, String operation);

    /** Frees what the graph holds; runs once, with no query inside. */
    protected abstract void free();

    /** Waits for running queries, then frees the graph's state. Idempotent. */
    public final void close() {
        boolean interrupted = false;
        synchronized (lock) {
            if (closed) {
                return;
            }
            closed = true;
            while (active > 0) {
                try {
                    lock.wait();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        }
        free();
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
