package org.gsssp.cli;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import org.gsssp.Algorithm;
import org.gsssp.ContractionHierarchy;
import org.gsssp.DeviceGraph;
import org.gsssp.Devices;
import org.gsssp.Graph;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code gsssp serve}: shortest paths over HTTP/JSON for one resident graph (see {@link GraphServer}). */
@Command(name = "serve", mixinStandardHelpOptions = true,
        description = {"Answers shortest-path queries over HTTP/JSON on one resident graph, in the file's own ids:",
                "GET /distance?from=&to=, GET /route?from=&to=, GET /sssp?from=&limit=, POST /matrix "
                        + "{\"sources\":[..],\"targets\":[..]}, GET /health, GET /metrics (Prometheus).",
                "Queries run AUTO: on the GPU when there is one and the graph is large enough, else on the CPU."})
final class ServeCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    GraphInput input;

    @Option(names = "--port", paramLabel = "N", description = "Port to listen on; 0 for any free one (default ${DEFAULT-VALUE}).")
    int port = 8080;

    @Option(names = "--bind", paramLabel = "ADDRESS", description = "Address to listen on (default ${DEFAULT-VALUE}; 0.0.0.0 for every interface).")
    String bind = "127.0.0.1";

    @Option(names = "--max-matrix-cells", paramLabel = "N", description = "Most sources x targets one /matrix request may ask; more gets 413 (default ${DEFAULT-VALUE}).")
    long maxMatrixCells = 1_000_000;

    @Option(names = "--max-sssp", paramLabel = "N", description = "Most distances one /sssp answer lists (default ${DEFAULT-VALUE}).")
    int maxSssp = 100_000;

    @Option(names = "--hierarchy", paramLabel = "FILE", description = "The graph's contraction hierarchy (gsssp prepare): /distance, /route and /matrix answer from it, without a one-to-all search.")
    java.nio.file.Path hierarchyFile;

    /** Counted down by a shutdown hook (Ctrl-C, SIGTERM). */
    private final CountDownLatch stopped = new CountDownLatch(1);

    @Override
    public Integer call() throws Exception {
        if (port < 0 || port > 65535) {
            throw new ParameterException(spec.commandLine(), "--port " + port + " is outside 0..65535");
        }
        if (maxMatrixCells <= 0 || maxSssp < 0) {
            throw new ParameterException(spec.commandLine(), "--max-matrix-cells must be positive and --max-sssp not negative");
        }
        PrintWriter out = spec.commandLine().getOut();
        input.checkFile();
        if (hierarchyFile != null) {
            GraphInput.checkReadableFile(hierarchyFile);
        }
        try (Graph graph = input.load(input.loadOptions(spec));
                ContractionHierarchy hierarchy = hierarchyFile == null ? null : ContractionHierarchy.load(hierarchyFile, graph);
                DeviceGraph device = Devices.available() && Algorithm.chooseAuto(graph, true).requiresGpu()
                        ? DeviceGraph.upload(graph) : null;
                GraphServer server = new GraphServer(graph, device, bind, port, maxMatrixCells, maxSssp)) {
            if (hierarchy != null) {
                server.answerFromHierarchy(hierarchy);
            }
            server.start();
            out.printf(Locale.ROOT, "gsssp serve: %s (%,d vertices, %,d edges) on http://%s:%d/, answering on %s%n",
                    graph.name(), graph.numVertices(), graph.numEdges(), bind, server.port(),
                    device == null ? "the CPU" : device.device().name());
            if (hierarchy != null) {
                out.printf(Locale.ROOT, "gsssp serve: /distance, /route and /matrix answer from the hierarchy %s (%,d shortcuts)%n",
                        hierarchyFile, hierarchy.info().shortcuts());
            }
            out.flush();
            Runtime.getRuntime().addShutdownHook(new Thread(stopped::countDown, "gsssp-serve-stop"));
            stopped.await();
        }
        return 0;
    }
}
