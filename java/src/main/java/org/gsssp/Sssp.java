package org.gsssp;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.gsssp.internal.HostGraphHandle;
import org.gsssp.internal.NativeGraph;
import org.gsssp.internal.OutputBlock;
import org.gsssp.internal.OutputPool;
import org.gsssp.internal.Status;
import org.gsssp.internal.ffi.GssspNative;
import org.gsssp.internal.ffi.gsssp_stats;

/**
 * One-off shortest-path queries. For many queries on one graph, upload it once with
 * {@link DeviceGraph#upload(Graph)} instead: this class uploads the graph for every GPU query. CPU queries
 * run on the host graph as it is, checked once per {@link Graph} (not per query) and with their output
 * memory pooled per graph, so a small CPU query costs little beyond the search itself.
 */
public final class Sssp {
    private Sssp() {}

    /**
     * Solves from {@code source} with {@link Algorithm#AUTO} (see {@link Algorithm#chooseAuto}) and default
     * options.
     *
     * @param graph  the graph, open
     * @param source the source's internal id
     * @return the distances and predecessors, in pooled memory the caller should close
     * @throws IllegalArgumentException if {@code source} is not a vertex of the graph
     * @throws GssspException (a subclass) if the query fails, e.g. {@link NegativeCycleException} for a
     *         negative cycle reachable from the source
     */
    public static Result solve(Graph graph, int source) {
        return solve(graph, source, Algorithm.AUTO, Options.defaults());
    }

    /**
     * Solves from {@code source} with the given algorithm and default options.
     *
     * @param graph     the graph, open
     * @param source    the source's internal id
     * @param algorithm the algorithm; {@link Algorithm#AUTO} chooses one for the graph
     * @return the distances and predecessors, in pooled memory the caller should close
     * @throws IllegalArgumentException if {@code source} is not a vertex of the graph
     * @throws NoGpuException if a GPU algorithm is asked for and no device is present
     * @throws GssspException (a subclass) if the query fails
     */
    public static Result solve(Graph graph, int source, Algorithm algorithm) {
        return solve(graph, source, algorithm, Options.defaults());
    }

    /**
     * Solves from {@code source} with the given algorithm and options. A GPU algorithm uploads the graph for
     * this one query and frees it again.
     *
     * @param graph     the graph, open
     * @param source    the source's internal id
     * @param algorithm the algorithm; {@link Algorithm#AUTO} chooses one for the graph
     * @param options   the query's options
     * @return the distances (and predecessors, if the options ask for them), in memory the caller should close
     * @throws IllegalArgumentException if {@code source} is not a vertex of the graph
     * @throws NoGpuException if a GPU algorithm is asked for and no device is present
     * @throws GssspException (a subclass) if the query fails
     */
    public static Result solve(Graph graph, int source, Algorithm algorithm, Options options) {
        return solve(graph, source, algorithm, options, null);
    }

    /**
     * As {@link #solve(Graph, int, Algorithm, Options)}, writing into the caller's reusable buffers (null:
     * pooled memory); the Result is then a view of them (see {@link QueryBuffers}).
     *
     * @param graph     the graph, open
     * @param source    the source's internal id
     * @param algorithm the algorithm; {@link Algorithm#AUTO} chooses one for the graph
     * @param options   the query's options
     * @param into      buffers for the graph's vertex count, or null for pooled memory
     * @return the distances (and predecessors, if the options ask for them)
     * @throws IllegalArgumentException if {@code source} is not a vertex of the graph, or {@code into} does not
     *         fit the graph or lacks predecessors the options ask for
     * @throws IllegalStateException if {@code into} is closed or serves another query
     * @throws NoGpuException if a GPU algorithm is asked for and no device is present
     * @throws GssspException (a subclass) if the query fails
     */
    public static Result solve(Graph graph, int source, Algorithm algorithm, Options options, QueryBuffers into) {
        Algorithm resolved = algorithm == Algorithm.AUTO ? Algorithm.chooseAuto(graph, Devices.available()) : algorithm;
        if (!resolved.requiresGpu()) {
            return cpu(graph, source, resolved, options, into);
        }
        try (DeviceGraph deviceGraph = DeviceGraph.upload(graph)) {
            if (into != null) {
                return deviceGraph.query(source, resolved, options, into);
            }
            // The device graph's pool goes with it: copy out of pooled memory into memory of the Result's own.
            try (Result pooled = deviceGraph.query(source, resolved, options)) {
                return pooled.detach();
            }
        }
    }

