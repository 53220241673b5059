package org.gsssp;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.zip.CRC32C;

/**
 * The file a {@link ContractionHierarchy} is saved to: a 256-byte header, then the hierarchy's nine arrays exactly as
 * they lie in memory (native byte order), each starting on a 64-byte boundary, so that loading maps the file and
 * hands the arrays to the native code without a copy.
 *
 * <pre>
 * offset  bytes  field
 *      0      8  magic "GSSSPCH\0"
 *      8      4  format version (1)
 *     12      4  byte-order mark 0x01020304, written in the writer's order
 *     16      8  header bytes (256)
 *     24      8  n, the graph's vertices
 *     32      8  m, the graph's arcs
 *     40      8  upward arcs U
 *     48      8  downward arcs D
 *     56      8  the graph's checksum (gsssp_csr_checksum)
 *     64      4  the graph's weight type code
 *     68      4  reserved (0)
 *     72      8  file bytes
 *     80      8  CRC-32C of every byte after the header
 *     88      8  build seconds (double)
 *     96      8  shortcuts
 *    104     64  the graph's name, UTF-8, zero-padded
 *    168     84  reserved (0)
 *    252      4  CRC-32C of bytes 0..251
 *    256         rank int32[n], up_offsets int64[n+1], up_heads int32[U], up_weights uint32[U],
 *                up_middles int32[U], down_offsets int64[n+1], down_tails int32[D], down_weights uint32[D],
 *                down_middles int32[D]: each at the next multiple of 64
 * </pre>
 */
final class HierarchyFile {
    static final byte[] MAGIC = {'G', 'S', 'S', 'S', 'P', 'C', 'H', 0};
    static final int VERSION = 1;
    static final int HEADER_BYTES = 256;
    static final int BYTE_ORDER_MARK = 0x01020304;
    private static final int NAME_OFFSET = 104;
    private static final int NAME_BYTES = 64;
    private static final int HEADER_CRC_OFFSET = 252;
    private static final long ALIGN = 64;

    private HierarchyFile() {}

    /** What the header says. */
    record Header(long vertices, long graphArcs, long upArcs, long downArcs, long graphChecksum, int weightTypeCode,
                  long fileBytes, long dataCrc, double buildSeconds, long shortcuts, String graphName) {

        /** Where each array starts, in the order of the class comment; the last entry is the file's size. */
        long[] layout() {
            return HierarchyFile.layout(vertices, upArcs, downArcs);
        }
    }

    /** The nine arrays' byte offsets, then the file's size. */
    static long[] layout(long n, long up, long down) {
        long[] bytes = {4 * n, 8 * (n + 1), 4 * up, 4 * up, 4 * up, 8 * (n + 1), 4 * down, 4 * down, 4 * down};
        long[] at = new long[bytes.length + 1];
        long pos = HEADER_BYTES;
        for (int i = 0; i < bytes.length; i++) {
            pos = align(pos);
            at[i] = pos;
            pos += bytes[i];
        }
        at[bytes.length] = pos;
        return at;
    }

    private static long align(long pos) {
        return (pos + ALIGN - 1) / ALIGN * ALIGN;
    }

