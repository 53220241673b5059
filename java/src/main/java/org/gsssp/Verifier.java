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
        return HostCertifier.certify(graph, r);
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
        return HostCertifier.checkTree(graph, r);
    }
}
