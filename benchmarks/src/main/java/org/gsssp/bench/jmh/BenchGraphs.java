package org.gsssp.bench.jmh;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import org.gsssp.Algorithm;
import org.gsssp.Devices;
import org.gsssp.Graph;
import org.gsssp.GraphLoader;
import org.gsssp.generate.GraphGenerator;
import org.gsssp.generate.GraphSpec;

/** Shared set-up of the JMH states: a {@code @Param} graph is a generator spec or a file path. */
final class BenchGraphs {
    private BenchGraphs() {}

    static Graph load(String graph) {
        if (GraphSpec.looksLikeSpec(graph)) {
            return GraphGenerator.generate(GraphSpec.parse(graph));
        }
        try {
            return GraphLoader.load(Path.of(graph));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Fails the benchmark (JMH goes on with the next) rather than timing a CPU fallback under a GPU name. */
    static void requireGpu(String what) {
        if (!Devices.available()) {
            throw new IllegalStateException(what + " needs a CUDA GPU and none is available");
        }
    }

    static Algorithm algorithm(String name) {
        Algorithm a = Algorithm.parse(name);
        if (a == Algorithm.AUTO) {
            throw new IllegalArgumentException("name the algorithm explicitly, not 'auto'");
        }
        return a;
    }
}
