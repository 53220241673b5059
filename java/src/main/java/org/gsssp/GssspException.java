package org.gsssp;

/** Base of every exception gsssp throws for a failed operation; each subclass names one kind of failure. */
public class GssspException extends RuntimeException {
    public GssspException(String message) {
        super(message);
    }

    public GssspException(String message, Throwable cause) {
        super(message, cause);
    }
}
