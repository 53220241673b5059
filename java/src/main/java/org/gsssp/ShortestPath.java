package org.gsssp;

import java.util.Arrays;
import java.util.StringJoiner;

/**
 * One shortest path, source first: its vertices (internal ids and the file's own ids), the weight of each of
 * its edges and the total. Named ShortestPath rather than Path so that it does not clash with
 * {@code java.nio.file.Path}, which code loading graphs imports too.
 *
 * <p>The edge weights are the increases in distance along the path: exactly the edges' weights for int32
 * graphs; for float32 graphs, where distances are float32 sums, the weights as those sums saw them (equal to
 * the edges' weights up to float32 rounding). An unreachable target gives the empty path ({@link #exists()}
 * false, no vertices, weight +infinity).
 */
public final class ShortestPath {
    private final int[] vertices;
    private final long[] fileIds;
    private final double[] distances;  // of each vertex on the path

    ShortestPath(int[] vertices, VertexIds ids, double[] distances) {
        this.vertices = vertices;
        this.fileIds = new long[vertices.length];
        for (int i = 0; i < vertices.length; i++) {
            fileIds[i] = ids.toExternal(vertices[i]);
        }
        this.distances = distances;
    }

    /**
     * Whether the target is reachable (the path has at least its source).
     *
     * @return false for the empty path of an unreachable target
     */
    public boolean exists() {
        return vertices.length > 0;
    }

    /**
     * The vertices, source first, as internal ids (0..n-1).
     *
     * @return a copy; empty if the target is unreachable
     */
    public int[] vertices() {
        return vertices.clone();
    }

    /**
     * The vertices, source first, as the graph file calls them.
     *
     * @return a copy; empty if the target is unreachable
     */
    public long[] fileIds() {
        return fileIds.clone();
    }

    /**
     * The number of edges: one less than the vertices, 0 from the source to itself.
     *
     * @return the edge count; 0 for an unreachable target too
     */
    public int edgeCount() {
        return Math.max(0, vertices.length - 1);
    }

    /**
     * The weight of each edge, in path order.
     *
     * @return {@link #edgeCount()} weights (a copy)
     */
    public double[] edgeWeights() {
        double[] w = new double[edgeCount()];
        for (int i = 0; i < w.length; i++) {
            w[i] = distances[i + 1] - distances[i];
        }
        return w;
    }

    /**
     * The path's total weight: the target's distance.
     *
     * @return the total, or +infinity if the target is unreachable
     */
    public double weight() {
        return exists() ? distances[distances.length - 1] : Double.POSITIVE_INFINITY;
    }

    /** "1 -> 5 -> 9 (weight 17.0)" in the file's ids, or "no path". */
    @Override
    public String toString() {
        if (!exists()) {
            return "no path";
        }
        StringJoiner j = new StringJoiner(" -> ", "", " (weight " + weight() + ")");
        for (long id : fileIds) {
            j.add(Long.toString(id));
        }
        return j.toString();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ShortestPath p && Arrays.equals(vertices, p.vertices) && Arrays.equals(distances, p.distances);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(vertices) + Arrays.hashCode(distances);
    }
}
