package org.gsssp;

/**
 * Parameters of Wang, Fussell &amp; Lin's ADDS ({@link Algorithm#ADDS}, PPoPP'21): the ablations of its Table 5,
 * gsssp's worker-local rounds, the bucket pool and the watchdog. Δ itself is set for the whole delta-stepping family
 * with {@link DeltaSteppingParams}. Immutable; build with {@link #builder()}, pass with
 * {@link Options.Builder#adds(AddsParams)}.
 */
public final class AddsParams {
    private static final AddsParams DEFAULTS = builder().build();

    /** The largest pool accepted, in 32-bit words (2^48 words = 1 PiB). */
    public static final long MAX_POOL_WORDS = 1L << 48;

    private final boolean staticDelta;
    private final int bucketCount;
    private final boolean localRounds;
    private final long poolWords;
    private final boolean poolGrowable;
    private final long watchdogMillis;

    private AddsParams(Builder b) {
        this.staticDelta = b.staticDelta;
        this.bucketCount = b.bucketCount;
        this.localRounds = b.localRounds;
        this.poolWords = b.poolWords;
        this.poolGrowable = b.poolGrowable;
        this.watchdogMillis = b.watchdogMillis;
    }

    /**
     * The defaults: Δ adjusted while running, 32 buckets, local rounds on, the pool sized from the graph, a 10 s
     * watchdog.
     *
     * @return the shared defaults
     */
    public static AddsParams defaults() {
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
     * Whether the initial Δ is kept for the whole run. A static Δ is Near-Far's estimate C·W/D with C = 32 (so that the
     * Table 5 ablation runs with Near-Far's Δ); a dynamic one starts from C = 64, or C = 8 for int weights averaging
     * below 64 (measured, {@code native/src/algorithms/adds/adds_policy.hpp}). {@link DeltaSteppingParams#delta()} or
     * {@link DeltaSteppingParams#deltaConstant()} override either.
     *
     * @return true for a static Δ (a Table 5 ablation); false (the default) to adjust it while running
     */
    public boolean staticDelta() {
        return staticDelta;
    }

    /**
     * Buckets in the circular priority queue.
     *
     * @return 2..32, or 0 for the paper's 32
     */
    public int bucketCount() {
        return bucketCount;
    }

    /**
     * Whether workers run local rounds (gsssp's addition to the paper's worker; see
     * {@link Builder#localRounds(boolean)}).
     *
     * @return true (the default) if on
     */
    public boolean localRounds() {
        return localRounds;
    }

    /**
     * The bucket pool in 32-bit words: 0 means sized from the graph (and grown on exhaustion); otherwise the fixed
     * pool, or the first pool of a growable one (see {@link #poolGrowable()}).
     *
     * @return the pool's size in words, 0..{@link #MAX_POOL_WORDS}
     */
    public long poolWords() {
        return poolWords;
    }

    /**
     * Whether an exhausted pool restarts the run with twice the pool (true for the default pool).
     *
     * @return true for a growable pool, false for a fixed one
     */
    public boolean poolGrowable() {
        return poolGrowable;
    }

    /**
     * Milliseconds without queue progress after which a run gives up.
     *
     * @return the watchdog's timeout, or 0 for the native default (10 s)
     */
    public long watchdogMillis() {
        return watchdogMillis;
    }

    /**
     * A builder starting from these parameters.
     *
     * @return a new builder
     */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.staticDelta = staticDelta;
        b.bucketCount = bucketCount;
        b.localRounds = localRounds;
        b.poolWords = poolWords;
        b.poolGrowable = poolGrowable;
        b.watchdogMillis = watchdogMillis;
        return b;
    }

    /** Builds {@link AddsParams}; not thread-safe. */
    public static final class Builder {
        private boolean staticDelta;
        private int bucketCount;
        private boolean localRounds = true;
        private long poolWords;
        private boolean poolGrowable = true;
        private long watchdogMillis;

        private Builder() {}

        /**
         * Table 5's "static Δ" ablation: keep the initial Δ instead of adjusting it while running. Off by default.
         *
         * @param on true for a static Δ
         * @return this builder
         */
        public Builder staticDelta(boolean on) {
            this.staticDelta = on;
            return this;
        }

        /**
         * Buckets in the circular priority queue: 0 for the paper's 32, else 2..32 (Table 5's "2 buckets" row is 2
         * with {@link #staticDelta(boolean) static Δ}).
         *
         * @param buckets 0, or 2..32
         * @return this builder
         * @throws IllegalArgumentException if {@code buckets} is neither
         */
        public Builder bucketCount(int buckets) {
            if (buckets != 0 && (buckets < 2 || buckets > 32)) {
                throw new IllegalArgumentException("ADDS bucket count must be 0 (default 32) or 2..32, got " + buckets);
            }
            this.bucketCount = buckets;
            return this;
        }

        /**
         * Worker-local rounds, gsssp's addition to the paper's worker (on by default): a worker holding a small
         * assignment (at most 128 items; 256 once Δ has risen 4-fold over its start) expands the vertices it lowers
         * into that assignment's bucket itself, instead of pushing each one for the manager to hand out again. This
         * shortens every hop along a shortest path on road networks and meshes (road NY 8.4 → 2.8 ms on an H100) and
         * leaves graphs with plentiful work as they were. Off gives the paper's worker, for comparison.
         *
         * @param on false for the paper's worker
         * @return this builder
         */
        public Builder localRounds(boolean on) {
            this.localRounds = on;
            return this;
        }

        /**
         * A fixed bucket pool of this many 32-bit words (rounded up to 64K-word blocks). A run that needs more fails
         * with {@link DeviceMemoryException} instead of restarting.
         *
         * @param words the pool's size, 1..{@link #MAX_POOL_WORDS}
         * @return this builder
         * @throws IllegalArgumentException if {@code words} is outside that range
         */
        public Builder poolWords(long words) {
            checkPoolWords(words, "fixed ADDS pool");
            this.poolWords = words;
            this.poolGrowable = false;
            return this;
        }

        /**
         * A growable bucket pool that starts with this many 32-bit words: a run that exhausts it restarts with twice
         * the pool ({@link Stats#restarts()} counts how often).
         *
         * @param initialWords the first pool's size, 1..{@link #MAX_POOL_WORDS}
         * @return this builder
         * @throws IllegalArgumentException if {@code initialWords} is outside that range
         */
        public Builder growablePool(long initialWords) {
            checkPoolWords(initialWords, "initial ADDS pool");
            this.poolWords = initialWords;
            this.poolGrowable = true;
            return this;
        }

        /**
         * The default pool: sized from the graph, doubled on exhaustion.
         *
         * @return this builder
         */
        public Builder poolFromGraph() {
            this.poolWords = 0;
            this.poolGrowable = true;
            return this;
        }

        private static void checkPoolWords(long words, String what) {
            // The native side rounds the pool up to whole blocks and doubles it, in 64-bit byte counts: a bound far
            // above any GPU keeps that arithmetic from overflowing.
            if (words < 1 || words > MAX_POOL_WORDS) {
                throw new IllegalArgumentException(what + " must be 1.." + MAX_POOL_WORDS + " words (use "
                        + "poolFromGraph() for the default), got " + words);
            }
        }

        /**
         * Watchdog: a run whose work queue makes no progress for this long fails with a {@link GssspException}
         * naming the queue's state; 0 means the default of 10 seconds.
         *
         * @param millis the timeout in milliseconds, or 0 for the default
         * @return this builder
         * @throws IllegalArgumentException if {@code millis} is negative
         */
        public Builder watchdogMillis(long millis) {
            if (millis < 0) {
                throw new IllegalArgumentException("ADDS watchdog must be >= 0 ms (0: default 10000), got " + millis);
            }
            this.watchdogMillis = millis;
            return this;
        }

        /**
         * The parameters set so far.
         *
         * @return new, immutable parameters
         */
        public AddsParams build() {
            return new AddsParams(this);
        }
    }
}
