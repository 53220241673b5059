package org.gsssp.spark;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.function.MapPartitionsFunction;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.gsssp.Algorithm;
import org.gsssp.DeviceGraph;
import org.gsssp.DistanceMatrix;
import org.gsssp.Graph;
import org.gsssp.Options;
import org.gsssp.Result;
import org.gsssp.Sssp;
import org.gsssp.VertexIds;
import org.gsssp.WeightType;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One task: a partition of sources (file ids), answered in batches of {@code batchSize} by the graph this JVM holds,
 * rows in the partition's order. The output is a function of the partition alone, so a retried task gives the same
 * rows and Spark keeps only one attempt's.
 */
final class SourcesTask implements MapPartitionsFunction<Row, Row> {
    private static final long serialVersionUID = 1L;
    /** One line per batch in the executor's log: progress, and the fault benchmark's cue to kill an executor. */
    private static final Logger LOG = LoggerFactory.getLogger(SourcesTask.class);

    enum Kind { DISTANCES, SUMMARY }

    /** Tasks started in this JVM, for the tests. */
    static final AtomicInteger STARTED = new AtomicInteger();

    private final GraphFile file;
    private final Kind kind;
    private final int[] targets;
    private final long[] targetIds;
    private final int batchSize;
    private final Algorithm algorithm;
    private final boolean failFirstAttempt;

    SourcesTask(GraphFile file, Kind kind, int[] targets, long[] targetIds, int batchSize, Algorithm algorithm,
            boolean failFirstAttempt) {
        this.file = file;
        this.kind = kind;
        this.targets = targets;
        this.targetIds = targetIds;
        this.batchSize = batchSize;
        this.algorithm = algorithm;
        this.failFirstAttempt = failFirstAttempt;
    }

