package org.gsssp.internal;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;
import org.gsssp.Algorithm;
import org.gsssp.Graph;
import org.gsssp.NegativeCycleException;
import org.gsssp.Options;
import org.gsssp.Stats;
import org.gsssp.UnsupportedInputException;
import org.gsssp.WeightType;

/**
 * A {@link Graph} for the pure-Java CPU path: its CSR copied into int arrays (the searches read plain arrays,
 * which the JIT compiles to bare loads), and what the native host graph notes when made: the first negative
 * weight and the largest int weight, which picks Dial's buckets or the radix heap. Graphs of up to 2^31 − 9
 * edges fit.
 */
final class JavaHostGraph extends HostGraph {
    /** The most edges an array holds. */
    static final long MAX_EDGES = Integer.MAX_VALUE - 8;

    private volatile JavaCsr csr;
    private final String negativeWeightMessage;  // null when no weight is negative

    JavaHostGraph(Graph graph) {
        super(graph.name());
        if (graph.numEdges() > MAX_EDGES) {
            throw new UnsupportedInputException(graph.name() + " has " + graph.numEdges() + " edges; the pure-Java CPU "
                    + "path (used without the native library) holds at most " + MAX_EDGES);
        }
        int n = graph.numVertices();
        int[] offsets = new int[n + 1];
        MemorySegment o = graph.offsets();
        for (int v = 0; v <= n; v++) {
            offsets[v] = (int) o.getAtIndex(ValueLayout.JAVA_LONG, v);
        }
        int[] targets = graph.targets().toArray(ValueLayout.JAVA_INT);
        boolean ints = graph.weightType() == WeightType.INT32;
        int[] intWeights = ints ? graph.weights().toArray(ValueLayout.JAVA_INT) : null;
        float[] floatWeights = ints ? null : graph.weights().toArray(ValueLayout.JAVA_FLOAT);
        long maxWeight = 0;
        int firstNegative = -1;
        for (int e = 0; e < targets.length; e++) {
            if (ints) {
                maxWeight = Math.max(maxWeight, intWeights[e]);
            }
            if (firstNegative < 0 && (ints ? intWeights[e] < 0 : floatWeights[e] < 0)) {
                firstNegative = e;
            }
        }
        csr = new JavaCsr(n, offsets, targets, intWeights, floatWeights, maxWeight);
        negativeWeightMessage = firstNegative < 0 ? null : negativeWeightMessage(offsets, targets,
                ints ? (Object) intWeights[firstNegative] : (Object) floatWeights[firstNegative], firstNegative);
    }

    private static String negativeWeightMessage(int[] offsets, int[] targets, Object weight, int edge) {
        // The edge's source: the last vertex whose edges start at or before it.
        int lo = 0;
        int hi = offsets.length - 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (offsets[mid] <= edge) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        return "negative weight " + weight + " on edge " + edge + " (" + lo + " -> " + targets[edge] + "); use H-BF";
    }

    @Override
    protected HostRun run(Algorithm algorithm, int source, Options options, MemorySegment distances,
            MemorySegment predecessors, int[] stopAt, String operation) {
        long start = System.nanoTime();
        JavaCsr g = csr;
        MemorySegment tree = options.computePredecessors() ? predecessors : null;
        JavaSearch.Counts counts;
        if (algorithm == Algorithm.CPU_BELLMAN_FORD) {
            counts = JavaBellmanFord.run(g, source, distances, tree);
            if (counts.negativeCycleVertex() >= 0) {
                throw new NegativeCycleException(operation + ": negative cycle reachable from the source through vertex "
                        + counts.negativeCycleVertex(), counts.negativeCycleVertex());
            }
        } else if (algorithm == Algorithm.CPU_DIJKSTRA) {
            if (negativeWeightMessage != null) {
                throw new UnsupportedInputException(operation + ": " + negativeWeightMessage
                        + "; without a GPU, CPU_BELLMAN_FORD takes negative weights");
            }
            counts = JavaDijkstra.run(g, source, distances, tree, stopAt);
        } else {
            throw new IllegalArgumentException(operation + ": algorithm " + algorithm.cliName() + " runs on a GPU");
        }
        if (counts.overflowEdge() >= 0) {
            throw new org.gsssp.DistanceOverflowException(operation + ": a float32 distance from source " + source
                    + " overflowed: a reachable vertex's shortest path sums to more than FLT_MAX (edge "
                    + counts.overflowEdge() + ")");
        }
        double ms = (System.nanoTime() - start) / 1e6;
        Stats stats = new Stats(ms, ms, counts.extractions(), counts.extractions(), counts.edgesRelaxed(),
                counts.reached(), 0, 0, 0, 0);
        return new HostRun(stats, List.of(), 8);
    }

    @Override
    protected void free() {
        csr = null;  // the arrays go to the garbage collector
    }
}
