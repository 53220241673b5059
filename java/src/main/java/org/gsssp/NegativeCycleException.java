package org.gsssp;

/** A negative cycle is reachable from the source, so shortest distances are undefined. */
public class NegativeCycleException extends GssspException {
    private final long vertex;

    public NegativeCycleException(String message) {
        this(message, -1);
    }

    public NegativeCycleException(String message, long vertex) {
        super(message);
        this.vertex = vertex;
    }

    /** An (internal) vertex on the cycle, or -1 when the algorithm could not name one. */
    public long vertex() {
        return vertex;
    }
}
