package org.gsssp.bench;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.gsssp.Devices;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code gsssp-bench soak}: the soak and chaos run on the GPU host (see {@link Soak}). */
@Command(name = "soak", mixinStandardHelpOptions = true,
        description = {"Soak and chaos: threads send random queries (every GPU algorithm and AUTO, predecessors on "
                + "and off, invalid sources, round caps) to a resident road graph, R-MAT and a small grid, while a "
                + "chaos thread closes a resident graph mid-query and uploads it again. Every answer is certified "
                + "(Result.certify). Writes soak.json and soak.md to --output.",
                "Exit codes: 0 passed; 3 failed (an unexpected exception or certificate violation, device memory "
                        + "grown over 1%, an algorithm that never answered); 4 watchdog (a hang: thread stacks in "
                        + "threads.txt); 5 no GPU (nothing run)."})
final class SoakCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--duration", paramLabel = "TIME", converter = DurationConverter.class,
            description = "How long to send queries: 600s, 10m, 1500ms; a bare number is seconds (default 600s).")
    Duration duration = Duration.ofMinutes(10);

    @Option(names = {"-t", "--threads"}, paramLabel = "N", description = "Query threads (default ${DEFAULT-VALUE}).")
    int threads = 8;

    @Option(names = "--road", paramLabel = "FILE|SPEC",
            description = "The road graph (default ${DEFAULT-VALUE}, where scripts/bundle_gpu_tests.sh puts it).")
    String road = "build/gpu-bundle/graphs/USA-road-d.NY.gr.gz";

    @Option(names = "--rmat", paramLabel = "SPEC|FILE", description = "The R-MAT graph (default ${DEFAULT-VALUE}).")
    String rmat = "rmat:scale=20,ef=16,seed=1";

    @Option(names = "--small", paramLabel = "SPEC|FILE",
            description = "A graph of at most 4,096 vertices, where the size-limited algorithms (DA2CF's matrix variants, "
                    + "block-bf) must answer (default ${DEFAULT-VALUE}; on a 100x100 grid da2cf-f-matrix took 15 s a "
                    + "query on an H200 amid the others).")
    String small = "grid:64x64,seed=1";

    @Option(names = {"-o", "--output"}, paramLabel = "DIR", required = true, description = "Directory for the report.")
    Path output;

    @Option(names = "--seed", paramLabel = "S", description = "Seed of the query mix and the chaos (default ${DEFAULT-VALUE}).")
    long seed = 1;

    @Option(names = "--watchdog", paramLabel = "TIME", converter = DurationConverter.class,
            description = "Fail with thread stacks if no query ends for this long (default 30s).")
    Duration watchdog = Duration.ofSeconds(30);

    @Option(names = "--stuck-limit", paramLabel = "TIME", converter = DurationConverter.class,
            description = "Fail with thread stacks if one query, close or upload takes this long (default 120s).")
    Duration stuckLimit = Duration.ofSeconds(120);

    @Option(names = "--close-every", paramLabel = "TIME", converter = DurationConverter.class,
            description = "Mean pause between chaos closes (each 0.5..1.5 times it; default 2s).")
    Duration closeEvery = Duration.ofSeconds(2);

    @Option(names = "--certify-every", paramLabel = "K",
            description = "Certify every answer (1, the default) or those whose query number is a multiple of K.")
    int certifyEvery = 1;

    @Option(names = "--cpu-only", description = "Harness smoke test without a GPU: CPU algorithms on host graphs, "
            + "invalid sources, certification, watchdog and report; no device graphs, so no chaos.")
    boolean cpuOnly;

    @Option(names = "--no-halt", hidden = true,
            description = "Tests: on a hang return exit code 4 instead of halting the JVM.")
    boolean noHalt;

    @Override
    public Integer call() throws IOException {
        if (threads < 1 || certifyEvery < 1 || duration.isNegative() || watchdog.isZero() || stuckLimit.isZero()
                || closeEvery.isZero()) {
            throw new ParameterException(spec.commandLine(),
                    "--threads and --certify-every must be at least 1, and the times positive");
        }
        if (!cpuOnly && Devices.count() == 0) {
            // A soak without a GPU would test nothing it is meant to: say so, and exit with a code of its own.
            spec.commandLine().getErr().println("gsssp-bench soak: no CUDA device is available on this machine "
                    + "(Devices.count() = 0); nothing was run. --cpu-only runs the harness alone on CPU algorithms.");
            return Soak.EXIT_NO_GPU;
        }
        Map<String, String> graphs = new LinkedHashMap<>();
        graphs.put("road", road);
        graphs.put("rmat", rmat);
        graphs.put("small", small);
        return new Soak(config(graphs), spec.commandLine().getOut()).run();
    }

    Soak.Config config(Map<String, String> graphs) {
        return new Soak.Config(graphs, duration, threads, cpuOnly, seed, watchdog, stuckLimit, closeEvery, certifyEvery,
                output, !noHalt, commandLine());
    }

    private String commandLine() {
        if (spec == null) {
            return "gsssp-bench soak";
        }
        return "gsssp-bench " + spec.root().commandLine().getParseResult().originalArgs().stream()
                .map(RunCommand::shellQuote).collect(Collectors.joining(" "));
    }

    /** 600s, 10m, 1500ms, 1h, or a bare number of seconds. */
    static final class DurationConverter implements CommandLine.ITypeConverter<Duration> {
        private static final Pattern FORM = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(ms|s|m|h)?");

        @Override
        public Duration convert(String value) {
            Matcher m = FORM.matcher(value.strip().toLowerCase(Locale.ROOT));
            if (!m.matches()) {
                throw new CommandLine.TypeConversionException("'" + value + "' is not a time such as 600s, 10m or 1500ms");
            }
            double n = Double.parseDouble(m.group(1));
            String unit = m.group(2) == null ? "s" : m.group(2);
            double millis = n * switch (unit) {
                case "ms" -> 1;
                case "m" -> 60_000;
                case "h" -> 3_600_000;
                default -> 1000;
            };
            return Duration.ofMillis(Math.round(millis));
        }
    }
}
