package org.gsssp.jgrapht;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.gsssp.Algorithm;
import org.gsssp.DeviceGraph;
import org.gsssp.Devices;
import org.gsssp.GraphBuilder;
import org.gsssp.Options;
import org.gsssp.Result;
import org.gsssp.Sssp;
import org.gsssp.VertexIds;
import org.gsssp.WeightType;
import org.jgrapht.Graph;
import org.jgrapht.GraphPath;
import org.jgrapht.alg.interfaces.ShortestPathAlgorithm;
import org.jgrapht.alg.shortestpath.TreeSingleSourcePathsImpl;
import org.jgrapht.alg.util.Pair;

/**
 * gsssp behind JGraphT's {@link ShortestPathAlgorithm}: the graph is converted once to gsssp's off-heap CSR
 * (with a vertex map), and every query runs {@link Algorithm#AUTO} on it, so a JGraphT user gets CPU
 * Dijkstra's speed on small graphs, ADDS on the GPU on large ones, and negative weights (H-BF, or CPU
 * Bellman-Ford without a GPU), with no change but the class name.
 *
 * <p>Weights: if every edge weight is an integer in the int32 range, the CSR holds them exactly and the
 * distances are exact (int64 sums); otherwise they are converted to float32 and the distances are float32
 * sums, as gsssp computes them, which can differ from JGraphT's double sums by rounding. Undirected edges
 * become two arcs. The JGraphT graph must not change while this object is used (it is not read again after
 * construction, except to hand back its edge objects).
 *
 * <p>Holds native (and, once a GPU query ran, device) memory: {@link #close()} it. Queries are thread-safe.
 *
 * @param <V> the vertex type
 * @param <E> the edge type
 */
public final class GsssspShortestPath<V, E> implements ShortestPathAlgorithm<V, E>, AutoCloseable {
    private final Graph<V, E> graph;
    private final org.gsssp.Graph csr;
    private final List<V> vertices;
    private final Map<V, Integer> index;
    private final List<E> edgeAt;  // the JGraphT edge of each CSR arc, in CSR order
    private final Options options = Options.builder().computePredecessors(true).build();
    private final Object lock = new Object();
    private DeviceGraph device;    // uploaded on the first query AUTO sends to the GPU; guarded by lock
    private volatile boolean closed;

    /**
     * Converts {@code graph} to gsssp's CSR form.
     *
     * @param graph a directed or undirected JGraphT graph, weighted or not (unweighted edges weigh 1)
     * @throws IllegalArgumentException if the graph has more vertices than an int can index or a weight is
     *         not finite
     */
    public GsssspShortestPath(Graph<V, E> graph) {
        this.graph = graph;
        this.vertices = new ArrayList<>(graph.vertexSet());
        this.index = new HashMap<>(vertices.size() * 2);
        for (int i = 0; i < vertices.size(); i++) {
            index.put(vertices.get(i), i);
        }
        boolean undirected = graph.getType().isUndirected();
        boolean integral = true;
        for (E e : graph.edgeSet()) {
            double w = graph.getEdgeWeight(e);
            if (!Double.isFinite(w)) {
                throw new IllegalArgumentException("edge " + e + " has weight " + w + "; gsssp needs finite weights");
            }
            integral &= w == Math.rint(w) && w >= Integer.MIN_VALUE && w <= Integer.MAX_VALUE;
        }
        GraphBuilder builder = new GraphBuilder(vertices.size(), integral ? WeightType.INT32 : WeightType.FLOAT32)
                .ids(VertexIds.offset(0, vertices.size())).name("JGraphT " + graph.getClass().getSimpleName());
        // Arcs go into the builder in the order its CSR keeps them (by source, then insertion), so the
        // builder's edge index maps back to the JGraphT edge.
        List<List<E>> out = new ArrayList<>(vertices.size());
        List<List<Integer>> heads = new ArrayList<>(vertices.size());
        for (int i = 0; i < vertices.size(); i++) {
            out.add(new ArrayList<>());
            heads.add(new ArrayList<>());
        }
        for (E e : graph.edgeSet()) {
            int s = index.get(graph.getEdgeSource(e));
            int t = index.get(graph.getEdgeTarget(e));
            out.get(s).add(e);
            heads.get(s).add(t);
            if (undirected && s != t) {
                out.get(t).add(e);
                heads.get(t).add(s);
            }
        }
        this.edgeAt = new ArrayList<>(graph.edgeSet().size() * (undirected ? 2 : 1));
        for (int s = 0; s < vertices.size(); s++) {
            for (int k = 0; k < out.get(s).size(); k++) {
                E e = out.get(s).get(k);
                double w = graph.getEdgeWeight(e);
                if (integral) {
                    builder.addEdge(s, heads.get(s).get(k), (int) w);
                } else {
                    builder.addEdge(s, heads.get(s).get(k), (float) w);
                }
                edgeAt.add(e);
            }
        }
        this.csr = builder.build();
    }

