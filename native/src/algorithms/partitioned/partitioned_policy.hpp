// Tuning of the partitioned search. Nothing here is measured yet (no GPU run of this algorithm so far): the values
// are the library's usual starting points, to be replaced by measured ones.
#pragma once

#include <cstdint>

namespace gsssp::partitioned {

// Threads per block of every kernel unless options.block_size says otherwise: the library's default (api/options.hpp).
constexpr int kBlock = 256;
// Blocks per SM of the grid-stride kernels: enough to fill an SM at 256 threads. Not measured.
constexpr int kBlocksPerSm = 4;
// Distances are copied back in pieces of this many bytes through one host buffer, so the host buffer stays small
// for graphs beyond one GPU.
constexpr int64_t kCopyBackBytes = int64_t{64} << 20;

}  // namespace gsssp::partitioned
