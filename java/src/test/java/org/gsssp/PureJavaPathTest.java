package org.gsssp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.gsssp.internal.HostPath;
import org.gsssp.internal.NativeLibrary;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Without the native library (CI's second run, -Dgsssp.native=false): the CPU path is the pure-Java one, there
 * is no GPU, and asking for one says which platform and why the library did not load. Skipped where it loads.
 */
class PureJavaPathTest {
    @BeforeEach
    void onlyWithoutTheNativeLibrary() {
        Assumptions.assumeFalse(NativeLibrary.available(), "the native library is loaded; CI runs this test again "
                + "with -Dgsssp.native=false");
    }

    @Test
    void theHostPathIsJavaAndThereIsNoGpu() {
        assertFalse(HostPath.current().isNative());
        assertFalse(Devices.available());
        assertEquals(0, Devices.count());
        assertTrue(Devices.list().isEmpty());
        assertEquals(Algorithm.CPU_DIJKSTRA, Sssp.resolve(Algorithm.AUTO));
    }

    @Test
    void gpuAlgorithmsNameThePlatformAndWhyTheLibraryDidNotLoad() {
        try (Graph g = Graph.fromArrays(new long[] {0, 1, 1}, new int[] {1}, new int[] {4}, VertexIds.offset(0, 2),
                "tiny")) {
            assertEquals(4.0, Sssp.solve(g, 0).distance(1));
            for (Runnable gpu : new Runnable[] {
                    () -> Sssp.solve(g, 0, Algorithm.FRONTIER),
                    () -> DeviceGraph.upload(g).close(),
                    () -> Devices.info(0)}) {
                NoGpuException e = assertThrows(NoGpuException.class, gpu::run);
                String m = e.getMessage();
                assertTrue(m.contains(System.getProperty("os.name")) && m.contains(System.getProperty("os.arch")), m);
                assertTrue(m.contains(NativeLibrary.unavailableReason()), m);
            }
        }
    }

    @Test
    void theSwitchIsNamedWhenItTurnedTheLibraryOff() {
        Assumptions.assumeTrue("false".equals(System.getProperty(NativeLibrary.NATIVE_PROPERTY)));
        assertTrue(NativeLibrary.unavailableReason().contains("-Dgsssp.native=false"),
                NativeLibrary.unavailableReason());
    }
}
