package org.gsssp;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.gsssp.internal.NativeGraph;
import org.gsssp.internal.OutputBlock;
import org.gsssp.internal.OutputPool;
import org.gsssp.internal.Status;
import org.gsssp.internal.ffi.GssspNative;
import org.gsssp.internal.ffi.gsssp_certificate;
import org.gsssp.internal.ffi.gsssp_stats;

/**
 * A {@link DeviceGraph}'s single queries whose answer comes back to the host: into pooled pinned memory or into
 * the caller's {@link QueryBuffers}, and the GPU check of a host answer ({@link DeviceGraph#certify}).
 */
final class DeviceQueries {
    private final DeviceHandle device;
    private final OutputPool outputs;

    DeviceQueries(DeviceHandle device) {
        this.device = device;
        this.outputs = new OutputPool(device.graph().numVertices(), true);
    }

    /** See {@link DeviceGraph#query(int, Algorithm, Options)}. */
    Result query(int source, Algorithm algorithm, Options options) {
        Graph graph = device.graph();
        Algorithm resolved = device.resolve(algorithm, options);
        Checks.checkSource(graph, source);
        boolean predecessors = options.computePredecessors();
        device.enter();
        try {
            if (!resolved.requiresGpu()) {
                return CpuQueries.query(graph, source, resolved, options, null);
            }
            OutputBlock block = outputs.take(predecessors);
            Result result;
            try {
                Ran ran = run(source, resolved, options, block.distances(), predecessors ? block.predecessors() : null);
                OutputPool pool = outputs;
                result = Result.pooled(source, graph.weightType(), block.distances(), block.predecessors(), graph.ids(),
                        resolved, device.device().name(), ran.stats(), ran.trace(), () -> pool.give(block), ran.distanceBytes())
                        .bindGraph(graph).cutoffFrom(options);
            } catch (RuntimeException | Error e) {
                outputs.give(block);
                throw e;
            }
            // From here the Result owns the block (it gives it back once, when closed or collected). With
            // Options.certify the native query checked the answer on the GPU before copying it out.
            return result;
        } finally {
            device.exit();
        }
    }

    /** See {@link DeviceGraph#query(int, Algorithm, Options, QueryBuffers)}. */
    Result query(int source, Algorithm algorithm, Options options, QueryBuffers into) {
        Graph graph = device.graph();
        Algorithm resolved = device.resolve(algorithm, options);
        Checks.checkSource(graph, source);
        if (!resolved.requiresGpu()) {
            device.enter();
            try {
                return CpuQueries.query(graph, source, resolved, options, into);
            } finally {
                device.exit();
            }
        }
        boolean predecessors = options.computePredecessors();
        long generation = into.begin(graph, predecessors);
        try {
            device.enter();
            try {
                Ran ran = run(source, resolved, options, into.distances(), predecessors ? into.predecessors() : null);
                return Result.inBuffers(source, graph.weightType(), into, generation, predecessors, graph.ids(), resolved,
                        device.device().name(), ran.stats(), ran.trace(), ran.distanceBytes()).bindGraph(graph)
                        .cutoffFrom(options);
            } finally {
                device.exit();
            }
        } finally {
            into.end();
        }
    }

    private record Ran(Stats stats, java.util.List<TraceSample> trace, int distanceBytes) {}

    /** The native query into host memory. */
    private Ran run(int source, Algorithm resolved, Options options, MemorySegment distances, MemorySegment predecessors) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment stats = gsssp_stats.allocate(arena);
            MemorySegment nativeOptions = NativeGraph.queryOptions(options, arena);
            int status = GssspNative.gsssp_device_graph_sssp(device.handle(), resolved.code(), source, nativeOptions,
                    distances, predecessors == null ? MemorySegment.NULL : predecessors, stats);
            if (status != GssspNative.GSSSP_SUCCESS()) {
                Status.checkQuery(status, device.describe(resolved, source), stats);
            }
            return new Ran(NativeGraph.stats(stats), NativeGraph.trace(nativeOptions, stats), NativeGraph.distanceBytes(stats));
        }
    }

    /** See {@link DeviceGraph#certify(Result)}. */
    Certificate certify(Result answer) {
        Graph graph = device.graph();
        if (answer.numVertices() != graph.numVertices()) {
            throw new IllegalArgumentException("the answer has " + answer.numVertices() + " vertices, the graph "
                    + graph.numVertices());
        }
        MemorySegment distances = answer.distances();
        MemorySegment predecessors = answer.hasPredecessors() ? answer.predecessorsSegment() : MemorySegment.NULL;
        device.enter();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = gsssp_certificate.allocate(arena);
            Status.check(GssspNative.gsssp_device_graph_certify(device.handle(), answer.source(), distances, predecessors,
                    out), "certifying " + answer.algorithm().cliName() + "'s answer from vertex "
                            + graph.ids().toExternal(answer.source()) + " on " + graph.name());
            return Certificate.ofNative(out, graph);
        } finally {
            device.exit();
        }
    }

    /** Frees the pooled output memory (when the device graph closes). */
    void close() {
        outputs.close();
    }
}
