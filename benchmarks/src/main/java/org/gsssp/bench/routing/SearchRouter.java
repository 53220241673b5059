package org.gsssp.bench.routing;

import org.gsssp.DeviceGraph;
import org.gsssp.DistanceMatrix;
import org.gsssp.Graph;
import org.gsssp.ShortestPath;
import org.gsssp.Sssp;

/**
 * gsssp's searches without a hierarchy, for context: CPU Dijkstra stopping at the target ({@link Sssp}), or the
 * GPU's default pair query ({@link DeviceGraph#distancesAsLong}, ADDS with early exit). Each pair is a search,
 * so the harness times only the first {@code pairLimit} pairs.
 */
final class SearchRouter implements Router {
    private final boolean gpu;
    private final int pairLimit;
    private Graph graph;
    private DeviceGraph device;

    private SearchRouter(boolean gpu, int pairLimit) {
        this.gpu = gpu;
        this.pairLimit = pairLimit;
    }

    static SearchRouter cpuDijkstra(int pairLimit) {
        return new SearchRouter(false, pairLimit);
    }

    static SearchRouter gpu(int pairLimit) {
        return new SearchRouter(true, pairLimit);
    }

    @Override
    public String name() {
        return gpu ? "gsssp-gpu-adds" : "gsssp-dijkstra-cpu";
    }

    @Override
    public long prepare(Graph g, int threads) {
        graph = g;
        if (gpu) {
            device = DeviceGraph.upload(g);
            return device.deviceMemoryBytes();
        }
        return 0;
    }

    @Override
    public String notes() {
        return gpu ? "preparation = upload to the GPU; memory = device bytes" : "no preparation: a search per pair, stopping at the target";
    }

    @Override
    public int pairLimit() {
        return pairLimit;
    }

    @Override
    public Query newQuery() {
        int[] one = new int[1];
        return new Query() {
            @Override
            public long distance(int s, int t) {
                one[0] = t;
                return gpu ? device.distancesAsLong(s, one)[0] : Sssp.distancesAsLong(graph, s, one)[0];
            }

            @Override
            public Route route(int s, int t) {
                ShortestPath p = gpu ? device.path(s, t) : Sssp.path(graph, s, t);
                return p.exists() ? new Route(Math.round(p.weight()), p.vertices()) : new Route(UNREACHABLE, new int[0]);
            }
        };
    }

    @Override
    public long[] matrix(int[] sources, int[] targets, int threads) {
        try (DistanceMatrix m = gpu ? device.matrix(sources, targets) : Sssp.matrix(graph, sources, targets)) {
            long[] out = new long[sources.length * targets.length];
            for (int i = 0; i < sources.length; i++) {
                for (int j = 0; j < targets.length; j++) {
                    out[i * targets.length + j] = m.getAsLong(i, j);
                }
            }
            return out;
        }
    }

    @Override
    public String matrixMethod() {
        return gpu ? "DeviceGraph.matrix (GPU, AUTO design)" : "Sssp.matrix: a Dijkstra per source stopping at the targets, sources over the common fork-join pool";
    }

    @Override
    public void close() {
        if (device != null) {
            device.close();
        }
    }
}
