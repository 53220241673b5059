package org.gsssp.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.gsssp.Algorithm;
import org.gsssp.Graph;
import org.gsssp.GraphLoader;
import org.gsssp.Options;
import org.gsssp.Result;
import org.gsssp.Sssp;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Spark operations against single-JVM answers (CPU Dijkstra, one source at a time), on road NY and on a seeded
 * random graph, with Spark local[2,2] (two task slots, a failed task retried once). One SparkSession for all tests:
 * Spark's start is the slow part.
 */
class SparkSsspTest {
    private static final long SEED = 20261206L;
    private static final Options NO_TREE = Options.builder().computePredecessors(false).build();

    private static SparkSession spark;
    private static Path ny;
    private static Path random;
    private static Graph nyGraph;
    private static Graph randomGraph;

    @TempDir
    static Path tmp;

    @BeforeAll
    static void start() throws IOException {
        ny = Path.of(System.getProperty("gsssp.graphs.dir", "../../../shared/graphs"), "USA-road-d.NY.gr.gz");
        assertTrue(Files.isRegularFile(ny), ny + " is missing: pass -Dgsssp.graphs.dir=DIR");
        random = tmp.resolve("random.gr");
        writeRandomDimacs(random, 3_000, 9_000, SEED);
        nyGraph = GraphLoader.load(ny);
        randomGraph = GraphLoader.load(random);
        spark = SparkSession.builder()
                .master("local[2,2]")
                .appName("gsssp-spark-test")
                .config("spark.ui.enabled", "false")
                .config("spark.sql.shuffle.partitions", "2")
                .config("spark.driver.host", "127.0.0.1")
                .config("spark.driver.bindAddress", "127.0.0.1")
                .getOrCreate();
    }

    @AfterAll
    static void stop() {
        if (spark != null) {
            spark.stop();
        }
        nyGraph.close();
        randomGraph.close();
    }

    /** A DIMACS graph of n vertices and m random arcs, weights 1..1000: some vertices unreachable from others. */
    static void writeRandomDimacs(Path file, int n, int m, long seed) throws IOException {
        Random r = new Random(seed);
        StringBuilder sb = new StringBuilder("c random graph, seed " + seed + "\np sp " + n + " " + m + "\n");
        for (int e = 0; e < m; e++) {
            sb.append("a ").append(1 + r.nextInt(n)).append(' ').append(1 + r.nextInt(n)).append(' ')
                    .append(1 + r.nextInt(1000)).append('\n');
        }
        Files.writeString(file, sb);
    }

    private static Dataset<Long> ids(long... ids) {
        List<Long> list = new ArrayList<>();
        for (long id : ids) {
            list.add(id);
        }
        return spark.createDataset(list, Encoders.LONG());
    }

    /** {@code count} distinct ids of 1..n. */
    private static long[] randomIds(Random r, int count, int n) {
        Set<Long> set = new java.util.LinkedHashSet<>();
        while (set.size() < count) {
            set.add(1L + r.nextInt(n));
        }
        return set.stream().mapToLong(Long::longValue).toArray();
    }

    /** Checks rows (source, target, distance) against one CPU Dijkstra per source: every pair once, none missing. */
    private static void assertDistances(Graph g, List<Row> rows, long[] sources, long[] targets, String what) {
        assertEquals((long) sources.length * targets.length, rows.size(), what + ": row count");
        Map<Long, Map<Long, Integer>> seen = new HashMap<>();
        for (Row row : rows) {
            int count = seen.computeIfAbsent(row.getLong(0), k -> new HashMap<>()).merge(row.getLong(1), 1, Integer::sum);
            assertEquals(1, count, what + ": pair (" + row.getLong(0) + ", " + row.getLong(1) + ") twice");
        }
        Map<Long, List<Row>> bySource = new HashMap<>();
        for (Row row : rows) {
            bySource.computeIfAbsent(row.getLong(0), k -> new ArrayList<>()).add(row);
        }
        for (long s : new HashSet<>(toList(sources))) {
            try (Result expected = Sssp.solve(g, g.ids().toInternal(s), Algorithm.CPU_DIJKSTRA, NO_TREE)) {
                for (Row row : bySource.get(s)) {
                    int t = g.ids().toInternal(row.getLong(1));
                    String at = what + ": distance " + s + " -> " + row.getLong(1);
                    if (expected.isReachable(t)) {
                        assertEquals(expected.distance(t), row.getDouble(2), at);
                    } else {
                        assertTrue(row.isNullAt(2), at + " should be null (unreachable)");
                    }
                }
            }
        }
    }

    private static List<Long> toList(long[] a) {
        List<Long> l = new ArrayList<>();
        for (long x : a) {
            l.add(x);
        }
        return l;
    }

