package org.gsssp.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Locale;
import java.util.Set;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link GrRoundTrip}'s comparison beyond 2^31 elements and 2^31 bytes, on the CPU: two mappings of one sparse file
 * of 2^31 + 2 ints (8 GB as a size, nothing on disk), one of them private and changed in memory (copy-on-write, the
 * file is never written). Comparing them reads the holes' zeros into the page cache (about 8 GB, reclaimed after the
 * file is deleted): seconds, like the java module's LargeGraphTest.
 */
@Tag("large64")
class GrRoundTripLargeTest {
    private static final long INTS = (1L << 31) + 2;
    private static final Set<String> NOT_SPARSE = Set.of("tmpfs", "ramfs", "vfat", "msdos", "exfat", "fat", "fuseblk");

    @TempDir
    Path dir;

    @Test
    void differencesBeyond2To31ElementsAndBytesAreNamedByTheirIndex() throws IOException {
        Path file = dir.resolve("sparse-ints");
        FileStore store = Files.getFileStore(dir);
        Assumptions.assumeFalse(NOT_SPARSE.contains(store.type()), "no sparse files on " + store.type());
        long before = store.getUsableSpace();
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE,
                StandardOpenOption.SPARSE)) {
            ch.write(ByteBuffer.allocate(4), 4 * INTS - 4);   // the last int: the file's size, all else holes
        }
        try {
            Assumptions.assumeTrue(before - store.getUsableSpace() < 1L << 30, "the file is not sparse here");
            long t0 = System.nanoTime();
            try (Arena arena = Arena.ofConfined();
                 FileChannel ro = FileChannel.open(file, StandardOpenOption.READ);
                 FileChannel rw = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
                MemorySegment written = ro.map(FileChannel.MapMode.READ_ONLY, 0, 4 * INTS, arena);
                MemorySegment back = rw.map(FileChannel.MapMode.PRIVATE, 0, 4 * INTS, arena);

                long beyond = (1L << 31) + 1;            // element index past 2^31, byte offset past 2^33
                back.setAtIndex(ValueLayout.JAVA_INT, beyond, 7);
                assertEquals("targets[" + beyond + "]: 0 written, 7 read back", GrRoundTrip.firstDifference("targets",
                        written, back, ValueLayout.JAVA_INT, GrRoundTrip.COMPARE_CHUNK));

                long pastBytes = (1L << 29) + 3;         // element index below 2^31, byte offset past 2^31
                back.setAtIndex(ValueLayout.JAVA_INT, pastBytes, 5);
                assertEquals("targets[" + pastBytes + "]: 0 written, 5 read back", GrRoundTrip.firstDifference(
                        "targets", written, back, ValueLayout.JAVA_INT, GrRoundTrip.COMPARE_CHUNK));
            }
            System.out.printf(Locale.ROOT, "GrRoundTripLargeTest: compared %,d ints in %.1f s%n", INTS,
                    (System.nanoTime() - t0) / 1e9);
        } finally {
            Files.deleteIfExists(file);
        }
    }
}
