package org.gsssp;

/**
 * Per-query options. Immutable; build with {@link #builder()}. Fields an algorithm does not use are ignored.
 */
public final class Options {
    private static final Options DEFAULTS = builder().build();

    /** The largest ADDS pool accepted, in 32-bit words (2^48 words = 1 PiB). */
    public static final long MAX_ADDS_POOL_WORDS = 1L << 48;

    /** How H-BF treats frontier vertices of out-degree above the threshold (TPDS'16 section 5.3). */
    public enum HbfDynamicParallelism {
        /** No special path: high-degree vertices go through the virtual warps like the rest. */
        OFF(0),
        /** Child kernels launched from the device (CUDA dynamic parallelism). */
        DEVICE_LAUNCH(1),
        /** One thread block per high-degree vertex, in a second kernel. */
        BLOCK_PER_VERTEX(2),
        /** Whichever of the two measured faster on the H100. */
        DEFAULT(3);

        private final int code;

        HbfDynamicParallelism(int code) {
            this.code = code;
        }

        /**
         * The numeric code gsssp.h uses for this mode (gsssp_hbf_dp_mode).
         *
         * @return 0..3, in declaration order
         */
        public int code() {
            return code;
        }
    }

    private final boolean computePredecessors;
    private final int blockSize;
    private final long maxIterations;
    private final double delta;
    private final double deltaConstant;
    private final boolean hbfEdgeClassification;
    private final boolean hbfDuplicateRemoval;
    private final boolean hbfCoalescedEnqueue;
    private final boolean hbfDynamicVirtualWarps;
    private final HbfDynamicParallelism hbfDynamicParallelism;
    private final int hbfDpThreshold;
    private final boolean da2cfMinimumOnDevice;
    private final boolean addsStaticDelta;
    private final int addsBucketCount;
    private final boolean addsLocalRounds;
    private final long addsPoolWords;
    private final boolean addsPoolGrowable;
    private final long addsWatchdogMillis;
    private final int traceCapacity;
    private final boolean certify;

    private Options(Builder b) {
        this.computePredecessors = b.computePredecessors;
        this.blockSize = b.blockSize;
        this.maxIterations = b.maxIterations;
        this.delta = b.delta;
        this.deltaConstant = b.deltaConstant;
        this.hbfEdgeClassification = b.hbfEdgeClassification;
        this.hbfDuplicateRemoval = b.hbfDuplicateRemoval;
        this.hbfCoalescedEnqueue = b.hbfCoalescedEnqueue;
        this.hbfDynamicVirtualWarps = b.hbfDynamicVirtualWarps;
        this.hbfDynamicParallelism = b.hbfDynamicParallelism;
        this.hbfDpThreshold = b.hbfDpThreshold;
        this.da2cfMinimumOnDevice = b.da2cfMinimumOnDevice;
        this.addsStaticDelta = b.addsStaticDelta;
        this.addsBucketCount = b.addsBucketCount;
        this.addsLocalRounds = b.addsLocalRounds;
        this.addsPoolWords = b.addsPoolWords;
        this.addsPoolGrowable = b.addsPoolGrowable;
        this.addsWatchdogMillis = b.addsWatchdogMillis;
        this.traceCapacity = b.traceCapacity;
        this.certify = b.certify;
    }

    /**
     * The options of a fresh {@link #builder()}: predecessors on, every algorithm's own defaults.
     *
     * @return the shared default options
     */
    public static Options defaults() {
        return DEFAULTS;
    }

    /**
     * A builder starting from the defaults.
     *
     * @return a new builder
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Whether the query derives a predecessor (shortest-path tree) for each vertex.
     *
     * @return true (the default) if predecessors are computed
     */
    public boolean computePredecessors() { return computePredecessors; }

    /**
     * Threads per block for GPU kernels.
     *
     * @return a multiple of 32 in 32..1024, or 0 for the algorithm's default
     */
    public int blockSize() { return blockSize; }

