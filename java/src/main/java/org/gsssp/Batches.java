package org.gsssp;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The engine of {@link Sssp#queryBatch} and {@link DeviceGraph#queryBatch}: a few workers, each with its own
 * {@link QueryBuffers}, take the sources in order and run them, so that the batch holds {@code workers} answers'
 * memory at a time however many sources it has, and hands each answer to the consumer (one call at a time) before
 * its buffers serve the next source.
 */
final class Batches {
    private Batches() {}

    /** One query into the worker's buffers. */
    interface Query {
        Result run(int source, QueryBuffers into);
    }

    static void run(Graph graph, int[] sources, boolean predecessors, int workers, Query query, BatchConsumer consumer) {
        java.util.Objects.requireNonNull(query, "query");
        run(graph, sources, predecessors, java.util.Collections.nCopies(Math.max(1, workers), query), consumer);
    }

    /**
     * As {@link #run(Graph, int[], boolean, int, Query, BatchConsumer)}, with one worker per entry of {@code workers},
     * each running its own query function (for {@link DeviceGroup}: workers of several devices taking the sources from
     * one counter). When there are fewer sources than workers the first ones run.
     */
    static void run(Graph graph, int[] sources, boolean predecessors, List<Query> workers, BatchConsumer consumer) {
        java.util.Objects.requireNonNull(consumer, "consumer");
        if (workers.isEmpty()) {
            throw new IllegalArgumentException("a batch needs at least one worker");
        }
        for (int s : sources) {
            Checks.checkSource(graph, s);
        }
        if (sources.length == 0) {
            return;
        }
        int k = Math.max(1, Math.min(workers.size(), sources.length));
        AtomicInteger next = new AtomicInteger();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Object delivery = new Object();
        ExecutorService pool = Executors.newFixedThreadPool(k, r -> {
            Thread t = new Thread(r, "gsssp-batch");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (int w = 0; w < k; w++) {
                final Query query = workers.get(w);
                futures.add(pool.submit(() -> {
                    try (QueryBuffers buffers = QueryBuffers.forGraph(graph, predecessors)) {
                        for (int i = next.getAndIncrement(); i < sources.length && failure.get() == null;
                                i = next.getAndIncrement()) {
                            Result r = query.run(sources[i], buffers);
                            synchronized (delivery) {
                                if (failure.get() != null) {
                                    break;
                                }
                                try {
                                    consumer.accept(i, r);
                                } catch (Throwable t) {
                                    // Recorded before the lock is released: no later call sees a batch still running.
                                    failure.compareAndSet(null, t);
                                    break;
                                }
                            }
                        }
                    } catch (Throwable t) {
                        failure.compareAndSet(null, t);
                    }
                    return null;
                }));
            }
            awaitAll(futures, failure);
        } finally {
            pool.shutdownNow();
        }
        Throwable t = failure.get();
        if (t instanceof RuntimeException e) {
            throw e;
        }
        if (t instanceof Error e) {
            throw e;
        }
        if (t != null) {
            throw new GssspException("batch interrupted: " + t, t);
        }
    }

    /**
     * Waits for every task, recording the first failure (a task's own exception, or an interrupt) in {@code failure}.
     *
     * @param running the tasks
     * @param failure where the first failure goes; later ones are dropped
     */
    static void awaitAll(List<Future<?>> running, AtomicReference<Throwable> failure) {
        for (Future<?> f : running) {
            try {
                f.get();
            } catch (ExecutionException e) {
                failure.compareAndSet(null, e.getCause());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                failure.compareAndSet(null, e);
            }
        }
    }
}
