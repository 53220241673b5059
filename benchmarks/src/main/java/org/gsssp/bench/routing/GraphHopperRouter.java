package org.gsssp.bench.routing;

import com.carrotsearch.hppc.IntIndexedContainer;
import com.graphhopper.routing.DijkstraBidirectionCH;
import com.graphhopper.routing.Path;
import com.graphhopper.routing.ch.PrepareContractionHierarchies;
import com.graphhopper.routing.ev.IntEncodedValue;
import com.graphhopper.routing.ev.IntEncodedValueImpl;
import com.graphhopper.routing.util.EncodingManager;
import com.graphhopper.routing.weighting.Weighting;
import com.graphhopper.storage.BaseGraph;
import com.graphhopper.storage.CHConfig;
import com.graphhopper.storage.CHStorage;
import com.graphhopper.storage.RoutingCHGraph;
import com.graphhopper.storage.RoutingCHGraphImpl;
import com.graphhopper.util.EdgeIteratorState;
import java.util.Arrays;
import org.gsssp.Graph;

/**
 * GraphHopper 10.2's node-based contraction hierarchy (PrepareContractionHierarchies, queried with
 * DijkstraBidirectionCH: bidirectional, stall-on-demand), built from our CSR through its API, no OSM.
 *
 * <p>The mapping: GraphHopper's edges carry a value per direction, so every pair of vertices {u, v} joined by
 * arcs becomes one edge whose forward value is the least weight of the arcs u→v and whose backward value the
 * least of v→u; a direction without an arc gets a marker the weighting turns into +infinity (a one-way edge).
 * Parallel arcs keep their minimum; self-loops are dropped (GraphHopper refuses loop edges; with non-negative
 * weights none lies on a shortest path). The weighting returns the stored integer divided by
 * {@code divisor} (1 unless asked).
 *
 * <p>Exactness: GraphHopper keeps a shortcut's weight as round(weight x 1000) in 32 unsigned bits, so a shortcut
 * up to 4,294,967 (x divisor) is exact for integer weights, and a heavier one is stored as infinite: prepare
 * counts those and refuses the hierarchy (rerun with a divisor that divides 1000, e.g. 10). A shortcut of weight
 * 0 is stored as 0.001, so zero-weight arcs can shift GraphHopper's sums by thousandths: distances are rounded
 * back to integers, and the harness checks every one against Dijkstra and re-weighs every route with our weights.
 * The distance-only query is GraphHopper's own search with the route's unpacking left out (extractPath
 * overridden); the route query is its calcPath with calcNodes.
 */
final class GraphHopperRouter implements Router {
    private final int divisor;
    private BaseGraph graph;
    private RoutingCHGraph chGraph;
    private long shortcuts;
    private int edges;

    GraphHopperRouter(int divisor) {
        if (divisor < 1 || 1000 % divisor != 0) {
            throw new IllegalArgumentException("the GraphHopper weight divisor must divide 1000 (1, 2, 4, 5, 8, 10, ...), got " + divisor);
        }
        this.divisor = divisor;
    }

    @Override
    public String name() {
        return "graphhopper-ch";
    }

    /** Our integer weight in one direction of an edge; {@code none} marks a direction without an arc. */
    private record IntWeighting(IntEncodedValue weight, int none, double divisor) implements Weighting {
        @Override
        public double calcMinWeightPerDistance() {
            return 0;
        }

        @Override
        public double calcEdgeWeight(EdgeIteratorState edge, boolean reverse) {
            int w = reverse ? edge.getReverse(weight) : edge.get(weight);
            return w == none ? Double.POSITIVE_INFINITY : w / divisor;
        }

        @Override
        public long calcEdgeMillis(EdgeIteratorState edge, boolean reverse) {
            return 0;
        }

        @Override
        public double calcTurnWeight(int inEdge, int viaNode, int outEdge) {
            return 0;
        }

        @Override
        public long calcTurnMillis(int inEdge, int viaNode, int outEdge) {
            return 0;
        }

        @Override
        public boolean hasTurnCosts() {
            return false;
        }

        @Override
        public String getName() {
            return "gsssp_weight";
        }
    }

