package org.gsssp;

import java.io.Console;
import java.util.Objects;

/**
 * How {@link GraphLoader} reads a file. Immutable; make one with {@link #builder()}, or use
 * {@link #defaults()}.
 *
 * <h2>Weights of unweighted formats</h2>
 * SNAP edge lists, METIS files without edge weights, Matrix Market {@code pattern} files and Galois files with
 * {@code edgeDataSize 0} carry no weights. They get weight 1 ({@link Builder#unitWeights()}, the default) or,
 * with {@link Builder#randomWeights(int, int, long)}, uniformly random integers in {@code lo..hi} by this exact,
 * reproducible rule: one {@link java.util.SplittableRandom} is created with {@code new SplittableRandom(seed)}
 * per load, and each weightless edge <em>entry of the file</em>, in file order, draws
 * {@code (int) rng.nextLong(lo, hi + 1L)}. An entry that yields two arcs (a symmetric Matrix Market entry
 * {@code i j} with {@code i != j}) gives both arcs the same drawn weight; in a METIS file each listed neighbour
 * is its own entry, so the two directions of an undirected edge get independent draws.
 */
public final class LoadOptions {
    private static final LoadOptions DEFAULTS = builder().build();

    private final GraphFormat format;
    private final WeightType weightType;
    private final boolean random;
    private final int lo;
    private final int hi;
    private final long seed;
    private final boolean progress;
    private final String name;
    private final long maxVertices;
    private final long maxEdges;
    private final boolean limitsGiven;
    private final boolean weightTypeGiven;
    private final boolean requireUnweighted;

    private LoadOptions(Builder b) {
        this.format = b.format;
        this.weightType = b.weightType;
        this.random = b.random;
        this.lo = b.lo;
        this.hi = b.hi;
        this.seed = b.seed;
        this.progress = b.progress;
        this.name = b.name;
        this.maxVertices = b.maxVertices;
        this.maxEdges = b.maxEdges;
        this.limitsGiven = b.limitsGiven;
        this.weightTypeGiven = b.weightTypeGiven;
        this.requireUnweighted = b.requireUnweighted;
    }

    /**
     * The default for {@link #maxVertices()}: what this JVM's heap can build (the builder's per-vertex array is
     * 8 bytes a vertex, and a loaded graph, a result and ids take about as much again off-heap), so a file
     * claiming more fails at its header with a {@link GraphFormatException} instead of an OutOfMemoryError
     * later. Between 1,000 and 2^31 - 16.
     *
     * @return maxMemory / 24, clamped
     */
    public static long defaultMaxVertices() {
        return Math.max(1_000, Math.min(Integer.MAX_VALUE - 16L, Runtime.getRuntime().maxMemory() / 24));
    }

    /**
     * The default for {@link #maxEdges()}: what this JVM's heap can hold while building (12 bytes an edge:
     * source, target, weight). At least 1,000.
     *
     * @return maxMemory / 12, at least 1,000
     */
    public static long defaultMaxEdges() {
        return Math.max(1_000, Runtime.getRuntime().maxMemory() / 12);
    }

    /**
     * Format AUTO, Galois weights INT32, unit weights, progress bar only on an interactive terminal, name from
     * the file.
     *
     * @return the shared default options
     */
    public static LoadOptions defaults() {
        return DEFAULTS;
    }

