package org.gsssp;

/**
 * Parameters of Martín et al.'s DA2CF ({@link Algorithm#DA2CF_F}, {@link Algorithm#DA2CF_U} and their matrix
 * variants). Immutable; build with {@link #builder()}, pass with {@link Options.Builder#da2cf(Da2cfParams)}.
 */
public final class Da2cfParams {
    private static final Da2cfParams DEFAULTS = builder().build();

    private final boolean minimumOnDevice;

    private Da2cfParams(Builder b) {
        this.minimumOnDevice = b.minimumOnDevice;
    }

    /**
     * The defaults: the minimum reduction wholly on the GPU.
     *
     * @return the shared defaults
     */
    public static Da2cfParams defaults() {
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
     * Where the minimum reduction finishes: wholly on the GPU, or, as in the paper, in two passes with the final
     * step on the host.
     *
     * @return true (the default) for wholly on the GPU
     */
    public boolean minimumOnDevice() {
        return minimumOnDevice;
    }

    /**
     * A builder starting from these parameters.
     *
     * @return a new builder
     */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.minimumOnDevice = minimumOnDevice;
        return b;
    }

    /** Builds {@link Da2cfParams}; not thread-safe. */
    public static final class Builder {
        private boolean minimumOnDevice = true;

        private Builder() {}

        /**
         * Whether the minimum reduction runs wholly on the GPU (the default), or, when off, in two passes with the
         * final step on the host, as in the paper.
         *
         * @param on false for the paper's two passes
         * @return this builder
         */
        public Builder minimumOnDevice(boolean on) {
            this.minimumOnDevice = on;
            return this;
        }

        /**
         * The parameters set so far.
         *
         * @return new, immutable parameters
         */
        public Da2cfParams build() {
            return new Da2cfParams(this);
        }
    }
}
