package org.gsssp.internal;

/** What the pure-Java searches share: their counts and the per-thread memory they reuse between queries. */
final class JavaSearch {
    private JavaSearch() {}

    /** No predecessor (gsssp.h's GSSSP_NO_PREDECESSOR). */
    static final int NO_PREDECESSOR = -1;

    /** Graphs above this many vertices get scratch memory of their own, dropped after the query (as natively). */
    static final int KEEP_VERTICES = 1 << 22;

    /**
     * What a search counted.
     *
     * @param extractions         vertices taken from the queue (not counting stale entries)
     * @param edgesRelaxed        edges looked at
     * @param reached             vertices with a finite distance (Dijkstra stopped at targets: those settled)
     * @param negativeCycleVertex a vertex on a negative cycle Bellman-Ford found, else -1
     * @param overflowEdge        an edge whose float32 sum overflowed to reach an otherwise unreached vertex, else -1
     */
    record Counts(long extractions, long edgesRelaxed, long reached, long negativeCycleVertex, long overflowEdge) {}

    /** A thread's reusable arrays, grown to the largest graph it searched (up to {@link #KEEP_VERTICES}). */
    static final class Scratch {
        long[] longs = new long[0];
        float[] floats = new float[0];
        int[] parents = new int[0];
        int[] ints = new int[0];
        boolean[] flags = new boolean[0];
        final DialQueue dial = new DialQueue();
        final RadixHeap radix = new RadixHeap();

        long[] longs(int n) {
            return longs.length >= n ? longs : (longs = new long[n]);
        }

        float[] floats(int n) {
            return floats.length >= n ? floats : (floats = new float[n]);
        }

        int[] parents(int n) {
            return parents.length >= n ? parents : (parents = new int[n]);
        }

        int[] ints(int n) {
            return ints.length >= n ? ints : (ints = new int[n]);
        }

        /** All false (every user clears what it set). */
        boolean[] flags(int n) {
            return flags.length >= n ? flags : (flags = new boolean[n]);
        }
    }

    private static final ThreadLocal<Scratch> KEPT = ThreadLocal.withInitial(Scratch::new);

    /** This thread's kept scratch for a graph of n vertices, or a new one for a large graph. */
    static Scratch scratch(int n) {
        return n <= KEEP_VERTICES ? KEPT.get() : new Scratch();
    }
}
