package org.gsssp.internal;

/**
 * A radix heap (Ahuja, Mehlhorn, Orlin &amp; Tarjan, J. ACM 1990) for Dijkstra's non-decreasing, non-negative
 * keys, as native/src/cpu/dijkstra.cpp keeps it: an entry is filed by the highest bit in which its key differs
 * from the last key taken, and moves down the buckets at most once per bit. Keys are int64 distances, or the bit
 * pattern of non-negative float distances (which orders them the same).
 */
final class RadixHeap {
    private final long[][] keys = new long[65][];
    private final int[][] vertices = new int[65][];
    private final int[] sizes = new int[65];
    private long last;
    private int size;

    /** Empties the heap (keeping its memory) for a search whose first key is 0. */
    void reset() {
        java.util.Arrays.fill(sizes, 0);
        last = 0;
        size = 0;
    }

    boolean isEmpty() {
        return size == 0;
    }

    void push(long key, int vertex) {
        add(index(key), key, vertex);
        size++;
    }

    /** Takes an entry of the smallest key; {@link #key()} is then that key. The heap must not be empty. */
    int pop() {
        if (sizes[0] == 0) {
            int i = 1;
            while (sizes[i] == 0) {
                i++;
            }
            long[] fromKeys = keys[i];
            int[] fromVertices = vertices[i];
            int count = sizes[i];
            long low = fromKeys[0];
            for (int j = 1; j < count; j++) {
                low = Math.min(low, fromKeys[j]);
            }
            last = low;
            sizes[i] = 0;
            for (int j = 0; j < count; j++) {
                add(index(fromKeys[j]), fromKeys[j], fromVertices[j]);
            }
        }
        size--;
        return vertices[0][--sizes[0]];
    }

    /** The key of the entry {@link #pop()} took last. */
    long key() {
        return last;
    }

    private int index(long key) {
        long diff = key ^ last;
        return diff == 0 ? 0 : 64 - Long.numberOfLeadingZeros(diff);
    }

    private void add(int i, long key, int vertex) {
        int s = sizes[i];
        long[] k = keys[i];
        if (k == null || s == k.length) {
            int capacity = k == null ? 16 : s * 2;
            k = keys[i] = k == null ? new long[capacity] : java.util.Arrays.copyOf(k, capacity);
            vertices[i] = vertices[i] == null ? new int[capacity] : java.util.Arrays.copyOf(vertices[i], capacity);
        }
        k[s] = key;
        vertices[i][s] = vertex;
        sizes[i] = s + 1;
    }
}
