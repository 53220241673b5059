package example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.StringWriter;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.gsssp.Algorithm;
import org.gsssp.DeviceGraph;
import org.gsssp.DeviceResult;
import org.gsssp.Devices;
import org.gsssp.Graph;
import org.gsssp.GraphBuilder;
import org.gsssp.GraphLoader;
import org.gsssp.KeyedGraph;
import org.gsssp.Options;
import org.gsssp.Result;
import org.gsssp.Sssp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's code, as a user's project compiles and runs it against the installed artifact. The first Java
 * example is taken from README.md as written (its first ```java block), compiled and run: it must work on a machine
 * without a GPU, where this IT runs in CI.
 */
class ReadmeTest {
    /** README.md of the gsssp checkout (the pom passes it; the fallback is the path from java/target/it/consumer). */
    static Path readme() {
        String given = System.getProperty("gsssp.readme", "");
        return given.isBlank() || given.contains("@") ? Path.of("../../../../README.md") : Path.of(given);
    }

    /** The first ```java block of the README. */
    static String firstJavaExample() throws Exception {
        Path readme = readme();
        assertTrue(Files.isRegularFile(readme), () -> "no README at " + readme.toAbsolutePath());
        String text = Files.readString(readme);
        int start = text.indexOf("```java\n");
        assertTrue(start >= 0, "the README has no ```java block");
        int end = text.indexOf("```", start + 8);
        return text.substring(start + 8, end);
    }

    @Test
    void firstExampleRunsAsWritten(@TempDir Path dir) throws Exception {
        String code = firstJavaExample();
        Matcher name = Pattern.compile("public\\s+class\\s+(\\w+)").matcher(code);
        assertTrue(name.find(), () -> "the README's first example is not a whole class:\n" + code);
        Path source = dir.resolve(name.group(1) + ".java");
        Files.writeString(source, code);
        JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        assertTrue(compiler != null, "the build runs on a JDK, with a Java compiler");
        StringWriter diagnostics = new StringWriter();
        boolean compiled = compiler.getTask(diagnostics, null, null,
                List.of("-cp", System.getProperty("java.class.path"), "-d", dir.toString()), null,
                compiler.getStandardFileManager(null, null, StandardCharsets.UTF_8).getJavaFileObjects(source)).call();
        assertTrue(compiled, () -> "the README's first example does not compile:\n" + diagnostics + "\n" + code);

        Path graph = dir.resolve("small.gr");
        Files.writeString(graph, "p sp 4 4\na 1 2 5\na 2 3 7\na 1 3 20\na 3 4 1\n");
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        PrintStream console = System.out;
        try (URLClassLoader loader = new URLClassLoader(new URL[] {dir.toUri().toURL()}, getClass().getClassLoader())) {
            Method main = loader.loadClass(name.group(1)).getMethod("main", String[].class);
            System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
            main.invoke(null, (Object) new String[] {graph.toString(), "1", "4"});
        } finally {
            System.setOut(console);
        }
        String out = captured.toString(StandardCharsets.UTF_8);
        console.print(out);
        assertTrue(out.contains("distance 13"), () -> "the example printed:\n" + out);
        assertTrue(out.contains("1 -> 2 -> 3 -> 4 (weight 13.0)"), () -> "the example printed:\n" + out);
        if (!Devices.available()) {
            assertTrue(out.startsWith(Algorithm.CPU_DIJKSTRA + ":"), () -> "without a GPU AUTO runs on the CPU:\n" + out);
        }
    }

    @Test
    void residentGraphWhereThereIsAGpu(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("readme.gr");
        Files.writeString(file, "p sp 4 4\na 1 2 5\na 2 3 7\na 1 3 20\na 3 4 1\n");
        try (Graph graph = GraphLoader.load(file)) {
            int source = graph.ids().toInternal(1);
            int target = graph.ids().toInternal(4);
            try (Result r = Sssp.solve(graph, source)) {
                assertEquals(13, r.distanceAsLong(target));
            }
            if (Devices.available()) {
                try (DeviceGraph gpu = DeviceGraph.upload(graph);
                        DeviceResult onGpu = gpu.queryResident(source, Algorithm.AUTO, Options.defaults())) {
                    assertEquals(13, onGpu.distanceAsLong(target));
                }
            }
        }
    }

    @Test
    void withTheNativeLibraryOffTheCpuPathAnswers() {
        // The IT's second run (-Dgsssp.native=false): no GPU, and the CPU path is pure Java.
        org.junit.jupiter.api.Assumptions.assumeTrue("false".equals(System.getProperty("gsssp.native")),
                "runs in the IT's pure-Java run");
        assertTrue(!Devices.available());
        try (Graph g = new GraphBuilder(3, org.gsssp.WeightType.INT32).addEdge(0, 1, 2).addEdge(1, 2, 3).build();
                Result r = Sssp.solve(g, 0)) {
            assertEquals(5.0, r.distance(2));
        }
    }

    @Test
    void graphsFromJavaObjects() {
        try (KeyedGraph<String> g = GraphBuilder.<String>keyed().addUndirectedEdge("a", "b", 2).addEdge("b", "c", 3).build()) {
            Result r = Sssp.solve(g.graph(), g.id("a"));
            assertEquals(5, r.distanceAsLong(g.id("c")));
            assertTrue(r.path(g.id("c")).exists());
        }
    }
}
