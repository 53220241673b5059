// Tuning of the one-block solver (block_bf.hpp).
#pragma once

namespace gsssp::block_bf {

// Threads of the one block: the most a block may have. Two kernels (block_bf_kernels.cuh; which runs where:
// kWholeGraphForBatches below): when the whole graph fits one block's opt-in shared memory (distances, int32 offsets, targets and weights, a mark and two queues: about
// 24 bytes per vertex and 8 per edge with int32 weights, e.g. rome99 in 151 KB) a round expands a queue in shared
// memory; else the distances alone are kept there, (sizeof(stored distance) + 4) bytes per vertex, and a round
// scans n / 1024 schedule words per thread, reading the CSR from global memory. The largest graph is the device's
// opt-in shared memory per block over that: on an H100 or H200 (227 KB), about 19,000 vertices with int32 weights
// and 29,000 with float32.
constexpr int kBlockThreads = 1024;

// Which kernel a graph that fits one block's shared memory whole runs: the whole-graph one in batches, the
// distances-only one for a single query. Distances-only was up to 40% faster for a single query and the whole graph
// 11% faster per answer in a batch (docs/performance.md). A single query pays for copying the graph into shared memory once per search; a batch of thousands of blocks gains
// from never reading it from L2 again.
constexpr bool kWholeGraphForBatches = true;
constexpr bool kWholeGraphForSingleQueries = false;

}  // namespace gsssp::block_bf
