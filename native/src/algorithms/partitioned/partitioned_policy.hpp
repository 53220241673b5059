// Tuning of the partitioned search. kDeltaConstant is measured (below); the launch shapes are the library's usual
// starting points, not measured for this algorithm.
#pragma once

#include <cstdint>

namespace gsssp::partitioned {

// Threads per block of every kernel unless options.block_size says otherwise: the library's default (api/options.hpp).
constexpr int kBlock = 256;
// Blocks per SM of the grid-stride kernels: enough to fill an SM at 256 threads. Not measured.
constexpr int kBlocksPerSm = 4;
// C of Delta = C * W / D when the caller gives neither delta nor delta_constant. Near-Far's 32 (graph/
// delta_estimate.hpp) made 3 buckets of 19 rounds on R-MAT 26 over two H200s and relaxed 3.17 billion edges in
// 449.8 ms; C = 8, 2 and 0.5 took 402.8, 373.7 and 372.2 ms (2.90, 2.49 and 1.79 billion edges; 33, 79 and 235
// rounds). 2 is as fast as 0.5 with a third of the rounds, which matter more as parts sit further apart
// (benchmarks/results/scale/2026-11-26_5a8c665_2xh200, call G). After the kernels read before their atomics (call H)
// C = 2 took 307.4 ms and C = 0.5 332.8. With large vertices in chunks (below) C = 2 took 110.5 ms and C = 8 114.9
// (benchmarks/results/scale/2026-11-26_57e7000_2xh200).
constexpr double kDeltaConstant = 2.0;

// Edges of one chunk of a large vertex (partitioned_kernels.cuh, chunk_kernel): a frontier vertex with at least
// kChunkEdges out-edges is not expanded by one warp but cut into chunks of kChunkEdges, one block each, spread over
// the whole grid. Why: R-MAT's hubs (scale 26: the source alone has hundreds of thousands of edges) were each walked
// by a single warp, so a round holding one waited for that warp while the rest of the GPU idled; the first round,
// the source alone, ran on one block. 1,024 = 4 edges per thread of a kBlock block: a block's fixed cost (reading
// its chunk's vertex, offsets and distance) is paid per 1,024 relaxations. Below it the warp step (twc.cuh) takes at
// most 32 steps per vertex. Measured on R-MAT 26 over two H200s, same machine, same Delta and rounds: 318.1 ms with a
// warp per large vertex, 110.5 ms with chunks, against ADDS's 69.0 on one of the GPUs
// (benchmarks/results/scale/2026-11-26_57e7000_2xh200). 1,024 itself was not tuned.
constexpr int64_t kChunkEdges = 1024;

}  // namespace gsssp::partitioned