    /** Checks summary rows against full CPU Dijkstra searches, one row per source row. */
    private static void assertSummaries(Graph g, List<Row> rows, long[] sources, String what) {
        assertEquals(sources.length, rows.size(), what + ": row count");
        List<Long> got = new ArrayList<>();
        for (Row row : rows) {
            got.add(row.getLong(0));
            long s = row.getLong(0);
            try (Result r = Sssp.solve(g, g.ids().toInternal(s), Algorithm.CPU_DIJKSTRA, NO_TREE)) {
                long reached = 0;
                double sum = 0;
                double max = 0;
                for (int v = 0; v < g.numVertices(); v++) {
                    if (r.isReachable(v)) {
                        reached++;
                        sum += r.distance(v);
                        max = Math.max(max, r.distance(v));
                    }
                }
                assertEquals(reached, row.getLong(1), what + ": reached from " + s);
                assertEquals(sum, row.getDouble(2), what + ": sum from " + s);
                assertEquals(max, row.getDouble(3), what + ": eccentricity of " + s);
                assertEquals(sum > 0 ? (reached - 1) / sum : 0.0, row.getDouble(4), 1e-15, what + ": closeness of " + s);
            }
        }
        List<Long> want = toList(sources);
        got.sort(null);
        want.sort(null);
        assertEquals(want, got, what + ": the sources answered");
    }

    @Test
    void distancesOnNyEqualSingleJvmAnswers() {
        long[] sources = {1, 2, 1000, 140_000, 264_346};
        long[] targets = {1, 77, 5000, 100_000, 200_000, 264_346};
        SparkSssp sssp = SparkSssp.builder(spark, ny.toString()).build();
        List<Row> rows = sssp.distances(ids(sources).repartition(2), targets).collectAsList();
        assertDistances(nyGraph, rows, sources, targets, "NY");
    }

    @Test
    void summariesOnNyEqualSingleJvmAnswers() {
        long[] sources = {1, 4242, 264_346};
        SparkSssp sssp = SparkSssp.builder(spark, ny.toString()).build();
        assertSummaries(nyGraph, sssp.summaries(ids(sources).repartition(2)).collectAsList(), sources, "NY");
    }

    @Test
    void matrixOnNyWrittenAsParquetEqualsSingleJvmAnswers() {
        long[] sources = {3, 99_999, 250_000};
        long[] targets = {8, 12_345, 200_001, 264_000};
        SparkSssp sssp = SparkSssp.builder(spark, ny.toString()).build();
        String out = tmp.resolve("ny-od.parquet").toString();
        sssp.writeMatrix(ids(sources), ids(targets), out);
        List<Row> rows = spark.read().parquet(out).select(SparkSssp.SOURCE, SparkSssp.TARGET, SparkSssp.DISTANCE)
                .collectAsList();
        assertDistances(nyGraph, rows, sources, targets, "NY parquet matrix");
    }

    @Test
    void randomGraphDistancesSummariesAndMatrixEqualSingleJvmAnswers() {
        Random r = new Random(SEED);
        long[] sources = randomIds(r, 40, 3_000);
        long[] targets = randomIds(r, 25, 3_000);
        String what = "random graph (seed " + SEED + ")";
        // batches of 7 sources: several batches per task, and a last one that is not full
        SparkSssp sssp = SparkSssp.builder(spark, random.toString()).batchSize(7).build();
        assertDistances(randomGraph, sssp.distances(ids(sources).repartition(3), targets).collectAsList(),
                sources, targets, what + " distances");
        assertSummaries(randomGraph, sssp.summaries(ids(sources).repartition(3)).collectAsList(), sources,
                what + " summaries");
        assertDistances(randomGraph, sssp.matrix(ids(sources).repartition(2), ids(targets)).collectAsList(),
                sources, targets, what + " matrix");
    }

