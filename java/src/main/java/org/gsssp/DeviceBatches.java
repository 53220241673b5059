package org.gsssp;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.gsssp.internal.NativeGraph;
import org.gsssp.internal.Status;
import org.gsssp.internal.ffi.GssspNative;
import org.gsssp.internal.ffi.gsssp_rows_fn;
import org.gsssp.internal.ffi.gsssp_stats;

/**
 * A {@link DeviceGraph}'s batches: AUTO's batch design ({@link #resolve}), the one-launch designs and concurrent single
 * queries ({@link Batches}). The block-per-source and lanes designs stream their rows: one native call for the batch,
 * whose rows stay on the GPU and reach the consumer a few at a time through a small page-locked staging buffer
 * ({@link #STAGING_BYTES}). Pinning a buffer for all of a batch's rows instead (2 GB for 1,000 sources on road NY)
 * cost a first batch ten times a later one's time. Other one-launch designs run native calls of many sources into
 * host buffers for all their rows, two calls in turn so the next runs while the consumer reads this one's rows.
 */
final class DeviceBatches {
    /** See {@link DeviceGraph#BATCH_IN_FLIGHT}. */
    static final int BATCH_IN_FLIGHT = Integer.getInteger("gsssp.batchInFlight", 3);

    /** Sources per native call of the multi-bf batch design (four launches of 128). */
    static final int MULTI_CHUNK_MAX = 512;

    /** Sources per native call of a PHAST batch (four sweeps of its 256 lanes). */
    static final int PHAST_CHUNK_MAX = 1024;

    /** Sources per native call of the block-per-source batch design (a launch of up to 8,192 blocks). */
    static final int BLOCK_CHUNK_MAX = 8_192;

    /** Host memory of the one-launch batch design's row buffers together, at most (one buffer for a batch that fits). */
    static final long MULTI_HOST_BYTES = 2L << 30;

    /**
     * Page-locked staging of a streamed batch's rows (two halves in turn), at most: 16 MiB, or the system property
     * {@code gsssp.batchStagingBytes}; always at least two rows. Pinning it takes milliseconds; its copies run at the
     * bus's speed.
     */
    static final long STAGING_BYTES = Long.getLong("gsssp.batchStagingBytes", 16L << 20);

    /** The batch whose rows the native call on this thread delivers (the upcall stub is one for all batches). */
    private static final ThreadLocal<RowSink> SINK = new ThreadLocal<>();

    private final DeviceHandle device;
    private final DeviceQueries queries;
    private final BatchRowPool rowPool;

    DeviceBatches(DeviceHandle device, DeviceQueries queries) {
        this.device = device;
        this.queries = queries;
        this.rowPool = new BatchRowPool(device);
        // The upcall stub of streamed batches is made at upload (some milliseconds, once per JVM), not by a first batch.
        java.util.Objects.requireNonNull(RowsStub.STUB);
    }

    /** See {@link DeviceGraph#queryBatch}. */
    void run(int[] sources, Algorithm algorithm, Options options, BatchConsumer consumer) {
        Graph graph = device.graph();
        Algorithm resolved = resolve(algorithm, options, sources.length);
        device.enter();
        try {
            if (oneLaunch(resolved) && !options.computePredecessors()) {
                oneLaunchBatch(sources, resolved, options, consumer);
                return;
            }
            if (!resolved.requiresGpu()) {
                CpuQueries.batch(graph, sources, resolved, options, consumer);
                return;
            }
            Batches.run(graph, sources, options.computePredecessors(), workers(options),
                    (source, into) -> queries.query(source, resolved, options, into), consumer);
        } finally {
            device.exit();
        }
    }

    /**
     * The algorithm a batch runs: anything but AUTO stays (PHAST making sure the hierarchy is on the device); AUTO
     * follows {@link Algorithm#chooseBatchOnGpu(Graph, int, boolean, boolean, Options)}.
     */
    Algorithm resolve(Algorithm algorithm, Options options, int sourceCount) {
        if (algorithm != Algorithm.AUTO) {
            if (algorithm.needsHierarchy()) {
                device.requireHierarchy();
            }
            return algorithm;
        }
        int fit = device.blockFit();
        return device.withHierarchy(hierarchy -> Algorithm.chooseBatchOnGpu(device.graph(), fit,
                options.computePredecessors(), hierarchy, options));
    }

