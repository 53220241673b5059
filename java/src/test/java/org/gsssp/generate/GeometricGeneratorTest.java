package org.gsssp.generate;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import org.gsssp.Algorithm;
import org.gsssp.Graph;
import org.gsssp.Result;
import org.gsssp.Sssp;
import org.gsssp.Verifier;
import org.junit.jupiter.api.Test;

/** The wider suite's generators (issue "Side by side with the peers", item 2): random geometric graphs and 3-D meshes. */
class GeometricGeneratorTest {

    static Set<Long> arcs(Graph g) {
        Set<Long> s = new HashSet<>();
        for (int u = 0; u < g.numVertices(); u++) {
            for (long e = g.edgeBegin(u); e < g.edgeEnd(u); e++) {
                s.add(((long) u << 32) | g.target(e));
            }
        }
        return s;
    }

    static void assertSymmetricWithoutLoops(Graph g) {
        Set<Long> a = arcs(g);
        for (long arc : a) {
            int u = (int) (arc >>> 32);
            int v = (int) arc;
            assertTrue(u != v, g.name() + ": self-loop at " + u);
            assertTrue(a.contains(((long) v << 32) | u), g.name() + ": " + u + " -> " + v + " has no reverse");
        }
        assertEquals(a.size(), g.numEdges(), g.name() + ": parallel arcs");
    }

    @Test
    void meshesHaveTheirNeighbourhoodInsideAndTheFormulasEdgeCount() {
        for (int nb : new int[] {6, 18, 26}) {
            GraphSpec spec = GraphSpec.parse("mesh:6x5x4,nb=" + nb + ",seed=2");
            try (Graph g = GraphGenerator.generate(spec, 2)) {
                assertEquals("mesh:6x5x4,nb=" + nb + ",seed=2,w=1..1000", g.name());
                assertEquals(120, g.numVertices());
                assertEquals(spec.numEdges(), g.numEdges());
                int interior = 1 + 6 * (1 + 5 * 1);  // (1, 1, 1)
                assertEquals(nb, g.outDegree(interior), "interior degree");
                assertEquals(nb == 6 ? 3 : nb == 18 ? 6 : 7, g.outDegree(0), "corner degree");
                assertSymmetricWithoutLoops(g);
                for (int u = 0; u < g.numVertices(); u++) {
                    for (long e = g.edgeBegin(u); e < g.edgeEnd(u); e++) {
                        int v = g.target(e);
                        int dx = Math.abs(u % 6 - v % 6);
                        int dy = Math.abs(u / 6 % 5 - v / 6 % 5);
                        int dz = Math.abs(u / 30 - v / 30);
                        assertTrue(Math.max(dx, Math.max(dy, dz)) == 1 && dx + dy + dz <= (nb == 6 ? 1 : nb == 18 ? 2 : 3),
                                u + " -> " + v + " is not a neighbour in nb=" + nb);
                    }
                }
            }
        }
    }

    @Test
    void randomGeometricGraphsHaveAboutTheirDegreeAndAreSymmetric() {
        for (int dims : new int[] {2, 3}) {
            GraphSpec spec = GraphSpec.parse("rgg:n=20000,d=12,dim=" + dims + ",seed=5");
            try (Graph g = GraphGenerator.generate(spec, 2)) {
                assertEquals(spec.numEdges(), g.numEdges(), "numEdges() before generating");
                double average = (double) g.numEdges() / g.numVertices();
                // Border points have fewer neighbours: a few percent fewer in 2-D at this size, more in 3-D.
                assertTrue(average > 12 * 0.8 && average < 12 * 1.05, dims + "-D average degree " + average);
                assertSymmetricWithoutLoops(g);
                // Cell order: a vertex's neighbours are mostly close in id.
                long near = 0;
                for (int u = 0; u < g.numVertices(); u++) {
                    for (long e = g.edgeBegin(u); e < g.edgeEnd(u); e++) {
                        if (Math.abs(g.target(e) - u) < g.numVertices() / 10) {
                            near++;
                        }
                    }
                }
                assertTrue(near > g.numEdges() / 2, near + " of " + g.numEdges());
            }
        }
    }

