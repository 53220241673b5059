package org.gsssp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.gsssp.internal.NativeLibrary;
import org.gsssp.testing.RequiresGpu;
import org.junit.jupiter.api.Test;

class NativeLibraryTest {
    @Test
    void loadsFromTheJarAndMatchesItsVersion() {
        org.junit.jupiter.api.Assumptions.assumeTrue(NativeLibrary.available(),
                () -> "no native library in this run: " + NativeLibrary.unavailableReason());
        NativeLibrary.ensureLoaded();
        assertEquals(NativeLibrary.jarVersion(), NativeLibrary.nativeVersion());
    }

    @Test
    void deviceCountIsZeroOrMoreNeverAnError() {
        assertTrue(Devices.count() >= 0);
    }

    @Test
    void withoutAGpuAutoFallsBackToTheCpuAndGpuAlgorithmsSaySo() {
        if (RequiresGpu.gpuPresent()) {
            assertTrue(Sssp.resolve(Algorithm.AUTO).requiresGpu());
            return;
        }
        assertEquals(Algorithm.CPU_DIJKSTRA, Sssp.resolve(Algorithm.AUTO));
        try (Graph g = Graph.fromArrays(new long[] {0, 1, 1}, new int[] {1}, new int[] {4}, VertexIds.offset(0, 2), "tiny")) {
            Result r = Sssp.solve(g, 0);
            assertEquals(4.0, r.distance(1));
            NoGpuException e = org.junit.jupiter.api.Assertions.assertThrows(NoGpuException.class,
                    () -> Sssp.solve(g, 0, Algorithm.FRONTIER));
            assertTrue(e.getMessage().contains("no CUDA device"), e.getMessage());
            assertTrue(e.getMessage().contains("frontier runs on a GPU") && e.getMessage().contains("CPU_DIJKSTRA"),
                    e.getMessage());
        }
    }
}
