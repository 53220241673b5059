package org.gsssp;

/**
 * A CUDA device as the driver reports it.
 *
 * @param index the CUDA device ordinal
 * @param totalMemory bytes
 * @param freeMemory bytes free when queried
 */
public record DeviceInfo(int index, String name, long totalMemory, long freeMemory, int multiprocessors,
        int computeCapabilityMajor, int computeCapabilityMinor, int maxThreadsPerMultiprocessor) {

    /** e.g. "NVIDIA H100 80GB HBM3 (sm_90, 132 SMs, 79.1 GiB)". */
    public String describe() {
        return String.format("%s (sm_%d%d, %d SMs, %.1f GiB)", name, computeCapabilityMajor, computeCapabilityMinor,
                multiprocessors, totalMemory / (double) (1L << 30));
    }
}
