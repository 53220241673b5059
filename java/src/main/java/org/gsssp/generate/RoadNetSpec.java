package org.gsssp.generate;

/**
 * A road network for route planning: what contraction hierarchies and PHAST are measured on when no real road
 * graph of the wanted size is at hand (the DIMACS graphs shipped here stop at road NY, 264,346 vertices).
 *
 * <p>{@code rows × cols} intersections, each moved at random by up to 0.3 of a cell from its lattice point, joined
 * by streets of four classes, like a city's hierarchy of roads: every 4th row and column is an arterial, every 16th
 * a highway, every 64th a motorway (and the outer ring an arterial at least). A street's travel time is its length
 * times its class's time per unit length, 100 for local streets, 60 for arterials, 40 for highways and 25 for
 * motorways, ±5% at random, rounded, both directions alike (weights about 10 to 180). Long trips climb the classes,
 * as on real roads, which is what makes the graph contract well.
 *
 * <p>The roads on the class lines are all there. Between them, the local streets of each 4 × 4 block keep a random
 * spanning forest that ties every intersection of the block to the surrounding roads (so the graph is connected),
 * and each other local street with probability {@link #LOCAL_KEEP}; about 60% of the local streets remain. That
 * leaves dead ends, bends and an average of about 2.8 arcs a vertex, as in the DIMACS road graphs (NY: 2.78).
 * Ids are row-major.
 *
 * @param rows rows of intersections, at least 1
 * @param cols columns, at least 1
 * @param seed the seed of the positions, the local streets kept and the ±5%
 */
public record RoadNetSpec(int rows, int cols, long seed) implements GraphSpec {

    /** The weights' description: travel times from the geometry, within 1..1000. */
    static final WeightSpec WEIGHTS = WeightSpec.ints(1, 1000);

    /** Cells between arterials; highways every {@code SPACING²}, motorways every {@code SPACING³}. */
    static final int SPACING = 4;

    /**
     * The chance that a local street outside a block's spanning forest stays. A 4 × 4 block has 24 local
     * streets, of which its forest takes 9; keeping 0.36 of the other 15 leaves about 14.4 (60%), so that the
     * graph has about 1.4 streets (2.8 arcs) a vertex.
     */
    static final double LOCAL_KEEP = 0.36;

    /** Time per unit length by class (local, arterial, highway, motorway). */
    static final double[] TIME_PER_LENGTH = {100, 60, 40, 25};

    /**
     * Checks the size.
     *
     * @throws IllegalArgumentException if a side is below 1 or the graph has 2^31 - 1 or more vertices
     */
    public RoadNetSpec {
        if (rows < 1 || cols < 1 || (long) rows * cols > Integer.MAX_VALUE - 1) {
            throw new IllegalArgumentException("roadnet needs rows, cols >= 1 and rows*cols < 2^31, got " + rows + "x" + cols);
        }
    }

    @Override
    public WeightSpec weights() {
        return WEIGHTS;
    }

    @Override
    public int numVertices() {
        return rows * cols;
    }

    /** Exact, found by choosing the local streets (no edge is stored). */
    @Override
    public long numEdges() {
        return RoadNetwork.layout(this, Runtime.getRuntime().availableProcessors()).edges();
    }

    @Override
    public String toString() {
        return "roadnet:" + rows + "x" + cols + ",seed=" + seed;
    }
}
