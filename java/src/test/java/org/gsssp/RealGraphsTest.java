package org.gsssp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.gsssp.testing.SharedGraphs;
import org.junit.jupiter.api.Test;

/**
 * The shared real graphs (directory from the system property {@code gsssp.graphs.dir}); counts as in that
 * directory's README.md. Skipped, with a message, only when the directory is missing.
 */
class RealGraphsTest {
    private static Path dir;

    @BeforeAll
    static void findGraphs() {
        dir = SharedGraphs.dir();
        Assumptions.assumeTrue(Files.isDirectory(dir),
                "real graphs directory " + dir.toAbsolutePath() + " missing (set -Dgsssp.graphs.dir)");
    }

    private static Graph load(String name) throws IOException {
        return GraphLoader.load(SharedGraphs.file(name), TestSupport.QUIET);
    }

    private static boolean hasArc(Graph g, long fromExt, long toExt, double w) {
        int u = g.ids().toInternal(fromExt);
        int v = g.ids().toInternal(toExt);
        for (long e = g.edgeBegin(u); e < g.edgeEnd(u); e++) {
            if (g.target(e) == v && g.weight(e) == w) {
                return true;
            }
        }
        return false;
    }

    @Test
    void rome99() throws IOException {
        assertEquals(GraphFormat.DIMACS, GraphLoader.detect(SharedGraphs.file("rome99.gr")));
        try (Graph g = load("rome99.gr")) {
            assertEquals(3353, g.numVertices());
            assertEquals(8870, g.numEdges());
            assertEquals(WeightType.INT32, g.weightType());
            assertEquals(1, g.ids().toExternal(0));
        }
    }

    @Test
    void usaRoadNy() throws IOException {
        for (String f : new String[] {"USA-road-d.NY.gr.gz", "USA-road-t.NY.gr.gz"}) {
            try (Graph g = load(f)) {
                assertEquals(264346, g.numVertices(), f);
                assertEquals(733846, g.numEdges(), f);
                assertTrue(!g.hasNegativeWeight(), f);
            }
        }
        try (Graph g = load("USA-road-d.NY.gr.gz")) {
            // the file's first arcs: a 1 2 803, a 2 1 803, a 3 4 158
            assertTrue(hasArc(g, 1, 2, 803));
            assertTrue(hasArc(g, 2, 1, 803));
            assertTrue(hasArc(g, 3, 4, 158));
        }
    }

    @Test
    void wikiVote() throws IOException {
        assertEquals(GraphFormat.SNAP, GraphLoader.detect(SharedGraphs.file("wiki-Vote.txt.gz")));
        try (Graph g = load("wiki-Vote.txt.gz")) {
            assertEquals(7115, g.numVertices());
            assertEquals(103689, g.numEdges());
            assertEquals(8297, g.ids().toExternal(g.numVertices() - 1));   // ids up to 8,297, with gaps
            assertTrue(hasArc(g, 30, 1412, 1));
        }
    }

    @Test
    void socSlashdot() throws IOException {
        try (Graph g = load("soc-Slashdot0902.txt.gz")) {
            assertEquals(82168, g.numVertices());
            assertEquals(948464, g.numEdges());
            assertEquals(0, g.ids().toExternal(0));
            assertTrue(hasArc(g, 0, 0, 1));
        }
    }

    @Test
    void delaunayN15() throws IOException {
        assertEquals(GraphFormat.METIS, GraphLoader.detect(SharedGraphs.file("delaunay_n15.graph")));
        try (Graph g = load("delaunay_n15.graph")) {
            assertEquals(32768, g.numVertices());
            assertEquals(196548, g.numEdges());
            // undirected: every arc u->v has a reverse arc v->u
            for (int u = 0; u < g.numVertices(); u += 97) {
                for (long e = g.edgeBegin(u); e < g.edgeEnd(u); e++) {
                    int v = g.target(e);
                    boolean back = false;
                    for (long f = g.edgeBegin(v); f < g.edgeEnd(v) && !back; f++) {
                        back = g.target(f) == u;
                    }
                    assertTrue(back, "no reverse arc for " + (u + 1) + " -> " + (v + 1));
                }
            }
        }
    }
}
