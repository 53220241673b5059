package org.gsssp.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.stream.Stream;
import org.gsssp.Devices;
import org.gsssp.Graph;
import org.gsssp.LoadOptions;
import org.gsssp.WeightType;
import org.gsssp.io.GaloisReader;
import org.gsssp.io.GaloisWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code gsssp-bench scale --gr-roundtrip}: the write, the mapped read-back and the comparison, on the CPU. */
class GrRoundTripTest {
    private static final String RMAT10 = "rmat:scale=10,ef=16,seed=1,w=1..1000";
    private static final LoadOptions QUIET = LoadOptions.builder().progress(false).build();

    @TempDir
    Path dir;

    @Test
    void rmatRoundTripIsIdenticalMappedAndTheFileIsDeletedAtTheEnd() throws IOException {
        try (Graph g = new GraphSource(RMAT10).load()) {
            Path file;
            try (GrRoundTrip rt = GrRoundTrip.run(g, dir, GrRoundTrip.fileName(RMAT10), false)) {
                GrRoundTrip.Report r = rt.report();
                file = Path.of(r.file());
                assertEquals(dir.resolve("rmat10.gr"), file);
                assertTrue(Files.exists(file), "the file stays while the mapped graph is used");
                assertTrue(r.identical(), r.line());
                assertNull(r.firstDifference());
                assertTrue(r.mapped(), r.line());
                assertTrue(rt.graph().targets().isMapped() && rt.graph().weights().isMapped());
                assertEquals(GrRoundTrip.fileBytes(1 << 10, 16L << 10), r.bytes());
                assertEquals(Files.size(file), r.bytes());
                assertTrue(r.line().startsWith("gr round trip: written " + String.format("%,d", r.bytes()) + " bytes"),
                        r.line());
                assertTrue(r.line().contains(": identical; file deleted at the end"), r.line());
                assertEquals(g.numEdges(), rt.graph().numEdges());
                String json = new com.fasterxml.jackson.databind.ObjectMapper().writeValueAsString(r);   // scale.json's
                assertTrue(json.contains("\"identical\":true") && json.contains("\"bytes\":" + r.bytes()), json);
                assertEquals(ScaleCommand.largestOutDegree(g), ScaleCommand.largestOutDegree(rt.graph()));
            }
            assertFalse(Files.exists(file), "deleted on close");
            assertEquals(List.of(), filesIn(dir), "nothing left in the directory");
        }
    }

