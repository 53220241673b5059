package org.gsssp;

/** A CUDA call failed inside the native library; the message carries the CUDA error name. */
public class CudaException extends GssspException {
    /**
     * Creates the exception.
     *
     * @param message the failed operation and the CUDA error
     */
    public CudaException(String message) {
        super(message);
    }
}
