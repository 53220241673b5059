package org.gsssp;

/** The native library could not be loaded, or its version does not match this jar's. */
public class NativeLibraryException extends GssspException {
    public NativeLibraryException(String message) {
        super(message);
    }

    public NativeLibraryException(String message, Throwable cause) {
        super(message, cause);
    }
}
