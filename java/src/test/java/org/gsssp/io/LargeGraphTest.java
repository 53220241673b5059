package org.gsssp.io;

import static org.gsssp.TestSupport.QUIET;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.gsssp.Algorithm;
import org.gsssp.Graph;
import org.gsssp.GraphFormatException;
import org.gsssp.Result;
import org.gsssp.Sssp;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The issue "Beyond 2^31 edges on one GPU", on the CPU: a graph of more than 2^31 edges, read, validated and
 * queried end to end without materialising it. The file is a sparse Galois {@code .gr} of 3 vertices and
 * 2^31 + 3 edges (17 GB as a size, a few KB on disk): all but the last three edges are the zero bytes of the
 * file's holes, self-loops of vertex 0 of weight 0; the written ones are {@code 0 -> 1} (weight 7, edge index
 * 2^31), {@code 1 -> 2} (5) and {@code 2 -> 0} (1). Mapped in place (zero copy), its targets and weights are
 * read through 64-bit indices by the reader's checks, {@link Graph}'s validation and CPU Dijkstra; reading the
 * holes fills about 17 GB of page cache with zeros, which the kernel reclaims afterwards (the file is deleted).
 * On the 2-core, 23 GB development VM it took 21 to 39 s, most of it the first read of the holes.
 */
@Tag("large64")
class LargeGraphTest {
    private static final long M = (1L << 31) + 3;
    private static final int N = 3;
    private static final long DST = GaloisReader.HEADER + 8L * N;
    private static final long VALUES = DST + 4 * M + ((M & 1) == 1 ? 4 : 0);
    private static final long SIZE = VALUES + 4 * M;
    /** File systems whose holes are memory (tmpfs, ramfs) or that have no holes at all. */
    private static final Set<String> NOT_SPARSE = Set.of("tmpfs", "ramfs", "vfat", "msdos", "exfat", "fat", "fuseblk");

    @TempDir
    Path tmp;

    @Test
    void sparseGaloisFileBeyond2To31EdgesIsMappedValidatedAndQueried() throws IOException {
        long t0 = System.nanoTime();
        Path file = sparseFile();
        try {
            warm(file);
            long tMap = System.nanoTime();
            System.out.printf(Locale.ROOT, "LargeGraphTest: wrote and read the sparse file in %.1f s%n",
                    (tMap - t0) / 1e9);
            try (Graph g = GaloisReader.map(file, "sparse-2^31+3", QUIET)) {
                assertEquals(M, g.numEdges());
                assertEquals(N, g.numVertices());
                assertTrue(g.targets().isMapped() && g.weights().isMapped(), "the arrays should be the mapping");
                assertEquals(M - 2, g.offsets().getAtIndex(ValueLayout.JAVA_LONG, 1));
                assertEquals(1, g.targets().getAtIndex(ValueLayout.JAVA_INT, M - 3));
                assertEquals(7, g.weights().getAtIndex(ValueLayout.JAVA_INT, M - 3));
                long t1 = System.nanoTime();
                try (Result r = Sssp.solve(g, 0, Algorithm.CPU_DIJKSTRA)) {
                    assertEquals(0, r.distanceAsLong(0));
                    assertEquals(7, r.distanceAsLong(1));
                    assertEquals(12, r.distanceAsLong(2));
                }
                System.out.printf(Locale.ROOT, "LargeGraphTest: mapped and validated %,d edges in %.1f s, CPU "
                        + "Dijkstra %.1f s%n", M, (t1 - tMap) / 1e9, (System.nanoTime() - t1) / 1e9);
            }

            // One target beyond n past edge 2^31: refused, naming its byte offset (beyond 2^33).
            long bad = M - 3;
            write(file, DST + 4 * bad, N);
            long t2 = System.nanoTime();
            GraphFormatException e = assertThrows(GraphFormatException.class,
                    () -> GaloisReader.map(file, "corrupt", QUIET).close());
            long offset = DST + 4 * bad;
            assertTrue(offset > 1L << 33);
            assertTrue(e.getMessage().contains("byte " + offset + ": dst[" + bad + "] = 3 is not a node id"),
                    e.getMessage());
            System.out.printf(Locale.ROOT, "LargeGraphTest: corrupt file refused in %.1f s (%s)%n",
                    (System.nanoTime() - t2) / 1e9, e.getMessage());
        } finally {
            Files.deleteIfExists(file);
        }
    }

