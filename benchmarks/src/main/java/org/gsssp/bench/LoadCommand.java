package org.gsssp.bench;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import org.gsssp.Graph;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code gsssp-bench load}: N concurrent clients against a running {@code gsssp serve} (see {@link LoadGenerator}). */
@Command(name = "load", mixinStandardHelpOptions = true,
        description = {"Drives a running `gsssp serve` with closed-loop clients, each on its own keep-alive HTTP/1.1 "
                + "connection: GET /distance (or /route) for seeded random pairs of the graph's ids, a warm-up, then a "
                + "fixed measured duration. Reports throughput, p50/p90/p99/p99.9 latency (HdrHistogram), errors by kind "
                + "(any status but 200 is one) and device memory (from /metrics) before and after; a sample of the "
                + "measured answers is checked against CPU Dijkstra on the local copy of the graph after the run. "
                + "Writes NAME.json, NAME.csv and NAME.md to --output.",
                "Exit codes: 0 no errors; 3 some request failed or answered wrong."})
final class LoadCommand implements Callable<Integer> {
    @Option(names = "--url", paramLabel = "URL", description = "The server (default ${DEFAULT-VALUE}).")
    URI url = URI.create("http://127.0.0.1:8080/");

    @Option(names = {"-g", "--graph"}, paramLabel = "FILE|SPEC", required = true,
            description = "The graph the server serves (its file ids are drawn for the requests and its answers checked).")
    String graph;

    @Option(names = {"-e", "--endpoint"}, paramLabel = "NAME", description = "distance or route (default ${DEFAULT-VALUE}).")
    String endpoint = "distance";

    @Option(names = {"-c", "--clients"}, paramLabel = "N", description = "Concurrent clients (default ${DEFAULT-VALUE}).")
    int clients = 64;

    @Option(names = {"-d", "--duration"}, paramLabel = "TIME", converter = SoakCommand.DurationConverter.class,
            description = "Measured time, e.g. 20s (default 20s).")
    Duration duration = Duration.ofSeconds(20);

    @Option(names = "--warmup", paramLabel = "TIME", converter = SoakCommand.DurationConverter.class,
            description = "Time before measuring, same clients and mix, not recorded (default 3s).")
    Duration warmup = Duration.ofSeconds(3);

    @Option(names = "--verify", paramLabel = "N",
            description = "Measured answers (a seeded sample) checked against CPU Dijkstra after the run; 0: none "
                    + "(default ${DEFAULT-VALUE}).")
    int verify = 1000;

    @Option(names = "--seed", paramLabel = "S", description = "Seed of the pairs (default ${DEFAULT-VALUE}).")
    long seed = 1;

    @Option(names = "--timeout", paramLabel = "TIME", converter = SoakCommand.DurationConverter.class,
            description = "Connect and read timeout of a request (default 30s).")
    Duration timeout = Duration.ofSeconds(30);

    @Option(names = "--token-file", paramLabel = "FILE", description = "Send 'Authorization: Bearer <token>', the token "
            + "being FILE's content (trimmed), for a server started with --token-file.")
    Path tokenFile;

    @Option(names = "--name", paramLabel = "NAME", description = "Base name of the report files (default: the endpoint).")
    String name;

    @Option(names = {"-o", "--output"}, paramLabel = "DIR", required = true, description = "Directory for the report.")
    Path output;

    @Override
    public Integer call() throws Exception {
        if (clients < 1 || verify < 0 || duration.isZero() || duration.isNegative()) {
            throw new IllegalArgumentException("need --clients >= 1, --duration > 0, --verify >= 0");
        }
        if (!LoadGenerator.ENDPOINTS.contains(endpoint)) {
            throw new IllegalArgumentException("--endpoint " + endpoint + ": one of " + LoadGenerator.ENDPOINTS);
        }
        URI base = url.toString().endsWith("/") ? url : URI.create(url + "/");
        String token = tokenFile == null ? null : Files.readString(tokenFile).strip();
        try (Graph g = new GraphSource(graph).load()) {
            LoadGenerator.Config config = new LoadGenerator.Config(base, g, endpoint, clients, warmup, duration, verify,
                    seed, timeout, token);
            LoadGenerator.Report report = new LoadGenerator(config).run();
            LoadGenerator.write(report, config, output, name != null ? name : endpoint);
            System.out.print(LoadGenerator.markdown(report, config));
            return report.errorCount() == 0 ? 0 : 3;
        }
    }
}