    /**
     * Single-source answers for many sources, handed to {@code consumer} as they complete (see
     * {@link BatchConsumer}: one call at a time, on the batch's worker threads; each Result is valid during its
     * call). On the CPU, one worker per core runs the sources; for a GPU algorithm (AUTO's choice included) the
     * graph is uploaded once for the whole batch and {@link DeviceGraph#queryBatch} runs it. Memory: a worker's
     * output buffers each, however many sources there are.
     *
     * @param graph     the graph, open
     * @param sources   internal vertex ids, in any order, repeats allowed
     * @param algorithm the algorithm; {@link Algorithm#AUTO} chooses one for the graph
     * @param options   the queries' options (predecessors if they ask for them)
     * @param consumer  receives each source's position in {@code sources} and its answer
     * @throws IllegalArgumentException if a source is not a vertex of the graph (before any query runs)
     * @throws RuntimeException what a query or the consumer threw first; the batch stops there
     */
    public static void queryBatch(Graph graph, int[] sources, Algorithm algorithm, Options options, BatchConsumer consumer) {
        Algorithm resolved = algorithm == Algorithm.AUTO ? Algorithm.chooseAuto(graph, Devices.available()) : algorithm;
        if (resolved.requiresGpu()) {
            // Checked before the upload too (Batches.run checks again), so a bad source costs no upload.
            for (int s : sources) {
                checkSource(graph, s);
            }
            try (DeviceGraph device = DeviceGraph.upload(graph)) {
                device.queryBatch(sources, resolved, options, consumer);
            }
            return;
        }
        cpuBatch(graph, sources, resolved, options, consumer);
    }

    static void cpuBatch(Graph graph, int[] sources, Algorithm resolved, Options options, BatchConsumer consumer) {
        Batches.run(graph, sources, options.computePredecessors(), Runtime.getRuntime().availableProcessors(),
                (source, into) -> solve(graph, source, resolved, options, into), consumer);
    }

    /**
     * AUTO without a graph: the default GPU algorithm if a GPU is present, else CPU Dijkstra; others stay.
     * With a graph at hand, {@link Algorithm#chooseAuto} decides better (negative weights, small graphs).
     *
     * @param algorithm any algorithm
     * @return {@code algorithm} itself unless it is AUTO; for AUTO, {@link Algorithm#defaultGpuAlgorithm()} or
     *         {@link Algorithm#CPU_DIJKSTRA}
     */
    public static Algorithm resolve(Algorithm algorithm) {
        if (algorithm != Algorithm.AUTO) {
            return algorithm;
        }
        return Devices.available() ? Algorithm.defaultGpuAlgorithm() : Algorithm.CPU_DIJKSTRA;
    }

    static Result cpu(Graph graph, int source, Algorithm algorithm, Options options, QueryBuffers into) {
        return cpu(graph, source, algorithm, options, into, null);
    }

