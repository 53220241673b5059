package org.gsssp.cli;

import java.io.PrintWriter;
import org.gsssp.GssspException;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code gsssp} command line: {@code java -jar gsssp.jar solve ...}. */
@Command(name = "gsssp", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "GPU single-source shortest paths.",
        subcommands = {SolveCommand.class, GenerateCommand.class, CommandLine.HelpCommand.class})
public final class Main implements Runnable {

    public static void main(String[] args) {
        System.exit(run(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
    }

    /** Runs the CLI with the given streams and returns the exit code (tests call this). */
    public static int run(String[] args, PrintWriter out, PrintWriter err) {
        CommandLine cli = new CommandLine(new Main());
        cli.setOut(out);
        cli.setErr(err);
        // Any failure is one line naming the problem, never a stack trace; usage errors keep picocli's text.
        cli.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
            commandLine.getErr().println("gsssp: " + oneLine(ex));
            commandLine.getErr().flush();
            return ex instanceof GssspException || ex instanceof IllegalArgumentException ? 1 : 2;
        });
        return cli.execute(args);
    }

    static String oneLine(Throwable ex) {
        String message = ex.getMessage() == null ? ex.getClass().getSimpleName() : ex.getMessage();
        if (ex instanceof java.nio.file.NoSuchFileException) {
            message = "no such file: " + message;
        } else if (ex instanceof java.io.IOException && !(ex instanceof java.io.UncheckedIOException)) {
            message = "I/O error: " + message;
        }
        return message.replace('\n', ' ');
    }

    @Override
    public void run() {
        new CommandLine(this).usage(System.out);
    }
}
