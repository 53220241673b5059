package org.gsssp.generate;

/**
 * A random geometric graph (as DIMACS10's {@code rgg_n_2_*}): {@code n} points uniform in the unit square
 * ({@code dims = 2}) or cube ({@code dims = 3}), and an edge in both directions between every two points closer
 * than the radius that gives an expected {@code degree} neighbours away from the border ({@code n·π·r² = degree}
 * in 2-D, {@code n·(4/3)·π·r³ = degree} in 3-D). Vertex ids follow the points' cells, so neighbours have nearby
 * ids, as in a mesh file. Low, uniform degree and a large diameter: one of the classes where ADDS's margin over
 * the peers is thinnest (the issue "Side by side with the peers").
 *
 * @param n       the number of points, at least 1
 * @param degree  the expected number of neighbours of an interior point, above 0
 * @param dims    2 or 3
 * @param seed    the seed of the points and weights
 * @param weights how the edge weights are drawn
 */
public record RggSpec(int n, double degree, int dims, long seed, WeightSpec weights) implements GraphSpec {

    /**
     * Checks the parameters.
     *
     * @throws IllegalArgumentException if {@code n} is below 1, {@code degree} is not positive, or {@code dims}
     *         is neither 2 nor 3
     */
    public RggSpec {
        if (n < 1 || n > (Integer.MAX_VALUE - 8) / 3) {
            throw new IllegalArgumentException("rgg needs 1 <= n <= " + (Integer.MAX_VALUE - 8) / 3 + ", got " + n);
        }
        if (!(degree > 0) || degree > n) {
            throw new IllegalArgumentException("rgg needs 0 < d <= n, got " + degree);
        }
        if (dims != 2 && dims != 3) {
            throw new IllegalArgumentException("rgg needs dim=2 or dim=3, got " + dims);
        }
    }

    /**
     * The connection radius.
     *
     * @return r, from {@code n}, {@code degree} and {@code dims}
     */
    public double radius() {
        return dims == 2 ? Math.sqrt(degree / (Math.PI * n)) : Math.cbrt(3 * degree / (4 * Math.PI * n));
    }

    @Override
    public int numVertices() {
        return n;
    }

    /** Exact, found by placing the points and counting their neighbours (no edge is stored). */
    @Override
    public long numEdges() {
        return GraphGenerator.rggLayout(this, Runtime.getRuntime().availableProcessors()).edges();
    }

    @Override
    public String toString() {
        return "rgg:n=" + n + ",d=" + WeightSpec.fmt(degree) + ",dim=" + dims + ",seed=" + seed + "," + weights;
    }
}
