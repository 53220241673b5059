package org.gsssp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.gsssp.generate.GraphGenerator;
import org.gsssp.generate.GridSpec;
import org.gsssp.generate.RoadSpec;
import org.gsssp.generate.WeightSpec;
import org.gsssp.testing.RandomGraphs;
import org.gsssp.testing.RandomGraphs.Shape;
import org.gsssp.testing.RandomGraphs.Spec;
import org.gsssp.testing.SharedGraphs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Contraction hierarchies from Java: every distance, route and matrix cell equals CPU Dijkstra's, on real road graphs,
 * generated road-like graphs and seeded random directed graphs (zero weights, parallel arcs, unreachable pairs); files
 * round-trip and wrong files are refused by name; graphs the hierarchy is not for are refused with the native
 * message; many threads share one hierarchy.
 */
class ContractionHierarchyTest {

    /** Checks pairs drawn from {@code seed}: {@code sources} searches by Dijkstra, {@code perSource} targets each. */
    static void assertPairsEqualDijkstra(String what, Graph g, ContractionHierarchy ch, long seed, int sources, int perSource) {
        SplittableRandom random = new SplittableRandom(seed);
        int n = g.numVertices();
        for (int i = 0; i < sources; i++) {
            int s = random.nextInt(n);
            int[] targets = random.ints(perSource, 0, n).toArray();
            if (i == 0) {
                targets[0] = s;  // to itself: 0, a route of one vertex
            }
            try (Result ref = Sssp.solve(g, s, Algorithm.CPU_DIJKSTRA)) {
                long[] batch = ch.distances(s, targets);
                for (int k = 0; k < targets.length; k++) {
                    int t = targets[k];
                    long expected = ref.distanceAsLong(t);
                    String pair = what + ", seed " + seed + ": " + s + " -> " + t;
                    assertEquals(expected, ch.distance(s, t), pair);
                    assertEquals(expected, batch[k], pair + " (distances)");
                    assertRoute(pair, g, ch.path(s, t), s, t, expected);
                }
            }
        }
    }

    /** A route starts at s, ends at t, steps along arcs of the graph, and its arcs add up to the distance. */
    static void assertRoute(String what, Graph g, ShortestPath p, int s, int t, long expected) {
        if (expected == Long.MAX_VALUE) {
            assertFalse(p.exists(), what + ": unreachable, yet a route " + p);
            return;
        }
        int[] v = p.vertices();
        assertTrue(v.length >= 1, what);
        assertEquals(s, v[0], what + ": route starts at the source");
        assertEquals(t, v[v.length - 1], what + ": route ends at the target");
        long sum = 0;
        double[] w = p.edgeWeights();
        for (int k = 1; k < v.length; k++) {
            long best = Long.MAX_VALUE;
            for (long e = g.edgeBegin(v[k - 1]); e < g.edgeEnd(v[k - 1]); e++) {
                if (g.target(e) == v[k]) {
                    best = Math.min(best, g.intWeight(e));
                }
            }
            assertTrue(best != Long.MAX_VALUE, what + ": no arc " + v[k - 1] + " -> " + v[k]);
            assertEquals(best, (long) w[k - 1], what + ": weight of step " + k);
            sum += best;
        }
        assertEquals(expected, sum, what + ": the route's arcs add up to the distance");
        assertEquals((double) expected, p.weight(), what);
        assertEquals(g.ids().toExternal(s), p.fileIds()[0], what + ": file ids");
    }

    static void assertMatrixEqualsDijkstra(String what, Graph g, ContractionHierarchy ch, long seed, int k, int t) {
        SplittableRandom random = new SplittableRandom(seed);
        int[] sources = random.ints(k, 0, g.numVertices()).toArray();
        int[] targets = random.ints(t, 0, g.numVertices()).toArray();
        if (k > 1 && t > 1) {
            sources[1] = sources[0];  // repeats are allowed
            targets[1] = targets[0];
        }
        try (DistanceMatrix m = ch.matrix(sources, targets)) {
            assertEquals(k, m.rows());
            assertEquals(t, m.columns());
            assertEquals(WeightType.INT32, m.weightType());
            for (int i = 0; i < k; i++) {
                try (Result ref = Sssp.solve(g, sources[i], Algorithm.CPU_DIJKSTRA)) {
                    for (int j = 0; j < t; j++) {
                        assertEquals(ref.distanceAsLong(targets[j]), m.getAsLong(i, j),
                                what + ", seed " + seed + ": cell (" + i + ", " + j + ") " + sources[i] + " -> " + targets[j]);
                    }
                }
            }
        }
    }

