package org.gsssp;

/** A negative cycle is reachable from the source, so shortest distances are undefined. */
public class NegativeCycleException extends GssspException {
    public NegativeCycleException(String message) {
        super(message);
    }
}
