package org.gsssp.internal;

import org.gsssp.Graph;

/**
 * Where everything that needs no GPU runs: the native library's CPU code when it loads, else the pure-Java
 * port (also with {@code -Dgsssp.native=false}). Chosen once per JVM, on first use; the rest of gsssp asks
 * this interface and never checks for the library itself.
 */
public interface HostPath {
    /**
     * The host path of this JVM.
     *
     * @return the native one if the library is usable, else the pure-Java one
     */
    static HostPath current() {
        return Chosen.PATH;
    }

    /**
     * Prepares {@code graph} for CPU queries (the native side validates it and notes its largest weight).
     *
     * @param graph the graph, open; it must outlive the result
     * @return the prepared graph; close it before the graph's memory is freed
     */
    HostGraph prepare(Graph graph);

    /**
     * Whether this is the native library's path.
     *
     * @return true for native, false for pure Java
     */
    boolean isNative();

    /** The lazy holder: decided on first use, once. */
    final class Chosen {
        static final HostPath PATH = NativeLibrary.available() ? new NativeHostPath() : new JavaHostPath();

        private Chosen() {}
    }
}