    static Graph rome() throws IOException {
        return GraphLoader.load(SharedGraphs.file("rome99.gr"), TestSupport.QUIET);
    }

    @Test
    void romeEqualsDijkstra() throws IOException {
        try (Graph g = rome(); ContractionHierarchy ch = ContractionHierarchy.build(g)) {
            ContractionHierarchy.Info info = ch.info();
            assertEquals(g.numVertices(), info.vertices());
            assertTrue(info.shortcuts() > 0, info.toString());
            // A shortcut may replace a heavier original arc between the same two vertices.
            assertTrue(info.upArcs() + info.downArcs() <= info.originalArcs() + info.shortcuts(), info.toString());
            assertTrue(info.originalArcs() <= g.numEdges(), info.toString());
            assertTrue(info.memoryBytes() > 0, info.toString());
            assertPairsEqualDijkstra("rome99", g, ch, 46, 30, 10);
            assertMatrixEqualsDijkstra("rome99", g, ch, 47, 20, 25);
        }
    }

    /** DIMACS New York: a few hundred seeded pairs (20 Dijkstra searches) and a 20 x 15 matrix. */
    @Test
    void newYorkEqualsDijkstra() throws IOException {
        try (Graph g = GraphLoader.load(SharedGraphs.file("USA-road-d.NY.gr.gz"), TestSupport.QUIET);
                ContractionHierarchy ch = ContractionHierarchy.build(g)) {
            assertPairsEqualDijkstra("NY", g, ch, 4646, 20, 12);
            assertMatrixEqualsDijkstra("NY", g, ch, 4647, 20, 15);
        }
    }

    @Test
    void generatedRoadAndGridGraphsEqualDijkstra() {
        List<org.gsssp.generate.GraphSpec> specs = List.of(
                new RoadSpec(60, 50, 8, 3, WeightSpec.ints(1, 1000)),
                new GridSpec(40, 70, 5, WeightSpec.ints(0, 20)),
                new GridSpec(1, 300, 6, WeightSpec.ints(1, 5)));
        long seed = 100;
        for (org.gsssp.generate.GraphSpec spec : specs) {
            try (Graph g = GraphGenerator.generate(spec, 1); ContractionHierarchy ch = ContractionHierarchy.build(g)) {
                assertPairsEqualDijkstra(spec.toString(), g, ch, seed, 12, 10);
                assertMatrixEqualsDijkstra(spec.toString(), g, ch, seed + 1, 9, 11);
            }
            seed += 2;
        }
    }

    /**
     * Seeded random directed graphs: zero weights, parallel arcs, self-loops, one-way arcs and unreachable pairs
     * (the disconnected shape, and one-way uniform graphs).
     */
    @Test
    void randomDirectedGraphsEqualDijkstra() {
        Shape[] shapes = {Shape.UNIFORM, Shape.GRID, Shape.CHAIN, Shape.STAR, Shape.DISCONNECTED};
        int[] maxWeights = {1, 10, 1000};
        double[] zeroShares = {0, 0.3, 1.0};
        int round = 0;
        for (Shape shape : shapes) {
            for (int i = 0; i < 3; i++, round++) {
                int n = new int[] {1, 2, 400, 1200}[(round + i) % 4];
                Spec spec = new Spec(shape, n, 900 + round, WeightType.INT32, maxWeights[i], zeroShares[(round + i) % 3]);
                // Random graphs are no road graphs: a generous shortcut bound lets them contract, to test exactness.
                ChParams lenient = ChParams.builder().maxShortcutRatio(1000).build();
                try (Graph g = RandomGraphs.build(spec); ContractionHierarchy ch = ContractionHierarchy.build(g, lenient)) {
                    assertPairsEqualDijkstra(spec.toString(), g, ch, spec.seed(), Math.min(8, g.numVertices()), 12);
                    assertMatrixEqualsDijkstra(spec.toString(), g, ch, spec.seed() + 1, 7, 6);
                }
            }
        }
    }