    @Test
    void idsThatAreNotVerticesAreRefusedBeforeAnySearch() {
        SparkSssp sssp = SparkSssp.builder(spark, random.toString()).build();
        int started = SourcesTask.STARTED.get();
        IllegalArgumentException source = assertThrows(IllegalArgumentException.class,
                () -> sssp.summaries(ids(1, 3_001, 5)));
        assertTrue(source.getMessage().contains("source ids [3001]"), source.getMessage());
        assertTrue(source.getMessage().contains("are not vertices of"), source.getMessage());
        IllegalArgumentException zero = assertThrows(IllegalArgumentException.class,
                () -> sssp.distances(ids(0, 2), 1L));
        assertTrue(zero.getMessage().contains("source ids [0]"), zero.getMessage());
        IllegalArgumentException target = assertThrows(IllegalArgumentException.class,
                () -> sssp.distances(ids(1, 2), 1L, -7L));
        assertTrue(target.getMessage().contains("target ids [-7]"), target.getMessage());
        IllegalArgumentException matrixTarget = assertThrows(IllegalArgumentException.class,
                () -> sssp.matrix(ids(1, 2), ids(4, 9_999_999)));
        assertTrue(matrixTarget.getMessage().contains("target ids [9999999]"), matrixTarget.getMessage());
        Dataset<Row> withNull = spark.sql("SELECT CAST(NULL AS BIGINT) AS id UNION ALL SELECT 5L");
        IllegalArgumentException nullId = assertThrows(IllegalArgumentException.class, () -> sssp.summaries(withNull));
        assertTrue(nullId.getMessage().contains("[null]"), nullId.getMessage());
        assertEquals(started, SourcesTask.STARTED.get(), "a search task ran for refused ids");
    }

    @Test
    void aGraphThatDoesNotExistIsRefused() {
        String missing = tmp.resolve("no-such-graph.gr").toString();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> SparkSssp.builder(spark, missing).build());
        assertEquals("graph file " + missing + " does not exist", e.getMessage());
    }

    @Test
    void aGraphFileThatChangedBeforeTheTaskLoadsItFailsTheJob() throws IOException {
        Path file = tmp.resolve("changing.gr");
        writeRandomDimacs(file, 100, 300, SEED);
        SparkSssp sssp = SparkSssp.builder(spark, file.toString()).build();
        // As if an executor on another machine saw another file: this JVM forgets the driver's load, the file changes.
        ExecutorGraphs.clear();
        writeRandomDimacs(file, 100, 300, SEED + 1);
        Exception e = assertThrows(Exception.class, () -> sssp.summaries(ids(1, 2)).collectAsList());
        String message = String.valueOf(e.getMessage());
        assertTrue(message.contains("graph file " + file + " changed between the driver and this executor"), message);
    }

    @Test
    void aTaskThatFailsOnceIsRetriedToTheSameAnswer() {
        Random r = new Random(SEED + 2);
        long[] sources = randomIds(r, 30, 3_000);
        long[] targets = randomIds(r, 10, 3_000);
        SparkSssp plain = SparkSssp.builder(spark, random.toString()).batchSize(4).build();
        SparkSssp failing = SparkSssp.builder(spark, random.toString()).batchSize(4).failFirstAttemptForTesting().build();
        List<Row> expected = plain.distances(ids(sources).repartition(3), targets).collectAsList();
        int started = SourcesTask.STARTED.get();
        List<Row> retried = failing.distances(ids(sources).repartition(3), targets).collectAsList();
        assertEquals(3 + 1, SourcesTask.STARTED.get() - started, "3 tasks and one retry (seed " + (SEED + 2) + ")");
        assertEquals(rowSet(expected), rowSet(retried), "seed " + (SEED + 2));
        assertDistances(randomGraph, retried, sources, targets, "retried (seed " + (SEED + 2) + ")");
        started = SourcesTask.STARTED.get();
        List<Row> summaries = failing.summaries(ids(sources).repartition(3)).collectAsList();
        assertEquals(3 + 1, SourcesTask.STARTED.get() - started, "3 tasks and one retry");
        assertSummaries(randomGraph, summaries, sources, "retried summaries (seed " + (SEED + 2) + ")");
    }

    @Test
    void theGraphIsLoadedOncePerJvm() {
        SparkSssp first = SparkSssp.builder(spark, random.toString()).build();
        first.summaries(ids(1, 2, 3).repartition(2)).collectAsList();
        int loads = ExecutorGraphs.LOADS.get();
        SparkSssp second = SparkSssp.builder(spark, random.toString()).build();
        second.distances(ids(4, 5, 6).repartition(2), 7L).collectAsList();
        second.summaries(second.vertices().limit(10)).collectAsList();
        assertEquals(loads, ExecutorGraphs.LOADS.get(), "a second job loaded the graph again");
    }

    @Test
    void verticesListsEveryId() {
        SparkSssp sssp = SparkSssp.builder(spark, random.toString()).build();
        List<Row> all = sssp.vertices().collectAsList();
        assertEquals(3_000, all.size());
        assertEquals(1L, all.get(0).getLong(0));
        assertEquals(3_000L, all.get(2_999).getLong(0));
        assertEquals(100, sssp.summaries(sssp.vertices(100)).count());
    }

    private static Set<Row> rowSet(List<Row> rows) {
        Set<Row> s = new HashSet<>(rows);
        assertEquals(rows.size(), s.size(), "duplicate rows");
        return s;
    }
}
