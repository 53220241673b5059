package org.gsssp.io;

import java.io.IOException;
import java.io.InputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Locale;
import org.gsssp.Graph;
import org.gsssp.GraphFormatException;
import org.gsssp.LoadOptions;
import org.gsssp.VertexIds;
import org.gsssp.WeightType;

/**
 * Reads Galois binary graphs ({@code .gr}, version 1) without parsing them. The file is a little-endian CSR:
 * <pre>
 * offset 0            u64 version = 1
 *        8            u64 edgeDataSize (4, or 0 for an unweighted graph)
 *        16           u64 numNodes n
 *        24           u64 numEdges m
 *        32           u64 outIdx[n]      END offset of each node's edges
 *        32+8n        u32 dst[m]
 *                     u32 padding        only when m is odd
 *        P            edge values: m × edgeDataSize bytes
 *        P+4m         16 ASCII bytes     optional, gsssp's weight-type trailer: GSSSP-WEIGHT-I32 or GSSSP-WEIGHT-F32
 * </pre>
 * A plain file is mapped into memory and slices of the mapping become the graph's CSR arrays (zero copy);
 * a gzip'd file is decompressed into an off-heap segment and used the same way. Files with
 * {@code edgeDataSize 0} get weight 1 or the seeded random weights of {@link LoadOptions}. Vertex ids are
 * {@code VertexIds.offset(0, n)}.
 *
 * <h2>Int or float weights</h2>
 * The Galois header cannot say whether its 4-byte edge values are ints or floats, so gsssp never guesses
 * silently:
 * <ul>
 *   <li>{@link GaloisWriter} appends a 16-byte trailer after the edge values naming their type. Readers that
 *       follow the Galois layout by offsets (Galois, LonestarGPU, the ADDS artifact) map the file and never look
 *       past the edge values, so they load these files as before.</li>
 *   <li>A file with a trailer is read as the type it records; asking for the other type
 *       ({@link LoadOptions.Builder#weightType}) is refused.</li>
 *   <li>A file without one is read as the type given to {@link LoadOptions.Builder#weightType}. With none given
 *       it is read as INT32, unless every non-zero value is the bit pattern of a float of magnitude
 *       2<sup>-24</sup>..2<sup>40</sup> (ints of about 0.86 to 1.4 billion), which is refused, asking for the type.
 *       Asking for FLOAT32 on a file whose non-zero values are all tiny ints (denormal floats) is refused too.</li>
 * </ul>
 *
 * <p>Everything is validated before the graph is returned (version, edgeDataSize, exact file size, monotone
 * outIdx ending at m, every dst &lt; n, finite floats, the trailer); a {@link GraphFormatException} gives the byte
 * offset of the problem (its line is 0). A streamed (gzip'd) file's header claims are also held to
 * {@link LoadOptions#maxVertices()} and {@link LoadOptions#maxEdges()} before its image is allocated; a mapped
 * file is bounded by its own size (it is used in place, whatever its size), and held to the limits only when
 * the caller gave them ({@link LoadOptions#limitsGiven()}).
 */
public final class GaloisReader {
    private static final ValueLayout.OfLong LE_LONG =
            ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfInt LE_INT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final boolean NATIVE_LE = ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN;
    static final int HEADER = 32;
    /** Length of gsssp's weight-type trailer after the edge values. */
    static final int TRAILER = 16;
    private static final byte[] TRAILER_INT32 = "GSSSP-WEIGHT-I32".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    private static final byte[] TRAILER_FLOAT32 = "GSSSP-WEIGHT-F32".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    /** Float bit patterns (sign cleared) of magnitudes 2^-24 .. 2^40: what float weights look like read as ints. */
    private static final int FLOATLIKE_MIN = 0x33800000;
    private static final int FLOATLIKE_MAX = 0x53800000;
    /** Below this (sign cleared), a value read as a float is denormal: what small int weights look like. */
    private static final int FLOAT_MIN_NORMAL_BITS = 0x00800000;
    /** First capacity of the image of a streamed (gzip'd) file; tests lower it to exercise the growth. */
    static volatile long initialStreamCapacity = 1L << 26;

    private GaloisReader() {
    }

    /** The parsed, size-checked header. */
    private record Header(long edgeDataSize, int n, long m, long dstOffset, long valuesOffset, long size,
                          boolean trailer) {
    }

    /** The trailer {@link GaloisWriter} appends for {@code type}. */
    static byte[] trailer(WeightType type) {
        return (type == WeightType.FLOAT32 ? TRAILER_FLOAT32 : TRAILER_INT32).clone();
    }