    /** Parallel arcs of different weights, a zero-weight cycle, and a vertex nothing reaches. */
    @Test
    void smallCornerCases() {
        long[] offsets = {0, 3, 4, 5, 5, 6};
        int[] targets = {1, 1, 2, 2, 0, 2};
        int[] weights = {7, 3, 9, 0, 0, 1};
        try (Graph g = Graph.fromArrays(offsets, targets, weights, null, "corners");
                ContractionHierarchy ch = ContractionHierarchy.build(g)) {
            assertEquals(3, ch.distance(0, 1));
            assertEquals(3, ch.distance(0, 2));
            assertEquals(0, ch.distance(1, 0));
            assertEquals(Long.MAX_VALUE, ch.distance(0, 3));
            assertEquals(Long.MAX_VALUE, ch.distance(0, 4));
            assertEquals(1, ch.distance(4, 2));
            assertArrayEquals(new int[] {0, 1, 2}, ch.path(0, 2).vertices());
            assertFalse(ch.path(2, 4).exists());
            assertArrayEquals(new int[] {3}, ch.path(3, 3).vertices());
            assertPairsEqualDijkstra("corners", g, ch, 5, 5, 5);
            assertMatrixEqualsDijkstra("corners", g, ch, 6, 5, 5);
        }
    }

    @Test
    void saveAndLoadRoundTrip(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("rome.ch");
        try (Graph g = rome()) {
            ContractionHierarchy.Info built;
            try (ContractionHierarchy ch = ContractionHierarchy.build(g)) {
                ch.save(file);
                built = ch.info();
            }
            assertEquals(HierarchyFile.layout(built.vertices(), built.upArcs(), built.downArcs())[9], Files.size(file));
            try (ContractionHierarchy loaded = ContractionHierarchy.load(file, g)) {
                ContractionHierarchy.Info info = loaded.info();
                assertEquals(built.vertices(), info.vertices());
                assertEquals(built.upArcs(), info.upArcs());
                assertEquals(built.downArcs(), info.downArcs());
                assertEquals(built.shortcuts(), info.shortcuts());
                assertEquals(file, info.file());
                assertPairsEqualDijkstra("rome99 loaded", g, loaded, 48, 10, 10);
                assertMatrixEqualsDijkstra("rome99 loaded", g, loaded, 49, 8, 8);
                // Saving a loaded hierarchy writes the same bytes.
                Path again = dir.resolve("again.ch");
                loaded.save(again);
                assertEquals(-1, Files.mismatch(file, again));
            }
        }
    }

    @Test
    void aFileForAnotherGraphIsRefused(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("rome.ch");
        try (Graph g = rome(); ContractionHierarchy ch = ContractionHierarchy.build(g)) {
            ch.save(file);
        }
        try (Graph grid = GraphGenerator.generate(new GridSpec(10, 10, 1, WeightSpec.ints(1, 9)), 1)) {
            HierarchyFileException e = assertThrows(HierarchyFileException.class, () -> ContractionHierarchy.load(file, grid));
            assertTrue(e.getMessage().contains("hierarchy file " + file + " is refused: it was built for rome99.gr (3353 vertices, 8870 arcs), not for"),
                    e.getMessage());
            assertEquals(file, e.file());
        }
        // Same vertices and arcs, one weight changed: the checksum tells them apart.
        try (Graph g = rome()) {
            int[] weights = TestSupport.intWeights(g);
            weights[17]++;
            try (Graph changed = Graph.fromArrays(TestSupport.offsets(g), TestSupport.targets(g), weights, g.ids(), "rome99 changed")) {
                HierarchyFileException e = assertThrows(HierarchyFileException.class, () -> ContractionHierarchy.load(file, changed));
                assertTrue(e.getMessage().contains("which has as many vertices and arcs as rome99 changed but other arcs or weights"),
                        e.getMessage());
            }
        }
    }

