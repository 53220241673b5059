package org.gsssp;

/** The graph file formats {@link GraphLoader} reads. */
public enum GraphFormat {
    /** Recognise the format from the file's content (and, for SNAP vs METIS, its extension). */
    AUTO,
    /** 9th DIMACS Challenge {@code .gr} text: {@code c} comments, {@code p sp N M}, {@code a U V W} arcs. */
    DIMACS,
    /** Galois binary {@code .gr}, version 1 (little-endian CSR; mapped, not parsed). */
    GALOIS,
    /** Matrix Market coordinate format ({@code pattern|integer|real}, {@code general|symmetric}). */
    MATRIX_MARKET,
    /** SNAP edge list: {@code #} comments, {@code FROM TO} lines. */
    SNAP,
    /** METIS / DIMACS10 adjacency lists ({@code .graph}), undirected. */
    METIS
}
