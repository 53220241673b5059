package org.gsssp;

/** A float32 distance overflowed to infinity along a finite path; the result would have been wrong. */
public class DistanceOverflowException extends GssspException {
    /**
     * Creates the exception.
     *
     * @param message the failed operation and where the overflow happened
     */
    public DistanceOverflowException(String message) {
        super(message);
    }
}
