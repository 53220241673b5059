package org.gsssp.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.gsssp.Graph;
import org.gsssp.GraphFormatException;
import org.gsssp.GraphLoader;
import org.gsssp.LoadOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A header that claims more than this JVM can build is refused at the header, naming the file, the line, the
 * claim and the limit, before anything is allocated for it: never an OutOfMemoryError.
 */
class HeaderLimitsTest {
    static final LoadOptions QUIET = LoadOptions.builder().progress(false).build();

    static GraphFormatException refused(Path file, LoadOptions options) {
        return assertThrows(GraphFormatException.class, () -> GraphLoader.load(file, options).close());
    }

    @Test
    void lyingHeadersOfEveryTextFormat(@TempDir Path dir) throws Exception {
        long huge = 2_000_000_000L;
        assertTrue(huge > LoadOptions.defaultMaxVertices(), "this JVM's heap would fit 2e9 vertices: raise the claim");
        Path dimacs = dir.resolve("lie.gr");
        Files.writeString(dimacs, "c a road network\np sp " + huge + " 1\na 1 2 3\n");
        GraphFormatException d = refused(dimacs, QUIET);
        assertTrue(d.getMessage().contains("lie.gr:2") && d.getMessage().contains("the 'p' line claims 2,000,000,000 vertices"),
                d.getMessage());
        assertTrue(d.getMessage().contains("LoadOptions.maxVertices"), d.getMessage());

        Path metis = dir.resolve("lie.graph");
        Files.writeString(metis, huge + " 1\n2\n1\n");
        GraphFormatException m = refused(metis, LoadOptions.builder().progress(false).format(org.gsssp.GraphFormat.METIS).build());
        assertTrue(m.getMessage().contains("the header claims 2,000,000,000 vertices"), m.getMessage());

        Path mtx = dir.resolve("lie.mtx");
        Files.writeString(mtx, "%%MatrixMarket matrix coordinate integer general\n" + huge + " " + huge + " 1\n1 2 3\n");
        GraphFormatException x = refused(mtx, QUIET);
        assertTrue(x.getMessage().contains("lie.mtx:2") && x.getMessage().contains("the size line claims 2,000,000,000 vertices"),
                x.getMessage());
    }

    @Test
    void limitsSetByTheCaller(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("small.gr");
        Files.writeString(file, "p sp 5 3\na 1 2 3\na 2 3 4\na 3 4 5\n");
        GraphFormatException v = refused(file, LoadOptions.builder().progress(false).maxVertices(4).build());
        assertTrue(v.getMessage().contains("claims 5 vertices, more than the limit of 4"), v.getMessage());
        GraphFormatException e = refused(file, LoadOptions.builder().progress(false).maxEdges(2).build());
        assertTrue(e.getMessage().contains("claims 3 edges, more than the limit of 2"), e.getMessage());
        try (Graph g = GraphLoader.load(file, LoadOptions.builder().progress(false).maxVertices(5).maxEdges(3).build())) {
            assertEquals(5, g.numVertices());
        }

        Path snap = dir.resolve("edges.txt");
        Files.writeString(snap, "# SNAP\n0\t1\n1\t2\n2\t3\n");
        GraphFormatException s = refused(snap, LoadOptions.builder().progress(false).maxEdges(2).build());
        assertTrue(s.getMessage().contains("more than 2 edges, the limit"), s.getMessage());

        assertThrows(IllegalArgumentException.class, () -> LoadOptions.builder().maxVertices(0));
        assertThrows(IllegalArgumentException.class, () -> LoadOptions.builder().maxEdges(-1));
    }

    /**
     * A streamed (gzip'd) Galois file's header sizes the image it is read into: claims above the limits are
     * refused at the header, naming the byte, the claim and the limit (seen fuzzing the Galois reader: any
     * 32-byte header made it allocate up to 64 MiB off-heap). A plain file is mapped, bounded by its own size:
     * it loads under the default limits, and is held to limits the caller gives.
     */
    @Test
    void galoisStreamClaimsWithinTheLimits(@TempDir Path dir) throws Exception {
        java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(32 + 8 * 5 + 4 * 6)
                .order(java.nio.ByteOrder.LITTLE_ENDIAN);
        b.putLong(1).putLong(0).putLong(5).putLong(6);        // version 1, unweighted, n = 5, m = 6
        for (long end : new long[] {2, 3, 4, 5, 6}) {
            b.putLong(end);
        }
        for (int t : new int[] {1, 2, 2, 3, 4, 0}) {
            b.putInt(t);
        }
        Path plain = dir.resolve("small.gr");
        Files.write(plain, b.array());
        Path gz = org.gsssp.TestSupport.gzip(plain, dir, "small.gr.gz");
        GraphFormatException v = refused(gz, LoadOptions.builder().progress(false).maxVertices(4).build());
        assertTrue(v.getMessage().contains("small.gr.gz: byte 16: the header claims 5 nodes, more than the limit "
                + "of 4"), v.getMessage());
        GraphFormatException e = refused(gz, LoadOptions.builder().progress(false).maxEdges(5).build());
        assertTrue(e.getMessage().contains("small.gr.gz: byte 24: the header claims 6 edges, more than the limit "
                + "of 5"), e.getMessage());
        LoadOptions exact = LoadOptions.builder().progress(false).maxVertices(5).maxEdges(6).build();
        try (Graph g = GraphLoader.load(gz, exact)) {
            assertEquals(5, g.numVertices());
            assertEquals(6, g.numEdges());
        }
        // A plain file is mapped and bounded by its size: the heap-derived defaults do not apply to it, limits the
        // caller gives do.
        try (Graph g = GraphLoader.load(plain, LoadOptions.builder().progress(false).build())) {
            assertEquals(5, g.numVertices());
        }
        LoadOptions below = LoadOptions.builder().progress(false).maxVertices(4).maxEdges(5).build();
        GraphFormatException mapped = refused(plain, below);
        assertTrue(mapped.getMessage().contains("small.gr: byte 16: the header claims 5 nodes, more than the limit of 4"),
                mapped.getMessage());
        assertTrue(refused(plain, LoadOptions.builder().progress(false).maxEdges(5).build()).getMessage()
                .contains("byte 24: the header claims 6 edges, more than the limit of 5"));

        // 2^31 - 1 nodes claimed by a 32-byte header: refused by the default limits, nothing allocated
        b.putLong(16, Integer.MAX_VALUE);
        Path lie = dir.resolve("lie.gr");
        Files.write(lie, java.util.Arrays.copyOf(b.array(), 32));
        GraphFormatException d = refused(org.gsssp.TestSupport.gzip(lie, dir, "lie.gr.gz"), QUIET);
        assertTrue(d.getMessage().contains("the header claims 2,147,483,647 nodes"), d.getMessage());
    }
}
