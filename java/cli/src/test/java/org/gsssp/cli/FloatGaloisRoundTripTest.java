package org.gsssp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.gsssp.Algorithm;
import org.gsssp.Graph;
import org.gsssp.GraphLoader;
import org.gsssp.LoadOptions;
import org.gsssp.Result;
import org.gsssp.Sssp;
import org.gsssp.WeightType;
import org.gsssp.cli.SolveCommandTest.Run;
import org.gsssp.generate.GraphSpec;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue 50: a float graph written by {@code gsssp generate} is read back as float, by {@code gsssp solve} and by
 * {@link GraphLoader}, with no weight type named: the distances equal those of the graph in memory. Every
 * generator kind, with float weights, and with negative edges as well.
 */
class FloatGaloisRoundTripTest {
    private static final LoadOptions QUIET = LoadOptions.builder().progress(false).build();

    @ParameterizedTest
    @ValueSource(strings = {
            "rmat:scale=8,ef=4,seed=3,w=1..100,float",
            "grid:12x9,seed=2,w=1..100,float",
            "random:n=300,d=5,seed=4,w=1..10,float",
            "rgg:n=400,d=6,dim=2,seed=5,w=1..100,float",
            "mesh:6x6x6,nb=18,seed=6,w=1..100,float",
            "road:16x16,hw=4,seed=7,w=1..100,float",
            "grid:10x10,seed=8,w=1..100,float,neg=0.1",
    })
    void floatSpecsReadBackAsFloatWithTheSameDistances(String spec, @TempDir Path dir) throws Exception {
        Path file = dir.resolve("g.gr");
        Path distances = dir.resolve("d.txt");
        Run gen = SolveCommandTest.run("generate", spec, "-o", file.toString(), "--threads", "2");
        assertEquals(0, gen.exit(), gen.out() + gen.err());
        try (Graph expected = GraphSpec.parse(spec).generate(); Graph loaded = GraphLoader.load(file, QUIET)) {
            int source = 0;   // the vertex of largest out-degree (an R-MAT graph's vertex 0 may have none)
            for (int v = 1; v < expected.numVertices(); v++) {
                if (expected.outDegree(v) > expected.outDegree(source)) {
                    source = v;
                }
            }
            Run solve = SolveCommandTest.run("solve", "--graph", file.toString(), "--source", Integer.toString(source),
                    "--output", distances.toString());
            assertEquals(0, solve.exit(), solve.out() + solve.err());
            assertTrue(solve.out().contains(" float32 weights"), spec + ": " + solve.out());
            assertEquals(WeightType.FLOAT32, expected.weightType(), spec);
            assertEquals(WeightType.FLOAT32, loaded.weightType(), spec);
            Algorithm cpu = Algorithm.chooseAuto(expected, false);   // Bellman-Ford with negative edges
            Result want = Sssp.solve(expected, source, cpu);
            Result viaLoader = Sssp.solve(loaded, source, cpu);
            List<String> lines = Files.readAllLines(distances);
            assertEquals(expected.numVertices(), lines.size(), spec);
            boolean someFinite = false;
            for (int v = 0; v < expected.numVertices(); v++) {
                String[] parts = lines.get(v).split(" ");
                assertEquals(Integer.toString(v), parts[0], spec);
                assertEquals(want.isReachable(v), viaLoader.isReachable(v), spec + ": vertex " + v);
                if (want.isReachable(v)) {
                    someFinite |= want.distance(v) > 0;
                    assertEquals(want.distance(v), viaLoader.distance(v), spec + ": GraphLoader, vertex " + v);
                    assertEquals(want.distance(v), Double.parseDouble(parts[1]), spec + ": solve --output, vertex " + v);
                } else {
                    assertEquals("INF", parts[1], spec + ": vertex " + v);
                }
            }
            assertTrue(someFinite, spec + ": the test needs reached vertices beyond the source");
            assertFalse(solve.out().contains("int32"), solve.out());
        }
    }
}