    private static List<Path> filesIn(Path folder) throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            return files.toList();
        }
    }

    @Test
    void keptFileStaysAndFloatWeightsComeBackAsFloats() throws IOException {
        String spec = "grid:8x8,seed=3,w=1..100,float";
        try (Graph g = new GraphSource(spec).load()) {
            assertEquals(WeightType.FLOAT32, g.weightType());
            Path file;
            try (GrRoundTrip rt = GrRoundTrip.run(g, dir, GrRoundTrip.fileName(spec), true)) {
                assertTrue(rt.report().identical(), rt.report().line());
                assertEquals(WeightType.FLOAT32, rt.graph().weightType());
                assertTrue(rt.report().line().endsWith("file kept"), rt.report().line());
                file = Path.of(rt.report().file());
            }
            assertTrue(Files.exists(file), "--keep-gr keeps it");
            assertTrue(file.getFileName().toString().startsWith("grid_8x8_seed=3_"), file.toString());
        }
    }

    @Test
    void fileNames() {
        assertEquals("rmat27.gr", GrRoundTrip.fileName("rmat:scale=27,ef=16,seed=1,w=1..1000"));
        assertEquals("rome99.gr.roundtrip.gr", GrRoundTrip.fileName("/data/rome99.gr"));
        String grid = GrRoundTrip.fileName("grid:4x4");
        assertTrue(grid.matches("grid_4x4_[A-Za-z0-9.=_-]+\\.gr"), grid);
    }

    /** A .gr file corrupted after writing: the comparison names the array, the index and both values. */
    @Test
    void corruptedFileIsFoundNamingTheArrayAndIndex() throws IOException {
        try (Graph g = new GraphSource(RMAT10).load()) {
            Path file = dir.resolve("corrupt.gr");
            GaloisWriter.write(g, file);
            long n = g.numVertices();
            long m = g.numEdges();
            long dst = 32 + 8 * n;
            long values = dst + 4 * m + ((m & 1) == 1 ? 4 : 0);

            long e = m - 5;
            int weight = g.weights().getAtIndex(ValueLayout.JAVA_INT, e);
            putInt(file, values + 4 * e, weight + 1);
            try (Graph back = GaloisReader.map(file, "corrupt", QUIET)) {
                assertEquals("weights[" + e + "]: " + weight + " written, " + (weight + 1) + " read back",
                        GrRoundTrip.firstDifference(g, back));
            }

            long t = 17;
            int target = g.targets().getAtIndex(ValueLayout.JAVA_INT, t);
            int other = (target + 1) % (int) n;   // still a vertex: the reader accepts it, the comparison must not
            putInt(file, dst + 4 * t, other);
            try (Graph back = GaloisReader.map(file, "corrupt", QUIET)) {
                assertEquals("targets[" + t + "]: " + target + " written, " + other + " read back",
                        GrRoundTrip.firstDifference(g, back));
            }
        }
    }

    @Test
    void graphsOfOtherShapesDifferInTheirCounts() {
        try (Graph a = Graph.fromArrays(new long[] {0, 1, 2}, new int[] {1, 0}, new int[] {1, 1}, null, "a");
             Graph b = Graph.fromArrays(new long[] {0, 1, 1, 2}, new int[] {1, 0}, new int[] {1, 1}, null, "b");
             Graph c = Graph.fromArrays(new long[] {0, 2, 2}, new int[] {1, 0}, new int[] {1, 1}, null, "c");
             Graph d = Graph.fromArrays(new long[] {0, 1, 2}, new int[] {1, 0}, new float[] {1, 1}, null, "d")) {
            assertNull(GrRoundTrip.firstDifference(a, a));
            assertEquals("vertex count: 2 written, 3 read back", GrRoundTrip.firstDifference(a, b));
            assertEquals("offsets[1]: 1 written, 2 read back", GrRoundTrip.firstDifference(a, c));
            assertEquals("weight type: INT32 written, FLOAT32 read back", GrRoundTrip.firstDifference(a, d));
        }
    }

    /** Differences found in any chunk, at whole-element indices; a chunk size that is not a multiple of the width. */
    @Test
    void chunkedComparisonFindsTheFirstDifferenceInAnyChunk() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment a = arena.allocate(ValueLayout.JAVA_LONG, 100);
            MemorySegment b = arena.allocate(ValueLayout.JAVA_LONG, 100);
            for (long i = 0; i < 100; i++) {
                a.setAtIndex(ValueLayout.JAVA_LONG, i, i * 3);
                b.setAtIndex(ValueLayout.JAVA_LONG, i, i * 3);
            }
            for (long chunk : new long[] {1, 8, 20, 64, 800, 1 << 20}) {
                assertNull(GrRoundTrip.firstDifference("offsets", a, b, ValueLayout.JAVA_LONG, chunk));
            }
            b.set(ValueLayout.JAVA_BYTE, 8 * 77 + 5, (byte) 1);   // a byte inside element 77, not its first
            b.setAtIndex(ValueLayout.JAVA_LONG, 99, -1);
            long changed = b.getAtIndex(ValueLayout.JAVA_LONG, 77);
            for (long chunk : new long[] {1, 8, 20, 64, 800, 1 << 20}) {
                assertEquals("offsets[77]: 231 written, " + changed + " read back",
                        GrRoundTrip.firstDifference("offsets", a, b, ValueLayout.JAVA_LONG, chunk), "chunk " + chunk);
            }
            assertEquals("targets: 200 elements written, 100 read back",
                    GrRoundTrip.firstDifference("targets", a, b.asSlice(0, 400), ValueLayout.JAVA_INT, 64));
            MemorySegment f = arena.allocateFrom(ValueLayout.JAVA_FLOAT, 1.5f, 2.5f);
            MemorySegment h = arena.allocateFrom(ValueLayout.JAVA_FLOAT, 1.5f, -0.0f);
            assertEquals("weights[1]: 2.5 written, -0.0 read back",
                    GrRoundTrip.firstDifference("weights", f, h, ValueLayout.JAVA_FLOAT, 4));
        }
    }

    @Test
    void notEnoughRoomIsSaidBeforeWriting() {
        IOException e = org.junit.jupiter.api.Assertions.assertThrows(IOException.class,
                () -> GrRoundTrip.requireSpace(dir, Long.MAX_VALUE));
        assertTrue(e.getMessage().contains("needs 9,223,372,036,854,775,807 bytes"), e.getMessage());
    }

    /**
     * {@code gsssp-bench scale --gr-roundtrip}: the round trip runs before the upload. Without a GPU the command then
     * fails at the device, having said "identical" and deleted the file; on a GPU host it measures the mapped graph
     * and the round trip is in scale.md.
     */
    @Test
    void scaleCommandRoundTripsBeforeMeasuring() throws IOException {
        Path grDir = dir.resolve("gr");
        Path outDir = dir.resolve("out");
        StringWriter err = new StringWriter();
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        PrintStream stdout = System.out;
        int code;
        System.setOut(new PrintStream(console, true, StandardCharsets.UTF_8));
        try {
            code = BenchMain.run(new String[] {"scale", "-g", RMAT10, "-a", "adds", "-r", "1", "-w", "0",
                            "--gr-roundtrip", grDir.toString(), "-o", outDir.toString()},
                    new PrintWriter(new StringWriter(), true), new PrintWriter(err, true));
        } finally {
            System.setOut(stdout);
        }
        String out = console.toString(StandardCharsets.UTF_8);
        assertTrue(out.contains("gr round trip: written") && out.contains(": identical; file deleted at the end"), out);
        assertEquals(List.of(), filesIn(grDir), "the .gr file is deleted");
        if (Devices.count() == 0) {
            assertEquals(1, code, err.toString());
            assertTrue(err.toString().contains("CUDA device"), err.toString());
        } else {
            assertEquals(0, code, out + err);
            String md = Files.readString(outDir.resolve("scale.md"));
            assertTrue(md.contains("gr round trip: written") && md.contains(": identical"), md);
            assertTrue(Files.readString(outDir.resolve("scale.json")).contains("\"identical\" : true"));
        }
    }

    private static void putInt(Path file, long at, int value) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
            ch.write(ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(0, value), at);
        }
    }
}
