package org.gsssp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import org.gsssp.internal.NativeLibrary;
import org.gsssp.internal.ffi.GssspNative;
import org.junit.jupiter.api.Test;

/**
 * Java's {@link Algorithm} and the C ABI's table of algorithms (native/src/api/algorithm_table.cu,
 * through gsssp_algorithm_info) tell the same story: every id in both, the same name, the same side (GPU or host), the
 * same answer on negative weights. Adding an algorithm to one side only fails here.
 */
class AlgorithmTableTest {
    @Test
    void javaAndNativeAgreeOnEveryAlgorithm() {
        NativeLibrary.ensureLoaded();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment flags = arena.allocate(ValueLayout.JAVA_INT);
            for (Algorithm a : Algorithm.values()) {
                if (a == Algorithm.AUTO) {
                    continue;
                }
                MemorySegment name = GssspNative.gsssp_algorithm_info(a.code(), flags);
                assertNotNull(name, a + " (id " + a.code() + ") is unknown to the native library");
                assertTrue(!name.equals(MemorySegment.NULL), a + " (id " + a.code() + ") is unknown to the native library");
                assertEquals(a.name(), name.reinterpret(64).getString(0), "name of id " + a.code());
                int f = flags.get(ValueLayout.JAVA_INT, 0);
                assertEquals(a.requiresGpu(), (f & 1) != 0, a + ": GPU or host");
                assertEquals(a.acceptsNegativeWeights(), (f & 2) != 0, a + ": negative weights");
            }
            for (int id = -4; id < 64; id++) {
                int code = id;
                boolean inJava = Arrays.stream(Algorithm.values()).anyMatch(a -> a != Algorithm.AUTO && a.code() == code);
                boolean inNative = !GssspNative.gsssp_algorithm_info(id, flags).equals(MemorySegment.NULL);
                assertEquals(inJava, inNative, "id " + id + ": in Java " + inJava + ", in the native table " + inNative);
            }
        }
    }
}
