package org.gsssp.testing;

import java.lang.foreign.ValueLayout;
import java.util.PriorityQueue;
import org.gsssp.Graph;
import org.gsssp.Result;
import org.gsssp.WeightType;

/**
 * An independent reference for the serving-path tests: a plain Dijkstra over a heap copy of the CSR, with
 * the arithmetic gsssp promises (int weights summed exactly in 64 bits, float weights summed in float32), and
 * checks of a {@link Result} against it that need nothing but the copy (so they work after the graph closes).
 */
public final class ReferenceSssp {
    /** A heap copy of a graph's CSR. */
    public record Csr(String name, int n, long[] offsets, int[] targets, int[] intWeights, float[] floatWeights,
            WeightType type) {
        public static Csr of(Graph g) {
            long[] offsets = g.offsets().toArray(ValueLayout.JAVA_LONG);
            int[] targets = g.targets().toArray(ValueLayout.JAVA_INT);
            int[] ints = g.weightType() == WeightType.INT32 ? g.weights().toArray(ValueLayout.JAVA_INT) : null;
            float[] floats = g.weightType() == WeightType.FLOAT32 ? g.weights().toArray(ValueLayout.JAVA_FLOAT) : null;
            return new Csr(g.name(), g.numVertices(), offsets, targets, ints, floats, g.weightType());
        }

        double weight(int e) {
            return type == WeightType.INT32 ? intWeights[e] : floatWeights[e];
        }

        /** d(u) + w(e) in the graph's arithmetic (exact for ints, float32 for floats). */
        double relax(double du, int e) {
            return type == WeightType.INT32 ? (double) ((long) du + intWeights[e]) : (double) ((float) du + floatWeights[e]);
        }
    }

    private ReferenceSssp() {}

    /** Distances from {@code source}, +infinity for unreachable vertices; non-negative weights only. */
    public static double[] distances(Csr g, int source) {
        double[] dist = new double[g.n()];
        java.util.Arrays.fill(dist, Double.POSITIVE_INFINITY);
        dist[source] = 0;
        PriorityQueue<double[]> heap = new PriorityQueue<>((a, b) -> Double.compare(a[0], b[0]));
        heap.add(new double[] {0, source});
        boolean[] done = new boolean[g.n()];
        while (!heap.isEmpty()) {
            double[] top = heap.poll();
            int u = (int) top[1];
            if (done[u] || top[0] > dist[u]) {
                continue;
            }
            done[u] = true;
            for (int e = (int) g.offsets()[u]; e < g.offsets()[u + 1]; e++) {
                int v = g.targets()[e];
                double nd = g.relax(dist[u], e);
                if (nd < dist[v]) {
                    dist[v] = nd;
                    heap.add(new double[] {nd, v});
                }
            }
        }
        return dist;
    }

    /**
     * The first difference between {@code r} and the reference distances {@code expected} (every distance,
     * reachability, exact long distances of int graphs), then, when {@code r} has predecessors, the first
     * flaw of its tree; null when there is none.
     */
    public static String problem(Csr g, double[] expected, Result r) {
        if (r.numVertices() != g.n()) {
            return "result has " + r.numVertices() + " vertices, graph " + g.n();
        }
        for (int v = 0; v < g.n(); v++) {
            double d = r.distance(v);
            if (Double.compare(d, expected[v]) != 0) {
                return "vertex " + v + ": distance " + d + ", reference " + expected[v];
            }
            boolean reachable = expected[v] != Double.POSITIVE_INFINITY;
            if (r.isReachable(v) != reachable) {
                return "vertex " + v + ": isReachable " + r.isReachable(v) + ", reference " + reachable;
            }
            if (g.type() == WeightType.INT32) {
                long exact = reachable ? (long) expected[v] : Long.MAX_VALUE;
                if (r.distanceAsLong(v) != exact) {
                    return "vertex " + v + ": distanceAsLong " + r.distanceAsLong(v) + ", reference " + exact;
                }
            }
        }
        return r.hasPredecessors() ? treeProblem(g, expected, r) : null;
    }

    /** Predecessors: -1 at the source and unreachable vertices, tight existing edges elsewhere, no cycles. */
    static String treeProblem(Csr g, double[] expected, Result r) {
        int n = g.n();
        int source = r.source();
        int[] pred = new int[n];
        for (int v = 0; v < n; v++) {
            pred[v] = r.predecessor(v);
        }
        if (pred[source] != -1) {
            return "source " + source + " has predecessor " + pred[source];
        }
        for (int v = 0; v < n; v++) {
            if (v == source) {
                continue;
            }
            int p = pred[v];
            if (expected[v] == Double.POSITIVE_INFINITY) {
                if (p != -1) {
                    return "unreachable vertex " + v + " has predecessor " + p;
                }
                continue;
            }
            if (p < 0 || p >= n || expected[p] == Double.POSITIVE_INFINITY) {
                return "reached vertex " + v + " has invalid predecessor " + p;
            }
            if (tightEdge(g, expected, p, v) < 0) {
                return "no tight edge " + p + " -> " + v;
            }
        }
        byte[] state = new byte[n];   // 0 unknown, 1 on the current walk, 2 leads to the source
        state[source] = 2;
        int[] walk = new int[n];
        for (int v = 0; v < n; v++) {
            if (expected[v] == Double.POSITIVE_INFINITY || state[v] == 2) {
                continue;
            }
            int length = 0;
            int u = v;
            while (state[u] == 0) {
                state[u] = 1;
                walk[length++] = u;
                u = pred[u];
            }
            if (state[u] == 1) {
                return "predecessors form a cycle through vertex " + u;
            }
            for (int i = 0; i < length; i++) {
                state[walk[i]] = 2;
            }
        }
        return null;
    }

    /** An edge u -> v with expected(u) + w = expected(v) in the graph's arithmetic, or -1. */
    public static int tightEdge(Csr g, double[] expected, int u, int v) {
        for (int e = (int) g.offsets()[u]; e < g.offsets()[u + 1]; e++) {
            if (g.targets()[e] == v && Double.compare(g.relax(expected[u], e), expected[v]) == 0) {
                return e;
            }
        }
        return -1;
    }

    /**
     * Whether {@code path} is a shortest path from {@code source} to {@code target}: empty exactly when the
     * target is unreachable, else starting at the source, ending at the target, each step a tight edge, the
     * weights (summed in the graph's arithmetic) adding up to the target's distance. The problem, or null.
     */
    public static String pathProblem(Csr g, double[] expected, int source, int target, int[] path) {
        if (expected[target] == Double.POSITIVE_INFINITY) {
            return path.length == 0 ? null : "path to unreachable vertex " + target + " has " + path.length + " vertices";
        }
        if (path.length == 0 || path.length > g.n()) {
            return "path to " + target + " has " + path.length + " vertices";
        }
        if (path[0] != source || path[path.length - 1] != target) {
            return "path to " + target + " runs " + path[0] + " .. " + path[path.length - 1] + ", source " + source;
        }
        double sum = 0;
        for (int i = 1; i < path.length; i++) {
            int u = path[i - 1];
            int v = path[i];
            if (u < 0 || u >= g.n() || v < 0 || v >= g.n()) {
                return "path to " + target + " has vertex out of range at step " + i;
            }
            int e = tightEdge(g, expected, u, v);
            if (e < 0) {
                return "path to " + target + ": no tight edge " + u + " -> " + v + " at step " + i;
            }
            sum = g.relax(sum, e);
        }
        return Double.compare(sum, expected[target]) == 0 ? null
                : "path to " + target + " weighs " + sum + ", distance " + expected[target];
    }
}
