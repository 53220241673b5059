package org.gsssp.generate;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import org.gsssp.Graph;
import org.gsssp.GraphLoader;
import org.gsssp.LoadOptions;
import org.gsssp.WeightType;
import org.gsssp.cli.Main;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code gsssp generate}, through the CLI's entry point. */
class GenerateCommandTest {

    static String[] run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = Main.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new String[] {Integer.toString(exit), out.toString(), err.toString()};
    }

    @Test
    void writesAGaloisFileThatLoadsBackAsTheSameGraph(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("sub/rmat.gr");
        String spec = "rmat:scale=9,ef=4,seed=5,w=1..50";
        String[] r = run("generate", spec, "--output", file.toString(), "--threads", "2");
        assertEquals("0", r[0], r[1] + r[2]);
        assertTrue(r[1].contains("512 vertices, 2,048 edges"), r[1]);
        try (Graph loaded = GraphLoader.load(file); Graph expected = GraphGenerator.generate(GraphSpec.parse(spec), 1)) {
            assertArrayEquals(expected.offsets().toArray(ValueLayout.JAVA_LONG), loaded.offsets().toArray(ValueLayout.JAVA_LONG));
            assertArrayEquals(expected.targets().toArray(ValueLayout.JAVA_INT), loaded.targets().toArray(ValueLayout.JAVA_INT));
            assertArrayEquals(expected.weights().toArray(ValueLayout.JAVA_INT), loaded.weights().toArray(ValueLayout.JAVA_INT));
        }
    }

    @Test
    void floatGraphsLoadBackWithTheFloatWeightType(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("grid.gr");
        String[] r = run("generate", "grid:4x6,seed=2,w=1..2,float", "-o", file.toString());
        assertEquals("0", r[0], r[2]);
        try (Graph g = GraphLoader.load(file, LoadOptions.builder().weightType(WeightType.FLOAT32).build())) {
            assertEquals(24, g.numVertices());
            for (long e = 0; e < g.numEdges(); e++) {
                assertTrue(g.floatWeight(e) >= 1f && g.floatWeight(e) <= 2f);
            }
        }
    }

    @Test
    void aBadSpecIsAOneLineError(@TempDir Path dir) {
        String[] r = run("generate", "rmat:scale=4,bogus=1", "-o", dir.resolve("x.gr").toString());
        assertEquals("1", r[0]);
        assertTrue(r[2].startsWith("gsssp: ") && r[2].contains("bogus"), r[2]);
        assertTrue(Files.notExists(dir.resolve("x.gr")));
    }
}
