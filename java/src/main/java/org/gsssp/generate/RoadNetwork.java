package org.gsssp.generate;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.SplittableRandom;

/**
 * Builds a {@link RoadNetSpec}: first which streets exist (a byte per intersection: bit 0 the street to the east,
 * bit 1 the one to the south), block row by block row, each 4 × 4 block from its own random stream; then the CSR
 * (out-arcs in target order: north, west, east, south) and the travel times. Every random choice depends on the
 * seed and the block or vertex alone, so the graph is the same on any number of threads.
 */
final class RoadNetwork {
    private static final long STRUCTURE = 11;
    private static final long POSITION = 12;
    private static final long NOISE = 13;
    private static final double JITTER = 0.3;
    private static final double NOISE_SPAN = 0.1;  // ±5%

    private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG;
    private static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT;

    private RoadNetwork() {}

    /** Which streets exist, and how many arcs they make. */
    record Layout(RoadNetSpec spec, byte[] streets, long edges) {}

    /** The class of row or column {@code i} of {@code lines}: 0 local, 1 arterial, 2 highway, 3 motorway. */
    static int lineClass(int i, int lines) {
        int s = RoadNetSpec.SPACING;
        int c = i % (s * s * s) == 0 ? 3 : i % (s * s) == 0 ? 2 : i % s == 0 ? 1 : 0;
        return i == lines - 1 ? Math.max(c, 1) : c;
    }

    static Layout layout(RoadNetSpec spec, int threads) {
        int rows = spec.rows();
        int cols = spec.cols();
        int s = RoadNetSpec.SPACING;
        byte[] streets = new byte[Math.multiplyExact(rows, cols)];
        int blockRows = (rows + s - 1) / s;
        int blockCols = (cols + s - 1) / s;
        long[] arcs = new long[blockRows];
        Parallel.forEach(threads, blockRows, bi -> {
            int[] parent = new int[(s + 1) * (s + 1) + 1];
            int[] edges = new int[2 * s * s];  // local streets of the block: (r, c, vertical)
            long count = 0;
            for (int bj = 0; bj < blockCols; bj++) {
                SplittableRandom random = Parallel.random(spec.seed(), STRUCTURE, (long) bi * blockCols + bj);
                int r0 = bi * s;
                int c0 = bj * s;
                int r1 = Math.min(r0 + s, rows);
                int c1 = Math.min(c0 + s, cols);
                // the roads on class lines are all there
                int local = 0;
                for (int r = r0; r < r1; r++) {
                    boolean rowRoad = lineClass(r, rows) > 0;
                    for (int c = c0; c < c1; c++) {
                        boolean colRoad = lineClass(c, cols) > 0;
                        int bits = 0;
                        if (c + 1 < cols) {
                            if (rowRoad) {
                                bits |= 1;
                            } else {
                                edges[local++] = (r - r0) << 8 | (c - c0) << 1;
                            }
                        }
                        if (r + 1 < rows) {
                            if (colRoad) {
                                bits |= 2;
                            } else {
                                edges[local++] = (r - r0) << 8 | (c - c0) << 1 | 1;
                            }
                        }
                        streets[r * cols + c] = (byte) bits;
                    }
                }
                // local streets in random order: a spanning forest to the class roads (Kruskal), then a share
                for (int i = local - 1; i > 0; i--) {
                    int j = random.nextInt(i + 1);
                    int t = edges[i];
                    edges[i] = edges[j];
                    edges[j] = t;
                }
                int frame = parent.length - 1;
                for (int i = 0; i < parent.length; i++) {
                    parent[i] = i;
                }
                for (int i = 0; i < local; i++) {
                    int e = edges[i];
                    int r = r0 + (e >> 8);
                    int c = c0 + ((e >> 1) & 0x7F);
                    boolean vertical = (e & 1) == 1;
                    int r2 = vertical ? r + 1 : r;
                    int c2 = vertical ? c : c + 1;
                    int a = find(parent, slot(r, c, r0, c0, rows, cols, frame));
                    int b = find(parent, slot(r2, c2, r0, c0, rows, cols, frame));
                    boolean keep = random.nextDouble() < RoadNetSpec.LOCAL_KEEP;
                    if (a != b) {
                        parent[a] = b;
                        keep = true;
                    }
                    if (keep) {
                        streets[r * cols + c] |= (byte) (vertical ? 2 : 1);
                    }
                }
                for (int r = r0; r < r1; r++) {
                    for (int c = c0; c < c1; c++) {
                        count += 2 * Integer.bitCount(streets[r * cols + c]);
                    }
                }
            }
            arcs[bi] = count;
        });
        long total = 0;
        for (long a : arcs) {
            total += a;
        }
        return new Layout(spec, streets, total);
    }

