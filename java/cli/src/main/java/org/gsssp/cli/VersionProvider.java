package org.gsssp.cli;

import java.util.ArrayList;
import java.util.List;
import org.gsssp.DeviceInfo;
import org.gsssp.Devices;
import org.gsssp.internal.NativeLibrary;
import picocli.CommandLine.IVersionProvider;

/**
 * {@code gsssp --version}: the jar's version, the native library's, the CUDA runtime's and the driver's (or "none"),
 * the GPUs (or "no GPU"), and the Java running it. A native library that does not load is reported, not thrown.
 */
final class VersionProvider implements IVersionProvider {
    @Override
    public String[] getVersion() {
        List<String> lines = new ArrayList<>();
        lines.add("gsssp " + NativeLibrary.jarVersion());
        try {
            lines.add("native library " + NativeLibrary.nativeVersion() + " (" + System.getProperty("os.name").toLowerCase()
                    + "-" + System.getProperty("os.arch") + ")");
            int[] cuda = NativeLibrary.cudaVersions();
            lines.add("CUDA runtime " + NativeLibrary.cudaVersionText(cuda[0])
                    + " (linked statically into the native library; needs only an NVIDIA driver)");
            lines.add(cuda[1] == 0 ? "NVIDIA driver: none (no CUDA driver installed)"
                    : "NVIDIA driver: supports CUDA " + NativeLibrary.cudaVersionText(cuda[1]) + (cuda[1] < cuda[0]
                            ? " (older than the runtime: the GPU path needs a driver for CUDA "
                                    + NativeLibrary.cudaVersionText(cuda[0]) + " or newer)" : ""));
            List<DeviceInfo> devices = Devices.list();
            if (devices.isEmpty()) {
                lines.add("GPU: none (no CUDA device or no NVIDIA driver): everything runs on the CPU");
            }
            for (DeviceInfo d : devices) {
                lines.add("GPU " + d.index() + ": " + d.describe());
            }
        } catch (RuntimeException | LinkageError e) {
            lines.add("native library: not loaded: " + Main.oneLine(e));
        }
        lines.add("Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vendor") + ", "
                + System.getProperty("java.home") + ")");
        return lines.toArray(new String[0]);
    }
}
