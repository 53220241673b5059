package org.gsssp.bench;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import org.gsssp.Graph;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code gsssp-bench load}: N concurrent clients against a running {@code gsssp serve} (see {@link LoadGenerator}). */
@Command(name = "load", mixinStandardHelpOptions = true,
        description = {"Drives a running `gsssp serve` with closed-loop clients (java.net.http): GET /distance for random "
                + "pairs of the graph's ids, reporting throughput, p50/p99 latency, errors by kind and device memory "
                + "(from /metrics) before and after; every k-th answer is checked against CPU Dijkstra on the local "
                + "copy of the graph. Writes load.json and load.md to --output.",
                "Exit codes: 0 no errors; 3 some request failed or answered wrong."})
final class LoadCommand implements Callable<Integer> {
    @Option(names = "--url", paramLabel = "URL", description = "The server (default ${DEFAULT-VALUE}).")
    URI url = URI.create("http://127.0.0.1:8080/");

    @Option(names = {"-g", "--graph"}, paramLabel = "FILE|SPEC", required = true,
            description = "The graph the server serves (its file ids are drawn for the requests and its answers checked).")
    String graph;

    @Option(names = {"-c", "--clients"}, paramLabel = "N", description = "Concurrent clients (default ${DEFAULT-VALUE}).")
    int clients = 64;

    @Option(names = {"-n", "--requests"}, paramLabel = "N", description = "Measured requests (default ${DEFAULT-VALUE}).")
    long requests = 100_000;

    @Option(names = "--warmup", paramLabel = "N", description = "Requests before measuring (default ${DEFAULT-VALUE}).")
    long warmup = 2_000;

    @Option(names = "--verify-every", paramLabel = "K",
            description = "Check every K-th measured answer against CPU Dijkstra; 0: none (default ${DEFAULT-VALUE}).")
    int verifyEvery = 100;

    @Option(names = "--seed", paramLabel = "S", description = "Seed of the pairs (default ${DEFAULT-VALUE}).")
    long seed = 1;

    @Option(names = "--timeout", paramLabel = "TIME", converter = SoakCommand.DurationConverter.class,
            description = "Per-request timeout (default 30s).")
    Duration timeout = Duration.ofSeconds(30);

    @Option(names = {"-o", "--output"}, paramLabel = "DIR", required = true, description = "Directory for the report.")
    Path output;

    @Override
    public Integer call() throws Exception {
        if (clients < 1 || requests < 1 || warmup < 0 || verifyEvery < 0) {
            throw new IllegalArgumentException("need --clients >= 1, --requests >= 1, --warmup >= 0, --verify-every >= 0");
        }
        URI base = url.toString().endsWith("/") ? url : URI.create(url + "/");
        try (Graph g = new GraphSource(graph).load()) {
            LoadGenerator.Config config = new LoadGenerator.Config(base, g, clients, requests, warmup, verifyEvery, seed, timeout);
            LoadGenerator.Report report = new LoadGenerator(config).run();
            LoadGenerator.write(report, config, output);
            System.out.print(LoadGenerator.markdown(report, config));
            return report.errorCount() == 0 ? 0 : 3;
        }
    }
}
