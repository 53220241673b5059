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
// C = 2 took 307.4 ms and C = 0.5 332.8.
constexpr double kDeltaConstant = 2.0;

}  // namespace gsssp::partitioned
