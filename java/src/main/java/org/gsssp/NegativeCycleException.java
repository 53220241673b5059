package org.gsssp;

/** A negative cycle is reachable from the source, so shortest distances are undefined. */
public class NegativeCycleException extends GssspException {
    /** An (internal) vertex on the cycle, or -1. */
    private final long vertex;

    /**
     * Creates the exception without a vertex on the cycle ({@link #vertex()} returns -1).
     *
     * @param message the failed operation and the cycle found
     */
    public NegativeCycleException(String message) {
        this(message, -1);
    }

    /**
     * Creates the exception naming a vertex on the cycle.
     *
     * @param message the failed operation and the cycle found
     * @param vertex an (internal) vertex on the cycle, or -1 when unknown
     */
    public NegativeCycleException(String message, long vertex) {
        super(message);
        this.vertex = vertex;
    }

    /**
     * An (internal) vertex on the cycle.
     *
     * @return the vertex, or -1 when the algorithm could not name one
     */
    public long vertex() {
        return vertex;
    }
}
