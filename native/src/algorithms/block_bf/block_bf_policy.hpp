// Tuning of the one-block solver (block_bf.hpp).
#pragma once

namespace gsssp::block_bf {

// Threads of the one block: the most a block may have, so that a round scans n / 1024 activity words per
// thread. The kernel's shared memory is (sizeof(stored distance) + 4) bytes per vertex, so the largest graph
// is the device's opt-in shared memory per block over that: on an H100 or H200 (227 KB), about 19,000
// vertices with int32 weights and 29,000 with float32.
constexpr int kBlockThreads = 1024;

}  // namespace gsssp::block_bf
