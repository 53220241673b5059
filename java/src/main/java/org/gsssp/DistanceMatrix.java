package org.gsssp;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Distances from k sources to t targets, row-major in off-heap memory: row i is source i, column j target j.
 * INT32 graphs hold exact int64 distances (Long.MAX_VALUE when unreachable), FLOAT32 graphs doubles (+infinity
 * when unreachable), the C ABI's format; {@link #segment()} reads them without a copy. Holds off-heap memory:
 * close it (or let the garbage collector); reads after close throw {@link IllegalStateException}.
 */
public final class DistanceMatrix implements AutoCloseable {
    private final Arena arena = Arena.ofShared();
    private final int rows;
    private final int columns;
    private final WeightType weightType;
    private final MemorySegment data;

    DistanceMatrix(int rows, int columns, WeightType weightType) {
        this.rows = rows;
        this.columns = columns;
        this.weightType = weightType;
        long cells = (long) rows * columns;
        this.data = arena.allocate(ValueLayout.JAVA_LONG, Math.max(1, cells)).asSlice(0, cells * Long.BYTES);
    }

    /**
     * The number of sources.
     *
     * @return k
     */
    public int rows() {
        return rows;
    }

    /**
     * The number of targets.
     *
     * @return t
     */
    public int columns() {
        return columns;
    }

    /**
     * The graph's weight type, which decides the cells' format.
     *
     * @return INT32 (int64 cells) or FLOAT32 (double cells)
     */
    public WeightType weightType() {
        return weightType;
    }

    /**
     * The distance from source {@code i} to target {@code j}.
     *
     * @param i a row, 0..k-1
     * @param j a column, 0..t-1
     * @return the distance, +infinity when unreachable
     */
    public double get(int i, int j) {
        long at = index(i, j);
        if (weightType == WeightType.INT32) {
            long d = data.getAtIndex(ValueLayout.JAVA_LONG, at);
            return d == Long.MAX_VALUE ? Double.POSITIVE_INFINITY : d;
        }
        return data.getAtIndex(ValueLayout.JAVA_DOUBLE, at);
    }

    /**
     * The exact distance of an INT32 graph.
     *
     * @param i a row, 0..k-1
     * @param j a column, 0..t-1
     * @return the distance, Long.MAX_VALUE when unreachable
     * @throws IllegalStateException for a FLOAT32 graph
     */
    public long getAsLong(int i, int j) {
        if (weightType != WeightType.INT32) {
            throw new IllegalStateException("getAsLong is for int32-weighted graphs; this one has " + weightType);
        }
        return data.getAtIndex(ValueLayout.JAVA_LONG, index(i, j));
    }

    /**
     * The cells, row-major, read-only, without a copy (k × t × 8 bytes).
     *
     * @return a read-only view, valid until close
     */
    public MemorySegment segment() {
        return data.asReadOnly();
    }

    /** The memory itself, for the native matrix call to write. */
    MemorySegment writable() {
        return data;
    }

    /** Frees the memory. */
    @Override
    public void close() {
        arena.close();
    }

    void set(int i, int j, double distance) {
        if (weightType == WeightType.INT32) {
            data.setAtIndex(ValueLayout.JAVA_LONG, index(i, j),
                    Double.isInfinite(distance) ? Long.MAX_VALUE : (long) distance);
        } else {
            data.setAtIndex(ValueLayout.JAVA_DOUBLE, index(i, j), distance);
        }
    }

    void setExact(int i, int j, long distance) {
        data.setAtIndex(ValueLayout.JAVA_LONG, index(i, j), distance);
    }

    /** Row i from exact int64 distances, one bulk copy (the row is contiguous). */
    void setRow(int i, long[] row) {
        MemorySegment.copy(row, 0, data, ValueLayout.JAVA_LONG, index(i, 0) * Long.BYTES, checkRow(row.length));
    }

    /** Row i from double distances: one bulk copy for float32 graphs, else converted cell by cell. */
    void setRow(int i, double[] row) {
        checkRow(row.length);
        if (weightType == WeightType.INT32) {
            for (int j = 0; j < row.length; j++) {
                set(i, j, row[j]);
            }
        } else {
            MemorySegment.copy(row, 0, data, ValueLayout.JAVA_DOUBLE, index(i, 0) * Double.BYTES, row.length);
        }
    }

    private int checkRow(int length) {
        if (length != columns) {
            throw new IllegalArgumentException("a row of " + length + " distances for " + columns + " columns");
        }
        return length;
    }

    private long index(int i, int j) {
        if (i < 0 || i >= rows || j < 0 || j >= columns) {
            throw new IndexOutOfBoundsException("cell (" + i + ", " + j + ") is outside " + rows + " x " + columns);
        }
        return (long) i * columns + j;
    }
}
