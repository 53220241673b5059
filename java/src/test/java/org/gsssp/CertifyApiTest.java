package org.gsssp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.ValueLayout;
import org.gsssp.testing.RandomGraphs;
import org.gsssp.testing.RandomGraphs.Spec;
import org.junit.jupiter.api.Test;

/**
 * Result.certify() and Options.certify(true): right answers certify; a corrupted distance, a corrupted
 * predecessor and a dropped vertex are each caught and named.
 */
class CertifyApiTest {
    static final Options CERTIFY = Options.builder().certify(true).build();

    @Test
    void rightAnswersCertifyAndCertifyingQueriesReturnThem() {
        for (long seed = 1; seed <= 6; seed++) {
            Spec spec = new Spec(RandomGraphs.Shape.values()[(int) (seed % 6)], 800, seed, WeightType.INT32, 50, 0.1);
            try (Graph g = RandomGraphs.build(spec); Result r = Sssp.solve(g, 0, Algorithm.CPU_DIJKSTRA, CERTIFY)) {
                Certificate c = r.certify();
                assertTrue(c.holds(), () -> spec + ": " + c.violation());
                assertTrue(c.timeMs() >= 0);
            }
        }
    }

    @Test
    void corruptionsAreCaughtAndNamed() {
        try (Graph g = RandomGraphs.build(new Spec(RandomGraphs.Shape.GRID, 900, 3, WeightType.INT32, 20, 0));
                QueryBuffers out = QueryBuffers.forGraph(g, true)) {
            int source = 0;
            int v = g.numVertices() / 2;
            long external = g.ids().toExternal(v);

            Result distance = Sssp.solve(g, source, Algorithm.CPU_DIJKSTRA, Options.defaults(), out);
            out.distances().setAtIndex(ValueLayout.JAVA_LONG, v, distance.distanceAsLong(v) - 1);
            Certificate c = distance.certify();
            assertTrue(!c.holds() && c.violation().get().contains(Long.toString(external)), c.toString());
            CertificateException e = assertThrows(CertificateException.class, () -> distance.certifiedIf(CERTIFY));
            assertTrue(e.getMessage().contains("fails its certificate"), e.getMessage());

            Result tree = Sssp.solve(g, source, Algorithm.CPU_DIJKSTRA, Options.defaults(), out);
            int wrongParent = tree.predecessor(v) == 0 ? 1 : 0;
            out.predecessors().setAtIndex(ValueLayout.JAVA_INT, v, wrongParent);
            Certificate t = tree.certify();
            assertTrue(!t.holds(), "a wrong predecessor of " + v + " certified");

            Result dropped = Sssp.solve(g, source, Algorithm.CPU_DIJKSTRA, Options.defaults(), out);
            out.distances().setAtIndex(ValueLayout.JAVA_LONG, v, Long.MAX_VALUE);
            Certificate d = dropped.certify();
            assertTrue(!d.holds() && d.violation().get().contains("improves vertex " + external), d.toString());
        }
    }

    @Test
    void aResultWithoutAGraphCannotCertify() {
        try (Graph g = Graph.fromArrays(new long[] {0, 1, 1}, new int[] {1}, new int[] {4}, VertexIds.offset(1, 2), "pair");
                Result r = Sssp.solve(g, 0, Algorithm.CPU_DIJKSTRA)) {
            assertEquals(true, r.certify().holds());
            Result copy = new Result(r.source(), r.weightType(), r.distances(), null, r.ids(), r.algorithm(), "CPU",
                    r.stats(), java.util.List.of());
            assertThrows(IllegalStateException.class, copy::certify);
        }
    }
}