    /**
     * Queries in flight of a batch of concurrent queries on this graph: {@link #BATCH_IN_FLIGHT}, fewer where their
     * host memory (n distances of 8 bytes, and predecessors of 4 if asked, per worker) would pass about 1 GiB.
     */
    int workers(Options options) {
        long perWorker = (long) device.graph().numVertices() * (options.computePredecessors() ? 12 : 8);
        return (int) Math.max(1, Math.min(BATCH_IN_FLIGHT, (1L << 30) / Math.max(1, perWorker)));
    }

    /**
     * The algorithm of a batch that {@link #run} runs as concurrent single queries (each into a worker's buffers), or
     * null where it runs another way (one-launch designs, or on the CPU).
     */
    Algorithm concurrentAlgorithm(Algorithm algorithm, Options options, int sourceCount) {
        Algorithm resolved = resolve(algorithm, options, sourceCount);
        if ((oneLaunch(resolved) && !options.computePredecessors()) || !resolved.requiresGpu()) {
            return null;
        }
        return resolved;
    }

    /** The designs that run a batch in launches of many sources (gsssp_device_graph_sssp_batch). */
    static boolean oneLaunch(Algorithm algorithm) {
        return algorithm == Algorithm.MULTI_BELLMAN_FORD || algorithm == Algorithm.BLOCK_BELLMAN_FORD
                || algorithm == Algorithm.BLOCK_NEAR_FAR || algorithm == Algorithm.PHAST;
    }

    /** Frees the kept row buffers (when the device graph closes). */
    void close() {
        rowPool.freeIdle();
    }

    /** The designs whose rows stream through a small staging buffer (gsssp_device_graph_sssp_batch_rows). */
    static boolean streams(Algorithm algorithm) {
        return algorithm == Algorithm.MULTI_BELLMAN_FORD || algorithm == Algorithm.BLOCK_BELLMAN_FORD
                || algorithm == Algorithm.BLOCK_NEAR_FAR;
    }

    /** The one-launch designs of {@link #run}: streamed, or native calls of many sources, two in turn. */
    private void oneLaunchBatch(int[] sources, Algorithm algorithm, Options options, BatchConsumer consumer) {
        Graph graph = device.graph();
        java.util.Objects.requireNonNull(consumer, "consumer");
        for (int s : sources) {
            Checks.checkSource(graph, s);
        }
        if (sources.length == 0) {
            return;
        }
        if (streams(algorithm)) {
            streamedBatch(sources, algorithm, options, consumer);
            return;
        }
        long rowBytes = Math.max(8L, (long) graph.numVertices() * Long.BYTES);
        int most = algorithm == Algorithm.MULTI_BELLMAN_FORD ? MULTI_CHUNK_MAX
                : algorithm == Algorithm.PHAST ? PHAST_CHUNK_MAX : BLOCK_CHUNK_MAX;
        int lanes = algorithm == Algorithm.MULTI_BELLMAN_FORD ? 128 : algorithm == Algorithm.PHAST ? 256 : 1;
        int chunk;
        int buffersNeeded;
        if (sources.length <= most && sources.length * rowBytes <= MULTI_HOST_BYTES) {
            chunk = sources.length;  // one call, one buffer
            buffersNeeded = 1;
        } else {
            chunk = (int) Math.max(1, Math.min(most, MULTI_HOST_BYTES / 2 / rowBytes));
            if (chunk >= lanes) {
                chunk -= chunk % lanes;  // whole launches of the design's lanes (128 for multi-bf, 256 for PHAST)
            }
            int calls = (sources.length + chunk - 1) / chunk;
            chunk = (sources.length + calls - 1) / calls;  // calls of equal size: a short last call would idle the GPU
            buffersNeeded = 2;
        }
        BatchRowPool.BatchRows buffers = rowPool.take(chunk, chunk * rowBytes, buffersNeeded);
        ExecutorService runner = null;
        Future<Stats> pending = null;
        try {
            MemorySegment[] rows = buffers.rows;
            MemorySegment[] reached = buffers.reached;
            final int size = chunk;
            // One call's worth runs on the caller's thread; more alternate with a second thread, which runs the next
            // call while the consumer reads this one's rows.
            Stats only = sources.length <= chunk ? runOneLaunch(algorithm, sources, 0, sources.length, options, rows[0], reached[0])
                    : null;
            if (only == null) {
                runner = Executors.newSingleThreadExecutor(r -> {
                    Thread t = new Thread(r, "gsssp-batch");
                    t.setDaemon(true);
                    return t;
                });
                pending = runner.submit(() -> runOneLaunch(algorithm, sources, 0, size, options, rows[0], reached[0]));
            }
            for (int first = 0, b = 0; first < sources.length; first += chunk, b ^= 1) {
                Stats launch = only != null ? only : await(pending);
                pending = null;
                int count = Math.min(chunk, sources.length - first);
                int next = first + chunk;
                if (next < sources.length) {
                    final int nb = b ^ 1;
                    pending = runner.submit(() -> runOneLaunch(algorithm, sources, next, Math.min(size, sources.length - next),
                            options, rows[nb], reached[nb]));
                }
                for (int i = 0; i < count; i++) {
                    Stats row = new Stats(launch.timeMs(), launch.totalMs(), launch.iterations(), launch.vertexVisits(),
                            launch.edgesRelaxed(), reached[b].getAtIndex(ValueLayout.JAVA_LONG, i),
                            launch.peakDeviceMemory(), 0.0, 0, 0.0);
                    Result r = new Result(sources[first + i], graph.weightType(),
                            rows[b].asSlice(i * rowBytes, (long) graph.numVertices() * Long.BYTES), null, graph.ids(),
                            algorithm, device.device().name(), row, java.util.List.of()).bindGraph(graph);
                    try {
                        consumer.accept(first + i, r);
                    } finally {
                        r.close();  // the memory serves a later call: reads after accept throw
                    }
                }
            }
        } finally {
            // The native call may still write into the buffers: let it end before they serve another batch.
            if (pending != null) {
                try {
                    pending.get();
                } catch (Exception ignored) {
                    // the batch already failed; its own exception is the one that propagates
                }
            }
            if (runner != null) {
                runner.shutdownNow();
            }
            rowPool.give(buffers);
        }
    }

