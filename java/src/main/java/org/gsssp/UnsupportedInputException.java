package org.gsssp;

/** The algorithm does not accept this input, for example negative weights for Dijkstra. */
public class UnsupportedInputException extends GssspException {
    /**
     * Creates the exception.
     *
     * @param message what the algorithm does not accept
     */
    public UnsupportedInputException(String message) {
        super(message);
    }
}
