package org.gsssp.internal;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * CPU Dijkstra in Java, the port of native/src/cpu/dijkstra.cpp: Dial's buckets ({@link DialQueue}) for int32
 * weights of at most {@link DialQueue#MAX_WEIGHT}, else a radix heap ({@link RadixHeap}) on int64 distances or on
 * the bit pattern of float32 ones. No decrease-key: a lowered distance is pushed again and its stale entry is
 * skipped when popped. With targets, the search stops once each is settled. Distances are int64 for int32
 * weights (sums cannot overflow) and float32 for float32 weights, one float add per edge as on the GPU.
 */
final class JavaDijkstra {
    private JavaDijkstra() {}

    static JavaSearch.Counts run(JavaCsr g, int source, MemorySegment distances, MemorySegment predecessors,
            int[] stopAt) {
        int n = g.n();
        JavaSearch.Scratch scratch = JavaSearch.scratch(n);
        int[] parents = predecessors == null ? null : scratch.parents(n);
        if (parents != null) {
            java.util.Arrays.fill(parents, 0, n, JavaSearch.NO_PREDECESSOR);
        }
        boolean[] wanted = null;
        int remaining = 0;
        if (stopAt != null && stopAt.length > 0) {
            wanted = scratch.flags(n);
            for (int t : stopAt) {
                if (!wanted[t]) {
                    wanted[t] = true;
                    remaining++;
                }
            }
        }
        try {
            JavaSearch.Counts counts;
            if (g.intWeights() != null) {
                long[] dist = scratch.longs(n);
                java.util.Arrays.fill(dist, 0, n, Long.MAX_VALUE);
                dist[source] = 0;
                if (g.maxIntWeight() <= DialQueue.MAX_WEIGHT) {
                    DialQueue queue = scratch.dial;
                    queue.reset(g.maxIntWeight());
                    queue.push(0, source);
                    counts = dial(queue, g.offsets(), g.targets(), g.intWeights(), dist, parents, wanted, remaining);
                } else {
                    RadixHeap heap = scratch.radix;
                    heap.reset();
                    heap.push(0, source);
                    counts = radix(heap, g.offsets(), g.targets(), g.intWeights(), dist, parents, wanted, remaining);
                }
                MemorySegment.copy(dist, 0, distances, ValueLayout.JAVA_LONG, 0, n);
            } else {
                float[] dist = scratch.floats(n);
                java.util.Arrays.fill(dist, 0, n, Float.POSITIVE_INFINITY);
                dist[source] = 0;
                RadixHeap heap = scratch.radix;
                heap.reset();
                heap.push(0, source);
                counts = floats(heap, g.offsets(), g.targets(), g.floatWeights(), dist, parents, wanted, remaining);
                if (counts.overflowEdge() >= 0) {
                    counts = JavaBellmanFord.checkOverflow(g, dist, counts);
                }
                for (int v = 0; v < n; v++) {
                    distances.setAtIndex(ValueLayout.JAVA_DOUBLE, v, dist[v]);
                }
            }
            if (parents != null) {
                MemorySegment.copy(parents, 0, predecessors, ValueLayout.JAVA_INT, 0, n);
            }
            return counts;
        } finally {
            if (wanted != null) {
                for (int t : stopAt) {
                    wanted[t] = false;
                }
            }
        }
    }

    // The three loops are written out per queue and weight type, so that each compiles to direct calls on
    // plain arrays. reached = extractions: every reached vertex is extracted exactly once.

    private static JavaSearch.Counts dial(DialQueue queue, int[] offsets, int[] targets, int[] weights, long[] dist,
            int[] parents, boolean[] wanted, int remaining) {
        long extractions = 0;
        long relaxed = 0;
        while (!queue.isEmpty()) {
            int u = queue.pop();
            long du = dist[u];
            if (du != queue.key()) {
                continue;  // stale: u was pushed again with a lower distance
            }
            extractions++;
            if (remaining > 0 && wanted[u] && --remaining == 0) {
                break;  // every target is settled
            }
            int end = offsets[u + 1];
            int e = offsets[u];
            relaxed += end - e;
            for (; e < end; e++) {
                int v = targets[e];
                long candidate = du + weights[e];
                if (candidate < dist[v]) {
                    dist[v] = candidate;
                    if (parents != null) {
                        parents[v] = u;
                    }
                    queue.push(candidate, v);
                }
            }
        }
        return new JavaSearch.Counts(extractions, relaxed, extractions, -1, -1);
    }

    private static JavaSearch.Counts radix(RadixHeap heap, int[] offsets, int[] targets, int[] weights, long[] dist,
            int[] parents, boolean[] wanted, int remaining) {
        long extractions = 0;
        long relaxed = 0;
        while (!heap.isEmpty()) {
            int u = heap.pop();
            long du = dist[u];
            if (du != heap.key()) {
                continue;
            }
            extractions++;
            if (remaining > 0 && wanted[u] && --remaining == 0) {
                break;
            }
            int end = offsets[u + 1];
            int e = offsets[u];
            relaxed += end - e;
            for (; e < end; e++) {
                int v = targets[e];
                long candidate = du + weights[e];
                if (candidate < dist[v]) {
                    dist[v] = candidate;
                    if (parents != null) {
                        parents[v] = u;
                    }
                    heap.push(candidate, v);
                }
            }
        }
        return new JavaSearch.Counts(extractions, relaxed, extractions, -1, -1);
    }

    private static JavaSearch.Counts floats(RadixHeap heap, int[] offsets, int[] targets, float[] weights, float[] dist,
            int[] parents, boolean[] wanted, int remaining) {
        long extractions = 0;
        long relaxed = 0;
        long overflowEdge = -1;
        boolean stopped = false;
        while (!heap.isEmpty()) {
            int u = heap.pop();
            float du = dist[u];
            if (Float.floatToRawIntBits(du) != heap.key()) {
                continue;
            }
            extractions++;
            if (remaining > 0 && wanted[u] && --remaining == 0) {
                stopped = true;
                break;
            }
            int end = offsets[u + 1];
            int e = offsets[u];
            relaxed += end - e;
            for (; e < end; e++) {
                int v = targets[e];
                float candidate = du + weights[e];
                if (candidate < dist[v]) {
                    dist[v] = candidate;
                    if (parents != null) {
                        parents[v] = u;
                    }
                    heap.push(Float.floatToRawIntBits(candidate), v);
                } else if (candidate == Float.POSITIVE_INFINITY) {
                    overflowEdge = e;
                }
            }
        }
        // A search stopped at its targets leaves reachable vertices unsettled: the overflow rule is for full ones.
        return new JavaSearch.Counts(extractions, relaxed, extractions, -1, stopped ? -1 : overflowEdge);
    }
}
