package org.gsssp;

import java.lang.foreign.MemorySegment;
import org.gsssp.internal.HostGraph;
import org.gsssp.internal.HostRun;
import org.gsssp.internal.OutputBlock;
import org.gsssp.internal.OutputPool;

/**
 * The CPU path behind {@link Sssp} and {@link DeviceGraph}: queries on the host graph (CPU Dijkstra and CPU
 * Bellman-Ford, in the native library or in Java: internal/HostPath), their batches, and the target, path and
 * matrix queries that stop early.
 */
final class CpuQueries {
    private CpuQueries() {}

    /** Default options without a predecessor tree (for target, matrix and batch queries). */
    static final Options NO_PREDECESSORS = Options.builder().computePredecessors(false).build();

    /** One CPU query, into {@code into} or (null) into memory pooled per graph. */
    static Result query(Graph graph, int source, Algorithm algorithm, Options options, QueryBuffers into) {
        return query(graph, source, algorithm, options, into, null);
    }

    /** As above; with {@code stopAt}, CPU Dijkstra stops once those vertices are settled (only theirs are final). */
    static Result query(Graph graph, int source, Algorithm algorithm, Options options, QueryBuffers into, int[] stopAt) {
        Checks.checkSource(graph, source);
        boolean predecessors = options.computePredecessors();
        HostGraph host = graph.hostGraph();
        if (into != null) {
            long generation = into.begin(graph, predecessors);
            try {
                HostRun ran = run(host, graph, source, algorithm, options, into.distances(),
                        predecessors ? into.predecessors() : null, stopAt);
                return Result.inBuffers(source, graph.weightType(), into, generation, predecessors, graph.ids(), algorithm,
                        "CPU", ran.stats(), ran.trace(), ran.distanceBytes()).bindGraph(graph).cutoffFrom(options)
                        .certifiedIf(options);
            } finally {
                into.end();
            }
        }
        OutputPool pool = graph.cpuOutputs();
        OutputBlock block = pool.take(predecessors);
        Result result;
        try {
            HostRun ran = run(host, graph, source, algorithm, options, block.distances(),
                    predecessors ? block.predecessors() : null, stopAt);
            result = Result.pooled(source, graph.weightType(), block.distances(), block.predecessors(), graph.ids(),
                    algorithm, "CPU", ran.stats(), ran.trace(), () -> pool.give(block), ran.distanceBytes())
                    .bindGraph(graph).cutoffFrom(options);
        } catch (RuntimeException | Error e) {
            pool.give(block);
            throw e;
        }
        // From here the Result owns the block (it gives it back once, when closed or collected).
        return result.certifiedIf(options);
    }

    /** A batch on the CPU: one worker per core, each with its own buffers. */
    static void batch(Graph graph, int[] sources, Algorithm algorithm, Options options, BatchConsumer consumer) {
        Batches.run(graph, sources, options.computePredecessors(), Runtime.getRuntime().availableProcessors(),
                (source, into) -> query(graph, source, algorithm, options, into), consumer);
    }

    private static HostRun run(HostGraph host, Graph graph, int source, Algorithm algorithm, Options options,
            MemorySegment distances, MemorySegment predecessors, int[] stopAt) {
        return host.sssp(algorithm, source, options, distances, predecessors, stopAt,
                algorithm.cliName() + " from vertex " + graph.ids().toExternal(source) + " on " + graph.name());
    }

    /** The distances to {@code targets}, the search stopping once they are settled. */
    static double[] distances(Graph graph, int source, int[] targets) {
        try (Result r = targets(graph, source, targets, false)) {
            double[] out = new double[targets.length];
            for (int i = 0; i < targets.length; i++) {
                out[i] = r.distance(targets[i]);
            }
            return out;
        }
    }

    /** As {@link #distances}, exact, for an int32-weighted graph. */
    static long[] distancesAsLong(Graph graph, int source, int[] targets) {
        try (Result r = targets(graph, source, targets, false)) {
            long[] out = new long[targets.length];
            for (int i = 0; i < targets.length; i++) {
                out[i] = r.distanceAsLong(targets[i]);
            }
            return out;
        }
    }

    /** A shortest path, the search stopping once the target is settled. */
    static ShortestPath path(Graph graph, int source, int target) {
        try (Result r = targets(graph, source, new int[] {target}, true)) {
            return r.path(target);
        }
    }

    /** One search per source, stopping at the targets, sources in parallel on the common fork-join pool. */
    static DistanceMatrix matrix(Graph graph, int[] sources, int[] targets) {
        DistanceMatrix m = new DistanceMatrix(sources.length, targets.length, graph.weightType());
        try {
            java.util.stream.IntStream.range(0, sources.length).parallel().forEach(i -> {
                try (Result r = targets(graph, sources[i], targets, false)) {
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
    private static void fillRow(DistanceMatrix m, int i, Result r, int[] targets) {
        for (int j = 0; j < targets.length; j++) {
            if (m.weightType() == WeightType.INT32) {
                m.setExact(i, j, r.distanceAsLong(targets[j]));
            } else {
                m.set(i, j, r.distance(targets[j]));
            }
        }
    }

    /** A CPU query that stops at the targets (Dijkstra) or runs fully (Bellman-Ford, negative weights). */
    static Result targets(Graph graph, int source, int[] targets, boolean predecessors) {
        Checks.checkSource(graph, source);
        Checks.checkTargets(graph, targets);
        Options options = predecessors ? Options.defaults() : NO_PREDECESSORS;
        boolean negative = graph.hasNegativeWeight();
        return query(graph, source, negative ? Algorithm.CPU_BELLMAN_FORD : Algorithm.CPU_DIJKSTRA, options, null,
                negative ? null : targets);
    }
}
