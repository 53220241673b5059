// Tuning of the partitioned search. Nothing here is measured yet (no GPU run of this algorithm so far): the values
// are the library's usual starting points, to be replaced by measured ones.
#pragma once

#include <cstdint>

namespace gsssp::partitioned {

// Threads per block of every kernel unless options.block_size says otherwise: the library's default (api/options.hpp).
constexpr int kBlock = 256;
// Blocks per SM of the grid-stride kernels: enough to fill an SM at 256 threads. Not measured.
constexpr int kBlocksPerSm = 4;

}  // namespace gsssp::partitioned
