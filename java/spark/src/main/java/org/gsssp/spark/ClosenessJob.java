package org.gsssp.spark;

import static org.apache.spark.sql.functions.col;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.gsssp.Algorithm;
import org.gsssp.DeviceGraph;
import org.gsssp.Graph;
import org.gsssp.Options;
import org.gsssp.Sssp;
import org.gsssp.WeightType;

/**
 * Example job: closeness centrality of a road graph, for spark-submit.
 *
 * <pre>
 * spark-submit --class org.gsssp.spark.ClosenessJob gsssp-spark.jar GRAPH [options]
 *   --sources N      N sources spread evenly over the graph (default: every vertex)
 *   --partitions P   tasks (default: Spark's default parallelism)
 *   --batch B        sources per queryBatch call within a task (default 4096)
 *   --out PATH       write (source, reached, sum, eccentricity, closeness) as Parquet at PATH (overwritten)
 *   --top K          print the K most central sources (default 10)
 *   --same-as PATH   check the answers equal those of an earlier run's --out PATH (exit 3 if not)
 *   --baseline       also time the same summaries by queryBatch in this JVM (local mode benchmark)
 *   --repeat R       run the job R times, printing each time (default 1; the first includes the executors' load)
 * </pre>
 * Prints one line per measurement, {@code gsssp-spark key=value ...}, for scripts.
 */
public final class ClosenessJob {
    private ClosenessJob() {}

    /**
     * Runs the job.
     *
     * @param args the graph location and options, see the class description
     * @throws Exception on failure
     */
    public static void main(String[] args) throws Exception {
        if (args.length == 0 || args[0].startsWith("-")) {
            System.err.println("usage: ClosenessJob GRAPH [--sources N] [--partitions P] [--batch B] [--out PATH] "
                    + "[--top K] [--same-as PATH] [--baseline] [--repeat R]");
            System.exit(2);
        }
        String graph = args[0];
        int sources = 0;
        int partitions = 0;
        int batch = 4096;
        int top = 10;
        int repeat = 1;
        String out = null;
        String sameAs = null;
        boolean baseline = false;
        for (int i = 1; i < args.length; i++) {
            switch (args[i]) {
                case "--sources" -> sources = Integer.parseInt(value(args, ++i));
                case "--partitions" -> partitions = Integer.parseInt(value(args, ++i));
                case "--batch" -> batch = Integer.parseInt(value(args, ++i));
                case "--top" -> top = Integer.parseInt(value(args, ++i));
                case "--repeat" -> repeat = Integer.parseInt(value(args, ++i));
                case "--out" -> out = value(args, ++i);
                case "--same-as" -> sameAs = value(args, ++i);
                case "--baseline" -> baseline = true;
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        SparkSession spark = SparkSession.builder().appName("gsssp closeness").getOrCreate();
        try {
            long t0 = System.nanoTime();
            SparkSssp sssp = SparkSssp.builder(spark, graph).batchSize(batch).build();
            log("driver_load_s", seconds(t0), "vertices", sssp.numVertices());
            Dataset<Row> src = sources > 0 ? sssp.vertices(sources) : sssp.vertices();
            int p = partitions > 0 ? partitions : spark.sparkContext().defaultParallelism();
            src = src.repartitionByRange(p, col(SparkSssp.ID)).cache();
            long k = src.count();
            if (baseline) {
                baseline(sssp, src, k);
            }
            Dataset<Row> result = null;
            for (int r = 0; r < repeat; r++) {
                long t = System.nanoTime();
                result = sssp.summaries(src);
                if (out != null) {
                    result.write().mode(SaveMode.Overwrite).parquet(out);
                    result = spark.read().parquet(out);
                } else {
                    result = result.cache();
                    result.count();
                }
                double s = seconds(t);
                log("run", r, "sources", k, "partitions", p, "spark_s", s,
                        "us_per_source", String.format(Locale.ROOT, "%.1f", s * 1e6 / k));
            }
            for (Row row : result.orderBy(col(SparkSssp.CLOSENESS).desc(), col(SparkSssp.SOURCE)).limit(top).collectAsList()) {
                System.out.printf(Locale.ROOT, "source %d  closeness %.6e  reached %d  eccentricity %.0f%n",
                        row.getLong(0), row.getDouble(4), row.getLong(1), row.getDouble(3));
            }
            if (sameAs != null) {
                Dataset<Row> earlier = spark.read().parquet(sameAs);
                long missing = earlier.exceptAll(result).count();
                long extra = result.exceptAll(earlier).count();
                log("same_as", sameAs, "missing", missing, "extra", extra, "identical", missing == 0 && extra == 0);
                if (missing != 0 || extra != 0) {
                    System.exit(3);
                }
            }
        } finally {
            spark.stop();
        }
    }

    /** The same sources by queryBatch in this JVM, on the upload the local-mode tasks share. */
    private static void baseline(SparkSssp sssp, Dataset<Row> src, long k) {
        ExecutorGraphs.Loaded loaded = ExecutorGraphs.get(sssp.file());
        Graph g = loaded.graph;
        List<Row> rows = src.collectAsList();
        int[] sources = new int[rows.size()];
        for (int i = 0; i < sources.length; i++) {
            sources[i] = g.ids().toInternal(rows.get(i).getLong(0));
        }
        long[] reached = new long[sources.length];
        double[] sum = new double[sources.length];
        double[] max = new double[sources.length];
        boolean exact = g.weightType() == WeightType.INT32;
        Options options = Options.builder().computePredecessors(false).build();
        int device = ExecutorGraphs.deviceOfThisTask();
        long t = System.nanoTime();
        DeviceGraph d = device >= 0 ? loaded.upload(device) : null;
        log("baseline_upload_s", seconds(t), "device", device);
        long[] chunk = new long[SourcesTask.SUMMARY_CHUNK];
        for (int r = 0; r < 2; r++) {
            t = System.nanoTime();
            if (d != null) {
                d.queryBatch(sources, Algorithm.AUTO, options,
                        (i, res) -> SourcesTask.summarise(res, exact, chunk, i, reached, sum, max));
            } else {
                Sssp.queryBatch(g, sources, Algorithm.AUTO, options,
                        (i, res) -> SourcesTask.summarise(res, exact, chunk, i, reached, sum, max));
            }
            double s = seconds(t);
            log("baseline_run", r, "sources", k, "queryBatch_s", s,
                    "us_per_source", String.format(Locale.ROOT, "%.1f", s * 1e6 / k));
        }
    }

    private static String value(String[] args, int i) {
        if (i >= args.length) {
            throw new IllegalArgumentException(args[i - 1] + " needs a value");
        }
        return args[i];
    }

    private static double seconds(long since) {
        return (System.nanoTime() - since) / 1e9;
    }

    private static void log(Object... kv) {
        List<String> parts = new ArrayList<>();
        for (int i = 0; i + 1 < kv.length; i += 2) {
            parts.add(kv[i] + "=" + kv[i + 1]);
        }
        System.out.println("gsssp-spark " + String.join(" ", parts));
    }
}
