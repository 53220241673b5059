// Tuning of the partitioned search. kDeltaConstant is measured (below); the launch shapes are the library's usual
// starting points, not measured for this algorithm.
#pragma once

#include <cstdint>

namespace gsssp::partitioned {

// Threads per block of every kernel unless options.block_size says otherwise: the library's default (api/options.hpp).
constexpr int kBlock = 256;
// Blocks per SM of the grid-stride kernels: enough to fill an SM at 256 threads. Not measured.
constexpr int kBlocksPerSm = 4;
// C of Delta = C * W / D when the caller gives neither delta nor delta_constant. On R-MAT 26 over two GPUs, C = 2 was
// faster than Near-Far's 32 (graph/delta_estimate.hpp) and 8, and as fast as 0.5 with a third of the rounds, which
// matter more as parts sit further apart (docs/performance.md).
constexpr double kDeltaConstant = 2.0;

// Edges of one chunk of a large vertex (partitioned_kernels.cuh, chunk_kernel): a frontier vertex with at least
// kChunkEdges out-edges is not expanded by one warp but cut into chunks of kChunkEdges, one block each, spread over
// the whole grid. Why: R-MAT's hubs (scale 26: the source alone has hundreds of thousands of edges) were each walked
// by a single warp, so a round holding one waited for that warp while the rest of the GPU idled; the first round,
// the source alone, ran on one block. 1,024 = 4 edges per thread of a kBlock block: a block's fixed cost (reading
// its chunk's vertex, offsets and distance) is paid per 1,024 relaxations. Below it the warp step (twc.cuh) takes at
// most 32 steps per vertex. On R-MAT 26 over two GPUs chunks made the query about 3 times as fast
// (docs/performance.md). 1,024 itself was not tuned.
constexpr int64_t kChunkEdges = 1024;

}  // namespace gsssp::partitioned
