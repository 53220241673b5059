package org.gsssp;

/** The graph's arrays are inconsistent (offsets not monotone, a target out of range, a non-finite weight). */
public class InvalidGraphException extends GssspException {
    public InvalidGraphException(String message) {
        super(message);
    }
}
