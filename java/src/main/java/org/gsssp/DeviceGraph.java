package org.gsssp;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.gsssp.internal.NativeGraph;
import org.gsssp.internal.NativeLibrary;
import org.gsssp.internal.OutputBlock;
import org.gsssp.internal.OutputPool;
import org.gsssp.internal.Status;
import org.gsssp.internal.ffi.GssspNative;
import org.gsssp.internal.ffi.gsssp_stats;

/**
 * A graph resident on one GPU, answering many queries.
 *
 * <p>Thread safety and concurrency: any number of threads may query at once. Each query takes its own CUDA
 * stream and scratch buffers from a pool kept by the native handle (created on first need, reused after),
 * so concurrent queries run side by side on the GPU rather than queueing behind a lock. ADDS, whose
 * persistent grid alone fills the GPU, gives each of N concurrent ADDS queries about 1/N of the resident
 * blocks (never more than the GPU holds in total), so they overlap too. {@link #close()} may be called while
 * queries run: it makes them fail promptly with {@link GraphClosedException} (they check between rounds),
 * frees the resident results ({@link DeviceResult}), waits until no query uses the device memory, then frees
 * it. Queries started after close fail the same way.
 *
 * <p>Output paths, fastest first: {@link #queryResident} (the result stays on the GPU; only what is read
 * crosses the bus); {@link #query(int, Algorithm, Options, QueryBuffers)} (one DMA into the caller's pinned,
 * reused buffers); {@link #query(int, Algorithm, Options)} (the same into pooled pinned memory, given back
 * by {@link Result#close()} or the garbage collector).
 *
 * <p>The host {@link Graph} is not needed by GPU queries after upload; CPU_DIJKSTRA queries (AUTO's choice
 * on small graphs) read it, so it must stay open for those.
 */
public final class DeviceGraph implements AutoCloseable {
    private final Graph graph;
    private final DeviceInfo device;
    private final MemorySegment handle;
    private final OutputPool outputs;
    private final Object lock = new Object();
    private int activeQueries;
    private boolean closed;

