package org.gsssp.testing;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** The real graphs beside the checkout (../shared/graphs), located through -Dgsssp.graphs.dir. */
public final class SharedGraphs {
    public static final List<String> ALL = List.of("rome99.gr", "USA-road-d.NY.gr.gz", "USA-road-t.NY.gr.gz",
            "wiki-Vote.txt.gz", "soc-Slashdot0902.txt.gz", "delaunay_n15.graph");

    private SharedGraphs() {}

    public static Path dir() {
        String dir = System.getProperty("gsssp.graphs.dir", "../../shared/graphs");
        return Path.of(dir);
    }

    /**
     * The file, or the test is skipped (with the reason) when the shared graphs are not present. A gzip'd
     * copy (name + ".gz") stands in for a missing plain file: the GPU test bundle compresses to fit its size.
     */
    public static Path file(String name) {
        Path file = dir().resolve(name);
        if (!Files.exists(file) && Files.isRegularFile(dir().resolve(name + ".gz"))) {
            file = dir().resolve(name + ".gz");
        }
        assumeTrue(Files.isRegularFile(file), "shared graph " + file + " not found (set -Dgsssp.graphs.dir)");
        return file;
    }
}
