package org.gsssp.internal;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.gsssp.Graph;
import org.gsssp.GraphClosedException;
import org.gsssp.internal.ffi.GssspNative;

/**
 * The native host graph (gsssp_host_graph_t) of one {@link Graph}: validated once when made, so that CPU
 * queries skip the O(V + E) checks. Queries enter and leave; {@link #close()} waits for those inside before
 * it frees the handle, and later queries fail with {@link GraphClosedException}.
 */
public final class HostGraphHandle {
    private final MemorySegment handle;
    private final String name;
    private final Object lock = new Object();
    private int active;
    private boolean closed;

    private HostGraphHandle(MemorySegment handle, String name) {
        this.handle = handle;
        this.name = name;
    }

    /**
     * Validates the graph's CSR and makes the handle; it refers to the graph's segments (no copy).
     *
     * @param graph the graph, open; it must outlive the handle
     * @return the handle; close it before the graph's memory is freed
     * @throws org.gsssp.InvalidGraphException if the graph's arrays are inconsistent
     */
    public static HostGraphHandle create(Graph graph) {
        NativeLibrary.ensureLoaded();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(ValueLayout.ADDRESS);
            Status.check(GssspNative.gsssp_host_graph_create(out, NativeGraph.csr(graph, arena)),
                    "checking " + graph.name());
            return new HostGraphHandle(out.get(ValueLayout.ADDRESS, 0), graph.name());
        }
    }

    /**
     * The handle, for one query between {@link #enter()} and {@link #exit()}.
     *
     * @return the native gsssp_host_graph_t
     */
    public MemorySegment handle() {
        return handle;
    }

    /**
     * Marks a query as running on the handle, so that {@link #close()} waits for it. Pair with
     * {@link #exit()} in a finally block.
     *
     * @throws GraphClosedException if the handle is closed
     */
    public void enter() {
        synchronized (lock) {
            if (closed) {
                throw new GraphClosedException("graph " + name + " is closed");
            }
            active++;
        }
    }

    /** Marks a query begun with {@link #enter()} as finished, waking a waiting {@link #close()}. */
    public void exit() {
        synchronized (lock) {
            if (--active == 0) {
                lock.notifyAll();
            }
        }
    }

    /** Waits for running queries, then frees the native handle. Idempotent. */
    public void close() {
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
        GssspNative.gsssp_host_graph_destroy(handle);
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
