package org.gsssp.generate;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.SplittableRandom;
import org.gsssp.Graph;
import org.gsssp.VertexIds;

/**
 * Builds the graph a {@link GraphSpec} describes, straight into off-heap CSR (no edge objects, no
 * {@link org.gsssp.GraphBuilder}): grid and fixed-degree graphs know their offsets up front; R-MAT edges go into
 * an off-heap edge list (long-indexed, so beyond 2^31 edges) and are placed by a counting sort. Work is cut into
 * fixed chunks, each with its own random stream, so a spec gives the same graph bit for bit on 1 or 64 threads.
 *
 * <p>Out-edges of a vertex appear in generation order; generated graphs use ids {@code 0..n-1} (base 0).
 */
public final class GraphGenerator {
    static final int EDGE_CHUNK = 1 << 16;
    static final int VERTEX_CHUNK = 1 << 12;

    // independent random streams per purpose, so that e.g. changing weights never changes the structure
    private static final long STRUCTURE = 1;
    private static final long WEIGHTS = 2;
    private static final long POTENTIALS = 3;
    private static final long PERMUTATION = 4;
    private static final long HIGHWAYS = 5;

    private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG;
    private static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT;
    private static final ValueLayout.OfFloat FLOAT = ValueLayout.JAVA_FLOAT;

    private GraphGenerator() {}

    /**
     * Generates with as many threads as there are processors.
     *
     * @param spec the recipe
     * @return the graph, named by the canonical spec; the caller closes it
     * @throws IllegalArgumentException if the spec cannot be realised (e.g. a negative share beyond reach)
     */
    public static Graph generate(GraphSpec spec) {
        return generate(spec, Runtime.getRuntime().availableProcessors());
    }

