package org.gsssp.spark;

import static org.apache.spark.sql.functions.col;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.api.java.function.FilterFunction;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.gsssp.Algorithm;
import org.gsssp.Graph;
import org.gsssp.VertexIds;

/**
 * Many-source shortest-path jobs on Apache Spark, parallel over a Dataset of sources: distances to given targets,
 * per-source summaries (reached count, distance sum, eccentricity, closeness) and origin × destination matrices.
 *
 * <pre>{@code
 * SparkSssp sssp = SparkSssp.builder(spark, "hdfs:///graphs/USA-road-d.NY.gr.gz").build();
 * Dataset<Row> closeness = sssp.summaries(sssp.vertices());           // one row per vertex
 * sssp.matrix(origins, destinations).write().parquet("od.parquet");  // one row per pair
 * }</pre>
 *
 * <p>Vertex ids are the graph file's own (e.g. 1..n for DIMACS). A Dataset of sources or targets may have any schema:
 * its first column, cast to {@code long}, holds the ids; repeats are answered as often as they occur. Every id is
 * checked on the driver before a search runs: an id that is not a vertex is an {@link IllegalArgumentException} from
 * the method call itself.
 *
 * <p>How it runs: {@link Builder#build()} reads the graph file once on the driver (its checksum, and the graph, for
 * the vertex ids). Each executor JVM loads the file once, checks it against the driver's checksum (a file that
 * changed in between fails the task, naming the file), keeps it for every later task and job, and uploads it once
 * to each GPU its tasks are given: the address Spark assigned the task (resource {@code gpu}, see
 * {@code spark.executor.resource.gpu.amount} and {@code spark.task.resource.gpu.amount}); without an assignment,
 * device 0 if the machine has a GPU, else the CPU. A task answers its partition of sources in batches of
 * {@link Builder#batchSize} through {@code DeviceGraph.queryBatch} / {@code DeviceGraph.matrix} (or their CPU
 * counterparts in {@code Sssp}), whose AUTO picks the batch design. Batches on one GPU take turns. A task's rows are
 * a function of its partition only, so a failed task that Spark retries gives the same rows, and the result has no
 * duplicates and misses nothing (provided the sources Dataset itself is deterministic).
 *
 * <p>Locations: a path without a scheme (or {@code file:}) must exist at that path on the driver and on every
 * executor; any other scheme ({@code hdfs:}, {@code s3a:}, ...) is read through Hadoop's FileSystem (configured
 * from the executor's Hadoop configuration files) and copied to the executor's temporary directory.
 *
 * <p>Instances are used on the driver; they are not serializable.
 */
public final class SparkSssp {
    /** The source column: a vertex id of the graph file. */
    public static final String SOURCE = "source";
    /** The target column: a vertex id of the graph file. */
    public static final String TARGET = "target";
    /** The distance column (double; null when the target is unreachable; exact for integer weights below 2^53). */
    public static final String DISTANCE = "distance";
    /** The number of vertices the source reaches, itself included (long). */
    public static final String REACHED = "reached";
    /** The sum of the distances to the reached vertices (double). */
    public static final String SUM = "sum";
    /** The largest distance to a reached vertex: the source's eccentricity within what it reaches (double). */
    public static final String ECCENTRICITY = "eccentricity";
    /** Closeness: (reached - 1) / sum, 0 when the source reaches nothing else (double). */
    public static final String CLOSENESS = "closeness";
    /** The column of {@link #vertices()}. */
    public static final String ID = "id";

    /** Schema of {@link #distances} and {@link #matrix}. */
    public static final StructType DISTANCE_SCHEMA = new StructType()
            .add(SOURCE, DataTypes.LongType, false)
            .add(TARGET, DataTypes.LongType, false)
            .add(DISTANCE, DataTypes.DoubleType, true);

    /** Schema of {@link #summaries}. */
    public static final StructType SUMMARY_SCHEMA = new StructType()
            .add(SOURCE, DataTypes.LongType, false)
            .add(REACHED, DataTypes.LongType, false)
            .add(SUM, DataTypes.DoubleType, false)
            .add(ECCENTRICITY, DataTypes.DoubleType, false)
            .add(CLOSENESS, DataTypes.DoubleType, false);

    private final SparkSession spark;
    private final GraphFile file;
    private final VertexIds ids;
    private final int numVertices;
    private final int batchSize;
    private final Algorithm algorithm;
    private final boolean failFirstAttempt;

    private SparkSssp(Builder b, GraphFile file, Graph graph) {
        this.spark = b.spark;
        this.file = file;
        this.ids = graph.ids();
        this.numVertices = graph.numVertices();
        this.batchSize = b.batchSize;
        this.algorithm = b.algorithm;
        this.failFirstAttempt = b.failFirstAttempt;
    }

