// Tuning of H-BF (hbf.hpp): Busato & Bombieri, TPDS'16, sections 4-5.
#pragma once

#include "gsssp.h"

namespace gsssp::hbf {

// Threads per block: the kernels' shared-memory slots (kWarpSlot per warp) are sized for 256 threads.
constexpr int kBlock = 256;

// Section 5.1, the coalesced enqueue: a warp gathers the vertices it enqueues in a shared-memory slot of this many
// entries and writes them out once a round (or when fewer than a warp's worth of room is left: kFlushAt).
constexpr int kWarpSlot = 128;
constexpr int kFlushAt = kWarpSlot - 32;

// Section 5.2, dynamic virtual warps: frontier vertices a virtual warp takes at once when the frontier fills every
// virtual warp of the grid (one otherwise; docs/performance.md).
constexpr int kVerticesPerVirtualWarp = 32;

// Section 5.3, dynamic parallelism. Default mode: device launches were faster than the block-per-vertex kernel on 7
// of 8 graphs on the H100 (docs/performance.md), since they cost nothing in rounds without heavy vertices while the second kernel is launched every round.
// A build without device launch (GSSSP_DEVICE_LAUNCH=OFF: the compute-sanitizer build, whose racecheck and synccheck
// cannot instrument -rdc code) defaults to the block-per-vertex kernel, the next fastest there.
#if defined(GSSSP_HBF_DEVICE_LAUNCH)
constexpr int kDefaultDpMode = GSSSP_HBF_DP_DEVICE_LAUNCH;
#else
constexpr int kDefaultDpMode = GSSSP_HBF_DP_BLOCK_PER_VERTEX;
#endif
// T_DP: the out-degree above which a vertex is expanded by dynamic parallelism (the paper's threshold).
constexpr int kDefaultDpThreshold = 4096;
// Child grids one round may launch at most (device-launch mode).
constexpr unsigned long long kMaxLaunchesPerRound = 1024;

}  // namespace gsssp::hbf