    /**
     * Maps {@code file} and returns a graph whose targets and weights are slices of the mapping.
     *
     * @param file    a plain (not gzip'd) Galois file
     * @param name    the graph's name
     * @param options the weight type of the edge values, and the weights of a file with {@code edgeDataSize 0}
     * @return the graph; closing it unmaps the file
     * @throws IOException if the file cannot be opened or mapped
     * @throws GraphFormatException giving the byte offset, if the content is malformed
     */
    public static Graph map(Path file, String name, LoadOptions options) throws IOException {
        return map(file, name, options, true);
    }

    /** {@link #map(Path, String, LoadOptions)}; {@code tryPrivate = false} forces the read-only fallback. */
    static Graph map(Path file, String name, LoadOptions options, boolean tryPrivate) throws IOException {
        long size = Files.size(file);
        if (size < HEADER) {
            throw new GraphFormatException(file, 0, "byte 0: file is " + size
                    + " bytes, shorter than the 32-byte Galois header");
        }
        Arena arena = Arena.ofShared();
        try {
            // A MapMode.PRIVATE (copy-on-write) mapping lets us patch one header word in memory; it needs a
            // channel opened for reading and writing, though nothing is ever written to the file. If the file
            // cannot be opened so (permissions, read-only file system), map it READ_ONLY and copy the offsets.
            FileChannel ch;
            boolean writable;
            try {
                if (!tryPrivate) {
                    throw new java.nio.file.AccessDeniedException(file.toString());
                }
                ch = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE);
                writable = true;
            } catch (IOException | SecurityException | UnsupportedOperationException e) {
                ch = FileChannel.open(file, StandardOpenOption.READ);
                writable = false;
            }
            MemorySegment image;
            try (FileChannel c = ch) {
                image = c.map(writable ? FileChannel.MapMode.PRIVATE : FileChannel.MapMode.READ_ONLY, 0, size, arena);
            }
            return fromImage(image, writable, arena, file, name, options);
        } catch (IOException | RuntimeException | Error e) {
            closeQuietly(arena);
            throw e;
        }
    }

    /**
     * Reads a Galois graph from a stream (e.g. a gzip'd file, decompressed) into an off-heap segment laid out
     * exactly like the file, then uses it as {@link #map} uses a mapping.
     *
     * @param in      the (decompressed) content; read to the end, not closed
     * @param file    the file named in error messages
     * @param name    the graph's name
     * @param options the weight type of the edge values, the weights of a file with {@code edgeDataSize 0}, and
     *                the limits on the header's node and edge counts
     * @return the graph; the caller closes it
     * @throws IOException if {@code in} cannot be read
     * @throws GraphFormatException giving the byte offset, if the content is malformed
     */
    public static Graph read(InputStream in, Path file, String name, LoadOptions options) throws IOException {
        byte[] h = in.readNBytes(HEADER);
        if (h.length < HEADER) {
            throw new GraphFormatException(file, 0, "byte 0: data is " + h.length
                    + " bytes, shorter than the 32-byte Galois header");
        }
        Header hd = header(MemorySegment.ofArray(h), -1, file, options);
        // The header's size claim is not trusted for the allocation (a corrupt one can claim terabytes): the
        // image grows by doubling, capped at the claimed size, as data actually arrives.
        Arena arena = Arena.ofShared();
        try {
            long capacity = hd.size() + (hd.edgeDataSize() == 4 ? TRAILER : 0);
            MemorySegment image = arena.allocate(Math.min(capacity, Math.max(HEADER, initialStreamCapacity)), Long.BYTES);
            MemorySegment.copy(h, 0, image, ValueLayout.JAVA_BYTE, 0, HEADER);
            byte[] chunk = new byte[1 << 20];
            long got = HEADER;
            while (got < hd.size()) {
                int r = in.read(chunk, 0, (int) Math.min(chunk.length, hd.size() - got));
                if (r < 0) {
                    break;
                }
                if (got + r > image.byteSize()) {
                    Arena bigger = Arena.ofShared();
                    MemorySegment grown;
                    try {
                        grown = bigger.allocate(Math.min(capacity, Math.max(got + r, 2 * image.byteSize())), Long.BYTES);
                        MemorySegment.copy(image, 0, grown, 0, got);
                    } catch (RuntimeException | Error e) {
                        bigger.close();
                        throw e;
                    }
                    arena.close();
                    arena = bigger;
                    image = grown;
                }
                MemorySegment.copy(chunk, 0, image, ValueLayout.JAVA_BYTE, got, r);
                got += r;
            }
            // edgeDataSize 0 and m odd: accept a writer that left out the trailing padding
            boolean padOmitted = hd.edgeDataSize() == 0 && (hd.m() & 1) == 1 && got == hd.size() - 4;
            if (got < hd.size() && !padOmitted) {
                throw new GraphFormatException(file, 0, "byte " + got + ": data ends after " + got
                        + " bytes, but its header (n=" + hd.n() + ", m=" + hd.m() + ", edgeDataSize="
                        + hd.edgeDataSize() + ") requires " + hd.size() + " bytes");
            }
            byte[] extra = got < hd.size() ? new byte[0] : in.readNBytes(TRAILER + 1);
            if (extra.length == TRAILER && hd.edgeDataSize() == 4) {
                // gsssp's weight-type trailer (checked in fromImage, as for a mapped file)
                if (image.byteSize() < got + TRAILER) {
                    Arena bigger = Arena.ofShared();
                    MemorySegment grown;
                    try {
                        grown = bigger.allocate(got + TRAILER, Long.BYTES);
                        MemorySegment.copy(image, 0, grown, 0, got);
                    } catch (RuntimeException | Error e) {
                        bigger.close();
                        throw e;
                    }
                    arena.close();
                    arena = bigger;
                    image = grown;
                }
                MemorySegment.copy(extra, 0, image, ValueLayout.JAVA_BYTE, got, TRAILER);
                got += TRAILER;
            } else if (extra.length > 0) {
                throw new GraphFormatException(file, 0, "byte " + hd.size() + ": data is longer than the "
                        + hd.size() + " bytes its header (n=" + hd.n() + ", m=" + hd.m() + ", edgeDataSize="
                        + hd.edgeDataSize() + ") requires" + (hd.edgeDataSize() == 4 ? " (or " + (hd.size() + TRAILER)
                        + " with gsssp's weight-type trailer)" : ""));
            }
            return fromImage(image.asSlice(0, got), true, arena, file, name, options);
        } catch (IOException | RuntimeException | Error e) {
            closeQuietly(arena);
            throw e;
        }
    }

    private static void closeQuietly(Arena arena) {
        if (arena.scope().isAlive()) {
            arena.close();
        }
    }

    /**
     * Parses the header; with {@code fileSize >= 0} (a mapped file or a complete image) checks that the size
     * matches exactly, with {@code fileSize < 0} (the head of a stream) that the claims are within the options'
     * limits instead.
     */
    private static Header header(MemorySegment s, long fileSize, Path file, LoadOptions options) {
        long version = s.get(LE_LONG, 0);
        if (version != 1) {
            throw new GraphFormatException(file, 0, "byte 0: Galois format version " + Long.toUnsignedString(version)
                    + " is not supported (only version 1)");
        }
        long eds = s.get(LE_LONG, 8);
        if (eds != 0 && eds != 4) {
            throw new GraphFormatException(file, 0, "byte 8: edge data size " + Long.toUnsignedString(eds)
                    + " is not supported (0 or 4)");
        }
        long n = s.get(LE_LONG, 16);
        if (n < 0 || n > Integer.MAX_VALUE) {
            throw new GraphFormatException(file, 0, "byte 16: node count " + Long.toUnsignedString(n)
                    + " out of range 0.." + Integer.MAX_VALUE);
        }
        long m = s.get(LE_LONG, 24);
        if (m < 0 || m > (Long.MAX_VALUE - HEADER - 8 * n - 4) / 8) {
            throw new GraphFormatException(file, 0, "byte 24: edge count " + Long.toUnsignedString(m) + " out of range");
        }
        // A stream's claim sizes the image it is read into: as the text formats do at their header, a claim
        // above the limits is refused before anything is allocated for it. A mapped file needs no such check
        // for memory's sake: its exact size is checked against the claim, and nothing is allocated by it beyond
        // that size; so only limits the caller gave apply to it (the defaults are what the heap can build).
        boolean limited = fileSize < 0 || options.limitsGiven();
        if (limited && n > options.maxVertices()) {
            throw new GraphFormatException(file, 0, String.format(Locale.ROOT, "byte 16: the header claims %,d "
                    + "nodes, more than the limit of %,d (LoadOptions.maxVertices; by default what this JVM's heap "
                    + "can build)", n, options.maxVertices()));
        }
        if (limited && m > options.maxEdges()) {
            throw new GraphFormatException(file, 0, String.format(Locale.ROOT, "byte 24: the header claims %,d "
                    + "edges, more than the limit of %,d (LoadOptions.maxEdges; by default what this JVM's heap "
                    + "can build)", m, options.maxEdges()));
        }
        long dst = HEADER + 8 * n;
        long values = dst + 4 * m + ((m & 1) == 1 ? 4 : 0);
        long size = values + eds * m;
        boolean trailer = eds == 4 && fileSize == size + TRAILER;
        if (fileSize >= 0 && fileSize != size && !trailer
                && !(eds == 0 && (m & 1) == 1 && fileSize == size - 4)) {
            throw new GraphFormatException(file, 0, "byte " + Math.min(fileSize, size) + ": file is " + fileSize
                    + " bytes, but its header (n=" + n + ", m=" + m + ", edgeDataSize=" + eds + ") requires "
                    + size + " bytes" + (eds == 4 ? " (or " + (size + TRAILER) + " with gsssp's weight-type trailer)" : ""));
        }
        return new Header(eds, (int) n, m, dst, values, size, trailer);
    }

    /**
     * Validates the image (the file's bytes) and builds the graph on slices of it. With {@code writable} (a
     * private mapping or our own memory) the offsets are zero copy, see below.
     */
    private static Graph fromImage(MemorySegment image, boolean writable, Arena arena, Path file, String name,
                                   LoadOptions options) {
        Header h = header(image, image.byteSize(), file, options);
        int n = h.n();
        long m = h.m();
        // outIdx: non-decreasing END offsets, the last one m
        long prev = 0;
        for (int i = 0; i < n; i++) {
            long off = HEADER + 8L * i;
            long o = image.get(LE_LONG, off);
            if (o < prev || o > m) {
                throw new GraphFormatException(file, 0, "byte " + off + ": outIdx[" + i + "] = "
                        + Long.toUnsignedString(o) + (o < prev ? " is less than outIdx[" + (i - 1) + "] = " + prev
                        : " exceeds the edge count " + m));
            }
            prev = o;
        }
        if (prev != m) {
            throw new GraphFormatException(file, 0, "byte " + (n == 0 ? 16 : HEADER + 8L * (n - 1)) + ": "
                    + (n == 0 ? "no nodes" : "outIdx[" + (n - 1) + "] = " + prev) + " but the header says " + m
                    + " edges");
        }
        for (long e = 0; e < m; e++) {
            int d = image.get(LE_INT, h.dstOffset() + 4 * e);
            if (d < 0 || d >= n) {
                throw new GraphFormatException(file, 0, "byte " + (h.dstOffset() + 4 * e) + ": dst[" + e + "] = "
                        + Integer.toUnsignedString(d) + " is not a node id (0.." + (n - 1) + ")");
            }
        }
        boolean weighted = h.edgeDataSize() == 4;
        if (weighted) {
            DrawnWeights.refuseIfRandomAsked(options, file, 0, "byte 8: edgeDataSize 4");
        }
        WeightType type = weighted ? weightType(image, h, file, options) : WeightType.INT32;
        if (weighted && type == WeightType.FLOAT32) {
            for (long e = 0; e < m; e++) {
                long off = h.valuesOffset() + 4 * e;
                float w = Float.intBitsToFloat(image.get(LE_INT, off));
                if (!Float.isFinite(w)) {
                    throw new GraphFormatException(file, 0, "byte " + off + ": edge value[" + e + "] = " + w
                            + " (a NaN or infinite weight)");
                }
            }
        }

        MemorySegment offsets;
        MemorySegment targets;
        MemorySegment weights;
        if (NATIVE_LE && writable) {
            // Zero-copy offsets. The graph needs n+1 offsets starting with 0, the file has the n END offsets
            // outIdx[] at byte 32. The u64 just before them, at byte 24, is the header's numEdges, already read.
            // Overwrite it with 0 in memory: bytes 24 .. 32+8n are then exactly the CSR offsets [0, outIdx...].
            // The mapping is MapMode.PRIVATE (copy-on-write), so this write copies only that one page and never
            // reaches the file.
            image.set(LE_LONG, 24, 0L);
            offsets = image.asSlice(24, 8L * (n + 1));
        } else {
            offsets = arena.allocate(ValueLayout.JAVA_LONG, n + 1L);
            MemorySegment.copy(image, LE_LONG, HEADER, offsets, ValueLayout.JAVA_LONG, 8, n);
        }
        if (NATIVE_LE) {
            targets = image.asSlice(h.dstOffset(), 4 * m);
        } else {
            targets = arena.allocate(ValueLayout.JAVA_INT, m);
            MemorySegment.copy(image, LE_INT, h.dstOffset(), targets, ValueLayout.JAVA_INT, 0, m);
        }
        if (weighted && NATIVE_LE) {
            weights = image.asSlice(h.valuesOffset(), 4 * m);
        } else if (weighted) {
            weights = arena.allocate(ValueLayout.JAVA_INT, m);
            MemorySegment.copy(image, LE_INT, h.valuesOffset(), weights, ValueLayout.JAVA_INT, 0, m);
        } else {
            weights = arena.allocate(ValueLayout.JAVA_INT, m);
            DrawnWeights draw = new DrawnWeights(options);
            for (long e = 0; e < m; e++) {
                weights.setAtIndex(ValueLayout.JAVA_INT, e, draw.next());
            }
        }
        return Graph.ofSegments(arena, offsets, targets, weights, type, VertexIds.offset(0, n), name);
    }

    /** The type of the 4-byte edge values: the trailer's, the one asked for, or INT32 (see the class comment). */
    private static WeightType weightType(MemorySegment image, Header h, Path file, LoadOptions options) {
        if (h.trailer()) {
            byte[] t = image.asSlice(h.size(), TRAILER).toArray(ValueLayout.JAVA_BYTE);
            WeightType recorded = java.util.Arrays.equals(t, TRAILER_FLOAT32) ? WeightType.FLOAT32
                    : java.util.Arrays.equals(t, TRAILER_INT32) ? WeightType.INT32 : null;
            if (recorded == null) {
                throw new GraphFormatException(file, 0, "byte " + h.size() + ": the file is " + TRAILER
                        + " bytes longer than its header (n=" + h.n() + ", m=" + h.m() + ", edgeDataSize=4) requires, "
                        + "and those bytes are not gsssp's weight-type trailer (GSSSP-WEIGHT-I32 or GSSSP-WEIGHT-F32)");
            }
            if (options.weightTypeGiven() && options.weightType() != recorded) {
                throw new GraphFormatException(file, 0, "byte " + h.size() + ": the file records " + recorded
                        + " weights, but " + options.weightType() + " was asked for; leave the weight type out to "
                        + "read the file's");
            }
            return recorded;
        }
        if (options.weightTypeGiven()) {
            if (options.weightType() == WeightType.FLOAT32) {
                long e = firstNonZero(image, h);
                if (e >= 0 && all(image, h, v -> (v & 0x7fffffff) < FLOAT_MIN_NORMAL_BITS)) {
                    int v = image.get(LE_INT, h.valuesOffset() + 4 * e);
                    throw new GraphFormatException(file, 0, "byte " + (h.valuesOffset() + 4 * e) + ": FLOAT32 was "
                            + "asked for, but the edge values look like ints (value[" + e + "] = " + v + " reads as "
                            + Float.intBitsToFloat(v) + "; every non-zero value is a denormal float); read them as INT32");
                }
            }
            return options.weightType();
        }
        long e = firstNonZero(image, h);
        if (e >= 0 && all(image, h, v -> {
            int mag = v & 0x7fffffff;
            return mag >= FLOATLIKE_MIN && mag <= FLOATLIKE_MAX;
        })) {
            int v = image.get(LE_INT, h.valuesOffset() + 4 * e);
            throw new GraphFormatException(file, 0, "byte " + (h.valuesOffset() + 4 * e) + ": the edge values look "
                    + "like IEEE floats (value[" + e + "] = " + v + " is " + Float.intBitsToFloat(v) + " as a float), "
                    + "and the file does not record its weight type: name it with "
                    + "LoadOptions.builder().weightType(...): FLOAT32, or INT32 if these are ints");
        }
        return WeightType.INT32;
    }

    /** The first edge value that is neither 0 nor -0.0f, or -1. */
    private static long firstNonZero(MemorySegment image, Header h) {
        for (long e = 0; e < h.m(); e++) {
            int v = image.get(LE_INT, h.valuesOffset() + 4 * e);
            if ((v & 0x7fffffff) != 0) {
                return e;
            }
        }
        return -1;
    }

    /** Whether every edge value other than 0 and -0.0f passes {@code test}; stops at the first that fails. */
    private static boolean all(MemorySegment image, Header h, java.util.function.IntPredicate test) {
        for (long e = 0; e < h.m(); e++) {
            int v = image.get(LE_INT, h.valuesOffset() + 4 * e);
            if ((v & 0x7fffffff) != 0 && !test.test(v)) {
                return false;
            }
        }
        return true;
    }
}
