package org.gsssp;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.gsssp.internal.NativeGraph;
import org.gsssp.internal.OutputBlock;
import org.gsssp.internal.QueryGate;
import org.gsssp.internal.OutputPool;
import org.gsssp.internal.Status;
import org.gsssp.internal.ffi.GssspNative;
import org.gsssp.internal.ffi.gsssp_partition_part;
import org.gsssp.internal.ffi.gsssp_partitioned_info;
import org.gsssp.internal.ffi.gsssp_stats;

/**
 * A graph split over several GPUs, for graphs larger than one GPU's memory: one single-source search runs over all
 * of its parts at once. {@link DeviceGroup} replicates a graph and runs each search whole on one GPU; this class
 * splits the graph and each search spans every part.
 *
 * <p>The vertices are cut into contiguous ranges, one part per entry of the device list, each holding about the
 * same bytes of graph and state (about the same number of edges): its vertices' out-edges, their distances, and
 * buffers for the messages it exchanges with the other parts. The search is bulk-synchronous delta-stepping (Meyer
 * &amp; Sanders, J. Algorithms 2003): in each round every part relaxes the out-edges of its vertices in the current
 * bucket; a lowered vertex of the same part joins the next round (or waits for its bucket), a target owned by
 * another part becomes a (vertex, distance) message, combined per target, that is copied to its owner between
 * rounds, by the {@link Transport} chosen at upload: CUDA peer copies (peer to peer where the GPUs allow it, else
 * through the host), or NCCL. A device may be listed more than once: it then holds several parts, which is how a
 * one-GPU machine runs the exchange (peer copies only). See the README's architecture section for the design.
 *
 * <p>Answers are those of one GPU, bit for bit: exact int64 distances for int weights, float32 sums for float
 * weights. Non-negative weights only ({@link UnsupportedInputException} otherwise; {@link Algorithm#HBF} takes
 * negative weights on one GPU). Results carry distances only (no predecessors, so no {@link Result#path}), and
 * {@link Result#algorithm()} says {@link Algorithm#NEAR_FAR}, the delta-stepping family the search belongs to; the
 * partitioned search has no algorithm id of its own, so that no single-GPU call can pick it.
 *
 * <p>Thread safety: any thread may query, but the queries on one graph run one at a time (the parts' state serves
 * one search). {@link #close()} may be called while a query runs: the query fails with
 * {@link GraphClosedException} at its next round, and the memory is freed once it has left.
 */
public final class PartitionedGraph implements AutoCloseable {
    /**
     * One part of the graph.
     *
     * @param device       the CUDA device it lives on
     * @param firstVertex  the first internal vertex id it owns
     * @param endVertex    one past the last; equal to {@code firstVertex} for an empty part (only when the graph
     *                     has fewer vertices than parts)
     * @param edges        the out-edges of its vertices
     * @param deviceBytes  what it holds on its device: graph, per-vertex state and exchange buffers
     * @param crossEdges   of its edges, those whose target another part owns (their messages are combined per
     *                     target: at most one per target vertex a round)
     */
    public record Part(int device, int firstVertex, int endVertex, long edges, long deviceBytes, long crossEdges) {}

    /**
     * What the last completed query exchanged between the parts.
     *
     * @param messages (vertex, distance) messages copied from one part to another
     * @param bytes    their bytes (12 per message with int weights, 8 with float weights)
     * @param buckets  bucket bounds the search went through
     */
    public record Exchange(long messages, long bytes, long buckets) {}

    /**
     * How each round's messages travel between the parts ({@code gsssp_partition_exchange}); the answers are the same.
     */
    public enum Transport {
        /** {@code cudaMemcpyPeerAsync} into each owner's inbox: peer to peer where two GPUs allow it, staged through
         *  the host where not, a device copy between parts of one GPU. Needs nothing beyond the driver. */
        PEER_COPIES(0),
        /**
         * NCCL sends and receives, one rank per part; the devices must be distinct. NCCL is not bundled: it is
         * loaded at upload from the path in the environment variable {@code GSSSP_NCCL_LIBRARY} if set, else
         * {@code libnccl.so.2} through the dynamic linker's search, else the copy pip installs (nvidia-nccl-cu13,
         * {@code <site-packages>/nvidia/nccl/lib}) under the usual Python prefixes. NVLink multicast is kept off
         * ({@code NCCL_NVLS_ENABLE=0} is set in the process environment unless already set).
         */
        NCCL(1);

