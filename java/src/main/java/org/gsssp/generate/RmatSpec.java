package org.gsssp.generate;

import java.util.Locale;

/**
 * R-MAT (Chakrabarti et al.) as Graph500 uses it: {@code 2^scale} vertices, {@code edgeFactor · 2^scale}
 * directed edges, each placed by descending {@code scale} levels of the adjacency matrix with quadrant
 * probabilities a, b, c, d = 1 − a − b − c; vertex ids are then permuted at random so that the hubs are not
 * all near id 0. Self-loops and parallel edges are kept (Graph500 keeps them too), so the edge count is exact.
 *
 * @param scale      log2 of the number of vertices, in 0..30
 * @param edgeFactor edges per vertex, at least 0; {@code edgeFactor · 2^scale} edges may pass 2^31 (the edge
 *                   list lives off-heap, long-indexed): the limit is memory, which
 *                   {@link GraphGenerator#generate(GraphSpec)} checks before it allocates anything (16 bytes
 *                   per edge off-heap while generating: the CSR's 8 and the edge list's 8)
 * @param a          the probability of the top-left quadrant
 * @param b          the probability of the top-right quadrant
 * @param c          the probability of the bottom-left quadrant; {@code a + b + c <= 1}
 * @param seed       the seed of the edges, the permutation and the weights
 * @param weights    how the edge weights are drawn
 */
public record RmatSpec(int scale, int edgeFactor, double a, double b, double c, long seed, WeightSpec weights)
        implements GraphSpec {
    /** Graph500's probability a of the top-left quadrant. */
    public static final double A = 0.57;
    /** Graph500's probability b of the top-right quadrant. */
    public static final double B = 0.19;
    /** Graph500's probability c of the bottom-left quadrant. */
    public static final double C = 0.19;

    /**
     * Checks the parameters.
     *
     * @throws IllegalArgumentException if {@code scale} is outside 0..30 (vertex ids are int32),
     *         {@code edgeFactor} is negative, or a, b, c are not probabilities with sum at most 1
     */
    public RmatSpec {
        if (scale < 0 || scale > 30) {
            throw new IllegalArgumentException("rmat scale must be in 0..30, got " + scale);
        }
        if (edgeFactor < 0) {
            throw new IllegalArgumentException("rmat edge factor must be >= 0, got " + edgeFactor);
        }
        if (!(a >= 0 && b >= 0 && c >= 0 && a + b + c <= 1)) {
            throw new IllegalArgumentException("rmat probabilities need a, b, c >= 0 and a + b + c <= 1, got "
                    + a + ", " + b + ", " + c);
        }
    }

    /**
     * R-MAT with Graph500's quadrant probabilities {@link #A}, {@link #B}, {@link #C}.
     *
     * @param scale      log2 of the number of vertices, in 0..30
     * @param edgeFactor edges per vertex, at least 0
     * @param seed       the seed of the edges, the permutation and the weights
     * @param weights    how the edge weights are drawn
     * @throws IllegalArgumentException if the parameters are out of range (see the canonical constructor)
     */
    public RmatSpec(int scale, int edgeFactor, long seed, WeightSpec weights) {
        this(scale, edgeFactor, A, B, C, seed, weights);
    }

    @Override
    public int numVertices() {
        return 1 << scale;
    }

    @Override
    public long numEdges() {
        return (long) edgeFactor << scale;
    }

    @Override
    public String toString() {
        StringBuilder s = new StringBuilder("rmat:scale=").append(scale).append(",ef=").append(edgeFactor);
        if (a != A || b != B || c != C) {
            s.append(String.format(Locale.ROOT, ",a=%s,b=%s,c=%s", a, b, c));
        }
        return s.append(",seed=").append(seed).append(',').append(weights).toString();
    }
}
