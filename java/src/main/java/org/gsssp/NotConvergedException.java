package org.gsssp;

/** The round limit set with {@link Options.Builder#maxIterations(long)} was reached before convergence. */
public class NotConvergedException extends GssspException {
    /**
     * Creates the exception.
     *
     * @param message the failed operation and the round limit
     */
    public NotConvergedException(String message) {
        super(message);
    }
}
