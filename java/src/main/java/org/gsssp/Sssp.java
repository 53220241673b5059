package org.gsssp;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.gsssp.internal.NativeGraph;
import org.gsssp.internal.NativeLibrary;
import org.gsssp.internal.Query;
import org.gsssp.internal.Status;
import org.gsssp.internal.ffi.GssspNative;

/**
 * One-off shortest-path queries. For many queries on one graph, upload it once with
 * {@link DeviceGraph#upload(Graph)} instead: this class uploads the graph for every GPU query.
 */
public final class Sssp {
    private Sssp() {}

    /** AUTO: the default GPU algorithm when a GPU is present, else CPU Dijkstra. */
    public static Result solve(Graph graph, int source) {
        return solve(graph, source, Algorithm.AUTO, Options.defaults());
    }

    public static Result solve(Graph graph, int source, Algorithm algorithm) {
        return solve(graph, source, algorithm, Options.defaults());
    }

    public static Result solve(Graph graph, int source, Algorithm algorithm, Options options) {
        Algorithm resolved = resolve(algorithm);
        if (!resolved.requiresGpu()) {
            return cpu(graph, source, resolved, options);
        }
        try (DeviceGraph deviceGraph = DeviceGraph.upload(graph)) {
            return deviceGraph.query(source, resolved, options);
        }
    }

    /** AUTO becomes the default GPU algorithm if a GPU is present, else CPU Dijkstra; others stay. */
    public static Algorithm resolve(Algorithm algorithm) {
        if (algorithm != Algorithm.AUTO) {
            return algorithm;
        }
        return Devices.available() ? Algorithm.defaultGpuAlgorithm() : Algorithm.CPU_DIJKSTRA;
    }

    static Result cpu(Graph graph, int source, Algorithm algorithm, Options options) {
        NativeLibrary.ensureLoaded();
        checkSource(graph, source);
        try (Arena arena = Arena.ofConfined()) {
            Query q = Query.allocate(graph.numVertices(), options.computePredecessors(), arena);
            MemorySegment nativeOptions = NativeGraph.options(options, arena);
            int status = GssspNative.gsssp_cpu_sssp(NativeGraph.csr(graph, arena), algorithm.code(), source,
                    nativeOptions, q.distances(), q.predecessorsOrNull(), q.stats());
            Status.checkQuery(status, algorithm.cliName() + " from vertex " + graph.ids().toExternal(source) + " on " + graph.name(), q.stats());
            return new Result(source, graph.weightType(), q.distances(), q.predecessors(), graph.ids(), algorithm, "CPU",
                    NativeGraph.stats(q.stats()), NativeGraph.trace(nativeOptions, q.stats()));
        }
    }

    static void checkSource(Graph graph, int source) {
        if (source < 0 || source >= graph.numVertices()) {
            throw new IllegalArgumentException("source vertex " + source + " is out of range 0.." + (graph.numVertices() - 1)
                    + " of " + graph.name());
        }
    }
}