    /**
     * Upper bound on rounds; reaching it fails the query with {@link NotConvergedException}.
     *
     * @return the limit, or 0 for only the algorithm's own bound
     */
    public long maxIterations() { return maxIterations; }

    /**
     * Bucket width Δ for the delta-stepping family (Near-Far, ADDS).
     *
     * @return Δ, or 0 for the algorithm's estimate C·W/D (W average edge weight, D average out-degree)
     */
    public double delta() { return delta; }

    /**
     * C in the estimate Δ = C·W/D, used when {@link #delta()} is 0.
     *
     * @return C, or 0 for the algorithm's default
     */
    public double deltaConstant() { return deltaConstant; }

    /**
     * H-BF's edge classification (TPDS'16 section 4.1): self-loops skipped, edges that need no atomics written without them, edges into sinks left for one final kernel.
     *
     * @return true (the default) if on
     */
    public boolean hbfEdgeClassification() { return hbfEdgeClassification; }

    /**
     * H-BF's duplicate removal (section 4.2): distance and iteration in one 64-bit word, updated with one atomicMin, so a vertex enters the next frontier once.
     *
     * @return true (the default) if on
     */
    public boolean hbfDuplicateRemoval() { return hbfDuplicateRemoval; }

    /**
     * H-BF's coalesced enqueue (section 5.1): each warp gathers its frontier entries in shared memory and writes them together.
     *
     * @return true (the default) if on
     */
    public boolean hbfCoalescedEnqueue() { return hbfCoalescedEnqueue; }

    /**
     * H-BF's dynamic virtual warps (section 5.2): the virtual-warp size (4..32 threads) is chosen each round from the frontier's size.
     *
     * @return true (the default) if on
     */
    public boolean hbfDynamicVirtualWarps() { return hbfDynamicVirtualWarps; }

    /**
     * How H-BF treats frontier vertices of out-degree above {@link #hbfDpThreshold()} (section 5.3).
     *
     * @return the mode; {@link HbfDynamicParallelism#DEFAULT} by default
     */
    public HbfDynamicParallelism hbfDynamicParallelism() { return hbfDynamicParallelism; }

    /**
     * T_DP: the out-degree above which H-BF's {@link #hbfDynamicParallelism()} applies.
     *
     * @return the threshold, at least 1; 4096 by default
     */
    public int hbfDpThreshold() { return hbfDpThreshold; }

    /**
     * Where DA2CF's minimum reduction finishes: wholly on the GPU, or, as in the paper, in two passes with the final step on the host.
     *
     * @return true (the default) for wholly on the GPU
     */
    public boolean da2cfMinimumOnDevice() { return da2cfMinimumOnDevice; }

    /**
     * Whether ADDS keeps its initial Δ (the Near-Far estimate, or {@link #delta()}) for the whole run.
     *
     * @return true for a static Δ (a Table 5 ablation); false (the default) to adjust it while running
     */
    public boolean addsStaticDelta() { return addsStaticDelta; }

    /**
     * Buckets in ADDS's circular priority queue.
     *
     * @return 2..32, or 0 for the paper's 32
     */
    public int addsBucketCount() { return addsBucketCount; }

    /**
     * Whether ADDS workers run local rounds (gsssp's addition to the paper's worker; see {@link Builder#addsLocalRounds(boolean)}).
     *
     * @return true (the default) if on
     */
    public boolean addsLocalRounds() { return addsLocalRounds; }

    /**
     * The ADDS bucket pool in 32-bit words: 0 means sized from the graph (and grown on exhaustion); otherwise
     * the fixed pool, or the first pool of a growable one (see {@link #addsPoolGrowable()}).
     *
     * @return the pool's size in words, 0..{@link #MAX_ADDS_POOL_WORDS}
     */
    public long addsPoolWords() { return addsPoolWords; }

    /**
     * Whether an exhausted ADDS pool restarts the run with twice the pool (true for the default pool).
     *
     * @return true for a growable pool, false for a fixed one
     */
    public boolean addsPoolGrowable() { return addsPoolGrowable; }

