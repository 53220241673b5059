package org.gsssp.bench.routing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.gsssp.Graph;
import org.gsssp.Sssp;
import org.gsssp.VertexIds;
import org.junit.jupiter.api.Test;

/** The checks catch wrong answers: a router that is off by one from vertex 0, and one whose routes skip arcs. */
class RoutingRunTest {
    // a path 0 -> 1 -> 2 -> 3 (weights 2, 3, 4) and 3 -> 0 (1)
    private static Graph graph() {
        return Graph.fromArrays(new long[] {0, 1, 2, 3, 4}, new int[] {1, 2, 3, 0}, new int[] {2, 3, 4, 1},
                VertexIds.offset(1, 4), "cycle");
    }

    /** Dijkstra's answers, but distances from vertex 0 one too long, or routes straight from s to t. */
    private record Faulty(Graph g, boolean badDistance) implements Router {
        @Override
        public String name() {
            return "faulty";
        }

        @Override
        public long prepare(Graph graph, int threads) {
            return 0;
        }

        @Override
        public Query newQuery() {
            return new Query() {
                @Override
                public long distance(int s, int t) {
                    long d = Sssp.distancesAsLong(g, s, new int[] {t})[0];
                    return badDistance && s == 0 && t != 0 ? d + 1 : d;
                }

                @Override
                public Route route(int s, int t) {
                    long d = distance(s, t);
                    return new Route(d, s == t ? new int[] {s} : new int[] {s, t});
                }
            };
        }

        @Override
        public long[] matrix(int[] sources, int[] targets, int threads) throws InterruptedException {
            return Router.matrixByPairs(this, sources, targets, threads);
        }

        @Override
        public String matrixMethod() {
            return "pairs";
        }
    }

    private static PeerResult measure(Graph g, boolean badDistance) throws Exception {
        RoutingPairs q = RoutingPairs.generate(4, 64, 4, 11);
        RoutingRun run = new RoutingRun(g, q, RoutingRun.Reference.compute(g, q, 2), 2,
                new PrintWriter(new StringWriter()));
        return run.measure(new Faulty(g, badDistance));
    }

    @Test
    void wrongDistancesAreCounted() throws Exception {
        try (Graph g = graph()) {
            PeerResult r = measure(g, true);
            assertEquals("ok", r.status, r.reason);
            assertTrue(r.mismatches > 0, "seed 11: no mismatch found");
            assertTrue(r.firstMismatch.contains("Dijkstra"), r.firstMismatch);
        }
    }

    @Test
    void routesThatSkipArcsAreCounted() throws Exception {
        try (Graph g = graph()) {
            PeerResult r = measure(g, false);
            assertTrue(r.mismatches > 0, "seed 11: no mismatch found");
            assertTrue(r.firstMismatch.contains("route") && r.firstMismatch.contains("no arc"), r.firstMismatch);
            RoutingRun run = new RoutingRun(g, RoutingPairs.generate(4, 0, 0, 1), null, 1, new PrintWriter(new StringWriter()));
            assertEquals(null, run.routeProblem(0, 3, 9, new int[] {0, 1, 2, 3}));
            assertTrue(run.routeProblem(0, 3, 8, new int[] {0, 1, 2, 3}).contains("weighs 9"));
            assertTrue(run.routeProblem(0, 3, 9, new int[] {1, 2, 3}).contains("source"));
        }
    }
}
