package org.gsssp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import org.gsssp.generate.GraphGenerator;
import org.gsssp.generate.RoadSpec;
import org.gsssp.generate.WeightSpec;
import org.gsssp.testing.CutoffCheck;
import org.gsssp.testing.GpuTest;
import org.gsssp.testing.RandomGraphs;
import org.gsssp.testing.RandomGraphs.Shape;
import org.gsssp.testing.RandomGraphs.Spec;
import org.gsssp.testing.SharedGraphs;
import org.junit.jupiter.api.Test;

/**
 * PHAST from Java (issue 47): a hierarchy attached to a DeviceGraph answers single queries (pooled, into
 * QueryBuffers, resident), batch rows (swept together, and concurrent queries with predecessors), RPHAST matrices and
 * cutoff queries equal to CPU Dijkstra, on road NY, generated road-like graphs and seeded random directed graphs (zero
 * weights, unreachable vertices). PHAST without a hierarchy and a hierarchy of another graph are refused; AUTO picks
 * PHAST while a hierarchy is attached, and says so in the Result, except for a matrix, which AUTO answers from the
 * hierarchy on the host.
 */
@GpuTest
class PhastGpuTest {
    private static final Options NO_TREE = Options.builder().computePredecessors(false).build();
    /** Random graphs are no road graphs: a generous shortcut bound lets them contract, to test exactness. */
    private static final ChParams LENIENT = ChParams.builder().maxShortcutRatio(1000).build();

    private static int[] seeded(Graph g, int count, long seed) {
        int[] out = new SplittableRandom(seed).ints(count, 0, g.numVertices()).toArray();
        if (count > 2) {
            out[count - 1] = out[0];  // a repeat
        }
        return out;
    }

