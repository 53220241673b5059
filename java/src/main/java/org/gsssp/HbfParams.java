package org.gsssp;

/**
 * Parameters of Busato &amp; Bombieri's H-BF ({@link Algorithm#HBF}, TPDS'16): its optimisations, each on by default
 * and each switchable for the paper's ablation. Immutable; build with {@link #builder()}, pass with
 * {@link Options.Builder#hbf(HbfParams)}.
 */
public final class HbfParams {
    private static final HbfParams DEFAULTS = builder().build();

    /** How H-BF treats frontier vertices of out-degree above the threshold (TPDS'16 section 5.3). */
    public enum DynamicParallelism {
        /** No special path: high-degree vertices go through the virtual warps like the rest. */
        OFF(0),
        /** Child kernels launched from the device (CUDA dynamic parallelism). */
        DEVICE_LAUNCH(1),
        /** One thread block per high-degree vertex, in a second kernel. */
        BLOCK_PER_VERTEX(2),
        /** Whichever of the two measured faster on the H100 (block-per-vertex in a build without device launch). */
        DEFAULT(3);

        private final int code;

        DynamicParallelism(int code) {
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

    private final boolean edgeClassification;
    private final boolean duplicateRemoval;
    private final boolean coalescedEnqueue;
    private final boolean dynamicVirtualWarps;
    private final DynamicParallelism dynamicParallelism;
    private final int dpThreshold;

    private HbfParams(Builder b) {
        this.edgeClassification = b.edgeClassification;
        this.duplicateRemoval = b.duplicateRemoval;
        this.coalescedEnqueue = b.coalescedEnqueue;
        this.dynamicVirtualWarps = b.dynamicVirtualWarps;
        this.dynamicParallelism = b.dynamicParallelism;
        this.dpThreshold = b.dpThreshold;
    }

    /**
     * The defaults: every optimisation on, dynamic parallelism {@link DynamicParallelism#DEFAULT} above 4,096.
     *
     * @return the shared defaults
     */
    public static HbfParams defaults() {
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
     * Edge classification (section 4.1): self-loops skipped, edges that need no atomics written without them, edges
     * into sinks left for one final kernel.
     *
     * @return true (the default) if on
     */
    public boolean edgeClassification() {
        return edgeClassification;
    }

    /**
     * Duplicate removal (section 4.2): distance and iteration in one 64-bit word, updated with one atomicMin, so a
     * vertex enters the next frontier once.
     *
     * @return true (the default) if on
     */
    public boolean duplicateRemoval() {
        return duplicateRemoval;
    }

    /**
     * Coalesced enqueue (section 5.1): each warp gathers its frontier entries in shared memory and writes them
     * together.
     *
     * @return true (the default) if on
     */
    public boolean coalescedEnqueue() {
        return coalescedEnqueue;
    }

    /**
     * Dynamic virtual warps (section 5.2): the virtual-warp size (4..32 threads) is chosen each round from the
     * frontier's size.
     *
     * @return true (the default) if on
     */
    public boolean dynamicVirtualWarps() {
        return dynamicVirtualWarps;
    }

    /**
     * How frontier vertices of out-degree above {@link #dpThreshold()} are expanded (section 5.3).
     *
     * @return the mode; {@link DynamicParallelism#DEFAULT} by default
     */
    public DynamicParallelism dynamicParallelism() {
        return dynamicParallelism;
    }

    /**
     * T_DP: the out-degree above which {@link #dynamicParallelism()} applies.
     *
     * @return the threshold, at least 1; 4096 by default
     */
    public int dpThreshold() {
        return dpThreshold;
    }

    /**
     * A builder starting from these parameters.
     *
     * @return a new builder
     */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.edgeClassification = edgeClassification;
        b.duplicateRemoval = duplicateRemoval;
        b.coalescedEnqueue = coalescedEnqueue;
        b.dynamicVirtualWarps = dynamicVirtualWarps;
        b.dynamicParallelism = dynamicParallelism;
        b.dpThreshold = dpThreshold;
        return b;
    }

    /** Builds {@link HbfParams}; not thread-safe. */
    public static final class Builder {
        private boolean edgeClassification = true;
        private boolean duplicateRemoval = true;
        private boolean coalescedEnqueue = true;
        private boolean dynamicVirtualWarps = true;
        private DynamicParallelism dynamicParallelism = DynamicParallelism.DEFAULT;
        private int dpThreshold = 4096;

        private Builder() {}

        /**
         * Edge classification (section 4.1); on by default. Off for the ablation.
         *
         * @param on false to turn it off
         * @return this builder
         */
        public Builder edgeClassification(boolean on) {
            this.edgeClassification = on;
            return this;
        }

        /**
         * 64-bit duplicate removal (section 4.2); on by default. Off for the ablation.
         *
         * @param on false to turn it off
         * @return this builder
         */
        public Builder duplicateRemoval(boolean on) {
            this.duplicateRemoval = on;
            return this;
        }

        /**
         * Coalesced enqueue (section 5.1); on by default. Off for the ablation.
         *
         * @param on false to turn it off
         * @return this builder
         */
        public Builder coalescedEnqueue(boolean on) {
            this.coalescedEnqueue = on;
            return this;
        }

        /**
         * Dynamic virtual warps (section 5.2); on by default. Off for the ablation.
         *
         * @param on false to turn it off
         * @return this builder
         */
        public Builder dynamicVirtualWarps(boolean on) {
            this.dynamicVirtualWarps = on;
            return this;
        }

        /**
         * How high-degree frontier vertices are expanded (section 5.3); default {@link DynamicParallelism#DEFAULT}.
         *
         * @param mode the mode, not null
         * @return this builder
         * @throws NullPointerException if {@code mode} is null
         */
        public Builder dynamicParallelism(DynamicParallelism mode) {
            this.dynamicParallelism = java.util.Objects.requireNonNull(mode, "mode");
            return this;
        }

        /**
         * T_DP: the out-degree above which {@link #dynamicParallelism(DynamicParallelism)} applies; default 4096.
         *
         * @param outDegree the threshold, at least 1
         * @return this builder
         * @throws IllegalArgumentException if {@code outDegree} is below 1
         */
        public Builder dpThreshold(int outDegree) {
            if (outDegree < 1) {
                throw new IllegalArgumentException("dynamic-parallelism threshold must be >= 1, got " + outDegree);
            }
            this.dpThreshold = outDegree;
            return this;
        }

        /**
         * The parameters set so far.
         *
         * @return new, immutable parameters
         */
        public HbfParams build() {
            return new HbfParams(this);
        }
    }
}
