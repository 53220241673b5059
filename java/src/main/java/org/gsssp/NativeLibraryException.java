package org.gsssp;

/** The native library could not be loaded, or its version does not match this jar's. */
public class NativeLibraryException extends GssspException {
    /**
     * Creates the exception.
     *
     * @param message what could not be loaded or which versions differ
     */
    public NativeLibraryException(String message) {
        super(message);
    }

    /**
     * Creates the exception with the exception that caused it.
     *
     * @param message what could not be loaded, and why
     * @param cause the underlying exception (e.g. the {@link UnsatisfiedLinkError} or {@link java.io.IOException})
     */
    public NativeLibraryException(String message, Throwable cause) {
        super(message, cause);
    }
}
