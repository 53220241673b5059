// Tuning of ADDS (PPoPP'21 section 5), in one place: the constants measured rather than derived (on H100 and H200,
// sm_90; none is yet specialised per architecture; the measurements are in docs/performance.md). Structural limits
// that follow from the queue's layout stay in adds_queue.cuh.
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
// Early exit at targets (gsssp_options.targets): the manager's lane reads every target's distance after each head
// move, so the stop is tried for at most this many targets; more run a full search.
constexpr int64_t kMaxStopTargets = 64;
// A single target's distance from both ends (adds.cu, run_pair) only on large sparse graphs, where the distance
// range, not the vertex count, sets ADDS's time: it was faster on road NY and the 1024^2 grid, slower on R-MAT 20 and
// rome99, where two half-device searches and the check cost more than they save (docs/performance.md).
constexpr int64_t kPairMinVertices = 65536;
constexpr double kPairMaxAverageDegree = 4.5;

// Utilization limits (section 5.5): items assigned at once, against the resident worker threads scaled
// down by the average degree (a vertex of degree D keeps a thread busy about D times as long, and
// scattered edge reads use the memory bandwidth that more items would need):
//   - the bucket window widens below ~1% and narrows above ~3%: with wider limits road NY did 4 times the items in
//     the same time, and with no upper limit the grid degenerated into asynchronous Bellman-Ford;
//   - halving Delta below the Near-Far estimate never paid, neither while the workers were not saturated nor at
//     saturation (steer_delta), so Delta only rises: at clipping, and with a full window at low utilization.
constexpr double kUtilizationHigh = 0.03;
constexpr double kUtilizationLow = 0.008;
constexpr double kDegreeScale = 4.0;

// The starting Delta's C (Delta = C * W / D, graph/delta_estimate.hpp) when the caller gives neither Delta nor C and
// Delta is dynamic. Static-Delta ADDS keeps Near-Far's C = 32, so that section 5.5's ablation runs with exactly
// Near-Far's Delta. Int weights whose sampled average is below kNarrowAverageWeight count as narrow; float32 weights
// take the wide constant (not measured apart). Of C = 8 to 128, 64 was the best or within 2.2% of the best on 10 of 12
// wide-weight graphs (128 helped the road-like grid but cost the 3-D rgg and a mesh 10-13%), and 8 the best on the
// narrow-weight random graphs (docs/performance.md). The raise rule (below) widens Delta from there.
constexpr double kStartDeltaConstantWide = 64.0;
constexpr double kStartDeltaConstantNarrow = 8.0;
constexpr double kNarrowAverageWeight = 64.0;

// The raise rule (adds_manager.cuh, raise_delta; dynamic Delta, wide integer weights only): every kRaiseSwitches head
// switches, Delta doubles while the run's expansions per vertex found so far stay below kRaiseExpansionsPerVertex, once
// kRaiseFoundShare of the vertices are found, up to kRaiseMaxFactor times its start. Why: on the road-like 2048^2
// graph a wider Delta costs few re-expansions and makes the run much faster, while on the grid, rggs and meshes the
// expansions grow fast with Delta. The expansions per vertex tell the two kinds apart while the search runs. On narrow
// weights raising Delta cost the uniform random graphs 12-27%, so the rule is off there (docs/performance.md).
constexpr int kRaiseSwitches = 2;
constexpr double kRaiseExpansionsPerVertex = 2.5;
constexpr double kRaiseFoundShare = 1.0 / 32.0;
constexpr double kRaiseMaxFactor = 8.0;
// The raise rule's second test: a starving window. On the 2-D rgg and the grid most assignments are a few dozen items,
// and at the sweeps that find idle workers the window holds fewer readable items than a minimum chunk (kMinChunk, 8)
// per worker: the head bucket's width, not the workers, bounds the work in flight, and a wider Delta shortens the run
// although it adds expansions. On the 3-D rgg and the meshes the window holds thousands of items per sweep, and a wider
// Delta only adds work. Hence: once kStarveFoundShare of the vertices are found, kStarveLooks starving looks in a row
// double Delta, up to kStarveRaiseFactor times its start. The floor: road NY's window holds less than one readable item
// per worker, and a wider bucket cannot feed the workers there either; it only adds expansions (docs/performance.md).
constexpr double kStarveItemsPerWorker = 8.0;
constexpr double kStarveRaiseFactor = 2.0;
constexpr double kStarveFoundShare = 1.0 / 32.0;
constexpr int kStarveLooks = 2;
constexpr double kStarveFloorPerWorker = 1.0;

// Carry mode (adds_worker.cuh, expand_items): an item holds the distance it was pushed with, and no expansion filter is
// kept. It saves a random read and write per item, but a stale item is skipped rather than expanded at its vertex's
// newer distance, so that distance waits for its own item. It paid on the uniform random graphs and R-MAT, where few
// vertices are lowered twice, and cost 3-10% on the 3-D rgg, the meshes and delaunay_n15, where vertices are lowered
// again and again, and on graphs that fit L2 (docs/performance.md).
// So carry mode where the raise rule is off (narrow int weights, static Delta, float weights) or the largest out-degree
// is at least kCarrySkew times the average (power-law graphs, whose searches reach most vertices once; the raise rule
// never moved R-MAT 22's Delta), and only on graphs whose data exceed L2, where the memory traffic it saves is what
// costs. A uniform random graph with wide weights keeps the filter (carry not measured there); a narrow-weight mesh pays
// about 3%.
constexpr double kCarrySkew = 32.0;

// Blocks' worth of items per assignment: a worker is idle from the finish of one assignment to the next
// sweep's hand-out, and larger assignments leave it idle less often where work is plentiful: 2 blocks' worth was 12%
// faster than 1 on random 4M x 7 and 4 no faster than 2 (docs/performance.md).
constexpr unsigned kChunkBlocks = 2;

// ---- the one-block schedule (adds_block.hpp) -------------------------------------------------------------
// Threads of the one block: the most a block may have, so that a round's edges fill as many lanes as one SM keeps (512
// was slower, docs/performance.md).
constexpr int kBlockScheduleThreads = 1024;
// Edges of a vertex from which the whole block, not its warp, expands it (in the round after it was scanned): a hub
// walked by one warp would hold up every round it is in. Not tuned.
constexpr long long kBlockHubDegree = 256;
// Edges a lane loads before it relaxes them (their latencies overlap), as the workers' four (adds_worker.cuh); not
// timed against other counts here.
constexpr int kBlockEdgesPerLane = 4;
// Hubs listed per round; beyond that a hub's own warp expands it. Not tuned.
constexpr int kBlockHubList = 256;
// Delta doubles up to this (int64 distances stay below 2^62, gsssp.h, so low + Delta cannot overflow).
constexpr double kBlockMaxDelta = 2305843009213693952.0;  // 2^61
// The largest graph the schedule takes: up to about 2,000 vertices it was faster than the device-wide kernel, from
// about 4,000 slower (docs/performance.md). One SM's rounds (3-5 us each: a chain of dependent reads and a barrier)
// lose to the whole device once a graph needs many of them or its rounds hold more edges than one block relaxes at once.
constexpr long long kBlockScheduleMaxVertices = 2048;
constexpr long long kBlockScheduleMaxEdges = 16384;

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
