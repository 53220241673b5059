package org.gsssp.generate;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.gsssp.Algorithm;
import org.gsssp.Graph;
import org.gsssp.Result;
import org.gsssp.Sssp;
import org.junit.jupiter.api.Test;

/** {@code roadnet:}, the road network for routing benchmarks (RoadNetSpec). */
class RoadNetGeneratorTest {

    @Test
    void aConnectedSymmetricGraphWithAboutTwoPointEightArcsAVertex() {
        for (String s : new String[] {"roadnet:200x150,seed=1", "roadnet:67x131,seed=5", "roadnet:1x9,seed=2", "roadnet:5x1,seed=2"}) {
            GraphSpec spec = GraphSpec.parse(s);
            try (Graph g = GraphGenerator.generate(spec, 2)) {
                assertEquals(s, g.name());
                assertEquals(spec.numVertices(), g.numVertices(), s);
                assertEquals(spec.numEdges(), g.numEdges(), s);
                GeometricGeneratorTest.assertSymmetricWithoutLoops(g);
                int cols = ((RoadNetSpec) spec).cols();
                for (int u = 0; u < g.numVertices(); u++) {
                    for (long e = g.edgeBegin(u); e < g.edgeEnd(u); e++) {
                        int v = g.target(e);
                        int gap = Math.abs(u / cols - v / cols) + Math.abs(u % cols - v % cols);
                        assertEquals(1, gap, s + ": " + u + " -> " + v + " joins no neighbours");
                        assertTrue(g.intWeight(e) >= 1 && g.intWeight(e) <= 1000, s + ": weight " + g.intWeight(e));
                    }
                }
                // every vertex reachable from vertex 0: the blocks' spanning forests tie them to the class roads
                try (Result r = Sssp.solve(g, 0, Algorithm.CPU_DIJKSTRA)) {
                    assertEquals(g.numVertices(), r.reachedCount(), s + ": vertices unreachable from 0");
                }
            }
        }
        try (Graph g = GraphSpec.parse("roadnet:256x256,seed=3").generate()) {
            double perVertex = (double) g.numEdges() / g.numVertices();
            assertTrue(perVertex > 2.6 && perVertex < 3.0, "arcs a vertex: " + perVertex);
        }
    }

    @Test
    void classRoadsAreFasterAndLongTripsTakeThem() {
        RoadNetSpec spec = (RoadNetSpec) GraphSpec.parse("roadnet:129x129,seed=4");
        try (Graph g = spec.generate()) {
            // a cell's mean travel time by the class of its line: local > arterial > highway > motorway
            double[] sum = new double[4];
            long[] count = new long[4];
            for (int u = 0; u < g.numVertices(); u++) {
                for (long e = g.edgeBegin(u); e < g.edgeEnd(u); e++) {
                    int v = g.target(e);
                    int cls = v / 129 == u / 129 ? RoadNetwork.lineClass(u / 129, 129) : RoadNetwork.lineClass(u % 129, 129);
                    sum[cls] += g.intWeight(e);
                    count[cls]++;
                }
            }
            for (int c = 1; c < 4; c++) {
                assertTrue(sum[c] / count[c] < 0.8 * sum[c - 1] / count[c - 1], "class " + c + ": " + Arrays.toString(sum)
                        + " over " + Arrays.toString(count));
            }
            // corner to corner costs about the motorways' rate per cell, well below the local streets' 100
            try (Result r = Sssp.solve(g, 0, Algorithm.CPU_DIJKSTRA)) {
                long far = r.distanceAsLong(g.numVertices() - 1);
                assertTrue(far < 2 * 128 * 45, "corner to corner " + far);
            }
        }
    }

    @Test
    void theSameSpecGivesTheSameGraphOnAnyThreadCountAndTheSeedMatters() {
        try (Graph one = GraphGenerator.generate(GraphSpec.parse("roadnet:70x90,seed=8"), 1);
                Graph four = GraphGenerator.generate(GraphSpec.parse("roadnet:70x90,seed=8"), 4);
                Graph other = GraphGenerator.generate(GraphSpec.parse("roadnet:70x90,seed=9"), 4)) {
            assertArrayEquals(GraphGeneratorTest.bytes(one), GraphGeneratorTest.bytes(four));
            assertFalse(Arrays.equals(GraphGeneratorTest.bytes(one), GraphGeneratorTest.bytes(other)));
        }
        assertEquals("roadnet:1024x1024,seed=1", GraphSpec.parse("RoadNet:1024x1024").toString());
    }

    @Test
    void badSpecsNameTheProblem() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> GraphSpec.parse("roadnet:100"))
                .getMessage().contains("ROWSxCOLS"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> GraphSpec.parse("roadnet:10x10,w=1..5"))
                .getMessage().contains("no w="));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> GraphSpec.parse("roadnet:10x10,neg=0.1"))
                .getMessage().contains("no w="));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> GraphSpec.parse("roadnet:10x10,hw=4"))
                .getMessage().contains("roadnet takes ROWSxCOLS"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> GraphSpec.parse("roadnet:0x10"))
                .getMessage().contains("rows, cols >= 1"));
        assertTrue(GraphSpec.looksLikeSpec("roadnet:4x4"));
    }
}