    /** An intersection's union-find slot in its block: one shared slot for all that lie on class roads. */
    private static int slot(int r, int c, int r0, int c0, int rows, int cols, int frame) {
        if (lineClass(r, rows) > 0 || lineClass(c, cols) > 0) {
            return frame;
        }
        return (r - r0) * (RoadNetSpec.SPACING + 1) + (c - c0);
    }

    private static int find(int[] parent, int x) {
        while (parent[x] != x) {
            parent[x] = parent[parent[x]];
            x = parent[x];
        }
        return x;
    }

    /** The CSR and the travel times of a layout. */
    static void fill(Layout layout, int threads, MemorySegment offsets, MemorySegment targets, MemorySegment weights) {
        RoadNetSpec spec = layout.spec();
        byte[] streets = layout.streets();
        int rows = spec.rows();
        int cols = spec.cols();
        int n = spec.numVertices();
        long[] start = new long[n + 1];
        for (int v = 0; v < n; v++) {
            int r = v / cols;
            int c = v % cols;
            int d = Integer.bitCount(streets[v]) + (c > 0 ? streets[v - 1] & 1 : 0) + (r > 0 ? (streets[v - cols] >> 1) & 1 : 0);
            start[v + 1] = start[v] + d;
        }
        MemorySegment.copy(start, 0, offsets, LONG, 0, n + 1);
        Parallel.forEach(threads, Parallel.chunks(n, GraphGenerator.VERTEX_CHUNK), chunk -> {
            int end = (int) Math.min(n, (long) (chunk + 1) * GraphGenerator.VERTEX_CHUNK);
            for (int v = chunk * GraphGenerator.VERTEX_CHUNK; v < end; v++) {
                int r = v / cols;
                int c = v % cols;
                long pos = start[v];
                if (r > 0 && (streets[v - cols] & 2) != 0) {
                    pos = arc(spec, targets, weights, pos, v, v - cols);
                }
                if (c > 0 && (streets[v - 1] & 1) != 0) {
                    pos = arc(spec, targets, weights, pos, v, v - 1);
                }
                if ((streets[v] & 1) != 0) {
                    pos = arc(spec, targets, weights, pos, v, v + 1);
                }
                if ((streets[v] & 2) != 0) {
                    arc(spec, targets, weights, pos, v, v + cols);
                }
            }
        });
    }

    private static long arc(RoadNetSpec spec, MemorySegment targets, MemorySegment weights, long pos, int u, int v) {
        targets.setAtIndex(INT, pos, v);
        weights.setAtIndex(INT, pos, weight(spec, u, v));
        return pos + 1;
    }

    /** The travel time of the street between neighbours u and v, the same both ways. */
    static int weight(RoadNetSpec spec, int u, int v) {
        int cols = spec.cols();
        int a = Math.min(u, v);
        boolean horizontal = Math.abs(u - v) == 1 && u / cols == v / cols;
        int cls = horizontal ? lineClass(a / cols, spec.rows()) : lineClass(a % cols, cols);
        double dx = (v % cols + jitter(spec, v, 0)) - (u % cols + jitter(spec, u, 0));
        double dy = (v / cols + jitter(spec, v, 1)) - (u / cols + jitter(spec, u, 1));
        double noise = 1 - NOISE_SPAN / 2 + NOISE_SPAN * unit(spec.seed(), NOISE, 2L * a + (horizontal ? 0 : 1));
        long w = Math.round(Math.sqrt(dx * dx + dy * dy) * RoadNetSpec.TIME_PER_LENGTH[cls] * noise);
        return (int) Math.max(1, Math.min(1000, w));
    }

    private static double jitter(RoadNetSpec spec, int v, int axis) {
        return JITTER * (2 * unit(spec.seed(), POSITION, 2L * v + axis) - 1);
    }

    /** A uniform double in [0, 1) from (seed, stream, key) alone. */
    private static double unit(long seed, long stream, long key) {
        return (Parallel.mix(Parallel.mix(seed + 0x9E3779B97F4A7C15L * stream) ^ key) >>> 11) * 0x1.0p-53;
    }
}