    /**
     * Every PHAST entry point on {@code g}, with {@code ch} attached to a fresh device graph, against CPU Dijkstra from
     * {@code count} seeded sources ({@code seed}); {@code targets} matrix columns.
     */
    private static void checkAll(String what, Graph g, ContractionHierarchy ch, long seed, int count, int targetCount) {
        String label = what + " (seed " + seed + ")";
        int[] sources = seeded(g, count, seed);
        int[] targets = seeded(g, targetCount, seed + 1);
        List<Result> reference = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        try (DeviceGraph dg = DeviceGraph.upload(g)) {
            assertFalse(dg.hasHierarchy(), label);
            assertSame(dg, dg.attach(ch));
            assertTrue(dg.hasHierarchy(), label);
            assertTrue(ch.isAttached(), label + ": attached on the host too");
            for (int s : sources) {
                reference.add(Sssp.solve(g, s, Algorithm.CPU_DIJKSTRA));
            }
            // Single queries: pooled with and without predecessors, into QueryBuffers, resident.
            try (QueryBuffers buffers = QueryBuffers.forGraph(g, true)) {
                for (int i = 0; i < Math.min(sources.length, 6); i++) {
                    int s = sources[i];
                    Result ref = reference.get(i);
                    try (Result r = dg.query(s, Algorithm.PHAST)) {
                        assertEquals(Algorithm.PHAST, r.algorithm(), label);
                        Verifier.check(g, r, ref).ifPresent(p -> problems.add(label + " query from " + s + ": " + p));
                        assertEquals(ref.stats().verticesReached(), r.stats().verticesReached(), label + " reached from " + s);
                    }
                    try (Result r = dg.query(s, Algorithm.PHAST, NO_TREE)) {
                        Verifier.check(g, r, ref).ifPresent(p -> problems.add(label + " query without tree from " + s + ": " + p));
                    }
                    Result r = dg.query(s, Algorithm.PHAST, Options.defaults(), buffers);
                    Verifier.check(g, r, ref).ifPresent(p -> problems.add(label + " query into buffers from " + s + ": " + p));
                    try (DeviceResult d = dg.queryResident(s, Algorithm.PHAST, Options.defaults())) {
                        assertEquals(Algorithm.PHAST, d.algorithm(), label);
                        try (Result back = d.toHost()) {
                            Verifier.check(g, back, ref).ifPresent(p -> problems.add(label + " resident from " + s + ": " + p));
                        }
                        long[] some = d.distancesAsLong(targets);
                        for (int j = 0; j < targets.length; j++) {
                            if (some[j] != ref.distanceAsLong(targets[j])) {
                                problems.add(label + " resident from " + s + " to " + targets[j] + ": " + some[j] + ", Dijkstra "
                                        + ref.distanceAsLong(targets[j]));
                            }
                        }
                        int t = targets[0];
                        ShortestPath p = d.path(t);
                        assertEquals(ref.isReachable(t), p.exists(), label + " path from " + s + " to " + t);
                        if (p.exists()) {
                            assertEquals(ref.distance(t), p.weight(), label + " path from " + s + " to " + t);
                        }
                    }
                }
            }
            // Batch rows: swept together without predecessors; concurrent PHAST queries with them.
            for (Options options : List.of(NO_TREE, Options.defaults())) {
                int[] seen = new int[sources.length];
                dg.queryBatch(sources, Algorithm.PHAST, options, (i, r) -> {
                    seen[i]++;
                    if (r.algorithm() != Algorithm.PHAST) {
                        problems.add(label + " batch row " + i + " ran " + r.algorithm());
                    }
                    Verifier.check(g, r, reference.get(i)).ifPresent(p -> problems.add(label + " batch row " + i + " (source "
                            + sources[i] + (options.computePredecessors() ? ", with predecessors" : "") + "): " + p));
                });
                for (int i = 0; i < seen.length; i++) {
                    assertEquals(1, seen[i], label + " batch position " + i);
                }
            }
            // Matrices: PHAST named runs RPHAST on the device; AUTO answers from the attached hierarchy on the host.
            for (Algorithm algorithm : List.of(Algorithm.PHAST, Algorithm.AUTO)) {
                try (DistanceMatrix m = dg.matrix(sources, targets, algorithm)) {
                    assertEquals(sources.length, m.rows(), label);
                    assertEquals(targets.length, m.columns(), label);
                    for (int i = 0; i < sources.length; i++) {
                        for (int j = 0; j < targets.length; j++) {
                            long expected = reference.get(i).distanceAsLong(targets[j]);
                            if (m.getAsLong(i, j) != expected) {
                                problems.add(label + " " + algorithm + " matrix (" + i + ", " + j + ") " + sources[i] + " -> "
                                        + targets[j] + ": " + m.getAsLong(i, j) + ", Dijkstra " + expected);
                            }
                        }
                    }
                }
            }
            // Empty matrices have no cells to launch for.
            try (DistanceMatrix none = dg.matrix(new int[0], targets, Algorithm.PHAST);
                    DistanceMatrix noColumns = dg.matrix(sources, new int[0], Algorithm.PHAST)) {
                assertEquals(0, none.rows(), label);
                assertEquals(targets.length, none.columns(), label);
                assertEquals(sources.length, noColumns.rows(), label);
                assertEquals(0, noColumns.columns(), label);
            }
        } finally {
            reference.forEach(Result::close);
        }
        assertTrue(problems.isEmpty(), problems.size() + " problems, first: " + problems.stream().limit(5).toList());
    }

    @Test
    void newYorkEqualsDijkstra() throws IOException {
        try (Graph g = GraphLoader.load(SharedGraphs.file("USA-road-d.NY.gr.gz"), TestSupport.QUIET);
                ContractionHierarchy ch = ContractionHierarchy.build(g)) {
            checkAll("NY", g, ch, 4701, 20, 40);
        }
    }

