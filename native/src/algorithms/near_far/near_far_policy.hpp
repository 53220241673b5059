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

// The persistent step loop (GSSSP_NF_PERSISTENT=1 or 2; near_far_persistent.cuh). NOT MEASURED: written without a
// GPU run, so every value below is a first guess to sweep, with the reasoning it rests on.
//
// Blocks per SM of the persistent grid: 2, as the stepped grid's measured kBlocksPerSm. The grid barrier's cost
// grows with the blocks that arrive at it (one atomic each on one word), and a step of a large pile (random 4M x 7)
// still has 64K threads. GSSSP_NF_PERSISTENT_BLOCKS_PER_SM=K (1 to what stays resident) overrides it, read once per
// process, for the sweep of 1, 2 and 4 per SM that the Near-Far notes ask for.
constexpr int kPersistentBlocksPerSm = 2;
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