    /**
     * Writes the header and the arrays to a temporary file beside {@code file}, then moves it into place, so that a
     * failed save leaves no half-written hierarchy under the name.
     *
     * @param arrays the nine arrays, in the class comment's order, each exactly as long as the layout says
     */
    static void write(Path file, Header header, MemorySegment[] arrays) throws IOException {
        long[] at = header.layout();
        Path dir = file.toAbsolutePath().getParent();
        Path tmp = Files.createTempFile(dir, "." + file.getFileName() + ".", ".tmp");
        try {
            CRC32C crc = new CRC32C();
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
                long pos = HEADER_BYTES;
                ch.position(pos);
                for (int i = 0; i < arrays.length; i++) {
                    long pad = at[i] - pos;
                    if (pad > 0) {
                        ByteBuffer zeros = ByteBuffer.allocate((int) pad);
                        crc.update(zeros.duplicate());
                        writeFully(ch, zeros);
                    }
                    long bytes = arrays[i].byteSize();
                    if (bytes != sizeOf(i, header)) {
                        throw new IllegalStateException("array " + i + " has " + bytes + " bytes, the layout " + sizeOf(i, header));
                    }
                    for (long off = 0; off < bytes; off += 1L << 30) {
                        ByteBuffer chunk = arrays[i].asSlice(off, Math.min(1L << 30, bytes - off)).asByteBuffer();
                        crc.update(chunk.duplicate());
                        writeFully(ch, chunk);
                    }
                    pos = at[i] + bytes;
                }
                Header complete = new Header(header.vertices(), header.graphArcs(), header.upArcs(), header.downArcs(),
                        header.graphChecksum(), header.weightTypeCode(), pos, crc.getValue(), header.buildSeconds(),
                        header.shortcuts(), header.graphName());
                ch.position(0);
                writeFully(ch, encode(complete));
                ch.force(true);
            }
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException | RuntimeException | Error e) {
            Files.deleteIfExists(tmp);
            throw e;
        }
    }

    private static long sizeOf(int array, Header h) {
        long n = h.vertices();
        return switch (array) {
            case 0 -> 4 * n;
            case 1, 5 -> 8 * (n + 1);
            case 2, 3, 4 -> 4 * h.upArcs();
            default -> 4 * h.downArcs();
        };
    }

    private static void writeFully(FileChannel ch, ByteBuffer b) throws IOException {
        while (b.hasRemaining()) {
            ch.write(b);
        }
    }

    static ByteBuffer encode(Header h) {
        ByteBuffer b = ByteBuffer.allocate(HEADER_BYTES).order(ByteOrder.nativeOrder());
        b.put(MAGIC).putInt(VERSION).putInt(BYTE_ORDER_MARK).putLong(HEADER_BYTES).putLong(h.vertices())
                .putLong(h.graphArcs()).putLong(h.upArcs()).putLong(h.downArcs()).putLong(h.graphChecksum())
                .putInt(h.weightTypeCode()).putInt(0).putLong(h.fileBytes()).putLong(h.dataCrc())
                .putDouble(h.buildSeconds()).putLong(h.shortcuts());
        byte[] name = h.graphName().getBytes(StandardCharsets.UTF_8);
        int length = Math.min(name.length, NAME_BYTES - 1);
        // Cut at a character boundary, so that the stored name decodes.
        while (length > 0 && length < name.length && (name[length] & 0xC0) == 0x80) {
            length--;
        }
        b.put(NAME_OFFSET, name, 0, length);
        CRC32C crc = new CRC32C();
        crc.update(b.array(), 0, HEADER_CRC_OFFSET);
        b.putInt(HEADER_CRC_OFFSET, (int) crc.getValue());
        b.position(0);
        return b;
    }

    /**
     * Reads and checks the header of a mapped file: its magic, byte order, version, its own checksum, and that the
     * file is as long as its counts say.
     *
     * @throws HierarchyFileException naming the first problem found
     */
    static Header decode(MemorySegment file, Path path) {
        long size = file.byteSize();
        if (size < HEADER_BYTES) {
            throw refused(path, "it has " + size + " bytes, fewer than a hierarchy file's " + HEADER_BYTES + "-byte header");
        }
        byte[] raw = file.asSlice(0, HEADER_BYTES).toArray(ValueLayout.JAVA_BYTE);
        if (!Arrays.equals(raw, 0, MAGIC.length, MAGIC, 0, MAGIC.length)) {
            throw refused(path, "it is not a gsssp hierarchy file (it starts with bytes "
                    + HexFormat.ofDelimiter(" ").formatHex(raw, 0, MAGIC.length) + ", not \"GSSSPCH\")");
        }
        ByteBuffer b = ByteBuffer.wrap(raw).order(ByteOrder.nativeOrder());
        int version = b.getInt(8);
        if (b.getInt(12) != BYTE_ORDER_MARK) {
            throw refused(path, "it was written on a machine of the other byte order");
        }
        if (version != VERSION) {
            throw refused(path, "it has format version " + version + "; this gsssp reads version " + VERSION
                    + " (prepare the hierarchy again)");
        }
        CRC32C crc = new CRC32C();
        crc.update(raw, 0, HEADER_CRC_OFFSET);
        if (b.getInt(HEADER_CRC_OFFSET) != (int) crc.getValue()) {
            throw refused(path, "its header is corrupt (the header's checksum does not match)");
        }
        int nameLength = 0;
        while (nameLength < NAME_BYTES && raw[NAME_OFFSET + nameLength] != 0) {
            nameLength++;
        }
        Header h = new Header(b.getLong(24), b.getLong(32), b.getLong(40), b.getLong(48), b.getLong(56), b.getInt(64),
                b.getLong(72), b.getLong(80), b.getDouble(88), b.getLong(96),
                new String(raw, NAME_OFFSET, nameLength, StandardCharsets.UTF_8));
        if (b.getLong(16) != HEADER_BYTES || h.vertices() < 0 || h.vertices() > Integer.MAX_VALUE || h.upArcs() < 0
                || h.downArcs() < 0 || h.graphArcs() < 0 || h.upArcs() > (1L << 40) || h.downArcs() > (1L << 40)) {
            throw refused(path, "its header holds impossible counts (n=" + h.vertices() + ", up arcs=" + h.upArcs()
                    + ", down arcs=" + h.downArcs() + ")");
        }
        long expected = h.layout()[9];
        if (h.fileBytes() != expected || size != expected) {
            throw refused(path, "it has " + size + " bytes but its header says " + expected
                    + (size < expected ? " (the file is truncated)" : ""));
        }
        return h;
    }

    /** Checks the CRC-32C of everything after the header. */
    static void checkData(MemorySegment file, Header h, Path path) {
        CRC32C crc = new CRC32C();
        long size = file.byteSize();
        for (long off = HEADER_BYTES; off < size; off += 1L << 30) {
            crc.update(file.asSlice(off, Math.min(1L << 30, size - off)).asByteBuffer());
        }
        if (crc.getValue() != h.dataCrc()) {
            throw refused(path, "its arrays are corrupt (their checksum does not match the header's)");
        }
    }

    /** The arrays of a mapped file, in the class comment's order. */
    static MemorySegment[] arrays(MemorySegment file, Header h) {
        long[] at = h.layout();
        MemorySegment[] out = new MemorySegment[9];
        for (int i = 0; i < 9; i++) {
            out[i] = file.asSlice(at[i], sizeOf(i, h));
        }
        return out;
    }

    static HierarchyFileException refused(Path path, String why) {
        return new HierarchyFileException(path, why);
    }

    /** Maps {@code path} read-only into {@code arena}. */
    static MemorySegment map(Path path, Arena arena) throws IOException {
        try (FileChannel ch = FileChannel.open(path, StandardOpenOption.READ)) {
            return ch.map(FileChannel.MapMode.READ_ONLY, 0, ch.size(), arena);
        }
    }
}
