package org.gsssp;

import java.util.Optional;

/**
 * Checks a result against a reference result and against the graph: equal distances (bit for bit: GPU
 * and CPU algorithms use the same arithmetic) and a valid shortest-path tree (each predecessor edge
 * exists and is tight, and following predecessors from any reached vertex ends at the source).
 */
public final class Verifier {
    private Verifier() {}

    /** The first problem found, or empty when the result is right. */
    public static Optional<String> check(Graph graph, Result result, Result reference) {
        int n = graph.numVertices();
        if (result.numVertices() != n || reference.numVertices() != n) {
            return Optional.of("result has " + result.numVertices() + " vertices, graph " + n);
        }
        for (int v = 0; v < n; v++) {
            if (Double.compare(result.distance(v), reference.distance(v)) != 0) {
                return Optional.of("vertex " + graph.ids().toExternal(v) + " (internal " + v + "): distance "
                        + result.distance(v) + ", reference " + reference.distance(v));
            }
        }
        return result.hasPredecessors() ? checkTree(graph, result) : Optional.empty();
    }

    /**
     * Checks distances against the graph alone, with no second solve: the shortest-path optimality
     * conditions, in O(n + m). The source's distance is 0; no edge (u, v, w) from a reached u improves v
     * ({@code d(v) <= d(u) + w}); every reached vertex but the source has an in-edge that is tight
     * ({@code d(u) + w == d(v)}), so following tight edges back leads to the source. Sums are taken as the
     * algorithms take them: exactly in int64 for int weights, one float32 add for float weights. Holds for
     * every correct answer and for no wrong one with non-negative weights (a distance below the true one has
     * no tight in-edge chain to the source; one above it is improved by an edge of a shortest path).
     *
     * @return the first violation, naming the vertex or edge, or empty when the certificate holds
     */
    public static Optional<String> certify(Graph graph, Result r) {
        int n = graph.numVertices();
        int source = r.source();
        boolean ints = graph.weightType() == WeightType.INT32;
        if (r.numVertices() != n) {
            return Optional.of("result has " + r.numVertices() + " vertices, graph " + n);
        }
        if (r.distance(source) != 0) {
            return Optional.of("the source " + graph.ids().toExternal(source) + " has distance " + r.distance(source));
        }
        boolean[] tight = new boolean[n];
        tight[source] = true;
        for (int u = 0; u < n; u++) {
            if (!r.isReachable(u)) {
                continue;
            }
            long du = ints ? r.distanceAsLong(u) : 0;
            float fu = ints ? 0 : (float) r.distance(u);
            for (long e = graph.edgeBegin(u), end = graph.edgeEnd(u); e < end; e++) {
                int v = graph.target(e);
                boolean improves;
                boolean isTight;
                if (ints) {
                    long sum = du + graph.intWeight(e);
                    long dv = r.distanceAsLong(v);
                    improves = sum < dv;
                    isTight = sum == dv;
                } else {
                    float sum = fu + graph.floatWeight(e);
                    double dv = r.distance(v);
                    improves = sum < dv;
                    isTight = sum == dv;
                }
                if (improves) {
                    return Optional.of("edge " + graph.ids().toExternal(u) + " -> " + graph.ids().toExternal(v)
                            + " (weight " + graph.weight(e) + ") improves vertex " + graph.ids().toExternal(v)
                            + ": " + r.distance(u) + " + " + graph.weight(e) + " < " + r.distance(v));
                }
                tight[v] |= isTight;
            }
        }
        for (int v = 0; v < n; v++) {
            if (r.isReachable(v) && !tight[v]) {
                return Optional.of("vertex " + graph.ids().toExternal(v) + " has distance " + r.distance(v)
                        + " but no in-edge that gives it");
            }
        }
        return Optional.empty();
    }

    /** Validates predecessors alone: tight edges, no cycles, every reached vertex leads to the source. */
    public static Optional<String> checkTree(Graph graph, Result r) {
        int n = graph.numVertices();
        int source = r.source();
        if (r.predecessor(source) != -1) {
            return Optional.of("source " + source + " has predecessor " + r.predecessor(source));
        }
        // One pass over the edges marks the vertices whose predecessor edge exists and is tight: O(n + m), where
        // asking per vertex would cost the parent's whole out-degree each time (quadratic on a star).
        boolean[] tight = tightPredecessorEdges(graph, r);
        for (int v = 0; v < n; v++) {
            int p = r.predecessor(v);
            if (v == source) {
                continue;
            }
            if (!r.isReachable(v)) {
                if (p != -1) {
                    return Optional.of("unreachable vertex " + v + " has predecessor " + p);
                }
                continue;
            }
            if (p < 0 || p >= n || !r.isReachable(p)) {
                return Optional.of("reached vertex " + v + " has invalid predecessor " + p);
            }
            if (!tight[v]) {
                return Optional.of("no edge " + p + " -> " + v + " with distance(" + p + ") + w = distance(" + v + ")");
            }
        }
        // state: 0 unknown, 1 on the current walk, 2 known to reach the source
        byte[] state = new byte[n];
        state[source] = 2;
        int[] walk = new int[16];
        for (int v = 0; v < n; v++) {
            if (!r.isReachable(v) || state[v] == 2) {
                continue;
            }
            int length = 0;
            int u = v;
            while (state[u] == 0) {
                state[u] = 1;
                if (length == walk.length) {
                    walk = java.util.Arrays.copyOf(walk, length * 2);
                }
                walk[length++] = u;
                u = r.predecessor(u);
            }
            if (state[u] == 1) {
                return Optional.of("predecessors form a cycle through vertex " + u);
            }
            for (int i = 0; i < length; i++) {
                state[walk[i]] = 2;
            }
        }
        return Optional.empty();
    }

    /** tight[v]: some edge predecessor(v) -> v has distance(predecessor) + w = distance(v). */
    private static boolean[] tightPredecessorEdges(Graph graph, Result r) {
        int n = graph.numVertices();
        boolean[] tight = new boolean[n];
        boolean ints = graph.weightType() == WeightType.INT32;
        for (int p = 0; p < n; p++) {
            if (!r.isReachable(p)) {
                continue;
            }
            for (long e = graph.edgeBegin(p); e < graph.edgeEnd(p); e++) {
                int v = graph.target(e);
                if (tight[v] || r.predecessor(v) != p) {
                    continue;
                }
                tight[v] = ints ? r.distanceAsLong(p) + graph.intWeight(e) == r.distanceAsLong(v)
                        : (float) r.distance(p) + graph.floatWeight(e) == (float) r.distance(v);
            }
        }
        return tight;
    }
}
