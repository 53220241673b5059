package org.gsssp.internal;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Properties;
import org.gsssp.NativeLibraryException;
import org.gsssp.internal.ffi.GssspNative;

/**
 * Loads libgsssp.so once per class loader. The library ships inside the jar as native/&lt;os&gt;-&lt;arch&gt;/ (see
 * {@link #platform()}); it is copied to a private temporary directory because the dynamic loader needs a file.
 * Where it cannot load, {@link #available()} is false and gsssp runs on the pure-Java {@link HostPath}. The bindings find its symbols through
 * {@code SymbolLookup.loaderLookup()}, which sees libraries this class loader loaded with System.load, so
 * this class and the bindings must share a class loader (they do: one jar, or two on one class path).
 */
public final class NativeLibrary {
    /** Overrides the bundled library, e.g. for a library built by hand with CMake. */
    public static final String PATH_PROPERTY = "gsssp.library.path";
    /** {@code -Dgsssp.native=false} keeps the native library unloaded: everything runs on the pure-Java CPU path. */
    public static final String NATIVE_PROPERTY = "gsssp.native";

    // null once decided that the library loads; else why it does not (decided once, on first use).
    private static volatile String unavailable;
    private static volatile boolean decided;

    private static volatile boolean loaded;
    // The private directory the bundled library was copied to (null if none, or a -D path was used); gone
    // again once the library is loaded.
    private static volatile Path extractedDirectory;

    private NativeLibrary() {}

    /**
     * Loads the library if needed and checks that its version is this jar's. Thread-safe; cheap once loaded.
     *
     * @throws NativeLibraryException if the library cannot be found, extracted or loaded, or its version
     *         differs from the jar's
     */
    public static void ensureLoaded() {
        if (loaded) {
            return;
        }
        synchronized (NativeLibrary.class) {
            if (loaded) {
                return;
            }
            if (forcedOff()) {
                throw new NativeLibraryException("the gsssp native library is switched off (-D" + NATIVE_PROPERTY
                        + "=false)");
            }
            Path library = locate();
            try {
                System.load(library.toAbsolutePath().toString());
            } catch (IllegalCallerException e) {
                // --illegal-native-access=deny (or a future JDK's default) without native access granted.
                throw new NativeLibraryException("the JVM denies gsssp native access: start it with "
                        + "--enable-native-access=ALL-UNNAMED (or the module name, on the module path), or give the "
                        + "application jar's manifest 'Enable-Native-Access: ALL-UNNAMED' (" + e.getMessage() + ")", e);
            } catch (UnsatisfiedLinkError e) {
                throw new NativeLibraryException("cannot load the gsssp native library " + library + ": " + e.getMessage(), e);
            } finally {
                removeExtracted(library);
            }
            checkVersion(library);
            loaded = true;
        }
    }

    /**
     * Whether the native library is loaded and usable; tries to load it the first time, once per JVM. Without it
     * gsssp runs on the pure-Java CPU path and has no GPU.
     *
     * @return true when the library loaded and matches the jar's version
     */
    public static boolean available() {
        return unavailableReason() == null;
    }

    /**
     * Why the native library cannot be used, decided on the first call.
     *
     * @return null when it is loaded; else the reason (the load failure's message, or the switch that turned it off)
     */
    public static String unavailableReason() {
        if (!decided) {
            synchronized (NativeLibrary.class) {
                if (!decided) {
                    try {
                        ensureLoaded();
                    } catch (NativeLibraryException e) {
                        unavailable = e.getMessage();
                    }
                    decided = true;
                }
            }
        }
        return unavailable;
    }

    /**
     * The running platform as the jar's native folders name it.
     *
     * @return e.g. "linux-x86_64", "linux-aarch64", "mac-aarch64", "windows-x86_64"
     */
    public static String platform() {
        return platform(System.getProperty("os.name", ""), System.getProperty("os.arch", ""));
    }

    /** The folder name for a JVM's os.name and os.arch. */
    static String platform(String jvmOsName, String jvmOsArch) {
        String os = jvmOsName.toLowerCase(java.util.Locale.ROOT);
        String osName = os.contains("linux") ? "linux" : os.contains("mac") || os.contains("darwin") ? "mac"
                : os.contains("windows") ? "windows" : os.replaceAll("[^a-z0-9]", "");
        String arch = jvmOsArch.toLowerCase(java.util.Locale.ROOT);
        String archName = switch (arch) {
            case "amd64", "x86_64", "x64" -> "x86_64";
            case "aarch64", "arm64" -> "aarch64";
            default -> arch.replaceAll("[^a-z0-9_]", "");
        };
        return osName + "-" + archName;
    }

    private static boolean forcedOff() {
        return "false".equalsIgnoreCase(System.getProperty(NATIVE_PROPERTY, "").trim());
    }

