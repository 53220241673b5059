package org.gsssp;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;

/**
 * Shortest distances and the shortest-path tree from one source. Vertex arguments are internal ids
 * (0..n-1); {@link #ids()} maps them to the file's own ids. The arrays live off-heap in memory the garbage
 * collector frees (no device memory is held), so a Result needs no closing.
 */
public final class Result {
    private final int source;
    private final WeightType weightType;
    private final MemorySegment distances;     // int64 or double, per gsssp.h
    private final MemorySegment predecessors;  // int32, or null when not computed
    private final VertexIds ids;
    private final Algorithm algorithm;
    private final String device;
    private final Stats stats;
    private final java.util.List<TraceSample> trace;

    Result(int source, WeightType weightType, MemorySegment distances, MemorySegment predecessors, VertexIds ids,
            Algorithm algorithm, String device, Stats stats, java.util.List<TraceSample> trace) {
        this.source = source;
        this.weightType = weightType;
        this.distances = distances;
        this.predecessors = predecessors;
        this.ids = ids;
        this.algorithm = algorithm;
        this.device = device;
        this.stats = stats;
        this.trace = trace;
    }

    /**
     * The parallelism trace (work against time) when {@link Options.Builder#traceCapacity(int)} asked for one
     * and the algorithm records it; empty otherwise.
     */
    public java.util.List<TraceSample> trace() {
        return trace;
    }

    public int source() {
        return source;
    }

    public int numVertices() {
        return (int) (distances.byteSize() / Long.BYTES);
    }

    public WeightType weightType() {
        return weightType;
    }

    /** The algorithm that ran (never AUTO). */
    public Algorithm algorithm() {
        return algorithm;
    }

    /** The device it ran on, e.g. "NVIDIA H100 80GB HBM3", or "CPU". */
    public String device() {
        return device;
    }

    public Stats stats() {
        return stats;
    }

    public VertexIds ids() {
        return ids;
    }

    public boolean isReachable(int v) {
        return weightType == WeightType.INT32
                ? distances.getAtIndex(ValueLayout.JAVA_LONG, v) != Long.MAX_VALUE
                : distances.getAtIndex(ValueLayout.JAVA_DOUBLE, v) != Double.POSITIVE_INFINITY;
    }

    /** The distance to v; +infinity when v is unreachable. Exact for int graphs up to 2^53. */
    public double distance(int v) {
        if (weightType == WeightType.INT32) {
            long d = distances.getAtIndex(ValueLayout.JAVA_LONG, v);
            return d == Long.MAX_VALUE ? Double.POSITIVE_INFINITY : d;
        }
        return distances.getAtIndex(ValueLayout.JAVA_DOUBLE, v);
    }

    /** The exact distance of an int-weighted graph; Long.MAX_VALUE when v is unreachable. */
    public long distanceAsLong(int v) {
        if (weightType != WeightType.INT32) {
            throw new IllegalStateException("distanceAsLong is for int32-weighted graphs; this one has " + weightType);
        }
        return distances.getAtIndex(ValueLayout.JAVA_LONG, v);
    }

    /** The predecessor of v on a shortest path, or -1 for the source and unreachable vertices. */
    public int predecessor(int v) {
        if (predecessors == null) {
            throw new IllegalStateException("predecessors were not computed (Options.computePredecessors(false))");
        }
        return predecessors.getAtIndex(ValueLayout.JAVA_INT, v);
    }

    public boolean hasPredecessors() {
        return predecessors != null;
    }

    /** Vertices of a shortest path from the source to v, both included; empty when v is unreachable. */
    public int[] path(int v) {
        if (!isReachable(v)) {
            return new int[0];
        }
        int[] reversed = new int[16];
        int length = 0;
        int n = numVertices();
        for (int u = v; u != -1; u = predecessor(u)) {
            if (length == reversed.length) {
                reversed = Arrays.copyOf(reversed, reversed.length * 2);
            }
            reversed[length++] = u;
            if (length > n) {
                throw new IllegalStateException("predecessors form a cycle through vertex " + v);
            }
        }
        int[] path = new int[length];
        for (int i = 0; i < length; i++) {
            path[i] = reversed[length - 1 - i];
        }
        return path;
    }

    /** The distances as stored: n int64 values (INT32 graphs) or n doubles (FLOAT32 graphs), read-only. */
    public MemorySegment distances() {
        return distances.asReadOnly();
    }

    /** Number of reachable vertices. */
    public long reachedCount() {
        long reached = 0;
        for (int v = 0, n = numVertices(); v < n; v++) {
            if (isReachable(v)) {
                reached++;
            }
        }
        return reached;
    }
}
