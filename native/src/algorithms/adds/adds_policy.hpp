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
// Early exit at targets (gsssp_options.targets): the manager's lane reads every target's distance after each head
// move, so the stop is tried for at most this many targets; more run a full search.
constexpr int64_t kMaxStopTargets = 64;
// A single target's distance from both ends (adds.cu, run_pair) only on large sparse graphs, where the distance
// range, not the vertex count, sets ADDS's time. Measured on an H100 (benchmarks/results/many/
// 2026-11-26_5732e55_h100, gsssp_time --pairs, medians of the whole call, both ends / one end): road NY (264k
// vertices, 2.8 edges each) 1,844 / 2,292 us, grid 1024^2 (4.0) 3,361 / 4,848 us; but R-MAT 20 (16.0) 4,225 / 2,957
// us and rome99 (3,353 vertices) 583 / 353 us, where two half-device searches and the check cost more than they save.
constexpr int64_t kPairMinVertices = 65536;
constexpr double kPairMaxAverageDegree = 4.5;

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

// The starting Delta's C (Delta = C * W / D, graph/delta_estimate.hpp) when the caller gives neither Delta nor C and
// Delta is dynamic. Static-Delta ADDS keeps Near-Far's C = 32, so that section 5.5's ablation runs with exactly
// Near-Far's Delta. Int weights whose sampled average is below kNarrowAverageWeight count as narrow; float32 weights
// take the wide constant (not measured apart). Measured on an H100 (benchmarks/results/peers/2026-11-26_6d8bd4a_h100,
// calls N, O and P), ADDS ms at C = 8 / 16 / 32 / 64 / 128:
//   - wide (w 1..1,000 and road lengths):
//     - road-like 2048^2 17.7 / 14.4 / 12.3 / 9.5 / 7.5;
//     - 2-D rgg 14.8 / 15.9 / 15.9 / 13.8 / 13.8;
//     - 26-neighbour mesh 4.61 / 3.46 / 3.04 / 2.85 / 2.85;
//     - 3-D rgg 5.05 / 4.48 / 3.98 / 3.99 / 4.51;
//     - 18-neighbour mesh 6.66 / 6.24 / 5.35 / 5.30 / 5.82;
//     - grid 2048^2 31.2 / 26.3 / 24.8 / 24.5 / 24.6;
//     - R-MAT 22 6.06 / 5.77 / 5.42 / 5.29 / 5.31;
//     - road NY 4.60 / 3.41 / 2.91 / 2.82 / 2.91;
//     - rome99 0.63 / 0.54 / 0.44 / 0.42 / 0.41;
//     - delaunay_n15 0.78 / 0.68 / 0.72 / 0.74 / 0.74;
//     - wiki-Vote 0.25 / 0.23 / 0.23 / 0.18 / 0.19;
//     - Slashdot 0.72 / 0.58 / 0.48 / 0.45 / 0.45;
//   - narrow (uniform random, 4M vertices):
//     - w 1..10, d 7: 2.85 / 3.08 / 3.38 / 5.50 / 5.57;
//     - w 1..10, d 4: 2.32 / 2.41 / 2.40 / 3.60 / 3.55;
//     - w 1..100, d 8: 3.38 / 3.47 / 3.57 / 7.90 / 8.10.
// So 64 for wide weights: the best, or within 2.2% of the best, on 10 of these 12 graphs, and as fast as 32 or faster on
// all but delaunay_n15 (0.74 against 0.72 ms; its best was 16, 0.68). The road-like graph's best is 128, but 128 costs
// the 3-D rgg and the 18-neighbour mesh 10-13%. And 8 for narrow weights. The dynamic rule (below) raises Delta
// from there; it did not find these widths by itself (the road-like graph ended at the 4,287 it started from).
constexpr double kStartDeltaConstantWide = 64.0;
constexpr double kStartDeltaConstantNarrow = 8.0;
constexpr double kNarrowAverageWeight = 64.0;