    /**
     * Milliseconds without queue progress after which ADDS gives up.
     *
     * @return the watchdog's timeout, or 0 for the native default (10 s)
     */
    public long addsWatchdogMillis() { return addsWatchdogMillis; }

    /**
     * Samples of the parallelism trace to record; see {@link Result#trace()}.
     *
     * @return the most samples recorded, or 0 for no trace
     */
    public int traceCapacity() { return traceCapacity; }

    /**
     * Whether each query's answer is checked by {@link Result#certify()} before it is returned (see
     * {@link Builder#certify(boolean)}).
     *
     * @return true if queries certify their results
     */
    public boolean certify() {
        return certify;
    }

    /** Builds {@link Options}; not thread-safe. Get one from {@link Options#builder()}. */
    public static final class Builder {
        private boolean computePredecessors = true;
        private int blockSize;
        private long maxIterations;
        private double delta;
        private double deltaConstant;
        private boolean hbfEdgeClassification = true;
        private boolean hbfDuplicateRemoval = true;
        private boolean hbfCoalescedEnqueue = true;
        private boolean hbfDynamicVirtualWarps = true;
        private HbfDynamicParallelism hbfDynamicParallelism = HbfDynamicParallelism.DEFAULT;
        private int hbfDpThreshold = 4096;
        private boolean da2cfMinimumOnDevice = true;
        private boolean addsStaticDelta;
        private int addsBucketCount;
        private boolean addsLocalRounds = true;
        private long addsPoolWords;
        private boolean addsPoolGrowable = true;
        private long addsWatchdogMillis;
        private int traceCapacity;
        private boolean certify;

        private Builder() {}

        /**
         * Whether to derive a predecessor (shortest-path tree) for each vertex; on by default.
         *
         * @param value false to compute distances only
         * @return this builder
         */
        public Builder computePredecessors(boolean value) {
            this.computePredecessors = value;
            return this;
        }

        /**
         * Threads per block for GPU kernels; default 0, the algorithm's own choice.
         *
         * @param threads 0, or a multiple of 32 in 32..1024
         * @return this builder
         * @throws IllegalArgumentException if {@code threads} is not one of those
         */
        public Builder blockSize(int threads) {
            if (threads != 0 && (threads < 32 || threads > 1024 || threads % 32 != 0)) {
                throw new IllegalArgumentException("block size must be 0 (default) or a multiple of 32 in 32..1024, got " + threads);
            }
            this.blockSize = threads;
            return this;
        }

        /**
         * Upper bound on rounds; a query that reaches it fails with {@link NotConvergedException}. Default 0,
         * only the algorithm's own bound.
         *
         * @param rounds the limit, or 0 for none
         * @return this builder
         * @throws IllegalArgumentException if {@code rounds} is negative
         */
        public Builder maxIterations(long rounds) {
            if (rounds < 0) {
                throw new IllegalArgumentException("max iterations must be >= 0, got " + rounds);
            }
            this.maxIterations = rounds;
            return this;
        }

        /**
         * Bucket width Δ for the delta-stepping family (Near-Far, ADDS); default 0, the estimate C·W/D.
         *
         * @param value Δ, finite and &gt; 0, or 0 for the estimate
         * @return this builder
         * @throws IllegalArgumentException if {@code value} is negative, NaN or infinite
         */
        public Builder delta(double value) {
            if (!(value >= 0) || Double.isInfinite(value)) {
                throw new IllegalArgumentException("delta must be finite and >= 0 (0: estimate), got " + value);
            }
            this.delta = value;
            return this;
        }

        /**
         * C in the estimate Δ = C·W/D used when {@link #delta(double)} is 0; default 0, the algorithm's C.
         *
         * @param value C, finite and &gt; 0, or 0 for the algorithm's default
         * @return this builder
         * @throws IllegalArgumentException if {@code value} is negative, NaN or infinite
         */
        public Builder deltaConstant(double value) {
            if (!(value >= 0) || Double.isInfinite(value)) {
                throw new IllegalArgumentException("delta constant must be finite and >= 0 (0: default), got " + value);
            }
            this.deltaConstant = value;
            return this;
        }

