package org.gsssp.bench;

import java.io.PrintWriter;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Unmatched;

/**
 * {@code java -jar gsssp-bench.jar run ...} (the experiment runner), {@code ... jmh [JMH options]} (the JMH
 * benchmarks of this jar), {@code ... serving-summary FILE|DIR...} (markdown tables of the serving benchmarks'
 * JMH JSON) or {@code ... soak --output DIR} (the soak and chaos run on the GPU host).
 */
@Command(name = "gsssp-bench", mixinStandardHelpOptions = true,
        description = "Measures gsssp: the experiment runner (run, plot), the JMH benchmarks (jmh), their serving summary (serving-summary), the soak and chaos run (soak), a load generator for gsssp serve (load), single queries on very large graphs (scale) and the routing peers side by side (routing).",
        subcommands = {RunCommand.class, PlotCommand.class, BenchMain.JmhCommand.class, ServingSummary.class,
                SoakCommand.class, LoadCommand.class, ScaleCommand.class, org.gsssp.bench.routing.RoutingCommand.class,
                CommandLine.HelpCommand.class})
public final class BenchMain implements Runnable {

    public static void main(String[] args) throws Exception {
        if (args.length > 0 && args[0].equals("jmh")) {
            // verbatim: JMH's own options (-f, -p, -prof, -h, ...) must not pass through picocli
            org.openjdk.jmh.Main.main(Arrays.copyOfRange(args, 1, args.length));
            return;
        }
        System.exit(run(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
    }

    /** Runs the command line with the given streams and returns the exit code (tests call this). */
    public static int run(String[] args, PrintWriter out, PrintWriter err) {
        CommandLine cli = new CommandLine(new BenchMain());
        cli.setOut(out);
        cli.setErr(err);
        cli.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
            commandLine.getErr().println("gsssp-bench: " + ExperimentRunner.oneLine(ex));
            commandLine.getErr().flush();
            return 1;
        });
        return cli.execute(args);
    }

    @Override
    public void run() {
        new CommandLine(this).usage(System.out);
    }

    @Command(name = "jmh", description = {"Runs the JMH benchmarks in this jar; all further arguments go to JMH.",
            "Examples: jmh -l (list) · jmh QueryBenchmark -p algorithm=frontier · jmh FfmCallBenchmark -f 1",
            "Benchmarks: QueryBenchmark (a query on a graph resident on the GPU, per graph x algorithm),",
            "UploadBenchmark (the upload alone), FfmCallBenchmark (the cost of one call into libgsssp),",
            "ServingBenchmark (Java time beside kernel time, resident one-target, AUTO), ConcurrencyBenchmark",
            "(threads sharing one DeviceGraph; run with -t 1 and -t 8), CrossoverBenchmark (CPU vs ADDS by size).",
            "scripts/bench_serving.sh runs the last four on the GPU host; serving-summary tabulates their JSON."})
    static final class JmhCommand implements Callable<Integer> {
        @Unmatched
        List<String> args = List.of();

        @Override
        public Integer call() throws Exception {
            org.openjdk.jmh.Main.main(args.toArray(String[]::new));
            return 0;
        }
    }
}
