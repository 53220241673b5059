package org.gsssp;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The SSSP algorithms gsssp implements. Codes are the C ABI's algorithm ids ({@code gsssp_algorithm_info} lists
 * them; gsssp.h's enum names those published to C callers). {@link #AUTO} is resolved per graph by
 * {@link #chooseAuto(Graph, boolean)}: for negative weights {@link #HBF} on a GPU and {@link #CPU_BELLMAN_FORD}
 * without one; else {@link #CPU_DIJKSTRA} without a GPU or below {@link #AUTO_GPU_MIN_EDGES} edges, and
 * {@link #ADDS} above.
 */
public enum Algorithm {
    /**
     * Chosen per graph by {@link #chooseAuto(Graph, boolean)}, in this order: a negative weight gives {@link #HBF}
     * with a GPU and {@link #CPU_BELLMAN_FORD} without one; no GPU gives {@link #CPU_DIJKSTRA}; fewer than
     * {@link #AUTO_GPU_MIN_EDGES} edges give {@link #CPU_DIJKSTRA} (the CPU answers sooner); anything else
     * gives {@link #ADDS}. On a {@link DeviceGraph} whose graph carries a contraction hierarchy, {@link #PHAST}
     * replaces ADDS for queries without a cutoff ({@link DeviceGraph#chooseQuery}).
     */
    AUTO(-1, "auto", false),
    /**
     * Dijkstra on the host, with Dial's buckets for small integer weights and a radix heap otherwise; the reference
     * every GPU result is checked against.
     */
    CPU_DIJKSTRA(0, "dijkstra-cpu", false),
    /** Harish &amp; Narayanan's Bellman-Ford (cost and updating-cost arrays), as written up by Patel (2023). */
    BELLMAN_FORD(1, "bellman-ford", true),
    /**
     * The relax_F frontier algorithm of Martín {@literal et al.} (ICCS'09): only vertices whose distance changed relax
     * their out-edges.
     */
    FRONTIER(2, "frontier", true),
    /**
     * The Near-Far algorithm of Davidson {@literal et al.} (IPDPS'14) as optimized in LonestarGPU: two piles,
     * Delta = C·W/D; traces its near pile.
     * One persistent kernel per query, with a grid barrier between rounds and each round's pile spread over the
     * warps of the whole grid.
     */
    NEAR_FAR(3, "near-far", true),
    /**
     * DA2CF of Martín {@literal et al.} (ICCS'09) with relax_F: compound frontiers (all vertices at the minimum),
     * atomicMin.
     */
    DA2CF_F(4, "da2cf-f", true),
    /**
     * DA2CF of Martín {@literal et al.} (ICCS'09) with relax_U: unresolved vertices pull from frontier predecessors, no
     * atomics.
     */
    DA2CF_U(5, "da2cf-u", true),
    /** DA2CF relax_F on a dense adjacency matrix built on the GPU (section 5); at most 16,384 vertices. */
    DA2CF_F_MATRIX(8, "da2cf-f-matrix", true),
    /** DA2CF relax_U on a dense adjacency matrix built on the GPU (section 5); at most 16,384 vertices. */
    DA2CF_U_MATRIX(9, "da2cf-u-matrix", true),
    /**
     * Busato &amp; Bombieri's H-BF (TPDS 2016): frontier Bellman-Ford with edge classification, 64-bit duplicate
     * removal, coalesced enqueue, dynamic virtual warps and dynamic parallelism (each switchable in
     * {@link Options}). Accepts negative weights; a reachable negative cycle raises {@link NegativeCycleException}.
     */
    HBF(6, "hbf", true) {
        @Override
        public boolean acceptsNegativeWeights() {
            return true;
        }
    },
    /**
     * Wang, Fussell &amp; Lin's ADDS, asynchronous dynamic delta-stepping (PPoPP 2021): persistent kernels where
     * one manager thread block hands work items from a coarse-grained priority queue of buckets (SRMW bucket
     * access, a pooled block allocator, an ordered circular work queue) to worker thread blocks, with Δ adjusted
     * while it runs. Non-negative weights only. The ablations of the paper's Table 5 (static Δ, two buckets)
     * and the bucket pool are set in {@link Options}; {@link Stats#restarts()} counts runs restarted with a
     * larger pool, and a run that stops making progress fails instead of hanging (see
     * {@link AddsParams.Builder#watchdogMillis(long)}).
     *
     * <p>On a graph of at most 2,048 vertices and 16,384 edges, ADDS runs its one-block schedule instead: the same
     * bucket window over the least pending distance, widened by the same rule while the threads are not kept busy,
     * inside one thread block with the distances in shared memory, where the manager's hand-outs (4-6 µs each) become
     * barriers. On an H100 that nearly halved the kernel time of a 1,000-vertex graph (0.058 against 0.101 ms). Into
     * pinned {@link QueryBuffers} without predecessors, that kernel writes the distances into the buffers itself and
     * raises a flag the calling thread spins on, with no copy or stream wait behind it: {@code
     * FfmCallBenchmark.gpuQuery1k} takes 50-52 µs (134 µs with the persistent grid). A query that sets a trace, a pool
     * size, a static Δ, a block size or a round limit keeps the device-wide kernel. Such a query takes one streaming
     * multiprocessor and no share of the device, so queries from several threads overlap (8 threads into pinned
     * {@code QueryBuffers}: 7.0 times one thread's queries per second on a 1,000-vertex graph; README, concurrency
     * model).
     */
    ADDS(7, "adds", true),
    /**
     * Bellman-Ford run whole inside one thread block, with the distances in shared memory: gsssp's solver for small
     * graphs, where the algorithms built for large ones wait on launches and grid-wide hand-offs more than they compute
     * (on a 1,000-vertex graph its kernel is faster than ADDS's, persistent grid or one-block schedule:
     * docs/performance.md, small graphs). Each query takes one streaming multiprocessor, so concurrent queries run side
     * by side. Non-negative weights only. The graph's distances must fit one block's shared memory, 12 bytes per vertex
     * with int weights and 8 with float: about 19,000 int-weighted vertices on an H100 or H200, 13,000 on an A100,
     * 8,000 on sm_86/sm_89 cards; a larger graph raises {@link UnsupportedInputException}.
     */
    BLOCK_BELLMAN_FORD(11, "block-bf", true),
    /**
     * Bellman-Ford with a source dimension: up to 128 searches in one launch, a warp lane per source, so that each edge
     * is read once for all of them and one round serves all (after MS-BFS, Then {@literal et al.}, PVLDB 2014). Named
     * in {@link DeviceGraph#queryBatch} or {@link DeviceGraph#matrix(int[], int[], Algorithm)} it runs a batch in one
     * launch per 128 sources; a single query runs it with one source. Slower than concurrent ADDS queries on every
     * graph class measured (see {@link DeviceGraph#chooseBatch}), so AUTO never picks it. Non-negative weights only;
     * batches give distances only.
     */
    MULTI_BELLMAN_FORD(12, "multi-bf", true),
    /**
     * Near-Far (Davidson {@literal et al.}, IPDPS'14) run whole inside one thread block per source, its distances, near
     * queues and far piles in global memory: the batch design for graphs too large for one block's shared memory. A
     * round ends at a block barrier instead of a kernel launch, and a launch runs as many searches at once as the SMs
     * hold blocks (hundreds). Named in {@link DeviceGraph#queryBatch} or
     * {@link DeviceGraph#matrix(int[], int[], Algorithm)} it runs a batch in launches of as many sources as fit 16 GiB of device memory, or half of what is
     * free (36 bytes per vertex and source, plus the rows); a single query runs one block, a small part of the GPU.
     * Non-negative weights only; batches give distances only. {@link Options#blockSize()} fixes the block's threads,
     * rounded up to 256, 512 or 1024; {@link DeltaSteppingParams} its Delta.
     */
    BLOCK_NEAR_FAR(13, "block-nf", true),
    /**
     * Bellman-Ford in place: every round relaxes the out-edges of every reached vertex straight into one distance
     * array (atomicMin), until a round lowers nothing. gsssp's smallest GPU algorithm, kept as the worked example of
     * adding one (docs/contributing.md); {@link #BELLMAN_FORD} and the others are faster. Non-negative weights only.
     */
    BELLMAN_FORD_INPLACE(14, "bellman-ford-inplace", true),
    /**
     * PHAST (Delling, Goldberg, Nowatzyk &amp; Werneck, IPDPS'11 / JPDC'13) on the contraction hierarchy attached to
     * the device graph: an upward search from the source on the host, then one sweep over the vertices by level on
     * the GPU, no priority queue. For road-like graphs. Batches sweep up to 256 sources together; a matrix sweeps only
     * the vertices its targets need (RPHAST, Delling, Goldberg &amp; Werneck, ATMOS'11; AUTO's matrix runs the
     * hierarchy's RPHAST on the host instead, which measured faster). Without an attached hierarchy
     * the query fails with {@link UnsupportedInputException}. Int32 weights only.
     */
    PHAST(15, "phast", true) {
        @Override
        public boolean needsHierarchy() {
            return true;
        }
    },
    /**
     * Queue-based Bellman-Ford on the host (Moore's label-correcting method): the CPU's answer for graphs with
     * negative weights, AUTO's choice for them without a GPU. A reachable negative cycle raises
     * {@link NegativeCycleException} naming a vertex on it, as {@link #HBF} does.
     */
    CPU_BELLMAN_FORD(10, "bellman-ford-cpu", false) {
        @Override
        public boolean acceptsNegativeWeights() {
            return true;
        }
    };

    /**
     * AUTO's crossover: with a GPU and non-negative weights, a graph with fewer edges than this is solved by
     * {@link #CPU_DIJKSTRA} (launch and copy cost more than the CPU's whole answer), one with at least this many
     * by {@link #ADDS}. Measured from Java (whole call into QueryBuffers, CrossoverBenchmark): the crossovers lie
     * near 32,000 edges on grids (high diameter) and 12,000 on random graphs (low diameter); 20,000 sits between
     * them, near their geometric mean (docs/performance.md, crossover).
     */
    public static final long AUTO_GPU_MIN_EDGES = 20_000;

    private final int code;
    private final String cliName;
    private final boolean gpu;

    Algorithm(int code, String cliName, boolean gpu) {
        this.code = code;
        this.cliName = cliName;
        this.gpu = gpu;
    }

    /**
     * The gsssp.h algorithm id.
     *
     * @return the id; -1 for AUTO, which is resolved before any native call
     */
    public int code() {
        return code;
    }

    /**
     * The name used on the command line and in benchmark tables; also what {@link #toString()} returns.
     *
     * @return the lower-case name, e.g. "dijkstra-cpu"
     */
    public String cliName() {
        return cliName;
    }

    /**
     * Whether the algorithm runs on a CUDA device.
     *
     * @return true for the GPU algorithms; false for the CPU ones and {@link #AUTO}
     */
    public boolean requiresGpu() {
        return gpu;
    }

    /**
     * Whether the algorithm answers only on a device graph with a contraction hierarchy attached ({@link #PHAST});
     * on any other graph it fails with {@link UnsupportedInputException}.
     *
     * @return true for {@link #PHAST}
     */
    public boolean needsHierarchy() {
        return false;
    }

    /**
     * Whether the algorithm computes shortest paths with negative edge weights (and finds negative cycles).
     *
     * @return true if negative weights are accepted (as by {@link #HBF}); false for the algorithms that reject
     *         them with {@link UnsupportedInputException}
     */
    public boolean acceptsNegativeWeights() {
        return false;
    }

    /**
     * The GPU algorithm AUTO uses for non-negative weights, {@link #ADDS} (the fastest on every graph class measured
     * from Java: docs/performance.md): what {@link #AUTO} picks on a GPU for a graph
     * without negative weights and with at least {@link #AUTO_GPU_MIN_EDGES} edges. It does not look at the graph;
     * use {@link #chooseAuto(Graph, boolean)} to resolve AUTO for a given one.
     *
     * @return {@link #ADDS}
     */
    public static Algorithm defaultGpuAlgorithm() {
        return ADDS;
    }

    /**
     * Resolves {@link #AUTO} for a graph: {@link #HBF} if the graph has a negative weight and a GPU is available;
     * {@link #CPU_BELLMAN_FORD} if it has one and no GPU is; {@link #CPU_DIJKSTRA} without a GPU; {@link #CPU_DIJKSTRA} for fewer than {@link #AUTO_GPU_MIN_EDGES} edges;
     * else {@link #ADDS}. Scans the weights once ({@link Graph#hasNegativeWeight()} caches the answer).
     *
     * @param graph        the graph to be solved, open
     * @param gpuAvailable whether a GPU can be used, normally {@link Devices#available()}
     * @return the algorithm to run, never AUTO
     */
    public static Algorithm chooseAuto(Graph graph, boolean gpuAvailable) {
        if (!gpuAvailable) {
            return graph.hasNegativeWeight() ? CPU_BELLMAN_FORD : CPU_DIJKSTRA;
        }
        if (!graph.hasNegativeWeight() && graph.numEdges() < AUTO_GPU_MIN_EDGES) {
            return CPU_DIJKSTRA;
        }
        return chooseAutoOnGpu(graph);
    }

    /**
     * AUTO's choice when the answer must come from the GPU whatever the graph's size (a result kept on the device):
     * {@link #HBF} for negative weights, else {@link #defaultGpuAlgorithm()}. {@link #chooseAuto(Graph, boolean)}
     * makes the same choice for graphs above its crossover.
     *
     * @param graph the graph to be solved, open
     * @return a GPU algorithm
     */
    public static Algorithm chooseAutoOnGpu(Graph graph) {
        return graph.hasNegativeWeight() ? HBF : defaultGpuAlgorithm();
    }

    /**
     * AUTO's choice on a {@link DeviceGraph} whose graph carries a contraction hierarchy
     * ({@link ContractionHierarchy#attach()} or {@link DeviceGraph#attach(ContractionHierarchy)}): {@link #PHAST} where
     * {@link #chooseAuto(Graph, boolean)} would run a GPU algorithm on int32, non-negative weights, and the query has
     * no cutoff; otherwise that choice. PHAST sweeps the whole graph, and on road NY a whole native call took
     * 0.31 ms against ADDS's 4.0 ms (docs/performance.md, PHAST). A cutoff keeps ADDS, which explores only the ball: PHAST
     * would sweep every vertex and then clear those beyond, whose cost grows with the graph, not the ball.
     *
     * @param graph     the graph, open
     * @param hierarchy whether a hierarchy of the graph is attached (and on the device, or can be copied there)
     * @param options   the query's options (a cutoff keeps the search algorithms)
     * @return the algorithm a single query runs, never AUTO
     */
    static Algorithm chooseAutoOnDevice(Graph graph, boolean hierarchy, Options options) {
        Algorithm single = chooseAuto(graph, true);
        return hierarchy && phastFits(graph, single, options) ? PHAST : single;
    }

    /**
     * {@link #chooseAutoOnGpu(Graph)} on a device graph that may carry a hierarchy (a resident result is computed on the
     * GPU whatever the graph's size): {@link #PHAST} where the hierarchy is there and the weights and options allow it
     * (int32, non-negative, no cutoff).
     */
    static Algorithm chooseAutoOnGpu(Graph graph, boolean hierarchy, Options options) {
        Algorithm gpu = chooseAutoOnGpu(graph);
        return hierarchy && phastFits(graph, gpu, options) ? PHAST : gpu;
    }

    /** Whether AUTO's PHAST rule applies: a GPU choice, int32 non-negative weights, no cutoff. */
    private static boolean phastFits(Graph graph, Algorithm single, Options options) {
        return single.requiresGpu() && graph.weightType() == WeightType.INT32 && !graph.hasNegativeWeight()
                && options.cutoff().isEmpty();
    }

    /**
     * AUTO's degree bound for {@link #BLOCK_NEAR_FAR} batches: graphs with at most this many edges per vertex (road
     * networks, grids, meshes: long shortest paths and narrow frontiers, which leave most of the GPU idle under one
     * search) run a block per source whatever their size; so do graphs of at most {@link #AUTO_BLOCK_NF_MAX_VERTICES}
     * vertices, whose searches are too small to fill the GPU whatever their degree. Larger, denser graphs (uniform
     * random, power-law: frontiers wide enough to fill the GPU) run concurrent ADDS queries (docs/performance.md,
     * batches: block-nf against concurrent ADDS per graph class).
     */
    public static final double AUTO_BLOCK_NF_MAX_DEGREE = 5.0;

    /**
     * AUTO's size bound for {@link #BLOCK_NEAR_FAR} batches of any degree (see {@link #AUTO_BLOCK_NF_MAX_DEGREE}): 2^18.
     * The dense graphs measured lie at 82k vertices (block-nf 2.7× faster) and 1M (ADDS 1.2–1.3× faster); the boundary
     * between them is not measured, and 2^18 lies between.
     */
    public static final int AUTO_BLOCK_NF_MAX_VERTICES = 1 << 18;

    /**
     * AUTO's design for a batch or a matrix on a GPU ({@link DeviceGraph#chooseBatch}), from the single query's choice
     * and how {@link #BLOCK_BELLMAN_FORD} fits the graph on the device:
     * <ol>
     *   <li>predecessors, or negative weights: {@link #chooseAuto(Graph, boolean) the single query's algorithm}, run as
     *       concurrent queries (the one-launch designs give distances only and need non-negative weights);</li>
     *   <li>the whole graph fits one block's shared memory ({@code blockFit} 2): {@link #BLOCK_BELLMAN_FORD}, a block per
     *       source;</li>
     *   <li>below AUTO's crossover ({@link #AUTO_GPU_MIN_EDGES}) otherwise: CPU Dijkstra on every core;</li>
     *   <li>at most {@link #AUTO_BLOCK_NF_MAX_DEGREE} edges per vertex, or at most {@link #AUTO_BLOCK_NF_MAX_VERTICES}
     *       vertices: {@link #BLOCK_NEAR_FAR}, a block per source;</li>
     *   <li>else the single query's algorithm ({@link #ADDS}) as concurrent queries.</li>
     * </ol>
     * The measurements are in docs/performance.md (batches).
     *
     * @param graph          the graph, open
     * @param blockFit       {@code gsssp_device_graph_block_fit}'s answer for the graph on its device: 0, 1 or 2
     * @param predecessors   whether the batch's answers need predecessors
     * @return the algorithm or design the batch runs, never AUTO
     */
    static Algorithm chooseBatchOnGpu(Graph graph, int blockFit, boolean predecessors) {
        return chooseBatchOnGpu(graph, blockFit, predecessors, false, Options.defaults());
    }

    /**
     * {@link #chooseBatchOnGpu(Graph, int, boolean)} on a device graph that may carry a contraction hierarchy: with
     * one, where {@link #chooseAutoOnDevice} picks {@link #PHAST}, a batch runs PHAST (without predecessors, up to
     * 256 sources swept together; with them, concurrent PHAST queries); on road NY a batch of 64 rows took 0.091 ms a
     * row. A matrix does not follow this rule there: {@link DeviceGraph#matrix(int[], int[])} answers from the
     * hierarchy on the host, whose RPHAST sweeps on 16 cores took 6.9 to 8.2 ms for a 1,000 x 1,000 matrix on road NY
     * against 24.4 ms by RPHAST on the H100 of the same host (docs/performance.md, PHAST). Otherwise the rule above.
     *
     * @param graph        the graph, open
     * @param blockFit     {@code gsssp_device_graph_block_fit}'s answer for the graph on its device: 0, 1 or 2
     * @param predecessors whether the batch's answers need predecessors
     * @param hierarchy    whether a hierarchy of the graph is attached (and on the device, or can be copied there)
     * @param options      the batch's options (a cutoff keeps the search designs)
     * @return the algorithm or design the batch runs, never AUTO
     */
    static Algorithm chooseBatchOnGpu(Graph graph, int blockFit, boolean predecessors, boolean hierarchy, Options options) {
        Algorithm single = chooseAuto(graph, true);
        if (hierarchy && phastFits(graph, single, options)) {
            return PHAST;
        }
        if (predecessors || graph.hasNegativeWeight()) {
            return single;
        }
        if (blockFit == 2) {
            return BLOCK_BELLMAN_FORD;
        }
        if (single == CPU_DIJKSTRA) {
            return CPU_DIJKSTRA;
        }
        if (graph.numVertices() <= AUTO_BLOCK_NF_MAX_VERTICES
                || graph.numEdges() <= AUTO_BLOCK_NF_MAX_DEGREE * Math.max(1, graph.numVertices())) {
            return BLOCK_NEAR_FAR;
        }
        return single;
    }

    /**
     * Why {@link #chooseAuto(Graph, boolean)} picks what it picks for these arguments, in a few words for output
     * such as {@code algorithm adds (auto: ...)}: "negative weights: H-BF", "negative weights, no GPU: CPU Bellman-Ford",
     * "no GPU", "m &lt; N edges: CPU answers sooner" or "m &gt;= N edges: ADDS", N being
     * {@link #AUTO_GPU_MIN_EDGES} written with thousands separators ("20,000 edges").
     *
     * @param graph        the graph to be solved, open
     * @param gpuAvailable whether a GPU can be used, normally {@link Devices#available()}
     * @return the reason, in a few words
     */
    public static String describeAutoChoice(Graph graph, boolean gpuAvailable) {
        if (graph.hasNegativeWeight()) {
            return gpuAvailable ? "negative weights: H-BF" : "negative weights, no GPU: CPU Bellman-Ford";
        }
        if (!gpuAvailable) {
            return "no GPU";
        }
        String crossover = String.format(Locale.ROOT, "%,d edges", AUTO_GPU_MIN_EDGES);
        return graph.numEdges() < AUTO_GPU_MIN_EDGES ? "m < " + crossover + ": CPU answers sooner" : "m >= " + crossover + ": ADDS";
    }

    /**
     * Parses a CLI name or an enum constant name, case-insensitively; "cpu" and "dijkstra" also name
     * {@link #CPU_DIJKSTRA}.
     *
     * @param name e.g. "adds", "near-far", "NEAR_FAR" or "dijkstra"; surrounding blanks are ignored
     * @return the algorithm named
     * @throws IllegalArgumentException if no algorithm has that name; the message lists the known names
     */
    public static Algorithm parse(String name) {
        String wanted = name.trim().toLowerCase(Locale.ROOT);
        for (Algorithm a : values()) {
            if (a.cliName.equals(wanted) || a.name().toLowerCase(Locale.ROOT).equals(wanted.replace('-', '_'))) {
                return a;
            }
        }
        if (wanted.equals("cpu") || wanted.equals("dijkstra")) {
            return CPU_DIJKSTRA;
        }
        throw new IllegalArgumentException("unknown algorithm '" + name + "'; known: "
                + Arrays.stream(values()).map(Algorithm::cliName).collect(Collectors.joining(", ")));
    }

    @Override
    public String toString() {
        return cliName;
    }
}
