package org.gsssp;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.gsssp.internal.NativeGraph;
import org.gsssp.internal.QueryGate;
import org.gsssp.internal.Status;
import org.gsssp.internal.ffi.GssspNative;
import org.gsssp.internal.ffi.gsssp_progress_fn;

/**
 * The lifecycle of a {@link DeviceGraph}: the upload, the native handle, the gate every query passes (so that
 * close can fail running queries and wait for them), and the free. The query classes share one.
 */
final class DeviceHandle {
    private final Graph graph;
    private final DeviceInfo device;
    private final MemorySegment handle;
    private final QueryGate gate;

    /** gsssp_device_graph_block_fit for this graph, asked once: -1 until then. */
    private volatile int blockFit = -1;

    private DeviceHandle(Graph graph, DeviceInfo device, MemorySegment handle) {
        this.graph = graph;
        this.gate = new QueryGate("device graph of " + graph.name());
        this.device = device;
        this.handle = handle;
    }

    /** What {@link DeviceGraph#upload(Graph)} says without a GPU: a device graph needs one; the CPU path is Sssp. */
    static final String NO_GPU_FOR_DEVICE_GRAPH = "a DeviceGraph keeps the graph on a GPU; "
            + "Sssp.solve(graph, source) answers on the CPU, and on the GPU where there is one";