    /** As above; with {@code stopAt}, CPU Dijkstra stops once those vertices are settled (only theirs are final). */
    static Result cpu(Graph graph, int source, Algorithm algorithm, Options options, QueryBuffers into, int[] stopAt) {
        checkSource(graph, source);
        boolean predecessors = options.computePredecessors();
        HostGraphHandle host = graph.hostHandle();
        if (into != null) {
            long generation = into.begin(graph, predecessors);
            try {
                Ran ran = runCpu(host, graph, source, algorithm, options, into.distances(),
                        predecessors ? into.predecessors() : null, stopAt);
                return Result.inBuffers(source, graph.weightType(), into, generation, predecessors, graph.ids(), algorithm,
                        "CPU", ran.stats(), ran.trace(), ran.distanceBytes()).bindGraph(graph).certifiedIf(options);
            } finally {
                into.end();
            }
        }
        OutputPool pool = graph.cpuOutputs();
        OutputBlock block = pool.take(predecessors);
        Result result;
        try {
            Ran ran = runCpu(host, graph, source, algorithm, options, block.distances(),
                    predecessors ? block.predecessors() : null, stopAt);
            result = Result.pooled(source, graph.weightType(), block.distances(), block.predecessors(), graph.ids(),
                    algorithm, "CPU", ran.stats(), ran.trace(), () -> pool.give(block), ran.distanceBytes())
                    .bindGraph(graph);
        } catch (RuntimeException | Error e) {
            pool.give(block);
            throw e;
        }
        // From here the Result owns the block (it gives it back once, when closed or collected).
        return result.certifiedIf(options);
    }

    private record Ran(Stats stats, java.util.List<TraceSample> trace, int distanceBytes) {}