    @Override
    public Iterator<Row> call(Iterator<Row> sources) {
        STARTED.incrementAndGet();
        ExecutorGraphs.Loaded loaded = ExecutorGraphs.get(file);
        int device = ExecutorGraphs.deviceOfThisTask();
        TaskContext tc = TaskContext.get();
        boolean inject = failFirstAttempt && tc != null && tc.attemptNumber() == 0 && tc.partitionId() == 0;
        return new Iterator<>() {
            private Iterator<Row> batch = Collections.emptyIterator();
            private int batches;

            @Override
            public boolean hasNext() {
                while (!batch.hasNext()) {
                    if (inject && batches >= 1) {
                        throw new IllegalStateException("gsssp-spark test hook: task " + tc.taskAttemptId()
                                + " fails on purpose after its first batch (attempt 0 of partition 0)");
                    }
                    if (!sources.hasNext()) {
                        return false;
                    }
                    long t = System.nanoTime();
                    long[] ids = nextSources(sources);
                    batch = answer(loaded, device, ids).iterator();
                    batches++;
                    LOG.info("gsssp-spark batch: partition {} attempt {}, {} sources on {} in {} ms",
                            tc == null ? -1 : tc.partitionId(), tc == null ? -1 : tc.attemptNumber(), ids.length,
                            device < 0 ? "the CPU" : "GPU " + device, (System.nanoTime() - t) / 1_000_000);
                }
                return true;
            }

            @Override
            public Row next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                return batch.next();
            }
        };
    }

    private long[] nextSources(Iterator<Row> sources) {
        long[] ids = new long[batchSize];
        int n = 0;
        while (n < batchSize && sources.hasNext()) {
            ids[n++] = sources.next().getLong(0);
        }
        return java.util.Arrays.copyOf(ids, n);
    }

    private List<Row> answer(ExecutorGraphs.Loaded loaded, int device, long[] sourceIds) {
        Graph graph = loaded.graph;
        VertexIds ids = graph.ids();
        int[] sources = new int[sourceIds.length];
        for (int i = 0; i < sources.length; i++) {
            sources[i] = ids.toInternal(sourceIds[i]);
        }
        return kind == Kind.DISTANCES ? distances(loaded, device, sources, sourceIds)
                : summaries(loaded, device, sources, sourceIds);
    }

    private List<Row> distances(ExecutorGraphs.Loaded loaded, int device, int[] sources, long[] sourceIds) {
        List<Row> rows = new ArrayList<>(sources.length * targets.length);
        try (DistanceMatrix m = matrix(loaded, device, sources)) {
            boolean exact = m.weightType() == WeightType.INT32;
            for (int i = 0; i < sources.length; i++) {
                for (int j = 0; j < targets.length; j++) {
                    Double d;
                    if (exact) {
                        long x = m.getAsLong(i, j);
                        d = x == Long.MAX_VALUE ? null : (double) x;
                    } else {
                        double x = m.get(i, j);
                        d = Double.isInfinite(x) ? null : x;
                    }
                    rows.add(RowFactory.create(sourceIds[i], targetIds[j], d));
                }
            }
        }
        return rows;
    }

    private DistanceMatrix matrix(ExecutorGraphs.Loaded loaded, int device, int[] sources) {
        if (device < 0) {
            return Sssp.matrix(loaded.graph, sources, targets);
        }
        DeviceGraph g = loaded.upload(device);
        synchronized (loaded.lock(device)) {
            return g.matrix(sources, targets, algorithm);
        }
    }

    private List<Row> summaries(ExecutorGraphs.Loaded loaded, int device, int[] sources, long[] sourceIds) {
        Graph graph = loaded.graph;
        long[] reached = new long[sources.length];
        double[] sum = new double[sources.length];
        double[] max = new double[sources.length];
        boolean exact = graph.weightType() == WeightType.INT32;
        Options options = Options.builder().computePredecessors(false).build();
        long[] chunk = new long[SUMMARY_CHUNK];
        org.gsssp.BatchConsumer consumer =
                (index, result) -> summarise(result, exact, chunk, index, reached, sum, max);
        if (device < 0) {
            Sssp.queryBatch(graph, sources, algorithm, options, consumer);
        } else {
            DeviceGraph g = loaded.upload(device);
            synchronized (loaded.lock(device)) {
                g.queryBatch(sources, algorithm, options, consumer);
            }
        }
        List<Row> rows = new ArrayList<>(sources.length);
        for (int i = 0; i < sources.length; i++) {
            double closeness = sum[i] > 0 ? (reached[i] - 1) / sum[i] : 0.0;
            rows.add(RowFactory.create(sourceIds[i], reached[i], sum[i], max[i], closeness));
        }
        return rows;
    }

    /**
     * Distances per bulk copy in {@link #summarise}: the row is copied from its off-heap segment to a heap array a
     * chunk at a time and scanned there, a loop the JIT compiles far better than one reading the segment element by
     * element (the commit that added it gives the measurement).
     */
    static final int SUMMARY_CHUNK = 4096;

    /**
     * Reached count, distance sum and eccentricity (largest finite distance) of one answer; {@code chunk} is scratch
     * of {@link #SUMMARY_CHUNK} longs.
     */
    static void summarise(Result r, boolean exact, long[] chunk, int i, long[] reached, double[] sum, double[] max) {
        MemorySegment d = r.distances();
        long n = d.byteSize() / Long.BYTES;
        long count = 0;
        double s = 0;
        double m = 0;
        long ls = 0;
        long lm = 0;
        for (long base = 0; base < n; base += chunk.length) {
            int len = (int) Math.min(chunk.length, n - base);
            MemorySegment.copy(d, ValueLayout.JAVA_LONG, base * Long.BYTES, chunk, 0, len);
            if (exact) {
                for (int k = 0; k < len; k++) {
                    long x = chunk[k];
                    if (x != Long.MAX_VALUE) {
                        count++;
                        ls += x;
                        lm = Math.max(lm, x);
                    }
                }
            } else {
                for (int k = 0; k < len; k++) {
                    double x = Double.longBitsToDouble(chunk[k]);
                    if (x != Double.POSITIVE_INFINITY) {
                        count++;
                        s += x;
                        m = Math.max(m, x);
                    }
                }
            }
        }
        if (exact) {
            s = ls;
            m = lm;
        }
        reached[i] = count;
        sum[i] = s;
        max[i] = m;
    }
}
