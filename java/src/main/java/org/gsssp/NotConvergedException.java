package org.gsssp;

/** The round limit set with {@link Options.Builder#maxIterations(long)} was reached before convergence. */
public class NotConvergedException extends GssspException {
    public NotConvergedException(String message) {
        super(message);
    }
}
