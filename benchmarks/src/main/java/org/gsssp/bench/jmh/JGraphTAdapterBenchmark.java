package org.gsssp.bench.jmh;

import java.util.concurrent.TimeUnit;
import org.gsssp.Graph;
import org.gsssp.jgrapht.GsssspShortestPath;
import org.jgrapht.alg.interfaces.ShortestPathAlgorithm.SingleSourcePaths;
import org.jgrapht.alg.shortestpath.DijkstraShortestPath;
import org.jgrapht.graph.DefaultWeightedEdge;
import org.jgrapht.graph.DirectedWeightedPseudograph;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What a JGraphT user gets from the adapter (org.gsssp.jgrapht.GsssspShortestPath), measured from JGraphT's
 * side: all shortest paths from one source as JGraphT's {@code SingleSourcePaths}, against JGraphT's own
 * {@link DijkstraShortestPath} on the same {@link DirectedWeightedPseudograph}.
 * <ul>
 *   <li>{@link #jgraphtDijkstra}: JGraphT alone;</li>
 *   <li>{@link #adapterQuery}: the adapter made once (conversion excluded), one query;</li>
 *   <li>{@link #adapterWithConversion}: conversion to CSR, one query, close (what a single question costs).</li>
 * </ul>
 * The adapter runs AUTO: CPU Dijkstra without a GPU, ADDS on one for graphs above the crossover.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "-Xmx4g"})
public class JGraphTAdapterBenchmark {
    @Param({"../shared/graphs/USA-road-d.NY.gr.gz", "random:n=100000;d=7;seed=1;w=1..1000"})
    public String graph;

    private DirectedWeightedPseudograph<Integer, DefaultWeightedEdge> jgraph;
    private GsssspShortestPath<Integer, DefaultWeightedEdge> adapter;
    private Integer source;

    @Setup(Level.Trial)
    public void setUp() {
        try (Graph g = BenchGraphs.load(graph)) {
            jgraph = new DirectedWeightedPseudograph<>(DefaultWeightedEdge.class);
            for (int v = 0; v < g.numVertices(); v++) {
                jgraph.addVertex(v);
            }
            for (int u = 0; u < g.numVertices(); u++) {
                for (long e = g.edgeBegin(u); e < g.edgeEnd(u); e++) {
                    jgraph.setEdgeWeight(jgraph.addEdge(u, g.target(e)), g.weight(e));
                }
            }
            source = g.vertexOfMaxOutDegree();
        }
        adapter = new GsssspShortestPath<>(jgraph);
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        if (adapter != null) {
            adapter.close();
        }
    }

    @Benchmark
    public SingleSourcePaths<Integer, DefaultWeightedEdge> jgraphtDijkstra() {
        return new DijkstraShortestPath<>(jgraph).getPaths(source);
    }

    @Benchmark
    public SingleSourcePaths<Integer, DefaultWeightedEdge> adapterQuery() {
        return adapter.getPaths(source);
    }

    @Benchmark
    public SingleSourcePaths<Integer, DefaultWeightedEdge> adapterWithConversion() {
        try (GsssspShortestPath<Integer, DefaultWeightedEdge> once = new GsssspShortestPath<>(jgraph)) {
            return once.getPaths(source);
        }
    }
}
