package org.gsssp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.StringWriter;
import java.lang.reflect.Method;
import java.net.URI;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's Java examples compile against this build, and the first one, a whole class, runs as written on the CPU.
 * The second (the resident-graph service path) needs a GPU and road NY, so it is compiled only. The consumer project
 * (src/it/consumer) runs the first example again against the installed artifact.
 */
class ReadmeSnippetTest {
    static final Path README = Path.of("..", "README.md");

    /** The README's ```java blocks, in order. */
    static List<String> javaBlocks() throws IOException {
        assumeTrue(Files.isRegularFile(README), () -> "no " + README.toAbsolutePath() + " beside this module (a bundle run)");
        String readme = Files.readString(README);
        List<String> blocks = new ArrayList<>();
        for (int start = readme.indexOf("```java\n"); start >= 0; start = readme.indexOf("```java\n", start + 1)) {
            int end = readme.indexOf("```", start + 8);
            assertTrue(end > start, "a ```java block of the README is not closed");
            blocks.add(readme.substring(start + 8, end));
        }
        assertEquals(2, blocks.size(), "the README has two Java examples: the one that runs everywhere, then the GPU service");
        return blocks;
    }

    static boolean compile(String name, String source, Path out, StringWriter diagnostics) {
        JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        assumeTrue(compiler != null, "this runtime has no Java compiler");
        JavaFileObject file = new SimpleJavaFileObject(URI.create("string:///" + name + ".java"), JavaFileObject.Kind.SOURCE) {
            @Override
            public CharSequence getCharContent(boolean ignoreEncodingErrors) {
                return source;
            }
        };
        return compiler.getTask(diagnostics, null, null,
                List.of("-cp", System.getProperty("java.class.path"), "-d", out.toString(), "-Xlint:none"), null,
                List.of(file)).call();
    }

    @Test
    void firstExampleRunsOnTheCpuAsWritten(@TempDir Path dir) throws Exception {
        String code = javaBlocks().get(0);
        Matcher name = Pattern.compile("public\\s+class\\s+(\\w+)").matcher(code);
        assertTrue(name.find(), () -> "the README's first example is not a whole class, as a user would copy it:\n" + code);
        StringWriter diagnostics = new StringWriter();
        assertTrue(compile(name.group(1), code, dir, diagnostics),
                () -> "the README's first example does not compile:\n" + diagnostics + "\n" + code);

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
        // 4 edges: AUTO answers on the CPU, GPU or not (Algorithm.AUTO_GPU_MIN_EDGES).
        assertEquals(Algorithm.CPU_DIJKSTRA + ": distance 13\n1 -> 2 -> 3 -> 4 (weight 13.0)\n", out);
    }

    @Test
    void serviceExampleCompiles(@TempDir Path out) throws IOException {
        String code = javaBlocks().get(1);
        String source = "import java.nio.file.Path;\nimport org.gsssp.*;\n"
                + "class ServiceExample {\n    static void run() throws Exception {\n" + code + "    }\n}\n";
        StringWriter diagnostics = new StringWriter();
        assertTrue(compile("ServiceExample", source, out, diagnostics),
                () -> "the README's service example does not compile:\n" + diagnostics + "\n" + source);
        assertTrue(code.contains("DeviceGraph.upload"), "the second example shows the resident-graph path");
    }
}
