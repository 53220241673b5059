package org.gsssp;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.gsssp.internal.NativeGraph;
import org.gsssp.internal.Status;
import org.gsssp.internal.ffi.GssspNative;
import org.gsssp.internal.ffi.gsssp_stats;

/**
 * A {@link DeviceGraph}'s distance matrices: by a one-launch design (one native call, only the targets' columns
 * crossing the bus), on the CPU for small graphs, or as one resident query per source, several in flight at once.
 */
final class DeviceMatrices {
    private final DeviceHandle device;
    private final DeviceBatches batches;
    private final ResidentQueries resident;

    DeviceMatrices(DeviceHandle device, DeviceBatches batches, ResidentQueries resident) {
        this.device = device;
        this.batches = batches;
        this.resident = resident;
    }

    /** See {@link DeviceGraph#matrix(int[], int[], Algorithm)}. */
    DistanceMatrix matrix(int[] sources, int[] targets, Algorithm algorithm) {
        Graph graph = device.graph();
        Options noTree = CpuQueries.NO_PREDECESSORS;
        Algorithm design = batches.resolve(algorithm, noTree, sources.length);
        if (DeviceBatches.oneLaunch(design)) {
            Checks.checkTargets(graph, targets);
            return oneLaunchMatrix(sources, targets, design, noTree);
        }
        if (!design.requiresGpu()) {
            device.enter();
            try {
                return CpuQueries.matrix(graph, sources, targets);
            } finally {
                device.exit();
            }
        }
        Checks.checkTargets(graph, targets);
        DistanceMatrix m = new DistanceMatrix(sources.length, targets.length, graph.weightType());
        try {
            java.util.stream.IntStream.range(0, sources.length).parallel().forEach(i -> {
                try (DeviceResult r = resident.query(sources[i], design, noTree, null)) {
                    if (m.weightType() == WeightType.INT32) {
                        m.setRow(i, r.distancesAsLong(targets));
                    } else {
                        m.setRow(i, r.distances(targets));
                    }
                }
            });
            return m;
        } catch (RuntimeException | Error e) {
            m.close();
            throw e;
        }
    }

    /** The matrix by the one-launch design: one native call, only the targets' columns cross the bus. */
    private DistanceMatrix oneLaunchMatrix(int[] sources, int[] targets, Algorithm algorithm, Options options) {
        Graph graph = device.graph();
        for (int s : sources) {
            Checks.checkSource(graph, s);
        }
        DistanceMatrix m = new DistanceMatrix(sources.length, targets.length, graph.weightType());
        if (sources.length == 0 || targets.length == 0) {
            return m;  // no cells: nothing to launch
        }
        device.enter();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment ids = arena.allocate(ValueLayout.JAVA_LONG, Math.max(1, sources.length));
            for (int i = 0; i < sources.length; i++) {
                ids.setAtIndex(ValueLayout.JAVA_LONG, i, sources[i]);
            }
            MemorySegment columns = arena.allocateFrom(ValueLayout.JAVA_INT, targets);
            MemorySegment stats = gsssp_stats.allocate(arena);
            int status = GssspNative.gsssp_device_graph_sssp_batch(device.handle(), algorithm.code(), ids, sources.length,
                    columns, targets.length, NativeGraph.queryOptions(options, arena), m.writable(), MemorySegment.NULL,
                    stats);
            Status.checkQuery(status, algorithm.cliName() + " matrix of " + sources.length + " x " + targets.length + " on "
                    + graph.name(), stats);
            return m;
        } catch (RuntimeException | Error e) {
            m.close();
            throw e;
        } finally {
            device.exit();
        }
    }
}
