package org.gsssp;

/** The graph's arrays are inconsistent (offsets not monotone, a target out of range, a non-finite weight). */
public class InvalidGraphException extends GssspException {
    /**
     * Creates the exception.
     *
     * @param message the first inconsistency found, with its index
     */
    public InvalidGraphException(String message) {
        super(message);
    }
}
