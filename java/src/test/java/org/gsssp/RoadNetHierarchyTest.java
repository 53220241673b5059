package org.gsssp;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.gsssp.generate.GraphGenerator;
import org.gsssp.generate.GraphSpec;
import org.junit.jupiter.api.Test;

/** The hierarchy on the generated road network ({@code roadnet:}) the routing benchmarks use at 1M vertices. */
class RoadNetHierarchyTest {

    @Test
    void itContractsLikeARoadGraphAndEqualsDijkstra() {
        for (String s : new String[] {"roadnet:150x180,seed=1", "roadnet:33x257,seed=7"}) {
            try (Graph g = GraphGenerator.generate(GraphSpec.parse(s), 2); ContractionHierarchy ch = ContractionHierarchy.build(g)) {
                // road NY ends with 1.18 shortcuts an arc; this graph contracts at least as well
                ContractionHierarchy.Info info = ch.info();
                assertTrue(info.shortcuts() < 1.2 * info.originalArcs(), s + ": " + info);
                ContractionHierarchyTest.assertPairsEqualDijkstra(s, g, ch, 4700, 10, 20);
                ContractionHierarchyTest.assertMatrixEqualsDijkstra(s, g, ch, 4701, 12, 9);
            }
        }
    }
}
