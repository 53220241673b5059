package org.gsssp.internal;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.gsssp.Graph;
import org.gsssp.internal.ffi.gsssp_csr;
import org.gsssp.internal.ffi.gsssp_options;
import org.gsssp.internal.ffi.gsssp_stats;
import org.gsssp.Options;
import org.gsssp.Stats;

/** Marshalling between the public Java types and gsssp.h's structs. The CSR arrays are passed, not copied. */
public final class NativeGraph {
    private NativeGraph() {}

    /** A gsssp_csr that points at the graph's own off-heap segments (zero copy). */
    public static MemorySegment csr(Graph graph, Arena arena) {
        MemorySegment csr = gsssp_csr.allocate(arena);
        gsssp_csr.num_vertices(csr, graph.numVertices());
        gsssp_csr.num_edges(csr, graph.numEdges());
        gsssp_csr.offsets(csr, graph.offsets());
        gsssp_csr.targets(csr, graph.targets());
        gsssp_csr.weights(csr, graph.weights());
        gsssp_csr.weight_type(csr, graph.weightType().code());
        return csr;
    }

    public static MemorySegment options(Options options, Arena arena) {
        MemorySegment o = gsssp_options.allocate(arena);
        Status.check(org.gsssp.internal.ffi.GssspNative.gsssp_options_init(o), "options");
        gsssp_options.compute_predecessors(o, options.computePredecessors() ? 1 : 0);
        gsssp_options.block_size(o, options.blockSize());
        gsssp_options.max_iterations(o, options.maxIterations());
        return o;
    }

    public static Stats stats(MemorySegment s) {
        return new Stats(gsssp_stats.time_ms(s), gsssp_stats.total_ms(s), gsssp_stats.iterations(s),
                gsssp_stats.vertex_visits(s), gsssp_stats.edges_relaxed(s), gsssp_stats.vertices_reached(s),
                gsssp_stats.peak_device_memory(s));
    }
}
