package org.gsssp.io;

import static org.gsssp.TestSupport.QUIET;
import static org.gsssp.TestSupport.assertCsr;
import static org.gsssp.TestSupport.assertSameGraph;
import static org.gsssp.TestSupport.resource;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import org.gsssp.Graph;
import org.gsssp.GraphBuilder;
import org.gsssp.GraphFormat;
import org.gsssp.GraphFormatException;
import org.gsssp.GraphLoader;
import org.gsssp.LoadOptions;
import org.gsssp.TestSupport;
import org.gsssp.VertexIds;
import org.gsssp.WeightType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GaloisTest {
    @TempDir
    Path tmp;

    private static final LoadOptions FLOATS = QUIET.toBuilder().weightType(WeightType.FLOAT32).build();

    @Test
    void intRoundTripIsMappedAndLeavesTheFileAlone() throws IOException {
        Path out = tmp.resolve("tiny.gr");
        try (Graph text = GraphLoader.load(resource("tiny.gr"), QUIET)) {
            GaloisWriter.write(text, out);
            byte[] before = Files.readAllBytes(out);
            // m = 5 is odd: 4 bytes of padding; then the 16-byte weight-type trailer
            assertEquals(32 + 8 * 4 + 4 * 5 + 4 + 4 * 5 + 16, before.length);
            assertEquals(GaloisWriter.fileBytes(4, 5), before.length);
            assertEquals(GraphFormat.GALOIS, GraphLoader.detect(out));
            try (Graph g = GraphLoader.load(out, QUIET)) {
                assertSameGraph(text, g);
                assertEquals(0L, g.offsets().getAtIndex(ValueLayout.JAVA_LONG, 0));
                assertEquals(VertexIds.offset(0, 4), g.ids());
                assertEquals("tiny.gr", g.name());
                assertTrue(g.offsets().isMapped(), "offsets should be a slice of the mapping");
                assertTrue(g.targets().isMapped(), "targets should be a slice of the mapping");
                assertTrue(g.weights().isMapped(), "weights should be a slice of the mapping");
                assertCsr(g, new long[] {0, 3, 4, 5, 5}, new int[] {1, 2, 1, 3, 1}, new int[] {7, -2, 3, 1, 4});
            }
            // the private mapping's patched header word (numEdges at byte 24) never reaches the file
            assertArrayEquals(before, Files.readAllBytes(out));
            assertEquals(5L, ByteBuffer.wrap(before).order(ByteOrder.LITTLE_ENDIAN).getLong(24));
        }
    }

    @Test
    void readOnlyFallbackCopiesOnlyTheOffsets() throws IOException {
        Path out = tmp.resolve("ro.gr");
        try (Graph text = GraphLoader.load(resource("tiny.gr"), QUIET)) {
            GaloisWriter.write(text, out);
            try (Graph g = GaloisReader.map(out, "ro", QUIET, false)) {
                assertSameGraph(text, g);
                assertTrue(!g.offsets().isMapped(), "offsets are a copy");
                assertTrue(g.targets().isMapped() && g.weights().isMapped(), "targets and weights stay mapped");
                assertTrue(g.targets().isReadOnly());
            }
        }
    }

    @Test
    void floatRoundTrip() throws IOException {
        Path out = tmp.resolve("sym.gr");
        try (Graph text = GraphLoader.load(resource("tiny-sym.mtx"), QUIET)) {
            GaloisWriter.write(text, out);
            try (Graph g = GraphLoader.load(out, FLOATS)) {
                assertSameGraph(text, g);
                assertCsr(g, new long[] {0, 2, 4, 5}, new int[] {1, 2, 0, 1, 0},
                        new float[] {1.5f, 0.25f, 1.5f, 4, 0.25f});
            }
        }
    }

    @Test
    void gzipRoundTripIsCopiedOffHeap() throws IOException {
        Path out = tmp.resolve("tiny.gr");
        try (Graph text = GraphLoader.load(resource("tiny.gr"), QUIET)) {
            GaloisWriter.write(text, out);
            Path gz = TestSupport.gzip(out, tmp, "tiny-galois.gr.gz");
            assertEquals(GraphFormat.GALOIS, GraphLoader.detect(gz));
            try (Graph g = GraphLoader.load(gz, QUIET)) {
                assertSameGraph(text, g);
                assertTrue(!g.targets().isMapped());
                assertEquals(0L, g.offsets().getAtIndex(ValueLayout.JAVA_LONG, 0));
            }
        }
    }

    @Test
    void randomGraphRoundTrip() throws IOException {
        long seed = 77;
        SplittableRandom r = new SplittableRandom(seed);
        int n = 3000;
        GraphBuilder b = new GraphBuilder(n, WeightType.FLOAT32);
        for (int e = 0; e < 50_000; e++) {
            b.addEdge(r.nextInt(n), r.nextInt(n), (float) r.nextDouble(-10, 10));
        }
        Path out = tmp.resolve("rand.gr");
        try (Graph g = b.build()) {
            GaloisWriter.write(g, out);
            try (Graph back = GraphLoader.load(out, FLOATS)) {
                assertSameGraph(g, back);
            }
            try (Graph explicit = GraphLoader.load(out, FLOATS.toBuilder().format(GraphFormat.GALOIS).build())) {
                assertSameGraph(g, explicit);
            }
        }
    }

    @Test
    void streamedImageGrowsAsDataArrives() throws IOException {
        long seed = 78;
        SplittableRandom r = new SplittableRandom(seed);
        GraphBuilder b = new GraphBuilder(100, WeightType.INT32);
        for (int e = 0; e < 5001; e++) {
            b.addEdge(r.nextInt(100), r.nextInt(100), r.nextInt());
        }
        Path out = tmp.resolve("grow.gr");
        long saved = GaloisReader.initialStreamCapacity;
        try (Graph g = b.build()) {
            GaloisWriter.write(g, out);
            Path gz = TestSupport.gzip(out, tmp, "grow.gr.gz");
            GaloisReader.initialStreamCapacity = 40;
            try (Graph back = GraphLoader.load(gz, QUIET)) {
                assertSameGraph(g, back);
            }
        } finally {
            GaloisReader.initialStreamCapacity = saved;
        }
    }

    @Test
    void corruptHeaderClaimingTerabytesDoesNotAllocateThem() throws IOException {
        byte[] bytes = galois(1, 4, 2, 1L << 40, new long[] {2, 3}, new int[] {1, 0, 0}, new int[] {5, 6, 7}, true);
        // mapped, the file's size refutes the claim; streamed (gzip'd), it is refused at the header, above the
        // default LoadOptions.maxEdges, before the image is allocated
        Path p = file("bad.gr", bytes);
        assertBad(p, QUIET, "bytes", "m=1099511627776");
        assertBad(TestSupport.gzip(p, tmp, "bad.gr.gz"), QUIET, "byte 24", "the header claims 1,099,511,627,776 edges",
                "LoadOptions.maxEdges");
    }

    /** A Galois image: header, outIdx, dst, [padding], values. */
    private static byte[] galois(long version, long eds, long n, long m, long[] outIdx, int[] dst, int[] values,
                                 boolean pad) {
        int size = 32 + 8 * outIdx.length + 4 * dst.length + (pad ? 4 : 0) + 4 * (values == null ? 0 : values.length);
        ByteBuffer b = ByteBuffer.allocate(size).order(ByteOrder.LITTLE_ENDIAN);
        b.putLong(version).putLong(eds).putLong(n).putLong(m);
        for (long o : outIdx) {
            b.putLong(o);
        }
        for (int d : dst) {
            b.putInt(d);
        }
        if (pad) {
            b.putInt(0);
        }
        if (values != null) {
            for (int v : values) {
                b.putInt(v);
            }
        }
        return b.array();
    }

    private Path file(String name, byte[] bytes) throws IOException {
        Path p = tmp.resolve(name);
        Files.write(p, bytes);
        return p;
    }

    @Test
    void unweightedGetsUnitOrRandomWeightsWithOrWithoutPadding() throws IOException {
        byte[] padded = galois(1, 0, 2, 3, new long[] {2, 3}, new int[] {1, 0, 0}, null, true);
        byte[] unpadded = galois(1, 0, 2, 3, new long[] {2, 3}, new int[] {1, 0, 0}, null, false);
        for (byte[] bytes : new byte[][] {padded, unpadded}) {
            Path p = file("u.gr", bytes);
            try (Graph g = GraphLoader.load(p, QUIET)) {
                assertCsr(g, new long[] {0, 2, 3}, new int[] {1, 0, 0}, new int[] {1, 1, 1});
            }
            try (Graph g = GraphLoader.load(TestSupport.gzip(p, tmp, "u.gr.gz"), QUIET)) {
                assertCsr(g, new long[] {0, 2, 3}, new int[] {1, 0, 0}, new int[] {1, 1, 1});
            }
        }
        LoadOptions rnd = QUIET.toBuilder().randomWeights(10, 20, 5).build();
        SplittableRandom r = new SplittableRandom(5);
        int[] expected = {(int) r.nextLong(10, 21), (int) r.nextLong(10, 21), (int) r.nextLong(10, 21)};
        try (Graph g = GraphLoader.load(file("u.gr", padded), rnd)) {
            assertArrayEquals(expected, TestSupport.intWeights(g), "seed 5");
        }
    }

    @Test
    void emptyGraph() throws IOException {
        Path p = file("e.gr", galois(1, 4, 0, 0, new long[0], new int[0], new int[0], false));
        try (Graph g = GraphLoader.load(p, QUIET)) {
            assertEquals(0, g.numVertices());
            assertEquals(0, g.numEdges());
        }
    }

    private void assertBad(byte[] bytes, LoadOptions o, String... keywords) throws IOException {
        Path p = file("bad.gr", bytes);
        for (Path f : new Path[] {p, TestSupport.gzip(p, tmp, "bad.gr.gz")}) {
            assertBad(f, o, keywords);
        }
    }

    private static void assertBad(Path f, LoadOptions o, String... keywords) {
        GraphFormatException e = assertThrows(GraphFormatException.class,
                () -> GraphLoader.load(f, o.toBuilder().format(GraphFormat.GALOIS).build()).close());
        assertEquals(0, e.line(), e.getMessage());
        assertEquals(f, e.file());
        for (String k : keywords) {
            assertTrue(e.getMessage().contains(k), () -> "message '" + e.getMessage() + "' lacks '" + k + "'");
        }
    }

    /**
     * A float graph records its type: it reads back as FLOAT32 with no weight type given, mapped, read-only and
     * gzip'd; the header and the arrays stay Galois v1 with 4-byte edge data, so a reader that follows the layout
     * by offsets (LonestarGPU, the ADDS artifact) finds the same CSR and never reads the trailer.
     */
    @Test
    void floatFileRecordsItsTypeAndReadsBackUntold() throws IOException {
        long seed = 79;
        SplittableRandom r = new SplittableRandom(seed);
        GraphBuilder b = new GraphBuilder(50, WeightType.FLOAT32);
        for (int e = 0; e < 301; e++) {
            b.addEdge(r.nextInt(50), r.nextInt(50), (float) r.nextDouble(1, 100));
        }
        Path out = tmp.resolve("f.gr");
        try (Graph g = b.build()) {
            GaloisWriter.write(g, out);
            byte[] bytes = Files.readAllBytes(out);
            assertEquals(GaloisWriter.fileBytes(50, 301), bytes.length);
            ByteBuffer bb = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
            assertEquals(1L, bb.getLong(0), "version");
            assertEquals(4L, bb.getLong(8), "edgeDataSize");
            long values = 32 + 8 * 50 + 4 * 301 + 4;
            for (int e = 0; e < 301; e++) {
                assertEquals(Float.floatToRawIntBits(g.floatWeight(e)), bb.getInt((int) (values + 4 * e)), "seed 79, edge " + e);
            }
            assertEquals("GSSSP-WEIGHT-F32", new String(bytes, bytes.length - 16, 16, java.nio.charset.StandardCharsets.US_ASCII));
            for (Path f : new Path[] {out, TestSupport.gzip(out, tmp, "f.gr.gz")}) {
                try (Graph back = GraphLoader.load(f, QUIET)) {
                    assertEquals(WeightType.FLOAT32, back.weightType(), f.toString());
                    assertSameGraph(g, back);
                }
            }
            try (Graph back = GaloisReader.map(out, "ro", QUIET, false)) {
                assertEquals(WeightType.FLOAT32, back.weightType());
                assertSameGraph(g, back);
            }
            try (Graph back = GraphLoader.load(out, FLOATS)) {
                assertSameGraph(g, back);
            }
        }
    }

    @Test
    void askingForTheTypeTheFileDoesNotRecordIsRefused() throws IOException {
        Path ints = tmp.resolve("i.gr");
        Path floats = tmp.resolve("f.gr");
        try (Graph i = GraphLoader.load(resource("tiny.gr"), QUIET); Graph f = GraphLoader.load(resource("tiny-sym.mtx"), QUIET)) {
            GaloisWriter.write(i, ints);
            GaloisWriter.write(f, floats);
            try (Graph back = GraphLoader.load(ints, QUIET.toBuilder().weightType(WeightType.INT32).build())) {
                assertSameGraph(i, back);
            }
        }
        LoadOptions asInt = QUIET.toBuilder().weightType(WeightType.INT32).build();
        for (Path f : new Path[] {floats, TestSupport.gzip(floats, tmp, "f.gr.gz")}) {
            assertBad(f, asInt, "records FLOAT32 weights, but INT32 was asked for", "leave the weight type out");
        }
        for (Path f : new Path[] {ints, TestSupport.gzip(ints, tmp, "i.gr.gz")}) {
            assertBad(f, FLOATS, "records INT32 weights, but FLOAT32 was asked for");
        }
    }

    /** A float file without the trailer (another tool's, or gsssp's before it wrote one): never read as ints. */
    @Test
    void floatValuesWithoutARecordedTypeAreRefusedUntilTheTypeIsNamed() throws IOException {
        int[] floats = {Float.floatToRawIntBits(100f), Float.floatToRawIntBits(2.5f), Float.floatToRawIntBits(-7.25f)};
        byte[] bytes = galois(1, 4, 2, 3, new long[] {2, 3}, new int[] {1, 0, 0}, floats, true);
        assertBad(bytes, QUIET, "byte 64", "look like IEEE floats", "value[0] = 1120403456 is 100.0 as a float",
                "LoadOptions.builder().weightType(...)");
        try (Graph g = GraphLoader.load(file("f.gr", bytes), FLOATS)) {
            assertCsr(g, new long[] {0, 2, 3}, new int[] {1, 0, 0}, new float[] {100f, 2.5f, -7.25f});
        }
        // Told they are ints, they are ints.
        try (Graph g = GraphLoader.load(file("f.gr", bytes), QUIET.toBuilder().weightType(WeightType.INT32).build())) {
            assertCsr(g, new long[] {0, 2, 3}, new int[] {1, 0, 0}, floats);
        }
        // One value that no float weight would be (here 3) makes them ints; zeros say nothing either way.
        int[] mixed = {floats[0], 0, 3};
        try (Graph g = GraphLoader.load(file("m.gr", galois(1, 4, 2, 3, new long[] {2, 3}, new int[] {1, 0, 0}, mixed, true)), QUIET)) {
            assertEquals(WeightType.INT32, g.weightType());
        }
        // Small ints asked for as floats would be denormals: refused as well.
        byte[] small = galois(1, 4, 2, 3, new long[] {2, 3}, new int[] {1, 0, 0}, new int[] {0, 5, 7}, true);
        assertBad(small, FLOATS, "byte 68", "look like ints", "value[1] = 5");
    }

    @Test
    void bytesAfterTheValuesThatAreNoTrailerAreRefused() throws IOException {
        byte[] plain = galois(1, 4, 2, 3, new long[] {2, 3}, new int[] {1, 0, 0}, new int[] {5, 6, 7}, true);
        byte[] bytes = java.util.Arrays.copyOf(plain, plain.length + 16);
        System.arraycopy("GSSSP-WEIGHT-X32".getBytes(java.nio.charset.StandardCharsets.US_ASCII), 0, bytes, plain.length, 16);
        assertBad(bytes, QUIET, "byte 76", "not gsssp's weight-type trailer");
        assertBad(java.util.Arrays.copyOf(plain, plain.length + 8), QUIET, "76 bytes", "(or 92 with gsssp's weight-type trailer)");
    }

    @Test
    void malformed() throws IOException {
        long[] out = {2, 3};
        int[] dst = {1, 0, 0};
        int[] w = {5, 6, 7};
        assertBad(galois(2, 4, 2, 3, out, dst, w, true), QUIET, "byte 0", "version 2");
        assertBad(galois(1, 8, 2, 3, out, dst, w, true), QUIET, "byte 8", "edge data size 8");
        assertBad(galois(1, 4, 2, 3, out, dst, w, false), QUIET, "requires 76 bytes");
        assertBad(galois(1, 4, 2, 3, out, dst, new int[] {5, 6, 7, 8}, true), QUIET, "76 bytes");
        assertBad(galois(1, 4, 2, 3, new long[] {3, 2}, dst, w, true), QUIET, "byte 40", "outIdx[1] = 2 is less");
        assertBad(galois(1, 4, 2, 3, new long[] {2, 4}, dst, w, true), QUIET, "byte 40", "exceeds the edge count 3");
        assertBad(galois(1, 4, 2, 3, new long[] {1, 2}, dst, w, true), QUIET, "outIdx[1] = 2 but the header says 3");
        assertBad(galois(1, 4, 2, 3, out, new int[] {1, 2, 0}, w, true), QUIET, "byte 52", "dst[1] = 2 is not a node");
        assertBad(galois(1, 4, 2, 3, out, new int[] {1, -1, 0}, w, true), QUIET, "dst[1] = 4294967295");
        int nan = Float.floatToRawIntBits(Float.NaN);
        assertBad(galois(1, 4, 2, 3, out, dst, new int[] {5, nan, 7}, true), FLOATS, "byte 68", "edge value[1] = NaN", "NaN or infinite");
        assertBad(new byte[] {1, 0, 0, 0, 0, 0, 0, 0, 4}, QUIET, "shorter than the 32-byte Galois header");
        assertBad(galois(1, 4, -1, 0, new long[0], new int[0], new int[0], false), QUIET, "byte 16", "node count");
    }
}
