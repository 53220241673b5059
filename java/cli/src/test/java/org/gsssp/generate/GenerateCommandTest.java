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

    /** Issue 50: generate's file gets the umask's permissions, as solve --output's does (not 0600). */
    @Test
    void theFileGetsTheUmasksPermissionsAsSolveOutputDoes(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("g.gr");
        assertEquals("0", run("generate", "grid:3x3", "-o", file.toString())[0]);
        Path distances = dir.resolve("d.txt");
        assertEquals("0", run("solve", "--graph", file.toString(), "-o", distances.toString())[0]);
        Path plain = Files.createFile(dir.resolve("plain"));   // 0666 less the umask
        java.util.Set<java.nio.file.attribute.PosixFilePermission> expected = Files.getPosixFilePermissions(plain);
        assertEquals(expected, Files.getPosixFilePermissions(distances), "solve --output");
        assertEquals(expected, Files.getPosixFilePermissions(file), "generate -o");
        try (var left = Files.list(dir)) {
            assertEquals(java.util.Set.of("g.gr", "d.txt", "plain"),
                    left.map(p -> p.getFileName().toString()).collect(java.util.stream.Collectors.toSet()), "no temporary file stays");
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
