package org.gsssp.generate;

import java.util.Locale;

/**
 * R-MAT (Chakrabarti et al.) as Graph500 uses it: {@code 2^scale} vertices, {@code edgeFactor · 2^scale}
 * directed edges, each placed by descending {@code scale} levels of the adjacency matrix with quadrant
 * probabilities a, b, c, d = 1 − a − b − c; vertex ids are then permuted at random so that the hubs are not
 * all near id 0. Self-loops and parallel edges are kept (Graph500 keeps them too), so the edge count is exact.
 */
public record RmatSpec(int scale, int edgeFactor, double a, double b, double c, long seed, WeightSpec weights)
        implements GraphSpec {
    public static final double A = 0.57;
    public static final double B = 0.19;
    public static final double C = 0.19;

    public RmatSpec {
        if (scale < 0 || scale > 30) {
            throw new IllegalArgumentException("rmat scale must be in 0..30, got " + scale);
        }
        if (edgeFactor < 0) {
            throw new IllegalArgumentException("rmat edge factor must be >= 0, got " + edgeFactor);
        }
        // the edge list is generated into Java arrays before the CSR is built
        if ((long) edgeFactor << scale > Integer.MAX_VALUE - 16) {
            throw new IllegalArgumentException("rmat with scale " + scale + " and ef " + edgeFactor
                    + " has more than 2^31 edges, beyond what the generator supports");
        }
        if (!(a >= 0 && b >= 0 && c >= 0 && a + b + c <= 1)) {
            throw new IllegalArgumentException("rmat probabilities need a, b, c >= 0 and a + b + c <= 1, got "
                    + a + ", " + b + ", " + c);
        }
    }

    /** Graph500 parameters. */
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
