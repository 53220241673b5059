package org.gsssp.generate;

/**
 * Uniform random graph with a fixed out-degree, as in Martín {@literal et al.} (ICCS'09, degree 7, weights
 * 1..10): each of the {@code n} vertices gets {@code degree} out-edges to targets drawn uniformly from the other vertices
 * (parallel edges possible, no self-loops unless {@code n == 1}).
 *
 * @param n       the number of vertices, at least 1
 * @param degree  the out-degree of every vertex, at least 0
 * @param seed    the seed of the targets and weights
 * @param weights how the edge weights are drawn
 */
public record RandomSpec(int n, int degree, long seed, WeightSpec weights) implements GraphSpec {

    /**
     * Checks the size.
     *
     * @throws IllegalArgumentException if {@code n} is below 1 or {@code degree} is negative
     */
    public RandomSpec {
        if (n < 1) {
            throw new IllegalArgumentException("random graph needs n >= 1, got " + n);
        }
        if (degree < 0) {
            throw new IllegalArgumentException("random graph needs d >= 0, got " + degree);
        }
    }

    @Override
    public int numVertices() {
        return n;
    }

    @Override
    public long numEdges() {
        return (long) n * degree;
    }

    @Override
    public String toString() {
        return "random:n=" + n + ",d=" + degree + ",seed=" + seed + "," + weights;
    }
}
