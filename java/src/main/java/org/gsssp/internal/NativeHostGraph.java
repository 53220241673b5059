package org.gsssp.internal;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.gsssp.Algorithm;
import org.gsssp.Graph;
import org.gsssp.Options;
import org.gsssp.internal.ffi.GssspNative;
import org.gsssp.internal.ffi.gsssp_stats;

/**
 * The native host graph (gsssp_host_graph_t) of one {@link Graph}: validated once when made, so that CPU
 * queries skip the O(V + E) checks.
 */
final class NativeHostGraph extends HostGraph {
    private final MemorySegment handle;

    private NativeHostGraph(MemorySegment handle, String name) {
        super(name);
        this.handle = handle;
    }

    /**
     * Validates the graph's CSR and makes the handle; it refers to the graph's segments (no copy).
     *
     * @param graph the graph, open; it must outlive the handle
     * @return the handle; close it before the graph's memory is freed
     * @throws org.gsssp.InvalidGraphException if the graph's arrays are inconsistent
     */
    static NativeHostGraph create(Graph graph) {
        NativeLibrary.ensureLoaded();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(ValueLayout.ADDRESS);
            Status.check(GssspNative.gsssp_host_graph_create(out, NativeGraph.csr(graph, arena)),
                    "checking " + graph.name());
            return new NativeHostGraph(out.get(ValueLayout.ADDRESS, 0), graph.name());
        }
    }

    @Override
    protected HostRun run(Algorithm algorithm, int source, Options options, MemorySegment distances,
            MemorySegment predecessors, int[] stopAt, String operation) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment stats = gsssp_stats.allocate(arena);
            MemorySegment nativeOptions = NativeGraph.queryOptions(options, arena);
            if (stopAt != null) {
                nativeOptions = NativeGraph.withTargets(nativeOptions, stopAt, arena);
            }
            int status = GssspNative.gsssp_host_graph_sssp(handle, algorithm.code(), source, nativeOptions,
                    distances, predecessors == null ? MemorySegment.NULL : predecessors, stats);
            Status.checkQuery(status, operation, stats);
            return new HostRun(NativeGraph.stats(stats), NativeGraph.trace(nativeOptions, stats),
                    NativeGraph.distanceBytes(stats));
        }
    }

    @Override
    protected void free() {
        GssspNative.gsssp_host_graph_destroy(handle);
    }
}
