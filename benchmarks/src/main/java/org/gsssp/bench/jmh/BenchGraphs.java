package org.gsssp.bench.jmh;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.gsssp.Algorithm;
import org.gsssp.DeviceGraph;
import org.gsssp.Devices;
import org.gsssp.Graph;
import org.gsssp.GraphLoader;
import org.gsssp.Options;
import org.gsssp.generate.GraphGenerator;
import org.gsssp.generate.GraphSpec;

/**
 * Shared set-up of the JMH states: a {@code @Param} graph is a generator spec or a file path.
 *
 * <p>JMH's {@code -p name=v1,v2} splits values at commas, so a spec given on the command line may separate its
 * items with {@code ;} instead: {@code -p graph='rmat:scale=22;ef=16;seed=1;w=1..1000'}. A file {@code F} that
 * does not exist is read from {@code F.gz} when that does (the GPU bundle carries its graphs gzip'd).
 */
final class BenchGraphs {
    private BenchGraphs() {}

    /** Options of the serving benchmarks: distances only. */
    static final Options NO_PREDECESSORS = Options.builder().computePredecessors(false).build();

    static Graph load(String graph) {
        String g = graph.strip();
        if (GraphSpec.looksLikeSpec(g)) {
            return GraphGenerator.generate(GraphSpec.parse(spec(g)));
        }
        Path path = Path.of(g);
        if (!Files.exists(path) && Files.exists(Path.of(g + ".gz"))) {
            path = Path.of(g + ".gz");
        }
        try {
            return GraphLoader.load(path);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A spec with {@code ;} as its item separator written the usual way, with commas. */
    static String spec(String graph) {
        return graph.strip().replace(';', ',');
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

    /**
     * A host graph, optionally uploaded, and its source (the vertex of largest out-degree); one line about it
     * goes to stdout (JMH shows the forked VM's output in its log).
     */
    static final class Loaded implements AutoCloseable {
        final Graph host;
        final DeviceGraph device;
        final int source;

        Loaded(String graph, boolean upload, String what) {
            if (upload) {
                requireGpu(what);
            }
            long t0 = System.nanoTime();
            Graph g = load(graph);
            int s;
            DeviceGraph d = null;
            try {
                s = g.vertexOfMaxOutDegree();
                if (upload) {
                    d = DeviceGraph.upload(g);
                }
            } catch (RuntimeException | Error e) {
                g.close();
                throw e;
            }
            host = g;
            device = d;
            source = s;
            System.out.printf("%nGRAPH %s n=%d m=%d source=%d (file id %d)%s, ready in %.1f s%n", graph, g.numVertices(),
                    g.numEdges(), s, g.ids().toExternal(s), d != null ? " on " + d.device().name() : "",
                    (System.nanoTime() - t0) / 1e9);
        }

        @Override
        public void close() {
            if (device != null) {
                device.close();
            }
            host.close();
        }
    }
}
