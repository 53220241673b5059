package org.gsssp;

/**
 * Receives the answers of a batch ({@link Sssp#queryBatch}, {@link DeviceGraph#queryBatch}) as they complete: one
 * call per source, in completion order, never two calls at once. The {@link Result} lives in memory the batch
 * reuses for a later source as soon as the call returns (reading it afterwards throws {@link IllegalStateException});
 * read what is needed during the call, or keep {@link Result#copy()}.
 */
@FunctionalInterface
public interface BatchConsumer {
    /**
     * One source's answer.
     *
     * @param index  the source's position in the batch's array
     * @param result its answer, valid during this call
     * @throws RuntimeException to stop the batch: no further call is made, and the batch rethrows it
     */
    void accept(int index, Result result);
}
