package org.gsssp;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import org.gsssp.internal.NativeLibrary;
import org.gsssp.internal.Status;
import org.gsssp.internal.ffi.GssspNative;
import org.gsssp.internal.ffi.gsssp_device_info;

/**
 * The CUDA devices visible to gsssp. A machine without a driver or GPU simply has none, and so has one where the
 * native library does not load (no build for the platform, or {@code -Dgsssp.native=false}): gsssp then runs on
 * the pure-Java CPU path.
 */
public final class Devices {
    private Devices() {}

    /**
     * The number of CUDA devices present.
     *
     * @return the device count; 0 without a GPU, without a (sufficient) CUDA driver, or without the native library
     */
    public static int count() {
        if (!NativeLibrary.available()) {
            return 0;
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment count = arena.allocate(ValueLayout.JAVA_INT);
            Status.check(GssspNative.gsssp_device_count(count), "device count");
            return count.get(ValueLayout.JAVA_INT, 0);
        }
    }

    /**
     * Whether a GPU algorithm can run here.
     *
     * @return true when {@link #count()} is at least 1
     */
    public static boolean available() {
        return count() > 0;
    }

    /**
     * Describes one device, including its free memory at the time of the call.
     *
     * @param device the CUDA device ordinal, in [0, {@link #count()})
     * @return the device's properties
     * @throws NoGpuException if there is no usable CUDA device
     * @throws IllegalArgumentException if {@code device} is outside [0, {@link #count()})
     * @throws CudaException if the driver fails to report the device's properties
     */
    public static DeviceInfo info(int device) {
        if (!NativeLibrary.available()) {
            throw noGpu("no GPU algorithm runs without it");
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment info = gsssp_device_info.allocate(arena);
            Status.check(GssspNative.gsssp_device_get_info(device, info), "device " + device);
            return new DeviceInfo(device, gsssp_device_info.name(info).getString(0),
                    gsssp_device_info.total_memory(info), gsssp_device_info.free_memory(info),
                    gsssp_device_info.multiprocessor_count(info),
                    gsssp_device_info.compute_capability_major(info),
                    gsssp_device_info.compute_capability_minor(info),
                    gsssp_device_info.max_threads_per_multiprocessor(info));
        }
    }

    /**
     * Describes every device, in ordinal order.
     *
     * @return one {@link DeviceInfo} per device; empty without a GPU
     * @throws CudaException if the driver fails to report a device's properties
     */
    public static List<DeviceInfo> list() {
        int n = count();
        List<DeviceInfo> devices = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            devices.add(info(i));
        }
        return devices;
    }

    /**
     * Every device's ordinal, for the uploads that span them all ({@link DeviceGroup#upload(Graph)},
     * {@link PartitionedGraph#upload(Graph)}).
     *
     * @return 0 .. count − 1
     * @throws NoGpuException if there is no device
     */
    static int[] allOrThrow() {
        int count = count();
        if (count == 0) {
            throw noGpu(null);
        }
        return java.util.stream.IntStream.range(0, count).toArray();
    }

    /**
     * The exception for a GPU algorithm asked for where {@link #count()} is 0: it says why (no device, or the
     * native library did not load on this platform, with the loader's reason) and ends with {@code advice}.
     *
     * @param advice what the caller can do instead, or null
     * @return the exception, to throw
     */
    static NoGpuException noGpu(String advice) {
        String reason = NativeLibrary.unavailableReason();
        String why = reason == null ? "no CUDA device is available (no NVIDIA GPU or driver found)"
                : "no CUDA device can be used on " + System.getProperty("os.name") + "/" + System.getProperty("os.arch")
                        + ": the gsssp native library did not load (" + reason + ")";
        return new NoGpuException(advice == null ? why : why + "; " + advice);
    }
}