    /**
     * The gsssp graph the JGraphT graph was converted to.
     *
     * @return the converted graph (vertex i is {@link #vertex(int) vertex(i)}), owned by this object
     */
    public org.gsssp.Graph gssspGraph() {
        return csr;
    }

    /**
     * The JGraphT vertex behind gsssp's vertex id.
     *
     * @param id an internal id, 0..n-1
     * @return the vertex
     */
    public V vertex(int id) {
        return vertices.get(id);
    }

    /**
     * Shortest paths from {@code source} to every vertex.
     *
     * @param source a vertex of the graph
     * @return JGraphT's single-source paths, backed by the predecessor tree gsssp computed
     * @throws IllegalArgumentException if {@code source} is not a vertex of the graph
     */
    @Override
    public SingleSourcePaths<V, E> getPaths(V source) {
        int s = id(source, "source");
        Map<V, Pair<Double, E>> tree = new HashMap<>(vertices.size() * 2);
        try (Result r = solve(s)) {
            for (int v = 0; v < vertices.size(); v++) {
                if (!r.isReachable(v)) {
                    continue;
                }
                int p = r.predecessor(v);
                tree.put(vertices.get(v), Pair.of(r.distance(v), p < 0 ? null : tightEdge(r, p, v)));
            }
        }
        return new TreeSingleSourcePathsImpl<>(graph, source, tree);
    }

    /**
     * A shortest path from {@code source} to {@code sink}. As JGraphT's {@code DijkstraShortestPath}: null means
     * unreachable, and a vertex that is not in the graph is an exception, never a null.
     *
     * @param source a vertex of the graph
     * @param sink a vertex of the graph
     * @return the path, or null if {@code sink} is unreachable (JGraphT's contract)
     * @throws IllegalArgumentException if {@code source} or {@code sink} is not a vertex of the graph
     */
    @Override
    public GraphPath<V, E> getPath(V source, V sink) {
        id(source, "source");
        id(sink, "sink");
        return getPaths(source).getPath(sink);
    }

    /**
     * The weight of a shortest path from {@code source} to {@code sink}.
     *
     * @param source a vertex of the graph
     * @param sink a vertex of the graph
     * @return the distance, or {@link Double#POSITIVE_INFINITY} if {@code sink} is unreachable
     * @throws IllegalArgumentException if {@code source} or {@code sink} is not a vertex of the graph
     */
    @Override
    public double getPathWeight(V source, V sink) {
        int s = id(source, "source");
        int t = id(sink, "sink");
        try (Result r = solve(s)) {
            return r.distance(t);
        }
    }

    /** Frees the converted graph and, if a GPU query ran, its copy on the GPU. Idempotent. */
    @Override
    public void close() {
        synchronized (lock) {
            if (closed) {
                return;
            }
            closed = true;
            if (device != null) {
                device.close();
            }
        }
        csr.close();
    }

    private Result solve(int source) {
        Algorithm algorithm = Algorithm.chooseAuto(csr, Devices.available());
        if (!algorithm.requiresGpu()) {
            return Sssp.solve(csr, source, algorithm, options);
        }
        DeviceGraph d;
        synchronized (lock) {
            if (closed) {
                throw new org.gsssp.GraphClosedException("this GsssspShortestPath is closed");
            }
            if (device == null) {
                device = DeviceGraph.upload(csr);
            }
            d = device;
        }
        return d.query(source, algorithm, options);
    }

    // The arc p -> v the tree uses: one whose weight makes it tight (any such arc is a shortest-path edge).
    private E tightEdge(Result r, int p, int v) {
        E best = null;
        double bestGap = Double.POSITIVE_INFINITY;
        for (long e = csr.edgeBegin(p), end = csr.edgeEnd(p); e < end; e++) {
            if (csr.target(e) != v) {
                continue;
            }
            double gap = Math.abs(r.distance(p) + csr.weight(e) - r.distance(v));
            if (gap < bestGap) {
                bestGap = gap;
                best = edgeAt.get((int) e);
            }
        }
        return best;
    }

    private int id(V vertex, String role) {
        Integer i = index.get(vertex);
        if (i == null) {
            throw new IllegalArgumentException(role + " vertex " + vertex + " is not in the graph");
        }
        return i;
    }
}
