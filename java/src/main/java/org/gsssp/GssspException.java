package org.gsssp;

/** Base of every exception gsssp throws for a failed operation; each subclass names one kind of failure. */
public class GssspException extends RuntimeException {
    /**
     * Creates the exception.
     *
     * @param message what failed, and why
     */
    public GssspException(String message) {
        super(message);
    }

    /**
     * Creates the exception with the exception that caused it.
     *
     * @param message what failed, and why
     * @param cause the underlying exception; may be null
     */
    public GssspException(String message, Throwable cause) {
        super(message, cause);
    }
}
