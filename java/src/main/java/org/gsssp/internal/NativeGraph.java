package org.gsssp.internal;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.gsssp.Graph;
import org.gsssp.internal.ffi.gsssp_csr;
import org.gsssp.internal.ffi.gsssp_options;
import org.gsssp.internal.ffi.gsssp_delta_options;
import org.gsssp.internal.ffi.gsssp_da2cf_options;
import org.gsssp.internal.ffi.gsssp_hbf_options;
import org.gsssp.internal.ffi.gsssp_adds_options;
import org.gsssp.internal.ffi.gsssp_stats;
import org.gsssp.Options;
import org.gsssp.Stats;
import org.gsssp.TraceSample;
import org.gsssp.internal.ffi.gsssp_trace_sample;
import java.util.ArrayList;
import java.util.List;

/** Marshalling between the public Java types and gsssp.h's structs. The CSR arrays are passed, not copied. */
public final class NativeGraph {
    private NativeGraph() {}

    /**
     * A gsssp_csr that points at the graph's own off-heap segments (zero copy).
     *
     * @param graph the graph, open
     * @param arena the arena the struct itself is allocated in
     * @return the struct; valid while both the arena and the graph are open
     * @throws org.gsssp.GraphClosedException if the graph is closed
     */
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

    /**
     * A new gsssp_options struct holding {@code options}, with compact distances on and, when the options
     * ask for a trace, a trace buffer of their capacity.
     *
     * @param options the query's options
     * @param arena   the arena the struct (and trace buffer) is allocated in
     * @return the struct
     */
    public static MemorySegment options(Options options, Arena arena) {
        MemorySegment o = gsssp_options.allocate(arena);
        Status.check(org.gsssp.internal.ffi.GssspNative.gsssp_options_init(o), "options");
        gsssp_options.compute_predecessors(o, options.computePredecessors() ? 1 : 0);
        gsssp_options.block_size(o, options.blockSize());
        gsssp_options.max_iterations(o, options.maxIterations());
        gsssp_delta_options.delta(gsssp_options.delta_stepping(o), options.deltaStepping().delta());
        gsssp_delta_options.delta_constant(gsssp_options.delta_stepping(o), options.deltaStepping().deltaConstant());
        gsssp_hbf_options.edge_classification(gsssp_options.hbf(o), options.hbf().edgeClassification() ? 1 : 0);
        gsssp_hbf_options.duplicate_removal(gsssp_options.hbf(o), options.hbf().duplicateRemoval() ? 1 : 0);
        gsssp_hbf_options.coalesced_enqueue(gsssp_options.hbf(o), options.hbf().coalescedEnqueue() ? 1 : 0);
        gsssp_hbf_options.dynamic_virtual_warps(gsssp_options.hbf(o), options.hbf().dynamicVirtualWarps() ? 1 : 0);
        gsssp_hbf_options.dynamic_parallelism(gsssp_options.hbf(o), options.hbf().dynamicParallelism().code());
        gsssp_hbf_options.dp_threshold(gsssp_options.hbf(o), options.hbf().dpThreshold());
        gsssp_da2cf_options.min_on_device(gsssp_options.da2cf(o), options.da2cf().minimumOnDevice() ? 1 : 0);
        gsssp_adds_options.static_delta(gsssp_options.adds(o), options.adds().staticDelta() ? 1 : 0);
        gsssp_adds_options.bucket_count(gsssp_options.adds(o), options.adds().bucketCount());
        gsssp_adds_options.local_rounds(gsssp_options.adds(o), options.adds().localRounds() ? 1 : 0);
        gsssp_adds_options.pool_words(gsssp_options.adds(o), addsPoolField(options));
        gsssp_adds_options.watchdog_ms(gsssp_options.adds(o), options.adds().watchdogMillis());
        // Result reads every format; 4 bytes per distance halve what a GPU query moves over the bus, 2 (int graphs whose
        // distances stay below 65,535) quarter it.
        gsssp_options.compact_distances(o, 2);
        // GPU queries check their answer on the device (CPU queries ignore the field: Result.certify runs).
        gsssp_options.certify(o, options.certify() ? 1 : 0);
        if (options.cutoff().isPresent()) {
            gsssp_options.has_cutoff(o, 1);
            gsssp_options.cutoff_int(o, options.cutoffAsLong().getAsLong());
            gsssp_options.cutoff_float(o, options.cutoff().getAsDouble());
        }
        if (options.traceCapacity() > 0) {
            gsssp_options.trace(o, gsssp_trace_sample.allocateArray(options.traceCapacity(), arena));
            gsssp_options.trace_capacity(o, options.traceCapacity());
        }
        return o;
    }

