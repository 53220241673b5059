package org.gsssp.io;

import static org.gsssp.TestSupport.QUIET;
import static org.gsssp.TestSupport.resource;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.gsssp.Graph;
import org.gsssp.GraphFormatException;
import org.gsssp.GraphLoader;
import org.gsssp.LoadOptions;
import org.gsssp.TestSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link LoadOptions.Builder#requireUnweighted(boolean)}: random weights asked for a file that has weights of its
 * own are refused, naming why, in every format; files without weights still get them; without the option a
 * weighted file keeps its weights as before.
 */
class RequireUnweightedTest {
    private static final LoadOptions STRICT = QUIET.toBuilder().randomWeights(100, 200, 3).requireUnweighted(true).build();
    private static final LoadOptions LENIENT = QUIET.toBuilder().randomWeights(100, 200, 3).build();

    @TempDir
    Path tmp;

    private static void assertRefused(Path file, long line, String why) {
        GraphFormatException e = assertThrows(GraphFormatException.class, () -> GraphLoader.load(file, STRICT).close(),
                file.toString());
        assertEquals(line, e.line(), e.getMessage());
        assertTrue(e.getMessage().contains("has weights of its own (" + why), e.getMessage());
        assertTrue(e.getMessage().contains("random weights would replace nothing"), e.getMessage());
    }

    @Test
    void weightedFilesAreRefused() throws IOException {
        assertRefused(resource("tiny.gr"), 3, "DIMACS arcs carry weights");
        assertRefused(resource("tiny-int.mtx"), 1, "a 'integer' matrix");
        assertRefused(resource("tiny-weighted.graph"), 2, "its header's fmt 011 says edge weights");
        Path snap = tmp.resolve("w.txt");
        Files.writeString(snap, "# weighted\n1 2 7\n2 3 8\n");
        assertRefused(snap, 2, "a third column of edge weights");
        Path galois = tmp.resolve("w.gr");
        try (Graph g = GraphLoader.load(resource("tiny.gr"), QUIET)) {
            GaloisWriter.write(g, galois);
        }
        assertRefused(galois, 0, "byte 8: edgeDataSize 4");
        assertRefused(TestSupport.gzip(galois, tmp, "w.gr.gz"), 0, "byte 8: edgeDataSize 4");
    }

    @Test
    void withoutTheOptionAWeightedFileKeepsItsWeights() throws IOException {
        try (Graph strict = GraphLoader.load(resource("tiny.gr"), QUIET); Graph lenient = GraphLoader.load(resource("tiny.gr"), LENIENT)) {
            TestSupport.assertSameGraph(strict, lenient);
        }
    }

    @Test
    void unweightedFilesGetTheRandomWeights() throws IOException {
        for (String name : new String[] {"tiny.txt", "tiny-pattern.mtx", "tiny.graph"}) {
            try (Graph g = GraphLoader.load(resource(name), STRICT)) {
                assertTrue(g.numEdges() > 0, name);
                for (int w : TestSupport.intWeights(g)) {
                    assertTrue(w >= 100 && w <= 200, name + ": weight " + w + " (seed 3)");
                }
            }
        }
    }
}