    @Test
    void generatedRoadGraphsEqualDijkstra() {
        long seed = 4710;
        for (RoadSpec spec : List.of(new RoadSpec(200, 200, 8, 47, WeightSpec.ints(1, 1000)),
                new RoadSpec(100, 300, 4, 48, WeightSpec.ints(0, 100)))) {
            try (Graph g = GraphGenerator.generate(spec, 2); ContractionHierarchy ch = ContractionHierarchy.build(g)) {
                checkAll(spec.toString(), g, ch, seed++, 300, 50);  // 300 sources: two sweeps of 256 lanes
            }
        }
    }

    /** Zero weights, parallel arcs, one-way arcs and unreachable vertices (the disconnected shape). */
    @Test
    void randomDirectedGraphsEqualDijkstra() {
        List<Spec> specs = List.of(
                new Spec(Shape.DISCONNECTED, 4_000, 4720, WeightType.INT32, 10, 0.3),
                new Spec(Shape.UNIFORM, 800, 4721, WeightType.INT32, 1000, 0.0),  // contracts badly: kept small
                new Spec(Shape.GRID, 2_500, 4722, WeightType.INT32, 1, 1.0),
                new Spec(Shape.CHAIN, 1_000, 4723, WeightType.INT32, 100, 0.1),
                new Spec(Shape.UNIFORM, 1, 4724, WeightType.INT32, 10, 0.0));
        for (Spec spec : specs) {
            try (Graph g = RandomGraphs.build(spec); ContractionHierarchy ch = ContractionHierarchy.build(g, LENIENT)) {
                checkAll(spec.toString(), g, ch, spec.seed(), Math.min(40, Math.max(1, g.numVertices())), 25);
            }
        }
    }

    /** A cutoff is honoured: PHAST sweeps everything, then clears what lies beyond. */
    @Test
    void phastWithACutoffEqualsDijkstraInTheBall() {
        try (Graph g = GraphGenerator.generate(new RoadSpec(150, 150, 8, 49, WeightSpec.ints(0, 1000)), 2);
                ContractionHierarchy ch = ContractionHierarchy.build(g);
                DeviceGraph dg = DeviceGraph.upload(g)) {
            dg.attach(ch);
            for (int source : CutoffCheck.sources(g, 4730, 3)) {
                try (Result full = Sssp.solve(g, source, Algorithm.CPU_DIJKSTRA)) {
                    for (double cutoff : CutoffCheck.cutoffs(full, 4730 + source)) {
                        for (boolean predecessors : new boolean[] {true, false}) {
                            try (Result cut = dg.query(source, Algorithm.PHAST, CutoffCheck.options(g, cutoff, predecessors))) {
                                assertEquals(Algorithm.PHAST, cut.algorithm());
                                CutoffCheck.check("road 150x150 (seed 4730) PHAST from " + source, g, full, cut, cutoff);
                            }
                        }
                    }
                }
            }
        }
    }

    @Test
    void phastWithoutAHierarchyIsUnsupportedAndSaysHowToAttach() {
        try (Graph g = GraphGenerator.generate(new RoadSpec(60, 60, 8, 50, WeightSpec.ints(1, 100)), 2);
                DeviceGraph dg = DeviceGraph.upload(g)) {
            int[] sources = {0, 1, 2};
            List<org.junit.jupiter.api.function.Executable> calls = List.of(
                    () -> dg.query(0, Algorithm.PHAST).close(),
                    () -> dg.query(0, Algorithm.PHAST, NO_TREE).close(),
                    () -> dg.queryResident(0, Algorithm.PHAST, Options.defaults()).close(),
                    () -> dg.queryBatch(sources, Algorithm.PHAST, NO_TREE, (i, r) -> { }),
                    () -> dg.matrix(sources, sources, Algorithm.PHAST).close(),
                    () -> dg.chooseQuery(Algorithm.PHAST, Options.defaults()));
            for (org.junit.jupiter.api.function.Executable call : calls) {
                UnsupportedInputException e = assertThrows(UnsupportedInputException.class, call);
                assertTrue(e.getMessage().contains("attach"), e.getMessage());
            }
            assertFalse(dg.hasHierarchy());
            assertEquals(Algorithm.chooseAuto(g, true), dg.chooseQuery(Algorithm.AUTO, Options.defaults()));
        }
    }

