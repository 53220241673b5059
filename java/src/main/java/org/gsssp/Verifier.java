package org.gsssp;

import java.util.Optional;

/**
 * Checks a result: against a reference result ({@link #check}: equal distances, bit for bit, since GPU and
 * CPU algorithms use the same arithmetic), against the graph alone ({@link #certify}: the O(n + m)
 * optimality certificate, no second solve), and its shortest-path tree ({@link #checkTree}: each predecessor
 * edge exists and is tight, and following predecessors from any reached vertex ends at the source).
 */
public final class Verifier {
    private Verifier() {}

    /**
     * Compares {@code result} with {@code reference} (equal vertex counts and bit-equal distances), then, if
     * {@code result} has predecessors, checks its tree with {@link #checkTree(Graph, Result)}.
     *
     * @param graph     the graph both results were computed on, open
     * @param result    the result to check
     * @param reference a result known to be right, e.g. from {@link Algorithm#CPU_DIJKSTRA} on the same source
     * @return the first problem found, or empty when the result is right
     */
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
     * ({@code d(v) <= d(u) + w}); and every reached vertex is reached from the source along tight edges
     * ({@code d(u) + w == d(v)}), so each distance is the length of a real path. Together these hold for the
     * right answer and for no other, whatever the signs of the weights, as long as no negative cycle is
     * reachable (zero-weight cycles included: a tight cycle with distances too low is not reached from the
     * source). Sums are taken as the algorithms take them: exactly in int64 for int weights, one float32 add
     * for float weights.
     *
     * @param graph the graph the result was computed on
     * @param r the result to check
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
        for (int u = 0; u < n; u++) {
            if (!r.isReachable(u)) {
                continue;
            }
            long du = ints ? r.distanceAsLong(u) : 0;
            float fu = ints ? 0 : (float) r.distance(u);
            for (long e = graph.edgeBegin(u), end = graph.edgeEnd(u); e < end; e++) {
                int v = graph.target(e);
                boolean improves = ints ? du + graph.intWeight(e) < r.distanceAsLong(v)
                        : fu + graph.floatWeight(e) < r.distance(v);
                if (improves) {
                    return Optional.of("edge " + graph.ids().toExternal(u) + " -> " + graph.ids().toExternal(v)
                            + " (weight " + graph.weight(e) + ") improves vertex " + graph.ids().toExternal(v)
                            + ": " + r.distance(u) + " + " + graph.weight(e) + " < " + r.distance(v));
                }
            }
        }
        // Breadth-first from the source along tight edges: it must reach every vertex with a distance.
        boolean[] seen = new boolean[n];
        int[] queue = new int[n];
        int head = 0;
        int tail = 0;
        seen[source] = true;
        queue[tail++] = source;
        while (head < tail) {
            int u = queue[head++];
            for (long e = graph.edgeBegin(u), end = graph.edgeEnd(u); e < end; e++) {
                int v = graph.target(e);
                if (!seen[v] && tight(graph, r, ints, u, e, v)) {
                    seen[v] = true;
                    queue[tail++] = v;
                }
            }
        }
        for (int v = 0; v < n; v++) {
            if (r.isReachable(v) && !seen[v]) {
                return Optional.of("vertex " + graph.ids().toExternal(v) + " has distance " + r.distance(v)
                        + " but no path of tight edges from the source gives it");
            }
        }
        return Optional.empty();
    }

    /**
     * Validates predecessors alone: tight edges, no cycles, every reached vertex leads to the source.
     *
     * @param graph the graph the result was computed on, open
     * @param r     a result with predecessors
     * @return the first problem found, or empty when the tree is valid
     * @throws IllegalStateException if {@code r} has no predecessors
     */
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

    // Whether the edge u -> v (index e) is tight: d(u) + w == d(v), in the graph's arithmetic.
    private static boolean tight(Graph graph, Result r, boolean ints, int u, long e, int v) {
        if (!r.isReachable(v)) {
            return false;
        }
        if (ints) {
            return r.distanceAsLong(u) + graph.intWeight(e) == r.distanceAsLong(v);
        }
        float sum = (float) r.distance(u) + graph.floatWeight(e);
        return sum == r.distance(v);
    }
}
