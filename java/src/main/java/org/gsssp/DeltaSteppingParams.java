package org.gsssp;

/**
 * Parameters of the delta-stepping family ({@link Algorithm#NEAR_FAR}, {@link Algorithm#ADDS}): the bucket width Δ.
 * Immutable; build with {@link #builder()}, pass with {@link Options.Builder#deltaStepping(DeltaSteppingParams)}.
 */
public final class DeltaSteppingParams {
    private static final DeltaSteppingParams DEFAULTS = builder().build();

    private final double delta;
    private final double deltaConstant;

    private DeltaSteppingParams(Builder b) {
        this.delta = b.delta;
        this.deltaConstant = b.deltaConstant;
    }

    /**
     * The defaults: Δ estimated as C·W/D with the algorithm's C.
     *
     * @return the shared defaults
     */
    public static DeltaSteppingParams defaults() {
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
     * The bucket width Δ.
     *
     * @return Δ, or 0 for the algorithm's estimate C·W/D (W average edge weight, D average out-degree)
     */
    public double delta() {
        return delta;
    }

    /**
     * C in the estimate Δ = C·W/D, used when {@link #delta()} is 0.
     *
     * @return C, or 0 for the algorithm's default
     */
    public double deltaConstant() {
        return deltaConstant;
    }

    /**
     * A builder starting from these parameters.
     *
     * @return a new builder
     */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.delta = delta;
        b.deltaConstant = deltaConstant;
        return b;
    }

    /** Builds {@link DeltaSteppingParams}; not thread-safe. */
    public static final class Builder {
        private double delta;
        private double deltaConstant;

        private Builder() {}

        /**
         * Bucket width Δ; default 0, the estimate C·W/D.
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
         * The parameters set so far.
         *
         * @return new, immutable parameters
         */
        public DeltaSteppingParams build() {
            return new DeltaSteppingParams(this);
        }
    }
}
