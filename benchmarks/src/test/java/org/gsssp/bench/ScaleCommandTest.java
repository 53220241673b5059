package org.gsssp.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Path;
import java.util.List;
import org.gsssp.Devices;
import org.gsssp.Graph;
import org.gsssp.PartitionedGraph.Transport;
import org.gsssp.VertexIds;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code gsssp-bench scale}'s helpers, and what it says without a GPU. */
class ScaleCommandTest {
    @Test
    void sourceIsTheLowestVertexOfLargestOutDegree() {
        try (Graph g = Graph.fromArrays(new long[] {0, 1, 4, 7, 7}, new int[] {1, 0, 2, 3, 0, 1, 3},
                new int[] {1, 1, 1, 1, 1, 1, 1}, VertexIds.offset(0, 4), "ties")) {
            assertEquals(1, ScaleCommand.largestOutDegree(g));
        }
    }

    @Test
    void firstDifferenceNamesTheVertexAndBothValues() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment a = arena.allocateFrom(ValueLayout.JAVA_LONG, 0, 5, 9, Long.MAX_VALUE);
            MemorySegment b = arena.allocateFrom(ValueLayout.JAVA_LONG, 0, 5, 8, Long.MAX_VALUE);
            assertNull(ScaleCommand.firstDifference(a, a));
            assertEquals("vertex 2: 9 against 8", ScaleCommand.firstDifference(a, b));
            assertTrue(ScaleCommand.firstDifference(a, b.asSlice(0, 16)).startsWith("sizes differ"));
        }
    }

    @Test
    void medianOfOddAndEvenCounts() {
        assertEquals(2.0, ScaleCommand.median(new double[] {3, 1, 2}));
        assertEquals(2.5, ScaleCommand.median(new double[] {4, 1, 3, 2}));
    }

    @Test
    void partExchangeIsAListOfTransportsDefaultingToPeerCopies() {
        ScaleCommand plain = new ScaleCommand();
        new CommandLine(plain).parseArgs("-g", "grid:rows=4,cols=4", "-o", "out", "--partitioned", "0,1");
        assertEquals(List.of(Transport.PEER_COPIES), ScaleCommand.transports(plain.partExchanges));
        ScaleCommand both = new ScaleCommand();
        new CommandLine(both).parseArgs("-g", "grid:rows=4,cols=4", "-o", "out", "--partitioned", "0,1",
                "--part-exchange", "peer,nccl");
        assertEquals(List.of(Transport.PEER_COPIES, Transport.NCCL), ScaleCommand.transports(both.partExchanges));
        assertEquals(List.of(Transport.NCCL, Transport.PEER_COPIES), ScaleCommand.transports(List.of("NCCL", " peer-copies")));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ScaleCommand.transports(List.of("peer", "mpi")));
        assertTrue(e.getMessage().contains("unknown exchange 'mpi'; known: peer, nccl"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> ScaleCommand.transports(List.of()));
        assertEquals("partitioned[0,1]", ScaleCommand.partitionedName(new int[] {0, 1}, Transport.PEER_COPIES));
        assertEquals("partitioned[0,1] nccl", ScaleCommand.partitionedName(new int[] {0, 1}, Transport.NCCL));
    }

    @Test
    void withoutAGpuItFailsWithTheReason(@TempDir Path dir) {
        if (Devices.count() != 0) {
            return; // the GPU host runs the real thing (scripts/bench_scale.sh)
        }
        StringWriter err = new StringWriter();
        int code = BenchMain.run(new String[] {"scale", "-g", "grid:rows=4,cols=4", "-o", dir.toString()},
                new PrintWriter(new StringWriter(), true), new PrintWriter(err, true));
        assertEquals(1, code);
        assertTrue(err.toString().contains("CUDA device"), err.toString());
    }
}
