package org.gsssp;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.gsssp.internal.NativeGraph;
import org.gsssp.internal.NativeLibrary;
import org.gsssp.internal.Query;
import org.gsssp.internal.Status;
import org.gsssp.internal.ffi.GssspNative;

/**
 * A graph resident on one GPU, answering many queries.
 *
 * <p>Thread safety: any number of threads may call {@link #query} at once. Each query takes its own CUDA
 * stream and scratch buffers from a pool kept by the native handle (created on first need, reused after),
 * so concurrent queries run side by side on the GPU rather than queueing behind a lock. {@link #close()}
 * may be called while queries run: it makes them fail promptly with {@link GraphClosedException} (they
 * check between rounds), waits until none uses the device memory, then frees it. Queries started after
 * close fail the same way.
 *
 * <p>The host {@link Graph} is not needed by GPU queries after upload; CPU_DIJKSTRA queries read it, so
 * it must stay open for those.
 */
public final class DeviceGraph implements AutoCloseable {
    private final Graph graph;
    private final DeviceInfo device;
    private final MemorySegment handle;
    private final Object lock = new Object();
    private int activeQueries;
    private boolean closed;

    private DeviceGraph(Graph graph, DeviceInfo device, MemorySegment handle) {
        this.graph = graph;
        this.device = device;
        this.handle = handle;
    }

    /** Uploads to device 0. */
    public static DeviceGraph upload(Graph graph) {
        return upload(graph, 0);
    }

    public static DeviceGraph upload(Graph graph, int device) {
        NativeLibrary.ensureLoaded();
        int count = Devices.count();
        if (count == 0) {
            throw new NoGpuException("no CUDA device is available (no NVIDIA GPU or driver found); "
                    + "use Algorithm.CPU_DIJKSTRA or Algorithm.AUTO to run on the CPU");
        }
        if (device < 0 || device >= count) {
            throw new IllegalArgumentException("device " + device + " does not exist; this machine has " + count);
        }
        DeviceInfo info = Devices.info(device);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(ValueLayout.ADDRESS);
            Status.check(GssspNative.gsssp_device_graph_create(out, device, NativeGraph.csr(graph, arena)),
                    "uploading " + graph.name() + " to " + info.name());
            return new DeviceGraph(graph, info, out.get(ValueLayout.ADDRESS, 0));
        }
    }

    public Graph graph() {
        return graph;
    }

    public DeviceInfo device() {
        return device;
    }

    /** Device memory held: the graph plus pooled query scratch, in bytes. */
    public long deviceMemoryBytes() {
        enter();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment bytes = arena.allocate(ValueLayout.JAVA_LONG);
            Status.check(GssspNative.gsssp_device_graph_memory(handle, bytes), "device memory");
            return bytes.get(ValueLayout.JAVA_LONG, 0);
        } finally {
            exit();
        }
    }

    public Result query(int source) {
        return query(source, Algorithm.AUTO, Options.defaults());
    }

    public Result query(int source, Algorithm algorithm) {
        return query(source, algorithm, Options.defaults());
    }

    /** One query. AUTO means the default GPU algorithm; CPU_DIJKSTRA runs on the host graph. */
    public Result query(int source, Algorithm algorithm, Options options) {
        Algorithm resolved = algorithm == Algorithm.AUTO ? Algorithm.defaultGpuAlgorithm() : algorithm;
        Sssp.checkSource(graph, source);
        enter();
        try {
            if (!resolved.requiresGpu()) {
                return Sssp.cpu(graph, source, resolved, options);
            }
            try (Arena arena = Arena.ofConfined()) {
                Query q = Query.allocate(graph.numVertices(), options.computePredecessors(), arena);
                MemorySegment nativeOptions = NativeGraph.options(options, arena);
                int status = GssspNative.gsssp_device_graph_sssp(handle, resolved.code(), source,
                        nativeOptions, q.distances(), q.predecessorsOrNull(), q.stats());
                Status.checkQuery(status, resolved.cliName() + " from vertex " + graph.ids().toExternal(source) + " on "
                        + graph.name(), q.stats());
                return new Result(source, graph.weightType(), q.distances(), q.predecessors(), graph.ids(), resolved,
                        device.name(), NativeGraph.stats(q.stats()), NativeGraph.trace(nativeOptions, q.stats()));
            }
        } finally {
            exit();
        }
    }

    public boolean isClosed() {
        synchronized (lock) {
            return closed;
        }
    }

    /**
     * Fails running queries (they see {@link GraphClosedException}), waits for them to leave, frees the
     * device memory. Idempotent.
     */
    @Override
    public void close() {
        synchronized (lock) {
            if (closed) {
                return;
            }
            closed = true;
        }
        Status.check(GssspNative.gsssp_device_graph_cancel(handle), "closing device graph");
        boolean interrupted = false;
        synchronized (lock) {
            while (activeQueries > 0) {
                try {
                    lock.wait();
                } catch (InterruptedException e) {
                    // The memory cannot be freed under a running query, so keep waiting; they end within a round.
                    interrupted = true;
                }
            }
        }
        try {
            Status.check(GssspNative.gsssp_device_graph_destroy(handle), "closing device graph");
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private void enter() {
        synchronized (lock) {
            if (closed) {
                throw new GraphClosedException("device graph of " + graph.name() + " is closed");
            }
            activeQueries++;
        }
    }

    private void exit() {
        synchronized (lock) {
            if (--activeQueries == 0) {
                lock.notifyAll();
            }
        }
    }
}
