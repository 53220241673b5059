package org.gsssp.spark;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.spark.TaskContext;
import org.apache.spark.resource.ResourceInformation;
import org.gsssp.DeviceGraph;
import org.gsssp.Devices;
import org.gsssp.Graph;
import org.gsssp.GraphLoader;

/**
 * The graphs of this JVM (an executor, or the driver), loaded once per file and checksum and kept until the JVM
 * ends, and their uploads, one per GPU. Tasks of every job on this JVM share them.
 */
final class ExecutorGraphs {
    private ExecutorGraphs() {}

    private static final Map<GraphFile, Loaded> GRAPHS = new ConcurrentHashMap<>();
    /** Loads done by this JVM, for the tests. */
    static final AtomicInteger LOADS = new AtomicInteger();

    /** One loaded graph and its uploads, by device ordinal. */
    static final class Loaded {
        final Graph graph;
        private final Map<Integer, DeviceGraph> uploads = new ConcurrentHashMap<>();
        /** Batches on one device take turns: one batch already fills the GPU, and the row buffers are per graph. */
        private final Map<Integer, Object> locks = new ConcurrentHashMap<>();

        Loaded(Graph graph) {
            this.graph = graph;
        }

        DeviceGraph upload(int device) {
            return uploads.computeIfAbsent(device, d -> DeviceGraph.upload(graph, d));
        }

        Object lock(int device) {
            return locks.computeIfAbsent(device, d -> new Object());
        }
    }

    /** The graph of {@code file}, loaded on first use (checked against the driver's checksum). */
    static Loaded get(GraphFile file) {
        return GRAPHS.computeIfAbsent(file, ExecutorGraphs::load);
    }

    private static Loaded load(GraphFile file) {
        try {
            Path local = file.fetchChecked(Path.of(System.getProperty("java.io.tmpdir")));
            Graph g = GraphLoader.load(local);
            LOADS.incrementAndGet();
            return new Loaded(g);
        } catch (IOException e) {
            throw new UncheckedIOException("graph file " + file.location() + " cannot be loaded: " + e.getMessage(), e);
        }
    }

    /**
     * The GPU this task runs on: the address Spark assigned it (resource {@code gpu}; an address of -1 means the CPU,
     * which lets a cluster without GPUs schedule the resource all the same, as the CPU run of scripts/bench_spark.sh
     * does); without an assignment, device 0 if this machine has a GPU (local mode, or a cluster that does not
     * schedule GPUs); -1 for the CPU.
     */
    static int deviceOfThisTask() {
        TaskContext tc = TaskContext.get();
        if (tc != null) {
            scala.Option<ResourceInformation> gpu = tc.resources().get("gpu");
            if (gpu.isDefined() && gpu.get().addresses().length > 0) {
                String address = gpu.get().addresses()[0];
                try {
                    return Integer.parseInt(address.trim());
                } catch (NumberFormatException e) {
                    throw new IllegalStateException("Spark assigned this task GPU address '" + address
                            + "', which is not a CUDA device ordinal; the GPU discovery script must report ordinals", e);
                }
            }
        }
        return Devices.available() ? 0 : -1;
    }

    /** Forgets every graph (closing them), for the tests. */
    static void clear() {
        for (Loaded l : GRAPHS.values()) {
            l.uploads.values().forEach(DeviceGraph::close);
            l.graph.close();
        }
        GRAPHS.clear();
    }
}
