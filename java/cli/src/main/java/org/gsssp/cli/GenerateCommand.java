package org.gsssp.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.gsssp.Graph;
import org.gsssp.generate.GraphGenerator;
import org.gsssp.generate.GraphSpec;
import org.gsssp.io.GaloisWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code gsssp generate SPEC --output FILE.gr}: a seeded synthetic graph, written as Galois binary. */
@Command(name = "generate", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = {"Writes a seeded synthetic graph as a Galois binary .gr file.",
                "The same SPEC always gives the same graph, whatever --threads.",
                "",
                "SPEC examples:",
                "  rmat:scale=22,ef=16,seed=1,w=1..1000",
                "      R-MAT, Graph500 a=0.57 b=0.19 c=0.19, ids permuted",
                "  grid:2048x2048,seed=1,w=1..1000",
                "      2-D grid, 4 neighbours, both directions",
                "  random:n=4194304,d=7,seed=1,w=1..10",
                "      fixed out-degree d, uniform targets",
                "  rgg:n=1048576,d=10,dim=2,seed=1",
                "      random geometric graph (2-D or 3-D), d neighbours expected",
                "  mesh:128x128x128,nb=18,seed=1",
                "      3-D lattice mesh, 6-, 18- or 26-neighbourhood",
                "  road:2048x2048,hw=16,seed=1",
                "      street grid with highways every 16 cells",
                "  roadnet:1024x1024,seed=1",
                "      road network with four road classes (routing, CH)",
                "Add ',float' for float weights, ',neg=0.1' for about 10%% negative edges",
                "(no negative cycles).",
                "The file records whether its weights are int or float (in a trailer that",
                "Galois-layout readers such as LonestarGPU ignore), so solve and serve read",
                "it back as written.",
                ""})
final class GenerateCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "SPEC", description = "What to generate (see above).")
    String graphSpec;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", required = true, description = "Galois binary .gr file to write.")
    Path output;

    @Option(names = "--threads", paramLabel = "N", description = "Threads to generate with (default: all processors).")
    int threads = Runtime.getRuntime().availableProcessors();

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        GraphSpec parsed = GraphSpec.parse(graphSpec);
        long start = System.nanoTime();
        try (Graph graph = GraphGenerator.generate(parsed, threads)) {
            long generated = System.nanoTime();
            Path parent = output.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            GaloisWriter.write(graph, output);
            long written = System.nanoTime();
            out.printf(Locale.ROOT, "%s: %,d vertices, %,d edges, %s weights%n", parsed, graph.numVertices(),
                    graph.numEdges(), graph.weightType());
            out.printf(Locale.ROOT, "generated in %.2f s (%d threads), wrote %s (%.1f MiB) in %.2f s%n",
                    (generated - start) / 1e9, threads, output, Files.size(output) / (double) (1 << 20),
                    (written - generated) / 1e9);
        }
        return 0;
    }
}