    /**
     * The version this jar was built as (Maven's project version). Does not load the native library.
     *
     * @return the version, e.g. "0.1.0-SNAPSHOT"; "unknown" if the version file has none
     * @throws NativeLibraryException if the jar has no version file
     */
    public static String jarVersion() {
        Properties properties = new Properties();
        try (InputStream in = NativeLibrary.class.getResourceAsStream("/org/gsssp/gsssp-version.properties")) {
            if (in == null) {
                throw new NativeLibraryException("gsssp-version.properties is missing from the jar");
            }
            properties.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return properties.getProperty("version", "unknown");
    }

    /**
     * The version compiled into the loaded native library; loads it if needed.
     *
     * @return the native library's version, equal to {@link #jarVersion()} once loaded
     * @throws NativeLibraryException if the library cannot be loaded or its version differs from the jar's
     */
    public static String nativeVersion() {
        ensureLoaded();
        return GssspNative.gsssp_version().getString(0);
    }

    /**
     * The CUDA runtime's version, linked statically into the native library, and the installed NVIDIA driver's, as
     * cudaRuntimeGetVersion and cudaDriverGetVersion give them (1000 &times; major + 10 &times; minor: 12080 for 12.8).
     * Loads the library if needed.
     *
     * @return {runtime, driver}; the driver's is 0 where no NVIDIA driver is installed
     * @throws NativeLibraryException if the library cannot be loaded
     */
    public static int[] cudaVersions() {
        ensureLoaded();
        try (java.lang.foreign.Arena arena = java.lang.foreign.Arena.ofConfined()) {
            java.lang.foreign.MemorySegment runtime = arena.allocate(java.lang.foreign.ValueLayout.JAVA_INT);
            java.lang.foreign.MemorySegment driver = arena.allocate(java.lang.foreign.ValueLayout.JAVA_INT);
            Status.check(GssspNative.gsssp_cuda_versions(runtime, driver), "reading the CUDA runtime's and driver's versions");
            return new int[] {runtime.get(java.lang.foreign.ValueLayout.JAVA_INT, 0),
                driver.get(java.lang.foreign.ValueLayout.JAVA_INT, 0)};
        }
    }

    /**
     * A CUDA version code as "major.minor".
     *
     * @param code 1000 &times; major + 10 &times; minor, as {@link #cudaVersions()} gives it
     * @return e.g. "12.8" for 12080
     */
    public static String cudaVersionText(int code) {
        return (code / 1000) + "." + (code % 1000) / 10;
    }

    private static void checkVersion(Path library) {
        String nativeVersion = GssspNative.gsssp_version().getString(0);
        String jarVersion = jarVersion();
        if (!nativeVersion.equals(jarVersion)) {
            throw new NativeLibraryException("gsssp native library " + library + " is version " + nativeVersion
                    + " but this jar is version " + jarVersion + "; use the library built with this jar");
        }
    }

    /**
     * Deletes the extracted copy right after System.load: the loader's mapping survives the unlink on Linux,
     * so nothing is left in the temporary directory, whatever way the JVM ends. (deleteOnExit, used before,
     * tried the directory before the file in it and left one directory per run.)
     */
    private static void removeExtracted(Path library) {
        Path dir = extractedDirectory;
        if (dir == null || !library.startsWith(dir)) {
            return;
        }
        try {
            Files.deleteIfExists(library);
            Files.deleteIfExists(dir);
        } catch (IOException e) {
            // Best effort: a leftover file is no reason to fail the load.
            dir.toFile().deleteOnExit();
        }
    }

    /** The directory the bundled library was extracted to in this JVM, or null; for tests. */
    static Path extractedDirectory() {
        return extractedDirectory;
    }

    private static Path locate() {
        String override = System.getProperty(PATH_PROPERTY);
        if (override != null && !override.isBlank()) {
            Path path = Path.of(override);
            if (!Files.isRegularFile(path)) {
                throw new NativeLibraryException("-D" + PATH_PROPERTY + " names " + path + ", which is not a file");
            }
            return path;
        }
        // One folder per platform (native/linux-x86_64/, native/linux-aarch64/, ...): the jar carries those its
        // build added, and a platform without one runs on the pure-Java CPU path.
        String platform = platform();
        String resource = "/native/" + platform + "/" + System.mapLibraryName("gsssp");
        try (InputStream in = NativeLibrary.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new NativeLibraryException("the jar holds no gsssp native library for " + platform + " ("
                        + resource.substring(1) + "; " + System.getProperty("os.name") + "/"
                        + System.getProperty("os.arch") + ")");
            }
            Path dir = Files.createTempDirectory("gsssp-native-");
            extractedDirectory = dir;
            Path file = dir.resolve(System.mapLibraryName("gsssp"));
            Files.copy(in, file, StandardCopyOption.REPLACE_EXISTING);
            return file;
        } catch (IOException e) {
            throw new NativeLibraryException("cannot extract the gsssp native library: " + e.getMessage(), e);
        }
    }
}