    /**
     * A builder starting from the defaults (see {@link #defaults()}).
     *
     * @return a new builder
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * A builder starting from these options.
     *
     * @return a new builder; changing it leaves these options as they are
     */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.format = format;
        b.weightType = weightType;
        b.random = random;
        b.lo = lo;
        b.hi = hi;
        b.seed = seed;
        b.progress = progress;
        b.name = name;
        b.maxVertices = maxVertices;
        b.maxEdges = maxEdges;
        b.limitsGiven = limitsGiven;
        b.weightTypeGiven = weightTypeGiven;
        b.requireUnweighted = requireUnweighted;
        return b;
    }

    /**
     * The most vertices a file's header may claim; a claim above it is refused before any allocation.
     *
     * @return the limit (default {@link #defaultMaxVertices()})
     */
    public long maxVertices() {
        return maxVertices;
    }

    /**
     * The most edges (arcs) a file's header may claim, or a file may hold.
     *
     * @return the limit (default {@link #defaultMaxEdges()})
     */
    public long maxEdges() {
        return maxEdges;
    }

    /**
     * Whether {@link #maxVertices()} or {@link #maxEdges()} was set on the builder. A memory-mapped Galois
     * {@code .gr} file is used in place and bounded by its own size, so the heap-derived defaults do not apply to
     * it; limits given explicitly do.
     *
     * @return true if the builder was given a limit
     */
    public boolean limitsGiven() {
        return limitsGiven;
    }

    /**
     * The format to read.
     *
     * @return a concrete format, or {@link GraphFormat#AUTO} to recognise it from the content
     */
    public GraphFormat format() {
        return format;
    }

    /**
     * The type of a Galois binary file's 4-byte edge values, when the file does not record it (files gsssp writes
     * record it in a trailer after the edge values; see {@link #weightTypeGiven()}).
     *
     * @return the weight type Galois files are read as (INT32 unless the builder was given one)
     */
    public WeightType weightType() {
        return weightType;
    }

    /**
     * Whether {@link Builder#weightType(WeightType)} was called. A Galois file that records its weight type and
     * is asked for the other one is refused; one that records none is read as the type given, or, with none
     * given, as INT32 unless its values are clearly IEEE floats (then it is refused, asking for the type).
     *
     * @return true if the builder was given a weight type
     */
    public boolean weightTypeGiven() {
        return weightTypeGiven;
    }

    /**
     * Whether a file with weights of its own is refused when {@link #randomWeights()} asks for random ones,
     * instead of keeping its weights (see {@link Builder#requireUnweighted(boolean)}).
     *
     * @return true if such a file is refused
     */
    public boolean requireUnweighted() {
        return requireUnweighted;
    }

    /**
     * How unweighted formats get their weights.
     *
     * @return true if unweighted formats get random weights, false for weight 1
     */
    public boolean randomWeights() {
        return random;
    }

    /**
     * Lowest random weight.
     *
     * @return the inclusive lower bound; 1 for unit weights
     */
    public int randomLo() {
        return lo;
    }

    /**
     * Highest random weight.
     *
     * @return the inclusive upper bound; 1 for unit weights
     */
    public int randomHi() {
        return hi;
    }

    /**
     * The seed of the random weights.
     *
     * @return the seed given to {@link Builder#randomWeights(int, int, long)}; 0 for unit weights
     */
    public long seed() {
        return seed;
    }

    /**
     * Whether a progress bar may be printed on stderr (only after a load has run for about a second).
     *
     * @return true if a progress bar is allowed
     */
    public boolean progress() {
        return progress;
    }

    /**
     * The name the loaded graph gets.
     *
     * @return the graph's name, or null to use the file name
     */
    public String name() {
        return name;
    }

    @Override
    public String toString() {
        return "LoadOptions[format=" + format + ", weightType=" + weightType + (weightTypeGiven ? "" : " (default)")
                + (random ? ", randomWeights " + lo + ".." + hi + " seed " + seed : ", unitWeights")
                + ", progress=" + progress + (name != null ? ", name=" + name : "") + "]";
    }

    private static boolean interactive() {
        Console c = System.console();
        return c != null && c.isTerminal();
    }

    /** Builds {@link LoadOptions}; not thread-safe. Get one from {@link LoadOptions#builder()}. */
    public static final class Builder {
        private GraphFormat format = GraphFormat.AUTO;
        private WeightType weightType = WeightType.INT32;
        private boolean random;
        private int lo = 1;
        private int hi = 1;
        private long seed;
        private boolean progress = interactive();
        private String name;
        private long maxVertices = defaultMaxVertices();
        private long maxEdges = defaultMaxEdges();
        private boolean limitsGiven;
        private boolean weightTypeGiven;
        private boolean requireUnweighted;

        private Builder() {
        }

        /**
         * The most vertices a file may claim (see {@link LoadOptions#maxVertices()}).
         *
         * @param maxVertices a positive limit
         * @return this builder
         * @throws IllegalArgumentException if {@code maxVertices} is not positive
         */
        public Builder maxVertices(long maxVertices) {
            if (maxVertices <= 0) {
                throw new IllegalArgumentException("maxVertices must be positive, got " + maxVertices);
            }
            this.maxVertices = maxVertices;
            this.limitsGiven = true;
            return this;
        }

        /**
         * The most edges a file may claim or hold (see {@link LoadOptions#maxEdges()}).
         *
         * @param maxEdges a positive limit
         * @return this builder
         * @throws IllegalArgumentException if {@code maxEdges} is not positive
         */
        public Builder maxEdges(long maxEdges) {
            if (maxEdges <= 0) {
                throw new IllegalArgumentException("maxEdges must be positive, got " + maxEdges);
            }
            this.maxEdges = maxEdges;
            this.limitsGiven = true;
            return this;
        }

        /**
         * The format; {@link GraphFormat#AUTO} (default) recognises it from the content.
         *
         * @param format the format, not null
         * @return this builder
         * @throws NullPointerException if {@code format} is null
         */
        public Builder format(GraphFormat format) {
            this.format = Objects.requireNonNull(format, "format");
            return this;
        }

        /**
         * How to read a Galois binary file's 4-byte edge values; without it, the type the file records, else
         * INT32 (see {@link LoadOptions#weightTypeGiven()}). Ignored by text formats.
         *
         * @param weightType the weight type, not null
         * @return this builder
         * @throws NullPointerException if {@code weightType} is null
         */
        public Builder weightType(WeightType weightType) {
            this.weightType = Objects.requireNonNull(weightType, "weightType");
            this.weightTypeGiven = true;
            return this;
        }

        /**
         * Unweighted formats get weight 1 on every edge (the default).
         *
         * @return this builder
         */
        public Builder unitWeights() {
            this.random = false;
            this.lo = 1;
            this.hi = 1;
            this.seed = 0;
            return this;
        }

        /**
         * Unweighted formats get seeded uniform random integer weights in {@code lo..hi} (see the class comment
         * for the exact rule). Files that have weights keep them.
         *
         * @param lo   the lowest weight, inclusive
         * @param hi   the highest weight, inclusive
         * @param seed the seed of the {@link java.util.SplittableRandom} that draws them
         * @return this builder
         * @throws IllegalArgumentException if {@code lo > hi}
         */
        public Builder randomWeights(int lo, int hi, long seed) {
            if (lo > hi) {
                throw new IllegalArgumentException("randomWeights: lo " + lo + " > hi " + hi);
            }
            this.random = true;
            this.lo = lo;
            this.hi = hi;
            this.seed = seed;
            return this;
        }

        /**
         * With {@link #randomWeights(int, int, long)}: refuse a file that has weights of its own (a DIMACS file,
         * a weighted Galois, Matrix Market, SNAP or METIS file) with a {@link GraphFormatException}, instead of
         * keeping its weights and silently leaving the random ones unused. Default false.
         *
         * @param requireUnweighted true to refuse weighted files when random weights are asked for
         * @return this builder
         */
        public Builder requireUnweighted(boolean requireUnweighted) {
            this.requireUnweighted = requireUnweighted;
            return this;
        }

        /**
         * Whether a progress bar may be shown on stderr; default true only on an interactive terminal.
         *
         * @param progress true to allow a progress bar
         * @return this builder
         */
        public Builder progress(boolean progress) {
            this.progress = progress;
            return this;
        }

        /**
         * The graph's name; default (null) the file's name.
         *
         * @param name the name, or null for the file's name
         * @return this builder
         */
        public Builder name(String name) {
            this.name = name;
            return this;
        }

        /**
         * The options set so far.
         *
         * @return new, immutable options
         */
        public LoadOptions build() {
            return new LoadOptions(this);
        }
    }
}