        /**
         * H-BF's edge classification (TPDS'16 section 4.1); on by default. Off for the ablation.
         *
         * @param on false to turn it off
         * @return this builder
         */
        public Builder hbfEdgeClassification(boolean on) {
            this.hbfEdgeClassification = on;
            return this;
        }

        /**
         * H-BF's 64-bit duplicate removal (section 4.2); on by default. Off for the ablation.
         *
         * @param on false to turn it off
         * @return this builder
         */
        public Builder hbfDuplicateRemoval(boolean on) {
            this.hbfDuplicateRemoval = on;
            return this;
        }

        /**
         * H-BF's coalesced enqueue (section 5.1); on by default. Off for the ablation.
         *
         * @param on false to turn it off
         * @return this builder
         */
        public Builder hbfCoalescedEnqueue(boolean on) {
            this.hbfCoalescedEnqueue = on;
            return this;
        }

        /**
         * H-BF's dynamic virtual warps (section 5.2); on by default. Off for the ablation.
         *
         * @param on false to turn it off
         * @return this builder
         */
        public Builder hbfDynamicVirtualWarps(boolean on) {
            this.hbfDynamicVirtualWarps = on;
            return this;
        }

        /**
         * How H-BF treats high-degree frontier vertices (section 5.3); default
         * {@link HbfDynamicParallelism#DEFAULT}.
         *
         * @param mode the mode, not null
         * @return this builder
         * @throws NullPointerException if {@code mode} is null
         */
        public Builder hbfDynamicParallelism(HbfDynamicParallelism mode) {
            this.hbfDynamicParallelism = java.util.Objects.requireNonNull(mode, "mode");
            return this;
        }

        /**
         * T_DP: the out-degree above which {@link #hbfDynamicParallelism(HbfDynamicParallelism)} applies; default
         * 4096.
         *
         * @param outDegree the threshold, at least 1
         * @return this builder
         * @throws IllegalArgumentException if {@code outDegree} is below 1
         */
        public Builder hbfDpThreshold(int outDegree) {
            if (outDegree < 1) {
                throw new IllegalArgumentException("dynamic-parallelism threshold must be >= 1, got " + outDegree);
            }
            this.hbfDpThreshold = outDegree;
            return this;
        }

        /**
         * Whether DA2CF's minimum reduction runs wholly on the GPU (the default), or, when off, in two passes
         * with the final step on the host, as in the paper.
         *
         * @param on false for the paper's two passes
         * @return this builder
         */
        public Builder da2cfMinimumOnDevice(boolean on) {
            this.da2cfMinimumOnDevice = on;
            return this;
        }

        /**
         * ADDS ablation (Table 5, "static Δ"): keep the initial Δ instead of adjusting it while running. Off by
         * default.
         *
         * @param on true for a static Δ
         * @return this builder
         */
        public Builder addsStaticDelta(boolean on) {
            this.addsStaticDelta = on;
            return this;
        }

        /**
         * ADDS buckets in the circular priority queue: 0 for the paper's 32, else 2..32 (Table 5's "2 buckets"
         * row is 2 with {@link #addsStaticDelta(boolean) static Δ}).
         *
         * @param buckets 0, or 2..32
         * @return this builder
         * @throws IllegalArgumentException if {@code buckets} is neither
         */
        public Builder addsBucketCount(int buckets) {
            if (buckets != 0 && (buckets < 2 || buckets > 32)) {
                throw new IllegalArgumentException("ADDS bucket count must be 0 (default 32) or 2..32, got " + buckets);
            }
            this.addsBucketCount = buckets;
            return this;
        }

        /**
         * ADDS worker-local rounds, gsssp's addition to the paper's worker (on by default): a worker holding a
         * small assignment (at most 64 items) expands the vertices it lowers into that assignment's bucket
         * itself, instead of pushing each one for the manager to hand out again. This shortens every hop along
         * a shortest path on road networks and meshes (road NY 8.4 → 2.8 ms on an H100) and leaves graphs with
         * plentiful work as they were. Off gives the paper's worker, for comparison.
         *
         * @param on false for the paper's worker
         * @return this builder
         */
        public Builder addsLocalRounds(boolean on) {
            this.addsLocalRounds = on;
            return this;
        }

