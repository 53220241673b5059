package org.gsssp.bench.routing;

import org.gsssp.Graph;

/**
 * A point-to-point router measured in this JVM by {@link RoutingRun}: GraphHopper's CH, gsssp's CH, CPU Dijkstra,
 * GPU ADDS. Vertex ids are the graph's internal ids; a distance is exact (int64), {@link #UNREACHABLE} when there
 * is no path.
 */
public interface Router extends AutoCloseable {
    /** The distance of an unreachable pair. */
    long UNREACHABLE = Long.MAX_VALUE;

    /** The row name in the results. */
    String name();

    /**
     * Builds what the router needs for {@code graph} (its hierarchy); the harness times this call.
     *
     * @param graph the graph (int32 weights)
     * @param threads host threads it may use
     * @return the bytes its prepared structure takes, as the router itself counts them, or -1 if it cannot say
     */
    long prepare(Graph graph, int threads) throws Exception;

    /** What {@link #prepare} built, in a few words (shortcuts, how weights were mapped), for the README. */
    default String notes() {
        return "";
    }

    /** A query context for one thread; the harness makes one per thread and reuses it. */
    Query newQuery();

    /**
     * Distances from every source to every target, row-major.
     *
     * @param threads host threads it may use
     */
    long[] matrix(int[] sources, int[] targets, int threads) throws Exception;

    /** How {@link #matrix} answers (bucket many-to-many, one-to-many, point-to-point loop, ...). */
    String matrixMethod();

    /** How many pairs the harness times for this router at most (slow routers: a prefix of the pairs). */
    default int pairLimit() {
        return Integer.MAX_VALUE;
    }

    @Override
    default void close() throws Exception {
    }

    /** One thread's query context. */
    interface Query {
        /** The distance from {@code s} to {@code t}, {@link #UNREACHABLE} if none. */
        long distance(int s, int t);

        /** The route from {@code s} to {@code t} (source and target included; empty if unreachable) and its length. */
        Route route(int s, int t);
    }

    /** A route and its length as the router reports it. */
    record Route(long distance, int[] vertices) {
    }

    /** Row-major matrix by point-to-point queries over {@code threads} threads, for routers without one. */
    static long[] matrixByPairs(Router router, int[] sources, int[] targets, int threads) throws InterruptedException {
        long[] out = new long[sources.length * targets.length];
        java.util.concurrent.atomic.AtomicInteger next = new java.util.concurrent.atomic.AtomicInteger();
        Thread[] pool = new Thread[Math.max(1, threads)];
        java.util.concurrent.atomic.AtomicReference<Throwable> failure = new java.util.concurrent.atomic.AtomicReference<>();
        for (int p = 0; p < pool.length; p++) {
            pool[p] = new Thread(() -> {
                try {
                    Query q = router.newQuery();
                    for (int i; (i = next.getAndIncrement()) < sources.length; ) {
                        for (int j = 0; j < targets.length; j++) {
                            out[i * targets.length + j] = q.distance(sources[i], targets[j]);
                        }
                    }
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                }
            });
            pool[p].start();
        }
        for (Thread t : pool) {
            t.join();
        }
        if (failure.get() != null) {
            throw new IllegalStateException(router.name() + " matrix: " + failure.get(), failure.get());
        }
        return out;
    }
}
