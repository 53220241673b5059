package org.gsssp.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.gsssp.DeviceInfo;
import org.gsssp.Devices;
import org.gsssp.internal.NativeLibrary;

/**
 * What a reader needs to reproduce a run: the command, the machine, the driver and toolkit, the code's commit.
 * Every probe is best effort; a missing tool reads "unknown", never an error.
 */
public record Environment(String command, String date, String commit, String gssspVersion, String gpu,
                          String driver, String cuda, String cpu, String java, String os) {

    /** Overrides the commit (e.g. set by a script on a machine without git). */
    public static final String COMMIT_PROPERTY = "gsssp.commit";

    public static Environment detect(String command) {
        String gpu;
        try {
            List<String> devices = new ArrayList<>();
            for (DeviceInfo d : Devices.list()) {
                devices.add(d.describe());
            }
            gpu = devices.isEmpty() ? "none (CPU only)" : String.join("; ", devices);
        } catch (RuntimeException | LinkageError e) {
            gpu = "unknown (" + ExperimentRunner.oneLine(e) + ")";
        }
        String smi = run(List.of("nvidia-smi"));
        String driver = firstGroup(smi, "Driver Version:\\s*([0-9.]+)");
        String cuda = firstGroup(smi, "CUDA Version:\\s*([0-9.]+)");
        String version;
        try {
            version = NativeLibrary.jarVersion();
        } catch (RuntimeException e) {
            version = "unknown";
        }
        String java = System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version")
                + " (" + System.getProperty("java.vendor") + ")";
        String os = System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
                + System.getProperty("os.arch");
        return new Environment(command, ZonedDateTime.now().format(DateTimeFormatter.ISO_OFFSET_DATE_TIME),
                detectCommit(), version, gpu, driver == null ? "unknown" : driver,
                cuda == null ? "unknown" : cuda + " (driver's CUDA version, nvidia-smi)", detectCpu(), java, os);
    }

    public Map<String, String> asMap() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("command", command);
        m.put("date", date);
        m.put("commit", commit);
        m.put("gsssp_version", gssspVersion);
        m.put("gpu", gpu);
        m.put("driver", driver);
        m.put("cuda", cuda);
        m.put("cpu", cpu);
        m.put("java", java);
        m.put("os", os);
        return m;
    }

    static String detectCommit() {
        String given = System.getProperty(COMMIT_PROPERTY, System.getenv("GSSSP_COMMIT"));
        if (given != null && !given.isBlank()) {
            return given.strip();
        }
        String head = run(List.of("git", "rev-parse", "HEAD"));
        if (head == null || head.isBlank()) {
            return "unknown";
        }
        String status = run(List.of("git", "status", "--porcelain", "--untracked-files=no"));
        return head.strip() + (status != null && !status.isBlank() ? " (with uncommitted changes)" : "");
    }

    static String detectCpu() {
        String model = "unknown CPU";
        try {
            for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
                if (line.startsWith("model name")) {
                    model = line.substring(line.indexOf(':') + 1).strip();
                    break;
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux, or no /proc: the processor count still says something
        }
        return model + ", " + Runtime.getRuntime().availableProcessors() + " logical processors";
    }

    /** Output of a short command, or null if it is missing, fails or hangs. */
    static String run(List<String> command) {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            p.getOutputStream().close();
            byte[] out = p.getInputStream().readAllBytes();
            if (!p.waitFor(20, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return null;
            }
            return p.exitValue() == 0 ? new String(out, StandardCharsets.UTF_8) : null;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    private static String firstGroup(String text, String regex) {
        if (text == null) {
            return null;
        }
        Matcher m = Pattern.compile(regex).matcher(text);
        return m.find() ? m.group(1) : null;
    }
}
