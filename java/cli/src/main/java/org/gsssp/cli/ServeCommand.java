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
import org.gsssp.GssspException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code gsssp serve}: shortest paths over HTTP/JSON for one resident graph (see {@link GraphServer}). */
@Command(name = "serve", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = {"Serves shortest-path queries over HTTP/JSON on one resident graph.",
                "Vertex ids are the graph file's own. Endpoints:",
                "  GET  /distance?from=ID&to=ID",
                "  GET  /route?from=ID&to=ID",
                "  GET  /sssp?from=ID&limit=N     (limit: default 100, at most --max-sssp)",
                "  POST /matrix {\"sources\": [ids], \"targets\": [ids]}",
                "  GET  /health, GET /metrics (Prometheus)",
                "Queries run AUTO: on the GPU when there is one and the graph is large",
                "enough, else on the CPU."})
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

    @Option(names = "--hierarchy", paramLabel = "FILE", description = "The graph's contraction hierarchy (gsssp prepare): /distance, /route and /matrix answer from it on the host, without a one-to-all search; with a GPU, /sssp runs PHAST on it.")
    java.nio.file.Path hierarchyFile;

    @Option(names = "--token-file", paramLabel = "FILE", description = "Require 'Authorization: Bearer <token>' on every endpoint but /health; the token is FILE's content (trimmed).")
    java.nio.file.Path tokenFile;

    @Option(names = "--insecure", description = "Allow --bind beyond localhost without --token-file: anyone who reaches the port may query.")
    boolean insecure;

    @Option(names = "--max-in-flight", paramLabel = "N", description = "Most requests answered at once; more get 503 with Retry-After (default: 4 per processor, at least 128).")
    Integer maxInFlight;

    @Option(names = "--max-body-bytes", paramLabel = "N", description = "Largest request body; more gets 413 (default ${DEFAULT-VALUE}).")
    long maxBodyBytes = 1 << 20;

    @Option(names = "--max-url-length", paramLabel = "N", description = "Longest request URL; more gets 414 (default ${DEFAULT-VALUE}).")
    int maxUrlLength = 8192;

    @Option(names = "--drain-seconds", paramLabel = "S", description = "On SIGTERM or Ctrl-C, how long requests in flight may finish (new ones get 503) before the server exits (default ${DEFAULT-VALUE}).")
    int drainSeconds = 30;

    /** Counted down on SIGTERM or SIGINT (or, where those cannot be handled, by a shutdown hook). */
    private final CountDownLatch stopped = new CountDownLatch(1);

    @Override
    public Integer call() throws Exception {
        if (port < 0 || port > 65535) {
            throw new ParameterException(spec.commandLine(), "--port " + port + " is outside 0..65535");
        }
        if (maxMatrixCells <= 0 || maxSssp < 0) {
            throw new ParameterException(spec.commandLine(), "--max-matrix-cells must be positive and --max-sssp not negative");
        }
        if (maxBodyBytes < 0 || maxUrlLength <= 0 || drainSeconds < 0 || (maxInFlight != null && maxInFlight <= 0)) {
            throw new ParameterException(spec.commandLine(), "--max-in-flight and --max-url-length must be positive, "
                    + "--max-body-bytes and --drain-seconds not negative");
        }
        String token = readToken();
        if (token == null && !insecure && !isLoopback(bind)) {
            throw new ParameterException(spec.commandLine(), "--bind " + bind + " listens beyond this machine: give "
                    + "--token-file FILE so that clients must authenticate, or --insecure to serve anyone who can reach "
                    + "the port");
        }
        RequestGuard guard = new RequestGuard(token, maxUrlLength, maxBodyBytes,
                maxInFlight != null ? maxInFlight : defaultMaxInFlight(Runtime.getRuntime().availableProcessors()));
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
            server.guard(guard);
            String phast = null;
            if (hierarchy != null) {
                server.answerFromHierarchy(hierarchy);
                phast = attachToDevice(device, hierarchy, spec.commandLine().getErr());
            }
            server.start();
            out.printf(Locale.ROOT, "gsssp serve: %s (%,d vertices, %,d edges) on http://%s:%d/, answering on %s%n",
                    graph.name(), graph.numVertices(), graph.numEdges(), bind, server.port(),
                    device == null ? "the CPU" : device.device().name());
            if (hierarchy != null && phast != null) {
                out.printf(Locale.ROOT, "gsssp serve: /distance, /route and /matrix answer from the hierarchy %s (%,d "
                        + "shortcuts), /sssp by PHAST on %s%n", hierarchyFile, hierarchy.info().shortcuts(), phast);
            } else if (hierarchy != null) {
                out.printf(Locale.ROOT, "gsssp serve: /distance, /route and /matrix answer from the hierarchy %s (%,d shortcuts)%n",
                        hierarchyFile, hierarchy.info().shortcuts());
            }
            out.flush();
            onStopSignal(stopped::countDown);
            stopped.await();
            out.printf(Locale.ROOT, "gsssp serve: stopping; %d requests in flight get up to %d s to finish, new ones 503%n",
                    guard.inFlight(), drainSeconds);
            out.flush();
            int left = server.drainAndStop(drainSeconds * 1000L);
            if (left > 0) {
                spec.commandLine().getErr().printf("gsssp serve: %d requests were still running after %d s "
                        + "(--drain-seconds) and were cut off%n", left, drainSeconds);
            }
        }
        return 0;
    }

    /**
     * With a device graph, attaches the hierarchy to it too, so that /sssp runs PHAST on the GPU. /distance and /route
     * stay on the host, tens of microseconds a pair, and so does /matrix: the hierarchy's RPHAST sweeps on the host's
     * cores beat RPHAST on the device (a 1,000 x 1,000 matrix on road NY: 6.9 to 8.2 ms on an H100 host's 16 cores
     * against 24.4 ms on its GPU, docs/performance.md, PHAST). A failed attach keeps /sssp on the search algorithms and
     * says so on {@code err}.
     *
     * @return the GPU's name where /sssp runs PHAST, else null
     */
    static String attachToDevice(DeviceGraph device, ContractionHierarchy hierarchy, PrintWriter err) {
        if (device == null) {
            return null;
        }
        try {
            device.attach(hierarchy);
            return device.device().name();
        } catch (GssspException e) {
            err.printf("gsssp serve: the hierarchy stays on the host; /sssp keeps the search algorithms (%s)%n",
                    e.getMessage());
            return null;
        }
    }

    /** The token in --token-file, trimmed; null without the option. Its value is never printed. */
    private String readToken() throws java.io.IOException {
        if (tokenFile == null) {
            return null;
        }
        GraphInput.checkReadableFile(tokenFile);
        String token = java.nio.file.Files.readString(tokenFile).strip();
        if (token.isEmpty() || token.chars().anyMatch(c -> c < 0x21 || c > 0x7e)) {
            throw new ParameterException(spec.commandLine(), "--token-file " + tokenFile + ": the token must be one "
                    + "line of printable ASCII without spaces, and not empty");
        }
        return token;
    }

    private static boolean isLoopback(String address) {
        try {
            return java.net.InetAddress.getByName(address).isLoopbackAddress();
        } catch (java.net.UnknownHostException e) {
            return false;
        }
    }

    /**
     * Runs {@code action} on SIGTERM and SIGINT instead of the JVM's shutdown, so the server drains and the
     * process exits 0. Where the signals cannot be handled (e.g. -Xrs), a shutdown hook does it instead; the
     * exit status is then the signal's.
     */
    private static void onStopSignal(Runnable action) {
        // sun.misc.Signal (jdk.unsupported) through reflection: the JDK has no public API for it, and javac warns
        // about every direct use of it, which no annotation silences.
        try {
            Class<?> signal = Class.forName("sun.misc.Signal");
            Class<?> handlerType = Class.forName("sun.misc.SignalHandler");
            Object handler = java.lang.reflect.Proxy.newProxyInstance(handlerType.getClassLoader(),
                    new Class<?>[] {handlerType}, (proxy, method, args) -> switch (method.getName()) {
                        case "handle" -> {
                            action.run();
                            yield null;
                        }
                        case "hashCode" -> System.identityHashCode(proxy);
                        case "equals" -> proxy == args[0];
                        default -> "gsssp serve: stop on SIGTERM/SIGINT";
                    });
            java.lang.reflect.Method handle = signal.getMethod("handle", signal, handlerType);
            for (String name : new String[] {"TERM", "INT"}) {
                handle.invoke(null, signal.getConstructor(String.class).newInstance(name), handler);
            }
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            Runtime.getRuntime().addShutdownHook(new Thread(action, "gsssp-serve-stop"));
        }
    }

    /**
     * The default --max-in-flight: 4 per processor, and at least 128, so that 64 closed-loop keep-alive clients never
     * see 503. A client's next request can reach the guard before its previous one has left it (the answer is sent
     * just before the slot is given back), so 64 clients may briefly hold up to 128 slots.
     */
    static int defaultMaxInFlight(int processors) {
        return Math.max(128, 4 * processors);
    }
}
