package org.gsssp;

import java.util.Optional;

/**
 * The host checks behind {@link Verifier} and {@link Result#certify()}: the O(n + m) optimality certificate of an
 * answer against its graph, and the check of its shortest-path tree.
 */
final class HostCertifier {
    private HostCertifier() {}

    /** See {@link Verifier#certify(Graph, Result)}. */
    static Optional<String> certify(Graph graph, Result r) {
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

    /** See {@link Verifier#checkTree(Graph, Result)}. */
    static Optional<String> checkTree(Graph graph, Result r) {
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
