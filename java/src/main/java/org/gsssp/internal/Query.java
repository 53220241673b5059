package org.gsssp.internal;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Output buffers of one query. Distances and predecessors are allocated in an automatic arena (freed by
 * the GC with the Result that keeps them); the stats struct is scratch in the caller's arena.
 */
public record Query(MemorySegment distances, MemorySegment predecessors, MemorySegment stats) {
    public static Query allocate(int numVertices, boolean predecessors, Arena scratch) {
        Arena results = Arena.ofAuto();
        MemorySegment d = results.allocate(ValueLayout.JAVA_LONG, Math.max(1, numVertices))
                .asSlice(0, (long) numVertices * Long.BYTES);
        MemorySegment p = predecessors
                ? results.allocate(ValueLayout.JAVA_INT, Math.max(1, numVertices)).asSlice(0, (long) numVertices * Integer.BYTES)
                : null;
        MemorySegment s = org.gsssp.internal.ffi.gsssp_stats.allocate(scratch);
        return new Query(d, p, s);
    }

    public MemorySegment predecessorsOrNull() {
        return predecessors == null ? MemorySegment.NULL : predecessors;
    }
}
