// Tuning of PHAST and RPHAST (phast.hpp). The sweep's shape (block size, blocks per SM, the solo region) beat the
// other shapes tried on road NY (docs/performance.md, PHAST and "Tried, not kept"); the batch values are reasoned.
#pragma once

#include <cstdint>

namespace gsssp::phast {

// Threads per block of the sweep kernel, and blocks per SM of its cooperative grid. Few large blocks: every level
// below the top ends in a grid barrier, whose cost grows with the blocks that arrive at it, and a level of the
// lower part of a road graph (tens of thousands of vertices) still gives every thread work.
constexpr int kSweepBlock = 1024;
constexpr int kSweepBlocksPerSm = 1;

// The top levels of a hierarchy hold a few vertices each (the top level often one). While a level has at most this
// many (vertex, source) cells, block 0 sweeps it alone with __syncthreads between levels, and the other blocks wait
// at the next grid barrier: a block barrier costs a fraction of a grid barrier, and a level this small is one or two
// passes of one block.
constexpr int64_t kSoloCells = 2 * kSweepBlock;
// Block 0 keeps the distances of those top levels in shared memory (all their arcs' tails lie among them), so a
// level's chain of dependent loads ends in shared memory instead of L2; the solo levels stop where their cells would
// exceed this. On road NY the levels of at most kSoloCells vertices are the top 58 of 68 and hold 10,225 vertices.
constexpr int64_t kSoloSharedCells = 12288;  // 96 KiB of int64
// At most this many solo levels (block 0 keeps each one's arc range in shared memory).
constexpr int kMaxSoloLevels = 256;
// One-source sweeps answer the top levels from a table of their distances (CoreTable, phast_layout.hpp): the most
// top levels whose positions number at most kCoreVertices, a table of at most kCoreVertices^2 uint32 (64 MiB), and at
// most 1/kCoreShare of the graph's vertices, so that a small graph is not made dense. On road NY that is the top 52
// of 67 levels, 4,032 vertices; 4,096 beat 2,048 by 7% there (docs/performance.md, PHAST). A core seed costs one
// 128-byte load per 32 cells; a warp loads kCoreSeedsPerWarp seeds' segments before it uses any.
constexpr int64_t kCoreVertices = 4096;
constexpr int64_t kCoreShare = 8;
constexpr int kCoreSeedsPerWarp = 8;
// A solo level runs arc-parallel (phast_kernels.cuh, sweep_solo_arcs): each thread loads this many arcs before it
// uses any, so that their load latencies overlap.
constexpr int kSoloArcsPerThread = 4;
// A cell below the solo levels reads its incoming arcs this many at a time (phast_kernels.cuh, sweep_cells): the
// loads of a group overlap, so a vertex of in-degree k waits about ceil(k / 4) load pairs instead of k.
constexpr int kCellArcLoads = 4;

// Sources swept together in one launch of a batch (a power of two): distances are laid out [vertex][lane], so every
// arc is read once for all of them and each level's barrier serves them all. Fewer when the batch is smaller or the
// distances would take more than kMaxFreeFraction of the free device memory.
constexpr int kMaxLanes = 256;
constexpr double kMaxFreeFraction = 0.5;

// A batch runs its upward searches on this many sources per host thread at least (a thread costs tens of
// microseconds to start; an upward search on a road graph a few).
constexpr int64_t kSourcesPerThread = 16;

}  // namespace gsssp::phast
