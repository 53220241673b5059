package org.gsssp;

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
            return CpuQueries.query(graph, source, resolved, options, into);
        }
        try (DeviceGraph deviceGraph = DeviceGraph.upload(graph, gpuAdvice(resolved))) {
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
                Checks.checkSource(graph, s);
            }
            try (DeviceGraph device = DeviceGraph.upload(graph, gpuAdvice(resolved))) {
                device.queryBatch(sources, resolved, options, consumer);
            }
            return;
        }
        CpuQueries.batch(graph, sources, resolved, options, consumer);
    }

    /** What a NoGpuException says to a caller that named the GPU algorithm {@code algorithm}. */
    private static String gpuAdvice(Algorithm algorithm) {
        return algorithm.cliName() + " runs on a GPU; Algorithm.AUTO (CPU Dijkstra without a GPU) or "
                + "Algorithm.CPU_DIJKSTRA answers on the CPU";
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
        return CpuQueries.distances(graph, source, targets);
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
        return CpuQueries.distancesAsLong(graph, source, targets);
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
        return CpuQueries.path(graph, source, target);
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
        return CpuQueries.matrix(graph, sources, targets);
    }
}
