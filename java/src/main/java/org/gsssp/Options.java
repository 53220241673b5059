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
    }

    public static Options defaults() {
        return DEFAULTS;
    }

    public static Builder builder() {
        return new Builder();
    }

    public boolean computePredecessors() { return computePredecessors; }

    /** Threads per block for GPU kernels; 0 means the algorithm's default. */
    public int blockSize() { return blockSize; }

    /** Upper bound on rounds; 0 means only the algorithm's own bound. */
    public long maxIterations() { return maxIterations; }

    /** Bucket width for the delta-stepping family; 0 means the algorithm's estimate C·W/D. */
    public double delta() { return delta; }

    /** C in Δ = C·W/D; 0 means the algorithm's default. */
    public double deltaConstant() { return deltaConstant; }

    public boolean hbfEdgeClassification() { return hbfEdgeClassification; }

    public boolean hbfDuplicateRemoval() { return hbfDuplicateRemoval; }

    public boolean hbfCoalescedEnqueue() { return hbfCoalescedEnqueue; }

    public boolean hbfDynamicVirtualWarps() { return hbfDynamicVirtualWarps; }

    public HbfDynamicParallelism hbfDynamicParallelism() { return hbfDynamicParallelism; }

    public int hbfDpThreshold() { return hbfDpThreshold; }

    public boolean da2cfMinimumOnDevice() { return da2cfMinimumOnDevice; }

    /** Whether ADDS keeps its initial Δ (the Near-Far estimate, or {@link #delta()}) for the whole run. */
    public boolean addsStaticDelta() { return addsStaticDelta; }

    /** 0 means ADDS's 32 buckets. */
    public int addsBucketCount() { return addsBucketCount; }

    /** Whether ADDS workers run local rounds (gsssp's addition to the paper's worker; on by default). */
    public boolean addsLocalRounds() { return addsLocalRounds; }

    /**
     * The ADDS bucket pool in 32-bit words: 0 means sized from the graph (and grown on exhaustion); otherwise
     * the fixed pool, or the first pool of a growable one (see {@link #addsPoolGrowable()}).
     */
    public long addsPoolWords() { return addsPoolWords; }

    /** Whether an exhausted ADDS pool restarts the run with twice the pool (true for the default pool). */
    public boolean addsPoolGrowable() { return addsPoolGrowable; }

    /** Milliseconds without queue progress after which ADDS gives up; 0 means the native default (10 s). */
    public long addsWatchdogMillis() { return addsWatchdogMillis; }

    /** Samples of the parallelism trace to record (0: none); see {@link Result#trace()}. */
    public int traceCapacity() { return traceCapacity; }

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

        private Builder() {}

        /** Whether to derive a predecessor (shortest-path tree) for each vertex; on by default. */
        public Builder computePredecessors(boolean value) {
            this.computePredecessors = value;
            return this;
        }

        public Builder blockSize(int threads) {
            if (threads != 0 && (threads < 32 || threads > 1024 || threads % 32 != 0)) {
                throw new IllegalArgumentException("block size must be 0 (default) or a multiple of 32 in 32..1024, got " + threads);
            }
            this.blockSize = threads;
            return this;
        }

        public Builder maxIterations(long rounds) {
            if (rounds < 0) {
                throw new IllegalArgumentException("max iterations must be >= 0, got " + rounds);
            }
            this.maxIterations = rounds;
            return this;
        }

        public Builder delta(double value) {
            if (!(value >= 0) || Double.isInfinite(value)) {
                throw new IllegalArgumentException("delta must be finite and >= 0 (0: estimate), got " + value);
            }
            this.delta = value;
            return this;
        }

        public Builder deltaConstant(double value) {
            if (!(value >= 0) || Double.isInfinite(value)) {
                throw new IllegalArgumentException("delta constant must be finite and >= 0 (0: default), got " + value);
            }
            this.deltaConstant = value;
            return this;
        }

        public Builder hbfEdgeClassification(boolean on) {
            this.hbfEdgeClassification = on;
            return this;
        }

        public Builder hbfDuplicateRemoval(boolean on) {
            this.hbfDuplicateRemoval = on;
            return this;
        }

        public Builder hbfCoalescedEnqueue(boolean on) {
            this.hbfCoalescedEnqueue = on;
            return this;
        }

        public Builder hbfDynamicVirtualWarps(boolean on) {
            this.hbfDynamicVirtualWarps = on;
            return this;
        }

        public Builder hbfDynamicParallelism(HbfDynamicParallelism mode) {
            this.hbfDynamicParallelism = java.util.Objects.requireNonNull(mode, "mode");
            return this;
        }

        public Builder hbfDpThreshold(int outDegree) {
            if (outDegree < 1) {
                throw new IllegalArgumentException("dynamic-parallelism threshold must be >= 1, got " + outDegree);
            }
            this.hbfDpThreshold = outDegree;
            return this;
        }

        public Builder da2cfMinimumOnDevice(boolean on) {
            this.da2cfMinimumOnDevice = on;
            return this;
        }

        /** ADDS ablation (Table 5, "static Δ"): keep the initial Δ instead of adjusting it while running. */
        public Builder addsStaticDelta(boolean on) {
            this.addsStaticDelta = on;
            return this;
        }

        /**
         * ADDS buckets in the circular priority queue: 0 for the paper's 32, else 2..32 (Table 5's "2 buckets"
         * row is 2 with {@link #addsStaticDelta(boolean) static Δ}).
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
         */
        public Builder addsLocalRounds(boolean on) {
            this.addsLocalRounds = on;
            return this;
        }

        /**
         * A fixed ADDS bucket pool of this many 32-bit words (rounded up to 64K-word blocks). A run that needs
         * more fails with {@link DeviceMemoryException} instead of restarting.
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
         */
        public Builder addsGrowablePool(long initialWords) {
            checkPoolWords(initialWords, "initial ADDS pool");
            this.addsPoolWords = initialWords;
            this.addsPoolGrowable = true;
            return this;
        }

        /** The default ADDS pool: sized from the graph, doubled on exhaustion. */
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
         */
        public Builder addsWatchdogMillis(long millis) {
            if (millis < 0) {
                throw new IllegalArgumentException("ADDS watchdog must be >= 0 ms (0: default 10000), got " + millis);
            }
            this.addsWatchdogMillis = millis;
            return this;
        }

        public Builder traceCapacity(int samples) {
            if (samples < 0) {
                throw new IllegalArgumentException("trace capacity must be >= 0, got " + samples);
            }
            this.traceCapacity = samples;
            return this;
        }

        public Options build() {
            return new Options(this);
        }
    }
}
