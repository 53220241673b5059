package org.gsssp;

/**
 * Per-query options: what every algorithm reads (predecessors, block size, round limit, trace, certificate), and
 * one parameter object per algorithm family ({@link DeltaSteppingParams} for Near-Far and ADDS, {@link AddsParams},
 * {@link HbfParams}, {@link Da2cfParams}), after cuVS's per-algorithm search parameters. Immutable; build with
 * {@link #builder()}. An algorithm ignores the parameters of the others.
 *
 * <pre>{@code
 * Options o = Options.builder()
 *         .computePredecessors(false)
 *         .adds(AddsParams.builder().staticDelta(true).bucketCount(2).build())
 *         .build();
 * }</pre>
 */
public final class Options {
    private static final Options DEFAULTS = builder().build();

    private final boolean computePredecessors;
    private final int blockSize;
    private final long maxIterations;
    private final DeltaSteppingParams deltaStepping;
    private final AddsParams adds;
    private final HbfParams hbf;
    private final Da2cfParams da2cf;
    private final int traceCapacity;
    private final boolean certify;
    private final boolean hasCutoff;
    private final long cutoffLong;
    private final double cutoffDouble;

    private Options(Builder b) {
        this.computePredecessors = b.computePredecessors;
        this.blockSize = b.blockSize;
        this.maxIterations = b.maxIterations;
        this.deltaStepping = b.deltaStepping;
        this.adds = b.adds;
        this.hbf = b.hbf;
        this.da2cf = b.da2cf;
        this.traceCapacity = b.traceCapacity;
        this.certify = b.certify;
        this.hasCutoff = b.hasCutoff;
        this.cutoffLong = b.cutoffLong;
        this.cutoffDouble = b.cutoffDouble;
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
     * The delta-stepping family's parameters (Near-Far, ADDS): Δ.
     *
     * @return the parameters; {@link DeltaSteppingParams#defaults()} unless set
     */
    public DeltaSteppingParams deltaStepping() { return deltaStepping; }

    /**
     * ADDS's parameters.
     *
     * @return the parameters; {@link AddsParams#defaults()} unless set
     */
    public AddsParams adds() { return adds; }

    /**
     * H-BF's parameters.
     *
     * @return the parameters; {@link HbfParams#defaults()} unless set
     */
    public HbfParams hbf() { return hbf; }

    /**
     * DA2CF's parameters.
     *
     * @return the parameters; {@link Da2cfParams#defaults()} unless set
     */
    public Da2cfParams da2cf() { return da2cf; }

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

    /**
     * The cutoff distance (see {@link Builder#cutoff(long)}), as the builder was given it.
     *
     * @return the cutoff, or empty for a full search
     */
    public java.util.OptionalDouble cutoff() {
        return hasCutoff ? java.util.OptionalDouble.of(cutoffDouble) : java.util.OptionalDouble.empty();
    }

    /**
     * The cutoff that applies to a graph of int32 weights: the given {@code long}, or the floor of the given
     * {@code double} ({@link Long#MAX_VALUE} for +infinity).
     *
     * @return the cutoff, or empty for a full search
     */
    public java.util.OptionalLong cutoffAsLong() {
        return hasCutoff ? java.util.OptionalLong.of(cutoffLong) : java.util.OptionalLong.empty();
    }

    /** Builds {@link Options}; not thread-safe. Get one from {@link Options#builder()}. */
    public static final class Builder {
        private boolean computePredecessors = true;
        private int blockSize;
        private long maxIterations;
        private DeltaSteppingParams deltaStepping = DeltaSteppingParams.defaults();
        private AddsParams adds = AddsParams.defaults();
        private HbfParams hbf = HbfParams.defaults();
        private Da2cfParams da2cf = Da2cfParams.defaults();
        private int traceCapacity;
        private boolean certify;
        private boolean hasCutoff;
        private long cutoffLong;
        private double cutoffDouble;

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
         * The delta-stepping family's parameters (Near-Far, ADDS).
         *
         * @param params the parameters, not null
         * @return this builder
         */
        public Builder deltaStepping(DeltaSteppingParams params) {
            this.deltaStepping = java.util.Objects.requireNonNull(params, "params");
            return this;
        }

        /**
         * ADDS's parameters.
         *
         * @param params the parameters, not null
         * @return this builder
         */
        public Builder adds(AddsParams params) {
            this.adds = java.util.Objects.requireNonNull(params, "params");
            return this;
        }

        /**
         * H-BF's parameters.
         *
         * @param params the parameters, not null
         * @return this builder
         */
        public Builder hbf(HbfParams params) {
            this.hbf = java.util.Objects.requireNonNull(params, "params");
            return this;
        }

        /**
         * DA2CF's parameters.
         *
         * @param params the parameters, not null
         * @return this builder
         */
        public Builder da2cf(Da2cfParams params) {
            this.da2cf = java.util.Objects.requireNonNull(params, "params");
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
         * A cutoff distance (an isochrone): the query reports only the vertices at distance at most {@code distance}
         * (a vertex at exactly the cutoff is reached); every other vertex is unreached, and
         * {@link Stats#verticesReached()} counts the ball. CPU Dijkstra, ADDS and Near-Far stop once the ball is
         * settled, so a small ball costs a fraction of a full query; the other algorithms search in full and clear
         * the rest. The {@link Result} says the cutoff it applied ({@link Result#cutoff()}). For graphs of int32
         * weights; on float32 weights it applies as a {@code double}. Not with {@link #certify(boolean)}, negative
         * weights (the query fails with {@link UnsupportedInputException}) or GPU batches and matrices.
         *
         * @param distance the cutoff, at least 0
         * @return this builder
         * @throws IllegalArgumentException if {@code distance} is negative
         */
        public Builder cutoff(long distance) {
            if (distance < 0) {
                throw new IllegalArgumentException("cutoff must be >= 0, got " + distance);
            }
            this.hasCutoff = true;
            this.cutoffLong = distance;
            this.cutoffDouble = distance;
            return this;
        }

        /**
         * A cutoff distance for graphs of float32 weights (see {@link #cutoff(long)}): a vertex is reached when its
         * distance is at most {@code distance}. On int32 weights its floor applies.
         *
         * @param distance the cutoff, at least 0 and not NaN; +infinity is no limit
         * @return this builder
         * @throws IllegalArgumentException if {@code distance} is negative or NaN
         */
        public Builder cutoff(double distance) {
            if (!(distance >= 0)) {
                throw new IllegalArgumentException("cutoff must be a number >= 0, got " + distance);
            }
            this.hasCutoff = true;
            this.cutoffDouble = distance;
            this.cutoffLong = Double.isInfinite(distance) ? Long.MAX_VALUE : (long) Math.floor(distance);
            return this;
        }

        /**
         * The options set so far.
         *
         * @return new, immutable options
         * @throws IllegalArgumentException if both a cutoff and {@link #certify(boolean)} are set: the certificate
         *         checks a full answer, and a cutoff's answer is a ball
         */
        public Options build() {
            if (hasCutoff && certify) {
                throw new IllegalArgumentException(
                        "certify checks a full answer and a cutoff's answer is a ball: set one of cutoff and certify");
            }
            return new Options(this);
        }
    }
}