    /**
     * Starts a job description for one graph file.
     *
     * @param spark the session
     * @param graph the graph file (any format {@code GraphLoader} reads, gzip'd or not): a local path, present at
     *              that path on every machine, or a Hadoop FileSystem URI
     * @return a builder
     */
    public static Builder builder(SparkSession spark, String graph) {
        return new Builder(spark, graph);
    }

    /** Settings of a {@link SparkSssp}. */
    public static final class Builder {
        private final SparkSession spark;
        private final String graph;
        private int batchSize = 4096;
        private Algorithm algorithm = Algorithm.AUTO;
        private boolean failFirstAttempt;

        private Builder(SparkSession spark, String graph) {
            if (spark == null || graph == null) {
                throw new NullPointerException(spark == null ? "spark session" : "graph location");
            }
            this.spark = spark;
            this.graph = graph;
        }

        /**
         * Sources per batch within a task (default 4096): one {@code queryBatch} or {@code matrix} call each. A
         * distances batch holds batchSize × targets rows in memory.
         *
         * @param batchSize at least 1
         * @return this builder
         */
        public Builder batchSize(int batchSize) {
            if (batchSize < 1) {
                throw new IllegalArgumentException("batchSize must be at least 1, got " + batchSize);
            }
            this.batchSize = batchSize;
            return this;
        }

        /**
         * The algorithm (default {@link Algorithm#AUTO}, which chooses the batch design per graph and device).
         *
         * @param algorithm any algorithm
         * @return this builder
         */
        public Builder algorithm(Algorithm algorithm) {
            this.algorithm = java.util.Objects.requireNonNull(algorithm, "algorithm");
            return this;
        }

        /** Test hook: the first attempt of partition 0 throws after its first batch. */
        Builder failFirstAttemptForTesting() {
            this.failFirstAttempt = true;
            return this;
        }

        /**
         * Reads the graph file on the driver: its checksum, and the graph for its vertex ids (kept in this JVM's
         * cache, which local-mode tasks share).
         *
         * @return the job description
         * @throws IllegalArgumentException if the file does not exist
         * @throws java.io.UncheckedIOException if it cannot be read or loaded
         */
        public SparkSssp build() {
            GraphFile file = GraphFile.describe(graph);
            return new SparkSssp(this, file, ExecutorGraphs.get(file).graph);
        }
    }

    /**
     * The graph's vertex count.
     *
     * @return n
     */
    public int numVertices() {
        return numVertices;
    }

    /**
     * Every vertex id of the graph, one row each, in a column {@value #ID}: e.g. the sources of an all-vertex
     * closeness job.
     *
     * @return the ids, in ascending order
     */
    public Dataset<Row> vertices() {
        if (ids.isOffset()) {
            return spark.range(ids.base(), ids.base() + numVertices).toDF(ID);
        }
        List<Long> all = new ArrayList<>(numVertices);
        for (int v = 0; v < numVertices; v++) {
            all.add(ids.toExternal(v));
        }
        return spark.createDataset(all, Encoders.LONG()).toDF(ID);
    }

