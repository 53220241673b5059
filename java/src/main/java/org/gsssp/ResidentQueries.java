package org.gsssp;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.gsssp.internal.NativeGraph;
import org.gsssp.internal.Status;
import org.gsssp.internal.ffi.GssspNative;
import org.gsssp.internal.ffi.gsssp_stats;

/**
 * A {@link DeviceGraph}'s queries whose result stays on the GPU ({@link DeviceResult}), and the target and path
 * queries built on them: only what is read crosses the bus. Small graphs (AUTO's CPU choice) answer target and
 * path queries on the CPU instead, with early exit.
 */
final class ResidentQueries {
    private final DeviceHandle device;

    ResidentQueries(DeviceHandle device) {
        this.device = device;
    }

    /**
     * One resident query; see {@link DeviceGraph#queryResident}. {@code stopAt}: targets the search may stop at
     * (ADDS, checked on the GPU; gsssp.h); the result's other distances are then upper bounds, so such a result
     * never leaves this class.
     */
    DeviceResult query(int source, Algorithm algorithm, Options options, int[] stopAt) {
        Graph graph = device.graph();
        Algorithm resolved = algorithm == Algorithm.AUTO
                ? device.withHierarchy(hierarchy -> Algorithm.chooseAutoOnGpu(graph, hierarchy, options))
                : device.resolve(algorithm, options);
        if (!resolved.requiresGpu()) {
            throw new IllegalArgumentException(resolved.cliName() + " runs on the CPU; a resident result needs a GPU algorithm");
        }
        Checks.checkSource(graph, source);
        device.enter();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment stats = gsssp_stats.allocate(arena);
            MemorySegment out = arena.allocate(ValueLayout.ADDRESS);
            MemorySegment nativeOptions = NativeGraph.queryOptions(options, arena);
            if (stopAt != null) {
                nativeOptions = NativeGraph.withTargets(nativeOptions, stopAt, arena);
            }
            int status = GssspNative.gsssp_device_graph_sssp_resident(device.handle(), resolved.code(), source,
                    nativeOptions, out, stats);
            if (status != GssspNative.GSSSP_SUCCESS()) {
                Status.checkQuery(status, device.describe(resolved, source), stats);
            }
            return new DeviceResult(device, out.get(ValueLayout.ADDRESS, 0), source, resolved, NativeGraph.stats(stats),
                    options.computePredecessors());
        } finally {
            device.exit();
        }
    }

    /** See {@link DeviceGraph#distances(int, int[])}. */
    double[] distances(int source, int[] targets) {
        Graph graph = device.graph();
        if (!device.resolve(Algorithm.AUTO).requiresGpu()) {
            device.enter();
            try {
                return CpuQueries.distances(graph, source, targets);
            } finally {
                device.exit();
            }
        }
        Checks.checkTargets(graph, targets);
        if (targets.length == 0) {
            return new double[0];
        }
        try (DeviceResult r = queryTargets(source, targets)) {
            return r.distances(targets);
        }
    }

    /** See {@link DeviceGraph#distancesAsLong(int, int[])}. */
    long[] distancesAsLong(int source, int[] targets) {
        Graph graph = device.graph();
        if (graph.weightType() != WeightType.INT32) {
            throw new IllegalStateException("distancesAsLong is for int32-weighted graphs; this one has " + graph.weightType());
        }
        if (!device.resolve(Algorithm.AUTO).requiresGpu()) {
            device.enter();
            try {
                return CpuQueries.distancesAsLong(graph, source, targets);
            } finally {
                device.exit();
            }
        }
        Checks.checkTargets(graph, targets);
        if (targets.length == 0) {
            return new long[0];
        }
        try (DeviceResult r = queryTargets(source, targets)) {
            return r.distancesAsLong(targets);
        }
    }

    /**
     * AUTO's GPU query, resident, without predecessors, told the targets: ADDS stops once the head bucket has passed
     * them and the GPU has checked that no edge within the ball of the largest target distance improves its head
     * (which proves their distances exact; a failed check runs the search in full). Only the targets' distances
     * cross the bus.
     */
    private DeviceResult queryTargets(int source, int[] targets) {
        return query(source, device.resolve(Algorithm.AUTO), CpuQueries.NO_PREDECESSORS, targets);
    }

    /** See {@link DeviceGraph#path(int, int)}. */
    ShortestPath path(int source, int target) {
        if (!device.resolve(Algorithm.AUTO).requiresGpu()) {
            device.enter();
            try {
                return CpuQueries.path(device.graph(), source, target);
            } finally {
                device.exit();
            }
        }
        try (DeviceResult r = query(source, Algorithm.AUTO, Options.defaults(), null)) {
            return r.path(target);
        }
    }
}
