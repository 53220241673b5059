package org.gsssp.internal;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.gsssp.internal.ffi.GssspNative;

/**
 * Host memory for query outputs. Page-locked (pinned) memory from {@code gsssp_host_alloc} when a GPU is
 * present: the GPU copies distances straight into it by DMA, with no staging copy. Plain off-heap memory
 * otherwise (and for the CPU path, which gains nothing from pinning).
 */
public final class HostMemory {
    private HostMemory() {}

    /**
     * {@code bytes} of page-locked memory, freed when {@code arena} closes. Not zeroed: every query writes
     * each of the n values it returns.
     *
     * @param bytes the size, at least 0
     * @param arena the arena whose closing frees the memory
     * @return a segment of exactly {@code bytes} bytes
     * @throws org.gsssp.GssspException (a subclass) if the memory cannot be pinned, e.g. without a GPU
     */
    public static MemorySegment allocatePinned(long bytes, Arena arena) {
        NativeLibrary.ensureLoaded();
        try (Arena scratch = Arena.ofConfined()) {
            MemorySegment out = scratch.allocate(ValueLayout.ADDRESS);
            Status.check(GssspNative.gsssp_host_alloc(out, bytes), "allocating " + bytes + " bytes of pinned host memory");
            MemorySegment raw = out.get(ValueLayout.ADDRESS, 0);
            return raw.reinterpret(Math.max(bytes, 1), arena, HostMemory::free).asSlice(0, bytes);
        }
    }

    private static void free(MemorySegment pointer) {
        // A cleanup action must not throw; a failed cudaFreeHost leaves the memory to the process.
        GssspNative.gsssp_host_free(pointer);
    }

    /**
     * Pinned when {@code pinned}, else plain memory of the arena, 8-byte aligned.
     *
     * @param bytes  the size, at least 0
     * @param pinned whether to allocate page-locked memory (needs a GPU)
     * @param arena  the arena whose closing frees the memory
     * @return a segment of exactly {@code bytes} bytes
     * @throws org.gsssp.GssspException (a subclass) if pinned memory cannot be allocated
     */
    public static MemorySegment allocate(long bytes, boolean pinned, Arena arena) {
        return pinned ? allocatePinned(bytes, arena) : arena.allocate(Math.max(bytes, 1), 16).asSlice(0, bytes);
    }
}
