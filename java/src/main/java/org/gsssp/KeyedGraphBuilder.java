package org.gsssp;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds a graph from vertices of any key type (strings, records, your domain objects) and double weights:
 * the keys get internal ids 0..n-1 in the order first seen, and the result, a {@link KeyedGraph}, maps
 * between them. Get one from {@link GraphBuilder#keyed()}.
 *
 * <p>Weights: if every weight is an integer in the int32 range the graph is {@link WeightType#INT32} and the
 * distances are exact; otherwise it is {@link WeightType#FLOAT32}, each weight rounded to the nearest float,
 * and {@link KeyedGraph#maxWeightRoundingError()} says by how much at most. Not thread-safe. At most
 * 2^31 - 8 edges (they wait in Java arrays); {@link GraphBuilder} takes more.
 *
 * @param <K> the vertex key type; keys are compared with {@code equals}/{@code hashCode}
 */
public final class KeyedGraphBuilder<K> {
    /** The most edges: they are held in int-indexed Java arrays until {@link #build()}. */
    static final int MAX_EDGES = Integer.MAX_VALUE - 8;
    private final Map<K, Integer> index = new HashMap<>();
    private final List<K> keys = new ArrayList<>();
    private int[] from = new int[16];
    private int[] to = new int[16];
    private double[] weight = new double[16];
    private int m;
    private String name = "keyed graph";
    private boolean built;

    KeyedGraphBuilder() {}

    /**
     * Names the graph (for messages and tables).
     *
     * @param name the name
     * @return this builder
     */
    public KeyedGraphBuilder<K> name(String name) {
        this.name = name;
        return this;
    }

    /**
     * The internal id of {@code key}, adding it as a new vertex if it is new (isolated vertices included).
     *
     * @param key a vertex key, not null
     * @return its internal id
     */
    public int vertex(K key) {
        if (key == null) {
            throw new IllegalArgumentException("vertex keys may not be null");
        }
        Integer id = index.get(key);
        if (id == null) {
            id = keys.size();
            index.put(key, id);
            keys.add(key);
        }
        return id;
    }

    /**
     * Adds the edge {@code from → to}, adding either vertex if it is new.
     *
     * @param from the edge's source
     * @param to the edge's target
     * @param weight a finite weight; negative weights are allowed
     * @return this builder
     * @throws IllegalArgumentException if the weight is NaN or infinite
     * @throws IllegalStateException if the builder has built its graph, or already holds 2^31 - 8 edges (use
     *         {@link GraphBuilder} beyond)
     */
    public KeyedGraphBuilder<K> addEdge(K from, K to, double weight) {
        if (built) {
            throw new IllegalStateException("builder already built");
        }
        if (!Double.isFinite(weight)) {
            throw new IllegalArgumentException("weight " + weight + " of edge " + from + " -> " + to + " is not finite");
        }
        if (m == MAX_EDGES) {
            throw new IllegalStateException(String.format(java.util.Locale.ROOT, "a KeyedGraphBuilder holds at "
                    + "most %,d edges (int-indexed Java arrays); build larger graphs with GraphBuilder, whose edge "
                    + "count is 64-bit", MAX_EDGES));
        }
        int u = vertex(from);
        int v = vertex(to);
        if (m == this.from.length) {
            int grown = Math.toIntExact(Math.min(Integer.MAX_VALUE - 8L, 2L * m));
            this.from = Arrays.copyOf(this.from, grown);
            this.to = Arrays.copyOf(this.to, grown);
            this.weight = Arrays.copyOf(this.weight, grown);
        }
        this.from[m] = u;
        this.to[m] = v;
        this.weight[m] = weight;
        m++;
        return this;
    }

    /**
     * Adds the undirected edge {@code a — b}: the two arcs {@code a → b} and {@code b → a} (one arc for a
     * self-loop).
     *
     * @param a one end
     * @param b the other end
     * @param weight a finite weight
     * @return this builder
     */
    public KeyedGraphBuilder<K> addUndirectedEdge(K a, K b, double weight) {
        addEdge(a, b, weight);
        if (!a.equals(b)) {
            addEdge(b, a, weight);
        }
        return this;
    }

    /**
     * Builds the graph; the builder cannot be used afterwards.
     *
     * @return the graph with its key map, in off-heap memory the caller closes
     */
    public KeyedGraph<K> build() {
        if (built) {
            throw new IllegalStateException("builder already built");
        }
        built = true;
        boolean integral = true;
        for (int e = 0; e < m && integral; e++) {
            double w = weight[e];
            integral = w == Math.rint(w) && w >= Integer.MIN_VALUE && w <= Integer.MAX_VALUE;
        }
        GraphBuilder b = new GraphBuilder(keys.size(), integral ? WeightType.INT32 : WeightType.FLOAT32)
                .ids(VertexIds.offset(0, keys.size())).name(name);
        double maxError = 0;
        for (int e = 0; e < m; e++) {
            if (integral) {
                b.addEdge(from[e], to[e], (int) weight[e]);
            } else {
                float f = (float) weight[e];
                maxError = Math.max(maxError, Math.abs(f - weight[e]));
                b.addEdge(from[e], to[e], f);
            }
        }
        from = to = null;
        weight = null;
        return new KeyedGraph<>(b.build(), List.copyOf(keys), Map.copyOf(index), maxError);
    }
}