    private static Ran runCpu(HostGraphHandle host, Graph graph, int source, Algorithm algorithm, Options options,
            MemorySegment distances, MemorySegment predecessors, int[] stopAt) {
        host.enter();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment stats = gsssp_stats.allocate(arena);
            MemorySegment nativeOptions = NativeGraph.queryOptions(options, arena);
            if (stopAt != null) {
                nativeOptions = NativeGraph.withTargets(nativeOptions, stopAt, arena);
            }
            int status = GssspNative.gsssp_host_graph_sssp(host.handle(), algorithm.code(), source, nativeOptions,
                    distances, predecessors == null ? MemorySegment.NULL : predecessors, stats);
            Status.checkQuery(status, algorithm.cliName() + " from vertex " + graph.ids().toExternal(source) + " on "
                    + graph.name(), stats);
            return new Ran(NativeGraph.stats(stats), NativeGraph.trace(nativeOptions, stats), NativeGraph.distanceBytes(stats));
        } finally {
            host.exit();
        }
    }

    /**
     * The distances from {@code source} to a few {@code targets}, on the CPU, with early exit: CPU Dijkstra
     * stops as soon as every target is settled, so near targets cost a fraction of a full search (CPU
     * Bellman-Ford, for graphs with negative weights, searches fully). For the GPU see
     * {@link DeviceGraph#distances(int, int[])}.
     *
     * @param graph the graph
     * @param source an internal vertex id
     * @param targets internal vertex ids
     * @return their distances in order, +infinity for unreachable ones
     * @throws IllegalArgumentException if a vertex is out of range
     */
    public static double[] distances(Graph graph, int source, int[] targets) {
        // An attached hierarchy answers (ContractionHierarchy.attach).
        double[] fromHierarchy = ContractionHierarchy.answerIfAttached(graph,
                ch -> ch.doubleDistances(source, targets));
        if (fromHierarchy != null) {
            return fromHierarchy;
        }
        try (Result r = targetsOnCpu(graph, source, targets, false)) {
            double[] out = new double[targets.length];
            for (int i = 0; i < targets.length; i++) {
                out[i] = r.distance(targets[i]);
            }
            return out;
        }
    }

    /**
     * As {@link #distances(Graph, int, int[])}, exact, for an int32-weighted graph.
     *
     * @param graph an INT32 graph
     * @param source an internal vertex id
     * @param targets internal vertex ids
     * @return their distances in order, Long.MAX_VALUE for unreachable ones
     */
    public static long[] distancesAsLong(Graph graph, int source, int[] targets) {
        // An attached hierarchy answers (ContractionHierarchy.attach).
        long[] fromHierarchy = ContractionHierarchy.answerIfAttached(graph, ch -> ch.distances(source, targets));
        if (fromHierarchy != null) {
            return fromHierarchy;
        }
        try (Result r = targetsOnCpu(graph, source, targets, false)) {
            long[] out = new long[targets.length];
            for (int i = 0; i < targets.length; i++) {
                out[i] = r.distanceAsLong(targets[i]);
            }
            return out;
        }
    }

    /**
     * A shortest path from {@code source} to {@code target}, on the CPU, stopping as soon as the target is
     * settled.
     *
     * @param graph the graph
     * @param source an internal vertex id
     * @param target an internal vertex id
     * @return the path, empty if the target is unreachable
     */
    public static ShortestPath path(Graph graph, int source, int target) {
        // An attached hierarchy answers (ContractionHierarchy.attach).
        ShortestPath fromHierarchy = ContractionHierarchy.answerIfAttached(graph, ch -> ch.path(source, target));
        if (fromHierarchy != null) {
            return fromHierarchy;
        }
        try (Result r = targetsOnCpu(graph, source, new int[] {target}, true)) {
            return r.path(target);
        }
    }

    /**
     * Distances from every source to every target, on the CPU: one search per source (stopping at the targets,
     * see {@link #distances(Graph, int, int[])}), sources in parallel on the common fork-join pool. For the
     * GPU see {@link DeviceGraph#matrix(int[], int[])}.
     *
     * @param graph the graph
     * @param sources internal vertex ids, one row each
     * @param targets internal vertex ids, one column each
     * @return the k × t matrix; the caller closes it
     */
    public static DistanceMatrix matrix(Graph graph, int[] sources, int[] targets) {
        // An attached hierarchy answers (ContractionHierarchy.attach).
        DistanceMatrix fromHierarchy = ContractionHierarchy.answerIfAttached(graph, ch -> ch.matrix(sources, targets));
        if (fromHierarchy != null) {
            return fromHierarchy;
        }
        DistanceMatrix m = new DistanceMatrix(sources.length, targets.length, graph.weightType());
        try {
            java.util.stream.IntStream.range(0, sources.length).parallel().forEach(i -> {
                try (Result r = targetsOnCpu(graph, sources[i], targets, false)) {
                    fillRow(m, i, r, targets);
                }
            });
            return m;
        } catch (RuntimeException | Error e) {
            m.close();
            throw e;
        }
    }

    /** Row i of the matrix from a result that holds the targets' final distances. */
    static void fillRow(DistanceMatrix m, int i, Result r, int[] targets) {
        for (int j = 0; j < targets.length; j++) {
            if (m.weightType() == WeightType.INT32) {
                m.setExact(i, j, r.distanceAsLong(targets[j]));
            } else {
                m.set(i, j, r.distance(targets[j]));
            }
        }
    }

    /** A CPU query that stops at the targets (Dijkstra) or runs fully (Bellman-Ford, negative weights). */
    static Result targetsOnCpu(Graph graph, int source, int[] targets, boolean predecessors) {
        checkSource(graph, source);
        checkTargets(graph, targets);
        Options options = predecessors ? Options.defaults() : NO_PREDECESSORS;
        boolean negative = graph.hasNegativeWeight();
        return cpu(graph, source, negative ? Algorithm.CPU_BELLMAN_FORD : Algorithm.CPU_DIJKSTRA, options, null,
                negative ? null : targets);
    }

    /** Default options without a predecessor tree (shared with DeviceGraph's target and matrix queries). */
    static final Options NO_PREDECESSORS = Options.builder().computePredecessors(false).build();

    static void checkTargets(Graph graph, int[] targets) {
        for (int t : targets) {
            if (t < 0 || t >= graph.numVertices()) {
                throw new IllegalArgumentException("target vertex " + t + " is out of range 0.." + (graph.numVertices() - 1)
                        + " of " + graph.name());
            }
        }
    }

    static void checkSource(Graph graph, int source) {
        if (source < 0 || source >= graph.numVertices()) {
            throw new IllegalArgumentException("source vertex " + source + " is out of range 0.." + (graph.numVertices() - 1)
                    + " of " + graph.name());
        }
    }
}