    /**
     * Generates with up to {@code threads} threads; the graph does not depend on {@code threads}.
     *
     * @param spec    the recipe
     * @param threads the most threads to use, at least 1
     * @return the graph, named by the canonical spec; the caller closes it
     * @throws IllegalArgumentException if {@code threads} is below 1, or the spec cannot be realised (e.g. a
     *         negative share beyond reach)
     */
    public static Graph generate(GraphSpec spec, int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be >= 1, got " + threads);
        }
        int n = spec.numVertices();
        checkMemory(spec, n, switch (spec) {
            case RggSpec r -> (long) (n * r.degree());
            case RoadNetSpec r -> 4L * n;
            default -> spec.numEdges();
        });
        // A geometric graph's edge count is known once its points are placed, a road network's once its streets
        // are chosen: do that once, here.
        RggLayout layout = spec instanceof RggSpec r ? rggLayout(r, threads) : null;
        RoadNetwork.Layout streets = spec instanceof RoadNetSpec r ? RoadNetwork.layout(r, threads) : null;
        long m = layout != null ? layout.edges() : streets != null ? streets.edges() : spec.numEdges();
        WeightSpec ws = spec.weights();
        // checked before any memory is taken: a hopeless neg= fails at once
        long potentialRange = ws.negativeShare() > 0 ? potentialRange(ws) : 0;
        Arena arena = Arena.ofShared();
        MemorySegment offsets;
        MemorySegment targets;
        MemorySegment weights;
        try {
            try {
                offsets = arena.allocate(LONG, n + 1L);
                targets = arena.allocate(INT, m);
                weights = arena.allocate(INT, m);
            } catch (OutOfMemoryError e) {
                // One failed allocation of the arrays themselves: nothing else is left half-built.
                throw new IllegalArgumentException(String.format(java.util.Locale.ROOT,
                        "%s needs %,d MB for its CSR arrays, which could not be allocated", spec,
                        (8L * (n + 1L) + 8L * m) >> 20), e);
            }
            switch (spec) {
                case RmatSpec r -> rmat(r, threads, offsets, targets);
                case GridSpec g -> grid(g, threads, offsets, targets);
                case RandomSpec u -> uniform(u, threads, offsets, targets);
                case RggSpec r -> rgg(layout, threads, offsets, targets);
                case MeshSpec mesh -> mesh(mesh, threads, offsets, targets);
                case RoadSpec road -> road(road, threads, offsets, targets);
                case RoadNetSpec net -> RoadNetwork.fill(streets, threads, offsets, targets, weights);
            }
            if (streets == null) {
                drawWeights(ws, spec.seed(), threads, weights, m);
            }
            if (spec instanceof RoadSpec road) {
                highwayWeights(road, threads, offsets, targets, weights);
            }
            if (potentialRange > 0) {
                reweight(ws, spec.seed(), potentialRange, threads, n, offsets, targets, weights);
            }
        } catch (RuntimeException | Error e) {
            arena.close();
            throw e;
        }
        return Graph.ofSegments(arena, offsets, targets, weights, ws.type(), VertexIds.offset(0, n), spec.toString());
    }

    /**
     * Refuses, before anything is allocated, a spec whose graph cannot be built here: the Java heap its
     * temporaries need (R-MAT's vertex permutation and counting-sort counters, a geometric graph's points and
     * cells, a mesh's or road's offsets, the potentials of {@code neg=}) against the JVM's limit, and its off-heap
     * memory (the CSR arrays, 8 bytes per vertex and 8 per edge, and R-MAT's edge list, another 8 bytes per edge
     * while the CSR is built) plus that heap against the machine's memory (Linux's MemTotal, when readable).
     * Off-heap segments are not bounded by {@code -Xmx} nor by {@code -XX:MaxDirectMemorySize}, only by the
     * machine. The issue "Provably right": a generator spec, like a file header, must fail with one message,
     * never with an OutOfMemoryError. Byte counts saturate at {@code Long.MAX_VALUE}, so no spec overflows them.
     */
    static void checkMemory(GraphSpec spec, int n, long edgesEstimate) {
        long heap = switch (spec) {
            case RmatSpec r -> 4L * n + 8L * (n + 1L);
            case RggSpec r -> (long) n * (16L * r.dims() + 12);
            case MeshSpec mesh -> 8L * (n + 1L);
            case RoadSpec road -> 8L * (n + 1L);
            case RoadNetSpec net -> 9L * (n + 1L);
            default -> 0L;
        };
        if (spec.weights().negativeShare() > 0) {
            heap += 4L * n;  // reweight's potentials
        }
        long csr = saturatedAdd(8L * (n + 1L), saturatedTimes(8, edgesEstimate));
        long edgeList = spec instanceof RmatSpec ? saturatedTimes(8, edgesEstimate) : 0;
        long maxHeap = Runtime.getRuntime().maxMemory();
        if (heap > maxHeap) {
            throw new IllegalArgumentException(String.format(java.util.Locale.ROOT,
                    "%s needs about %,d MB of Java heap to generate, and this JVM allows %,d MB (-Xmx)", spec,
                    heap >> 20, maxHeap >> 20));
        }
        long total = physicalMemory();
        long need = saturatedAdd(saturatedAdd(csr, edgeList), heap);
        if (total > 0 && need > total) {
            String list = edgeList > 0 ? String.format(java.util.Locale.ROOT,
                    " + %,d MB for the edge list while the CSR is built", edgeList >> 20) : "";
            throw new IllegalArgumentException(String.format(java.util.Locale.ROOT,
                    "%s needs about %,d MB (%,d vertices, %,d edges: %,d MB of CSR arrays%s + %,d MB of Java heap), "
                    + "more than this machine's %,d MB of memory", spec, need >> 20, n, edgesEstimate, csr >> 20,
                    list, heap >> 20, total >> 20));
        }
    }

    private static long saturatedTimes(long a, long b) {
        long high = Math.multiplyHigh(a, b);
        long low = a * b;
        return high != 0 || low < 0 ? Long.MAX_VALUE : low;  // operands are non-negative
    }

    private static long saturatedAdd(long a, long b) {
        long sum = a + b;
        return sum < 0 ? Long.MAX_VALUE : sum;  // operands are non-negative
    }

    /** MemTotal from /proc/meminfo in bytes, or 0 where it cannot be read. */
    static long physicalMemory() {
        try {
            for (String line : java.nio.file.Files.readAllLines(java.nio.file.Path.of("/proc/meminfo"))) {
                if (line.startsWith("MemTotal:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
                }
            }
        } catch (java.io.IOException | RuntimeException e) {
            // not Linux, or not readable: no check
        }
        return 0;
    }

    // ------------------------------------------------------------------ structure

    /**
     * R-MAT: the edge list (source and target of every edge, 8 bytes per edge) is generated into off-heap
     * segments of a temporary arena, closed once the CSR is built (also on failure), so the edge count is bounded
     * by memory only, not by Java's int-indexed arrays. Edges are generated in chunks of {@link #EDGE_CHUNK},
     * chunk {@code i} from its own random stream, then placed by a stable counting sort: the same graph for any
     * thread count, and for every spec below 2^31 edges the same graph as when the list lived in two int[]s.
     */
    private static void rmat(RmatSpec spec, int threads, MemorySegment offsets, MemorySegment targets) {
        int scale = spec.scale();
        int n = spec.numVertices();
        long m = spec.numEdges();
        int[] perm = permutation(n, Parallel.random(spec.seed(), PERMUTATION, 0));
        // quadrant thresholds on 16 random bits: four levels per nextLong, resolution 2^-16
        int ta = (int) Math.round(spec.a() * 65536);
        int tb = ta + (int) Math.round(spec.b() * 65536);
        int tc = tb + (int) Math.round(spec.c() * 65536);
        try (Arena edgeList = Arena.ofShared()) {
            MemorySegment src;
            MemorySegment dst;
            try {
                src = edgeList.allocate(INT, m);
                dst = edgeList.allocate(INT, m);
            } catch (OutOfMemoryError e) {
                throw new IllegalArgumentException(String.format(java.util.Locale.ROOT,
                        "%s needs %,d MB off-heap for its edge list (8 bytes per edge) besides its CSR arrays, "
                        + "which could not be allocated", spec, (8L * m) >> 20), e);
            }
            Parallel.forEach(threads, Parallel.chunks(m, EDGE_CHUNK), chunk -> {
                SplittableRandom r = Parallel.random(spec.seed(), STRUCTURE, chunk);
                long from = (long) chunk * EDGE_CHUNK;
                long to = Math.min(m, from + EDGE_CHUNK);
                for (long e = from; e < to; e++) {
                    int u = 0;
                    int v = 0;
                    long bits = 0;
                    int left = 0;
                    for (int level = 0; level < scale; level++) {
                        if (left == 0) {
                            bits = r.nextLong();
                            left = 4;
                        }
                        int x = (int) (bits & 0xFFFF);
                        bits >>>= 16;
                        left--;
                        // branch-free: the quadrant is random, so branches would mispredict at every level.
                        // (t - 1 - x) >>> 31 is 1 exactly when x >= t. a: (0,0), b: (0,1), c: (1,0), d: (1,1).
                        int geA = (ta - 1 - x) >>> 31;
                        int geB = (tb - 1 - x) >>> 31;
                        int geC = (tc - 1 - x) >>> 31;
                        u = (u << 1) | geB;
                        v = (v << 1) | (geA ^ geB) | geC;
                    }
                    src.setAtIndex(INT, e, perm[u]);
                    dst.setAtIndex(INT, e, perm[v]);
                }
            });
            countingSort(src, dst, m, n, threads, offsets, targets);
        }
    }

    /**
     * Stable counting sort of the edge list ({@code m} sources and targets) by source. Each thread owns a range
     * of source vertices and scans the whole list for them: more reading than a shared histogram, but no atomics
     * and the same order (edge order within a vertex) whatever the thread count.
     */
    private static void countingSort(MemorySegment src, MemorySegment dst, long m, int n, int threads,
                                     MemorySegment offsets, MemorySegment targets) {
        long[] next = new long[n + 1];
        int parts = Math.max(1, Math.min(threads, n));
        Parallel.forEach(threads, parts, part -> {
            int lo = (int) ((long) n * part / parts);
            int span = (int) ((long) n * (part + 1) / parts) - lo;
            for (long e = 0; e < m; e++) {
                int s = src.getAtIndex(INT, e);
                if (Integer.compareUnsigned(s - lo, span) < 0) {
                    next[s + 1]++;
                }
            }
        });
        for (int v = 0; v < n; v++) {
            next[v + 1] += next[v];
        }
        MemorySegment.copy(next, 0, offsets, LONG, 0, n + 1);
        Parallel.forEach(threads, parts, part -> {
            int lo = (int) ((long) n * part / parts);
            int span = (int) ((long) n * (part + 1) / parts) - lo;
            for (long e = 0; e < m; e++) {
                int s = src.getAtIndex(INT, e);
                if (Integer.compareUnsigned(s - lo, span) < 0) {
                    targets.setAtIndex(INT, next[s]++, dst.getAtIndex(INT, e));
                }
            }
        });
    }

    private static int[] permutation(int n, SplittableRandom r) {
        int[] perm = new int[n];
        for (int i = 0; i < n; i++) {
            perm[i] = i;
        }
        for (int i = n - 1; i > 0; i--) {
            int j = r.nextInt(i + 1);
            int t = perm[i];
            perm[i] = perm[j];
            perm[j] = t;
        }
        return perm;
    }

    private static void grid(GridSpec spec, int threads, MemorySegment offsets, MemorySegment targets) {
        int rows = spec.rows();
        int cols = spec.cols();
        long[] rowStart = new long[rows + 1];
        for (int r = 0; r < rows; r++) {
            long vertical = (long) cols * ((r > 0 ? 1 : 0) + (r < rows - 1 ? 1 : 0));
            rowStart[r + 1] = rowStart[r] + 2L * (cols - 1) + vertical;
        }
        int rowsPerChunk = Math.max(1, VERTEX_CHUNK / cols);
        Parallel.forEach(threads, Parallel.chunks(rows, rowsPerChunk), chunk -> {
            int end = (int) Math.min(rows, (long) (chunk + 1) * rowsPerChunk);
            for (int r = chunk * rowsPerChunk; r < end; r++) {
                long pos = rowStart[r];
                for (int c = 0; c < cols; c++) {
                    int v = r * cols + c;
                    offsets.setAtIndex(LONG, v, pos);
                    pos = gridNeighbours(targets, pos, v, r, c, rows, cols);
                }
            }
        });
        offsets.setAtIndex(LONG, (long) rows * cols, rowStart[rows]);
    }

    /** Writes from {@code pos} the grid neighbours of v = (r, c) in increasing id order: up, left, right, down. */
    private static long gridNeighbours(MemorySegment targets, long pos, int v, int r, int c, int rows, int cols) {
        if (r > 0) {
            targets.setAtIndex(INT, pos++, v - cols);
        }
        if (c > 0) {
            targets.setAtIndex(INT, pos++, v - 1);
        }
        if (c < cols - 1) {
            targets.setAtIndex(INT, pos++, v + 1);
        }
        if (r < rows - 1) {
            targets.setAtIndex(INT, pos++, v + cols);
        }
        return pos;
    }

    private static void uniform(RandomSpec spec, int threads, MemorySegment offsets, MemorySegment targets) {
        int n = spec.n();
        int d = spec.degree();
        Parallel.forEach(threads, Parallel.chunks(n, VERTEX_CHUNK), chunk -> {
            SplittableRandom r = Parallel.random(spec.seed(), STRUCTURE, chunk);
            int end = (int) Math.min(n, (long) (chunk + 1) * VERTEX_CHUNK);
            for (int v = chunk * VERTEX_CHUNK; v < end; v++) {
                long pos = (long) v * d;
                offsets.setAtIndex(LONG, v, pos);
                for (int k = 0; k < d; k++) {
                    int t = 0;
                    if (n > 1) {
                        // uniform over the other n-1 vertices: draw from n-1 and skip v
                        t = r.nextInt(n - 1);
                        if (t >= v) {
                            t++;
                        }
                    }
                    targets.setAtIndex(INT, pos + k, t);
                }
            }
        });
        offsets.setAtIndex(LONG, n, (long) n * d);
    }

    /**
     * The points of a random geometric graph, relabelled in cell order (so that a vertex's neighbours have
     * nearby ids), the cells (of side at least the radius, so neighbours are in the 3^dims cells around), and
     * each vertex's neighbour count.
     */
    record RggLayout(RggSpec spec, double[] coords, int cellsPerSide, int[] cellStart, int[] degree, long edges) {}

    static RggLayout rggLayout(RggSpec spec, int threads) {
        int n = spec.n();
        int dims = spec.dims();
        double r = spec.radius();
        // Cells of side >= r, and no more cells than about 4n (a tiny degree would otherwise ask for more).
        double limit = dims == 2 ? Math.sqrt(4.0 * n) : Math.cbrt(4.0 * n);
        int g = (int) Math.max(1, Math.min(Math.floor(1 / r), Math.floor(limit)));
        double[] raw = new double[n * dims];
        Parallel.forEach(threads, Parallel.chunks(n, VERTEX_CHUNK), chunk -> {
            SplittableRandom rnd = Parallel.random(spec.seed(), STRUCTURE, chunk);
            int end = (int) Math.min(n, (long) (chunk + 1) * VERTEX_CHUNK);
            for (int i = chunk * VERTEX_CHUNK; i < end; i++) {
                for (int k = 0; k < dims; k++) {
                    raw[i * dims + k] = rnd.nextDouble();
                }
            }
        });
        int cells = dims == 2 ? g * g : g * g * g;
        int[] cellOf = new int[n];
        int[] cellStart = new int[cells + 1];
        for (int i = 0; i < n; i++) {
            int c = 0;
            for (int k = dims - 1; k >= 0; k--) {
                c = c * g + Math.min(g - 1, (int) (raw[i * dims + k] * g));
            }
            cellOf[i] = c;
            cellStart[c + 1]++;
        }
        for (int c = 0; c < cells; c++) {
            cellStart[c + 1] += cellStart[c];
        }
        double[] coords = new double[n * dims];
        int[] fill = java.util.Arrays.copyOf(cellStart, cells);
        for (int i = 0; i < n; i++) {
            int id = fill[cellOf[i]]++;
            System.arraycopy(raw, i * dims, coords, id * dims, dims);
        }
        int[] degree = new int[n];
        RggLayout counting = new RggLayout(spec, coords, g, cellStart, degree, 0);
        Parallel.forEach(threads, Parallel.chunks(n, VERTEX_CHUNK), chunk -> {
            int end = (int) Math.min(n, (long) (chunk + 1) * VERTEX_CHUNK);
            for (int v = chunk * VERTEX_CHUNK; v < end; v++) {
                degree[v] = rggNeighbours(counting, v, null, 0);
            }
        });
        long edges = 0;
        for (int d : degree) {
            edges += d;
        }
        return new RggLayout(spec, coords, g, cellStart, degree, edges);
    }

    /** Counts (targets null) or writes from {@code pos} on the neighbours of {@code v}, in cell order. */
    private static int rggNeighbours(RggLayout l, int v, MemorySegment targets, long pos) {
        int dims = l.spec().dims();
        int g = l.cellsPerSide();
        double r2 = l.spec().radius() * l.spec().radius();
        double[] p = l.coords();
        int cx = Math.min(g - 1, (int) (p[v * dims] * g));
        int cy = Math.min(g - 1, (int) (p[v * dims + 1] * g));
        int cz = dims == 3 ? Math.min(g - 1, (int) (p[v * dims + 2] * g)) : 0;
        int count = 0;
        for (int z = Math.max(0, cz - 1); z <= (dims == 3 ? Math.min(g - 1, cz + 1) : 0); z++) {
            for (int y = Math.max(0, cy - 1); y <= Math.min(g - 1, cy + 1); y++) {
                for (int x = Math.max(0, cx - 1); x <= Math.min(g - 1, cx + 1); x++) {
                    int c = (z * g + y) * g + x;
                    for (int u = l.cellStart()[c]; u < l.cellStart()[c + 1]; u++) {
                        if (u == v) {
                            continue;
                        }
                        double d2 = 0;
                        for (int k = 0; k < dims; k++) {
                            double diff = p[u * dims + k] - p[v * dims + k];
                            d2 += diff * diff;
                        }
                        if (d2 < r2) {
                            if (targets != null) {
                                targets.setAtIndex(INT, pos + count, u);
                            }
                            count++;
                        }
                    }
                }
            }
        }
        return count;
    }

    private static void rgg(RggLayout l, int threads, MemorySegment offsets, MemorySegment targets) {
        int n = l.spec().n();
        long[] start = new long[n + 1];
        for (int v = 0; v < n; v++) {
            start[v + 1] = start[v] + l.degree()[v];
        }
        MemorySegment.copy(start, 0, offsets, LONG, 0, n + 1);
        Parallel.forEach(threads, Parallel.chunks(n, VERTEX_CHUNK), chunk -> {
            int end = (int) Math.min(n, (long) (chunk + 1) * VERTEX_CHUNK);
            for (int v = chunk * VERTEX_CHUNK; v < end; v++) {
                rggNeighbours(l, v, targets, start[v]);
            }
        });
    }

    private static void mesh(MeshSpec spec, int threads, MemorySegment offsets, MemorySegment targets) {
        int nx = spec.nx();
        int ny = spec.ny();
        int nz = spec.nz();
        int n = spec.numVertices();
        int[][] steps = spec.offsets();
        long[] start = new long[n + 1];
        for (int v = 0; v < n; v++) {
            int x = v % nx;
            int y = (v / nx) % ny;
            int z = v / nx / ny;
            int d = 0;
            for (int[] s : steps) {
                if (inside(x + s[0], nx) && inside(y + s[1], ny) && inside(z + s[2], nz)) {
                    d++;
                }
            }
            start[v + 1] = start[v] + d;
        }
        MemorySegment.copy(start, 0, offsets, LONG, 0, n + 1);
        Parallel.forEach(threads, Parallel.chunks(n, VERTEX_CHUNK), chunk -> {
            int end = (int) Math.min(n, (long) (chunk + 1) * VERTEX_CHUNK);
            for (int v = chunk * VERTEX_CHUNK; v < end; v++) {
                int x = v % nx;
                int y = (v / nx) % ny;
                int z = v / nx / ny;
                long pos = start[v];
                for (int[] s : steps) {
                    if (inside(x + s[0], nx) && inside(y + s[1], ny) && inside(z + s[2], nz)) {
                        targets.setAtIndex(INT, pos++, v + s[0] + nx * (s[1] + ny * s[2]));
                    }
                }
            }
        });
    }

    /** Whether (r, c) is a highway intersection with an express edge towards (r + dr·hw, c + dc·hw). */
    private static boolean express(RoadSpec spec, int r, int c, int dr, int dc) {
        int hw = spec.highway();
        if (r % hw != 0 || c % hw != 0) {
            return false;
        }
        return inside(r + dr * hw, spec.rows()) && inside(c + dc * hw, spec.cols());
    }

    private static final int[][] EXPRESS = {{-1, 0}, {0, -1}, {0, 1}, {1, 0}};

    private static void road(RoadSpec spec, int threads, MemorySegment offsets, MemorySegment targets) {
        int rows = spec.rows();
        int cols = spec.cols();
        int n = spec.numVertices();
        int hw = spec.highway();
        long[] start = new long[n + 1];
        for (int v = 0; v < n; v++) {
            int r = v / cols;
            int c = v % cols;
            int d = (r > 0 ? 1 : 0) + (c > 0 ? 1 : 0) + (c < cols - 1 ? 1 : 0) + (r < rows - 1 ? 1 : 0);
            for (int[] x : EXPRESS) {
                d += express(spec, r, c, x[0], x[1]) ? 1 : 0;
            }
            start[v + 1] = start[v] + d;
        }
        MemorySegment.copy(start, 0, offsets, LONG, 0, n + 1);
        Parallel.forEach(threads, Parallel.chunks(n, VERTEX_CHUNK), chunk -> {
            int end = (int) Math.min(n, (long) (chunk + 1) * VERTEX_CHUNK);
            for (int v = chunk * VERTEX_CHUNK; v < end; v++) {
                int r = v / cols;
                int c = v % cols;
                // streets as in grid(), then the express edges in the same order
                long pos = gridNeighbours(targets, start[v], v, r, c, rows, cols);
                for (int[] x : EXPRESS) {
                    if (express(spec, r, c, x[0], x[1])) {
                        targets.setAtIndex(INT, pos++, v + x[0] * hw * cols + x[1] * hw);
                    }
                }
            }
        });
    }

    /** The express edges' weights: RoadSpec.HIGHWAY_SPEED of the streets' mean cost over the same cells, ±10%. */
    private static void highwayWeights(RoadSpec spec, int threads, MemorySegment offsets, MemorySegment targets,
                                       MemorySegment weights) {
        int cols = spec.cols();
        int n = spec.numVertices();
        int hw = spec.highway();
        WeightSpec ws = spec.weights();
        double base = hw * (ws.lo() + ws.hi()) / 2 * RoadSpec.HIGHWAY_SPEED;
        Parallel.forEach(threads, Parallel.chunks(n, VERTEX_CHUNK), chunk -> {
            SplittableRandom r = Parallel.random(spec.seed(), HIGHWAYS, chunk);
            int end = (int) Math.min(n, (long) (chunk + 1) * VERTEX_CHUNK);
            for (int v = chunk * VERTEX_CHUNK; v < end; v++) {
                long to = offsets.getAtIndex(LONG, v + 1L);
                for (long e = offsets.getAtIndex(LONG, v); e < to; e++) {
                    int t = targets.getAtIndex(INT, e);
                    int gap = Math.abs(t / cols - v / cols) + Math.abs(t % cols - v % cols);
                    if (gap == 1) {
                        continue;  // a street
                    }
                    double w = base * (0.9 + 0.2 * r.nextDouble());
                    if (ws.floating()) {
                        weights.setAtIndex(FLOAT, e, (float) Math.max(ws.lo(), w));
                    } else {
                        weights.setAtIndex(INT, e, (int) Math.min(Integer.MAX_VALUE / 4, Math.max(Math.round(ws.lo()), Math.round(w))));
                    }
                }
            }
        });
    }

    private static boolean inside(int i, int size) {
        return i >= 0 && i < size;
    }

    // ------------------------------------------------------------------ weights

    private static void drawWeights(WeightSpec ws, long seed, int threads, MemorySegment weights, long m) {
        double lo = ws.lo();
        double hi = ws.hi();
        boolean floating = ws.floating();
        Parallel.forEach(threads, Parallel.chunks(m, EDGE_CHUNK), chunk -> {
            SplittableRandom r = Parallel.random(seed, WEIGHTS, chunk);
            long end = Math.min(m, (long) (chunk + 1) * EDGE_CHUNK);
            if (floating) {
                double width = hi - lo;
                for (long e = (long) chunk * EDGE_CHUNK; e < end; e++) {
                    weights.setAtIndex(FLOAT, e, (float) Math.min(hi, lo + width * r.nextDouble()));
                }
            } else {
                long ilo = (long) lo;
                long ihiExclusive = (long) hi + 1;
                for (long e = (long) chunk * EDGE_CHUNK; e < end; e++) {
                    weights.setAtIndex(INT, e, (int) r.nextLong(ilo, ihiExclusive));
                }
            }
        });
    }

    /** {@code w'(u,v) = w(u,v) + p(u) − p(v)} with integer potentials {@code p} uniform on {@code 0..range}. */
    private static void reweight(WeightSpec ws, long seed, long range, int threads, int n, MemorySegment offsets,
                                 MemorySegment targets, MemorySegment weights) {
        int[] p = new int[n];
        Parallel.forEach(threads, Parallel.chunks(n, VERTEX_CHUNK), chunk -> {
            SplittableRandom r = Parallel.random(seed, POTENTIALS, chunk);
            int end = (int) Math.min(n, (long) (chunk + 1) * VERTEX_CHUNK);
            for (int v = chunk * VERTEX_CHUNK; v < end; v++) {
                p[v] = (int) r.nextLong(0, range + 1);
            }
        });
        boolean floating = ws.floating();
        Parallel.forEach(threads, Parallel.chunks(n, VERTEX_CHUNK), chunk -> {
            int end = (int) Math.min(n, (long) (chunk + 1) * VERTEX_CHUNK);
            for (int u = chunk * VERTEX_CHUNK; u < end; u++) {
                long to = offsets.getAtIndex(LONG, u + 1L);
                for (long e = offsets.getAtIndex(LONG, u); e < to; e++) {
                    long shift = (long) p[u] - p[targets.getAtIndex(INT, e)];
                    if (floating) {
                        weights.setAtIndex(FLOAT, e, (float) (weights.getAtIndex(FLOAT, e) + (double) shift));
                    } else {
                        // |w + shift| <= hi + range <= Integer.MAX_VALUE, checked in potentialRange
                        weights.setAtIndex(INT, e, (int) (weights.getAtIndex(INT, e) + shift));
                    }
                }
            }
        });
    }

    /**
     * The smallest potential range {@code P} for which the expected share of negative edges reaches the wanted
     * share, assuming the endpoints' potentials are independent (true for any two distinct vertices).
     */
    static long potentialRange(WeightSpec ws) {
        double wanted = ws.negativeShare();
        long max = Integer.MAX_VALUE - (long) Math.ceil(ws.hi());
        if (expectedNegativeShare(ws, max) < wanted) {
            throw new IllegalArgumentException("neg=" + wanted + " is out of reach for weights up to " + WeightSpec.fmt(ws.hi())
                    + ": potentials would overflow int32; ask for a smaller share or smaller weights");
        }
        long lo = 1;
        long hi = max;
        while (lo < hi) {
            long mid = lo + (hi - lo) / 2;
            if (expectedNegativeShare(ws, mid) >= wanted) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        // float weights: the rounding of w + p(u) − p(v) must stay below the smallest weight, or a cycle of
        // light edges could round to a negative sum
        if (ws.floating() && ws.lo() < (lo + ws.hi()) * 0x1p-20) {
            throw new IllegalArgumentException("float weights from " + WeightSpec.fmt(ws.lo()) + " are too small for neg="
                    + wanted + " (potentials up to " + lo + " would round light cycles negative); raise LO");
        }
        return lo;
    }

    /**
     * Share of edges with {@code p(v) − p(u) > w} for potentials uniform on {@code 0..P}: for an integer
     * {@code w ≤ P} it is {@code (P−w)(P−w+1) / (2(P+1)²)}, averaged over the weight distribution.
     */
    static double expectedNegativeShare(WeightSpec ws, long range) {
        double lo = ws.lo();
        double hi = ws.hi();
        int samples = 4096;
        boolean exact = !ws.floating() && hi - lo + 1 <= samples;
        int count = exact ? (int) (hi - lo + 1) : samples;
        double sum = 0;
        double p = range;
        for (int i = 0; i < count; i++) {
            double w = exact ? lo + i : Math.floor(lo + (hi - lo) * (i + 0.5) / samples);
            if (w < p) {
                sum += (p - w) * (p - w + 1) / (2 * (p + 1) * (p + 1));
            }
        }
        return sum / count;
    }
}
