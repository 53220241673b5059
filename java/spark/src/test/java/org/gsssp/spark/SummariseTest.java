package org.gsssp.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import org.gsssp.Algorithm;
import org.gsssp.Graph;
import org.gsssp.GraphBuilder;
import org.gsssp.Options;
import org.gsssp.Result;
import org.gsssp.Sssp;
import org.gsssp.WeightType;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The per-source summary (reached, sum, eccentricity) that closeness jobs compute from each row, chunk by chunk. */
class SummariseTest {
    private static final Options NO_TREE = Options.builder().computePredecessors(false).build();

    @ParameterizedTest
    @EnumSource(value = WeightType.class, names = {"INT32", "FLOAT32"})
    void summaryEqualsAVertexByVertexScan(WeightType type) {
        // More vertices than a few chunks, with a part no source reaches and a last chunk that is not full.
        long seed = 20261206L;
        Random random = new Random(seed);
        int n = 3 * SourcesTask.SUMMARY_CHUNK + 1234;
        int unreachedFrom = n - 500;
        GraphBuilder b = new GraphBuilder(n, type);
        for (int e = 0; e < 6 * n; e++) {
            int u = random.nextInt(unreachedFrom);
            int v = random.nextInt(unreachedFrom);
            int w = 1 + random.nextInt(1000);
            if (type == WeightType.INT32) {
                b.addEdge(u, v, w);
            } else {
                b.addEdge(u, v, w / 7.0f);
            }
        }
        boolean exact = type == WeightType.INT32;
        long[] chunk = new long[SourcesTask.SUMMARY_CHUNK];
        try (Graph g = b.build()) {
            for (int source : new int[] {0, 17, unreachedFrom - 1, n - 1}) {
                try (Result r = Sssp.solve(g, source, Algorithm.CPU_DIJKSTRA, NO_TREE)) {
                    long[] reached = new long[1];
                    double[] sum = new double[1];
                    double[] max = new double[1];
                    SourcesTask.summarise(r, exact, chunk, 0, reached, sum, max);
                    long wantReached = 0;
                    double wantSum = 0;
                    double wantMax = 0;
                    long exactSum = 0;
                    for (int v = 0; v < n; v++) {
                        if (r.isReachable(v)) {
                            wantReached++;
                            wantSum += r.distance(v);
                            exactSum += (long) r.distance(v);
                            wantMax = Math.max(wantMax, r.distance(v));
                        }
                    }
                    String what = type + " from " + source + " [seed " + seed + "]";
                    assertEquals(wantReached, reached[0], what + ": reached");
                    assertEquals(exact ? (double) exactSum : wantSum, sum[0], what + ": sum");
                    assertEquals(wantMax, max[0], what + ": eccentricity");
                }
            }
        }
    }
}
