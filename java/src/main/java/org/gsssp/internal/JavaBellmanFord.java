package org.gsssp.internal;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * CPU Bellman-Ford in Java, the port of native/src/cpu/bellman_ford.cpp: a FIFO queue of the vertices whose
 * distance fell (each at most once in it). A distance set by a path of n edges proves a negative cycle (such a
 * path repeats a vertex, and only a negative cycle makes it shorter); n steps up the tree from there land on the
 * cycle, and that vertex is reported.
 */
final class JavaBellmanFord {
    private JavaBellmanFord() {}

    static JavaSearch.Counts run(JavaCsr g, int source, MemorySegment distances, MemorySegment predecessors) {
        int n = g.n();
        int[] offsets = g.offsets();
        int[] targets = g.targets();
        boolean ints = g.intWeights() != null;
        int[] intWeights = g.intWeights();
        float[] floatWeights = g.floatWeights();
        JavaSearch.Scratch scratch = JavaSearch.scratch(n);
        long[] dist = ints ? scratch.longs(n) : null;
        float[] fdist = ints ? null : scratch.floats(n);
        if (ints) {
            java.util.Arrays.fill(dist, 0, n, Long.MAX_VALUE);
            dist[source] = 0;
        } else {
            java.util.Arrays.fill(fdist, 0, n, Float.POSITIVE_INFINITY);
            fdist[source] = 0;
        }
        // The tree finds a vertex on a negative cycle, so it is kept even when the caller wants none.
        int[] parent = scratch.parents(n);
        java.util.Arrays.fill(parent, 0, n, JavaSearch.NO_PREDECESSOR);
        int[] hops = new int[n];
        boolean[] queued = scratch.flags(n);
        int[] queue = scratch.ints(n + 1);  // circular; each vertex is in it at most once
        int capacity = n + 1;
        int head = 0;
        int tail = 0;
        int size = 0;
        long extractions = 0;
        long relaxed = 0;
        long overflowEdge = -1;
        queue[tail++] = source;
        size++;
        queued[source] = true;
        try {
            while (size > 0) {
                int u = queue[head];
                head = head + 1 == capacity ? 0 : head + 1;
                size--;
                queued[u] = false;
                extractions++;
                int end = offsets[u + 1];
                relaxed += end - offsets[u];
                for (int e = offsets[u]; e < end; e++) {
                    int v = targets[e];
                    boolean improves;
                    if (ints) {
                        long candidate = dist[u] + intWeights[e];
                        improves = candidate < dist[v];
                        if (improves) {
                            dist[v] = candidate;
                        }
                    } else {
                        float candidate = fdist[u] + floatWeights[e];
                        improves = candidate < fdist[v];
                        if (improves) {
                            fdist[v] = candidate;
                        } else if (candidate == Float.POSITIVE_INFINITY && fdist[u] != Float.POSITIVE_INFINITY) {
                            overflowEdge = e;
                        }
                    }
                    if (!improves) {
                        continue;
                    }
                    parent[v] = u;
                    hops[v] = hops[u] + 1;
                    if (hops[v] >= n) {
                        int onCycle = v;
                        for (int i = 0; i < n; i++) {
                            onCycle = parent[onCycle];
                        }
                        return new JavaSearch.Counts(extractions, relaxed, 0, onCycle, -1);
                    }
                    if (!queued[v]) {
                        queue[tail] = v;
                        tail = tail + 1 == capacity ? 0 : tail + 1;
                        size++;
                        queued[v] = true;
                    }
                }
            }
        } finally {
            java.util.Arrays.fill(queued, 0, n, false);
        }
        long reached = 0;
        for (int v = 0; v < n; v++) {
            if (ints ? dist[v] != Long.MAX_VALUE : fdist[v] != Float.POSITIVE_INFINITY) {
                reached++;
            }
        }
        JavaSearch.Counts counts = new JavaSearch.Counts(extractions, relaxed, reached, -1, overflowEdge);
        if (!ints && overflowEdge >= 0) {
            counts = checkOverflow(g, fdist, counts);
        }
        if (ints) {
            MemorySegment.copy(dist, 0, distances, ValueLayout.JAVA_LONG, 0, n);
        } else {
            for (int v = 0; v < n; v++) {
                distances.setAtIndex(ValueLayout.JAVA_DOUBLE, v, fdist[v]);
            }
        }
        if (predecessors != null) {
            MemorySegment.copy(parent, 0, predecessors, ValueLayout.JAVA_INT, 0, n);
        }
        return counts;
    }

    /**
     * The float32 overflow rule (gsssp.h): a sum that overflowed to +inf matters only if no other path reached its
     * target. Returns {@code counts} with the first edge from a reached vertex to an unreached one, or with none.
     */
    static JavaSearch.Counts checkOverflow(JavaCsr g, float[] dist, JavaSearch.Counts counts) {
        int[] offsets = g.offsets();
        int[] targets = g.targets();
        for (int u = 0; u < g.n(); u++) {
            if (dist[u] == Float.POSITIVE_INFINITY) {
                continue;
            }
            for (int e = offsets[u]; e < offsets[u + 1]; e++) {
                if (dist[targets[e]] == Float.POSITIVE_INFINITY) {
                    return new JavaSearch.Counts(counts.extractions(), counts.edgesRelaxed(), counts.reached(),
                            counts.negativeCycleVertex(), e);
                }
            }
        }
        return new JavaSearch.Counts(counts.extractions(), counts.edgesRelaxed(), counts.reached(),
                counts.negativeCycleVertex(), -1);
    }
}
