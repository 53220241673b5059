// Tuning of the multi-source Bellman-Ford (multi_bf.hpp): the first design's values, chosen by the reasoning
// beside each. More groups per launch paid on road NY's many rounds and not on R-MAT's few; both stay slower than
// concurrent ADDS queries (docs/performance.md).
#pragma once

namespace gsssp::multi_bf {

// Threads per block of the persistent round kernel: 8 warps, one work item each at a time.
constexpr int kBlockThreads = 256;

// Edges per work item. A vertex pushed to the next round becomes ceil(degree / kChunkEdges) items, so a hub's
// edges are dealt out to many warps instead of serialising one warp (R-MAT 20's largest out-degree is in the
// tens of thousands), while a road vertex (degree 2-4) stays one item.
constexpr int kChunkEdges = 32;

// Sources per launch are 32 * groups: one warp lane per source and group. More groups amortise each round's
// grid barrier and each edge read over more sources (road NY above), but the distances take n * 32 * groups stored values
// (8 bytes each for int32 weights), so the driver takes fewer groups when memory is short.
constexpr int kMaxGroups = 4;

// The distances of one launch may use at most this fraction of the device memory free at the time.
constexpr double kMaxFreeFraction = 0.5;

}  // namespace gsssp::multi_bf
