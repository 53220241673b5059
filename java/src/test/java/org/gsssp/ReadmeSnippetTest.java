package org.gsssp;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.StringWriter;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The README's "API in ten lines" compiles against this build (it needs a GPU and road NY to run). */
class ReadmeSnippetTest {
    static final Path README = Path.of("..", "README.md");

    @Test
    void apiInTenLinesCompiles(@TempDir Path out) throws IOException {
        assumeTrue(Files.isRegularFile(README), () -> "no " + README.toAbsolutePath() + " beside this module (a bundle run)");
        String readme = Files.readString(README);
        int section = readme.indexOf("## API in ten lines");
        assertTrue(section >= 0, "README has no section 'API in ten lines'");
        int start = readme.indexOf("```java\n", section);
        int end = readme.indexOf("```", start + 8);
        assertTrue(start >= 0 && end > start, "the section has no java code block");
        String code = readme.substring(start + 8, end);
        String source = "import java.nio.file.Path;\nimport org.gsssp.*;\n"
                + "class ApiInTenLines {\n    static void run() throws Exception {\n" + code + "    }\n}\n";
        JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        assumeTrue(compiler != null, "this runtime has no Java compiler");
        JavaFileObject file = new SimpleJavaFileObject(URI.create("string:///ApiInTenLines.java"), JavaFileObject.Kind.SOURCE) {
            @Override
            public CharSequence getCharContent(boolean ignoreEncodingErrors) {
                return source;
            }
        };
        StringWriter diagnostics = new StringWriter();
        boolean ok = compiler.getTask(diagnostics, null, null,
                List.of("-cp", System.getProperty("java.class.path"), "-d", out.toString(), "-Xlint:none"), null,
                List.of(file)).call();
        assertTrue(ok, () -> "the README's snippet does not compile:\n" + diagnostics + "\n" + source);
    }
}
