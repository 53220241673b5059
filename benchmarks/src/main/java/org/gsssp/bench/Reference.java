package org.gsssp.bench;

import java.util.ArrayDeque;
import java.util.Optional;
import org.gsssp.Algorithm;
import org.gsssp.Graph;
import org.gsssp.Options;
import org.gsssp.Result;
import org.gsssp.Sssp;
import org.gsssp.Verifier;
import org.gsssp.WeightType;

/**
 * The answer every run is checked against: native CPU Dijkstra, or for graphs with negative weights (which
 * Dijkstra refuses) a queue-based Bellman-Ford in Java, in the graph's own arithmetic (int64 or float32).
 */
final class Reference {
    private final Result dijkstra;
    private final double[] distances;
    private final String name;

    private Reference(Result dijkstra, double[] distances, String name) {
        this.dijkstra = dijkstra;
        this.distances = distances;
        this.name = name;
    }

    static Reference compute(Graph graph, int source) {
        if (!graph.hasNegativeWeight()) {
            Options options = Options.builder().computePredecessors(false).build();
            return new Reference(Sssp.solve(graph, source, Algorithm.CPU_DIJKSTRA, options), null, "dijkstra-cpu");
        }
        return new Reference(null, bellmanFord(graph, source), "Bellman-Ford in Java (negative weights)");
    }

    String name() {
        return name;
    }

    double distance(int v) {
        return dijkstra != null ? dijkstra.distance(v) : distances[v];
    }

    /** The first disagreement with a gsssp result (bit for bit: both use the graph's arithmetic). */
    Optional<String> check(Graph graph, Result result) {
        if (dijkstra != null) {
            return Verifier.check(graph, result, dijkstra);
        }
        for (int v = 0; v < graph.numVertices(); v++) {
            if (Double.compare(result.distance(v), distances[v]) != 0) {
                return Optional.of(mismatch(graph, v, result.distance(v)));
            }
        }
        return Optional.empty();
    }

    /**
     * The first disagreement with distances computed in double precision elsewhere (JGraphT): exact for int
     * weights, within a relative 1e-5 for float weights, which the reference sums in float32.
     */
    Optional<String> checkDoubles(Graph graph, double[] other) {
        boolean floats = graph.weightType() == WeightType.FLOAT32;
        for (int v = 0; v < graph.numVertices(); v++) {
            double want = distance(v);
            double got = other[v];
            boolean same = Double.compare(want, got) == 0
                    || (floats && Double.isFinite(want) && Math.abs(want - got) <= 1e-5 * Math.max(1, Math.abs(want)));
            if (!same) {
                return Optional.of(mismatch(graph, v, got));
            }
        }
        return Optional.empty();
    }

    private String mismatch(Graph graph, int v, double got) {
        return "vertex " + graph.ids().toExternal(v) + ": distance " + got + ", " + name + " says " + distance(v);
    }

    /** SPFA: vertices re-enter a FIFO queue when their distance drops; a generated graph has no negative cycle. */
    static double[] bellmanFord(Graph graph, int source) {
        int n = graph.numVertices();
        boolean floats = graph.weightType() == WeightType.FLOAT32;
        long[] dl = new long[n];
        float[] df = new float[n];
        java.util.Arrays.fill(dl, Long.MAX_VALUE);
        java.util.Arrays.fill(df, Float.POSITIVE_INFINITY);
        dl[source] = 0;
        df[source] = 0;
        boolean[] queued = new boolean[n];
        int[] passes = new int[n];
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        queue.add(source);
        queued[source] = true;
        while (!queue.isEmpty()) {
            int u = queue.poll();
            queued[u] = false;
            if (++passes[u] > n) {
                throw new IllegalStateException("negative cycle reachable from vertex " + graph.ids().toExternal(source));
            }
            for (long e = graph.edgeBegin(u); e < graph.edgeEnd(u); e++) {
                int v = graph.target(e);
                boolean better;
                if (floats) {
                    float d = df[u] + graph.floatWeight(e);
                    better = d < df[v];
                    if (better) {
                        df[v] = d;
                    }
                } else {
                    long d = dl[u] + graph.intWeight(e);
                    better = d < dl[v];
                    if (better) {
                        dl[v] = d;
                    }
                }
                if (better && !queued[v]) {
                    queued[v] = true;
                    queue.add(v);
                }
            }
        }
        double[] out = new double[n];
        for (int v = 0; v < n; v++) {
            out[v] = floats ? df[v] : (dl[v] == Long.MAX_VALUE ? Double.POSITIVE_INFINITY : dl[v]);
        }
        return out;
    }
}
