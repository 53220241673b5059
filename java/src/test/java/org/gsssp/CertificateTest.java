package org.gsssp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.ValueLayout;
import java.util.Optional;
import java.util.SplittableRandom;
import org.gsssp.testing.RandomGraphs;
import org.gsssp.testing.RandomGraphs.Spec;
import org.junit.jupiter.api.Test;

/** Verifier.certify accepts right answers and names the vertex or edge of a wrong one. */
class CertificateTest {
    @Test
    void rightAnswersCertifyAndCorruptedOnesAreNamed() {
        for (long seed = 1; seed <= 24; seed++) {
            SplittableRandom random = new SplittableRandom(seed);
            RandomGraphs.Shape shape = RandomGraphs.Shape.values()[(int) (seed % RandomGraphs.Shape.values().length)];
            WeightType type = seed % 3 == 0 ? WeightType.FLOAT32 : WeightType.INT32;
            long s = seed;
            try (Graph g = RandomGraphs.build(new Spec(shape, 300 + random.nextInt(700), seed, type, 100, 0));
                    QueryBuffers out = QueryBuffers.forGraph(g, false)) {
                int source = random.nextInt(g.numVertices());
                Result r = Sssp.solve(g, source, Algorithm.CPU_DIJKSTRA, Options.builder().computePredecessors(false).build(), out);
                Optional<String> ok = Verifier.certify(g, r);
                assertTrue(ok.isEmpty(), () -> "seed " + s + " " + shape + ": " + ok.get());
                // Corrupt one reached vertex other than the source, up and down.
                int v = -1;
                for (int i = 0; i < g.numVertices(); i++) {
                    int c = (source + 1 + i) % g.numVertices();
                    if (c != source && r.isReachable(c) && r.distance(c) > 1) {
                        v = c;
                        break;
                    }
                }
                if (v < 0) {
                    continue;
                }
                for (double delta : new double[] {1, -1}) {
                    Result bad = Sssp.solve(g, source, Algorithm.CPU_DIJKSTRA, Options.builder().computePredecessors(false).build(), out);
                    if (type == WeightType.INT32) {
                        out.distances().setAtIndex(ValueLayout.JAVA_LONG, v, bad.distanceAsLong(v) + (long) delta);
                    } else {
                        out.distances().setAtIndex(ValueLayout.JAVA_DOUBLE, v, (double) (float) (bad.distance(v) + delta));
                    }
                    Optional<String> problem = Verifier.certify(g, bad);
                    int vv = v;
                    assertTrue(problem.isPresent(), () -> "seed " + s + ": distance of " + vv + " moved by " + delta + " certified");
                    assertTrue(problem.get().contains(Long.toString(g.ids().toExternal(v))), problem.get());
                }
            }
        }
    }

    @Test
    void theSourceMustBeZero() {
        try (Graph g = Graph.fromArrays(new long[] {0, 1, 1}, new int[] {1}, new int[] {4}, VertexIds.offset(1, 2), "pair");
                QueryBuffers out = QueryBuffers.forGraph(g, false)) {
            Result r = Sssp.solve(g, 0, Algorithm.CPU_DIJKSTRA, Options.builder().computePredecessors(false).build(), out);
            out.distances().setAtIndex(ValueLayout.JAVA_LONG, 0, 1);
            assertEquals(Optional.of("the source 1 has distance 1.0"), Verifier.certify(g, r));
        }
    }

    @Test
    void aTightZeroWeightCycleWithDistancesTooLowIsCaught() {
        // 1 -> 2 (5), 2 <-> 3 (0, 0): the right distances are 0, 5, 5; 2 and 3 at 2 satisfy every edge and
        // have tight in-edges from each other, but no tight path from the source reaches them.
        try (Graph g = Graph.fromArrays(new long[] {0, 1, 2, 3}, new int[] {1, 2, 1}, new int[] {5, 0, 0},
                VertexIds.offset(1, 3), "zero cycle");
                QueryBuffers out = QueryBuffers.forGraph(g, false)) {
            Result r = Sssp.solve(g, 0, Algorithm.CPU_DIJKSTRA, Options.builder().computePredecessors(false).build(), out);
            assertEquals(Optional.empty(), Verifier.certify(g, r));
            out.distances().setAtIndex(ValueLayout.JAVA_LONG, 1, 2);
            out.distances().setAtIndex(ValueLayout.JAVA_LONG, 2, 2);
            Optional<String> problem = Verifier.certify(g, r);
            assertTrue(problem.isPresent() && problem.get().contains("no path of tight edges"), problem.toString());
        }
    }
}
