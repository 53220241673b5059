package org.gsssp;

/**
 * A CUDA device as the driver reports it.
 *
 * @param index the CUDA device ordinal
 * @param name the device's product name, e.g. "NVIDIA H100 80GB HBM3"
 * @param totalMemory bytes
 * @param freeMemory bytes free when queried
 * @param multiprocessors the number of streaming multiprocessors (SMs)
 * @param computeCapabilityMajor the major part of the compute capability (9 for sm_90)
 * @param computeCapabilityMinor the minor part of the compute capability (0 for sm_90)
 * @param maxThreadsPerMultiprocessor the most resident threads one SM holds
 */
public record DeviceInfo(int index, String name, long totalMemory, long freeMemory, int multiprocessors,
        int computeCapabilityMajor, int computeCapabilityMinor, int maxThreadsPerMultiprocessor) {

    /**
     * A one-line description for people.
     *
     * @return e.g. "NVIDIA H100 80GB HBM3 (sm_90, 132 SMs, 79.1 GiB)"
     */
    public String describe() {
        return String.format("%s (sm_%d%d, %d SMs, %.1f GiB)", name, computeCapabilityMajor, computeCapabilityMinor,
                multiprocessors, totalMemory / (double) (1L << 30));
    }
}