    // The native form of each Options in use: Options are immutable, so their struct is built once and
    // shared by every query (a downcall to gsssp_options_init and 19 field writes per query otherwise).
    // Weak keys: an Options the caller drops takes its struct with it.
    private static final java.util.Map<Options, MemorySegment> OPTIONS_CACHE =
            java.util.Collections.synchronizedMap(new java.util.WeakHashMap<>());

    /**
     * A copy of native {@code options} (from {@link #queryOptions}) that also lists {@code targets}: the query may
     * stop once their distances are final (gsssp.h, {@code gsssp_options.targets}). The copy lives in {@code arena}.
     */
    public static MemorySegment withTargets(MemorySegment options, int[] targets, Arena arena) {
        MemorySegment copy = gsssp_options.allocate(arena);
        copy.copyFrom(options);
        gsssp_options.targets(copy, arena.allocateFrom(ValueLayout.JAVA_INT, targets));
        gsssp_options.target_count(copy, targets.length);
        return copy;
    }

    /**
     * The options struct for one query: the cached one, or, when the options ask for a trace (a buffer the
     * query writes), a new one in {@code arena}.
     *
     * @param options the query's options
     * @param arena   the query's arena, used only when a new struct is needed
     * @return the struct; a cached one must not be written to
     */
    public static MemorySegment queryOptions(Options options, Arena arena) {
        if (options.traceCapacity() > 0) {
            return options(options, arena);
        }
        MemorySegment cached = OPTIONS_CACHE.get(options);
        if (cached == null) {
            cached = options(options, Arena.ofAuto());
            OPTIONS_CACHE.put(options, cached);
        }
        return cached;
    }

    /**
     * The value of gsssp_options.adds.pool_words for {@code options}.
     *
     * @param options the query's options
     * @return 0 for a pool sized from the graph, N &gt; 0 for a fixed pool of N words, -N for a growable pool
     *         starting at N words
     */
    public static long addsPoolField(Options options) {
        long words = options.adds().poolWords();
        return words == 0 ? 0 : options.adds().poolGrowable() ? -words : words;
    }

    /**
     * The samples the native call wrote into the options' trace buffer.
     *
     * @param options the gsssp_options struct the query ran with
     * @param stats   the gsssp_stats struct the query filled
     * @return the samples, unmodifiable; empty when none were written
     */
    public static List<TraceSample> trace(MemorySegment options, MemorySegment stats) {
        long length = gsssp_stats.trace_length(stats);
        if (length <= 0) {
            return List.of();
        }
        MemorySegment samples = gsssp_options.trace(options).reinterpret(length * gsssp_trace_sample.sizeof());
        List<TraceSample> trace = new ArrayList<>((int) length);
        for (long i = 0; i < length; i++) {
            MemorySegment sample = gsssp_trace_sample.asSlice(samples, i);
            trace.add(new TraceSample(gsssp_trace_sample.time_us(sample), gsssp_trace_sample.work(sample)));
        }
        return List.copyOf(trace);
    }

    /**
     * Bytes per distance the native call wrote to the host.
     *
     * @param stats the gsssp_stats struct the query filled
     * @return 8, or 4 or 2 (compact output)
     */
    public static int distanceBytes(MemorySegment stats) {
        int bytes = gsssp_stats.distance_bytes(stats);
        return bytes == 4 || bytes == 2 ? bytes : 8;
    }

    /**
     * A vertex on the negative cycle the native call reported.
     *
     * @param stats the gsssp_stats struct the query filled
     * @return an internal vertex id, or -1 when none was reported
     */
    public static long negativeCycleVertex(MemorySegment stats) {
        return gsssp_stats.negative_cycle_vertex(stats);
    }

    /**
     * Copies a gsssp_stats struct into a {@link Stats} record.
     *
     * @param s the gsssp_stats struct the query filled
     * @return the query's statistics
     */
    public static Stats stats(MemorySegment s) {
        return new Stats(gsssp_stats.time_ms(s), gsssp_stats.total_ms(s), gsssp_stats.iterations(s),
                gsssp_stats.vertex_visits(s), gsssp_stats.edges_relaxed(s), gsssp_stats.vertices_reached(s),
                gsssp_stats.peak_device_memory(s), gsssp_stats.delta(s), gsssp_stats.restarts(s),
                gsssp_stats.certificate_ms(s));
    }
}
