package org.gsssp;

import java.util.Arrays;

/**
 * The mapping between a graph's internal vertex ids {@code 0..n-1} (what the CSR arrays use) and the ids its
 * file uses (what users type and read back).
 *
 * <p>Two kinds exist:
 * <ul>
 *   <li>{@link #offset(long, int)}: external = internal + base. DIMACS, METIS and Matrix Market number their
 *       vertices from 1 (base 1); Galois binary and generated graphs from 0 (base 0).</li>
 *   <li>{@link #table(long[])}: an explicit, strictly increasing list of external ids, for SNAP edge lists,
 *       whose ids may have gaps; internal id {@code i} is the {@code i}-th smallest external id and a lookup
 *       is a binary search.</li>
 * </ul>
 * Instances are immutable and thread-safe.
 */
public final class VertexIds {
    private final int size;
    private final long base;        // offset kind
    private final long[] table;     // table kind, or null

    private VertexIds(int size, long base, long[] table) {
        this.size = size;
        this.base = base;
        this.table = table;
    }

    /**
     * External id = internal id + {@code base}, for {@code n} vertices.
     *
     * @param base the external id of internal vertex 0 (may be negative)
     * @param n    the number of vertices
     * @return the mapping
     * @throws IllegalArgumentException if {@code n < 0} or the largest external id would overflow a long
     */
    public static VertexIds offset(long base, int n) {
        if (n < 0) {
            throw new IllegalArgumentException("negative vertex count " + n);
        }
        if (n > 0 && base > Long.MAX_VALUE - (n - 1)) {
            throw new IllegalArgumentException("base " + base + " + " + (n - 1) + " overflows a long");
        }
        return new VertexIds(n, base, null);
    }

    /**
     * Internal id {@code i} is {@code sortedDistinctIds[i]}. The array is copied.
     *
     * @param sortedDistinctIds the external ids, strictly increasing
     * @return the mapping
     * @throws IllegalArgumentException if the ids are not strictly increasing, or there are more than
     *                                  {@link Integer#MAX_VALUE} of them
     */
    public static VertexIds table(long[] sortedDistinctIds) {
        long[] t = sortedDistinctIds.clone();
        for (int i = 1; i < t.length; i++) {
            if (t[i] <= t[i - 1]) {
                throw new IllegalArgumentException("ids not strictly increasing at index " + i + ": "
                        + t[i - 1] + " then " + t[i]);
            }
        }
        return new VertexIds(t.length, 0, t);
    }

    /**
     * Number of vertices.
     *
     * @return n, the number of internal ids
     */
    public int size() {
        return size;
    }

    /**
     * The file's id of internal vertex {@code v}.
     *
     * @param v an internal id
     * @return the external id
     * @throws IndexOutOfBoundsException if {@code v} is not in {@code 0..size()-1}
     */
    public long toExternal(int v) {
        if (v < 0 || v >= size) {
            throw new IndexOutOfBoundsException("vertex " + v + " not in 0.." + (size - 1));
        }
        return table != null ? table[v] : base + v;
    }

    /**
     * The internal id of the vertex the file calls {@code externalId}, if the graph has one. Constant time for
     * the offset kind, a binary search for a table.
     *
     * @param externalId an id as the file writes it
     * @return the internal id, or empty when no vertex has that id
     */
    public java.util.OptionalInt find(long externalId) {
        if (table != null) {
            int i = Arrays.binarySearch(table, externalId);
            return i >= 0 ? java.util.OptionalInt.of(i) : java.util.OptionalInt.empty();
        }
        // overflow-safe: compare the difference as an unsigned quantity against size
        long d = externalId - base;
        if (externalId < base || d < 0 || d >= size) {
            return java.util.OptionalInt.empty();
        }
        return java.util.OptionalInt.of((int) d);
    }

    /**
     * The internal id of the vertex the file calls {@code externalId}.
     *
     * @param externalId an id as the file writes it
     * @return the internal id, in {@code 0..size()-1}
     * @throws IllegalArgumentException naming the id and the ids the graph has, if it has no such vertex
     *         ({@link #find(long)} asks without throwing)
     */
    public int toInternal(long externalId) {
        java.util.OptionalInt v = find(externalId);
        if (v.isEmpty()) {
            throw new IllegalArgumentException("vertex id " + externalId + " is not in the graph: " + describe());
        }
        return v.getAsInt();
    }

    /**
     * The ids the graph has, in words, for error messages.
     *
     * @return "its ids are 1..264346", "its 7,115 ids run from 3 to 8297, not all in between", or "it has no
     *         vertices"
     */
    public String describe() {
        if (size == 0) {
            return "it has no vertices";
        }
        if (table == null) {
            return "its ids are " + base + ".." + (base + size - 1);
        }
        return String.format(java.util.Locale.ROOT, "its %,d ids run from %d to %d, not all in between", size, table[0],
                table[size - 1]);
    }

    /**
     * Whether this is the {@link #offset(long, int)} kind (then {@link #base()} is meaningful).
     *
     * @return true for the offset kind, false for a table
     */
    public boolean isOffset() {
        return table == null;
    }

    /**
     * The base of the {@link #offset(long, int)} kind.
     *
     * @return the external id of internal vertex 0; for a table, the smallest id (or 0 when empty)
     */
    public long base() {
        return table == null ? base : (table.length == 0 ? 0 : table[0]);
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof VertexIds other) || other.size != size) {
            return false;
        }
        if (table == null && other.table == null) {
            return base == other.base || size == 0;
        }
        for (int v = 0; v < size; v++) {
            if (toExternal(v) != other.toExternal(v)) {
                return false;
            }
        }
        return true;
    }

    @Override
    public int hashCode() {
        if (size == 0) {
            return 0;
        }
        return Long.hashCode(toExternal(0)) * 31 + Long.hashCode(toExternal(size - 1)) * 17 + size;
    }

    @Override
    public String toString() {
        return table == null
                ? "VertexIds[offset base=" + base + ", n=" + size + "]"
                : "VertexIds[table n=" + size + (size > 0 ? ", ids " + table[0] + ".." + table[size - 1] : "") + "]";
    }
}
