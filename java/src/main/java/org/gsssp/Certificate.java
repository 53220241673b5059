package org.gsssp;

import java.util.Optional;

/**
 * The outcome of {@link Result#certify()}.
 *
 * @param violation the first violated condition, naming the vertex or edge; empty when the certificate holds
 * @param timeMs how long the check took, in milliseconds
 */
public record Certificate(Optional<String> violation, double timeMs) {
    /**
     * Whether the answer passed.
     *
     * @return true when no condition was violated
     */
    public boolean holds() {
        return violation.isEmpty();
    }

    /**
     * The Certificate of a check made on the GPU (gsssp_certificate), its violation named with the graph's
     * file ids as {@link Verifier#certify} names them.
     */
    static Certificate ofNative(java.lang.foreign.MemorySegment c, Graph graph) {
        int kind = org.gsssp.internal.ffi.gsssp_certificate.violation(c);
        long vertex = org.gsssp.internal.ffi.gsssp_certificate.vertex(c);
        long edge = org.gsssp.internal.ffi.gsssp_certificate.edge(c);
        double ms = org.gsssp.internal.ffi.gsssp_certificate.time_ms(c);
        if (kind == 0) {
            return new Certificate(Optional.empty(), ms);
        }
        VertexIds ids = graph.ids();
        String v = vertex >= 0 && vertex < graph.numVertices() ? Long.toString(ids.toExternal((int) vertex)) : Long.toString(vertex);
        String text = switch (kind) {
            case 1 -> "the source " + v + " does not have distance 0";
            case 2 -> {
                int u = tailOf(graph, edge);
                yield "edge " + ids.toExternal(u) + " -> " + v + " (weight " + graph.weight(edge) + ") improves vertex " + v;
            }
            case 3 -> "vertex " + v + " has a distance but no path of tight edges from the source gives it";
            case 4 -> "the predecessor of vertex " + v + " is not a tight in-edge (or is set where it must be -1)";
            case 5 -> "the predecessors of vertex " + v + " do not lead to the source";
            default -> "certificate violation " + kind + " at vertex " + v;
        };
        return new Certificate(Optional.of(text), ms);
    }

    /** The vertex whose out-edges hold edge {@code e}: a binary search over the offsets. */
    private static int tailOf(Graph graph, long e) {
        int lo = 0;
        int hi = graph.numVertices() - 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (graph.edgeBegin(mid) <= e) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        return lo;
    }
}
