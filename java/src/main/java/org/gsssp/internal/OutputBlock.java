package org.gsssp.internal;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * Output memory of one query: n distances (8 bytes each) and optionally n predecessors (int32), in one
 * arena that frees them together.
 */
public final class OutputBlock {
    private final Arena arena;
    private final MemorySegment distances;
    private final MemorySegment predecessors;
    private final boolean pinned;

    private OutputBlock(Arena arena, MemorySegment distances, MemorySegment predecessors, boolean pinned) {
        this.arena = arena;
        this.distances = distances;
        this.predecessors = predecessors;
        this.pinned = pinned;
    }

    /**
     * A new block; pinned memory needs a GPU (see {@link HostMemory}).
     *
     * @param numVertices  n, the number of distances (and predecessors)
     * @param predecessors whether to hold predecessors as well
     * @param pinned       whether to allocate page-locked memory
     * @return the block; the caller frees it
     * @throws org.gsssp.GssspException (a subclass) if pinned memory cannot be allocated
     */
    public static OutputBlock allocate(int numVertices, boolean predecessors, boolean pinned) {
        Arena arena = Arena.ofShared();
        try {
            long n = numVertices;
            MemorySegment all = HostMemory.allocate(n * Long.BYTES + (predecessors ? n * Integer.BYTES : 0), pinned, arena);
            MemorySegment d = all.asSlice(0, n * Long.BYTES);
            MemorySegment p = predecessors ? all.asSlice(n * Long.BYTES, n * Integer.BYTES) : null;
            return new OutputBlock(arena, d, p, pinned);
        } catch (RuntimeException | Error e) {
            arena.close();
            throw e;
        }
    }

    /**
     * The distance array.
     *
     * @return n 8-byte values
     */
    public MemorySegment distances() {
        return distances;
    }

    /**
     * The predecessor array.
     *
     * @return n int32 values, or null when the block has none
     */
    public MemorySegment predecessors() {
        return predecessors;
    }

    /**
     * Whether the block holds predecessors.
     *
     * @return true if {@link #predecessors()} is not null
     */
    public boolean hasPredecessors() {
        return predecessors != null;
    }

    /**
     * Whether the memory is page-locked.
     *
     * @return true for pinned memory
     */
    public boolean pinned() {
        return pinned;
    }

    /** Frees the memory; segments of the block throw IllegalStateException afterwards. */
    public void free() {
        arena.close();
    }
}
