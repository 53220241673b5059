package org.gsssp;

/** The GPU ran out of memory for the graph or for a query's scratch buffers. */
public class DeviceMemoryException extends GssspException {
    public DeviceMemoryException(String message) {
        super(message);
    }
}
