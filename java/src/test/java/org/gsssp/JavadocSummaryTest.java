package org.gsssp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.sun.source.doctree.DocCommentTree;
import com.sun.source.doctree.DocTree;
import com.sun.source.tree.ClassTree;
import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.MethodTree;
import com.sun.source.tree.ModifiersTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.VariableTree;
import com.sun.source.util.DocTrees;
import com.sun.source.util.JavacTask;
import com.sun.source.util.TreePath;
import com.sun.source.util.TreePathScanner;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.lang.model.element.Modifier;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;

/**
 * What doclint (run on the exported packages by {@code mvn verify}, see java/pom.xml) does not check in the public
 * API's javadoc: a summary (the first sentence, what the index pages show) must not end at an abbreviation such as
 * "et al." (write {@code {@literal et al.}}); a public doc comment must not link to a type of a package the javadoc
 * does not show (org.gsssp.io, org.gsssp.internal); every exported package has a description; the overview page
 * says where to start.
 */
class JavadocSummaryTest {
    static final Path SOURCES = Path.of("src", "main", "java");
    static final Set<String> EXPORTED = Set.of("org/gsssp", "org/gsssp/generate", "org/gsssp/jgrapht");
    static final Set<String> HIDDEN = Set.of("org/gsssp/io", "org/gsssp/internal");
    /** Words whose dot javadoc takes for the end of the first sentence. */
    static final Pattern ABBREVIATION = Pattern.compile("(?i)\\b(et al|e\\.g|i\\.e|cf|vs|approx|fig|sec)\\.$");

    private static List<Path> sources(Set<String> packages) throws IOException {
        List<Path> out = new ArrayList<>();
        for (String p : packages) {
            try (Stream<Path> files = Files.list(SOURCES.resolve(p))) {
                files.filter(f -> f.toString().endsWith(".java")).sorted().forEach(out::add);
            }
        }
        return out;
    }

    private static boolean visible(ModifiersTree m) {
        return m.getFlags().contains(Modifier.PUBLIC) || m.getFlags().contains(Modifier.PROTECTED);
    }

    @Test
    void summariesDoNotEndAtAnAbbreviation() throws IOException {
        assumeTrue(Files.isDirectory(SOURCES), () -> "no sources at " + SOURCES.toAbsolutePath() + " (a bundle run)");
        JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        assumeTrue(compiler != null, "this runtime has no Java compiler");
        List<String> problems = new ArrayList<>();
        try (StandardJavaFileManager files = compiler.getStandardFileManager(null, null, null)) {
            Iterable<? extends JavaFileObject> units = files.getJavaFileObjectsFromPaths(sources(EXPORTED));
            JavacTask task = (JavacTask) compiler.getTask(null, files, null, List.of("-proc:none"), null, units);
            DocTrees docs = DocTrees.instance(task);
            for (CompilationUnitTree unit : task.parse()) {
                new TreePathScanner<Void, Void>() {
                    private void check(Tree tree, ModifiersTree modifiers, String name) {
                        DocCommentTree comment = docs.getDocCommentTree(getCurrentPath());
                        boolean packageInfo = tree instanceof CompilationUnitTree;
                        // members of an interface are public unless declared private
                        TreePath up = getCurrentPath().getParentPath();
                        Tree parent = up == null ? null : up.getLeaf();
                        boolean inInterface = parent instanceof ClassTree c && (c.getKind() == Tree.Kind.INTERFACE || c.getKind() == Tree.Kind.ANNOTATION_TYPE);
                        boolean shown = packageInfo || visible(modifiers)
                                || (inInterface && !modifiers.getFlags().contains(Modifier.PRIVATE));
                        if (comment == null || !shown) {
                            return;
                        }
                        List<? extends DocTree> first = comment.getFirstSentence();
                        String summary = first.stream().filter(t -> t.getKind() == DocTree.Kind.TEXT)
                                .map(Object::toString).collect(Collectors.joining()).strip();
                        // only a summary that ends in plain text can end at an abbreviation
                        boolean endsInText = !first.isEmpty() && first.get(first.size() - 1).getKind() == DocTree.Kind.TEXT;
                        if (endsInText && ABBREVIATION.matcher(summary).find()) {
                            problems.add(unit.getSourceFile().getName() + " " + name + ": the summary ends at '"
                                    + summary.substring(Math.max(0, summary.length() - 40)) + "'");
                        }
                    }

                    @Override
                    public Void visitCompilationUnit(CompilationUnitTree node, Void unused) {
                        if (node.getSourceFile().getName().endsWith("package-info.java")) {
                            DocCommentTree comment = docs.getDocCommentTree(getCurrentPath());
                            if (comment != null) {
                                check(node, null, "package");
                            }
                        }
                        return super.visitCompilationUnit(node, unused);
                    }

                    @Override
                    public Void visitClass(ClassTree node, Void unused) {
                        check(node, node.getModifiers(), node.getSimpleName().toString());
                        return super.visitClass(node, unused);
                    }

                    @Override
                    public Void visitMethod(MethodTree node, Void unused) {
                        check(node, node.getModifiers(), node.getName() + "()");
                        return null;
                    }

                    @Override
                    public Void visitVariable(VariableTree node, Void unused) {
                        check(node, node.getModifiers(), node.getName().toString());
                        return null;
                    }
                }.scan(unit, null);
            }
        }
        assertEquals(List.of(), problems);
    }

