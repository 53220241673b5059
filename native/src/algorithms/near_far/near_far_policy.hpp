// Tuning of Near-Far (Davidson et al., IPDPS'14, as in LonestarGPU): the constants measured rather than derived
// (H100 and H200, sm_90; not yet specialised per architecture). The measurements are in docs/performance.md.
#pragma once

#include <cstdint>

namespace gsssp::near_far {

// Blocks per SM of the persistent grid. 1 per SM was faster on the grid and road NY but slower on rgg 3-D, the
// 18-neighbour mesh and R-MAT 22; 4 per SM was 3-6% faster on the meshes, random 4M x 8 and R-MAT 22 but slower on
// the grid, road NY and the road-like graph.
constexpr int kPersistentBlocksPerSm = 2;
// The largest pile block 0 expands alone, without a grid barrier. With the pile spread over warps, a one-block step of
// 256 items walks 8 times the edges per lane that 32 blocks would; 16 and 64 were within 3.5% of 32 on every graph.
constexpr long long kPersistentSoloItems = 32;
// How often (%globaltimer ns) block 0 reads the host's abort word in pinned host memory: one PCIe round trip of
// 1-2 us, so at 1 ms it costs block 0 about 0.2% of a long run and bounds the reaction to a close at about 1 ms plus
// one step. Block 0 reads it at step starts and during its one-block chains.
constexpr unsigned long long kAbortPollNs = 1000000;
// The host's patience after asking the kernel to stop (the device graph was closed), as ADDS's kAbortGraceMs: past
// it, the query fails and its workspace is abandoned (a kernel that does not stop is a bug).
constexpr int64_t kAbortGraceMs = 5000;

}  // namespace gsssp::near_far
