package org.gsssp;

/**
 * Per-query options. Immutable; build with {@link #builder()}. Fields an algorithm does not use are ignored.
 */
public final class Options {
    private static final Options DEFAULTS = builder().build();

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
    private final long addsPoolWords;
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
        this.addsPoolWords = b.addsPoolWords;
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

    public boolean addsStaticDelta() { return addsStaticDelta; }

    /** 0 means ADDS's 32 buckets. */
    public int addsBucketCount() { return addsBucketCount; }

    /** 0 means sized from the graph. */
    public long addsPoolWords() { return addsPoolWords; }

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
        private long addsPoolWords;
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

        public Builder addsStaticDelta(boolean on) {
            this.addsStaticDelta = on;
            return this;
        }

        public Builder addsBucketCount(int buckets) {
            if (buckets != 0 && (buckets < 2 || buckets > 32)) {
                throw new IllegalArgumentException("ADDS bucket count must be 0 (default 32) or 2..32, got " + buckets);
            }
            this.addsBucketCount = buckets;
            return this;
        }

        public Builder addsPoolWords(long words) {
            if (words < 0) {
                throw new IllegalArgumentException("ADDS pool size must be >= 0 (0: from the graph), got " + words);
            }
            this.addsPoolWords = words;
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