        private final int id;

        Transport(int id) {
            this.id = id;
        }

        /**
         * The gsssp.h value.
         *
         * @return the {@code gsssp_partition_exchange} id
         */
        public int id() {
            return id;
        }
    }

    private final Graph graph;
    private final MemorySegment handle;
    private final List<Part> parts;
    private final Transport transport;
    private final String description;
    private final OutputPool outputs;
    private final QueryGate gate;

    private PartitionedGraph(Graph graph, MemorySegment handle, List<Part> parts, Transport transport) {
        this.graph = graph;
        this.gate = new QueryGate("partitioned graph of " + graph.name());
        this.handle = handle;
        this.parts = List.copyOf(parts);
        this.transport = transport;
        StringBuilder d = new StringBuilder("partitioned over devices [");
        for (int k = 0; k < parts.size(); k++) {
            d.append(k == 0 ? "" : ", ").append(parts.get(k).device());
        }
        this.description = d.append(']').append(transport == Transport.NCCL ? " through NCCL" : "").toString();
        this.outputs = new OutputPool(graph.numVertices(), true);
    }

    /**
     * Splits the graph over every GPU of the host, one part each, without a cap.
     *
     * @param graph the graph, open; validated before anything is uploaded
     * @return the partitioned graph; the caller closes it
     * @throws NoGpuException if no CUDA device is available
     * @throws InvalidGraphException if the graph's arrays are inconsistent
     * @throws UnsupportedInputException if the graph has a negative weight
     * @throws DeviceMemoryException if a device cannot hold its parts (before anything is allocated)
     */
    public static PartitionedGraph upload(Graph graph) {
        Objects.requireNonNull(graph, "graph");
        return upload(graph, Devices.allOrThrow(), 0);
    }

    /**
     * Splits the graph over the listed devices, part k on {@code devices[k]}, exchanging messages by peer copies.
     * See {@link #upload(Graph, int[], long, Transport)}.
     *
     * @param graph             the graph, open; validated before anything is uploaded
     * @param devices           CUDA device ordinals, 1 to 64 entries, repeats allowed
     * @param maxBytesPerDevice 0 for no cap; else the most device bytes each part may hold
     * @return the partitioned graph; the caller closes it
     */
    public static PartitionedGraph upload(Graph graph, int[] devices, long maxBytesPerDevice) {
        return upload(graph, devices, maxBytesPerDevice, Transport.PEER_COPIES);
    }

