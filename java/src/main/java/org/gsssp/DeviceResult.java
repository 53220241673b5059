package org.gsssp;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.ref.Cleaner;
import java.util.concurrent.locks.StampedLock;
import org.gsssp.internal.Status;
import org.gsssp.internal.ffi.GssspNative;

/**
 * A query's result left on the GPU: the distances (and predecessors, when computed) stay in device memory
 * and only what is read crosses the bus. One target's distance costs one 8-byte copy, a path one walk of
 * the predecessors on the device and a copy of the path's vertices; a service that asks for one route does
 * not pay for n distances. Get one from {@link DeviceGraph#queryResident(int, Algorithm, Options)}.
 *
 * <p>Right after an ADDS query without predecessors, reads of up to four vertices need no CUDA call at all: a
 * one-warp reader follows the search on the GPU and answers them through pinned host memory for about a
 * millisecond, or until another query starts or this result closes (6.7-13.0 µs a read from Java on an H100,
 * against 16.5-39.8 µs by copy in the same runs; {@code native/src/common/result_reader.hpp}). Later reads copy,
 * with the same values.
 *
 * <p>It holds device memory: close it (try-with-resources) when done; one never closed is freed when the
 * garbage collector finds it unreachable. Reads are thread-safe. Closing its {@link DeviceGraph} frees its
 * memory too: reads then throw {@link GraphClosedException}. Vertex arguments are internal ids.
 */
public final class DeviceResult implements AutoCloseable {
    private final DeviceHandle owner;
    private final MemorySegment handle;
    private final int source;
    private final int numVertices;
    private final WeightType weightType;
    private final Algorithm algorithm;
    private final Stats stats;
    private final boolean predecessors;
    private final Cleaner.Cleanable cleanable;
    // Reads hold the read lock; close takes the write lock, so no read is inside the native handle when it
    // is freed.
    private final StampedLock lock = new StampedLock();
    private boolean closed;  // guarded by lock

    DeviceResult(DeviceHandle owner, MemorySegment handle, int source, Algorithm algorithm, Stats stats,
            boolean predecessors) {
        this.owner = owner;
        this.handle = handle;
        this.source = source;
        this.numVertices = owner.graph().numVertices();
        this.weightType = owner.graph().weightType();
        this.algorithm = algorithm;
        this.stats = stats;
        this.predecessors = predecessors;
        this.cleanable = Result.CLEANER.register(this, () -> GssspNative.gsssp_device_result_destroy(handle));
    }

    /**
     * The vertex the distances are measured from.
     *
     * @return the source's internal id
     */
    public int source() {
        return source;
    }

    /**
     * The number of vertices, n, of the graph that was solved.
     *
     * @return n
     */
    public int numVertices() {
        return numVertices;
    }

    /**
     * The weight type of the graph that was solved.
     *
     * @return {@link WeightType#INT32} or {@link WeightType#FLOAT32}
     */
    public WeightType weightType() {
        return weightType;
    }

    /**
     * The algorithm that ran.
     *
     * @return the algorithm, never {@link Algorithm#AUTO}
     */
    public Algorithm algorithm() {
        return algorithm;
    }

    /**
     * What the query cost: times, rounds and work counts. {@link Stats#verticesReached()} is -1 here: counting the
     * reached vertices is a pass over all n distances on the GPU, which a resident result makes only when asked
     * ({@link #verticesReached()}).
     *
     * @return the query's statistics
     */
    public Stats stats() {
        return stats;
    }

    /**
     * The number of vertices with a finite distance, the source included: counted on the GPU by the first call (one
     * pass over the distances, about 20 µs on 4M vertices on an H100) and kept.
     *
     * @return the reached vertices
     * @throws IllegalStateException if this result is closed
     * @throws GraphClosedException if its device graph is closed
     */
    public long verticesReached() {
        long stamp = enter();
        try {
            return countReached();
        } finally {
            lock.unlockRead(stamp);
        }
    }

