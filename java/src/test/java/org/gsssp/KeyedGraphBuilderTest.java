package org.gsssp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Graphs from Java objects: keys to ids and back, undirected edges, the weight conversion policy. */
class KeyedGraphBuilderTest {
    record City(String name) {}

    @Test
    void citiesWithIntegralWeightsAreExact() {
        try (KeyedGraph<City> g = GraphBuilder.<City>keyed().name("cities")
                .addUndirectedEdge(new City("Rome"), new City("Florence"), 274)
                .addUndirectedEdge(new City("Florence"), new City("Bologna"), 106)
                .addEdge(new City("Bologna"), new City("Milan"), 214)
                .build();
                Result r = Sssp.solve(g.graph(), g.id(new City("Rome")), Algorithm.CPU_DIJKSTRA)) {
            assertEquals(WeightType.INT32, g.graph().weightType());
            assertEquals(0, g.maxWeightRoundingError());
            assertEquals(4, g.graph().numVertices());
            assertEquals(5, g.graph().numEdges(), "two undirected edges are four arcs, plus one");
            assertEquals(594, r.distanceAsLong(g.id(new City("Milan"))));
            assertEquals(Long.MAX_VALUE, Sssp.solve(g.graph(), g.id(new City("Milan")), Algorithm.CPU_DIJKSTRA)
                    .distanceAsLong(g.id(new City("Rome"))), "Milan has no way back");
            assertEquals(new City("Bologna"), g.key(g.id(new City("Bologna"))));
            assertTrue(g.find(new City("Naples")).isEmpty());
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> g.id(new City("Naples")));
            assertEquals("vertex City[name=Naples] is not in cities", e.getMessage());
        }
    }

    @Test
    void fractionalWeightsBecomeFloatsAndTheRoundingIsReported() {
        SplittableRandom random = new SplittableRandom(7);
        KeyedGraphBuilder<String> b = GraphBuilder.keyed();
        double worst = 0;
        for (int i = 0; i < 500; i++) {
            double w = random.nextDouble(0, 100);
            worst = Math.max(worst, Math.abs((float) w - w));
            b.addEdge("v" + random.nextInt(100), "v" + random.nextInt(100), w);
        }
        b.vertex("isolated");
        try (KeyedGraph<String> g = b.build()) {
            assertEquals(WeightType.FLOAT32, g.graph().weightType());
            assertEquals(worst, g.maxWeightRoundingError(), "seed 7");
            assertTrue(worst > 0 && worst < 1e-5, "seed 7: " + worst);
            assertTrue(g.find("isolated").isPresent());
        }
    }

    @Test
    void badWeightsAndNullKeysAreRefused() {
        KeyedGraphBuilder<String> b = GraphBuilder.keyed();
        assertThrows(IllegalArgumentException.class, () -> b.addEdge("a", "b", Double.NaN));
        assertThrows(IllegalArgumentException.class, () -> b.addEdge("a", "b", Double.POSITIVE_INFINITY));
        assertThrows(IllegalArgumentException.class, () -> b.addEdge(null, "b", 1));
        b.build().close();
        assertThrows(IllegalStateException.class, b::build);
    }

    @Test
    void undirectedEdgesOnTheIdBuilder() {
        try (Graph g = new GraphBuilder(3, WeightType.INT32).addUndirectedEdge(0, 1, 4).addUndirectedEdge(2, 2, 1).build()) {
            assertEquals(3, g.numEdges(), "a self-loop is one arc");
            assertEquals(4, Sssp.solve(g, 1, Algorithm.CPU_DIJKSTRA).distanceAsLong(0));
        }
    }
}
