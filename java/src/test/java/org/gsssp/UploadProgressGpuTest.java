package org.gsssp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.gsssp.generate.GraphGenerator;
import org.gsssp.generate.RandomSpec;
import org.gsssp.generate.WeightSpec;
import org.gsssp.testing.GpuTest;
import org.junit.jupiter.api.Test;

/**
 * {@link DeviceGraph#upload(Graph, int, UploadProgress)}: a graph whose targets and weights each span several
 * 256 MiB chunks is reported chunk by chunk, from 0 to its size, and answers right (checked on the CPU against the
 * host graph, so a chunk copied to the wrong place could not hide); a listener that throws stops the upload, its
 * exception comes out of {@code upload}, and the device memory the upload had taken is given back.
 */
@GpuTest
class UploadProgressGpuTest {
    static final long CHUNK = 256L << 20;

    @Test
    void reportsEveryChunkAndAnswersRight() {
        // 2^20 vertices of out-degree 70: 73.4M edges, 294 MB of targets and as much of weights (2 chunks each)
        RandomSpec spec = new RandomSpec(1 << 20, 70, 17L, WeightSpec.ints(1, 1000));
        try (Graph g = GraphGenerator.generate(spec)) {
            long total = 8L * (g.numVertices() + 1) + 8L * g.numEdges();
            List<long[]> calls = new ArrayList<>();
            try (DeviceGraph dg = DeviceGraph.upload(g, 0, (done, all) -> calls.add(new long[] {done, all}))) {
                long chunks = 1 + chunks(8L * (g.numVertices() + 1)) + 2 * chunks(4L * g.numEdges());
                assertEquals(chunks, calls.size(), "progress calls for " + spec);
                assertEquals(0, calls.getFirst()[0]);
                assertEquals(total, calls.getLast()[0]);
                for (int i = 1; i < calls.size(); i++) {
                    long step = calls.get(i)[0] - calls.get(i - 1)[0];
                    assertEquals(total, calls.get(i)[1]);
                    assertTrue(step > 0 && step <= CHUNK, "call " + i + " steps by " + step);
                }
                try (Result r = dg.query(0, Algorithm.ADDS, Options.defaults())) {
                    assertEquals(java.util.Optional.empty(), Verifier.certify(g, r), spec + " from 0, checked on the CPU");
                }
            }
        }
    }

    @Test
    void aThrowingListenerStopsTheUploadAndFreesIt() {
        RandomSpec spec = new RandomSpec(1 << 20, 70, 18L, WeightSpec.ints(1, 1000));
        try (Graph g = GraphGenerator.generate(spec)) {
            long freeBefore = Devices.info(0).freeMemory();
            IllegalStateException stop = new IllegalStateException("enough");
            int[] calls = {0};
            IllegalStateException thrown = assertThrows(IllegalStateException.class,
                    () -> DeviceGraph.upload(g, 0, (done, all) -> {
                        if (++calls[0] == 3) {
                            throw stop;
                        }
                    }));
            assertSame(stop, thrown);
            assertEquals(3, calls[0]);
            long freeAfter = Devices.info(0).freeMemory();
            // the upload had taken 588 MB; the driver's own bookkeeping moves free memory by far less
            assertTrue(freeBefore - freeAfter < 64L << 20,
                    "free device memory " + freeBefore + " before the stopped upload, " + freeAfter + " after");
            try (DeviceGraph dg = DeviceGraph.upload(g, 0, null); Result r = dg.query(0, Algorithm.ADDS, Options.defaults())) {
                assertEquals(java.util.Optional.empty(), Verifier.certify(g, r), spec + " after a stopped upload");
            }
        }
    }

    private static long chunks(long bytes) {
        return (bytes + CHUNK - 1) / CHUNK;
    }
}
