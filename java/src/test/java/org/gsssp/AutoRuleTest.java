package org.gsssp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** AUTO's rule, {@link Algorithm#chooseAuto(Graph, boolean)}, branch by branch; CPU only (the GPU is a flag). */
class AutoRuleTest {
    /** A path 0 -> 1 -> ... -> m on m+1 vertices, every weight {@code w}. */
    private static Graph path(int m, int w) {
        long[] offsets = new long[m + 2];
        int[] targets = new int[m];
        int[] weights = new int[m];
        for (int e = 0; e < m; e++) {
            offsets[e + 1] = e + 1;
            targets[e] = e + 1;
            weights[e] = w;
        }
        offsets[m + 1] = m;
        return Graph.fromArrays(offsets, targets, weights, null, "path" + m);
    }

    private static Graph small(int weightOfLastEdge) {
        return new GraphBuilder(3, WeightType.INT32).addEdge(0, 1, 4).addEdge(1, 2, weightOfLastEdge).build();
    }

    @Test
    void negativeWeightWithGpuIsHbf() {
        try (Graph g = small(-1)) {
            assertEquals(Algorithm.HBF, Algorithm.chooseAuto(g, true));
            assertTrue(Algorithm.chooseAuto(g, true).acceptsNegativeWeights());
            assertEquals("negative weights: H-BF", Algorithm.describeAutoChoice(g, true));
        }
        // a large one too: negative weights win over the size rule
        try (Graph g = path((int) Algorithm.AUTO_GPU_MIN_EDGES, -1)) {
            assertEquals(Algorithm.HBF, Algorithm.chooseAuto(g, true));
        }
    }

    @Test
    void negativeFloatWeightWithGpuIsHbf() {
        try (Graph g = new GraphBuilder(2, WeightType.FLOAT32).addEdge(0, 1, -0.5f).build()) {
            assertEquals(Algorithm.HBF, Algorithm.chooseAuto(g, true));
        }
    }

    @Test
    void negativeWeightWithoutGpuIsCpuBellmanFord() {
        try (Graph g = small(-1)) {
            assertEquals(Algorithm.CPU_BELLMAN_FORD, Algorithm.chooseAuto(g, false));
            assertEquals("negative weights, no GPU: CPU Bellman-Ford", Algorithm.describeAutoChoice(g, false));
        }
    }

    @Test
    void noGpuIsCpuDijkstraWhateverTheSize() {
        try (Graph g = small(3)) {
            assertEquals(Algorithm.CPU_DIJKSTRA, Algorithm.chooseAuto(g, false));
            assertEquals("no GPU", Algorithm.describeAutoChoice(g, false));
        }
        try (Graph g = path((int) Algorithm.AUTO_GPU_MIN_EDGES, 1)) {
            assertEquals(Algorithm.CPU_DIJKSTRA, Algorithm.chooseAuto(g, false));
            assertEquals("no GPU", Algorithm.describeAutoChoice(g, false));
        }
    }

    @Test
    void smallGraphWithGpuIsCpuDijkstra() {
        try (Graph g = small(0)) {   // zero weights are non-negative
            assertEquals(Algorithm.CPU_DIJKSTRA, Algorithm.chooseAuto(g, true));
            assertTrue(Algorithm.describeAutoChoice(g, true).endsWith("edges: CPU answers sooner"),
                    Algorithm.describeAutoChoice(g, true));
        }
        try (Graph g = new GraphBuilder(0, WeightType.INT32).build()) {
            assertEquals(Algorithm.CPU_DIJKSTRA, Algorithm.chooseAuto(g, true));
        }
        try (Graph g = path((int) Algorithm.AUTO_GPU_MIN_EDGES - 1, 1)) {   // just below the crossover
            assertEquals(Algorithm.AUTO_GPU_MIN_EDGES - 1, g.numEdges());
            assertEquals(Algorithm.CPU_DIJKSTRA, Algorithm.chooseAuto(g, true));
        }
    }

    @Test
    void graphAtOrAboveTheCrossoverWithGpuIsAdds() {
        try (Graph g = path((int) Algorithm.AUTO_GPU_MIN_EDGES, 1)) {
            assertEquals(Algorithm.AUTO_GPU_MIN_EDGES, g.numEdges());
            assertEquals(Algorithm.ADDS, Algorithm.chooseAuto(g, true));
            assertTrue(Algorithm.describeAutoChoice(g, true).endsWith("edges: ADDS"), Algorithm.describeAutoChoice(g, true));
        }
        try (Graph g = path((int) Algorithm.AUTO_GPU_MIN_EDGES + 1, 7)) {
            assertEquals(Algorithm.ADDS, Algorithm.chooseAuto(g, true));
        }
    }

    @Test
    void defaultGpuAlgorithmIsAdds() {
        assertEquals(Algorithm.ADDS, Algorithm.defaultGpuAlgorithm());
        assertTrue(Algorithm.defaultGpuAlgorithm().requiresGpu());
    }

