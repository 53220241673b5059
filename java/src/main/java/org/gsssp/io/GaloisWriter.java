package org.gsssp.io;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import org.gsssp.Graph;

/**
 * Writes a graph as a Galois binary {@code .gr} file (version 1, edgeDataSize 4, little-endian; layout in
 * {@link GaloisReader}), so that a text graph can be converted once and then loaded instantly by mapping.
 *
 * <p>The file keeps the CSR exactly (edge order included) and the weights' 4-byte values, int or float, and
 * records their type in a 16-byte trailer after the edge values ({@code GSSSP-WEIGHT-I32} or
 * {@code GSSSP-WEIGHT-F32}), which {@link GaloisReader} honours; readers that follow the Galois layout by offsets
 * (Galois, LonestarGPU, the ADDS artifact) never read past the edge values and load the file as before. It does
 * not record the vertex ids: vertices are written as their internal ids {@code 0..n-1}, and a reloaded graph has
 * {@code VertexIds.offset(0, n)} (a DIMACS graph's vertex 1 becomes 0; a SNAP graph's ids with gaps are
 * renumbered densely).
 *
 * <p>The file is written to a temporary sibling and then moved into place, so a failed write leaves no
 * partial file. It gets the permissions of any new file (0666 less the umask), as other tools' output does.
 */
public final class GaloisWriter {
    private static final int CHUNK = 1 << 20;

    private GaloisWriter() {
    }

    /**
     * The size of the file {@link #write} writes for a graph of {@code n} vertices and {@code m} edges.
     *
     * @param n the vertex count
     * @param m the edge count
     * @return the file's size in bytes, trailer included
     */
    public static long fileBytes(long n, long m) {
        return GaloisReader.HEADER + 8 * n + 4 * m + ((m & 1) == 1 ? 4 : 0) + 4 * m + GaloisReader.TRAILER;
    }

    /**
     * Writes {@code graph} to {@code file}, replacing any file there.
     *
     * @param graph the graph, open
     * @param file  the file to write; its directory must exist
     * @throws IOException if the file cannot be written (no partial file is left)
     * @throws org.gsssp.GraphClosedException if the graph is closed
     */
    public static void write(Graph graph, Path file) throws IOException {
        int n = graph.numVertices();
        long m = graph.numEdges();
        MemorySegment offsets = graph.offsets();
        MemorySegment targets = graph.targets();
        MemorySegment weights = graph.weights();
        Path dir = file.toAbsolutePath().getParent();
        // Not Files.createTempFile: its files are 0600 whatever the umask. CREATE_NEW with the default
        // permissions gives 0666 less the umask, as for any file a tool writes.
        Path tmp = null;
        FileChannel ch = null;
        for (int attempt = 0; ch == null; attempt++) {
            String random = Long.toUnsignedString(java.util.concurrent.ThreadLocalRandom.current().nextLong(), 36);
            tmp = dir.resolve("." + file.getFileName() + "." + random + ".tmp");
            try {
                ch = FileChannel.open(tmp, StandardOpenOption.WRITE, StandardOpenOption.CREATE_NEW);
            } catch (java.nio.file.FileAlreadyExistsException e) {
                if (attempt >= 100) {
                    throw e;
                }
            }
        }
        boolean ok = false;
        try {
            try (FileChannel out = ch) {
                ByteBuffer h = ByteBuffer.allocate(GaloisReader.HEADER).order(ByteOrder.LITTLE_ENDIAN);
                h.putLong(1).putLong(4).putLong(n).putLong(m).flip();
                writeFully(out, h);
                byte[] buf = new byte[CHUNK];
                copyOut(out, buf, offsets.asSlice(8, 8L * n), 8);   // outIdx = offsets[1..n]
                copyOut(out, buf, targets, 4);
                if ((m & 1) == 1) {
                    writeFully(out, ByteBuffer.allocate(4));
                }
                copyOut(out, buf, weights, 4);
                writeFully(out, ByteBuffer.wrap(GaloisReader.trailer(graph.weightType())));
                out.force(false);
            }
            try {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
            }
            ok = true;
        } finally {
            if (!ok) {
                Files.deleteIfExists(tmp);
            }
        }
    }

    /** Writes the elements of {@code seg} (native order) as little-endian values of {@code width} bytes. */
    private static void copyOut(FileChannel ch, byte[] buf, MemorySegment seg, int width) throws IOException {
        MemorySegment heap = MemorySegment.ofArray(buf);
        long total = seg.byteSize();
        for (long off = 0; off < total; off += CHUNK) {
            int len = (int) Math.min(CHUNK, total - off);
            if (width == 8) {
                MemorySegment.copy(seg, ValueLayout.JAVA_LONG_UNALIGNED, off, heap,
                        ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN), 0, len / 8);
            } else {
                MemorySegment.copy(seg, ValueLayout.JAVA_INT_UNALIGNED, off, heap,
                        ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN), 0, len / 4);
            }
            writeFully(ch, ByteBuffer.wrap(buf, 0, len));
        }
    }

    private static void writeFully(FileChannel ch, ByteBuffer b) throws IOException {
        while (b.hasRemaining()) {
            ch.write(b);
        }
    }
}
