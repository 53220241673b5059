package org.gsssp;

import java.io.IOException;
import java.util.List;
import org.gsssp.generate.GraphGenerator;
import org.gsssp.generate.GraphSpec;
import org.gsssp.testing.CutoffCheck;
import org.gsssp.testing.GpuTest;
import org.gsssp.testing.RandomGraphs;
import org.gsssp.testing.RandomGraphs.Spec;
import org.gsssp.testing.SharedGraphs;
import org.junit.jupiter.api.Test;

/**
 * Cutoff queries on the GPU: ADDS and Near-Far (which stop at the ball) and Bellman-Ford (which clears beyond it)
 * answer CPU Dijkstra's full answer restricted to the cutoff, with and without predecessors, on seeded random graphs,
 * road-like generated graphs, rome99 and road NY.
 */
@GpuTest
class CutoffGpuTest {
    private static final List<Algorithm> ALGORITHMS = List.of(Algorithm.ADDS, Algorithm.NEAR_FAR, Algorithm.BELLMAN_FORD);

    private static void checkAll(String what, Graph g, long seed, int sources) {
        try (DeviceGraph dg = DeviceGraph.upload(g)) {
            for (int source : CutoffCheck.sources(g, seed, sources)) {
                try (Result full = Sssp.solve(g, source, Algorithm.CPU_DIJKSTRA)) {
                    for (double cutoff : CutoffCheck.cutoffs(full, seed + source)) {
                        for (Algorithm algorithm : ALGORITHMS) {
                            for (boolean predecessors : new boolean[] {true, false}) {
                                try (Result cut = dg.query(source, algorithm, CutoffCheck.options(g, cutoff, predecessors))) {
                                    CutoffCheck.check(what + " (seed " + seed + ") " + algorithm + " from " + source
                                            + (predecessors ? "" : " without predecessors"), g, full, cut, cutoff);
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    @Test
    void randomGraphs() {
        for (Spec spec : RandomGraphs.suite(24, 20_000, 51)) {
            if (spec.vertices() < 2) {
                continue;
            }
            try (Graph g = RandomGraphs.build(spec)) {
                checkAll(spec.toString(), g, spec.seed(), 2);
            }
        }
    }

    @Test
    void roadLikeGeneratedGraphs() {
        for (String spec : List.of("road:200x200,hw=8,seed=3,w=1..1000", "road:100x300,hw=4,seed=4,w=0..100",
                "road:120x120,hw=8,seed=6,w=1..1000,float")) {
            try (Graph g = GraphGenerator.generate(GraphSpec.parse(spec))) {
                checkAll(spec, g, 13, 2);
            }
        }
    }

    @Test
    void rome99AndRoadNy() throws IOException {
        for (String name : List.of("rome99.gr", "USA-road-d.NY.gr.gz")) {
            try (Graph g = GraphLoader.load(SharedGraphs.file(name), TestSupport.QUIET)) {
                checkAll(name, g, 17, 2);
            }
        }
    }
}