    @Test
    void batchesRunABlockPerSourceUnlessTheyNeedTreesOrNegativeWeights() {
        try (Graph smallGraph = small(3); Graph large = path((int) Algorithm.AUTO_GPU_MIN_EDGES, 2); Graph negative = small(-1)) {
            // the whole graph fits one block: block-bf, whatever its size
            assertEquals(Algorithm.BLOCK_BELLMAN_FORD, Algorithm.chooseBatchOnGpu(smallGraph, 2, false));
            assertEquals(Algorithm.BLOCK_BELLMAN_FORD, Algorithm.chooseBatchOnGpu(large, 2, false));
            // below the crossover and not in one block: the CPU; above it: block-nf
            assertEquals(Algorithm.CPU_DIJKSTRA, Algorithm.chooseBatchOnGpu(smallGraph, 1, false));
            assertEquals(Algorithm.CPU_DIJKSTRA, Algorithm.chooseBatchOnGpu(smallGraph, 0, false));
            assertEquals(Algorithm.BLOCK_NEAR_FAR, Algorithm.chooseBatchOnGpu(large, 1, false));
            assertEquals(Algorithm.BLOCK_NEAR_FAR, Algorithm.chooseBatchOnGpu(large, 0, false));
            // predecessors: the single query's algorithm, as concurrent queries
            assertEquals(Algorithm.CPU_DIJKSTRA, Algorithm.chooseBatchOnGpu(smallGraph, 2, true));
            assertEquals(Algorithm.ADDS, Algorithm.chooseBatchOnGpu(large, 2, true));
            // negative weights: H-BF, which takes them
            assertEquals(Algorithm.HBF, Algorithm.chooseBatchOnGpu(negative, 2, false));
        }
        // dense (more than AUTO_BLOCK_NF_MAX_DEGREE edges per vertex) but small: block-nf; dense and large: ADDS
        int n = 4_000;
        int degree = (int) Algorithm.AUTO_BLOCK_NF_MAX_DEGREE + 1;
        GraphBuilder dense = new GraphBuilder(n, WeightType.INT32);
        for (int u = 0; u < n; u++) {
            for (int k = 1; k <= degree; k++) {
                dense.addEdge(u, (u + k) % n, k);
            }
        }
        try (Graph g = dense.build()) {
            assertTrue(g.numEdges() >= Algorithm.AUTO_GPU_MIN_EDGES);
            assertEquals(Algorithm.BLOCK_NEAR_FAR, Algorithm.chooseBatchOnGpu(g, 0, false));
            assertEquals(Algorithm.BLOCK_BELLMAN_FORD, Algorithm.chooseBatchOnGpu(g, 2, false));
        }
        int large = Algorithm.AUTO_BLOCK_NF_MAX_VERTICES + 1;
        long[] offsets = new long[large + 1];
        int[] targets = new int[large * degree];
        int[] weights = new int[large * degree];
        for (int u = 0; u < large; u++) {
            offsets[u + 1] = (long) (u + 1) * degree;
            for (int k = 0; k < degree; k++) {
                targets[u * degree + k] = (u + k + 1) % large;
                weights[u * degree + k] = k + 1;
            }
        }
        try (Graph g = Graph.fromArrays(offsets, targets, weights, null, "dense, " + large + " vertices")) {
            assertEquals(Algorithm.ADDS, Algorithm.chooseBatchOnGpu(g, 0, false));
        }
    }

    /** With a contraction hierarchy attached, AUTO's device rules pick PHAST where the search rules would pick the GPU. */
    @Test
    void aHierarchyMakesTheGpuChoicesPhast() {
        Options full = Options.defaults();
        Options noTree = Options.builder().computePredecessors(false).build();
        Options cutoff = Options.builder().cutoff(10).build();
        try (Graph smallGraph = small(3); Graph large = path((int) Algorithm.AUTO_GPU_MIN_EDGES, 2);
                Graph negative = path((int) Algorithm.AUTO_GPU_MIN_EDGES, -1);
                Graph floats = new GraphBuilder(2, WeightType.FLOAT32).addEdge(0, 1, 0.5f).build()) {
            // single queries: PHAST above the crossover; the CPU below it; a cutoff keeps ADDS (it explores the ball)
            assertEquals(Algorithm.PHAST, Algorithm.chooseAutoOnDevice(large, true, full));
            assertEquals(Algorithm.ADDS, Algorithm.chooseAutoOnDevice(large, false, full));
            assertEquals(Algorithm.ADDS, Algorithm.chooseAutoOnDevice(large, true, cutoff));
            assertEquals(Algorithm.CPU_DIJKSTRA, Algorithm.chooseAutoOnDevice(smallGraph, true, full));
            assertEquals(Algorithm.HBF, Algorithm.chooseAutoOnDevice(negative, true, full));
            // resident results are on the GPU whatever the size
            assertEquals(Algorithm.PHAST, Algorithm.chooseAutoOnGpu(smallGraph, true, full));
            assertEquals(Algorithm.ADDS, Algorithm.chooseAutoOnGpu(smallGraph, true, cutoff));
            assertEquals(Algorithm.ADDS, Algorithm.chooseAutoOnGpu(floats, true, full));
            assertEquals(Algorithm.HBF, Algorithm.chooseAutoOnGpu(negative, true, full));
            // batch rows: PHAST, with or without predecessors (a matrix is not batched: DeviceGraph.matrix answers
            // AUTO from the attached hierarchy on the host, PhastGpuTest)
            for (int fit = 0; fit <= 2; fit++) {
                assertEquals(Algorithm.PHAST, Algorithm.chooseBatchOnGpu(large, fit, false, true, noTree), "blockFit " + fit);
                assertEquals(Algorithm.PHAST, Algorithm.chooseBatchOnGpu(large, fit, true, true, full), "blockFit " + fit);
            }
            assertEquals(Algorithm.BLOCK_NEAR_FAR, Algorithm.chooseBatchOnGpu(large, 0, false, false, noTree));
            assertEquals(Algorithm.BLOCK_NEAR_FAR, Algorithm.chooseBatchOnGpu(large, 0, false, true, cutoff));
            assertEquals(Algorithm.BLOCK_BELLMAN_FORD, Algorithm.chooseBatchOnGpu(smallGraph, 2, false, true, noTree));
            assertEquals(Algorithm.CPU_DIJKSTRA, Algorithm.chooseBatchOnGpu(smallGraph, 0, false, true, noTree));
            assertEquals(Algorithm.HBF, Algorithm.chooseBatchOnGpu(negative, 0, false, true, noTree));
        }
    }
}