    @Override
    public long prepare(Graph g, int threads) {
        int n = g.numVertices();
        int maxWeight = 0;
        for (long e = 0; e < g.numEdges(); e++) {
            maxWeight = Math.max(maxWeight, g.intWeight(e));
        }
        if (maxWeight == Integer.MAX_VALUE) {
            throw new IllegalArgumentException("GraphHopper: a weight of 2^31-1 leaves no marker for a missing direction");
        }
        int bits = 32 - Integer.numberOfLeadingZeros(maxWeight + 1);
        IntEncodedValue enc = new IntEncodedValueImpl("gsssp_weight", bits, true);
        EncodingManager em = EncodingManager.start().add(enc).build();
        int none = (int) ((1L << bits) - 1); // above every weight: marks a direction without an arc
        graph = new BaseGraph.Builder(em).create();
        if (n > 0) {
            graph.getNodeAccess().ensureNode(n - 1);
        }
        // incoming arcs of every vertex, to pair u->v with v->u
        int[] inStart = new int[n + 1];
        for (long e = 0; e < g.numEdges(); e++) {
            inStart[g.target(e) + 1]++;
        }
        for (int v = 0; v < n; v++) {
            inStart[v + 1] += inStart[v];
        }
        int[] inTail = new int[inStart[n]];
        int[] inWeight = new int[inStart[n]];
        int[] fill = Arrays.copyOf(inStart, n);
        for (int u = 0; u < n; u++) {
            for (long e = g.edgeBegin(u); e < g.edgeEnd(u); e++) {
                int at = fill[g.target(e)]++;
                inTail[at] = u;
                inWeight[at] = g.intWeight(e);
            }
        }
        int[] slot = new int[n];
        Arrays.fill(slot, -1);
        int[] nb = new int[16];
        int[] fwd = new int[16];
        int[] bwd = new int[16];
        for (int u = 0; u < n; u++) {
            int count = 0;
            int degree = g.outDegree(u) + inStart[u + 1] - inStart[u];
            if (nb.length < degree) {
                nb = new int[degree];
                fwd = new int[degree];
                bwd = new int[degree];
            }
            for (long e = g.edgeBegin(u); e < g.edgeEnd(u); e++) {
                int v = g.target(e);
                if (v <= u) {
                    continue; // loops dropped; v < u was paired when v was u
                }
                if (slot[v] < 0) {
                    slot[v] = count;
                    nb[count] = v;
                    fwd[count] = Integer.MAX_VALUE;
                    bwd[count++] = Integer.MAX_VALUE;
                }
                fwd[slot[v]] = Math.min(fwd[slot[v]], g.intWeight(e));
            }
            for (int a = inStart[u]; a < inStart[u + 1]; a++) {
                int v = inTail[a];
                if (v <= u) {
                    continue;
                }
                if (slot[v] < 0) {
                    slot[v] = count;
                    nb[count] = v;
                    fwd[count] = Integer.MAX_VALUE;
                    bwd[count++] = Integer.MAX_VALUE;
                }
                bwd[slot[v]] = Math.min(bwd[slot[v]], inWeight[a]);
            }
            for (int i = 0; i < count; i++) {
                graph.edge(u, nb[i]).set(enc, fwd[i] == Integer.MAX_VALUE ? none : fwd[i],
                        bwd[i] == Integer.MAX_VALUE ? none : bwd[i]);
                slot[nb[i]] = -1;
                edges++;
            }
        }
        graph.freeze();
        CHConfig config = CHConfig.nodeBased("gsssp_ch", new IntWeighting(enc, none, divisor));
        PrepareContractionHierarchies.Result result = PrepareContractionHierarchies.fromGraph(graph, config).doWork();
        CHStorage store = result.getCHStorage();
        if (store.getNumShortcutsExceedingWeight() > 0) {
            throw new IllegalStateException("GraphHopper stored " + store.getNumShortcutsExceedingWeight()
                    + " shortcuts as infinite (heavier than 4,294,967 after dividing by " + divisor
                    + "): its answers would be wrong; rerun with a larger --graphhopper-divisor that divides 1000");
        }
        shortcuts = result.getShortcuts();
        chGraph = RoutingCHGraphImpl.fromGraph(graph, store, config);
        return graph.getCapacity() + store.getCapacity();
    }

    @Override
    public String notes() {
        return edges + " GraphHopper edges (u-v arc pairs merged, one-way where one direction has no arc), "
                + shortcuts + " shortcuts; weights divided by " + divisor;
    }

    private long toDistance(Path p) {
        return p.isFound() ? Math.round(p.getWeight() * divisor) : UNREACHABLE;
    }

    /** DijkstraBidirectionCH without the route's unpacking: the distance alone. */
    private static final class DistanceOnly extends DijkstraBidirectionCH {
        DistanceOnly(RoutingCHGraph g) {
            super(g);
        }

        @Override
        protected Path extractPath() {
            Path p = createEmptyPath();
            if (finished() && bestFwdEntry != null && bestBwdEntry != null) {
                p.setWeight(bestWeight).setFound(true);
            }
            return p;
        }
    }

    @Override
    public Query newQuery() {
        return new Query() {
            @Override
            public long distance(int s, int t) {
                return toDistance(new DistanceOnly(chGraph).calcPath(s, t));
            }

            @Override
            public Route route(int s, int t) {
                Path p = new DijkstraBidirectionCH(chGraph).calcPath(s, t);
                if (!p.isFound()) {
                    return new Route(UNREACHABLE, new int[0]);
                }
                IntIndexedContainer nodes = p.calcNodes();
                return new Route(toDistance(p), nodes.toArray());
            }
        };
    }

    @Override
    public long[] matrix(int[] sources, int[] targets, int threads) throws InterruptedException {
        return Router.matrixByPairs(this, sources, targets, threads);
    }

    @Override
    public String matrixMethod() {
        return "point-to-point loop over the threads (graphhopper-core has no public many-to-many)";
    }

    @Override
    public void close() {
        if (graph != null) {
            graph.close();
        }
    }
}