    /**
     * {@code count} vertex ids spread evenly over the graph (every ⌊n / count⌋-th vertex in file order), in a column
     * {@value #ID}: a sample of sources for a closeness estimate or a benchmark.
     *
     * @param count how many, 1..n
     * @return the ids, in ascending order
     * @throws IllegalArgumentException if {@code count} is outside 1..n
     */
    public Dataset<Row> vertices(int count) {
        if (count < 1 || count > numVertices) {
            throw new IllegalArgumentException("asked for " + count + " vertices of a graph of " + numVertices);
        }
        long step = numVertices / count;
        if (ids.isOffset()) {
            return spark.range(ids.base(), ids.base() + step * count, step).toDF(ID);
        }
        List<Long> some = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            some.add(ids.toExternal((int) (i * step)));
        }
        return spark.createDataset(some, Encoders.LONG()).toDF(ID);
    }

    /** The graph file as the driver saw it (for the benchmark's in-JVM baseline). */
    GraphFile file() {
        return file;
    }

    /**
     * Distances from every source to each of {@code targets}: rows ({@value #SOURCE}, {@value #TARGET},
     * {@value #DISTANCE}), for each source its targets in the given order. Lazy: the searches run when the result
     * is used; the ids are checked now.
     *
     * @param sources source ids in the first column
     * @param targets target ids (a driver-side array: the columns of every task's matrix)
     * @return the rows, partitioned as {@code sources}
     * @throws IllegalArgumentException if a source or target is not a vertex (before any search runs)
     */
    public Dataset<Row> distances(Dataset<?> sources, long... targets) {
        int[] internal = internal(targets, "target");
        Dataset<Row> src = checkedIds(sources, SOURCE);
        return src.mapPartitions(task(SourcesTask.Kind.DISTANCES, internal, targets.clone()),
                Encoders.row(DISTANCE_SCHEMA));
    }

    /**
     * Per-source summaries of full searches: rows ({@value #SOURCE}, {@value #REACHED}, {@value #SUM},
     * {@value #ECCENTRICITY}, {@value #CLOSENESS}), one per source row. Lazy, ids checked now.
     *
     * @param sources source ids in the first column
     * @return the rows, partitioned as {@code sources}
     * @throws IllegalArgumentException if a source is not a vertex (before any search runs)
     */
    public Dataset<Row> summaries(Dataset<?> sources) {
        Dataset<Row> src = checkedIds(sources, SOURCE);
        return src.mapPartitions(task(SourcesTask.Kind.SUMMARY, null, null), Encoders.row(SUMMARY_SCHEMA));
    }

    /**
     * The origin × destination matrix as rows ({@value #SOURCE}, {@value #TARGET}, {@value #DISTANCE}): every
     * source row against every target row. The targets are collected to the driver (they are every task's
     * columns); the sources stay distributed. Lazy, ids checked now.
     *
     * @param sources origin ids in the first column
     * @param targets destination ids in the first column, in the order the rows give them per source
     * @return k × t rows, partitioned as {@code sources}
     * @throws IllegalArgumentException if an origin or destination is not a vertex (before any search runs)
     */
    public Dataset<Row> matrix(Dataset<?> sources, Dataset<?> targets) {
        Dataset<Row> t = checkedIds(targets, TARGET);
        List<Row> rows = t.collectAsList();
        long[] targetIds = new long[rows.size()];
        for (int i = 0; i < targetIds.length; i++) {
            targetIds[i] = rows.get(i).getLong(0);
        }
        return distances(sources, targetIds);
    }

    /**
     * Writes {@link #matrix} as Parquet at {@code path} (a directory, which must not exist yet).
     *
     * @param sources origin ids in the first column
     * @param targets destination ids in the first column
     * @param path    where to write: a local path or a Hadoop FileSystem URI
     * @throws IllegalArgumentException if an origin or destination is not a vertex (before any search runs)
     */
    public void writeMatrix(Dataset<?> sources, Dataset<?> targets, String path) {
        matrix(sources, targets).write().mode(SaveMode.ErrorIfExists).parquet(path);
    }

    private SourcesTask task(SourcesTask.Kind kind, int[] targets, long[] targetIds) {
        return new SourcesTask(file, kind, targets, targetIds, batchSize, algorithm, failFirstAttempt);
    }

    private int[] internal(long[] external, String what) {
        int[] out = new int[external.length];
        List<Long> bad = new ArrayList<>();
        for (int i = 0; i < external.length; i++) {
            java.util.OptionalInt v = ids.find(external[i]);
            if (v.isEmpty()) {
                if (bad.size() < 5) {
                    bad.add(external[i]);
                }
            } else {
                out[i] = v.getAsInt();
            }
        }
        if (!bad.isEmpty()) {
            throw notVertices(what, bad);
        }
        return out;
    }

    private IllegalArgumentException notVertices(String what, List<?> bad) {
        return new IllegalArgumentException(what + " ids " + bad + (bad.size() == 5 ? " (and maybe more)" : "")
                + " are not vertices of " + file.location() + " (its vertex ids: " + ids.describe() + ")");
    }

    /** The first column as non-null longs named {@code name}, every id checked against the vertex set (a Spark job). */
    private Dataset<Row> checkedIds(Dataset<?> ds, String name) {
        Dataset<Row> df = ds.toDF();
        if (df.columns().length == 0) {
            throw new IllegalArgumentException("the " + name + " Dataset has no column (its first column holds the ids)");
        }
        Dataset<Row> idsOnly = df.select(col(df.columns()[0]).cast(DataTypes.LongType).as(name));
        Broadcast<long[]> table = null;
        if (!ids.isOffset()) {
            long[] all = new long[numVertices];
            for (int v = 0; v < numVertices; v++) {
                all[v] = ids.toExternal(v);
            }
            table = JavaSparkContext.fromSparkContext(spark.sparkContext()).broadcast(all);
        }
        List<Row> bad = idsOnly.filter(new NotVertex(ids.isOffset() ? ids.base() : 0, numVertices, table))
                .limit(5).collectAsList();
        if (!bad.isEmpty()) {
            List<Object> shown = new ArrayList<>();
            for (Row r : bad) {
                shown.add(r.isNullAt(0) ? "null" : r.getLong(0));
            }
            throw notVertices(name, shown);
        }
        return idsOnly;
    }

    /** True for ids that are not vertices (null included): base..base+n-1, or not in the sorted table. */
    private record NotVertex(long base, int n, Broadcast<long[]> table) implements FilterFunction<Row>, Serializable {
        @Override
        public boolean call(Row row) {
            if (row.isNullAt(0)) {
                return true;
            }
            long id = row.getLong(0);
            if (table == null) {
                return id < base || id >= base + n;
            }
            return Arrays.binarySearch(table.value(), id) < 0;
        }
    }
}
