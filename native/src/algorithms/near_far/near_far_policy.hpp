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

}  // namespace gsssp::near_far
