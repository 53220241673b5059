package org.gsssp;

/** The graph (or device graph) was closed before or while the operation ran. */
public class GraphClosedException extends GssspException {
    public GraphClosedException(String message) {
        super(message);
    }
}
