package org.gsssp;

/** The GPU ran out of memory for the graph or for a query's scratch buffers. */
public class DeviceMemoryException extends GssspException {
    /**
     * Creates the exception.
     *
     * @param message what could not be allocated, and how much
     */
    public DeviceMemoryException(String message) {
        super(message);
    }
}
