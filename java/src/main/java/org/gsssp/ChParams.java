package org.gsssp;

/**
 * How {@link ContractionHierarchy#build(Graph, ChParams)} contracts a graph: the host threads, the bound on each
 * witness search, when to give up on a graph that contracts badly, and who hears the progress. Immutable; build
 * with {@link #builder()}. Zero means "the library's default" for every number.
 */
public final class ChParams {
    private static final ChParams DEFAULTS = builder().build();

    private final int threads;
    private final int witnessSettleLimit;
    private final double maxShortcutRatio;
    private final Progress progress;

    private ChParams(Builder b) {
        this.threads = b.threads;
        this.witnessSettleLimit = b.witnessSettleLimit;
        this.maxShortcutRatio = b.maxShortcutRatio;
        this.progress = b.progress;
    }

    /**
     * Hears how far a build has got. It is called on a thread of the build, now and then (not for every vertex), one
     * call at a time. Throwing stops the build: nothing is kept, and {@code build} throws what this threw.
     */
    @FunctionalInterface
    public interface Progress {
        /**
         * One step of the build.
         *
         * @param contracted vertices contracted so far
         * @param total      the graph's vertices
         */
        void progress(long contracted, long total);
    }

    /**
     * The defaults: every hardware thread, the library's measured witness limit and shortcut bound, no progress.
     *
     * @return the shared defaults
     */
    public static ChParams defaults() {
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
     * Host threads the build runs on.
     *
     * @return a positive count, or 0 for every hardware thread
     */
    public int threads() {
        return threads;
    }

    /**
     * Vertices one witness search settles before it gives up (and a shortcut is added, which costs speed, never
     * exactness).
     *
     * @return a positive bound, or 0 for the library's default
     */
    public int witnessSettleLimit() {
        return witnessSettleLimit;
    }

    /**
     * The most shortcuts, as a multiple of the graph's arcs, before the build stops with
     * {@link UnsupportedInputException} (social and R-MAT graphs: their shortcuts explode).
     *
     * @return a positive ratio, or 0 for the library's default
     */
    public double maxShortcutRatio() {
        return maxShortcutRatio;
    }

    /**
     * Who hears the build's progress.
     *
     * @return the listener, or null for none
     */
    public Progress progress() {
        return progress;
    }

    @Override
    public String toString() {
        return "ChParams[threads=" + threads + ", witnessSettleLimit=" + witnessSettleLimit + ", maxShortcutRatio="
                + maxShortcutRatio + (progress != null ? ", progress" : "") + "]";
    }

    /** Builds {@link ChParams}; every setter checks its value at once. */
    public static final class Builder {
        private int threads;
        private int witnessSettleLimit;
        private double maxShortcutRatio;
        private Progress progress;

        private Builder() {}

        /**
         * Host threads for the build.
         *
         * @param threads a positive count, or 0 for every hardware thread
         * @return this builder
         * @throws IllegalArgumentException if negative
         */
        public Builder threads(int threads) {
            if (threads < 0) {
                throw new IllegalArgumentException("threads must be 0 (all) or positive, got " + threads);
            }
            this.threads = threads;
            return this;
        }

        /**
         * Vertices one witness search settles at most.
         *
         * @param limit a positive bound, or 0 for the library's default
         * @return this builder
         * @throws IllegalArgumentException if negative
         */
        public Builder witnessSettleLimit(int limit) {
            if (limit < 0) {
                throw new IllegalArgumentException("witnessSettleLimit must be 0 (default) or positive, got " + limit);
            }
            this.witnessSettleLimit = limit;
            return this;
        }

        /**
         * The most shortcuts, as a multiple of the graph's arcs, before the build gives up.
         *
         * @param ratio a positive finite ratio, or 0 for the library's default
         * @return this builder
         * @throws IllegalArgumentException if negative, NaN or infinite
         */
        public Builder maxShortcutRatio(double ratio) {
            if (!(ratio >= 0) || Double.isInfinite(ratio)) {
                throw new IllegalArgumentException("maxShortcutRatio must be 0 (default) or a positive finite number, got "
                        + ratio);
            }
            this.maxShortcutRatio = ratio;
            return this;
        }

        /**
         * Who hears the build's progress.
         *
         * @param progress the listener, or null for none
         * @return this builder
         */
        public Builder progress(Progress progress) {
            this.progress = progress;
            return this;
        }

        /**
         * The parameters.
         *
         * @return a new immutable ChParams
         */
        public ChParams build() {
            return new ChParams(this);
        }
    }
}
