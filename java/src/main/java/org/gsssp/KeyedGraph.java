package org.gsssp;

import java.util.List;
import java.util.Map;
import java.util.OptionalInt;

/**
 * A {@link Graph} built from vertex keys ({@link KeyedGraphBuilder}) with the map between the keys and the
 * graph's internal ids. Closing it closes the graph.
 *
 * @param <K> the vertex key type
 */
public final class KeyedGraph<K> implements AutoCloseable {
    private final Graph graph;
    private final List<K> keys;
    private final Map<K, Integer> index;
    private final double maxWeightRoundingError;

    KeyedGraph(Graph graph, List<K> keys, Map<K, Integer> index, double maxWeightRoundingError) {
        this.graph = graph;
        this.keys = keys;
        this.index = index;
        this.maxWeightRoundingError = maxWeightRoundingError;
    }

    /**
     * The graph, for queries ({@link Sssp}, {@link DeviceGraph#upload(Graph)}).
     *
     * @return the graph, owned by this object
     */
    public Graph graph() {
        return graph;
    }

    /**
     * The key of an internal id.
     *
     * @param id an internal id, 0..n-1
     * @return the key
     * @throws IndexOutOfBoundsException if {@code id} is not a vertex
     */
    public K key(int id) {
        return keys.get(id);
    }

    /**
     * The internal id of a key.
     *
     * @param key a vertex key
     * @return its id
     * @throws IllegalArgumentException if the graph has no such vertex
     */
    public int id(K key) {
        Integer id = index.get(key);
        if (id == null) {
            throw new IllegalArgumentException("vertex " + key + " is not in " + graph.name());
        }
        return id;
    }

    /**
     * The internal id of a key, if the graph has it.
     *
     * @param key a vertex key
     * @return its id, or empty
     */
    public OptionalInt find(K key) {
        Integer id = index.get(key);
        return id == null ? OptionalInt.empty() : OptionalInt.of(id);
    }

    /**
     * The largest difference between a weight as given and as stored: 0 for an INT32 graph (integral weights
     * are kept exactly), else the largest rounding of a double weight to float.
     *
     * @return the largest absolute rounding error of a weight
     */
    public double maxWeightRoundingError() {
        return maxWeightRoundingError;
    }

    /** Closes the graph. */
    @Override
    public void close() {
        graph.close();
    }
}
