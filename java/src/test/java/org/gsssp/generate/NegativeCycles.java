package org.gsssp.generate;

import org.gsssp.Graph;
import org.gsssp.WeightType;

/** Bellman-Ford from a virtual source joined to every vertex: a negative cycle exists iff round n still relaxes. */
final class NegativeCycles {
    private NegativeCycles() {}

    static boolean exists(Graph g) {
        int n = g.numVertices();
        // int graphs in exact long arithmetic; float graphs in float, as the GPU sums them
        long[] dl = new long[n];
        float[] df = new float[n];
        boolean floating = g.weightType() == WeightType.FLOAT32;
        for (int round = 0; round <= n; round++) {
            boolean changed = false;
            for (int u = 0; u < n; u++) {
                for (long e = g.edgeBegin(u); e < g.edgeEnd(u); e++) {
                    int v = g.target(e);
                    if (floating) {
                        float d = df[u] + g.floatWeight(e);
                        if (d < df[v]) {
                            df[v] = d;
                            changed = true;
                        }
                    } else {
                        long d = dl[u] + g.intWeight(e);
                        if (d < dl[v]) {
                            dl[v] = d;
                            changed = true;
                        }
                    }
                }
            }
            if (!changed) {
                return false;
            }
        }
        return true;
    }
}