    @Test
    void publicDocsLinkOnlyToDocumentedPackages() throws IOException {
        assumeTrue(Files.isDirectory(SOURCES), () -> "no sources at " + SOURCES.toAbsolutePath() + " (a bundle run)");
        List<String> hidden = new ArrayList<>();
        for (Path f : sources(HIDDEN)) {
            hidden.add(f.getFileName().toString().replace(".java", ""));
        }
        List<String> exported = new ArrayList<>();
        for (Path f : sources(EXPORTED)) {
            exported.add(f.getFileName().toString().replace(".java", ""));
        }
        hidden.removeAll(exported);  // a simple name in both resolves to the exported type in its own package
        Pattern link = Pattern.compile("(?:\\{@link(?:plain)?|@see)\\s+((?:org\\.gsssp\\.(?:io|internal)\\.)?\\w+)");
        List<String> problems = new ArrayList<>();
        for (Path f : sources(EXPORTED)) {
            Matcher m = Pattern.compile("/\\*\\*(.*?)\\*/", Pattern.DOTALL).matcher(Files.readString(f));
            while (m.find()) {
                Matcher l = link.matcher(m.group(1));
                while (l.find()) {
                    String target = l.group(1);
                    if (target.startsWith("org.gsssp.io.") || target.startsWith("org.gsssp.internal.")
                            || hidden.contains(target)) {
                        problems.add(f + ": links to " + target + ", which the javadoc does not show");
                    }
                }
            }
        }
        assertEquals(List.of(), problems);
    }

    @Test
    void everyExportedPackageHasADescriptionAndTheOverviewSaysWhereToStart() throws IOException {
        assumeTrue(Files.isDirectory(SOURCES), () -> "no sources at " + SOURCES.toAbsolutePath() + " (a bundle run)");
        for (String p : EXPORTED) {
            Path info = SOURCES.resolve(p).resolve("package-info.java");
            assertTrue(Files.isRegularFile(info), p + " has no package-info.java");
            assertTrue(Files.readString(info).contains("/**"), info + " has no doc comment");
        }
        Path overview = Path.of("src", "main", "javadoc", "overview.html");
        assertTrue(Files.isRegularFile(overview), "no " + overview);
        String text = Files.readString(overview);
        assertTrue(text.contains("Where to start") && text.contains("Sssp#solve"), overview + " does not say where to start");
    }
}
