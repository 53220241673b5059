// Tuning of ADDS (PPoPP'21 section 5), in one place: the constants measured rather than derived, each with
// the measurement behind it (CUB's per-architecture tuning policies are the model; all of these were measured
// on an H100, sm_90, and none is yet specialised per architecture). Structural limits that follow from the
// queue's layout stay in adds_queue.cuh.
#pragma once

#include <cstdint>

namespace gsssp::adds {

// ---- host driver (adds.cu) ----------------------------------------------------------------------------
constexpr int kDefaultBuckets = 32;
// Larger blocks than the library's default: fewer workers for the manager to scan each sweep, and larger
// assignments (kChunkBlocks).
constexpr int kDefaultBlock = 512;
constexpr int64_t kDefaultWatchdogMs = 10000;
// Beyond the device watchdog: the host's own patience with a kernel whose manager stopped beating, and
// after an abort request.
constexpr int64_t kHostGraceMs = 2000;
constexpr int64_t kAbortGraceMs = 5000;
constexpr int64_t kMaxTraceSamples = int64_t{1} << 20;

// Utilization limits (section 5.5): items assigned at once, against the resident worker threads scaled
// down by the average degree (a vertex of degree D keeps a thread busy about D times as long, and
// scattered edge reads use the memory bandwidth that more items would need). Measured on an H100 (road NY,
// grid 2048^2, random 4M x 7, R-MAT 20):
//   - the bucket window widens below ~1% and narrows above ~3%: with 6% / 25% road NY did 8M items
//     against 1.8M at about the same time, and with no upper limit at all the window stayed wide and the
//     grid did 77 items per vertex (async Bellman-Ford) against 3.4;
//   - halving Delta below the Near-Far estimate never paid, neither while the workers were not saturated
//     (R-MAT 20: 3.2 ms against 2.75 ms; random: 9.5 against 8.4 ms, the same items) nor at saturation
//     (steer_delta), so Delta only rises: at clipping, and with a full window at low utilization.
constexpr double kUtilizationHigh = 0.03;
constexpr double kUtilizationLow = 0.008;
constexpr double kDegreeScale = 4.0;

// Blocks' worth of items per assignment: a worker is idle from the finish of one assignment to the next
// sweep's hand-out, and larger assignments leave it idle less often where work is plentiful. With local
// rounds (H100, ms, chunks of 1 / 2 / 4 x block): random 4M x 7 (w 1..1000) 4.91 / 4.31 / 4.26, R-MAT 22
// 6.09 / 5.87 / 5.87; road NY (2.8) and the grid (24-26) did not change beyond noise.
constexpr unsigned kChunkBlocks = 2;

// ---- manager (adds_manager.cuh) ------------------------------------------------------------------------
constexpr int kManagerCacheWays = 4;  // translation cache entries per bucket
constexpr int kMaxGrants = 128;       // blocks mapped per sweep
constexpr unsigned kMinChunk = 8;     // fewest items handed to a worker while work is scarce
constexpr int kSettleSwitches = 8;    // head switches between two Delta decisions (settling, section 5.5)
constexpr int kSettleSweeps = 64;     // or this many sweeps, if the head stays put that long
constexpr double kClipShare = 0.65;   // tail share of pending work that marks clipping (section 5.5)
constexpr int kMaxScanPasses = 8;     // 256-segment passes over the head bucket per sweep
constexpr unsigned long long kStarveNs = 4000000ull;      // a writer waiting this long on an empty pool
constexpr unsigned long long kTraceIntervalNs = 4000ull;  // initial trace sampling period
constexpr unsigned long long kHostPollNs = 200000ull;     // abort check and heartbeat period

}  // namespace gsssp::adds
