package org.gsssp.testing;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.gsssp.Graph;
import org.gsssp.VertexIds;
import org.gsssp.WeightType;

/**
 * Seeded random test graphs of the shapes where SSSP codes break: uniform, 2D grid (high diameter),
 * R-MAT (skewed degrees), long chain, star, disconnected parts; with zero weights, self-loops and
 * parallel edges mixed in. The same (shape, n, seed, type) always gives the same graph.
 */
public final class RandomGraphs {
    public enum Shape { UNIFORM, GRID, RMAT, CHAIN, STAR, DISCONNECTED }

    /** One test case: the parameters are kept so a failure message can say how to rebuild the graph. */
    public record Spec(Shape shape, int vertices, long seed, WeightType type, int maxWeight, double zeroShare) {
        @Override
        public String toString() {
            return shape + " n=" + vertices + " seed=" + seed + " " + type + " w<=" + maxWeight + " zero=" + zeroShare;
        }
    }

    private RandomGraphs() {}

    /** A varied list of specs: every shape, sizes from 1 to maxVertices, both weight types. */
    public static List<Spec> suite(int count, int maxVertices, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        Shape[] shapes = Shape.values();
        List<Spec> specs = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            Shape shape = shapes[i % shapes.length];
            // sizes spread log-uniformly so tiny corner cases and large graphs both appear
            int n = (int) Math.max(1, Math.round(Math.exp(r.nextDouble() * Math.log(maxVertices))));
            if (i < shapes.length) {
                n = 1 + i % 3;   // the smallest graphs of every shape come first
            }
            WeightType type = (i / shapes.length) % 2 == 0 ? WeightType.INT32 : WeightType.FLOAT32;
            int maxWeight = switch (i % 4) {
                case 0 -> 1;
                case 1 -> 10;
                case 2 -> 1000;
                default -> 1_000_000;
            };
            double zero = (i % 5 == 0) ? 0.3 : (i % 7 == 0 ? 1.0 : 0.0);
            specs.add(new Spec(shape, n, r.nextLong(), type, maxWeight, zero));
        }
        return specs;
    }

    public static Graph build(Spec spec) {
        SplittableRandom r = new SplittableRandom(spec.seed());
        int n = spec.vertices();
        EdgeList edges = new EdgeList();
        switch (spec.shape()) {
            case UNIFORM -> {
                int degree = 1 + r.nextInt(8);
                for (int u = 0; u < n; u++) {
                    for (int k = 0; k < degree; k++) {
                        edges.add(u, r.nextInt(n));
                    }
                }
            }
            case GRID -> {
                int side = Math.max(1, (int) Math.sqrt(n));
                n = side * side;
                for (int y = 0; y < side; y++) {
                    for (int x = 0; x < side; x++) {
                        int u = y * side + x;
                        if (x + 1 < side) { edges.add(u, u + 1); edges.add(u + 1, u); }
                        if (y + 1 < side) { edges.add(u, u + side); edges.add(u + side, u); }
                    }
                }
            }
            case RMAT -> {
                int scale = Math.max(1, 32 - Integer.numberOfLeadingZeros(Math.max(1, n - 1)));
                long m = (long) n * 8;
                for (long e = 0; e < m; e++) {
                    int u = 0;
                    int v = 0;
                    for (int bit = 0; bit < scale; bit++) {
                        double p = r.nextDouble();
                        int quadrant = p < 0.57 ? 0 : p < 0.76 ? 1 : p < 0.95 ? 2 : 3;
                        u = (u << 1) | (quadrant >> 1);
                        v = (v << 1) | (quadrant & 1);
                    }
                    if (u < n && v < n) {
                        edges.add(u, v);
                    }
                }
            }
            case CHAIN -> {
                for (int u = 0; u + 1 < n; u++) {
                    edges.add(u, u + 1);
                }
            }
            case STAR -> {
                for (int v = 1; v < n; v++) {
                    edges.add(0, v);
                    if (r.nextInt(4) == 0) {
                        edges.add(v, 0);
                    }
                }
            }
            case DISCONNECTED -> {
                int parts = 1 + r.nextInt(4);
                for (int u = 0; u < n; u++) {
                    int part = u % parts;
                    for (int k = 0; k < 3; k++) {
                        int v = r.nextInt(n);
                        v -= v % parts;
                        v += part;
                        if (v < n) {
                            edges.add(u, v);
                        }
                    }
                }
            }
        }
        // corner cases every shape should survive
        if (n > 0) {
            for (int k = 0; k < Math.max(1, n / 50); k++) {
                int u = r.nextInt(n);
                edges.add(u, u);                                  // self-loop
                if (edges.size() > 0) {
                    int e = r.nextInt(edges.size());
                    edges.add(edges.src(e), edges.dst(e));        // parallel edge
                }
            }
        }
        return edges.toGraph(n, spec, r);
    }

    /** Martín et al.'s counterexample: 0 -> i (weight 1), i -> n-1 with distinct weights. */
    public static Graph martinCounterexample(int n, WeightType type) {
        EdgeList edges = new EdgeList();
        List<Integer> weights = new ArrayList<>();
        for (int i = 1; i <= n - 2; i++) {
            edges.add(0, i);
            weights.add(1);
        }
        for (int i = 1; i <= n - 2; i++) {
            edges.add(i, n - 1);
            weights.add(n - i);           // distinct; the best path goes through vertex n-2
        }
        return edges.toGraph(n, weights, type, "martin-counterexample-" + n);
    }

    static final class EdgeList {
        private int[] src = new int[64];
        private int[] dst = new int[64];
        private int size;

        void add(int u, int v) {
            if (size == src.length) {
                src = java.util.Arrays.copyOf(src, size * 2);
                dst = java.util.Arrays.copyOf(dst, size * 2);
            }
            src[size] = u;
            dst[size] = v;
            size++;
        }

        int size() { return size; }
        int src(int e) { return src[e]; }
        int dst(int e) { return dst[e]; }

        Graph toGraph(int n, Spec spec, SplittableRandom r) {
            List<Integer> ints = new ArrayList<>(size);
            for (int e = 0; e < size; e++) {
                ints.add(r.nextDouble() < spec.zeroShare() ? 0 : 1 + r.nextInt(spec.maxWeight()));
            }
            if (spec.type() == WeightType.FLOAT32) {
                float[] w = new float[size];
                for (int e = 0; e < size; e++) {
                    // non-integral floats so rounding order matters
                    w[e] = ints.get(e) == 0 ? 0f : ints.get(e) * (float) (0.5 + r.nextDouble());
                }
                return toCsrFloat(n, w, spec.toString());
            }
            return toGraph(n, ints, WeightType.INT32, spec.toString());
        }

        Graph toGraph(int n, List<Integer> weights, WeightType type, String name) {
            if (type == WeightType.FLOAT32) {
                float[] w = new float[size];
                for (int e = 0; e < size; e++) {
                    w[e] = weights.get(e);
                }
                return toCsrFloat(n, w, name);
            }
            long[] offsets = offsets(n);
            int[] targets = new int[size];
            int[] w = new int[size];
            long[] next = offsets.clone();
            for (int e = 0; e < size; e++) {
                int slot = (int) next[src[e]]++;
                targets[slot] = dst[e];
                w[slot] = weights.get(e);
            }
            return Graph.fromArrays(offsets, targets, w, VertexIds.offset(0, n), name);
        }

        private Graph toCsrFloat(int n, float[] weights, String name) {
            long[] offsets = offsets(n);
            int[] targets = new int[size];
            float[] w = new float[size];
            long[] next = offsets.clone();
            for (int e = 0; e < size; e++) {
                int slot = (int) next[src[e]]++;
                targets[slot] = dst[e];
                w[slot] = weights[e];
            }
            return Graph.fromArrays(offsets, targets, w, VertexIds.offset(0, n), name);
        }

        private long[] offsets(int n) {
            long[] offsets = new long[n + 1];
            for (int e = 0; e < size; e++) {
                offsets[src[e] + 1]++;
            }
            for (int v = 0; v < n; v++) {
                offsets[v + 1] += offsets[v];
            }
            return offsets;
        }
    }
}
