// Tuning of Near-Far (Davidson et al., IPDPS'14, as in LonestarGPU): the constants measured rather than
// derived, with the measurement behind each (H100, sm_90; not yet specialised per architecture).
#pragma once

#include <cstdint>

namespace gsssp::near_far {

// Steps per host check: 1, 2, 4, ... up to this (common/rounds.hpp's batching, for steps). Steps launched
// past the end return at once, so the overshoot costs at most this many empty launches.
constexpr int64_t kMaxBatch = 64;
// Blocks per SM in the step grid, below what could stay resident (8 at 256 threads): on the H100, 2 per
// SM was faster on road NY (23.1 vs 24.0 ms), the 2048^2 grid (109 vs 114 ms) and random 4M x 7 (6.4 vs
// 7.3 ms) and the same on R-MAT 22 (benchmarks/results/nearfar/README.md). Fewer blocks launch faster and
// a step of a large pile still has 64K threads.
constexpr int kBlocksPerSm = 2;

// The persistent step loop (the default; near_far_persistent.cuh). Measured on one H200 with the harness, wider
// suite, median of 2 (benchmarks/results/nearfar/2026-11-26_1ec36d9_h200, call Q3), variant 7:
//
// Blocks per SM of the persistent grid: 2 (GSSSP_NF_PERSISTENT_BLOCKS_PER_SM=K overrides). 1 per SM was faster on
// the grid (33.0 against 34.4 ms) and road NY (6.33 against 6.52) but slower on rgg 3-D (4.97 against 3.85), the
// 18-neighbour mesh (6.26 against 4.79) and R-MAT 22 (18.1 against 15.9); 4 per SM was 3-6% faster on the meshes,
// random 4M x 8 and R-MAT 22 but slower on the grid (38.6), road NY (7.20) and the road-like graph (16.1 against 14.2).
// Before the levers (call P2, grid.sync(), gsssp_time): 1 / 2 / 4 per SM gave road NY 13.6 / 14.4 / 14.7 ms and the
// grid 70.8 / 72.7 / 75.4.
constexpr int kPersistentBlocksPerSm = 2;
// The persistent kernel's expansion levers (kVariant* in near_far_persistent.cuh, where the A/B table is): all four.
// GSSSP_NF_VARIANT=K overrides.
constexpr unsigned int kPersistentVariant = 15u;
// The largest pile block 0 expands alone, without a grid barrier (GSSSP_NF_SOLO_ITEMS overrides). With the pile
// spread over warps, a one-block step of 256 items walks 8 times the edges per lane that 32 blocks would: call Q2
// gave rgg 2-D 15.2 ms with 256, 12.4 with 32 and 12.6 with 0 (every step on the grid), delaunay 1.01 / 0.86 / 0.88,
// the grid 36.7 / 34.0 / 34.7. Call Q3: 16 and 64 within 3.5% of 32 on every graph, neither better throughout.
constexpr long long kPersistentSoloItems = 32;
// For the own barrier (GSSSP_NF_PERSISTENT=1), slower than grid.sync() on every graph measured (call P1):
// The barrier's wait (thread 0 of each block): this many polls of the arrival word back to back (each an L2 round
// trip, roughly 0.5 us, so some 30 us: a multi-block step's stragglers), then __nanosleep between polls, doubling
// from 32 ns up to kBarrierMaxSleepNs. A block sleeps mostly while block 0 runs a chain of one-block steps alone,
// which can last the whole search on a chain-like graph: the sleep keeps the other blocks' polls off the L2 that
// block 0's step works in, at the price of waking up to about twice the longest sleep late once per chain.
constexpr unsigned kBarrierSpinPolls = 64;
constexpr unsigned kBarrierMaxSleepNs = 256;
// How often (%globaltimer ns) a block reads the host's abort word in pinned host memory: one PCIe round trip of
// 1-2 us, so at 1 ms it costs block 0 about 0.2% of a long run and bounds the reaction to a close at about 1 ms plus
// one step. Block 0 reads it at step starts; every block also reads it while it sleeps in the barrier.
constexpr unsigned long long kAbortPollNs = 1000000;
// The host's patience after asking the kernel to stop (the device graph was closed), as ADDS's kAbortGraceMs: past
// it, the query fails and its workspace is abandoned (a kernel that does not stop is a bug).
constexpr int64_t kAbortGraceMs = 5000;

}  // namespace gsssp::near_far
