package org.gsssp;

/**
 * Per-query options. Immutable; build with {@link #builder()}. Fields an algorithm does not use are ignored.
 */
public final class Options {
    private static final Options DEFAULTS = builder().build();

    private final boolean computePredecessors;
    private final int blockSize;
    private final long maxIterations;

    private Options(Builder b) {
        this.computePredecessors = b.computePredecessors;
        this.blockSize = b.blockSize;
        this.maxIterations = b.maxIterations;
    }

    public static Options defaults() {
        return DEFAULTS;
    }

    public static Builder builder() {
        return new Builder();
    }

    public boolean computePredecessors() {
        return computePredecessors;
    }

    /** Threads per block for GPU kernels; 0 means the algorithm's default. */
    public int blockSize() {
        return blockSize;
    }

    /** Upper bound on rounds; 0 means only the algorithm's own bound. */
    public long maxIterations() {
        return maxIterations;
    }

    public static final class Builder {
        private boolean computePredecessors = true;
        private int blockSize;
        private long maxIterations;

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

        public Options build() {
            return new Options(this);
        }
    }
}