    // Under the read lock. The native result keeps the count after its first pass (gsssp_device_result_reached).
    private long countReached() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(ValueLayout.JAVA_LONG);
            check(GssspNative.gsssp_device_result_reached(handle, out), "the reached count");
            return out.get(ValueLayout.JAVA_LONG, 0);
        }
    }

    /**
     * Whether predecessors were computed (needed by {@link #path(int)}).
     *
     * @return true if the query's options computed predecessors
     */
    public boolean hasPredecessors() {
        return predecessors;
    }

    /**
     * The distance to v, for either weight type: one 8-byte copy from the device. Exact for int graphs up to
     * 2^53.
     *
     * @param v an internal vertex id
     * @return the shortest distance; {@code Double.POSITIVE_INFINITY} when v is unreachable
     * @throws IllegalArgumentException if {@code v} is not in {@code 0..n-1}
     * @throws IllegalStateException if this result is closed
     * @throws GraphClosedException if its device graph is closed
     */
    public double distance(int v) {
        long bits = fetchOne(v);
        if (weightType == WeightType.INT32) {
            return bits == Long.MAX_VALUE ? Double.POSITIVE_INFINITY : bits;
        }
        return Double.longBitsToDouble(bits);
    }

    /**
     * The exact distance of an int-weighted graph.
     *
     * @param v an internal vertex id
     * @return the shortest distance; {@code Long.MAX_VALUE} when v is unreachable
     * @throws IllegalArgumentException if {@code v} is not in {@code 0..n-1}
     * @throws IllegalStateException if the graph has float weights, or this result is closed
     * @throws GraphClosedException if its device graph is closed
     */
    public long distanceAsLong(int v) {
        requireInt("distanceAsLong");
        return fetchOne(v);
    }

    /**
     * The exact distances of the given vertices of an int-weighted graph, in their order (one gather on the
     * GPU, one copy back).
     *
     * @param vertices internal vertex ids, in any order, repeats allowed
     * @return one distance per entry of {@code vertices}; {@code Long.MAX_VALUE} for unreachable ones
     * @throws IllegalArgumentException if some vertex is not in {@code 0..n-1}
     * @throws IllegalStateException if the graph has float weights, or this result is closed
     * @throws GraphClosedException if its device graph is closed
     */
    public long[] distancesAsLong(int[] vertices) {
        requireInt("distancesAsLong");
        long[] out = new long[vertices.length];
        fetch(vertices, out, null);
        return out;
    }

    /**
     * The distances of the given vertices as doubles, for either weight type, in their order (one gather on
     * the GPU, one copy back).
     *
     * @param vertices internal vertex ids, in any order, repeats allowed
     * @return one distance per entry of {@code vertices}; {@code Double.POSITIVE_INFINITY} for unreachable ones
     * @throws IllegalArgumentException if some vertex is not in {@code 0..n-1}
     * @throws IllegalStateException if this result is closed
     * @throws GraphClosedException if its device graph is closed
     */
    public double[] distances(int[] vertices) {
        double[] out = new double[vertices.length];
        if (weightType == WeightType.INT32) {
            long[] exact = new long[vertices.length];
            fetch(vertices, exact, null);
            for (int i = 0; i < exact.length; i++) {
                out[i] = exact[i] == Long.MAX_VALUE ? Double.POSITIVE_INFINITY : exact[i];
            }
        } else {
            fetch(vertices, null, out);
        }
        return out;
    }

    /**
     * The vertices of a shortest path from the source to v, both included; empty when v is unreachable: the
     * fast form of {@link #path(int)} (one walk on the device, one copy). Needs predecessors
     * ({@link Options#computePredecessors()}).
     *
     * @param v an internal vertex id
     * @return the path's internal ids from the source to v; empty when v is unreachable
     * @throws IllegalArgumentException if {@code v} is not in {@code 0..n-1}
     * @throws IllegalStateException if predecessors were not computed, or this result is closed
     * @throws GraphClosedException if its device graph is closed
     */
    /**
     * A shortest path from the source to v with its file ids, edge weights and total (see
     * {@link ShortestPath}): {@link #pathInternal(int)} plus one gather of the path's distances.
     *
     * @param v an internal vertex id
     * @return the path; empty ({@link ShortestPath#exists()} false) when v is unreachable
     * @throws IllegalArgumentException if {@code v} is not in {@code 0..n-1}
     * @throws IllegalStateException if predecessors were not computed, or this result is closed
     * @throws GraphClosedException if its device graph is closed
     */
    public ShortestPath path(int v) {
        int[] vertices = pathInternal(v);
        return new ShortestPath(vertices, owner.graph().ids(), distances(vertices));
    }

    /**
     * The shortest path from the source to {@code v} as internal vertex ids, source first, walked on the device:
     * the fast form of {@link #path(int)}, without weights or file ids.
     *
     * @param v an internal vertex id
     * @return the path's vertices; empty when {@code v} is unreachable
     * @throws IllegalArgumentException if {@code v} is not in {@code 0..n-1}
     * @throws IllegalStateException if the result holds no predecessors, or is closed
     * @throws GraphClosedException if its device graph is closed
     */
    public int[] pathInternal(int v) {
        checkVertex(v);
        if (!predecessors) {
            throw new IllegalStateException("predecessors were not computed (Options.computePredecessors(false))");
        }
        long stamp = enter();
        try (Arena arena = Arena.ofConfined()) {
            int capacity = 1024;
            MemorySegment length = arena.allocate(ValueLayout.JAVA_LONG);
            for (;;) {
                MemorySegment path = arena.allocate(ValueLayout.JAVA_INT, capacity);
                check(GssspNative.gsssp_device_result_path(handle, v, path, capacity, length), "path to vertex " + v);
                long n = length.get(ValueLayout.JAVA_LONG, 0);
                if (n <= capacity) {
                    return path.asSlice(0, n * Integer.BYTES).toArray(ValueLayout.JAVA_INT);
                }
                capacity = Math.toIntExact(n);
            }
        } finally {
            lock.unlockRead(stamp);
        }
    }

    /**
     * Copies every distance (and predecessor, if computed) to the host, as a {@link Result}. The copy is
     * independent of this result and is freed by the garbage collector.
     *
     * @return a host result with an empty trace; its stats count the reached vertices
     * @throws IllegalStateException if this result is closed
     * @throws GraphClosedException if its device graph is closed
     */
    public Result toHost() {
        long stamp = enter();
        try {
            Arena arena = Arena.ofAuto();
            long n = numVertices;
            MemorySegment d = arena.allocate(ValueLayout.JAVA_LONG, Math.max(1, n)).asSlice(0, n * Long.BYTES);
            MemorySegment p = predecessors
                    ? arena.allocate(ValueLayout.JAVA_INT, Math.max(1, n)).asSlice(0, n * Integer.BYTES) : null;
            check(GssspNative.gsssp_device_result_copy(handle, d, p == null ? MemorySegment.NULL : p), "copying the result");
            // A host result's stats count the reached vertices, as every other query's do.
            Stats counted = new Stats(stats.timeMs(), stats.totalMs(), stats.iterations(), stats.vertexVisits(),
                    stats.edgesRelaxed(), countReached(), stats.peakDeviceMemory(), stats.delta(), stats.restarts(),
                    stats.certificateMs());
            return new Result(source, weightType, d, p, owner.graph().ids(), algorithm, owner.device().name(), counted,
                    java.util.List.of()).bindGraph(owner.graph());
        } finally {
            lock.unlockRead(stamp);
        }
    }

    /** Frees the device memory. Idempotent. */
    @Override
    public void close() {
        long stamp = lock.writeLock();
        try {
            if (closed) {
                return;
            }
            closed = true;
            cleanable.clean();
        } finally {
            lock.unlockWrite(stamp);
        }
    }

    private long fetchOne(int v) {
        checkVertex(v);
        long stamp = enter();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment index = arena.allocateFrom(ValueLayout.JAVA_INT, v);
            MemorySegment out = arena.allocate(ValueLayout.JAVA_LONG);
            int status = GssspNative.gsssp_device_result_distances(handle, index, 1, out);
            if (status != GssspNative.GSSSP_SUCCESS()) {
                check(status, "distance of vertex " + v);
            }
            return out.get(ValueLayout.JAVA_LONG, 0);
        } finally {
            lock.unlockRead(stamp);
        }
    }

    private void fetch(int[] vertices, long[] longs, double[] doubles) {
        for (int v : vertices) {
            checkVertex(v);
        }
        long stamp = enter();
        if (vertices.length == 0) {
            lock.unlockRead(stamp);
            return;
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment index = arena.allocateFrom(ValueLayout.JAVA_INT, vertices);
            MemorySegment out = arena.allocate(ValueLayout.JAVA_LONG, vertices.length);
            check(GssspNative.gsssp_device_result_distances(handle, index, vertices.length, out),
                    "distances of " + vertices.length + " vertices");
            if (longs != null) {
                MemorySegment.copy(out, ValueLayout.JAVA_LONG, 0, longs, 0, vertices.length);
            } else {
                MemorySegment.copy(out, ValueLayout.JAVA_DOUBLE, 0, doubles, 0, vertices.length);
            }
        } finally {
            lock.unlockRead(stamp);
        }
    }

    /**
     * Checks this answer where it lies, on the GPU: the optimality certificate of {@link Result#certify()}
     * (the source at 0, no edge improving a distance, tight paths from the source to every reached vertex, and
     * a tight, acyclic tree when the result holds predecessors). Only the verdict crosses the bus.
     *
     * @return the certificate: whether it holds, the first violation naming the vertex or edge, and the
     *         device time of the check
     * @throws IllegalStateException if this result is closed
     * @throws GraphClosedException if its device graph is closed
     */
    public Certificate certify() {
        long stamp = enter();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = org.gsssp.internal.ffi.gsssp_certificate.allocate(arena);
            check(GssspNative.gsssp_device_result_certify(handle, out), "certificate");
            return Certificate.ofNative(out, owner.graph());
        } finally {
            lock.unlockRead(stamp);
        }
    }

    private long enter() {
        long stamp = lock.readLock();
        if (closed) {
            lock.unlockRead(stamp);
            throw new IllegalStateException("this DeviceResult is closed");
        }
        if (owner.isClosed()) {
            lock.unlockRead(stamp);
            throw new GraphClosedException("the device graph of " + owner.graph().name()
                    + " is closed: its resident results were freed with it");
        }
        return stamp;
    }

    // The message is built only on failure: a read is on the serving path, and the text names the graph.
    private void check(int status, String what) {
        if (status == GssspNative.GSSSP_SUCCESS()) {
            return;
        }
        Status.check(status, what + " of a resident result (" + algorithm.cliName() + " from vertex "
                + owner.graph().ids().toExternal(source) + " on " + owner.graph().name() + ")");
    }

    private void checkVertex(int v) {
        if (v < 0 || v >= numVertices) {
            throw new IllegalArgumentException("vertex " + v + " is out of range 0.." + (numVertices - 1));
        }
    }

    private void requireInt(String what) {
        if (weightType != WeightType.INT32) {
            throw new IllegalStateException(what + " is for int32-weighted graphs; this one has " + weightType);
        }
    }
}
