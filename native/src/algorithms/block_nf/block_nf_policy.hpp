// Tuning of the block-per-source Near-Far (block_nf.hpp).
#pragma once

#include <cstdint>

namespace gsssp::block_nf {

// Device memory one launch of a batch may hold, rows and scratch together: 16 GiB, or half of what the device has
// free when that is less. Each source of a launch needs n × (8 + 28) bytes for int32 weights (its row, its
// distances, two near queues, two far piles and two marks). At 4 GiB, R-MAT 20 ran only 102 sources per launch on an
// H200's 132 SMs and was 27 times slower per answer than road NY (docs/performance.md). More sources per launch beyond
// the SMs' capacity (2 blocks of 1024 threads, 4 of 512 or 8 of 256 each) only add waves.
constexpr int64_t kLaunchBytes = int64_t{16} << 30;

// Sources per launch, at most (the block-per-source design's limit in block_bf as well).
constexpr int64_t kMaxSourcesPerLaunch = 8192;

// Threads per block when options.block_size is 0: enough blocks for every source of the launch to be resident at
// once. A block's rounds are as wide as its frontier, so wide blocks serve graphs with few sources per launch
// (large graphs, wide frontiers: R-MAT) and narrow ones many sources of a narrow-frontier graph (road networks).
// A single query runs one block of kSingleQueryThreads.
inline int threads_for(int64_t sources_per_launch, int multiprocessors) {
  if (sources_per_launch <= int64_t{2} * multiprocessors) return 1024;
  if (sources_per_launch <= int64_t{4} * multiprocessors) return 512;
  return 256;
}
constexpr int kSingleQueryThreads = 1024;

// Edges a thread relaxes at a time in a round: their loads are independent, so their latencies overlap (as ADDS's
// worker lanes do with four edges, adds_worker.cuh). Against one at a time: 10% faster on R-MAT 20, 5% on the grid,
// no change elsewhere (docs/performance.md). A round's time is not mostly its edge loop's latency.
constexpr int kEdgesPerThread = 4;

}  // namespace gsssp::block_nf
