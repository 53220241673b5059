package org.gsssp.generate;

/**
 * A {@code rows × cols} 2D grid, road-like: each vertex {@code r·cols + c} has edges in both directions to its
 * up to four neighbours, each direction with its own random weight. Diameter {@code rows + cols − 2}, which is
 * what makes round-based GPU algorithms suffer.
 *
 * @param rows    the number of rows, at least 1
 * @param cols    the number of columns, at least 1
 * @param seed    the seed of the weights
 * @param weights how the edge weights are drawn
 */
public record GridSpec(int rows, int cols, long seed, WeightSpec weights) implements GraphSpec {

    /**
     * Checks the size.
     *
     * @throws IllegalArgumentException if {@code rows} or {@code cols} is below 1, or the grid has 2^31 - 1 or
     *         more vertices
     */
    public GridSpec {
        if (rows < 1 || cols < 1 || (long) rows * cols > Integer.MAX_VALUE - 1) {
            throw new IllegalArgumentException("grid needs rows, cols >= 1 and rows*cols < 2^31, got " + rows + "x" + cols);
        }
    }

    @Override
    public int numVertices() {
        return rows * cols;
    }

    @Override
    public long numEdges() {
        return 2L * ((long) rows * (cols - 1) + (long) cols * (rows - 1));
    }

    @Override
    public String toString() {
        return "grid:" + rows + "x" + cols + ",seed=" + seed + "," + weights;
    }
}
