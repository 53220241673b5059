package org.gsssp;

/** The algorithm does not accept this input, e.g. negative weights for Dijkstra. */
public class UnsupportedInputException extends GssspException {
    public UnsupportedInputException(String message) {
        super(message);
    }
}
