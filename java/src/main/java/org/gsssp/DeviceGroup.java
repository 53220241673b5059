package org.gsssp;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * One graph replicated on several GPUs of a host, answering single queries, batches and matrices on all of them.
 * Each device holds a full {@link DeviceGraph}; work is spread, never split within a search:
 * <ul>
 *   <li>a single query (and {@link #distances}, {@link #path}) runs on the device with the fewest queries in
 *       flight from this group;</li>
 *   <li>{@link #queryBatch} runs concurrent single queries (dense graphs: ADDS) from one pool of workers, each bound
 *       to a device, taking the sources from one counter; the one-launch designs (block-per-source, multi-source
 *       lanes) deal the sources out in contiguous slices, one per device, each run by that device's own thread (one
 *       thread pool per device). Either way the consumer is called once at a time, as on one GPU;</li>
 *   <li>{@link #matrix} gives each device a slice of the rows.</li>
 * </ul>
 * Answers are those of one GPU: each search runs whole on one device, with the same algorithm and options. Close
 * the group to free every device's copy.
 */
public final class DeviceGroup implements AutoCloseable {
    private final Graph graph;
    private final List<DeviceGraph> members;
    private final AtomicInteger[] inFlight;
    private final ExecutorService[] runners;

    private DeviceGroup(Graph graph, List<DeviceGraph> members) {
        this.graph = graph;
        this.members = List.copyOf(members);
        this.inFlight = new AtomicInteger[members.size()];
        this.runners = new ExecutorService[members.size()];
        for (int d = 0; d < members.size(); d++) {
            inFlight[d] = new AtomicInteger();
            final int device = members.get(d).device().index();
            runners[d] = Executors.newSingleThreadExecutor(r -> {
                Thread t = new Thread(r, "gsssp-device-" + device);
                t.setDaemon(true);
                return t;
            });
        }
    }

    /**
     * Uploads the graph to every GPU of the host.
     *
     * @param graph the graph, open
     * @return the group; the caller closes it
     * @throws NoGpuException if no CUDA device is available
     * @throws DeviceMemoryException if a device cannot hold the graph (the copies made so far are freed)
     */
    public static DeviceGroup upload(Graph graph) {
        return upload(graph, Devices.allOrThrow());
    }

    /**
     * Uploads the graph to the listed devices, one copy per entry. A device may be listed twice (two copies on one
     * GPU share it, as concurrent queries do): useful to try the group's spreading on a one-GPU machine.
     *
     * @param graph   the graph, open
     * @param devices CUDA device ordinals, at least one
     * @return the group; the caller closes it
     * @throws IllegalArgumentException if {@code devices} is empty or names a device that does not exist
     * @throws DeviceMemoryException if a device cannot hold the graph (the copies made so far are freed)
     */
    public static DeviceGroup upload(Graph graph, int... devices) {
        Objects.requireNonNull(graph, "graph");
        if (devices.length == 0) {
            throw new IllegalArgumentException("a device group needs at least one device");
        }
        List<DeviceGraph> made = new ArrayList<>();
        try {
            for (int d : devices) {
                made.add(DeviceGraph.upload(graph, d));
            }
            return new DeviceGroup(graph, made);
        } catch (RuntimeException | Error e) {
            for (DeviceGraph g : made) {
                g.close();
            }
            throw e;
        }
    }

    /**
     * The per-device copies, in the order of the upload.
     *
     * @return the device graphs (unmodifiable); closing one fails the work the group gives it
     */
    public List<DeviceGraph> members() {
        return Collections.unmodifiableList(members);
    }

    /**
     * The number of copies.
     *
     * @return how many device graphs the group spreads work over
     */
    public int size() {
        return members.size();
    }

    /**
     * The host graph.
     *
     * @return the graph the copies were uploaded from
     */
    public Graph graph() {
        return graph;
    }

    /** The member with the fewest of this group's queries in flight (ties: the first). */
    private int leastBusy() {
        int best = 0;
        for (int d = 1; d < inFlight.length; d++) {
            if (inFlight[d].get() < inFlight[best].get()) {
                best = d;
            }
        }
        return best;
    }

    private <T> T onLeastBusy(java.util.function.Function<DeviceGraph, T> work) {
        int d = leastBusy();
        inFlight[d].incrementAndGet();
        try {
            return work.apply(members.get(d));
        } finally {
            inFlight[d].decrementAndGet();
        }
    }

    /**
     * One query, on the least busy device ({@link DeviceGraph#query(int, Algorithm, Options)}).
     *
     * @param source    an internal vertex id
     * @param algorithm the algorithm, or AUTO
     * @param options   the query's options
     * @return the answer in pooled memory
     */
    public Result query(int source, Algorithm algorithm, Options options) {
        return onLeastBusy(g -> g.query(source, algorithm, options));
    }

    /**
     * One query into the caller's buffers, on the least busy device
     * ({@link DeviceGraph#query(int, Algorithm, Options, QueryBuffers)}).
     *
     * @param source    an internal vertex id
     * @param algorithm the algorithm, or AUTO
     * @param options   the query's options
     * @param into      the buffers the answer is written to
     * @return a view of {@code into}
     */
    public Result query(int source, Algorithm algorithm, Options options, QueryBuffers into) {
        return onLeastBusy(g -> g.query(source, algorithm, options, into));
    }

    /**
     * The distances from {@code source} to {@code targets} ({@link DeviceGraph#distances}), on the least busy device.
     *
     * @param source  an internal vertex id
     * @param targets internal vertex ids
     * @return their distances in order, +infinity for unreachable ones
     */
    public double[] distances(int source, int[] targets) {
        return onLeastBusy(g -> g.distances(source, targets));
    }

    /**
     * A shortest path ({@link DeviceGraph#path}), on the least busy device.
     *
     * @param source an internal vertex id
     * @param target an internal vertex id
     * @return the path, empty if the target is unreachable
     */
    public ShortestPath path(int source, int target) {
        return onLeastBusy(g -> g.path(source, target));
    }

    /**
     * A batch over every device. Where {@link DeviceGraph#queryBatch} would run concurrent single queries (dense
     * graphs), the workers of every device take the sources from one shared counter; the one-launch designs deal the
     * sources out in contiguous slices, one per device, each run with {@link DeviceGraph#queryBatch} on the device's
     * own thread. The consumer sees each source's position in {@code sources}, once, and never two calls at once. The
     * first failure (a query's or the consumer's) stops every device's work and is rethrown.
     *
     * @param sources   internal vertex ids, repeats allowed
     * @param algorithm the algorithm, or AUTO ({@link DeviceGraph#chooseBatch})
     * @param options   the queries' options
     * @param consumer  receives each answer
     */
    public void queryBatch(int[] sources, Algorithm algorithm, Options options, BatchConsumer consumer) {
        Objects.requireNonNull(consumer, "consumer");
        for (int s : sources) {
            Checks.checkSource(graph, s);
        }
        if (sources.length == 0) {
            return;
        }
        Algorithm concurrent = members.get(0).concurrentBatchAlgorithm(algorithm, options, sources.length);
        boolean pooled = concurrent != null;
        for (DeviceGraph member : members) {
            pooled &= member.concurrentBatchAlgorithm(algorithm, options, sources.length) == concurrent;
        }
        if (pooled) {
            pooledBatch(sources, concurrent, options, consumer);
            return;
        }
        Object delivery = new Object();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        int[][] slices = slices(sources.length);
        List<Future<?>> running = new ArrayList<>();
        for (int d = 0; d < members.size(); d++) {
            final int from = slices[d][0];
            final int to = slices[d][1];
            if (from == to) {
                continue;
            }
            final DeviceGraph member = members.get(d);
            final int[] slice = java.util.Arrays.copyOfRange(sources, from, to);
            running.add(runners[d].submit(() -> {
                try {
                    member.queryBatch(slice, algorithm, options, (i, r) -> {
                        synchronized (delivery) {
                            if (failure.get() != null) {
                                throw new StoppedByAnotherSlice();
                            }
                            try {
                                consumer.accept(from + i, r);
                            } catch (RuntimeException | Error e) {
                                failure.compareAndSet(null, e);
                                throw e;
                            }
                        }
                    });
                } catch (StoppedByAnotherSlice ignored) {
                    // another slice failed first; its failure is the one rethrown
                } catch (Throwable t) {
                    failure.compareAndSet(null, t);
                }
                return null;
            }));
        }
        Batches.awaitAll(running, failure);
        rethrow(failure.get());
    }

    /**
     * A batch of concurrent single queries (ADDS or H-BF, as {@link DeviceGraph#queryBatch} runs on dense graphs) over
     * every device: each device's workers ({@link DeviceGraph#batchWorkers}) take the next source from one counter
     * shared by all, so a device whose searches happen to be longer, or which is slower, takes fewer (fixed slices
     * would end when their slowest device did; docs/performance.md has the multi-GPU scaling). Workers alternate
     * devices, so a batch smaller than the workers still reaches every device.
     */
    private void pooledBatch(int[] sources, Algorithm algorithm, Options options, BatchConsumer consumer) {
        List<Batches.Query> workers = new ArrayList<>();
        int most = 0;
        for (DeviceGraph member : members) {
            most = Math.max(most, member.batchWorkers(options));
        }
        for (int w = 0; w < most; w++) {
            for (int d = 0; d < members.size(); d++) {
                DeviceGraph member = members.get(d);
                if (w < member.batchWorkers(options)) {
                    AtomicInteger counter = inFlight[d];
                    workers.add((source, into) -> {
                        counter.incrementAndGet();
                        try {
                            return member.query(source, algorithm, options, into);
                        } finally {
                            counter.decrementAndGet();
                        }
                    });
                }
            }
        }
        Batches.run(graph, sources, options.computePredecessors(), workers, consumer);
    }

    /**
     * Distances from every source to every target, each device computing a slice of the rows
     * ({@link DeviceGraph#matrix}) into the one result.
     *
     * @param sources internal vertex ids, one row each
     * @param targets internal vertex ids, one column each
     * @return the k × t matrix; the caller closes it
     */
    public DistanceMatrix matrix(int[] sources, int[] targets) {
        for (int s : sources) {
            Checks.checkSource(graph, s);
        }
        Checks.checkTargets(graph, targets);
        DistanceMatrix m = new DistanceMatrix(sources.length, targets.length, graph.weightType());
        AtomicReference<Throwable> failure = new AtomicReference<>();
        int[][] slices = slices(sources.length);
        List<Future<?>> running = new ArrayList<>();
        long rowBytes = (long) targets.length * Long.BYTES;
        for (int d = 0; d < members.size(); d++) {
            final int from = slices[d][0];
            final int to = slices[d][1];
            if (from == to) {
                continue;
            }
            final DeviceGraph member = members.get(d);
            running.add(runners[d].submit(() -> {
                try (DistanceMatrix part = member.matrix(java.util.Arrays.copyOfRange(sources, from, to), targets)) {
                    m.writable().asSlice(from * rowBytes, (to - from) * rowBytes).copyFrom(part.segment());
                } catch (Throwable t) {
                    failure.compareAndSet(null, t);
                }
                return null;
            }));
        }
        Batches.awaitAll(running, failure);
        if (failure.get() != null) {
            m.close();
            rethrow(failure.get());
        }
        return m;
    }

    /** Contiguous slices [from, to) of n items, one per member, sizes differing by at most one. */
    private int[][] slices(int n) {
        int k = members.size();
        int[][] out = new int[k][2];
        int at = 0;
        for (int d = 0; d < k; d++) {
            int size = n / k + (d < n % k ? 1 : 0);
            out[d][0] = at;
            out[d][1] = at + size;
            at += size;
        }
        return out;
    }

    private static void rethrow(Throwable t) {
        if (t == null) {
            return;
        }
        if (t instanceof RuntimeException e) {
            throw e;
        }
        if (t instanceof Error e) {
            throw e;
        }
        throw new GssspException("device group work interrupted: " + t, t);
    }

    /** Thrown into a slice's batch to stop it once another slice has failed. */
    private static final class StoppedByAnotherSlice extends RuntimeException {
        StoppedByAnotherSlice() {
            super(null, null, false, false);
        }
    }

    /** Closes every device's copy (each waits for its running queries to leave) and the per-device threads. */
    @Override
    public void close() {
        for (ExecutorService r : runners) {
            r.shutdownNow();
        }
        RuntimeException first = null;
        for (DeviceGraph g : members) {
            try {
                g.close();
            } catch (RuntimeException e) {
                if (first == null) {
                    first = e;
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }
}
