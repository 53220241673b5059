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
import org.gsssp.internal.ffi.gsssp_stats;

/**
 * A {@link DeviceGraph}'s batches: AUTO's batch design ({@link #resolve}), the one-launch designs (many sources per
 * native call, two calls in turn so the next runs while the consumer reads this one's rows) and concurrent single
 * queries ({@link Batches}).
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

    private final DeviceHandle device;
    private final DeviceQueries queries;
    private final BatchRowPool rowPool;

    DeviceBatches(DeviceHandle device, DeviceQueries queries) {
        this.device = device;
        this.queries = queries;
        this.rowPool = new BatchRowPool(device);
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

    /** The one-launch designs of {@link #run}: native calls of many sources, two in turn. */
    private void oneLaunchBatch(int[] sources, Algorithm algorithm, Options options, BatchConsumer consumer) {
        Graph graph = device.graph();
        java.util.Objects.requireNonNull(consumer, "consumer");
        for (int s : sources) {
            Checks.checkSource(graph, s);
        }
        if (sources.length == 0) {
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