    /**
     * Writes the sparse file into the first directory whose file store keeps holes as holes: the JUnit temporary
     * directory, else one under {@code target/}. Skips (saying why) where neither can.
     */
    private Path sparseFile() throws IOException {
        List<String> refused = new ArrayList<>();
        for (Path dir : List.of(tmp, Path.of("target", "large-graph-test").toAbsolutePath())) {
            Files.createDirectories(dir);
            FileStore store = Files.getFileStore(dir);
            if (NOT_SPARSE.contains(store.type())) {
                refused.add(dir + " (" + store.type() + ")");
                continue;
            }
            if (store.getUsableSpace() < 1L << 30) {
                refused.add(dir + " (" + (store.getUsableSpace() >> 20) + " MB free)");
                continue;
            }
            Path file = dir.resolve("sparse-2to31.gr");
            long before = store.getUsableSpace();
            writeSparse(file);
            long used = before - store.getUsableSpace();
            if (Files.size(file) == SIZE && used < 1L << 30) {
                return file;
            }
            Files.deleteIfExists(file);
            refused.add(dir + " (" + store.type() + ": the file took " + (used >> 20) + " MB)");
        }
        Assumptions.abort("no directory holds a sparse file of " + SIZE + " bytes: " + refused);
        throw new AssertionError("unreachable");
    }

    private static void writeSparse(Path file) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.READ,
                StandardOpenOption.WRITE, StandardOpenOption.SPARSE)) {
            ByteBuffer head = ByteBuffer.allocate((int) DST).order(ByteOrder.LITTLE_ENDIAN);
            head.putLong(1).putLong(4).putLong(N).putLong(M);
            head.putLong(M - 2).putLong(M - 1).putLong(M);   // outIdx: vertex 0 owns all edges but the last two
            ch.write(head.flip(), 0);
            // the last three edges; every other one is a hole: dst 0, weight 0
            int[][] last = {{1, 7}, {2, 5}, {0, 1}};
            for (int k = 0; k < 3; k++) {
                long e = M - 3 + k;
                ch.write(le(last[k][0]), DST + 4 * e);
                ch.write(le(last[k][1]), VALUES + 4 * e);
            }
            assertEquals(SIZE, ch.size(), "the last weight ends the file");
        }
        assertFalse(Files.size(file) < SIZE);
    }

    /**
     * Reads the file once, its two halves (the targets, the weights) on two threads: the page cache then holds
     * the holes' zeros before the checks and the search fault them in through the mapping, a page at a time.
     * Only a matter of time: the test is the same without it.
     */
    private static void warm(Path file) throws IOException {
        Thread[] readers = new Thread[2];
        IOException[] failure = new IOException[1];
        long[] cuts = {0, VALUES, SIZE};
        for (int k = 0; k < 2; k++) {
            long from = cuts[k];
            long to = cuts[k + 1];
            readers[k] = Thread.ofPlatform().start(() -> {
                try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
                    ByteBuffer buffer = ByteBuffer.allocateDirect(1 << 24);
                    for (long pos = from; pos < to; ) {
                        buffer.clear().limit((int) Math.min(buffer.capacity(), to - pos));
                        int got = ch.read(buffer, pos);
                        if (got < 0) {
                            break;
                        }
                        pos += got;
                    }
                } catch (IOException e) {
                    synchronized (failure) {
                        failure[0] = e;
                    }
                }
            });
        }
        for (Thread t : readers) {
            try {
                t.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while reading " + file, e);
            }
        }
        synchronized (failure) {
            if (failure[0] != null) {
                throw failure[0];
            }
        }
    }

    private static void write(Path file, long at, int value) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
            ch.write(le(value), at);
        }
    }

    private static ByteBuffer le(int value) {
        return ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(0, value);
    }
}
