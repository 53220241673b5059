package org.gsssp.internal;

/**
 * Dial's bucket queue (R. B. Dial, "Algorithm 360", CACM 12(11), 1969) for Dijkstra on int32 weights of at most
 * {@link #MAX_WEIGHT}, as native/src/cpu/dijkstra.cpp keeps it: while key k is being taken every queued key lies
 * in [k, k + largest weight], so a power of two (at least 64) of circular buckets above the largest weight files
 * an entry by key &amp; mask. The next occupied bucket is found by occupancy bits in three levels (a bit per
 * bucket, per word of those, per word of those). Entries are never decreased: a lowered distance is pushed again
 * and the caller skips the stale entry. A bucket's entries leave last in, first out.
 */
final class DialQueue {
    /** The largest weight buckets are used for (up to 65,536 buckets), as in the native library. */
    static final long MAX_WEIGHT = 65535;

    private int[][] buckets = new int[0][];
    private int[] sizes = new int[0];
    private long[] level0 = new long[0];  // bit b: bucket b holds entries
    private long[] level1 = new long[0];  // bit w: level0[w] != 0
    private long level2;                  // bit g: level1[g] != 0
    private int mask;
    private long current;
    private int size;

    /** Empties the queue (keeping its memory) for a search from key 0 whose weights are at most maxWeight. */
    void reset(long maxWeight) {
        if (size > 0) {
            for (int w = 0; w < level0.length; w++) {
                for (long bits = level0[w]; bits != 0; bits &= bits - 1) {
                    sizes[(w << 6) + Long.numberOfTrailingZeros(bits)] = 0;
                }
            }
            java.util.Arrays.fill(level0, 0);
            java.util.Arrays.fill(level1, 0);
            level2 = 0;
        }
        int count = 64;
        while (count <= maxWeight) {
            count <<= 1;
        }
        if (buckets.length < count) {
            buckets = java.util.Arrays.copyOf(buckets, count);
            sizes = java.util.Arrays.copyOf(sizes, count);
        }
        if (level0.length < count / 64) {
            level0 = new long[count / 64];
        }
        if (level1.length < (count / 64 + 63) / 64) {
            level1 = new long[(count / 64 + 63) / 64];
        }
        mask = count - 1;
        current = 0;
        size = 0;
    }

    boolean isEmpty() {
        return size == 0;
    }

    void push(long key, int vertex) {
        int b = (int) key & mask;
        int[] bucket = buckets[b];
        int s = sizes[b];
        if (bucket == null || s == bucket.length) {
            bucket = buckets[b] = bucket == null ? new int[4] : java.util.Arrays.copyOf(bucket, s * 2);
        }
        bucket[s] = vertex;
        sizes[b] = s + 1;
        level0[b >>> 6] |= 1L << b;
        level1[b >>> 12] |= 1L << (b >>> 6);
        level2 |= 1L << (b >>> 12);
        size++;
    }

    /** Takes an entry of the smallest key; {@link #key()} is then that key. The queue must not be empty. */
    int pop() {
        int b = (int) current & mask;
        if (sizes[b] == 0) {
            int next = nextOccupied(b);
            current += (next - b) & mask;
            b = next;
        }
        int s = sizes[b] - 1;
        int vertex = buckets[b][s];
        sizes[b] = s;
        if (s == 0) {
            long word0 = level0[b >>> 6] &= ~(1L << b);
            if (word0 == 0) {
                long word1 = level1[b >>> 12] &= ~(1L << (b >>> 6));
                if (word1 == 0) {
                    level2 &= ~(1L << (b >>> 12));
                }
            }
        }
        size--;
        return vertex;
    }

    /** The key of the entry {@link #pop()} took last. */
    long key() {
        return current;
    }

    // The first occupied bucket at or after b, wrapping around (the queue is not empty).
    private int nextOccupied(int b) {
        int w = b >>> 6;
        long here = level0[w] & (-1L << (b & 63));
        if (here != 0) {
            return (w << 6) + Long.numberOfTrailingZeros(here);
        }
        int g = w >>> 6;
        long laterWords = (w & 63) < 63 ? level1[g] & (-1L << ((w & 63) + 1)) : 0;
        int word;
        if (laterWords != 0) {
            word = (g << 6) + Long.numberOfTrailingZeros(laterWords);
        } else {
            long laterGroups = g < 63 ? level2 & (-1L << (g + 1)) : 0;
            int group = Long.numberOfTrailingZeros(laterGroups != 0 ? laterGroups : level2);
            word = (group << 6) + Long.numberOfTrailingZeros(level1[group]);
        }
        return (word << 6) + Long.numberOfTrailingZeros(level0[word]);
    }
}
