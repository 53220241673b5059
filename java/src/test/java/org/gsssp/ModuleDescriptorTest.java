package org.gsssp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.IOException;
import java.io.InputStream;
import java.lang.module.ModuleDescriptor;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The library's module boundary: the API packages are exported, the readers (org.gsssp.io) and the native glue
 * (org.gsssp.internal) are not, and it needs only the bindings (JGraphT only when its adapter is used).
 */
class ModuleDescriptorTest {
    private static Set<String> requiresOtherThanJdk(ModuleDescriptor d) {
        Set<String> out = new TreeSet<>();
        for (ModuleDescriptor.Requires r : d.requires()) {
            boolean optional = r.modifiers().contains(ModuleDescriptor.Requires.Modifier.STATIC);
            if (!r.name().startsWith("java.") && !optional) {
                out.add(r.name());
            }
        }
        return out;
    }

    @Test
    void onlyTheApiPackagesAreExported() throws IOException {
        // The library's own descriptor (a class-path lookup of "/module-info.class" could find a JDK module's).
        java.net.URL where = Graph.class.getProtectionDomain().getCodeSource().getLocation();
        java.nio.file.Path root = java.nio.file.Path.of(java.net.URI.create(where.toString()));
        java.nio.file.FileSystem jar = java.nio.file.Files.isDirectory(root) ? null
                : java.nio.file.FileSystems.newFileSystem(root);
        java.nio.file.Path descriptor = jar == null ? root.resolve("module-info.class") : jar.getPath("/module-info.class");
        try (jar; InputStream in = java.nio.file.Files.newInputStream(descriptor)) {
            assertNotNull(in, "module-info.class is missing from the library");
            ModuleDescriptor d = ModuleDescriptor.read(in);
            assertEquals("org.gsssp", d.name());
            Set<String> exported = new TreeSet<>();
            for (ModuleDescriptor.Exports e : d.exports()) {
                assertEquals(false, e.isQualified(), "qualified export " + e);
                exported.add(e.source());
            }
            assertEquals(Set.of("org.gsssp", "org.gsssp.generate", "org.gsssp.jgrapht"), exported);
            assertEquals(Set.of("org.gsssp.bindings"), requiresOtherThanJdk(d));
        }
    }
}