    @Test
    void aHierarchyOfAnotherGraphIsRefused() {
        RoadSpec spec = new RoadSpec(40, 40, 8, 51, WeightSpec.ints(1, 100));
        try (Graph g = GraphGenerator.generate(spec, 2);
                Graph other = GraphGenerator.generate(new RoadSpec(40, 40, 8, 52, WeightSpec.ints(1, 100)), 2);
                Graph twin = GraphGenerator.generate(spec, 2);  // equal arrays, another Graph
                ContractionHierarchy ofOther = ContractionHierarchy.build(other);
                ContractionHierarchy ofTwin = ContractionHierarchy.build(twin);
                DeviceGraph dg = DeviceGraph.upload(g)) {
            for (ContractionHierarchy ch : List.of(ofOther, ofTwin)) {
                IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> dg.attach(ch));
                assertTrue(e.getMessage().contains("not of this device graph"), e.getMessage());
                assertFalse(ch.isAttached());
            }
            assertFalse(dg.hasHierarchy());
            assertThrows(UnsupportedInputException.class, () -> dg.query(0, Algorithm.PHAST).close());
        }
    }

    /**
     * AUTO runs PHAST while the graph carries a hierarchy (ch.attach() alone copies it at the first query), a cutoff
     * keeps ADDS, AUTO's matrix answers from the hierarchy on the host (copying nothing to the device), and detaching
     * returns AUTO to the search while a named PHAST still sweeps the device's copy.
     */
    @Test
    void autoPicksPhastWhileAHierarchyIsAttached() {
        try (Graph g = GraphGenerator.generate(new RoadSpec(200, 200, 8, 53, WeightSpec.ints(1, 1000)), 2);
                DeviceGraph dg = DeviceGraph.upload(g)) {
            assertTrue(g.numEdges() >= Algorithm.AUTO_GPU_MIN_EDGES, "the graph must be above AUTO's crossover");
            int[] sources = seeded(g, 40, 4740);
            int[] targets = seeded(g, 30, 4741);
            try (Result r = dg.query(sources[0])) {
                assertEquals(Algorithm.ADDS, r.algorithm(), "no hierarchy yet");
            }
            ContractionHierarchy ch = ContractionHierarchy.build(g);
            try {
                ch.attach();  // on the host graph only: the device graph copies it at the first query that needs it
                assertFalse(dg.hasHierarchy());
                Options cutoff = Options.builder().cutoff(5_000).build();
                assertEquals(Algorithm.ADDS, dg.chooseQuery(Algorithm.AUTO, cutoff));
                assertFalse(dg.hasHierarchy(), "a query AUTO keeps off PHAST copies nothing");
                // AUTO's matrix answers from the hierarchy on the host (faster than RPHAST on the device): equal to
                // Dijkstra, and nothing copied to the device
                assertMatrixEqualsDijkstra(g, dg, sources, targets, Algorithm.AUTO, "seed 4740/4741, AUTO");
                assertFalse(dg.hasHierarchy(), "AUTO's matrix runs on the host hierarchy, copying nothing to the device");
                try (Result r = dg.query(sources[0]); Result ref = Sssp.solve(g, sources[0], Algorithm.CPU_DIJKSTRA)) {
                    assertEquals(Algorithm.PHAST, r.algorithm());
                    assertEquals(Optional.empty(), Verifier.check(g, r, ref));
                }
                assertTrue(dg.hasHierarchy());
                assertEquals(Algorithm.PHAST, dg.chooseQuery(Algorithm.AUTO, Options.defaults()));
                assertEquals(Algorithm.PHAST, dg.chooseBatch(Algorithm.AUTO, NO_TREE, sources.length));
                assertEquals(Algorithm.PHAST, dg.chooseBatch(Algorithm.AUTO, Options.defaults(), sources.length));
                try (DeviceResult d = dg.queryResident(sources[1], Algorithm.AUTO, Options.defaults())) {
                    assertEquals(Algorithm.PHAST, d.algorithm());
                }
                List<String> problems = new ArrayList<>();
                dg.queryBatch(sources, Algorithm.AUTO, NO_TREE, (i, r) -> {
                    if (r.algorithm() != Algorithm.PHAST) {
                        problems.add("row " + i + " ran " + r.algorithm());
                    }
                    try (Result ref = Sssp.solve(g, sources[i], Algorithm.CPU_DIJKSTRA)) {
                        Verifier.check(g, r, ref).ifPresent(p -> problems.add("row " + i + ": " + p));
                    }
                });
                assertTrue(problems.isEmpty(), "seed 4740: " + problems);
                // with the hierarchy on the device too, AUTO's matrix still answers from the host hierarchy, and a
                // matrix naming PHAST runs RPHAST on the device: both equal to Dijkstra
                assertMatrixEqualsDijkstra(g, dg, sources, targets, Algorithm.AUTO, "seed 4740/4741, AUTO");
                assertMatrixEqualsDijkstra(g, dg, sources, targets, Algorithm.PHAST, "seed 4740/4741, PHAST");
                // a cutoff keeps ADDS, which explores only the ball
                assertEquals(Algorithm.ADDS, dg.chooseQuery(Algorithm.AUTO, cutoff));
                try (Result r = dg.query(sources[2], Algorithm.AUTO, cutoff)) {
                    assertEquals(Algorithm.ADDS, r.algorithm());
                }
                // a second hierarchy of the same graph: attached on the host, the device keeps its copy
                try (ContractionHierarchy again = ContractionHierarchy.build(g)) {
                    assertSame(dg, dg.attach(again));
                    assertTrue(again.isAttached());
                    try (Result r = dg.query(sources[3])) {
                        assertEquals(Algorithm.PHAST, r.algorithm());
                    }
                }
                // closing that one detached it: AUTO searches again, a named PHAST still sweeps the device's copy
                assertFalse(ch.isAttached());
                try (Result r = dg.query(sources[4])) {
                    assertEquals(Algorithm.ADDS, r.algorithm());
                }
            } finally {
                ch.close();
            }
            try (Result r = dg.query(sources[5], Algorithm.PHAST); Result ref = Sssp.solve(g, sources[5], Algorithm.CPU_DIJKSTRA)) {
                assertEquals(Optional.empty(), Verifier.check(g, r, ref), "PHAST after the hierarchy closed");
            }
            assertMatrixEqualsDijkstra(g, dg, sources, targets, Algorithm.PHAST, "seed 4740/4741, PHAST after close");
            assertMatrixEqualsDijkstra(g, dg, sources, targets, Algorithm.AUTO, "seed 4740/4741, AUTO after close");
        }
    }

    /** {@code dg.matrix(sources, targets, algorithm)} cell by cell against CPU Dijkstra from each source. */
    private static void assertMatrixEqualsDijkstra(Graph g, DeviceGraph dg, int[] sources, int[] targets,
                                                   Algorithm algorithm, String label) {
        try (DistanceMatrix m = dg.matrix(sources, targets, algorithm)) {
            assertEquals(sources.length, m.rows(), label);
            assertEquals(targets.length, m.columns(), label);
            for (int i = 0; i < sources.length; i++) {
                try (Result ref = Sssp.solve(g, sources[i], Algorithm.CPU_DIJKSTRA)) {
                    for (int j = 0; j < targets.length; j++) {
                        assertEquals(ref.distanceAsLong(targets[j]), m.getAsLong(i, j), label + " cell " + i + ", " + j);
                    }
                }
            }
        }
    }
}