    /**
     * Uploads a copy of {@code graph} to {@code device}; see {@link DeviceGraph#upload(Graph, int, UploadProgress)}.
     * Without a GPU, the {@link NoGpuException} ends with {@code advice}: what the caller can do instead.
     */
    static DeviceHandle upload(Graph graph, int device, UploadProgress progress, String advice) {
        int count = Devices.count();
        if (count == 0) {
            throw Devices.noGpu(advice);
        }
        if (device < 0 || device >= count) {
            throw new IllegalArgumentException("device " + device + " does not exist; this machine has " + count);
        }
        DeviceInfo info = Devices.info(device);
        graph.acquireNative();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(ValueLayout.ADDRESS);
            MemorySegment csr = NativeGraph.csr(graph, arena);
            if (progress == null) {
                Status.check(GssspNative.gsssp_device_graph_create(out, device, csr),
                        "uploading " + graph.name() + " to " + info.name());
            } else {
                // An exception must never unwind through the native frames of an upcall (the JVM would stop):
                // the stub catches it, answers nonzero so that the library stops and frees the upload, and it is
                // rethrown here once the call has returned.
                Throwable[] thrown = new Throwable[1];
                MemorySegment stub = gsssp_progress_fn.allocate((done, total, user) -> {
                    try {
                        progress.progress(done, total);
                        return 0;
                    } catch (Throwable t) {
                        thrown[0] = t;
                        return 1;
                    }
                }, arena);
                int status = GssspNative.gsssp_device_graph_create_with_progress(out, device, csr, stub,
                        MemorySegment.NULL);
                if (thrown[0] instanceof RuntimeException e) {
                    throw e;
                } else if (thrown[0] instanceof Error e) {
                    throw e;
                } else if (thrown[0] != null) {
                    throw new IllegalStateException("the upload's progress listener threw", thrown[0]);
                }
                Status.check(status, "uploading " + graph.name() + " to " + info.name());
            }
            return new DeviceHandle(graph, info, out.get(ValueLayout.ADDRESS, 0));
        } finally {
            graph.releaseNative();
        }
    }

    /** The host graph this was uploaded from. */
    Graph graph() {
        return graph;
    }

    /** The device, as described at upload time. */
    DeviceInfo device() {
        return device;
    }

    /** The native gsssp_device_graph; use it only between {@link #enter()} and {@link #exit()}. */
    MemorySegment handle() {
        return handle;
    }

    /** A query starts: throws {@link GraphClosedException} once closing has begun. */
    void enter() {
        gate.enter();
    }

    /** A query that {@link #enter() entered} has left. */
    void exit() {
        gate.exit();
    }

    boolean isClosed() {
        return gate.isClosed();
    }

    /** Device memory held: the graph plus pooled query scratch. */
    long memoryBytes() {
        enter();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment bytes = arena.allocate(ValueLayout.JAVA_LONG);
            Status.check(GssspNative.gsssp_device_graph_memory(handle, bytes), "device memory");
            return bytes.get(ValueLayout.JAVA_LONG, 0);
        } finally {
            exit();
        }
    }

    /** How BLOCK_BELLMAN_FORD fits this graph on its device: 0 not at all, 1 its distances, 2 the whole graph. */
    int blockFit() {
        int fit = blockFit;
        if (fit < 0) {
            enter();
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment out = arena.allocate(ValueLayout.JAVA_INT);
                Status.check(GssspNative.gsssp_device_graph_block_fit(handle, out), "asking how BLOCK_BELLMAN_FORD fits " + graph.name());
                fit = out.get(ValueLayout.JAVA_INT, 0);
                blockFit = fit;
            } finally {
                exit();
            }
        }
        return fit;
    }

    /** AUTO's single-query choice for this graph with a GPU at hand; any other algorithm stays. */
    Algorithm resolve(Algorithm algorithm) {
        return algorithm == Algorithm.AUTO ? Algorithm.chooseAuto(graph, true) : algorithm;
    }

    /**
     * A single query's algorithm: AUTO follows {@link Algorithm#chooseAutoOnDevice} (PHAST where the graph carries a
     * hierarchy); PHAST makes sure the hierarchy is on the device; any other algorithm stays.
     */
    Algorithm resolve(Algorithm algorithm, Options options) {
        if (algorithm == Algorithm.AUTO) {
            return withHierarchy(hierarchy -> Algorithm.chooseAutoOnDevice(graph, hierarchy, options));
        }
        if (algorithm.needsHierarchy()) {
            requireHierarchy();
        }
        return algorithm;
    }

    // ------------------------------------------------------------------ the hierarchy on the device (PHAST)

    private final Object hierarchyLock = new Object();
    /** Whether a hierarchy has been copied to the device (the native graph keeps it until it is freed). */
    private volatile boolean hierarchyOnDevice;
    /** Why copying the graph's attached hierarchy for AUTO failed; AUTO then keeps the search algorithms. */
    private volatile RuntimeException hierarchyRefused;

    /**
     * Copies {@code ch} to the device for PHAST, unless a hierarchy is there already: the native graph takes one, and
     * every hierarchy of the same graph gives the same distances.
     */
    void attachHierarchy(ContractionHierarchy ch) {
        synchronized (hierarchyLock) {
            if (!hierarchyOnDevice) {
                ch.copyTo(this);
                hierarchyOnDevice = true;
                hierarchyRefused = null;
            }
        }
    }

    boolean hierarchyOnDevice() {
        return hierarchyOnDevice;
    }

    /**
     * An AUTO rule's answer given whether a hierarchy is at hand: its PHAST where the rule picks PHAST with one and the
     * graph's attached hierarchy is on the device ({@link #autoHierarchy}; so a query the rule keeps off PHAST, such
     * as one with a cutoff, copies nothing), else its answer without one.
     */
    Algorithm withHierarchy(java.util.function.Function<Boolean, Algorithm> rule) {
        Algorithm withOne = rule.apply(true);
        return withOne == Algorithm.PHAST && autoHierarchy() ? withOne : rule.apply(false);
    }

    /**
     * For AUTO: whether the graph carries an open hierarchy ({@link ContractionHierarchy#attach()}) that is on the
     * device, copying it there on first need. A copy that fails (device memory) is remembered, and AUTO goes on with
     * the search algorithms rather than failing every query.
     */
    boolean autoHierarchy() {
        ContractionHierarchy ch = ContractionHierarchy.attachedTo(graph);
        if (ch == null || graph.weightType() != WeightType.INT32 || graph.hasNegativeWeight()) {
            return false;
        }
        if (hierarchyOnDevice) {
            return true;
        }
        if (hierarchyRefused != null) {
            return false;
        }
        try {
            attachHierarchy(ch);
            return true;
        } catch (GraphClosedException closing) {
            return false;  // the hierarchy is closing (a closed device graph fails the query at its own gate)
        } catch (GssspException | IllegalArgumentException e) {
            hierarchyRefused = e;
            return false;
        }
    }

    /** For a PHAST query: the hierarchy on the device, copied from the graph's attached one if need be. */
    void requireHierarchy() {
        if (hierarchyOnDevice) {
            return;
        }
        ContractionHierarchy ch = ContractionHierarchy.attachedTo(graph);
        if (ch == null) {
            throw new UnsupportedInputException("PHAST needs a contraction hierarchy of " + graph.name() + " on its "
                    + "device graph, and none is attached: deviceGraph.attach(ContractionHierarchy.build(graph)) (or "
                    + "ContractionHierarchy.load(file, graph); `gsssp prepare` writes the file), or attach() the "
                    + "hierarchy to the graph before the query");
        }
        attachHierarchy(ch);
    }

    /** A query's description for error messages. */
    String describe(Algorithm algorithm, int source) {
        return algorithm.cliName() + " from vertex " + graph.ids().toExternal(source) + " on " + graph.name();
    }

    /**
     * Cancels running queries, waits for them to leave, runs {@code free} (the host-side pools), then frees the
     * device memory. Idempotent.
     */
    void close(Runnable free) {
        gate.close(() -> Status.check(GssspNative.gsssp_device_graph_cancel(handle), "closing device graph"), () -> {
            free.run();
            Status.check(GssspNative.gsssp_device_graph_destroy(handle), "closing device graph");
        });
    }
}
