package org.gsssp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.gsssp.PartitionedGraph.Transport;
import org.gsssp.internal.ffi.GssspNative;
import org.junit.jupiter.api.Test;

/**
 * {@link PartitionedGraph} where no GPU is needed: the arguments it checks before any native call, and
 * {@link NoGpuException} on a machine without a GPU. PartitionedGraphGpuTest runs the searches.
 */
class PartitionedGraphTest {
    private static Graph tiny() {
        return Graph.fromArrays(new long[] {0, 1, 2, 2}, new int[] {1, 2}, new int[] {4, 5}, VertexIds.offset(0, 3), "tiny");
    }

    @Test
    void argumentsAreCheckedBeforeTheNativeCall() {
        try (Graph g = tiny()) {
            assertThrows(NullPointerException.class, () -> PartitionedGraph.upload(null, new int[] {0}, 0));
            assertThrows(NullPointerException.class, () -> PartitionedGraph.upload(g, null, 0));
            assertThrows(NullPointerException.class, () -> PartitionedGraph.upload(null));
            assertThrows(IllegalArgumentException.class, () -> PartitionedGraph.upload(g, new int[0], 0));
            assertThrows(IllegalArgumentException.class, () -> PartitionedGraph.upload(g, new int[65], 0));
            assertThrows(IllegalArgumentException.class, () -> PartitionedGraph.upload(g, new int[] {0, 0}, -1));
            assertThrows(NullPointerException.class, () -> PartitionedGraph.upload(g, new int[] {0}, 0, null));
        }
    }

    @Test
    void ncclRefusesARepeatedDeviceBeforeLookingForAGpu() {
        try (Graph g = tiny()) {
            UnsupportedInputException e = assertThrows(UnsupportedInputException.class,
                    () -> PartitionedGraph.upload(g, new int[] {1, 0, 1}, 0, Transport.NCCL));
            assertTrue(e.getMessage().contains("device 1 is listed twice (devices[0] and devices[2])"), e.getMessage());
        }
    }

    @Test
    void transportIdsAreTheHeaders() {
        assertEquals(GssspNative.GSSSP_EXCHANGE_PEER_COPIES(), Transport.PEER_COPIES.id());
        assertEquals(GssspNative.GSSSP_EXCHANGE_NCCL(), Transport.NCCL.id());
        assertEquals(2, Transport.values().length);
    }

    @Test
    void withoutAGpuUploadThrowsNoGpu() {
        assumeTrue(Devices.count() == 0, "a CUDA device is present: PartitionedGraphGpuTest covers the upload");
        try (Graph g = tiny()) {
            assertThrows(NoGpuException.class, () -> PartitionedGraph.upload(g, new int[] {0, 0}, 0));
            assertThrows(NoGpuException.class, () -> PartitionedGraph.upload(g));
        }
    }
}