// The raise rule (adds_manager.cuh, raise_delta; dynamic Delta, wide integer weights only): every kRaiseSwitches head
// switches, Delta doubles while the run's expansions per vertex found so far stay below kRaiseExpansionsPerVertex, once
// kRaiseFoundShare of the vertices are found, up to kRaiseMaxFactor times its start. Why: a static-Delta sweep (H100,
// benchmarks/results/adds/2026-11-27_c81f2b8_h100, call Y) took the road-like 2048^2 graph from 8.95 to 5.55 ms from
// C = 64 to 512 while its expansions per vertex grew only from 2.29 to 2.75; the grid, rggs and meshes slowed down
// as theirs grew fast (grid 3.45 -> 13.2), and the ADDS artifact, whose Delta follows utilization, was as fast as gsssp
// on that graph (peers/2026-11-27_6f3eb38_h100). The expansions per vertex tell the two kinds apart while the search
// runs: few re-expansions mean a wider Delta costs little work. First measured on branch adds-raise (calls AA-AG,
// adds/2026-11-27_c81f2b8_h100/raise: road-like 8.9 -> 5.6-6.2 ms, the grid's Delta raised too at +0.7-5% in most
// runs, narrow-weight randoms 12-27% slower when included, so they are not). This form, against the rule off on the same
// H100 (call IB, benchmarks/results/adds/README.md, "The raise rule"; medians of 5, two rounds): road-like 8.96 / 8.97
// -> 5.78 / 5.80 ms (Delta 8x), grid 2048^2 22.06 / 22.15 -> 23.11 / 23.13 (Delta 2x), rgg 2-D 8.56 / 8.57 -> 8.75 /
// 8.78 and road NY 2.90 / 2.90 -> 2.92 / 2.93 (Delta unchanged: the counting), the other graphs of the wider suite
// within 1.5% (at threshold 2.8). The threshold, one H100, wider suite (call ID, benchmarks/results/adds/README.md; medians
// of 5, two rounds, ms, final Delta over the start): at 2.8 the grid 23.00 (2x) / 26.34 (8x) and 22.80 / 22.95 (2x, 2x)
// in two variants, at 2.5 21.90 (2x) / 22.14 (1x); the road-like graph 5.77-5.81 at 2.8 and 5.71 / 5.76 at 2.5 (8x in
// every run); the 1/32 found share against 1/8 at 2.8: road-like 5.99 / 6.07 with 1/8, the grid 23.20 / 25.12. So 2.5
// and 1/32. GSSSP_ADDS_RAISE=X sets the threshold (0: off).
constexpr int kRaiseSwitches = 2;
constexpr double kRaiseExpansionsPerVertex = 2.5;
constexpr double kRaiseFoundShare = 1.0 / 32.0;
constexpr double kRaiseMaxFactor = 8.0;
// The raise rule's second test: a starving window. On the 2-D rgg and the grid most assignments are a few dozen items,
// and at the sweeps that find idle workers the window holds fewer readable items than a minimum chunk (kMinChunk, 8)
// per worker: the head bucket's width, not the workers, bounds the work in flight, and a wider Delta shortens the run
// although it adds expansions. On the 3-D rgg and the meshes the window holds thousands of items per sweep, and a wider
// Delta only adds work. Measured on an H200 (benchmarks/results/adds/2026-11-27_415adb7_h200; ADDS ms, medians of 5 in
// two rounds):
//   - call JJ, the starting C = 64 / 96 / 128 (readable items per sweep at 64, GSSSP_ADDS_PROFILE): rgg 2-D 7.94 / 7.46
//     / 7.18 (980), grid 2048^2 21.2 / 20.7 / 20.3 (310), delaunay_n15 0.579 / 0.580 / 0.562, road NY 2.94 / 2.97 /
//     3.02 (155); but rgg 3-D 2.70 / 2.88 / 3.19 (13,000), mesh 100^3 3.22 / 3.52 / 3.95 (11,500), mesh 64^3 1.38 /
//     1.44 / 1.37 (5,400);
//   - call JL, this test after the raise rule's found share (1/32), one look, ceiling 2x / 4x against off: rgg 2-D 8.36
//     -> 7.58 / 7.74, grid 22.4 -> 21.8 / 22.7, road NY 3.13 -> 3.23 / 3.35; but mesh 100^3 3.28 -> 4.04 (its window
//     starves while the search is young);
//   - call JN, two looks in a row (this rule) against off: rgg 2-D 8.36 -> 7.72, grid 22.50 -> 21.63, road NY 3.12 ->
//     3.27 (+4.6%, the rule's cost); mesh 100^3, mesh 64^3, the 3-D rgg, the randoms and R-MAT within 2% (Delta
//     unchanged); one look with a found share of 1/8 (call JM too): rgg 2-D 7.69, NY 3.33.
// The floor: road NY's window holds less than one readable item per worker, and a wider bucket cannot feed the workers
// there either; it only adds expansions. Without the floor JMH (call JR, benchmarks/results/serving/
// 2026-11-27_f93b86c_h200) measured road NY's query from Java at 3.457 ms against 3.179 with the test off; in call JS
// (ADDS ms, off / floor 0 / 1 / 2): rgg 2-D 8.32 / 7.65 / 7.66 / 7.62, grid 22.45 / 21.75 / 21.80 / 22.42 (floor 2 keeps
// its Delta), road NY 3.16 / 3.26 / 3.14 / 3.13 (floors 1 and 2 keep its Delta), the others within noise.
// GSSSP_ADDS_STARVE_RAISE=X sets the ceiling (0: off), GSSSP_ADDS_STARVE_FOUND the found share, GSSSP_ADDS_STARVE_LOOKS
// the looks, GSSSP_ADDS_STARVE_FLOOR the floor.
constexpr double kStarveItemsPerWorker = 8.0;
constexpr double kStarveRaiseFactor = 2.0;
constexpr double kStarveFoundShare = 1.0 / 32.0;
constexpr int kStarveLooks = 2;
constexpr double kStarveFloorPerWorker = 1.0;