    /**
     * Splits the graph over the listed devices, part k on {@code devices[k]}, exchanging messages by
     * {@code transport}.
     *
     * @param graph             the graph, open; validated before anything is uploaded
     * @param devices           CUDA device ordinals, 1 to 64 entries, repeats allowed (a device listed k times holds
     *                          k parts)
     * @param maxBytesPerDevice 0 for no cap; else the most device bytes each part may hold (per entry of
     *                          {@code devices}: a device listed k times may hold k times this), which also forces a
     *                          split of a graph that would fit one GPU
     * @param transport         how the messages travel between the parts
     * @return the partitioned graph; the caller closes it
     * @throws NullPointerException if {@code graph}, {@code devices} or {@code transport} is null
     * @throws IllegalArgumentException if {@code devices} is empty or longer than 64, names a device that does not
     *         exist, or {@code maxBytesPerDevice} is negative
     * @throws NoGpuException if no CUDA device is available
     * @throws InvalidGraphException if the graph's arrays are inconsistent
     * @throws UnsupportedInputException if the graph has a negative weight; with {@link Transport#NCCL}, if a device
     *         is listed twice (checked first, before the GPUs) or NCCL cannot be loaded (the message names every
     *         path tried and why it failed)
     * @throws DeviceMemoryException if a part exceeds the cap, or a device's parts its free memory; the message
     *         gives the bytes needed and the cap (or the free bytes); nothing is allocated then
     * @throws CudaException if an NCCL call fails
     * @throws GraphClosedException if {@code graph} is closed
     */
    public static PartitionedGraph upload(Graph graph, int[] devices, long maxBytesPerDevice, Transport transport) {
        Objects.requireNonNull(graph, "graph");
        Objects.requireNonNull(devices, "devices");
        Objects.requireNonNull(transport, "transport");
        if (devices.length == 0) {
            throw new IllegalArgumentException("a partitioned graph needs at least one device");
        }
        if (devices.length > 64) {
            throw new IllegalArgumentException("a partitioned graph has at most 64 parts, " + devices.length + " devices listed");
        }
        if (maxBytesPerDevice < 0) {
            throw new IllegalArgumentException("maxBytesPerDevice is negative (" + maxBytesPerDevice + "); 0 means no cap");
        }
        if (transport == Transport.NCCL) {
            for (int a = 0; a < devices.length; a++) {
                for (int b = 0; b < a; b++) {
                    if (devices[a] == devices[b]) {
                        throw new UnsupportedInputException("the NCCL exchange needs distinct devices (NCCL takes one "
                                + "rank per GPU), and device " + devices[a] + " is listed twice (devices[" + b
                                + "] and devices[" + a + "]); list each GPU once, or use Transport.PEER_COPIES, "
                                + "which runs several parts on one GPU");
                    }
                }
            }
        }
        int count = Devices.count();
        if (count == 0) {
            throw Devices.noGpu("use Sssp.solve to run on the CPU");
        }
        for (int d : devices) {
            if (d < 0 || d >= count) {
                throw new IllegalArgumentException("device " + d + " does not exist; this machine has " + count);
            }
        }
        graph.acquireNative();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(ValueLayout.ADDRESS);
            MemorySegment list = arena.allocateFrom(ValueLayout.JAVA_INT, devices);
            MemorySegment csr = NativeGraph.csr(graph, arena);
            Status.check(GssspNative.gsssp_partitioned_graph_create(out, list, devices.length, csr, maxBytesPerDevice,
                    transport.id()), "splitting " + graph.name() + " over devices " + java.util.Arrays.toString(devices)
                    + (transport == Transport.NCCL ? " through NCCL" : ""));
            MemorySegment handle = out.get(ValueLayout.ADDRESS, 0);
            try {
                return new PartitionedGraph(graph, handle, readParts(handle, devices.length, arena), transport);
            } catch (RuntimeException | Error e) {
                GssspNative.gsssp_partitioned_graph_destroy(handle);
                throw e;
            }
        } finally {
            graph.releaseNative();
        }
    }

    private static List<Part> readParts(MemorySegment handle, int count, Arena arena) {
        MemorySegment array = gsssp_partition_part.allocateArray(count, arena);
        Status.check(GssspNative.gsssp_partitioned_graph_info(handle, MemorySegment.NULL, array, count), "partition info");
        List<Part> parts = new ArrayList<>(count);
        for (int k = 0; k < count; k++) {
            MemorySegment p = gsssp_partition_part.asSlice(array, k);
            parts.add(new Part(gsssp_partition_part.device(p), (int) gsssp_partition_part.first_vertex(p),
                    (int) gsssp_partition_part.end_vertex(p), gsssp_partition_part.edges(p),
                    gsssp_partition_part.device_bytes(p), gsssp_partition_part.cross_edges(p)));
        }
        return parts;
    }

    /**
     * The parts, in the order of the device list.
     *
     * @return the parts (unmodifiable); their vertex ranges cover [0, n) in order
     */
    public List<Part> parts() {
        return parts;
    }

    /**
     * How the messages travel between the parts.
     *
     * @return the transport chosen at upload
     */
    public Transport transport() {
        return transport;
    }

    /**
     * The host graph this was split from.
     *
     * @return the graph (open or not)
     */
    public Graph graph() {
        return graph;
    }

    /**
     * Device bytes of all parts together.
     *
     * @return the sum of {@link Part#deviceBytes()}
     */
    public long deviceMemoryBytes() {
        long total = 0;
        for (Part p : parts) {
            total += p.deviceBytes();
        }
        return total;
    }

    /**
     * What the last completed query exchanged between the parts.
     *
     * @return messages, bytes and buckets; zeros before the first query
     * @throws GraphClosedException if this graph is closed
     */
    public Exchange lastExchange() {
        enter();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment info = gsssp_partitioned_info.allocate(arena);
            Status.check(GssspNative.gsssp_partitioned_graph_info(handle, info, MemorySegment.NULL, 0), "partition info");
            return new Exchange(gsssp_partitioned_info.last_messages(info), gsssp_partitioned_info.last_exchange_bytes(info),
                    gsssp_partitioned_info.last_buckets(info));
        } finally {
            exit();
        }
    }

    /**
     * One search with default options; see {@link #query(int, Options)}.
     *
     * @param source the source's internal id
     * @return the distances, in pooled memory the caller should close
     * @throws IllegalArgumentException if {@code source} is not a vertex of the graph
     * @throws GraphClosedException if this graph is closed, before or during the query
     */
    public Result query(int source) {
        return query(source, Options.defaults());
    }

    /**
     * One search from {@code source} over all parts. The options read are {@link Options#deltaStepping()} (Δ as
     * for Near-Far: given, or C·W/D with W and D exact over the graph), {@link Options#maxIterations()} (rounds),
     * {@link Options#blockSize()} and {@link Options#traceCapacity()} (one sample per round: the frontier over all
     * parts); predecessors are never computed, and certification is not run. The distances land in pooled host
     * memory: close the Result to give it back at once, or let the garbage collector do it.
     *
     * @param source  the source's internal id
     * @param options the query's options
     * @return the distances; {@link Result#stats()} has the rounds, work and wall time over all devices
     * @throws IllegalArgumentException if {@code source} is not a vertex of the graph
     * @throws GraphClosedException if this graph is closed, before or during the query
     * @throws NotConvergedException if {@link Options#maxIterations()} rounds did not finish the search
     * @throws DistanceOverflowException if a float32 distance overflowed
     */
    public Result query(int source, Options options) {
        Objects.requireNonNull(options, "options");
        Checks.checkSource(graph, source);
        enter();
        try {
            OutputBlock block = outputs.take(false);
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment stats = gsssp_stats.allocate(arena);
                MemorySegment nativeOptions = NativeGraph.queryOptions(options, arena);
                int status = GssspNative.gsssp_partitioned_graph_sssp(handle, source, nativeOptions, block.distances(), stats);
                Status.checkQuery(status, "partitioned search from vertex " + graph.ids().toExternal(source) + " on "
                        + graph.name(), stats);
                OutputPool pool = outputs;
                return Result.pooled(source, graph.weightType(), block.distances(), null, graph.ids(), Algorithm.NEAR_FAR,
                        description, NativeGraph.stats(stats), NativeGraph.trace(nativeOptions, stats),
                        () -> pool.give(block), NativeGraph.distanceBytes(stats)).bindGraph(graph);
            } catch (RuntimeException | Error e) {
                outputs.give(block);
                throw e;
            }
        } finally {
            exit();
        }
    }

    /**
     * Whether {@link #close()} has been called.
     *
     * @return true once closing has begun
     */
    public boolean isClosed() {
        return gate.isClosed();
    }

    /**
     * Fails a running query (it sees {@link GraphClosedException} at its next round), waits for the queries to
     * leave, frees every part's device memory. Idempotent.
     */
    @Override
    public void close() {
        gate.close(() -> Status.check(GssspNative.gsssp_partitioned_graph_cancel(handle), "closing partitioned graph"),
                () -> {
                    outputs.close();
                    Status.check(GssspNative.gsssp_partitioned_graph_destroy(handle), "closing partitioned graph");
                });
    }

    private void enter() {
        gate.enter();
    }

    private void exit() {
        gate.exit();
    }
}
