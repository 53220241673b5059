package org.gsssp;

/** The graph (or device graph) was closed before or while the operation ran. */
public class GraphClosedException extends GssspException {
    /**
     * Creates the exception.
     *
     * @param message names the closed graph
     */
    public GraphClosedException(String message) {
        super(message);
    }
}
