package org.gsssp.generate;

/**
 * A road-like graph of any size: the {@code rows × cols} grid of {@link GridSpec} (local streets, both
 * directions, weights drawn by {@code weights}) plus highways: every {@code highway}-th row and column carries
 * express edges, in both directions, between intersections {@code highway} cells apart, each weighing a fifth
 * of what crossing those cells by street costs on average ({@code highway × (lo + hi) / 2 × 0.2}, ±10%). Like a
 * road network, shortest paths climb onto the highways for long trips, which is what separates a road graph
 * from a plain grid for the delta-stepping algorithms (a few long, cheap edges over a high-diameter mesh).
 *
 * @param rows    rows of intersections, at least 1
 * @param cols    columns, at least 1
 * @param highway cells between highway intersections, at least 2
 * @param seed    the seed of the weights
 * @param weights how the street weights are drawn (and, through their mean, the highways')
 */
public record RoadSpec(int rows, int cols, int highway, long seed, WeightSpec weights) implements GraphSpec {

    /**
     * A highway costs this share of the streets' mean cost over the same distance. The best street route costs
     * far less than the mean per cell, since it picks cheap streets (about 0.49 of it on a 50 × 40 grid with
     * weights 1..1000: 21,393 over 88 cells); at 0.2 a highway is about twice as fast as that route.
     */
    static final double HIGHWAY_SPEED = 0.2;

    /**
     * Checks the size.
     *
     * @throws IllegalArgumentException if a side is below 1, the graph has 2^31 - 1 or more vertices, or
     *         {@code highway} is below 2
     */
    public RoadSpec {
        if (rows < 1 || cols < 1 || (long) rows * cols > Integer.MAX_VALUE - 1) {
            throw new IllegalArgumentException("road needs rows, cols >= 1 and rows*cols < 2^31, got " + rows + "x" + cols);
        }
        if (highway < 2 || highway > 1 << 16) {
            throw new IllegalArgumentException("road needs 2 <= hw <= 65536 (cells between highway intersections), got " + highway);
        }
        if (weights.negativeShare() > 0) {
            throw new IllegalArgumentException("road graphs take no neg= (the highways' weights lie outside w=LO..HI)");
        }
    }

    @Override
    public int numVertices() {
        return rows * cols;
    }

    /** The grid's edges first (per vertex), then each highway intersection's express edges. */
    @Override
    public long numEdges() {
        long streets = 2L * ((long) rows * (cols - 1) + (long) cols * (rows - 1));
        long hRows = (rows - 1) / highway + 1;
        long hCols = (cols - 1) / highway + 1;
        long express = 2L * (hRows * ((cols - 1) / highway) + hCols * ((rows - 1) / highway));
        return streets + express;
    }

    @Override
    public String toString() {
        return "road:" + rows + "x" + cols + ",hw=" + highway + ",seed=" + seed + "," + weights;
    }
}
