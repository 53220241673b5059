package org.gsssp;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The SSSP algorithms gsssp implements. Codes match gsssp.h's gsssp_algorithm. {@link #AUTO} picks the best
 * GPU algorithm when a GPU is present and CPU Dijkstra otherwise.
 */
public enum Algorithm {
    /** The best GPU algorithm when a GPU is present, else {@link #CPU_DIJKSTRA}. */
    AUTO(-1, "auto", false),
    /** Dijkstra with a binary heap on the host; the reference every GPU result is checked against. */
    CPU_DIJKSTRA(0, "dijkstra-cpu", false),
    /** Harish &amp; Narayanan's Bellman-Ford (cost and updating-cost arrays), as written up by Patel (2023). */
    BELLMAN_FORD(1, "bellman-ford", true),
    /** Martín et al. (ICCS'09) relax_F: only vertices whose distance changed relax their out-edges. */
    FRONTIER(2, "frontier", true),
    /** Davidson et al. (IPDPS'14) Near-Far as optimized in LonestarGPU: two piles, Delta = C·W/D; traces its near pile. */
    NEAR_FAR(3, "near-far", true),
    /** Martín et al. (ICCS'09) DA2CF with relax_F: compound frontiers (all vertices at the minimum), atomicMin. */
    DA2CF_F(4, "da2cf-f", true),
    /** Martín et al. (ICCS'09) DA2CF with relax_U: unresolved vertices pull from frontier predecessors, no atomics. */
    DA2CF_U(5, "da2cf-u", true),
    /** DA2CF relax_F on a dense adjacency matrix built on the GPU (section 5); at most 16,384 vertices. */
    DA2CF_F_MATRIX(8, "da2cf-f-matrix", true),
    /** DA2CF relax_U on a dense adjacency matrix built on the GPU (section 5); at most 16,384 vertices. */
    DA2CF_U_MATRIX(9, "da2cf-u-matrix", true),
    /**
     * Busato &amp; Bombieri's H-BF (TPDS 2016): frontier Bellman-Ford with edge classification, 64-bit duplicate
     * removal, coalesced enqueue, dynamic virtual warps and dynamic parallelism (each switchable in
     * {@link Options}). Accepts negative weights; a reachable negative cycle raises {@link NegativeCycleException}.
     */
    HBF(6, "hbf", true) {
        @Override
        public boolean acceptsNegativeWeights() {
            return true;
        }
    },
    /**
     * Wang, Fussell &amp; Lin's ADDS, asynchronous dynamic delta-stepping (PPoPP 2021): persistent kernels where
     * one manager thread block hands work items from a coarse-grained priority queue of buckets (SRMW bucket
     * access, a pooled block allocator, an ordered circular work queue) to worker thread blocks, with Δ adjusted
     * while it runs. Non-negative weights only. The ablations of the paper's Table 5 (static Δ, two buckets)
     * and the bucket pool are set in {@link Options}; {@link Stats#restarts()} counts runs restarted with a
     * larger pool, and a run that stops making progress fails instead of hanging (see
     * {@link Options.Builder#addsWatchdogMillis(long)}).
     */
    ADDS(7, "adds", true);

    private final int code;
    private final String cliName;
    private final boolean gpu;

    Algorithm(int code, String cliName, boolean gpu) {
        this.code = code;
        this.cliName = cliName;
        this.gpu = gpu;
    }

    /** The gsssp.h algorithm id; -1 for AUTO, which is resolved before any native call. */
    public int code() {
        return code;
    }

    /** The name used on the command line and in benchmark tables. */
    public String cliName() {
        return cliName;
    }

    public boolean requiresGpu() {
        return gpu;
    }

    /** Whether the algorithm computes shortest paths with negative edge weights (and finds negative cycles). */
    public boolean acceptsNegativeWeights() {
        return false;
    }

    /** The GPU algorithm AUTO stands for when a GPU is present. */
    public static Algorithm defaultGpuAlgorithm() {
        return FRONTIER;
    }

    /** Parses a CLI name or an enum constant name, case-insensitively. */
    public static Algorithm parse(String name) {
        String wanted = name.trim().toLowerCase(Locale.ROOT);
        for (Algorithm a : values()) {
            if (a.cliName.equals(wanted) || a.name().toLowerCase(Locale.ROOT).equals(wanted.replace('-', '_'))) {
                return a;
            }
        }
        if (wanted.equals("cpu") || wanted.equals("dijkstra")) {
            return CPU_DIJKSTRA;
        }
        throw new IllegalArgumentException("unknown algorithm '" + name + "'; known: "
                + Arrays.stream(values()).map(Algorithm::cliName).collect(Collectors.joining(", ")));
    }

    @Override
    public String toString() {
        return cliName;
    }
}
