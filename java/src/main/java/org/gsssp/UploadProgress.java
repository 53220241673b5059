package org.gsssp;

/**
 * Hears how far an upload to the GPU has got ({@link DeviceGraph#upload(Graph, int, UploadProgress)}). The graph's
 * arrays cross in chunks of at most 256 MiB; a graph of billions of edges takes seconds.
 *
 * <p>It is called on the uploading thread: once before the first chunk ({@code doneBytes} 0), after every chunk,
 * and once more at the end ({@code doneBytes == totalBytes}). {@code totalBytes} is the graph's device arrays: 8
 * bytes per vertex plus one, and 8 per edge. Throwing stops the upload: nothing stays on the device, and
 * {@code upload} throws what this threw.
 */
@FunctionalInterface
public interface UploadProgress {
    /**
     * One step of the upload.
     *
     * @param doneBytes  bytes copied to the device so far
     * @param totalBytes bytes the upload copies in all
     */
    void progress(long doneBytes, long totalBytes);
}
