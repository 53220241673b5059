package org.gsssp.cli;

import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code gsssp} command line: {@code java -jar gsssp.jar solve ...}. */
@Command(name = "gsssp", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "GPU single-source shortest paths.",
        subcommands = {SolveCommand.class, ServeCommand.class, PrepareCommand.class, GenerateCommand.class, InfoCommand.class,
                CommandLine.HelpCommand.class})
public final class Main implements java.util.concurrent.Callable<Integer> {
    /** The exit code of a usage error (README). */
    static final int EXIT_USAGE = 2;

    /** The root command; picocli runs it (printing the usage) when no subcommand is given. */
    public Main() {
    }

    /**
     * Runs the CLI and exits the JVM with its exit code.
     *
     * @param args the command line, e.g. {@code solve --graph rome99.gr}
     */
    public static void main(String[] args) {
        System.exit(run(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
    }

    /**
     * Runs the CLI with the given streams and returns the exit code (tests call this). Never throws for a
     * failed command: every failure is one line on {@code err}.
     *
     * @param args the command line
     * @param out  where results and help go
     * @param err  where errors go
     * @return 0 on success, 1 for a failure while running, 2 for a usage error, 3 when {@code solve --verify}
     *         finds a wrong result
     */
    public static int run(String[] args, PrintWriter out, PrintWriter err) {
        CommandLine cli = new CommandLine(new Main());
        cli.setOut(out);
        cli.setErr(err);
        // --format dimacs, --weight-type float32: enum values in any case, as --algorithm takes them
        cli.setCaseInsensitiveEnumValuesAllowed(true);
        // A usage error is one line naming the problem (and picocli's "did you mean"), then where to find help;
        // the whole help text would bury the line.
        cli.setParameterExceptionHandler((ex, ignored) -> {
            CommandLine c = ex.getCommandLine();
            PrintWriter e = c.getErr();
            e.println("gsssp: " + oneLine(ex));
            CommandLine.UnmatchedArgumentException.printSuggestions(ex, e);
            e.println("Try '" + c.getCommandSpec().qualifiedName() + " --help' for more information.");
            e.flush();
            return EXIT_USAGE;
        });
        // Any failure is one line naming the problem, never a stack trace; usage errors keep picocli's text.
        // Exit codes (README): 2 for usage errors, which picocli's parameter handler answers (ParameterException,
        // also when a command throws it); 1 for every failure while running, files and devices included.
        cli.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
            commandLine.getErr().println("gsssp: " + oneLine(ex));
            commandLine.getErr().flush();
            return 1;
        });
        return cli.execute(args);
    }

    // What the library's messages call by its API names, said in the CLI's terms.
    private static final java.util.Map<String, String> CLI_TERMS = java.util.Map.of(
            "name it with LoadOptions.builder().format(...)", "name it with --format",
            "name it with LoadOptions.builder().weightType(...)", "name it with --weight-type",
            "leave the weight type out", "leave --weight-type out",
            "so random weights would replace nothing; leave the random weights out",
            "so --random-weights would replace nothing; leave --random-weights out");

    static String oneLine(Throwable ex) {
        if (ex instanceof java.io.UncheckedIOException && ex.getCause() != null) {
            ex = ex.getCause();
        }
        String message = ex.getMessage() == null ? ex.getClass().getSimpleName() : ex.getMessage();
        if (ex instanceof java.nio.file.FileSystemException f && f.getFile() != null) {
            message = f.getFile() + ": " + reason(f);
        } else if (ex instanceof java.net.BindException) {
            message = ex.getMessage();   // names the address and port
        } else if (ex instanceof java.io.IOException) {
            message = "I/O error: " + message;
        }
        for (java.util.Map.Entry<String, String> term : CLI_TERMS.entrySet()) {
            message = message.replace(term.getKey(), term.getValue());
        }
        return message.replace('\n', ' ');
    }

    private static String reason(java.nio.file.FileSystemException f) {
        if (f instanceof java.nio.file.NoSuchFileException) {
            return "no such file or directory";
        }
        if (f instanceof java.nio.file.AccessDeniedException) {
            return "permission denied";
        }
        if (f instanceof java.nio.file.NotDirectoryException) {
            return "not a directory";
        }
        if (f instanceof java.nio.file.FileAlreadyExistsException) {
            return "exists and is not a directory";
        }
        return f.getReason() != null ? f.getReason() : f.getClass().getSimpleName();
    }

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    /** No command: the usage on stderr, and the usage error's exit code. */
    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getErr());
        return EXIT_USAGE;
    }
}