    @Test
    void corruptFilesAreRefusedByName(@TempDir Path dir) throws IOException {
        Path good = dir.resolve("rome.ch");
        try (Graph g = rome()) {
            try (ContractionHierarchy ch = ContractionHierarchy.build(g)) {
                ch.save(good);
            }
            byte[] bytes = Files.readAllBytes(good);
            assertRefused(dir, g, "header.ch", flip(bytes, 30), "its header is corrupt");
            assertRefused(dir, g, "magic.ch", flip(bytes, 0), "it is not a gsssp hierarchy file");
            assertRefused(dir, g, "data.ch", flip(bytes, bytes.length - 5), "its arrays are corrupt");
            assertRefused(dir, g, "short.ch", java.util.Arrays.copyOf(bytes, bytes.length - 64), "(the file is truncated)");
            assertRefused(dir, g, "tiny.ch", java.util.Arrays.copyOf(bytes, 100), "fewer than a hierarchy file's 256-byte header");
            assertRefused(dir, g, "empty.ch", new byte[0], "it has 0 bytes");
            assertRefused(dir, g, "text.ch", "c DIMACS graph\n".repeat(40).getBytes(), "it is not a gsssp hierarchy file");
            // Another format version, with a valid header checksum.
            java.nio.ByteBuffer header = java.nio.ByteBuffer.wrap(bytes.clone()).order(java.nio.ByteOrder.nativeOrder());
            header.putInt(8, 2);
            java.util.zip.CRC32C crc = new java.util.zip.CRC32C();
            crc.update(header.array(), 0, 252);
            header.putInt(252, (int) crc.getValue());
            assertRefused(dir, g, "v2.ch", header.array(), "it has format version 2; this gsssp reads version 1");
            // And the good file still loads.
            try (ContractionHierarchy ch = ContractionHierarchy.load(good, g)) {
                assertEquals(g.numVertices(), ch.info().vertices());
            }
        }
        assertThrows(java.nio.file.NoSuchFileException.class, () -> {
            try (Graph g = rome()) {
                ContractionHierarchy.load(dir.resolve("missing.ch"), g);
            }
        });
    }

    private static byte[] flip(byte[] bytes, int at) {
        byte[] copy = bytes.clone();
        copy[at] ^= 0x5A;
        return copy;
    }

    private static void assertRefused(Path dir, Graph g, String name, byte[] content, String fragment) throws IOException {
        Path file = Files.write(dir.resolve(name), content);
        HierarchyFileException e = assertThrows(HierarchyFileException.class, () -> ContractionHierarchy.load(file, g), name);
        assertTrue(e.getMessage().startsWith("hierarchy file " + file + " is refused: "), e.getMessage());
        assertTrue(e.getMessage().contains(fragment), name + ": expected '" + fragment + "' in: " + e.getMessage());
    }

    /**
     * soc-Slashdot0902 with the loader's weights: a social graph, whose shortcuts explode; the build stops with its
     * message (wiki-Vote stops too, later: its hubs are smaller).
     */
    @Test
    void aSocialGraphStopsWithItsMessage() throws IOException {
        try (Graph g = GraphLoader.load(SharedGraphs.file("soc-Slashdot0902.txt.gz"), TestSupport.QUIET)) {
            UnsupportedInputException e = assertThrows(UnsupportedInputException.class, () -> {
                try (ContractionHierarchy ch = ContractionHierarchy.build(g)) {
                    throw new AssertionError("soc-Slashdot0902 contracted: " + ch.info());
                }
            });
            assertTrue(e.getMessage().startsWith("building the contraction hierarchy of soc-Slashdot0902.txt.gz: "), e.getMessage());
            assertTrue(e.getMessage().contains("this graph contracts badly"), e.getMessage());
            assertTrue(e.getMessage().contains("the search algorithms"), e.getMessage());
            // And the search algorithms go on serving it.
            try (Result r = Sssp.solve(g, 0, Algorithm.CPU_DIJKSTRA)) {
                assertTrue(r.stats().verticesReached() >= 1);
            }
        }
    }

