package org.gsssp;

import static org.gsssp.TestSupport.QUIET;
import static org.gsssp.TestSupport.assertCsr;
import static org.gsssp.TestSupport.assertSameGraph;
import static org.gsssp.TestSupport.intWeights;
import static org.gsssp.TestSupport.quiet;
import static org.gsssp.TestSupport.resource;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class GraphLoaderTest {
    @TempDir
    Path tmp;

    @Test
    void dimacs() throws IOException {
        try (Graph g = GraphLoader.load(resource("tiny.gr"), QUIET)) {
            assertCsr(g, new long[] {0, 3, 4, 5, 5}, new int[] {1, 2, 1, 3, 1}, new int[] {7, -2, 3, 1, 4});
            assertEquals("tiny.gr", g.name());
            assertEquals(VertexIds.offset(1, 4), g.ids());
            assertTrue(g.hasNegativeWeight());
        }
    }

    @Test
    void matrixMarketInteger() throws IOException {
        try (Graph g = GraphLoader.load(resource("tiny-int.mtx"), QUIET)) {
            assertCsr(g, new long[] {0, 2, 3, 4}, new int[] {1, 0, 2, 0}, new int[] {5, 2, 6, -1});
            assertEquals(VertexIds.offset(1, 3), g.ids());
        }
    }

    @Test
    void matrixMarketRealSymmetric() throws IOException {
        try (Graph g = GraphLoader.load(resource("tiny-sym.mtx"), QUIET)) {
            assertCsr(g, new long[] {0, 2, 4, 5}, new int[] {1, 2, 0, 1, 0}, new float[] {1.5f, 0.25f, 1.5f, 4, 0.25f});
        }
    }

    @Test
    void matrixMarketPattern() throws IOException {
        try (Graph g = GraphLoader.load(resource("tiny-pattern.mtx"), QUIET)) {
            assertCsr(g, new long[] {0, 1, 2, 3}, new int[] {1, 2, 0}, new int[] {1, 1, 1});
        }
    }

    @Test
    void snapWithIdGaps() throws IOException {
        try (Graph g = GraphLoader.load(resource("tiny.txt"), QUIET)) {
            assertCsr(g, new long[] {0, 1, 2, 4, 5}, new int[] {2, 1, 3, 0, 0}, new int[] {1, 1, 1, 1, 1});
            assertEquals(VertexIds.table(new long[] {5, 7, 10, 20}), g.ids());
            assertEquals(2, g.ids().toInternal(10));
            assertTrue(g.ids().find(6).isEmpty());
        }
    }

    @Test
    void snapWeightedThirdColumn() throws IOException {
        Path p = TestSupport.write(tmp, "w.txt", "# weighted\n1 2 30\n2 1 -4\n");
        try (Graph g = GraphLoader.load(p, QUIET)) {
            assertCsr(g, new long[] {0, 1, 2}, new int[] {1, 0}, new int[] {30, -4});
        }
    }

    @Test
    void metis() throws IOException {
        try (Graph g = GraphLoader.load(resource("tiny.graph"), QUIET)) {
            assertCsr(g, new long[] {0, 2, 4, 6, 6}, new int[] {1, 2, 0, 2, 0, 1}, new int[] {1, 1, 1, 1, 1, 1});
            assertEquals(VertexIds.offset(1, 4), g.ids());
        }
    }

    @Test
    void metisWithVertexWeightsAndEdgeWeights() throws IOException {
        try (Graph g = GraphLoader.load(resource("tiny-weighted.graph"), QUIET)) {
            assertCsr(g, new long[] {0, 2, 4, 6, 6}, new int[] {1, 2, 0, 2, 0, 1}, new int[] {5, 6, 5, 7, 6, 7});
        }
        try (Graph g = GraphLoader.load(resource("tiny-vsize.graph"), QUIET)) {
            assertCsr(g, new long[] {0, 1, 2, 2}, new int[] {1, 0}, new int[] {1, 1});
        }
    }

    @ParameterizedTest
    @CsvSource({"tiny.gr, DIMACS", "tiny-int.mtx, MATRIX_MARKET", "tiny-sym.mtx, MATRIX_MARKET",
            "tiny.txt, SNAP", "tiny.graph, METIS", "tiny-weighted.graph, METIS"})
    void gzipIsReadTransparentlyAndDetectedByMagic(String file, GraphFormat format) throws IOException {
        // named without .gz on purpose: gzip is recognised by its magic bytes
        Path gz = TestSupport.gzip(resource(file), tmp, file);
        assertEquals(format, GraphLoader.detect(gz));
        assertEquals(format, GraphLoader.detect(resource(file)));
        try (Graph plain = GraphLoader.load(resource(file), QUIET); Graph g = GraphLoader.load(gz, QUIET)) {
            assertSameGraph(plain, g);
            assertEquals(plain.ids(), g.ids());
        }
        Path gz2 = TestSupport.gzip(resource(file), tmp, file + ".gz");
        try (Graph g = GraphLoader.load(gz2, QUIET)) {
            assertEquals(file + ".gz", g.name());
        }
    }

    @Test
    void detectionByContentWithoutHelpfulNames() throws IOException {
        // SNAP-like edge list without comments and without extension: every line has two numbers
        Path el = TestSupport.write(tmp, "edges", "0 1\n1 2\n2 0\n");
        assertEquals(GraphFormat.SNAP, GraphLoader.detect(el));
        // METIS without comments: header, then adjacency lines of varying length
        Path metis = TestSupport.write(tmp, "mesh", "3 2\n2 3\n1\n1\n");
        assertEquals(GraphFormat.METIS, GraphLoader.detect(metis));
        try (Graph g = GraphLoader.load(metis, QUIET)) {
            assertEquals(4, g.numEdges());
        }
        // the extension decides for a cycle (every METIS line has two numbers too)
        Path cycle = TestSupport.write(tmp, "cycle.graph", "3 3\n2 3\n1 3\n1 2\n");
        assertEquals(GraphFormat.METIS, GraphLoader.detect(cycle));
        Path dimacsNoComments = TestSupport.write(tmp, "x.dat", "p sp 2 1\na 1 2 3\n");
        assertEquals(GraphFormat.DIMACS, GraphLoader.detect(dimacsNoComments));
        Path junk = TestSupport.write(tmp, "junk", "hello world\n");
        GraphFormatException e = assertThrows(GraphFormatException.class, () -> GraphLoader.detect(junk));
        assertTrue(e.getMessage().contains("cannot recognise"), e.getMessage());
        Path empty = TestSupport.write(tmp, "empty", "");
        assertThrows(GraphFormatException.class, () -> GraphLoader.load(empty, QUIET));
    }

    @Test
    void explicitFormatOverridesDetection() throws IOException {
        // "0 1 / 1 2 / 2 0" read as METIS: header N=0? no - make a file that is valid both ways
        Path p = TestSupport.write(tmp, "both.txt", "3 3\n2 3\n1 3\n1 2\n");
        try (Graph snap = GraphLoader.load(p, QUIET)) {
            assertEquals(4, snap.numEdges());   // as SNAP (.txt): four edges between ids 1, 2, 3
            assertEquals(VertexIds.table(new long[] {1, 2, 3}), snap.ids());
        }
        try (Graph metis = GraphLoader.load(p, quiet(GraphFormat.METIS))) {
            assertEquals(6, metis.numEdges());
        }
        // a DIMACS file forced to SNAP fails on its first comment line
        GraphFormatException e = assertThrows(GraphFormatException.class,
                () -> GraphLoader.load(resource("tiny.gr"), quiet(GraphFormat.SNAP)));
        assertEquals(1, e.line());
    }

    @Test
    void loadFromStream() throws IOException {
        byte[] bytes = Files.readAllBytes(resource("tiny.gr"));
        InputStream in = new ByteArrayInputStream(bytes) {
            boolean closed;

            @Override
            public void close() {
                closed = true;
            }
        };
        try (Graph g = GraphLoader.load(in, "bundled tiny", QUIET)) {
            assertEquals("bundled tiny", g.name());
            assertCsr(g, new long[] {0, 3, 4, 5, 5}, new int[] {1, 2, 1, 3, 1}, new int[] {7, -2, 3, 1, 4});
        }
        // gzip'd stream
        Path gz = TestSupport.gzip(resource("tiny.txt"), tmp, "t.gz");
        try (InputStream s = Files.newInputStream(gz); Graph g = GraphLoader.load(s, "t.txt.gz", QUIET)) {
            assertEquals(5, g.numEdges());
        }
        // errors from a stream name the given name
        GraphFormatException e = assertThrows(GraphFormatException.class, () -> GraphLoader.load(
                new ByteArrayInputStream("p sp 2 1\na 1 3 1\n".getBytes(StandardCharsets.US_ASCII)), "s.gr", QUIET));
        assertEquals(Path.of("s.gr"), e.file());
        assertEquals(2, e.line());
    }

    @Test
    void randomWeightsAreSeededAndFollowTheDocumentedRule() throws IOException {
        long seed = 12345;
        LoadOptions o = LoadOptions.builder().progress(false).randomWeights(1, 100, seed).build();
        // SNAP: one draw per line, in file order; the CSR order of tiny.txt's lines is 1, 4, 5 | 3 ... see below
        int[] draws = new int[5];
        SplittableRandom r = new SplittableRandom(seed);
        for (int i = 0; i < 5; i++) {
            draws[i] = (int) r.nextLong(1, 101);
        }
        try (Graph g = GraphLoader.load(resource("tiny.txt"), o)) {
            // file lines: 10->20 (d0), 20->5 (d1), 10->5 (d2), 5->10 (d3), 7->7 (d4)
            // CSR: v0=5: [5->10 d3], v1=7: [d4], v2=10: [d0, d2], v3=20: [d1]
            assertArrayEquals(new int[] {draws[3], draws[4], draws[0], draws[2], draws[1]}, intWeights(g),
                    "seed " + seed);
        }
        try (Graph a = GraphLoader.load(resource("tiny.graph"), o); Graph b = GraphLoader.load(resource("tiny.graph"), o)) {
            assertArrayEquals(intWeights(a), intWeights(b), "seed " + seed);
            for (int w : intWeights(a)) {
                assertTrue(w >= 1 && w <= 100, "weight " + w + " seed " + seed);
            }
        }
        // symmetric pattern entry: both arcs share one draw
        Path sym = TestSupport.write(tmp, "s.mtx", "%%MatrixMarket matrix coordinate pattern symmetric\n2 2 1\n2 1\n");
        try (Graph g = GraphLoader.load(sym, o)) {
            assertArrayEquals(new int[] {draws[0], draws[0]}, intWeights(g));
        }
        // a weighted file keeps its weights
        try (Graph g = GraphLoader.load(resource("tiny.gr"), o)) {
            assertArrayEquals(new int[] {7, -2, 3, 1, 4}, intWeights(g));
        }
        LoadOptions other = o.toBuilder().randomWeights(1, 100, seed + 1).build();
        try (Graph a = GraphLoader.load(resource("tiny.graph"), o); Graph b = GraphLoader.load(resource("tiny.graph"), other)) {
            assertNotEquals(java.util.Arrays.toString(intWeights(a)), java.util.Arrays.toString(intWeights(b)));
        }
        assertThrows(IllegalArgumentException.class, () -> LoadOptions.builder().randomWeights(5, 4, 0));
    }

    @Test
    void noProgressOutputWhenOff() throws IOException {
        PrintStream old = System.err;
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        System.setErr(new PrintStream(buf, true, StandardCharsets.UTF_8));
        try (Graph g = GraphLoader.load(resource("tiny.gr"), QUIET)) {
            assertEquals(4, g.numVertices());
        } finally {
            System.setErr(old);
        }
        assertEquals("", buf.toString(StandardCharsets.UTF_8));
    }

    @Test
    void optionsNameOverridesFileName() throws IOException {
        try (Graph g = GraphLoader.load(resource("tiny.gr"), QUIET.toBuilder().name("mine").build())) {
            assertEquals("mine", g.name());
        }
        assertEquals(GraphFormat.AUTO, LoadOptions.defaults().format());
        assertEquals(WeightType.INT32, LoadOptions.defaults().weightType());
        assertTrue(!LoadOptions.defaults().randomWeights());
    }
}