// Carry mode (adds_worker.cuh, expand_items): an item holds the distance it was pushed with, and no expansion filter is
// kept. It saves a random read and write per item, but a stale item is skipped rather than expanded at its vertex's
// newer distance, so that distance waits for its own item. Measured on an H200 (benchmarks/results/adds/
// 2026-11-27_01e8461_h200; ADDS ms, medians of 5 in two rounds, filter / carry, both without the raise rule):
//   - call JA, where few vertices are lowered twice (visits per vertex): random 4M x 4 (w 1..10; 1.07) 1.72 / 1.55,
//     x 7 (1.05) 2.09 / 2.00, x 8 (w 1..100; 1.11) 2.45 / 2.34, R-MAT 22 (0.73) 4.05 / 3.34;
//   - call JA, where vertices are lowered again and again: the 3-D rgg (4.4) 2.97 / 3.18, the 18- and 26-neighbour
//     meshes (4.4, 4.6) 3.43 / 3.74 and 1.46 / 1.55, delaunay_n15 (6.9) 0.572 / 0.602; the grid (3.6) 22.2 / 21.9, the
//     2-D rgg (5.1) 8.59 / 8.49 and road NY (4.8) 2.91 / 2.90 within 1.5%; and the road-like 2048^2 graph needs the
//     raise rule (5.6 ms with it, 8.9 without);
//   - call JB, by the rule below without its L2 condition: the 18-neighbour mesh with w 1..10 3.96 / 4.10, the 3-D rgg
//     with w 1..10 2.76 / 2.76, and wiki-Vote (1 MB, in L2) 0.131 / 0.150.
// So carry mode where the raise rule is off (narrow int weights, static Delta, float weights) or the largest out-degree
// is at least kCarrySkew times the average (power-law graphs, whose searches reach most vertices once; the raise rule
// never moved R-MAT 22's Delta), and only on graphs whose data exceed L2, where the memory traffic it saves is what
// costs. A uniform random graph with wide weights keeps the filter (carry not measured there); a narrow-weight mesh pays
// about 3%.
constexpr double kCarrySkew = 32.0;

// Blocks' worth of items per assignment: a worker is idle from the finish of one assignment to the next
// sweep's hand-out, and larger assignments leave it idle less often where work is plentiful. With local
// rounds (H100, ms, chunks of 1 / 2 / 4 x block): random 4M x 7 (w 1..1000) 4.91 / 4.31 / 4.26, R-MAT 22
// 6.09 / 5.87 / 5.87; road NY (2.8) and the grid (24-26) did not change beyond noise.
constexpr unsigned kChunkBlocks = 2;

// ---- the one-block schedule (adds_block.hpp) -------------------------------------------------------------
// Threads of the one block: the most a block may have, so that a round's edges fill as many lanes as one SM keeps. 512
// was timed against it in call GG (serving/2026-11-27_4571df9_h100, with a form of the kernel not kept): JMH
// gpuQuery1k 90.4 against 89.2 us, and slower kernels on rome99 (0.62 / 0.53 ms) and random 4,000 x 7 (0.17 / 0.14).
constexpr int kBlockScheduleThreads = 1024;
// Edges of a vertex from which the whole block, not its warp, expands it (in the round after it was scanned): a hub
// walked by one warp would hold up every round it is in. Not tuned (R-MAT 10's hubs take it, call GH).
constexpr long long kBlockHubDegree = 256;
// Edges a lane loads before it relaxes them (their latencies overlap), as the workers' four (adds_worker.cuh); not
// timed against other counts here.
constexpr int kBlockEdgesPerLane = 4;
// Hubs listed per round; beyond that a hub's own warp expands it. Not tuned.
constexpr int kBlockHubList = 256;
// Delta doubles up to this (int64 distances stay below 2^62, gsssp.h, so low + Delta cannot overflow).
constexpr double kBlockMaxDelta = 2305843009213693952.0;  // 2^61
// The largest graph the schedule takes by default: where it was faster than the device-wide kernel. Kernel times on an
// H100, medians of 8 runs, device-wide / one block (benchmarks/results/serving/2026-11-27_4571df9_h100, call GH, this
// code; int weights 1..1000 unless named): random 1,000 x 7 0.101 / 0.058 ms, the same with float weights 0.100 /
// 0.053, grid 32^2 0.270 / 0.187, R-MAT 10 (1,024 vertices, 16,384 edges) 0.105 / 0.075, random 2,000 x 7 0.106 /
// 0.081; but random 4,000 x 7 0.113 / 0.117 and rome99 (3,353 vertices) 0.438 / 0.468, and in calls GC and GF (an
// earlier form of this kernel) grid 64^2 0.48 / 0.61, R-MAT 12 0.19 / 0.27, random 8,000 x 7 0.13 / 0.21. One SM's
// rounds (3-5 us each: a chain of dependent reads and a barrier) lose to the whole device once a graph needs many of
// them or its rounds hold more edges than one block relaxes at once. GSSSP_ADDS_BLOCK=1 takes every graph whose
// distances fit one block's shared memory, =0 none.
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