    @Test
    void roadsAreAGridWithHighwaysThatLongTripsTake() {
        GraphSpec spec = GraphSpec.parse("road:50x40,hw=8,seed=3");
        try (Graph road = GraphGenerator.generate(spec, 2);
                Graph grid = GraphSpec.parse("grid:50x40,seed=3").generate()) {
            assertEquals("road:50x40,hw=8,seed=3,w=1..1000", road.name());
            assertEquals(spec.numEdges(), road.numEdges());
            // 7 highway rows (0, 8, .., 48) with 4 express edges each way, 5 highway columns (0, 8, .., 32) with 6
            assertEquals(grid.numEdges() + 2L * (7 * 4 + 5 * 6), road.numEdges());
            assertSymmetricWithoutLoops(road);
            int express = 0;
            for (int u = 0; u < road.numVertices(); u++) {
                for (long e = road.edgeBegin(u); e < road.edgeEnd(u); e++) {
                    int v = road.target(e);
                    int gap = Math.abs(v / 40 - u / 40) + Math.abs(v % 40 - u % 40);
                    if (gap != 1) {
                        express++;
                        assertEquals(8, gap, u + " -> " + v);
                        assertTrue(u / 40 % 8 == 0 && u % 40 % 8 == 0, u + " is no highway intersection");
                        assertTrue(road.intWeight(e) >= 0.9 * 8 * 500.5 * RoadSpec.HIGHWAY_SPEED - 1
                                        && road.intWeight(e) <= 1.1 * 8 * 500.5 * RoadSpec.HIGHWAY_SPEED + 1,
                                "express weight " + road.intWeight(e));
                    }
                }
            }
            assertEquals(2 * (7 * 4 + 5 * 6), express);
            // A long trip is cheaper with the highways than on the streets alone.
            int far = road.numVertices() - 1;
            try (Result r = Sssp.solve(road, 0, Algorithm.CPU_DIJKSTRA); Result gr = Sssp.solve(grid, 0, Algorithm.CPU_DIJKSTRA)) {
                assertTrue(r.distance(far) < 0.8 * gr.distance(far), r.distance(far) + " against " + gr.distance(far));
                assertTrue(Verifier.certify(road, r).isEmpty());
            }
        }
        assertTrue(assertThrows(IllegalArgumentException.class, () -> GraphSpec.parse("road:10x10,hw=4,neg=0.1"))
                .getMessage().contains("no neg="));
    }

    @Test
    void theSameSpecGivesTheSameGraphOnAnyThreadCount() {
        for (String s : new String[] {"rgg:n=5000,d=8,dim=3,seed=9", "mesh:9x7x5,nb=26,seed=4,float", "road:30x33,hw=5,seed=2"}) {
            try (Graph one = GraphGenerator.generate(GraphSpec.parse(s), 1);
                    Graph four = GraphGenerator.generate(GraphSpec.parse(s), 4)) {
                assertArrayEquals(GraphGeneratorTest.bytes(one), GraphGeneratorTest.bytes(four), s);
            }
        }
    }

    @Test
    void cpuDijkstraCertifiesOnThem() {
        for (String s : new String[] {"rgg:n=3000,d=10,dim=2,seed=3,w=1..10", "mesh:10x10x10,nb=18,seed=3,w=1..100"}) {
            try (Graph g = GraphSpec.parse(s).generate(); Result r = Sssp.solve(g, 0, Algorithm.CPU_DIJKSTRA)) {
                assertTrue(Verifier.certify(g, r).isEmpty(), s);
            }
        }
    }

    @Test
    void specsTooLargeForThisMachineFailWithOneMessageNotOutOfMemory() {
        // Sizes beyond any machine CI runs on (16 TB, 5.7 TB, 446 GB of CSR arrays): refused before any allocation.
        for (String s : new String[] {"random:n=2000000000,d=1000", "rgg:n=715000000,d=1000,dim=3", "mesh:1290x1290x1290,nb=26"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> GraphSpec.parse(s).generate(), s);
            assertTrue(e.getMessage().startsWith(GraphSpec.parse(s).toString()) && e.getMessage().contains("MB"), e.getMessage());
        }
    }

    @Test
    void badSpecsNameTheProblem() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> GraphSpec.parse("rgg:n=100,dim=4"))
                .getMessage().contains("dim=2 or dim=3"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> GraphSpec.parse("mesh:4x4,nb=6"))
                .getMessage().contains("NXxNYxNZ"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> GraphSpec.parse("mesh:4x4x4,nb=12"))
                .getMessage().contains("6, 18 or 26"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> GraphSpec.parse("rgg:n=100,r=0.1"))
                .getMessage().contains("rgg takes n, d, dim"));
        assertTrue(GraphSpec.looksLikeSpec("RGG:n=5") && GraphSpec.looksLikeSpec("mesh:2x2x2"));
    }
}
