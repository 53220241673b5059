package org.gsssp;

/**
 * What one query cost.
 *
 * @param timeMs the algorithm itself: device time for GPU algorithms (CUDA events; for a small graph's one-block
 *        kernel that delivered its answer into pinned buffers itself, the kernel's own clock), wall time on the CPU; 0
 *        for an ADDS query from a source without out-edges, answered without a search
 * @param totalMs the whole native call, including predecessor derivation and copies back to the host
 * @param iterations rounds (GPU; ADDS: head-bucket switches) or heap extractions (CPU Dijkstra)
 * @param vertexVisits vertices whose out-edges were processed: the ADDS paper's work count
 * @param edgesRelaxed edge relaxations attempted
 * @param verticesReached vertices with a finite distance; -1 in a {@link DeviceResult}'s stats, which count them on demand
 *                        ({@link DeviceResult#verticesReached()})
 * @param peakDeviceMemory bytes of device memory the query's scratch used (0 on the CPU)
 * @param delta the bucket width used by a delta-stepping algorithm (Near-Far; ADDS: the final Δ), else 0
 * @param restarts ADDS: how often the run was restarted with a larger bucket pool; 0 for other algorithms
 * @param certificateMs GPU queries with {@link Options#certify()}: the device time of the certificate checked on
 *        the GPU before the answer was returned (part of {@code totalMs}); else 0 (CPU answers are certified on
 *        the host, see {@link Result#certify()})
 */
public record Stats(double timeMs, double totalMs, long iterations, long vertexVisits, long edgesRelaxed,
        long verticesReached, long peakDeviceMemory, double delta, long restarts, double certificateMs) {}
