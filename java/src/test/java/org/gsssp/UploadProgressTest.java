package org.gsssp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.junit.jupiter.api.Test;

/**
 * {@link DeviceGraph#upload(Graph, int, UploadProgress)} without a GPU: NoGpuException naming the CPU path, and the
 * listener never hears.
 */
class UploadProgressTest {
    @Test
    void withoutAGpuTheListenerIsNeverCalled() {
        assumeTrue(Devices.count() == 0, "a CUDA device is present: UploadProgressGpuTest covers the upload");
        int[] calls = {0};
        try (Graph g = Graph.fromArrays(new long[] {0, 1, 1}, new int[] {1}, new int[] {4}, VertexIds.offset(0, 2), "tiny")) {
            assertThrows(NoGpuException.class, () -> DeviceGraph.upload(g, 0, (done, total) -> calls[0]++));
        }
        assertEquals(0, calls[0]);
    }

    @Test
    void withoutAGpuTheMessageNamesTheCpuPath() {
        assumeTrue(Devices.count() == 0, "a CUDA device is present");
        try (Graph g = Graph.fromArrays(new long[] {0, 1, 1}, new int[] {1}, new int[] {4}, VertexIds.offset(0, 2), "tiny")) {
            NoGpuException e = assertThrows(NoGpuException.class, () -> DeviceGraph.upload(g));
            assertTrue(e.getMessage().contains("Sssp.solve(graph, source)"), e.getMessage());
            // the caller may well have passed AUTO to its queries already: the advice is the CPU path, not AUTO
            assertFalse(e.getMessage().contains("AUTO"), e.getMessage());
        }
    }
}
