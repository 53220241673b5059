package org.gsssp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.OutputStream;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;

/** Helpers shared by the graph and loader tests. */
public final class TestSupport {
    /** Tests never draw a progress bar. */
    public static final LoadOptions QUIET = LoadOptions.builder().progress(false).build();

    private TestSupport() {
    }

    /**
     * A file in src/test/resources/graphs. Inside a jar (the GPU test bundle) the resource is no file, and
     * the loaders under test take paths, so it is copied out to a temporary file, keeping its name.
     */
    public static Path resource(String name) {
        URL url = TestSupport.class.getResource("/graphs/" + name);
        if (url == null) {
            throw new IllegalArgumentException("no test resource graphs/" + name);
        }
        try {
            if ("file".equals(url.getProtocol())) {
                return Path.of(url.toURI());
            }
            Path copy = Files.createTempDirectory("gsssp-test-").resolve(name);
            try (var in = url.openStream()) {
                Files.copy(in, copy);
            }
            copy.toFile().deleteOnExit();
            copy.getParent().toFile().deleteOnExit();
            return copy;
        } catch (URISyntaxException | IOException e) {
            throw new IllegalStateException("cannot read test resource graphs/" + name, e);
        }
    }

    public static LoadOptions quiet(GraphFormat format) {
        return LoadOptions.builder().progress(false).format(format).build();
    }

    public static Path write(Path dir, String name, String content) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, content, StandardCharsets.UTF_8);
        return p;
    }

    /** Gzips {@code src} into {@code dir/name}. */
    public static Path gzip(Path src, Path dir, String name) throws IOException {
        Path p = dir.resolve(name);
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(p))) {
            Files.copy(src, out);
        }
        return p;
    }

    public static long[] offsets(Graph g) {
        return g.offsets().toArray(ValueLayout.JAVA_LONG);
    }

    public static int[] targets(Graph g) {
        return g.targets().toArray(ValueLayout.JAVA_INT);
    }

    public static int[] intWeights(Graph g) {
        return g.weights().toArray(ValueLayout.JAVA_INT);
    }

    public static float[] floatWeights(Graph g) {
        return g.weights().toArray(ValueLayout.JAVA_FLOAT);
    }

    public static void assertCsr(Graph g, long[] offsets, int[] targets, int[] weights) {
        assertEquals(WeightType.INT32, g.weightType(), "weight type of " + g);
        assertEquals(offsets.length - 1, g.numVertices(), "n of " + g);
        assertEquals(targets.length, g.numEdges(), "m of " + g);
        assertArrayEquals(offsets, offsets(g), "offsets of " + g);
        assertArrayEquals(targets, targets(g), "targets of " + g);
        assertArrayEquals(weights, intWeights(g), "weights of " + g);
        assertAligned(g);
    }

    public static void assertCsr(Graph g, long[] offsets, int[] targets, float[] weights) {
        assertEquals(WeightType.FLOAT32, g.weightType(), "weight type of " + g);
        assertArrayEquals(offsets, offsets(g), "offsets of " + g);
        assertArrayEquals(targets, targets(g), "targets of " + g);
        assertArrayEquals(weights, floatWeights(g), "weights of " + g);
        assertAligned(g);
    }

    public static void assertAligned(Graph g) {
        MemorySegment o = g.offsets();
        assertEquals(0, o.address() % 8, "offsets alignment");
        assertEquals(0, g.targets().address() % 4, "targets alignment");
        assertEquals(0, g.weights().address() % 4, "weights alignment");
        assertEquals(0L, o.getAtIndex(ValueLayout.JAVA_LONG, 0), "offsets[0]");
    }

    /** Two graphs have the same CSR, weight type and ids. */
    public static void assertSameGraph(Graph expected, Graph actual) {
        assertEquals(expected.weightType(), actual.weightType(), "weight type");
        assertArrayEquals(offsets(expected), offsets(actual), "offsets");
        assertArrayEquals(targets(expected), targets(actual), "targets");
        assertArrayEquals(intWeights(expected), intWeights(actual), "weights (as raw 4-byte values)");
    }
}
