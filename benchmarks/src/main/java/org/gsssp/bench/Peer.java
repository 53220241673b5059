package org.gsssp.bench;

import java.io.IOException;
import java.lang.ProcessBuilder.Redirect;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * An external SSSP program measured beside gsssp (the peers of ../shared/peers: LonestarGPU Near-Far, the ADDS
 * artifact), run the way those programs take their input: {@code PROGRAM -s SOURCE -o OUT GRAPH.gr}, the graph a
 * Galois binary .gr with int32 weights, the source an internal id. The program writes 'v dist' lines to OUT
 * (INF when unreachable) and a line whose second field is its time in ms to file descriptor 3 (the mean of the
 * runs it makes itself). A run past the timeout is stopped and reported as a hang.
 *
 * @param name the name in tables: the row is {@code peer:NAME}
 * @param program the executable
 */
public record Peer(String name, Path program) {
    /** Row names of peers in the results start with this. */
    public static final String PREFIX = "peer:";

    /**
     * Parses {@code NAME=PROGRAM}.
     *
     * @param spec the option's value
     * @return the peer
     * @throws IllegalArgumentException if it is not NAME=PROGRAM
     */
    public static Peer parse(String spec) {
        int eq = spec.indexOf('=');
        if (eq <= 0 || eq == spec.length() - 1) {
            throw new IllegalArgumentException("a peer is NAME=PROGRAM, got '" + spec + "'");
        }
        return new Peer(spec.substring(0, eq).strip(), Path.of(spec.substring(eq + 1).strip()));
    }

    /** The row name, {@code peer:NAME}. */
    public String label() {
        return PREFIX + name;
    }

    /** What of a program's console output a run keeps, at most (its end). */
    static final int OUTPUT_CHARS = 400;

    /**
     * One run's outcome: its time and distances, or why there are none; and what the program printed (standard
     * output and error, blank lines dropped, lines joined with " | ", its last {@value #OUTPUT_CHARS} characters).
     * LonestarGPU Near-Far prints its Δ and its iteration count there: what the rounds of gsssp's Near-Far are
     * compared with.
     */
    record Run(double ms, double[] distances, String problem, boolean hung, String output) {
        Run(double ms, double[] distances, String problem, boolean hung) {
            this(ms, distances, problem, hung, "");
        }
    }

    /** The console output of a run, as {@link Run#output()} keeps it. */
    static String condense(Path console) throws IOException {
        if (!Files.exists(console)) {
            return "";
        }
        String joined = String.join(" | ", Files.readAllLines(console, java.nio.charset.StandardCharsets.ISO_8859_1)
                .stream().map(String::strip).filter(l -> !l.isEmpty()).toList());
        return joined.length() <= OUTPUT_CHARS ? joined : "…" + joined.substring(joined.length() - OUTPUT_CHARS);
    }

    /**
     * Runs the program once.
     *
     * @param graph the graph written as Galois .gr
     * @param source the internal source id
     * @param vertices the graph's vertex count (for the distances array)
     * @param timeoutSeconds how long to wait before calling it a hang
     * @param work a directory for the outputs
     */
    Run run(Path graph, int source, int vertices, long timeoutSeconds, Path work) throws IOException, InterruptedException {
        Path out = work.resolve(name + "-dist.txt");
        Path time = work.resolve(name + "-time.txt");
        Path console = work.resolve(name + "-console.txt");
        Files.deleteIfExists(out);
        Files.deleteIfExists(time);
        Files.deleteIfExists(console);
        Process p = new ProcessBuilder(List.of("bash", "-c", "exec \"$0\" -s \"$1\" -o \"$2\" \"$3\" 3>>\"$4\"",
                program.toAbsolutePath().toString(), Integer.toString(source), out.toString(), graph.toString(),
                time.toString())).redirectErrorStream(true).redirectOutput(Redirect.to(console.toFile())).start();
        if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            p.waitFor(5, TimeUnit.SECONDS);
            return new Run(Double.NaN, null, "hang: no answer within " + timeoutSeconds + " s (stopped)", true);
        }
        String output = condense(console);
        if (p.exitValue() != 0) {
            return new Run(Double.NaN, null, "exit code " + p.exitValue() + (output.isEmpty() ? "" : " (" + output + ")"),
                    false, output);
        }
        double ms;
        try {
            List<String> lines = Files.exists(time) ? Files.readAllLines(time) : List.of();
            String last = lines.isEmpty() ? "" : lines.get(lines.size() - 1).strip();
            String[] fields = last.split("\\s+");
            ms = Double.parseDouble(fields[1]);
        } catch (RuntimeException e) {
            return new Run(Double.NaN, null, "no time on file descriptor 3 ('LABEL MS')", false, output);
        }
        double[] d = new double[vertices];
        Arrays.fill(d, Double.NaN);
        if (!Files.exists(out)) {
            return new Run(ms, null, "no distances written to -o", false, output);
        }
        for (String line : Files.readAllLines(out)) {
            String[] f = line.strip().split("\\s+");
            if (f.length < 2) {
                continue;
            }
            try {
                int v = Integer.parseInt(f[0]);
                d[v] = f[1].equals("INF") ? Double.POSITIVE_INFINITY : Double.parseDouble(f[1]);
            } catch (RuntimeException e) {
                return new Run(ms, null, "bad distance line '" + line + "'", false, output);
            }
        }
        for (int v = 0; v < vertices; v++) {
            if (Double.isNaN(d[v])) {
                return new Run(ms, null, "no distance for vertex " + v, false, output);
            }
        }
        return new Run(ms, d, null, false, output);
    }
}
