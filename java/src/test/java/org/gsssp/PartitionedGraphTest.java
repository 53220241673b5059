package org.gsssp;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

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
        }
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
