package org.gsssp.bench;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.gsssp.Graph;
import org.gsssp.LoadOptions;
import org.gsssp.generate.GraphSpec;
import org.gsssp.generate.RmatSpec;
import org.gsssp.io.GaloisReader;
import org.gsssp.io.GaloisWriter;

/**
 * {@code gsssp-bench scale --gr-roundtrip DIR}: a graph written as a Galois {@code .gr} file by {@link GaloisWriter},
 * mapped back by {@link GaloisReader#map} (zero copy) and compared with the original, array by array, with 64-bit
 * indices throughout (graphs of 2^31 edges and more: the issue "Beyond 2^31 edges"). The read-back graph is then the
 * one the scale command measures, so the {@code .gr} path is exercised end to end by the GPU queries and certificates.
 *
 * <p>Closing it closes the read-back graph (unmapping the file) and then deletes the file, unless it is kept.
 */
final class GrRoundTrip implements AutoCloseable {
    /** Bytes compared per {@link MemorySegment#mismatch} call. */
    static final long COMPARE_CHUNK = 1L << 30;

    /**
     * What the round trip did, for the console, scale.json and scale.md.
     *
     * @param firstDifference null when identical, else the first differing array and index with both values
     */
    record Report(String file, long bytes, double writeSeconds, double writeGBps, double readSeconds,
                  double compareSeconds, boolean mapped, boolean identical, String firstDifference, boolean kept) {

        /** One line: "gr round trip: written N bytes ... identical" (or where it differs). */
        String line() {
            return String.format(Locale.ROOT, "gr round trip: written %,d bytes to %s in %.1f s (%.2f GB/s), read back "
                            + "%s in %.1f s, compared in %.1f s: %s; file %s", bytes, file, writeSeconds, writeGBps,
                    mapped ? "mapped" : "NOT mapped (copied)", readSeconds, compareSeconds,
                    identical ? "identical" : "DIFFERS at " + firstDifference,
                    kept ? "kept" : "deleted at the end");
        }
    }

    private final Graph graph;
    private final Path file;
    private final boolean keep;
    private final Report report;

    private GrRoundTrip(Graph graph, Path file, boolean keep, Report report) {
        this.graph = graph;
        this.file = file;
        this.keep = keep;
        this.report = report;
    }

    /**
     * Writes {@code expected} to {@code dir/fileName}, maps it back and compares the two.
     *
     * @param expected the graph, open; not closed here
     * @param keep     whether {@link #close()} leaves the file in place
     * @return the round trip, holding the read-back graph; on failure (I/O, a refused file) nothing is left open
     *         and the file is deleted unless kept
     * @throws IOException if the file cannot be written or read
     */
    static GrRoundTrip run(Graph expected, Path dir, String fileName, boolean keep) throws IOException {
        Files.createDirectories(dir);
        long bytes = fileBytes(expected.numVertices(), expected.numEdges());
        requireSpace(dir, bytes);
        Path file = dir.resolve(fileName);
        Graph back = null;
        try {
            long t0 = System.nanoTime();
            GaloisWriter.write(expected, file);
            double writeSeconds = (System.nanoTime() - t0) / 1e9;
            long size = Files.size(file);
            if (size != bytes) {
                throw new IOException(file + " is " + size + " bytes, the Galois layout of " + expected.numVertices()
                        + " vertices and " + expected.numEdges() + " edges needs " + bytes);
            }
            long t1 = System.nanoTime();
            back = GaloisReader.map(file, expected.name(),
                    LoadOptions.builder().progress(false).weightType(expected.weightType()).build());
            double readSeconds = (System.nanoTime() - t1) / 1e9;
            boolean mapped = back.offsets().isMapped() && back.targets().isMapped() && back.weights().isMapped();
            long t2 = System.nanoTime();
            String diff = firstDifference(expected, back);
            double compareSeconds = (System.nanoTime() - t2) / 1e9;
            Report report = new Report(file.toString(), size, writeSeconds, size / writeSeconds / 1e9, readSeconds,
                    compareSeconds, mapped, diff == null, diff, keep);
            return new GrRoundTrip(back, file, keep, report);
        } catch (IOException | RuntimeException | Error e) {
            if (back != null) {
                back.close();
            }
            if (!keep) {
                Files.deleteIfExists(file);
            }
            throw e;
        }
    }

    /** The read-back graph, open until {@link #close()}. */
    Graph graph() {
        return graph;
    }

    Report report() {
        return report;
    }

    /** Closes the read-back graph (unmaps the file), then deletes the file unless it is kept. */
    @Override
    public void close() throws IOException {
        graph.close();
        if (!keep) {
            Files.deleteIfExists(file);
        }
    }