    /**
     * Rows per half of a streamed batch's staging: as many as {@link #STAGING_BYTES} holds, at least one, and no more
     * than half the batch needs.
     */
    static long stagingRowsPerHalf(long rowBytes, int sources) {
        long fit = STAGING_BYTES / 2 / Math.max(1, rowBytes);
        return Math.max(1, Math.min(fit, (sources + 1) / 2));
    }

    /**
     * A streamed batch: one native call; the rows of each launch cross the bus a half of the staging at a time, and
     * the consumer reads one half while the next is copied into the other.
     */
    private void streamedBatch(int[] sources, Algorithm algorithm, Options options, BatchConsumer consumer) {
        Graph graph = device.graph();
        long rowBytes = Math.max(8L, (long) graph.numVertices() * Long.BYTES);
        long stagingBytes = 2 * stagingRowsPerHalf(rowBytes, sources.length) * rowBytes;
        BatchRowPool.BatchRows buffers = rowPool.take(1, stagingBytes, 1);
        RowSink sink = new RowSink(sources, algorithm, graph, device.device().name(), buffers.rows[0], rowBytes, consumer);
        RowSink outer = SINK.get();
        SINK.set(sink);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment ids = arena.allocate(ValueLayout.JAVA_LONG, sources.length);
            for (int i = 0; i < sources.length; i++) {
                ids.setAtIndex(ValueLayout.JAVA_LONG, i, sources[i]);
            }
            MemorySegment stats = gsssp_stats.allocate(arena);
            int status = GssspNative.gsssp_device_graph_sssp_batch_rows(device.handle(), algorithm.code(), ids,
                    sources.length, NativeGraph.queryOptions(options, arena), buffers.rows[0], stagingBytes,
                    RowsStub.STUB, MemorySegment.NULL, stats);
            sink.rethrow();
            Status.checkQuery(status, algorithm.cliName() + " batch of " + sources.length + " sources on " + graph.name(),
                    stats);
        } finally {
            if (outer == null) {
                SINK.remove();
            } else {
                SINK.set(outer);
            }
            rowPool.give(buffers);
        }
    }

    /** The one upcall stub of streamed batches: made once, when the first device graph is uploaded. */
    static final class RowsStub {
        static final MemorySegment STUB = gsssp_rows_fn.allocate(DeviceBatches::deliver, Arena.global());

        private RowsStub() {}
    }

    /**
     * The upcall: hands rows to the batch running on this thread. An exception must never unwind through the native
     * frames (the JVM would stop): the sink keeps it and answers nonzero, the library stops the batch, and
     * {@link #streamedBatch} rethrows it.
     */
    private static int deliver(long first, long count, MemorySegment rows, MemorySegment reached, MemorySegment soFar,
            MemorySegment userData) {
        RowSink sink = SINK.get();
        if (sink == null) {
            return 1;
        }
        return sink.deliver(first, count, rows, reached, soFar);
    }

    /** A streamed batch's consumer side: each delivered row becomes a {@link Result}, a view of the staging. */
    private static final class RowSink {
        private final int[] sources;
        private final Algorithm algorithm;
        private final Graph graph;
        private final String deviceName;
        private final MemorySegment staging;
        private final long rowBytes;
        private final BatchConsumer consumer;
        private Throwable thrown;

        RowSink(int[] sources, Algorithm algorithm, Graph graph, String deviceName, MemorySegment staging, long rowBytes,
                BatchConsumer consumer) {
            this.sources = sources;
            this.algorithm = algorithm;
            this.graph = graph;
            this.deviceName = deviceName;
            this.staging = staging;
            this.rowBytes = rowBytes;
            this.consumer = consumer;
        }

        int deliver(long first, long count, MemorySegment rows, MemorySegment reached, MemorySegment soFar) {
            try {
                // The rows lie in one half of the staging: a slice of it, bounds-checked, rather than the raw pointer.
                MemorySegment half = staging.asSlice(rows.address() - staging.address(), count * rowBytes);
                MemorySegment counts = reached.reinterpret(count * Long.BYTES);
                MemorySegment s = soFar.reinterpret(gsssp_stats.layout().byteSize());
                long distanceBytes = (long) graph.numVertices() * Long.BYTES;
                for (int i = 0; i < count; i++) {
                    int index = (int) (first + i);
                    Stats row = new Stats(gsssp_stats.time_ms(s), gsssp_stats.total_ms(s), gsssp_stats.iterations(s),
                            gsssp_stats.vertex_visits(s), gsssp_stats.edges_relaxed(s),
                            counts.getAtIndex(ValueLayout.JAVA_LONG, i), gsssp_stats.peak_device_memory(s), 0.0, 0, 0.0);
                    Result r = new Result(sources[index], graph.weightType(), half.asSlice(i * rowBytes, distanceBytes),
                            null, graph.ids(), algorithm, deviceName, row, java.util.List.of()).bindGraph(graph);
                    try {
                        consumer.accept(index, r);
                    } finally {
                        r.close();  // the staging takes later rows: reads after accept throw
                    }
                }
                return 0;
            } catch (Throwable t) {
                thrown = t;
                return 1;
            }
        }

        /** What the consumer threw, if anything: it ends the batch instead of the library's "stopped" status. */
        void rethrow() {
            if (thrown instanceof RuntimeException e) {
                throw e;
            }
            if (thrown instanceof Error e) {
                throw e;
            }
            if (thrown != null) {
                throw new GssspException("batch failed: " + thrown, thrown);
            }
        }
    }

    private static Stats await(Future<Stats> future) {
        try {
            return future.get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            throw new GssspException("batch failed: " + e.getCause(), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new GssspException("batch interrupted", e);
        }
    }

    /** One native call of a one-launch design: rows of sources[from, from + count) into {@code out}. */
    private Stats runOneLaunch(Algorithm algorithm, int[] sources, int from, int count, Options options, MemorySegment out,
            MemorySegment reached) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment ids = arena.allocate(ValueLayout.JAVA_LONG, count);
            for (int i = 0; i < count; i++) {
                ids.setAtIndex(ValueLayout.JAVA_LONG, i, sources[from + i]);
            }
            MemorySegment stats = gsssp_stats.allocate(arena);
            int status = GssspNative.gsssp_device_graph_sssp_batch(device.handle(), algorithm.code(), ids, count,
                    MemorySegment.NULL, 0, NativeGraph.queryOptions(options, arena), out, reached, stats);
            Status.checkQuery(status, algorithm.cliName() + " batch of " + count + " sources on " + device.graph().name(),
                    stats);
            return NativeGraph.stats(stats);
        }
    }
}
