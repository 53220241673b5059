package org.gsssp.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.gsssp.GraphFormat;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class FormatDetectorTest {
    private static GraphFormat detect(String text, String name) {
        byte[] b = text.getBytes(StandardCharsets.ISO_8859_1);
        return FormatDetector.detect(b, b.length, true, name);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "c comment\\np sp 1 0\\n | x.gr | DIMACS",
            "\\n\\np sp 1 0\\n | x | DIMACS",
            "a 1 2 3\\n | x | DIMACS",
            "%%MatrixMarket matrix coordinate real general\\n | x.gr | MATRIX_MARKET",
            "%%matrixmarket matrix coordinate real general\\n | x | MATRIX_MARKET",
            "# snap\\n1 2\\n | x.graph | SNAP",
            "% metis\\n2 1\\n2\\n1\\n | x.txt | METIS",
            "1 2\\n3 4\\n | x.graph | METIS",
            "1 2\\n3 4\\n | x.metis.gz | METIS",
            "3 2\\n2 3\\n1\\n1\\n | x.txt | SNAP",
            "3 2\\n2 3\\n1\\n1\\n | x.edges | SNAP",
            "1 2\\n3 4\\n | x | SNAP",
            "1 2 5\\n3 4 6\\n | x | SNAP",
            "3 2\\n2 3\\n1\\n1\\n | x | METIS",
            "3 2 1\\n2 3 3 4\\n1 3\\n1 4\\n | x | METIS",
            "3 2 011 2\\n | x | METIS",
            "hello\\n | x | ",
            "1\\n | x | ",
            " | x | "})
    void recognises(String text, String name, GraphFormat expected) {
        String t = text == null ? "" : text.replace("\\n", "\n");
        assertEquals(expected, detect(t, name), () -> "'" + t + "' named " + name);
    }

    @Test
    void galoisByItsVersionWord() {
        byte[] b = {1, 0, 0, 0, 0, 0, 0, 0, 4, 0, 0, 0, 0, 0, 0, 0};
        assertEquals(GraphFormat.GALOIS, FormatDetector.detect(b, b.length, true, "x.txt"));
        b[3] = 1;
        assertNull(FormatDetector.detect(b, b.length, true, "x"));
    }

    @Test
    void gzipMagic() {
        assertTrue(FormatDetector.isGzip(new byte[] {0x1f, (byte) 0x8b}, 2));
        assertFalse(FormatDetector.isGzip(new byte[] {0x1f, (byte) 0x8b}, 1));
        assertFalse(FormatDetector.isGzip(new byte[] {'c', ' '}, 2));
    }

    @Test
    void incompleteLastLineIsIgnored() {
        // the head cut a METIS adjacency line: the piece after the last newline does not count
        byte[] b = "1 2\n3 4\n5".getBytes(StandardCharsets.ISO_8859_1);
        assertEquals(GraphFormat.SNAP, FormatDetector.detect(b, b.length, false, "x"));
        assertEquals(GraphFormat.METIS, FormatDetector.detect(b, b.length, true, "x"));
    }

    @Test
    void extension() {
        assertEquals("graph", FormatDetector.extension("/a/b.c/delaunay_n15.graph"));
        assertEquals("txt", FormatDetector.extension("wiki-Vote.txt.gz"));
        assertEquals("", FormatDetector.extension("README"));
        assertEquals("", FormatDetector.extension(null));
    }
}
