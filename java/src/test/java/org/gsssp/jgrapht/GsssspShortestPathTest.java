package org.gsssp.jgrapht;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.jgrapht.Graph;
import org.jgrapht.GraphPath;
import org.jgrapht.alg.interfaces.ShortestPathAlgorithm.SingleSourcePaths;
import org.jgrapht.alg.shortestpath.BellmanFordShortestPath;
import org.jgrapht.alg.shortestpath.DijkstraShortestPath;
import org.jgrapht.graph.DefaultWeightedEdge;
import org.jgrapht.graph.DirectedWeightedPseudograph;
import org.jgrapht.graph.WeightedPseudograph;
import org.junit.jupiter.api.Test;

/** The adapter answers what JGraphT's own algorithms answer, on random graphs of several kinds (seeded). */
class GsssspShortestPathTest {
    static Graph<String, DefaultWeightedEdge> random(long seed, boolean directed, int n, int m, double lo, double hi,
            boolean integral) {
        SplittableRandom random = new SplittableRandom(seed);
        Graph<String, DefaultWeightedEdge> g = directed ? new DirectedWeightedPseudograph<>(DefaultWeightedEdge.class)
                : new WeightedPseudograph<>(DefaultWeightedEdge.class);
        List<String> names = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            names.add("v" + (i * 7919 % 1000003));
            g.addVertex(names.get(i));
        }
        for (int k = 0; k < m; k++) {
            DefaultWeightedEdge e = g.addEdge(names.get(random.nextInt(n)), names.get(random.nextInt(n)));
            double w = integral ? Math.floor(random.nextDouble(lo, hi)) : random.nextDouble(lo, hi);
            g.setEdgeWeight(e, w);
        }
        return g;
    }

    static void assertSameAnswers(String what, Graph<String, DefaultWeightedEdge> g,
            org.jgrapht.alg.interfaces.ShortestPathAlgorithm<String, DefaultWeightedEdge> reference, double tolerance) {
        try (GsssspShortestPath<String, DefaultWeightedEdge> ours = new GsssspShortestPath<>(g)) {
            List<String> vertices = new ArrayList<>(g.vertexSet());
            for (String source : List.of(vertices.get(0), vertices.get(vertices.size() / 2))) {
                SingleSourcePaths<String, DefaultWeightedEdge> paths = ours.getPaths(source);
                SingleSourcePaths<String, DefaultWeightedEdge> expected = reference.getPaths(source);
                for (String v : vertices) {
                    double want = expected.getWeight(v);
                    double got = paths.getWeight(v);
                    String where = what + " from " + source + " to " + v;
                    if (Double.isInfinite(want)) {
                        assertEquals(want, got, where);
                        assertNull(paths.getPath(v), where);
                        continue;
                    }
                    assertEquals(want, got, tolerance * Math.max(1, Math.abs(want)), where);
                    GraphPath<String, DefaultWeightedEdge> path = paths.getPath(v);
                    assertEquals(source, path.getStartVertex(), where);
                    assertEquals(v, path.getEndVertex(), where);
                    double sum = 0;
                    String at = source;
                    for (DefaultWeightedEdge e : path.getEdgeList()) {
                        at = org.jgrapht.Graphs.getOppositeVertex(g, e, at);
                        sum += g.getEdgeWeight(e);
                    }
                    assertEquals(v, at, where + ": the edges do not lead there");
                    assertEquals(want, sum, tolerance * Math.max(1, Math.abs(want)), where + ": the edges' weights");
                    assertEquals(got, ours.getPathWeight(source, v), where);
                }
            }
        }
    }

    @Test
    void integerWeightsGiveJGraphTsExactDistances() {
        for (long seed = 1; seed <= 6; seed++) {
            for (boolean directed : new boolean[] {true, false}) {
                Graph<String, DefaultWeightedEdge> g = random(seed, directed, 200 + 50 * (int) seed, 800, 1, 100, true);
                assertSameAnswers("seed " + seed + (directed ? " directed" : " undirected"), g, new DijkstraShortestPath<>(g), 0);
            }
        }
    }

    @Test
    void fractionalWeightsAgreeUpToFloat32Rounding() {
        for (long seed = 11; seed <= 14; seed++) {
            Graph<String, DefaultWeightedEdge> g = random(seed, seed % 2 == 0, 300, 1200, 0.5, 10.5, false);
            assertSameAnswers("seed " + seed, g, new DijkstraShortestPath<>(g), 1e-5);
        }
    }

    @Test
    void negativeWeightsAsBellmanFordAnswers() {
        for (long seed = 21; seed <= 24; seed++) {
            // A DAG (edges go from lower to higher index) cannot have a cycle, negative or not.
            SplittableRandom random = new SplittableRandom(seed);
            Graph<String, DefaultWeightedEdge> g = new DirectedWeightedPseudograph<>(DefaultWeightedEdge.class);
            int n = 150;
            for (int i = 0; i < n; i++) {
                g.addVertex("x" + i);
            }
            for (int k = 0; k < 600; k++) {
                int a = random.nextInt(n - 1);
                int b = a + 1 + random.nextInt(n - 1 - a);
                g.setEdgeWeight(g.addEdge("x" + a, "x" + b), random.nextInt(-20, 50));
            }
            assertSameAnswers("seed " + seed, g, new BellmanFordShortestPath<>(g), 0);
        }
    }

    @Test
    void unknownVerticesAreRefused() {
        Graph<String, DefaultWeightedEdge> g = random(1, true, 10, 20, 1, 5, true);
        try (GsssspShortestPath<String, DefaultWeightedEdge> ours = new GsssspShortestPath<>(g)) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ours.getPaths("nope"));
            assertEquals("source vertex nope is not in the graph", e.getMessage());
            String known = g.vertexSet().iterator().next();
            e = assertThrows(IllegalArgumentException.class, () -> ours.getPath(known, "Z"));
            assertEquals("sink vertex Z is not in the graph", e.getMessage());
        }
    }

    /** What it does: throws (which exception) or returns (what). */
    private static String outcome(java.util.function.Supplier<Object> call) {
        try {
            Object r = call.get();
            return r == null ? "null" : r instanceof Double d ? "weight " + d : "a path of " + ((GraphPath<?, ?>) r).getLength() + " edges";
        } catch (RuntimeException e) {
            return e.getClass().getName();
        }
    }

    /**
     * Issue 50: unknown source, unknown sink and unreachable sink, each through getPath, getPathWeight and
     * getPaths(...).getPath/getWeight, behave as JGraphT's DijkstraShortestPath does: an unknown vertex given to
     * the algorithm is an IllegalArgumentException (never the null that means unreachable), an unreachable sink is
     * null / infinity.
     */
    @Test
    void unknownAndUnreachableVerticesBehaveAsInJGraphT() {
        Graph<String, DefaultWeightedEdge> g = new DirectedWeightedPseudograph<>(DefaultWeightedEdge.class);
        for (String v : List.of("A", "B", "C", "island")) {
            g.addVertex(v);
        }
        g.setEdgeWeight(g.addEdge("A", "B"), 2);
        g.setEdgeWeight(g.addEdge("B", "C"), 3);
        DijkstraShortestPath<String, DefaultWeightedEdge> jgrapht = new DijkstraShortestPath<>(g);
        try (GsssspShortestPath<String, DefaultWeightedEdge> ours = new GsssspShortestPath<>(g)) {
            String[][] cases = {{"A", "C"}, {"Z", "C"}, {"A", "Z"}, {"A", "island"}, {"Z", "Y"}, {"island", "A"}};
            List<String> checked = new ArrayList<>();
            for (String[] c : cases) {
                String s = c[0];
                String t = c[1];
                String where = s + " -> " + t;
                assertEquals(outcome(() -> jgrapht.getPath(s, t)), outcome(() -> ours.getPath(s, t)), "getPath " + where);
                assertEquals(outcome(() -> jgrapht.getPathWeight(s, t)), outcome(() -> ours.getPathWeight(s, t)),
                        "getPathWeight " + where);
                assertEquals(outcome(() -> jgrapht.getPaths(s).getPath(t)), outcome(() -> ours.getPaths(s).getPath(t)),
                        "getPaths(s).getPath " + where);
                assertEquals(outcome(() -> jgrapht.getPaths(s).getWeight(t)), outcome(() -> ours.getPaths(s).getWeight(t)),
                        "getPaths(s).getWeight " + where);
                checked.add(where + ": " + outcome(() -> ours.getPath(s, t)));
            }
            // the cases the issue names, as JGraphT answers them
            assertEquals(List.of("A -> C: a path of 2 edges", "Z -> C: java.lang.IllegalArgumentException",
                    "A -> Z: java.lang.IllegalArgumentException", "A -> island: null",
                    "Z -> Y: java.lang.IllegalArgumentException", "island -> A: null"), checked);
        }
    }

    @Test
    void aGraphAboveTheCrossoverRunsWhereAutoSendsIt() {
        // 30,000 arcs: ADDS on the GPU when there is one, CPU Dijkstra otherwise; the same answers either way.
        Graph<String, DefaultWeightedEdge> g = random(31, true, 6000, 30_000, 1, 1000, true);
        assertEquals(true, g.edgeSet().size() >= org.gsssp.Algorithm.AUTO_GPU_MIN_EDGES);
        assertSameAnswers("seed 31, 30,000 arcs", g, new DijkstraShortestPath<>(g), 0);
    }
}