    @Test
    void floatAndNegativeWeightsAreUnsupported() {
        long[] offsets = {0, 1, 2, 2};
        int[] targets = {1, 2};
        try (Graph f = Graph.fromArrays(offsets, targets, new float[] {1.5f, 2f}, null, "floaty")) {
            UnsupportedInputException e = assertThrows(UnsupportedInputException.class, () -> ContractionHierarchy.build(f));
            assertTrue(e.getMessage().startsWith("building the contraction hierarchy of floaty: "), e.getMessage());
            assertTrue(e.getMessage().contains("non-negative int32"), e.getMessage());
        }
        try (Graph neg = Graph.fromArrays(offsets, targets, new int[] {4, -1}, null, "negative")) {
            UnsupportedInputException e = assertThrows(UnsupportedInputException.class, () -> ContractionHierarchy.build(neg));
            assertTrue(e.getMessage().startsWith("building the contraction hierarchy of negative: "), e.getMessage());
            assertTrue(e.getMessage().contains("non-negative int32"), e.getMessage());
        }
    }

    @Test
    void badIdsAndClosedHierarchiesAreRefused(@TempDir Path dir) throws IOException {
        try (Graph g = rome()) {
            ContractionHierarchy ch = ContractionHierarchy.build(g);
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ch.distance(-1, 0));
            assertEquals("source vertex -1 is out of range 0..3352 of rome99.gr", e.getMessage());
            assertThrows(IllegalArgumentException.class, () -> ch.distance(0, 3353));
            assertThrows(IllegalArgumentException.class, () -> ch.path(3353, 0));
            assertThrows(IllegalArgumentException.class, () -> ch.matrix(new int[] {0}, new int[] {1, 5000}));
            assertThrows(IllegalArgumentException.class, () -> ch.distances(0, new int[] {1, -2}));
            assertThrows(IllegalArgumentException.class, () -> ch.matrix(new int[] {0}, new int[] {1}, -1));
            try (DistanceMatrix empty = ch.matrix(new int[0], new int[] {1})) {
                assertEquals(0, empty.rows());
            }
            ch.close();
            ch.close();
            assertTrue(ch.isClosed());
            GraphClosedException c = assertThrows(GraphClosedException.class, () -> ch.distance(0, 1));
            assertEquals("contraction hierarchy of rome99.gr is closed", c.getMessage());
            assertThrows(GraphClosedException.class, () -> ch.path(0, 1));
            assertThrows(GraphClosedException.class, () -> ch.matrix(new int[] {0}, new int[] {1}));
            assertThrows(GraphClosedException.class, () -> ch.save(dir.resolve("closed.ch")));
            assertThrows(GraphClosedException.class, ch::attach);
            assertFalse(Files.exists(dir.resolve("closed.ch")));
        }
    }

    @Test
    void progressIsReportedAndAThrowingListenerStopsTheBuild() throws IOException {
        try (Graph g = rome()) {
            List<long[]> calls = new ArrayList<>();
            ChParams params = ChParams.builder().threads(2).progress((done, total) -> calls.add(new long[] {done, total})).build();
            try (ContractionHierarchy ch = ContractionHierarchy.build(g, params)) {
                assertPairsEqualDijkstra("rome99 with 2 threads", g, ch, 50, 5, 5);
            }
            assertFalse(calls.isEmpty(), "no progress reported");
            long last = -1;
            for (long[] c : calls) {
                assertEquals(g.numVertices(), c[1]);
                assertTrue(c[0] >= last && c[0] <= c[1], "progress " + c[0] + " after " + last);
                last = c[0];
            }
            IllegalStateException stop = new IllegalStateException("stop here");
            IllegalStateException thrown = assertThrows(IllegalStateException.class, () -> ContractionHierarchy.build(g,
                    ChParams.builder().progress((done, total) -> {
                        throw stop;
                    }).build()));
            assertSame(stop, thrown);
        }
        assertThrows(IllegalArgumentException.class, () -> ChParams.builder().threads(-1));
        assertThrows(IllegalArgumentException.class, () -> ChParams.builder().maxShortcutRatio(Double.NaN));
        assertThrows(IllegalArgumentException.class, () -> ChParams.builder().witnessSettleLimit(-5));
    }

    /** Eight threads share one hierarchy; every answer is checked; closing under running queries does not crash. */
    @Test
    void manyThreadsQueryOneHierarchy() throws Exception {
        try (Graph g = rome()) {
            int n = g.numVertices();
            int sources = 12;
            long[][] reference = new long[sources][];
            for (int s = 0; s < sources; s++) {
                try (Result r = Sssp.solve(g, s * 250, Algorithm.CPU_DIJKSTRA)) {
                    reference[s] = new long[n];
                    for (int v = 0; v < n; v++) {
                        reference[s][v] = r.distanceAsLong(v);
                    }
                }
            }
            ContractionHierarchy ch = ContractionHierarchy.build(g);
            ExecutorService pool = Executors.newFixedThreadPool(8);
            try {
                List<Future<?>> futures = new ArrayList<>();
                for (int w = 0; w < 8; w++) {
                    long seed = 700 + w;
                    futures.add(pool.submit(() -> {
                        SplittableRandom random = new SplittableRandom(seed);
                        for (int q = 0; q < 400; q++) {
                            int s = random.nextInt(sources);
                            int t = random.nextInt(n);
                            String pair = "seed " + seed + ": " + s * 250 + " -> " + t;
                            assertEquals(reference[s][t], ch.distance(s * 250, t), pair);
                            if (q % 10 == 0) {
                                assertEquals((double) reference[s][t], ch.path(s * 250, t).weight(), pair);
                            }
                        }
                        return null;
                    }));
                }
                for (Future<?> f : futures) {
                    f.get();
                }
                // Now close while queries run: each query either answers right or finds the hierarchy closed.
                AtomicBoolean wrong = new AtomicBoolean();
                AtomicLong answered = new AtomicLong();
                List<Future<?>> racing = new ArrayList<>();
                for (int w = 0; w < 8; w++) {
                    long seed = 800 + w;
                    racing.add(pool.submit(() -> {
                        SplittableRandom random = new SplittableRandom(seed);
                        while (true) {
                            int s = random.nextInt(sources);
                            int t = random.nextInt(n);
                            try {
                                if (ch.distance(s * 250, t) != reference[s][t]) {
                                    wrong.set(true);
                                }
                                answered.incrementAndGet();
                            } catch (GraphClosedException e) {
                                return null;
                            }
                        }
                    }));
                }
                while (answered.get() < 2000) {
                    Thread.onSpinWait();
                }
                ch.close();
                for (Future<?> f : racing) {
                    f.get();
                }
                assertFalse(wrong.get(), "a wrong answer while closing");
            } finally {
                pool.shutdownNow();
                ch.close();
            }
        }
    }

    /** Attached, the graph's own pair and matrix calls answer from the hierarchy; closed, they search again. */
    @Test
    void attachedHierarchyAnswersTheGraphsQueries() throws IOException {
        try (Graph g = rome()) {
            int[] sources = {0, 10, 2000};
            int[] targets = {5, 3352, 77, 0};
            long[][] expected = new long[sources.length][];
            for (int i = 0; i < sources.length; i++) {
                expected[i] = Sssp.distancesAsLong(g, sources[i], targets);
            }
            ShortestPath before = Sssp.path(g, 0, 3352);
            try (ContractionHierarchy ch = ContractionHierarchy.build(g)) {
                assertFalse(ch.isAttached());
                assertSame(ch, ch.attach());
                assertTrue(ch.isAttached());
                assertSame(ch, ContractionHierarchy.attachedTo(g));
                for (int i = 0; i < sources.length; i++) {
                    assertArrayEquals(expected[i], Sssp.distancesAsLong(g, sources[i], targets));
                    double[] d = Sssp.distances(g, sources[i], targets);
                    for (int j = 0; j < targets.length; j++) {
                        assertEquals((double) expected[i][j], d[j]);
                    }
                }
                assertEquals(before.weight(), Sssp.path(g, 0, 3352).weight());
                try (DistanceMatrix m = Sssp.matrix(g, sources, targets)) {
                    for (int i = 0; i < sources.length; i++) {
                        for (int j = 0; j < targets.length; j++) {
                            assertEquals(expected[i][j], m.getAsLong(i, j));
                        }
                    }
                }
                assertThrows(IllegalArgumentException.class, () -> Sssp.distancesAsLong(g, 0, new int[] {4000}));
                ch.detach();
                assertFalse(ch.isAttached());
                assertEquals(null, ContractionHierarchy.attachedTo(g));
                ch.attach();
            }
            assertEquals(null, ContractionHierarchy.attachedTo(g), "closing detaches");
            assertArrayEquals(expected[0], Sssp.distancesAsLong(g, sources[0], targets));
            assertNotNull(Sssp.path(g, 0, 3352));
        }
    }
}