    private DeviceGraph(Graph graph, DeviceInfo device, MemorySegment handle) {
        this.graph = graph;
        this.device = device;
        this.handle = handle;
        this.outputs = new OutputPool(graph.numVertices(), true);
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
        graph.acquireNative();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(ValueLayout.ADDRESS);
            Status.check(GssspNative.gsssp_device_graph_create(out, device, NativeGraph.csr(graph, arena)),
                    "uploading " + graph.name() + " to " + info.name());
            return new DeviceGraph(graph, info, out.get(ValueLayout.ADDRESS, 0));
        } finally {
            graph.releaseNative();
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

    /** A query with {@link Algorithm#AUTO} and default options (predecessors included). */
    public Result query(int source) {
        return query(source, Algorithm.AUTO, Options.defaults());
    }

    public Result query(int source, Algorithm algorithm) {
        return query(source, algorithm, Options.defaults());
    }

    /**
     * One query. {@link Algorithm#AUTO} follows {@link Algorithm#chooseAuto}; CPU_DIJKSTRA runs on the host
     * graph. The distances land in pooled host memory (pinned, filled by one DMA): close the Result to give
     * it back at once, or let the garbage collector do it.
     */
    public Result query(int source, Algorithm algorithm, Options options) {
        Algorithm resolved = resolve(algorithm);
        Sssp.checkSource(graph, source);
        boolean predecessors = options.computePredecessors();
        enter();
        try {
            if (!resolved.requiresGpu()) {
                return Sssp.cpu(graph, source, resolved, options, null);
            }
            OutputBlock block = outputs.take(predecessors);
            try {
                Ran ran = run(source, resolved, options, block.distances(), predecessors ? block.predecessors() : null);
                OutputPool pool = outputs;
                return Result.pooled(source, graph.weightType(), block.distances(), block.predecessors(), graph.ids(),
                        resolved, device.name(), ran.stats(), ran.trace(), () -> pool.give(block), ran.distanceBytes());
            } catch (RuntimeException | Error e) {
                outputs.give(block);
                throw e;
            }
        } finally {
            exit();
        }
    }

    /**
     * One query into the caller's reusable buffers: no allocation, and one copy of the distances (a DMA, the
     * buffers being pinned) straight into them. The Result is a view of the buffers, valid until the next
     * query into them (see {@link QueryBuffers}).
     */
    public Result query(int source, Algorithm algorithm, Options options, QueryBuffers into) {
        Algorithm resolved = resolve(algorithm);
        Sssp.checkSource(graph, source);
        if (!resolved.requiresGpu()) {
            enter();
            try {
                return Sssp.solve(graph, source, resolved, options, into);
            } finally {
                exit();
            }
        }
        boolean predecessors = options.computePredecessors();
        long generation = into.begin(graph, predecessors);
        try {
            enter();
            try {
                Ran ran = run(source, resolved, options, into.distances(), predecessors ? into.predecessors() : null);
                return Result.inBuffers(source, graph.weightType(), into, generation, predecessors, graph.ids(), resolved,
                        device.name(), ran.stats(), ran.trace(), ran.distanceBytes());
            } finally {
                exit();
            }
        } finally {
            into.end();
        }
    }

    /**
     * One query whose result stays on the GPU: only what is read from the {@link DeviceResult} crosses the
     * bus (one distance, a few, a path, or all on demand). Close it when done. AUTO follows
     * {@link Algorithm#chooseAuto} with a GPU, whatever the graph's size (a resident result lives on the
     * GPU).
     */
    public DeviceResult queryResident(int source, Algorithm algorithm, Options options) {
        Algorithm resolved = algorithm == Algorithm.AUTO
                ? (graph.hasNegativeWeight() ? Algorithm.HBF : Algorithm.defaultGpuAlgorithm()) : algorithm;
        if (!resolved.requiresGpu()) {
            throw new IllegalArgumentException(resolved.cliName() + " runs on the CPU; a resident result needs a GPU algorithm");
        }
        Sssp.checkSource(graph, source);
        enter();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment stats = gsssp_stats.allocate(arena);
            MemorySegment out = arena.allocate(ValueLayout.ADDRESS);
            MemorySegment nativeOptions = NativeGraph.queryOptions(options, arena);
            int status = GssspNative.gsssp_device_graph_sssp_resident(handle, resolved.code(), source, nativeOptions,
                    out, stats);
            Status.checkQuery(status, describe(resolved, source), stats);
            return new DeviceResult(this, out.get(ValueLayout.ADDRESS, 0), source, resolved, NativeGraph.stats(stats),
                    options.computePredecessors());
        } finally {
            exit();
        }
    }

    private Algorithm resolve(Algorithm algorithm) {
        return algorithm == Algorithm.AUTO ? Algorithm.chooseAuto(graph, true) : algorithm;
    }

    private String describe(Algorithm algorithm, int source) {
        return algorithm.cliName() + " from vertex " + graph.ids().toExternal(source) + " on " + graph.name();
    }

    private record Ran(Stats stats, java.util.List<TraceSample> trace, int distanceBytes) {}

    /** The native query into host memory. */
    private Ran run(int source, Algorithm resolved, Options options, MemorySegment distances, MemorySegment predecessors) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment stats = gsssp_stats.allocate(arena);
            MemorySegment nativeOptions = NativeGraph.queryOptions(options, arena);
            int status = GssspNative.gsssp_device_graph_sssp(handle, resolved.code(), source, nativeOptions, distances,
                    predecessors == null ? MemorySegment.NULL : predecessors, stats);
            Status.checkQuery(status, describe(resolved, source), stats);
            return new Ran(NativeGraph.stats(stats), NativeGraph.trace(nativeOptions, stats), NativeGraph.distanceBytes(stats));
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
            outputs.close();
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
