package org.gsssp;

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
    private final DeviceHandle handle;
    private final DeviceQueries queries;
    private final ResidentQueries resident;
    private final DeviceBatches batches;
    private final DeviceMatrices matrices;

    private DeviceGraph(DeviceHandle handle) {
        this.handle = handle;
        this.queries = new DeviceQueries(handle);
        this.resident = new ResidentQueries(handle);
        this.batches = new DeviceBatches(handle, queries);
        this.matrices = new DeviceMatrices(handle, batches, resident);
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
        return new DeviceGraph(DeviceHandle.upload(graph, device, progress, DeviceHandle.NO_GPU_FOR_DEVICE_GRAPH));
    }

    /**
     * {@link #upload(Graph)} for a caller that names a GPU algorithm ({@link Sssp}): without a GPU the
     * {@link NoGpuException} ends with {@code advice} instead of pointing to the CPU path.
     */
    static DeviceGraph upload(Graph graph, String advice) {
        return new DeviceGraph(DeviceHandle.upload(graph, 0, null, advice));
    }

    /**
     * The host graph this was uploaded from.
     *
     * @return the host graph (open or not)
     */
    public Graph graph() {
        return handle.graph();
    }

    /**
     * The device the graph lives on, as described at upload time.
     *
     * @return the device's properties (its free memory as it was before the upload)
     */
    public DeviceInfo device() {
        return handle.device();
    }

    /**
     * Device memory held: the graph plus pooled query scratch.
     *
     * @return the bytes held now
     * @throws GraphClosedException if this device graph is closed
     */
    public long deviceMemoryBytes() {
        return handle.memoryBytes();
    }

    /**
     * Attaches a contraction hierarchy of this graph: copies it to the device for {@link Algorithm#PHAST} now (its
     * downward arcs renumbered by level, 8 bytes per downward arc and 12 per vertex of device memory; 33.7 ms for road
     * NY on an H100), and {@link ContractionHierarchy#attach() attaches} it to the host graph. From then on:
     * <ul>
     *   <li>AUTO's one-to-all queries ({@code query}, {@code queryResident}) and {@code queryBatch} rows run PHAST,
     *       where the weights are int32 and non-negative, the query has no cutoff and AUTO would run a GPU algorithm
     *       ({@link #chooseQuery}, {@link #chooseBatch});</li>
     *   <li>{@code distances}, {@code distancesAsLong} and {@code path} answer from the hierarchy on the host (a
     *       point-to-point query takes tens of microseconds, a GPU query milliseconds), and so does AUTO's
     *       {@code matrix}: the hierarchy's RPHAST sweeps on the host's cores were faster than RPHAST on the device
     *       ({@link #matrix(int[], int[])}). A matrix naming {@link Algorithm#PHAST} runs RPHAST on the device.</li>
     * </ul>
     * {@link ContractionHierarchy#attach()} alone has the same effect, the copy then being made at the first query
     * that needs it. The device keeps its copy until this device graph closes, so the hierarchy may be closed:
     * detaching or closing it returns AUTO to the search algorithms, while a query naming PHAST still sweeps the
     * copy. A graph takes one copy: attaching a second hierarchy of the same graph only attaches it on the host
     * (every hierarchy of a graph gives the same distances).
     *
     * @param hierarchy a hierarchy built or loaded for {@link #graph()}, open
     * @return this device graph
     * @throws IllegalArgumentException if the hierarchy is of another graph
     * @throws UnsupportedInputException if the graph's weights are float32 or negative
     * @throws DeviceMemoryException if the hierarchy does not fit in the device's memory
     * @throws GraphClosedException if this device graph or the hierarchy is closed
     */
    public DeviceGraph attach(ContractionHierarchy hierarchy) {
        java.util.Objects.requireNonNull(hierarchy, "hierarchy");
        if (hierarchy.graph() != graph()) {
            throw new IllegalArgumentException("the contraction hierarchy is of " + hierarchy.graph().name()
                    + ", not of this device graph's " + graph().name() + " (build or load it for the same Graph)");
        }
        handle.attachHierarchy(hierarchy);
        hierarchy.attach();
        return this;
    }

    /**
     * Whether a contraction hierarchy is on the device, so that {@link Algorithm#PHAST} can run.
     *
     * @return true once {@link #attach(ContractionHierarchy)}, or a query on a graph carrying a hierarchy, has copied
     *         one to the device
     */
    public boolean hasHierarchy() {
        return handle.hierarchyOnDevice();
    }

    /**
     * The algorithm a single query on this graph runs: anything but AUTO stays; AUTO follows
     * {@link Algorithm#chooseAuto(Graph, boolean)} with a GPU, except that where the graph carries a contraction
     * hierarchy ({@link #attach(ContractionHierarchy)}), the weights are int32 and non-negative, the options ask for no
     * cutoff and that rule picks a GPU algorithm, it picks {@link Algorithm#PHAST} (on road NY on an H100 a whole
     * native PHAST call took 0.31 ms, ADDS's 4.0 ms: docs/performance.md, PHAST). A cutoff keeps ADDS, which
     * explores only the ball. Asking may copy the graph's attached hierarchy to the device.
     *
     * @param algorithm the caller's algorithm
     * @param options   the query's options
     * @return the algorithm the query runs, never AUTO
     * @throws UnsupportedInputException if {@code algorithm} is PHAST and no hierarchy is attached
     */
    public Algorithm chooseQuery(Algorithm algorithm, Options options) {
        return handle.resolve(algorithm, options);
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
     * One query. {@link Algorithm#AUTO} follows {@link #chooseQuery} (PHAST where a hierarchy is attached);
     * CPU_DIJKSTRA runs on the host graph. The distances land in pooled host memory (pinned, filled by one DMA):
     * close the Result to give it back at once, or let the garbage collector do it.
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
        return queries.query(source, algorithm, options);
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
        return queries.query(source, algorithm, options, into);
    }

    /**
     * One query whose result stays on the GPU: only what is read from the {@link DeviceResult} crosses the
     * bus (one distance, a few, a path, or all on demand). Close it when done. AUTO follows
     * {@link Algorithm#chooseAuto} with a GPU, whatever the graph's size (a resident result lives on the
     * GPU), and picks {@link Algorithm#PHAST} where {@link #chooseQuery} would on a graph carrying a hierarchy.
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
        return resident.query(source, algorithm, options, null);
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
        double[] fromHierarchy = ContractionHierarchy.answerIfAttached(graph(),
                ch -> ch.doubleDistances(source, targets));
        if (fromHierarchy != null) {
            return fromHierarchy;
        }
        return resident.distances(source, targets);
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
        long[] fromHierarchy = ContractionHierarchy.answerIfAttached(graph(), ch -> ch.distances(source, targets));
        if (fromHierarchy != null) {
            return fromHierarchy;
        }
        return resident.distancesAsLong(source, targets);
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
        ShortestPath fromHierarchy = ContractionHierarchy.answerIfAttached(graph(), ch -> ch.path(source, target));
        if (fromHierarchy != null) {
            return fromHierarchy;
        }
        return resident.path(source, target);
    }

    /**
     * Distances from every source to every target. With a contraction hierarchy attached to the graph
     * ({@link #attach(ContractionHierarchy)} or {@link ContractionHierarchy#attach()}): the hierarchy's matrix on the
     * host ({@link ContractionHierarchy#matrix(int[], int[])}, RPHAST sweeps on every core), which was faster than
     * RPHAST on the device (a 1,000 x 1,000 matrix on road NY: 6.9 to 8.2 ms on an H100 host's 16 cores, 24.4 ms on
     * its GPU: docs/performance.md, PHAST); {@link Algorithm#PHAST} named runs the device's. Without one, by AUTO's
     * batch design ({@link #chooseBatch}): a thread block per source ({@link Algorithm#BLOCK_BELLMAN_FORD} or
     * {@link Algorithm#BLOCK_NEAR_FAR}), only the targets' columns crossing the bus; CPU Dijkstra on every core ({@link Sssp#matrix}) for small graphs that do not fit a block;
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
     * targets' columns crossing the bus; {@link Algorithm#PHAST} runs RPHAST (a hierarchy must be attached, else
     * {@link UnsupportedInputException}) on the device; AUTO chooses as {@link #matrix(int[], int[])} does (the
     * attached hierarchy's matrix on the host, else AUTO's batch design); a CPU algorithm runs
     * {@link Sssp#matrix}; any other GPU algorithm runs one resident query per source, several in flight at once.
     *
     * @param sources   internal vertex ids, one row each
     * @param targets   internal vertex ids, one column each
     * @param algorithm a one-launch design, another algorithm, or AUTO
     * @return the k × t matrix; the caller closes it
     */
    public DistanceMatrix matrix(int[] sources, int[] targets, Algorithm algorithm) {
        // An attached hierarchy answers AUTO on the host: its RPHAST sweeps on every core beat RPHAST on the device
        // (docs/performance.md, PHAST). PHAST named still runs on the device.
        DistanceMatrix fromHierarchy = algorithm != Algorithm.AUTO ? null
                : ContractionHierarchy.answerIfAttached(graph(), ch -> ch.matrix(sources, targets));
        if (fromHierarchy != null) {
            return fromHierarchy;
        }
        return matrices.matrix(sources, targets, algorithm);
    }

    /**
     * Queries several sources at once on the GPU and streams their answers out, by one of these designs:
     * <ul>
     *   <li>{@link Algorithm#PHAST} without predecessors (a hierarchy attached: {@link #attach}): up to 256 sources
     *       <em>swept together</em> over the hierarchy, each arc read once for all of them, in native calls of up to
     *       1,024 sources;</li>
     *   <li>{@link Algorithm#BLOCK_BELLMAN_FORD} without predecessors: <em>a thread block per source</em>, thousands
     *       of sources per launch (up to 8,192; graphs whose distances fit one block's shared memory);</li>
     *   <li>{@link Algorithm#BLOCK_NEAR_FAR} without predecessors: <em>a thread block per source</em> running
     *       Near-Far in global memory, any graph, as many sources per launch as fit its device-memory budget;</li>
     *   <li>{@link Algorithm#MULTI_BELLMAN_FORD} without predecessors: <em>one launch for many sources</em>. Up to
     *       128 sources are searched together (a warp lane per source, each edge read once for all of them).</li>
     *   <li>For these, the rows stay on the GPU and cross the bus a few at a time through a small page-locked
     *       staging buffer (16 MiB, at least two rows; kept for the next batch until this graph closes): the consumer
     *       reads some rows while the next ones are copied. A first batch then costs about what a later one does:
     *       pinning host memory for all of a batch's rows cost more than its search.</li>
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
        batches.run(sources, algorithm, options, consumer);
    }

    /**
     * Queries a {@link #queryBatch} of concurrent ADDS (or H-BF) queries keeps in flight on the GPU: 3, or the system
     * property {@code gsssp.batchInFlight}. AUTO sends large dense graphs here (R-MAT, uniform random), whose searches
     * already spread over the whole GPU: more of them at once only share the L2 cache, and 2 to 4 in flight answered
     * fastest (docs/performance.md, batches). Threads of the caller's own are another matter: small searches from
     * several threads overlap well on one resident graph.
     */
    public static final int BATCH_IN_FLIGHT = DeviceBatches.BATCH_IN_FLIGHT;

    /**
     * Sources per native call of the multi-bf batch design when its rows go to host buffers for whole calls (four
     * launches of 128); {@link #queryBatch} now streams them in one call, and this bound serves no batch of its own.
     */
    public static final int MULTI_CHUNK_MAX = DeviceBatches.MULTI_CHUNK_MAX;

    /**
     * The algorithm AUTO gives a batch of {@code sources} sources on this graph: {@link Algorithm#chooseBatchOnGpu}'s
     * rule, with how {@link Algorithm#BLOCK_BELLMAN_FORD} fits this graph on this device. Where the graph carries a
     * contraction hierarchy and {@link #chooseQuery} picks {@link Algorithm#PHAST}, a batch runs PHAST (with
     * predecessors as concurrent PHAST queries; a matrix answers from the hierarchy on the host instead, see
     * {@link #matrix(int[], int[])}); asking may copy the hierarchy to the device.
     * Otherwise, without predecessors and with
     * non-negative weights: {@link Algorithm#BLOCK_BELLMAN_FORD} (a block per source) when the whole graph fits one
     * block's shared memory; CPU Dijkstra on every core for other graphs below AUTO's crossover;
     * {@link Algorithm#BLOCK_NEAR_FAR} (a block per source) for sparse graphs (at most
     * {@link Algorithm#AUTO_BLOCK_NF_MAX_DEGREE} edges per vertex: road networks, grids, meshes) and graphs of at most
     * {@link Algorithm#AUTO_BLOCK_NF_MAX_VERTICES} vertices; else concurrent ADDS queries (docs/performance.md,
     * batches, has the measurements). The lanes design ({@link Algorithm#MULTI_BELLMAN_FORD}) lost on every graph
     * class measured: a vertex joins a round's frontier when any of its 128 searches lowered it, so each round does
     * the union of 128 Bellman-Ford frontiers. With predecessors, or negative weights, the single query's algorithm
     * runs as concurrent queries.
     *
     * @param algorithm   the caller's algorithm; anything but AUTO is kept
     * @param options     the batch's options
     * @param sourceCount the number of sources in the batch
     * @return the algorithm the batch runs
     */
    public Algorithm chooseBatch(Algorithm algorithm, Options options, int sourceCount) {
        return batches.resolve(algorithm, options, sourceCount);
    }

    /**
     * How {@link Algorithm#BLOCK_BELLMAN_FORD} runs on this graph on its device: 0 not at all (too large), 1 with its
     * distances in one block's shared memory, 2 with the whole graph there (its fastest kernel).
     *
     * @return 0, 1 or 2
     * @throws GraphClosedException if this device graph is closed
     */
    int blockFit() {
        return handle.blockFit();
    }

    /**
     * Queries in flight of a batch of concurrent queries on this graph: {@link #BATCH_IN_FLIGHT}, fewer where their
     * host memory (n distances of 8 bytes, and predecessors of 4 if asked, per worker) would pass about 1 GiB.
     */
    int batchWorkers(Options options) {
        return batches.workers(options);
    }

    /**
     * The algorithm of a batch that {@link #queryBatch} runs as concurrent single queries (each into a worker's
     * buffers), or null where it runs another way (one-launch designs, or on the CPU): what {@link DeviceGroup} needs
     * to pool the workers of all its devices.
     */
    Algorithm concurrentBatchAlgorithm(Algorithm algorithm, Options options, int sourceCount) {
        return batches.concurrentAlgorithm(algorithm, options, sourceCount);
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
        return queries.certify(answer);
    }

    /**
     * Whether {@link #close()} has been called.
     *
     * @return true once closing has begun
     */
    public boolean isClosed() {
        return handle.isClosed();
    }

    /**
     * Fails running queries (they see {@link GraphClosedException}), waits for them to leave, frees the
     * device memory. Idempotent.
     *
     * @throws CudaException if the native library fails to cancel the queries or free the memory
     */
    @Override
    public void close() {
        handle.close(() -> {
            queries.close();
            batches.close();
        });
    }
}
