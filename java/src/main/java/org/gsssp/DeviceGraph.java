package org.gsssp;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.gsssp.internal.HostMemory;
import org.gsssp.internal.NativeGraph;
import org.gsssp.internal.NativeLibrary;
import org.gsssp.internal.OutputBlock;
import org.gsssp.internal.QueryGate;
import org.gsssp.internal.OutputPool;
import org.gsssp.internal.Status;
import org.gsssp.internal.ffi.GssspNative;
import org.gsssp.internal.ffi.gsssp_certificate;
import org.gsssp.internal.ffi.gsssp_progress_fn;
import org.gsssp.internal.ffi.gsssp_stats;

/**
 * A graph resident on one GPU, answering many queries.
 *
 * <p>Thread safety and concurrency: any number of threads may query at once. Each query takes its own CUDA
 * stream and scratch buffers from a pool kept by the native handle (created on first need, reused after),
 * so concurrent queries run side by side on the GPU rather than queueing behind a lock. ADDS and Near-Far run
 * persistent grids: alone, a query's grid takes the resident blocks its kernel wants (all of them for ADDS, two
 * per SM for Near-Far); when several want the GPU at once, each gets an equal share (about 1/N of the resident
 * blocks for N queries, never more than the GPU holds in total), so they overlap too. {@link #close()} may be called while
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
    private final QueryGate gate;

    private DeviceGraph(Graph graph, DeviceInfo device, MemorySegment handle) {
        this.graph = graph;
        this.gate = new QueryGate("device graph of " + graph.name());
        this.device = device;
        this.handle = handle;
        this.outputs = new OutputPool(graph.numVertices(), true);
    }

    /**
     * Uploads to device 0.
     *
     * @param graph the graph, open; it is validated before the upload
     * @return the resident graph; the caller closes it
     * @throws NoGpuException if no CUDA device is available
     * @throws InvalidGraphException if the graph's arrays are inconsistent
     * @throws DeviceMemoryException if the graph does not fit in the device's memory
     * @throws GraphClosedException if {@code graph} is closed
     */
    public static DeviceGraph upload(Graph graph) {
        return upload(graph, 0);
    }

    /**
     * Uploads a copy of the graph to the given device. The host graph may be closed afterwards unless
     * CPU_DIJKSTRA queries (AUTO's choice on small graphs) are to run through this device graph.
     *
     * @param graph  the graph, open; it is validated before the upload
     * @param device the CUDA device ordinal, in [0, {@link Devices#count()})
     * @return the resident graph; the caller closes it
     * @throws NoGpuException if no CUDA device is available
     * @throws IllegalArgumentException if {@code device} does not exist
     * @throws InvalidGraphException if the graph's arrays are inconsistent
     * @throws DeviceMemoryException if the graph does not fit in the device's memory
     * @throws GraphClosedException if {@code graph} is closed
     */
    public static DeviceGraph upload(Graph graph, int device) {
        return upload(graph, device, null);
    }

    /**
     * {@link #upload(Graph, int)}, telling {@code progress} after every chunk that crosses to the device (see
     * {@link UploadProgress}). Throwing from {@code progress} stops the upload and frees what it had allocated.
     *
     * @param graph    the graph, open; it is validated before the upload
     * @param device   the CUDA device ordinal, in [0, {@link Devices#count()})
     * @param progress hears the bytes copied so far; null for none
     * @return the resident graph; the caller closes it
     * @throws NoGpuException if no CUDA device is available
     * @throws IllegalArgumentException if {@code device} does not exist
     * @throws InvalidGraphException if the graph's arrays are inconsistent
     * @throws DeviceMemoryException if the graph does not fit in the device's memory (said before anything is
     *         allocated, with the bytes needed and free)
     * @throws GraphClosedException if {@code graph} is closed
     */
    public static DeviceGraph upload(Graph graph, int device, UploadProgress progress) {
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
            return new DeviceGraph(graph, info, out.get(ValueLayout.ADDRESS, 0));
        } finally {
            graph.releaseNative();
        }
    }

    /**
     * The host graph this was uploaded from.
     *
     * @return the host graph (open or not)
     */
    public Graph graph() {
        return graph;
    }

    /**
     * The device the graph lives on, as described at upload time.
     *
     * @return the device's properties (its free memory as it was before the upload)
     */
    public DeviceInfo device() {
        return device;
    }

    /**
     * Device memory held: the graph plus pooled query scratch.
     *
     * @return the bytes held now
     * @throws GraphClosedException if this device graph is closed
     */
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

    /**
     * A query with {@link Algorithm#AUTO} and default options (predecessors included); see
     * {@link #query(int, Algorithm, Options)}.
     *
     * @param source the source's internal id
     * @return the distances and predecessors, in pooled memory the caller should close
     * @throws IllegalArgumentException if {@code source} is not a vertex of the graph
     * @throws GraphClosedException if this device graph is closed, before or during the query
     * @throws GssspException (a subclass) if the query fails, e.g. {@link NegativeCycleException}
     */
    public Result query(int source) {
        return query(source, Algorithm.AUTO, Options.defaults());
    }

    /**
     * A query with default options (predecessors included); see {@link #query(int, Algorithm, Options)}.
     *
     * @param source    the source's internal id
     * @param algorithm the algorithm; {@link Algorithm#AUTO} chooses one for the graph
     * @return the distances and predecessors, in pooled memory the caller should close
     * @throws IllegalArgumentException if {@code source} is not a vertex of the graph
     * @throws GraphClosedException if this device graph is closed, before or during the query
     * @throws GssspException (a subclass) if the query fails, e.g. {@link NegativeCycleException}
     */
    public Result query(int source, Algorithm algorithm) {
        return query(source, algorithm, Options.defaults());
    }

    /**
     * One query. {@link Algorithm#AUTO} follows {@link Algorithm#chooseAuto}; CPU_DIJKSTRA runs on the host
     * graph. The distances land in pooled host memory (pinned, filled by one DMA): close the Result to give
     * it back at once, or let the garbage collector do it.
     *
     * @param source    the source's internal id
     * @param algorithm the algorithm; {@link Algorithm#AUTO} chooses one for the graph
     * @param options   the query's options
     * @return the distances (and predecessors, if the options ask for them)
     * @throws IllegalArgumentException if {@code source} is not a vertex of the graph
     * @throws GraphClosedException if this device graph is closed, before or during the query
     * @throws GssspException (a subclass) if the query fails, e.g. {@link NegativeCycleException}
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
            Result result;
            try {
                Ran ran = run(source, resolved, options, block.distances(), predecessors ? block.predecessors() : null);
                OutputPool pool = outputs;
                result = Result.pooled(source, graph.weightType(), block.distances(), block.predecessors(), graph.ids(),
                        resolved, device.name(), ran.stats(), ran.trace(), () -> pool.give(block), ran.distanceBytes())
                        .bindGraph(graph);
            } catch (RuntimeException | Error e) {
                outputs.give(block);
                throw e;
            }
            // From here the Result owns the block (it gives it back once, when closed or collected). With
            // Options.certify the native query checked the answer on the GPU before copying it out.
            return result;
        } finally {
            exit();
        }
    }

    /**
     * One query into the caller's reusable buffers: no allocation, and one copy of the distances (a DMA, the
     * buffers being pinned) straight into them. The Result is a view of the buffers, valid until the next
     * query into them (see {@link QueryBuffers}).
     *
     * @param source    the source's internal id
     * @param algorithm the algorithm; {@link Algorithm#AUTO} chooses one for the graph
     * @param options   the query's options
     * @param into      buffers for the graph's vertex count, with predecessors if the options ask for them
     * @return a view of {@code into} holding the distances (and predecessors)
     * @throws IllegalArgumentException if {@code source} is not a vertex of the graph, or {@code into} does not
     *         fit the graph or lacks predecessors the options ask for
     * @throws IllegalStateException if {@code into} is closed or serves another query
     * @throws GraphClosedException if this device graph is closed, before or during the query
     * @throws GssspException (a subclass) if the query fails, e.g. {@link NegativeCycleException}
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
                        device.name(), ran.stats(), ran.trace(), ran.distanceBytes()).bindGraph(graph);
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
     *
     * @param source    the source's internal id
     * @param algorithm a GPU algorithm, or {@link Algorithm#AUTO}
     * @param options   the query's options; {@link Options#computePredecessors()} decides whether the result
     *                  has predecessors
     * @return the result, in device memory; the caller closes it
     * @throws IllegalArgumentException if {@code algorithm} runs on the CPU, or {@code source} is not a vertex
     *         of the graph
     * @throws GraphClosedException if this device graph is closed, before or during the query
     * @throws GssspException (a subclass) if the query fails, e.g. {@link DeviceMemoryException}
     */
    public DeviceResult queryResident(int source, Algorithm algorithm, Options options) {
        return queryResident(source, algorithm, options, null);
    }

    // stopAt: targets the search may stop at (ADDS, checked on the GPU; gsssp.h); the result's other distances are
    // then upper bounds, so such a result never leaves this class.
    private DeviceResult queryResident(int source, Algorithm algorithm, Options options, int[] stopAt) {
        Algorithm resolved = algorithm == Algorithm.AUTO ? Algorithm.chooseAutoOnGpu(graph) : algorithm;
        if (!resolved.requiresGpu()) {
            throw new IllegalArgumentException(resolved.cliName() + " runs on the CPU; a resident result needs a GPU algorithm");
        }
        Sssp.checkSource(graph, source);
        enter();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment stats = gsssp_stats.allocate(arena);
            MemorySegment out = arena.allocate(ValueLayout.ADDRESS);
            MemorySegment nativeOptions = NativeGraph.queryOptions(options, arena);
            if (stopAt != null) {
                nativeOptions = NativeGraph.withTargets(nativeOptions, stopAt, arena);
            }
            int status = GssspNative.gsssp_device_graph_sssp_resident(handle, resolved.code(), source, nativeOptions,
                    out, stats);
            if (status != GssspNative.GSSSP_SUCCESS()) {
                Status.checkQuery(status, describe(resolved, source), stats);
            }
            return new DeviceResult(this, out.get(ValueLayout.ADDRESS, 0), source, resolved, NativeGraph.stats(stats),
                    options.computePredecessors());
        } finally {
            exit();
        }
    }

    /**
     * The distances from {@code source} to a few {@code targets}, by AUTO: on the CPU with early exit (small
     * graphs; see {@link Sssp#distances(Graph, int, int[])}), else a query whose result stays on the GPU, only the
     * targets' distances coming back. On the GPU, ADDS stops early at up to 64 targets, once a check on the GPU
     * proves their distances exact; a single target on a large sparse int32 graph is searched for from both ends at
     * once (gsssp.h, {@code gsssp_options.targets}).
     *
     * @param source an internal vertex id
     * @param targets internal vertex ids
     * @return their distances in order, +infinity for unreachable ones
     */
    public double[] distances(int source, int[] targets) {
        // An attached hierarchy answers (ContractionHierarchy.attach).
        double[] fromHierarchy = ContractionHierarchy.answerIfAttached(graph,
                ch -> ch.doubleDistances(source, targets));
        if (fromHierarchy != null) {
            return fromHierarchy;
        }
        if (!resolve(Algorithm.AUTO).requiresGpu()) {
            enter();
            try {
                return Sssp.distances(graph, source, targets);
            } finally {
                exit();
            }
        }
        Sssp.checkTargets(graph, targets);
        if (targets.length == 0) {
            return new double[0];
        }
        try (DeviceResult r = queryTargets(source, targets)) {
            return r.distances(targets);
        }
    }

    /**
     * {@link #distances(int, int[])} as exact int64 values, for INT32-weighted graphs.
     *
     * @param source an internal vertex id
     * @param targets internal vertex ids
     * @return their distances in order, {@code Long.MAX_VALUE} for unreachable ones
     * @throws IllegalStateException if the graph's weights are FLOAT32
     */
    public long[] distancesAsLong(int source, int[] targets) {
        // An attached hierarchy answers (ContractionHierarchy.attach).
        long[] fromHierarchy = ContractionHierarchy.answerIfAttached(graph, ch -> ch.distances(source, targets));
        if (fromHierarchy != null) {
            return fromHierarchy;
        }
        if (graph.weightType() != WeightType.INT32) {
            throw new IllegalStateException("distancesAsLong is for int32-weighted graphs; this one has " + graph.weightType());
        }
        if (!resolve(Algorithm.AUTO).requiresGpu()) {
            enter();
            try {
                return Sssp.distancesAsLong(graph, source, targets);
            } finally {
                exit();
            }
        }
        Sssp.checkTargets(graph, targets);
        if (targets.length == 0) {
            return new long[0];
        }
        try (DeviceResult r = queryTargets(source, targets)) {
            return r.distancesAsLong(targets);
        }
    }

    /**
     * AUTO's GPU query, resident, without predecessors, told the targets: ADDS stops once the head bucket has passed
     * them and the GPU has checked that no edge within the ball of the largest target distance improves its head
     * (which proves their distances exact; a failed check runs the search in full). Only the targets' distances
     * cross the bus.
     */
    private DeviceResult queryTargets(int source, int[] targets) {
        return queryResident(source, resolve(Algorithm.AUTO), Sssp.NO_PREDECESSORS, targets);
    }

    /**
     * A shortest path from {@code source} to {@code target}, by AUTO (see {@link #distances(int, int[])}).
     *
     * @param source an internal vertex id
     * @param target an internal vertex id
     * @return the path, empty if the target is unreachable
     */
    public ShortestPath path(int source, int target) {
        // An attached hierarchy answers (ContractionHierarchy.attach).
        ShortestPath fromHierarchy = ContractionHierarchy.answerIfAttached(graph, ch -> ch.path(source, target));
        if (fromHierarchy != null) {
            return fromHierarchy;
        }
        if (!resolve(Algorithm.AUTO).requiresGpu()) {
            enter();
            try {
                return Sssp.path(graph, source, target);
            } finally {
                exit();
            }
        }
        try (DeviceResult r = queryResident(source, Algorithm.AUTO, Options.defaults())) {
            return r.path(target);
        }
    }

    /**
     * Distances from every source to every target, by AUTO's batch design ({@link #chooseBatch}): a thread block per
     * source ({@link Algorithm#BLOCK_BELLMAN_FORD} or {@link Algorithm#BLOCK_NEAR_FAR}), only the targets' columns
     * crossing the bus; CPU Dijkstra on every core ({@link Sssp#matrix}) for small graphs that do not fit a block;
     * else one resident query per source (ADDS, or H-BF for negative weights), several in flight at once, each sending
     * back only its row.
     *
     * @param sources internal vertex ids, one row each
     * @param targets internal vertex ids, one column each
     * @return the k × t matrix; the caller closes it
     */
    public DistanceMatrix matrix(int[] sources, int[] targets) {
        return matrix(sources, targets, Algorithm.AUTO);
    }

    /**
     * {@link #matrix(int[], int[])} by a chosen design: {@link Algorithm#MULTI_BELLMAN_FORD} (up to 128 sources per
     * launch), {@link Algorithm#BLOCK_BELLMAN_FORD} (a thread block per source, small graphs) or
     * {@link Algorithm#BLOCK_NEAR_FAR} (a thread block per source, any graph) run the one-launch designs, only the
     * targets' columns crossing the bus; AUTO chooses as {@link #matrix(int[], int[])} does; a CPU algorithm runs
     * {@link Sssp#matrix}; any other GPU algorithm runs one resident query per source, several in flight at once.
     *
     * @param sources   internal vertex ids, one row each
     * @param targets   internal vertex ids, one column each
     * @param algorithm a one-launch design, another algorithm, or AUTO
     * @return the k × t matrix; the caller closes it
     */
    public DistanceMatrix matrix(int[] sources, int[] targets, Algorithm algorithm) {
        // An attached hierarchy answers AUTO (ContractionHierarchy.attach).
        DistanceMatrix fromHierarchy = algorithm != Algorithm.AUTO ? null
                : ContractionHierarchy.answerIfAttached(graph, ch -> ch.matrix(sources, targets));
        if (fromHierarchy != null) {
            return fromHierarchy;
        }
        Options noTree = Sssp.NO_PREDECESSORS;
        Algorithm design = resolveBatch(algorithm, noTree, sources.length);
        if (oneLaunch(design)) {
            Sssp.checkTargets(graph, targets);
            return oneLaunchMatrix(sources, targets, design, noTree);
        }
        if (!design.requiresGpu()) {
            enter();
            try {
                return Sssp.matrix(graph, sources, targets);
            } finally {
                exit();
            }
        }
        Sssp.checkTargets(graph, targets);
        DistanceMatrix m = new DistanceMatrix(sources.length, targets.length, graph.weightType());
        try {
            java.util.stream.IntStream.range(0, sources.length).parallel().forEach(i -> {
                try (DeviceResult r = queryResident(sources[i], design, noTree)) {
                    if (m.weightType() == WeightType.INT32) {
                        m.setRow(i, r.distancesAsLong(targets));
                    } else {
                        m.setRow(i, r.distances(targets));
                    }
                }
            });
            return m;
        } catch (RuntimeException | Error e) {
            m.close();
            throw e;
        }
    }

    /** The matrix by the one-launch design: one native call, only the targets' columns cross the bus. */
    private DistanceMatrix oneLaunchMatrix(int[] sources, int[] targets, Algorithm algorithm, Options options) {
        for (int s : sources) {
            Sssp.checkSource(graph, s);
        }
        DistanceMatrix m = new DistanceMatrix(sources.length, targets.length, graph.weightType());
        enter();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment ids = arena.allocate(ValueLayout.JAVA_LONG, Math.max(1, sources.length));
            for (int i = 0; i < sources.length; i++) {
                ids.setAtIndex(ValueLayout.JAVA_LONG, i, sources[i]);
            }
            MemorySegment columns = arena.allocateFrom(ValueLayout.JAVA_INT, targets);
            MemorySegment stats = gsssp_stats.allocate(arena);
            int status = GssspNative.gsssp_device_graph_sssp_batch(handle, algorithm.code(), ids, sources.length, columns,
                    targets.length, NativeGraph.queryOptions(options, arena), m.writable(), MemorySegment.NULL, stats);
            Status.checkQuery(status, algorithm.cliName() + " matrix of " + sources.length + " x " + targets.length + " on " + graph.name(),
                    stats);
            return m;
        } catch (RuntimeException | Error e) {
            m.close();
            throw e;
        } finally {
            exit();
        }
    }

    /**
     * Queries several sources at once on the GPU and streams their answers out, by one of these designs:
     * <ul>
     *   <li>{@link Algorithm#BLOCK_BELLMAN_FORD} without predecessors: <em>a thread block per source</em>, thousands
     *       of sources per launch (graphs whose distances fit one block's shared memory), in native calls of up to
     *       8,192 sources;</li>
     *   <li>{@link Algorithm#BLOCK_NEAR_FAR} without predecessors: <em>a thread block per source</em> running
     *       Near-Far in global memory, any graph, as many sources per launch as fit its device-memory budget;</li>
     *   <li>{@link Algorithm#MULTI_BELLMAN_FORD} without predecessors: <em>one launch for many sources</em>. Up to
     *       128 sources are searched together (a warp lane per source, each edge read once for all of them), in
     *       native calls of up to {@value #MULTI_CHUNK_MAX} sources.</li>
     *   <li>For these, while the consumer reads one call's rows, the next call runs. Host memory: at most 2 GiB of
     *       rows (page-locked when a GPU is present), kept for the next batch until this graph closes.</li>
     *   <li>any other algorithm, or predecessors: <em>concurrent queries</em> (the concurrency model in the README:
     *       each query in flight takes a share of the GPU). At most {@link #BATCH_IN_FLIGHT} run at a time, each
     *       into pinned output buffers of its own that serve the next source once the consumer has read the
     *       answer. A CPU algorithm runs one worker per core.</li>
     * </ul>
     * AUTO chooses by {@link #chooseBatch}. The consumer gets one call at a time (see {@link BatchConsumer}).
     *
     * @param sources   internal vertex ids, in any order, repeats allowed
     * @param algorithm the algorithm; {@link Algorithm#AUTO} chooses one for the graph
     * @param options   the queries' options (predecessors if they ask for them)
     * @param consumer  receives each source's position in {@code sources} and its answer
     * @throws IllegalArgumentException if a source is not a vertex of the graph (before any query runs)
     * @throws GraphClosedException if this device graph is closed, before or during the batch
     * @throws RuntimeException what a query or the consumer threw first; the batch stops there
     */
    public void queryBatch(int[] sources, Algorithm algorithm, Options options, BatchConsumer consumer) {
        Algorithm resolved = resolveBatch(algorithm, options, sources.length);
        enter();
        try {
            if (oneLaunch(resolved) && !options.computePredecessors()) {
                oneLaunchBatch(sources, resolved, options, consumer);
                return;
            }
            if (!resolved.requiresGpu()) {
                Sssp.cpuBatch(graph, sources, resolved, options, consumer);
                return;
            }
            Batches.run(graph, sources, options.computePredecessors(), batchWorkers(options),
                    (source, into) -> query(source, resolved, options, into), consumer);
        } finally {
            exit();
        }
    }

    /**
     * Queries a {@link #queryBatch} of concurrent ADDS (or H-BF) queries keeps in flight on the GPU: 3, or the system
     * property {@code gsssp.batchInFlight}. AUTO sends large dense graphs here (R-MAT, uniform random), whose searches
     * already spread over the whole GPU: more of them at once only share the L2 cache. H100, BatchBenchmark.batch,
     * 256 sources, µs per answer with 1, 2, 3, 4, 6, 8 in flight: R-MAT 20 1,248, 1,081, 1,067, 1,080, 1,198, 1,298;
     * random 1M × 7 1,613, 1,484, 1,551, 1,624, 1,749, 1,832 (benchmarks/results/many/2026-11-26_6221ff7_h100).
     * (Threads of the caller's own are another matter: eight threads sharing one resident USA-road-d.NY answered 4.4
     * times the queries per second of one, benchmarks/results/serving/2026-11-26_fecdf8a_h100.)
     */
    public static final int BATCH_IN_FLIGHT = Integer.getInteger("gsssp.batchInFlight", 3);

    /** Sources per native call of the multi-bf batch design (four launches of 128). */
    public static final int MULTI_CHUNK_MAX = 512;

    /** Sources per native call of the block-per-source batch design (a launch of up to 8,192 blocks). */
    static final int BLOCK_CHUNK_MAX = 8_192;

    /** Host memory of the one-launch batch design's row buffers together, at most (one buffer for a batch that fits). */
    static final long MULTI_HOST_BYTES = 2L << 30;

    /**
     * The algorithm AUTO gives a batch of {@code sources} sources on this graph: {@link Algorithm#chooseBatchOnGpu}'s
     * rule, with how {@link Algorithm#BLOCK_BELLMAN_FORD} fits this graph on this device. Without predecessors and with
     * non-negative weights: {@link Algorithm#BLOCK_BELLMAN_FORD} (a block per source) when the whole graph fits one
     * block's shared memory; CPU Dijkstra on every core for other graphs below AUTO's crossover;
     * {@link Algorithm#BLOCK_NEAR_FAR} (a block per source) for sparse graphs (at most
     * {@link Algorithm#AUTO_BLOCK_NF_MAX_DEGREE} edges per vertex: road networks, grids, meshes) and graphs of at most
     * {@link Algorithm#AUTO_BLOCK_NF_MAX_VERTICES} vertices; else concurrent ADDS queries. H200, µs per answer, 256
     * random sources (benchmarks/results/many/2026-11-26_ddf1b4b_h200): USA-road-d.NY block-nf 132.2 against concurrent
     * ADDS 833.2; R-MAT 20 1,678.2 against 1,278.8; rome99 block-bf 3.2 against the CPU's 30.1 (earlier runs). The
     * lanes design ({@link Algorithm#MULTI_BELLMAN_FORD}) lost on every graph class measured
     * (benchmarks/results/many/2026-11-26_dd2dee6_h200): a vertex joins a round's frontier when any of its 128 searches
     * lowered it, so each round does the union of 128 Bellman-Ford frontiers. With predecessors, or negative weights,
     * the single query's algorithm runs as concurrent queries.
     *
     * @param algorithm   the caller's algorithm; anything but AUTO is kept
     * @param options     the batch's options
     * @param sourceCount the number of sources in the batch
     * @return the algorithm the batch runs
     */
    public Algorithm chooseBatch(Algorithm algorithm, Options options, int sourceCount) {
        return resolveBatch(algorithm, options, sourceCount);
    }

    private Algorithm resolveBatch(Algorithm algorithm, Options options, int sourceCount) {
        if (algorithm != Algorithm.AUTO) {
            return algorithm;
        }
        return Algorithm.chooseBatchOnGpu(graph, blockFit(), options.computePredecessors());
    }

    /** gsssp_device_graph_block_fit for this graph, asked once: -1 until then. */
    private volatile int blockFit = -1;

    /**
     * How {@link Algorithm#BLOCK_BELLMAN_FORD} runs on this graph on its device: 0 not at all (too large), 1 with its
     * distances in one block's shared memory, 2 with the whole graph there (its fastest kernel).
     *
     * @return 0, 1 or 2
     * @throws GraphClosedException if this device graph is closed
     */
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

    /**
     * Queries in flight of a batch of concurrent queries on this graph: {@link #BATCH_IN_FLIGHT}, fewer where their
     * host memory (n distances of 8 bytes, and predecessors of 4 if asked, per worker) would pass about 1 GiB.
     */
    int batchWorkers(Options options) {
        long perWorker = (long) graph.numVertices() * (options.computePredecessors() ? 12 : 8);
        return (int) Math.max(1, Math.min(BATCH_IN_FLIGHT, (1L << 30) / Math.max(1, perWorker)));
    }

    /**
     * The algorithm of a batch that {@link #queryBatch} runs as concurrent single queries (each into a worker's
     * buffers), or null where it runs another way (one-launch designs, or on the CPU): what {@link DeviceGroup} needs
     * to pool the workers of all its devices.
     */
    Algorithm concurrentBatchAlgorithm(Algorithm algorithm, Options options, int sourceCount) {
        Algorithm resolved = resolveBatch(algorithm, options, sourceCount);
        if ((oneLaunch(resolved) && !options.computePredecessors()) || !resolved.requiresGpu()) {
            return null;
        }
        return resolved;
    }

    /** The designs that run a batch in launches of many sources (gsssp_device_graph_sssp_batch). */
    private static boolean oneLaunch(Algorithm algorithm) {
        return algorithm == Algorithm.MULTI_BELLMAN_FORD || algorithm == Algorithm.BLOCK_BELLMAN_FORD
                || algorithm == Algorithm.BLOCK_NEAR_FAR;
    }



    /** The one-launch designs of {@link #queryBatch}: native calls of many sources, two in turn. */
    private void oneLaunchBatch(int[] sources, Algorithm algorithm, Options options, BatchConsumer consumer) {
        java.util.Objects.requireNonNull(consumer, "consumer");
        for (int s : sources) {
            Sssp.checkSource(graph, s);
        }
        if (sources.length == 0) {
            return;
        }
        long rowBytes = Math.max(8L, (long) graph.numVertices() * Long.BYTES);
        int most = algorithm == Algorithm.MULTI_BELLMAN_FORD ? MULTI_CHUNK_MAX : BLOCK_CHUNK_MAX;
        int chunk;
        int buffersNeeded;
        if (sources.length <= most && sources.length * rowBytes <= MULTI_HOST_BYTES) {
            chunk = sources.length;  // one call, one buffer
            buffersNeeded = 1;
        } else {
            chunk = (int) Math.max(1, Math.min(most, MULTI_HOST_BYTES / 2 / rowBytes));
            if (algorithm == Algorithm.MULTI_BELLMAN_FORD && chunk >= 128) {
                chunk -= chunk % 128;  // whole launches of its 128 lanes
            }
            int calls = (sources.length + chunk - 1) / chunk;
            chunk = (sources.length + calls - 1) / calls;  // calls of equal size: a short last call would idle the GPU
            buffersNeeded = 2;
        }
        BatchRows buffers = takeRows(chunk, chunk * rowBytes, buffersNeeded);
        java.util.concurrent.ExecutorService runner = null;
        java.util.concurrent.Future<Stats> pending = null;
        try {
            MemorySegment[] rows = buffers.rows;
            MemorySegment[] reached = buffers.reached;
            final int size = chunk;
            // One call's worth runs on the caller's thread; more alternate with a second thread, which runs the next
            // call while the consumer reads this one's rows.
            Stats only = sources.length <= chunk ? runOneLaunch(algorithm, sources, 0, sources.length, options, rows[0], reached[0])
                    : null;
            if (only == null) {
                runner = java.util.concurrent.Executors.newSingleThreadExecutor(r -> {
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
                            algorithm, device.name(), row, java.util.List.of()).bindGraph(graph);
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
            giveRows(buffers);
        }
    }

    /**
     * The one-launch batches' two row buffers and their reached counts, page-locked when a GPU is present. Pinning
     * costs about a millisecond per few MB, more than a small batch's whole search (rome99, 256 sources: 13.7 MB), so
     * the buffers of the last batch are kept for the next (at most {@link #MULTI_HOST_BYTES}) until this device graph
     * closes.
     */
    private static final class BatchRows {
        final Arena arena = Arena.ofShared();
        final long bytesEach;
        final int chunk;
        final MemorySegment[] rows;
        final MemorySegment[] reached;

        BatchRows(int chunk, long bytesEach, int buffers, boolean pinned) {
            this.chunk = chunk;
            this.bytesEach = bytesEach;
            try {
                rows = new MemorySegment[buffers];
                reached = new MemorySegment[buffers];
                for (int i = 0; i < buffers; i++) {
                    rows[i] = HostMemory.allocate(bytesEach, pinned, arena);
                    reached[i] = arena.allocate(ValueLayout.JAVA_LONG, chunk);
                }
            } catch (RuntimeException | Error e) {
                arena.close();
                throw e;
            }
        }
    }

    private final java.util.concurrent.atomic.AtomicReference<BatchRows> idleRows = new java.util.concurrent.atomic.AtomicReference<>();

    /** The kept buffers if they are large enough, else new ones (the kept ones freed). */
    private BatchRows takeRows(int chunk, long bytesEach, int buffers) {
        BatchRows kept = idleRows.getAndSet(null);
        if (kept != null && kept.chunk >= chunk && kept.bytesEach >= bytesEach && kept.rows.length >= buffers) {
            return kept;
        }
        if (kept != null) {
            kept.arena.close();
        }
        return new BatchRows(chunk, bytesEach, buffers, Devices.available());
    }

    /** Keeps {@code rows} for the next batch (freeing what was kept before), or frees them once this graph is closed. */
    private void giveRows(BatchRows rows) {
        BatchRows previous = idleRows.getAndSet(rows);
        if (previous != null) {
            previous.arena.close();
        }
        if (!gate.isClosed()) {
            return;
        }
        freeIdleRows();
    }

    private void freeIdleRows() {
        BatchRows kept = idleRows.getAndSet(null);
        if (kept != null) {
            kept.arena.close();
        }
    }

    private static Stats await(java.util.concurrent.Future<Stats> future) {
        try {
            return future.get();
        } catch (java.util.concurrent.ExecutionException e) {
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
            int status = GssspNative.gsssp_device_graph_sssp_batch(handle, algorithm.code(), ids, count, MemorySegment.NULL, 0,
                    NativeGraph.queryOptions(options, arena), out, reached, stats);
            Status.checkQuery(status, algorithm.cliName() + " batch of " + count + " sources on " + graph.name(), stats);
            return NativeGraph.stats(stats);
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
            if (status != GssspNative.GSSSP_SUCCESS()) {
                Status.checkQuery(status, describe(resolved, source), stats);
            }
            return new Ran(NativeGraph.stats(stats), NativeGraph.trace(nativeOptions, stats), NativeGraph.distanceBytes(stats));
        }
    }

    /**
     * Checks an answer for this graph on the GPU, against the graph alone: the optimality certificate of
     * {@link Result#certify()} (the source at 0, no edge improving a distance, tight paths from the source to
     * every reached vertex, and a tight, acyclic tree when the answer has predecessors), in about one pass over
     * the graph on the device. The answer's distances (and predecessors) are copied to the GPU first; an answer
     * already there is checked where it lies by {@link DeviceResult#certify()}.
     *
     * @param answer an answer for this graph, from any algorithm, CPU or GPU
     * @return the certificate: whether it holds, the first violation naming the vertex or edge, and the
     *         device time of the check
     * @throws IllegalArgumentException if {@code answer} has another vertex count than this graph
     * @throws IllegalStateException if {@code answer} is closed or stale
     * @throws GraphClosedException if this device graph is closed
     */
    public Certificate certify(Result answer) {
        if (answer.numVertices() != graph.numVertices()) {
            throw new IllegalArgumentException("the answer has " + answer.numVertices() + " vertices, the graph "
                    + graph.numVertices());
        }
        MemorySegment distances = answer.distances();
        MemorySegment predecessors = answer.hasPredecessors() ? answer.predecessorsSegment() : MemorySegment.NULL;
        enter();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = gsssp_certificate.allocate(arena);
            Status.check(GssspNative.gsssp_device_graph_certify(handle, answer.source(), distances, predecessors, out),
                    "certifying " + answer.algorithm().cliName() + "'s answer from vertex "
                            + graph.ids().toExternal(answer.source()) + " on " + graph.name());
            return Certificate.ofNative(out, graph);
        } finally {
            exit();
        }
    }

    /**
     * Whether {@link #close()} has been called.
     *
     * @return true once closing has begun
     */
    public boolean isClosed() {
        return gate.isClosed();
    }

    /**
     * Fails running queries (they see {@link GraphClosedException}), waits for them to leave, frees the
     * device memory. Idempotent.
     *
     * @throws CudaException if the native library fails to cancel the queries or free the memory
     */
    @Override
    public void close() {
        gate.close(() -> Status.check(GssspNative.gsssp_device_graph_cancel(handle), "closing device graph"), () -> {
            outputs.close();
            freeIdleRows();
            Status.check(GssspNative.gsssp_device_graph_destroy(handle), "closing device graph");
        });
    }

    private void enter() {
        gate.enter();
    }

    private void exit() {
        gate.exit();
    }
}