    /** The size of the Galois file of a weighted graph of {@code n} vertices and {@code m} edges. */
    static long fileBytes(long n, long m) {
        return GaloisWriter.fileBytes(n, m);
    }

    /** Fails, saying the sizes, if {@code dir}'s file store has less than {@code bytes} free. */
    static void requireSpace(Path dir, long bytes) throws IOException {
        long free = Files.getFileStore(dir).getUsableSpace();
        if (free < bytes) {
            throw new IOException(String.format(Locale.ROOT, "--gr-roundtrip: the .gr file needs %,d bytes, %s has "
                    + "%,d free", bytes, dir, free));
        }
    }

    /**
     * The file name for a graph: {@code rmat<SCALE>.gr} for an R-MAT spec, the canonical spec with its punctuation
     * replaced for another spec, and {@code <name>.roundtrip.gr} for a file (never the input file's own name).
     */
    static String fileName(String spec) {
        GraphSource source = new GraphSource(spec);
        if (source.isGenerated()) {
            GraphSpec s = GraphSpec.parse(spec);
            if (s instanceof RmatSpec r) {
                return "rmat" + r.scale() + ".gr";
            }
            return s.toString().replaceAll("[^A-Za-z0-9.=-]+", "_") + ".gr";
        }
        String name = Path.of(spec).getFileName().toString();
        return name.replaceAll("[^A-Za-z0-9._-]+", "_") + ".roundtrip.gr";
    }

    /**
     * The first way {@code actual} differs from {@code expected}: vertex count, edge count, weight type, then the
     * first differing element of offsets, targets or weights ("targets[2147483650]: 5 written, 7 read back");
     * null when they are identical. The weights are compared bit for bit.
     */
    static String firstDifference(Graph expected, Graph actual) {
        if (expected.numVertices() != actual.numVertices()) {
            return "vertex count: " + expected.numVertices() + " written, " + actual.numVertices() + " read back";
        }
        if (expected.numEdges() != actual.numEdges()) {
            return "edge count: " + expected.numEdges() + " written, " + actual.numEdges() + " read back";
        }
        if (expected.weightType() != actual.weightType()) {
            return "weight type: " + expected.weightType() + " written, " + actual.weightType() + " read back";
        }
        String d = firstDifference("offsets", expected.offsets(), actual.offsets(), ValueLayout.JAVA_LONG, COMPARE_CHUNK);
        if (d == null) {
            d = firstDifference("targets", expected.targets(), actual.targets(), ValueLayout.JAVA_INT, COMPARE_CHUNK);
        }
        if (d == null) {
            d = firstDifference("weights", expected.weights(), actual.weights(),
                    expected.weightType() == org.gsssp.WeightType.FLOAT32 ? ValueLayout.JAVA_FLOAT : ValueLayout.JAVA_INT,
                    COMPARE_CHUNK);
        }
        return d;
    }

    /**
     * The first element where two arrays of {@code layout} (JAVA_LONG, JAVA_INT or JAVA_FLOAT) differ byte-wise,
     * described with {@code array}'s name, its index and both values; null when they are identical. Compared
     * {@code chunkBytes} at a time (rounded down to whole elements), with 64-bit byte offsets and indices.
     */
    static String firstDifference(String array, MemorySegment expected, MemorySegment actual, ValueLayout layout,
                                  long chunkBytes) {
        long width = layout.byteSize();
        if (expected.byteSize() != actual.byteSize()) {
            return array + ": " + expected.byteSize() / width + " elements written, " + actual.byteSize() / width
                    + " read back";
        }
        long chunk = Math.max(width, chunkBytes - chunkBytes % width);
        long size = expected.byteSize();
        for (long from = 0; from < size; from += chunk) {
            long to = Math.min(size, from + chunk);
            long at = MemorySegment.mismatch(expected, from, to, actual, from, to);
            if (at >= 0) {
                long i = (from + at) / width;
                return array + "[" + i + "]: " + element(expected, layout, i) + " written, "
                        + element(actual, layout, i) + " read back";
            }
        }
        return null;
    }

    private static String element(MemorySegment s, ValueLayout layout, long i) {
        return switch (layout) {
            case ValueLayout.OfLong l -> Long.toString(s.getAtIndex(l, i));
            case ValueLayout.OfFloat f -> Float.toString(s.getAtIndex(f, i));
            case ValueLayout.OfInt n -> Integer.toString(s.getAtIndex(n, i));
            default -> throw new IllegalArgumentException("layout " + layout);
        };
    }
}