        /**
         * A fixed ADDS bucket pool of this many 32-bit words (rounded up to 64K-word blocks). A run that needs
         * more fails with {@link DeviceMemoryException} instead of restarting.
         *
         * @param words the pool's size, 1..{@link #MAX_ADDS_POOL_WORDS}
         * @return this builder
         * @throws IllegalArgumentException if {@code words} is outside that range
         */
        public Builder addsPoolWords(long words) {
            checkPoolWords(words, "fixed ADDS pool");
            this.addsPoolWords = words;
            this.addsPoolGrowable = false;
            return this;
        }

        /**
         * A growable ADDS bucket pool that starts with this many 32-bit words: a run that exhausts it restarts
         * with twice the pool ({@link Stats#restarts()} counts how often).
         *
         * @param initialWords the first pool's size, 1..{@link #MAX_ADDS_POOL_WORDS}
         * @return this builder
         * @throws IllegalArgumentException if {@code initialWords} is outside that range
         */
        public Builder addsGrowablePool(long initialWords) {
            checkPoolWords(initialWords, "initial ADDS pool");
            this.addsPoolWords = initialWords;
            this.addsPoolGrowable = true;
            return this;
        }

        /**
         * The default ADDS pool: sized from the graph, doubled on exhaustion.
         *
         * @return this builder
         */
        public Builder addsPoolFromGraph() {
            this.addsPoolWords = 0;
            this.addsPoolGrowable = true;
            return this;
        }

        private static void checkPoolWords(long words, String what) {
            // The native side rounds the pool up to whole blocks and doubles it, in 64-bit byte counts: a bound
            // far above any GPU keeps that arithmetic from overflowing.
            if (words < 1 || words > MAX_ADDS_POOL_WORDS) {
                throw new IllegalArgumentException(what + " must be 1.." + MAX_ADDS_POOL_WORDS + " words (use "
                        + "addsPoolFromGraph() for the default), got " + words);
            }
        }

        /**
         * ADDS watchdog: a run whose work queue makes no progress for this long fails with a
         * {@link GssspException} naming the queue's state; 0 means the default of 10 seconds.
         *
         * @param millis the timeout in milliseconds, or 0 for the default
         * @return this builder
         * @throws IllegalArgumentException if {@code millis} is negative
         */
        public Builder addsWatchdogMillis(long millis) {
            if (millis < 0) {
                throw new IllegalArgumentException("ADDS watchdog must be >= 0 ms (0: default 10000), got " + millis);
            }
            this.addsWatchdogMillis = millis;
            return this;
        }

        /**
         * Samples of the parallelism trace to record (see {@link Result#trace()}); default 0, no trace. Algorithms
         * that do not trace record none.
         *
         * @param samples the most samples to record, or 0
         * @return this builder
         * @throws IllegalArgumentException if {@code samples} is negative
         */
        public Builder traceCapacity(int samples) {
            if (samples < 0) {
                throw new IllegalArgumentException("trace capacity must be >= 0, got " + samples);
            }
            this.traceCapacity = samples;
            return this;
        }

        /**
         * Checks every answer with the O(n + m) optimality certificate before returning it; a violation fails the
         * query with {@link CertificateException}. GPU queries check on the device, before the answer is copied
         * out ({@link Stats#certificateMs()}: within 15% of an ADDS query on road NY and R-MAT 22 on an H200); CPU
         * queries check on the host ({@link Result#certify()}). Off by default: it costs a pass over the graph.
         *
         * @param value true to certify every answer
         * @return this builder
         */
        public Builder certify(boolean value) {
            this.certify = value;
            return this;
        }

        /**
         * The options set so far.
         *
         * @return new, immutable options
         */
        public Options build() {
            return new Options(this);
        }
    }
}
