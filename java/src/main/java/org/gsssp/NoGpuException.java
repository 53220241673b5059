package org.gsssp;

/** A GPU algorithm was asked for, but no usable CUDA device (or driver) is present. */
public class NoGpuException extends GssspException {
    /**
     * Creates the exception.
     *
     * @param message why no device could be used
     */
    public NoGpuException(String message) {
        super(message);
    }
}
