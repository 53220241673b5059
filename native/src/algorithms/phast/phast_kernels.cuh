// The device half of PHAST (phast.hpp): the downward sweep by levels in one cooperative launch, and the passes that
// read its distances out (a one-source answer in graph order, a batch's rows, a matrix's columns).
#pragma once

#include <cooperative_groups.h>

#include <cstdint>

#include "algorithms/phast/phast_layout.hpp"
#include "algorithms/phast/phast_policy.hpp"
#include "common/distance.cuh"
#include "common/workspace.hpp"

namespace gsssp::phast {

namespace cg = cooperative_groups;

constexpr long long kUnreached = 0x7fffffffffffffffll;  // GSSSP_INT_INFINITY: the C ABI's value, and the sweep's

struct SweepArgs {
  long long count = 0;                  // vertices swept: the layout's n, or a selection's size
  const long long* offsets = nullptr;   // count + 1: incoming downward arcs by head
  const uint2* arcs = nullptr;          // (tail index, weight)
  // Per arc, its head index, for the arc-parallel solo levels (sweep_solo_arcs); covers at least the solo levels' arcs.
  const int32_t* heads = nullptr;
  const long long* level_begin = nullptr;  // levels + 1, from the top level down
  int levels = 0;
  // One source only (0 otherwise): the top core_levels levels, positions [0, core), are answered from the core table
  // (CoreTable, phast_layout.hpp: table[u * core + v], kNoPath none); seeds[0, core_seeds) are the seeds there
  // (where the core is closed, only the vertices where the upward search entered it: CoreTable::closed).
  const uint32_t* table = nullptr;
  long long core = 0;
  int core_levels = 0;
  long long core_seeds = 0;
  // The levels [core_levels, solo_end) run in block 0 alone, in shared memory holding cells [0, solo_cells):
  // level_begin[solo_end] << lane_shift (the dynamic shared memory).
  int solo_end = 0;
  long long solo_cells = 0;
  int lane_shift = 0;                   // 1 << lane_shift sources, distances at (index << lane_shift) | lane
  long long* dist = nullptr;            // count << lane_shift
  const Seed* seeds = nullptr;          // lanes within the launch, indices within the swept range
  long long seed_count = 0;
  // One source: the answer in graph order and in the stored format (common/distance.cuh), answer[v] from
  // dist[position[v]]; null for a batch.
  unsigned long long* answer = nullptr;
  const int32_t* position = nullptr;
  long long n = 0;
  DeviceCounters* counters = nullptr;
  unsigned long long visits = 0;        // added to the counters by thread 0
  unsigned long long relaxations = 0;
};

// Cells [first, end) of the levels' range starting at `begin`, below the solo levels: each cell is a (vertex, lane),
// and takes the minimum of its own value and, over the vertex's incoming downward arcs, the tail's distance plus the
// weight. Every tail lies in a higher level, final before this level started; the cell itself is written by this
// thread alone. The distances are read from L2 (other blocks wrote the tails before the barrier that ended their
// level).
__device__ __forceinline__ void sweep_cells(const SweepArgs& a, long long* dist, long long begin, long long cells,
                                            long long first, long long stride) {
  const int shift = a.lane_shift;
  const long long lane_mask = (1ll << shift) - 1;
  for (long long c = first; c < cells; c += stride) {
    const long long v = begin + (c >> shift);
    const long long lane = c & lane_mask;
    const long long cell = (v << shift) | lane;
    long long best = __ldcg(dist + cell);
    const long long arcs_end = __ldg(a.offsets + v + 1);
    // kCellArcLoads arcs at a time: their loads, then their tails' distances, each group issued together.
    for (long long e = __ldg(a.offsets + v); e < arcs_end; e += kCellArcLoads) {
      uint2 arc[kCellArcLoads];
#pragma unroll
      for (int k = 0; k < kCellArcLoads; ++k) {
        arc[k] = e + k < arcs_end ? __ldg(a.arcs + e + k) : make_uint2(0u, 0u);
      }
      long long d[kCellArcLoads];
#pragma unroll
      for (int k = 0; k < kCellArcLoads; ++k) {
        d[k] = kUnreached;
        if (e + k < arcs_end) {
          const long long tail = (static_cast<long long>(arc[k].x) << shift) | lane;
          d[k] = __ldcg(dist + tail);
        }
      }
#pragma unroll
      for (int k = 0; k < kCellArcLoads; ++k) {
        if (d[k] != kUnreached && d[k] + static_cast<long long>(arc[k].y) < best) {
          best = d[k] + static_cast<long long>(arc[k].y);
        }
      }
    }
    dist[cell] = best;
  }
}

// One solo level arc-parallel, in block 0's shared copy of the solo region: every (arc, lane) of the level's arcs
// [arc_begin, arc_end) is one item, whose tail cell (final: a higher level) offers its distance plus the weight to
// the head cell by a shared-memory atomicMin. A level then costs about one load latency per kSoloArcsPerThread *
// blockDim.x items instead of one per arc of its vertex with the most incoming arcs (the top of a hierarchy is
// nearly a clique). The items' arcs and heads are loaded first, kSoloArcsPerThread at once, so that their loads
// overlap.
__device__ __forceinline__ void sweep_solo_arcs(const SweepArgs& a, long long* solo, long long arc_begin,
                                                long long arc_end) {
  const int shift = a.lane_shift;
  const long long lane_mask = (1ll << shift) - 1;
  const long long items = (arc_end - arc_begin) << shift;
  const long long stride = static_cast<long long>(blockDim.x);
  for (long long base = threadIdx.x; base < items; base += kSoloArcsPerThread * stride) {
    uint2 arc[kSoloArcsPerThread];
    int32_t head[kSoloArcsPerThread];
#pragma unroll
    for (int k = 0; k < kSoloArcsPerThread; ++k) {
      const long long i = base + k * stride;
      if (i < items) {
        const long long e = arc_begin + (i >> shift);
        arc[k] = __ldg(a.arcs + e);
        head[k] = __ldg(a.heads + e);
      }
    }
#pragma unroll
    for (int k = 0; k < kSoloArcsPerThread; ++k) {
      const long long i = base + k * stride;
      if (i < items) {
        const long long lane = i & lane_mask;
        const long long d = solo[(static_cast<long long>(arc[k].x) << shift) | lane];
        if (d != kUnreached) {
          atomicMin(solo + ((static_cast<long long>(head[k]) << shift) | lane), d + static_cast<long long>(arc[k].y));
        }
      }
    }
  }
}

// The core's cells from the table: cell v = min over the core seeds e of seed(e) + table[e][v]. A block takes 32
// consecutive cells at a time, its lanes one cell each; each warp takes kCoreSeedsPerWarp seeds at a time, whose row
// segments are one 128-byte load each and whose loads are all issued before any is used; the warps' minima meet in
// `scratch` (blockDim.x entries).
__device__ __forceinline__ void sweep_core(const SweepArgs& a, long long* scratch) {
  constexpr int kSeeds = kCoreSeedsPerWarp;
  const int lane = static_cast<int>(threadIdx.x & 31);
  const int warp = static_cast<int>(threadIdx.x >> 5);
  const int warps = static_cast<int>(blockDim.x >> 5);
  for (long long base = static_cast<long long>(blockIdx.x) * 32; base < a.core; base += static_cast<long long>(gridDim.x) * 32) {
    const long long v = base + lane;
    long long best = kUnreached;
    for (long long first = static_cast<long long>(warp) * kSeeds; first < a.core_seeds;
         first += static_cast<long long>(warps) * kSeeds) {
      // Lane i < kSeeds holds seed first + i; the others hand out nothing.
      int32_t position = 0;
      long long distance = kUnreached;
      if (lane < kSeeds && first + lane < a.core_seeds) {
        position = a.seeds[first + lane].position;
        distance = a.seeds[first + lane].distance;
      }
      uint32_t t[kSeeds];
      long long d[kSeeds];
#pragma unroll
      for (int k = 0; k < kSeeds; ++k) {
        const int32_t u = __shfl_sync(0xffffffffu, position, k);
        d[k] = __shfl_sync(0xffffffffu, distance, k);
        t[k] = d[k] != kUnreached && v < a.core ? __ldg(a.table + static_cast<long long>(u) * a.core + v)
                                                : CoreTable::kNoPath;
      }
#pragma unroll
      for (int k = 0; k < kSeeds; ++k) {
        if (t[k] != CoreTable::kNoPath && d[k] + static_cast<long long>(t[k]) < best) best = d[k] + t[k];
      }
    }
    scratch[threadIdx.x] = best;
    __syncthreads();
    if (warp == 0) {
      for (int w = 1; w < warps; ++w) best = min(best, scratch[w * 32 + lane]);
      if (v < a.core) a.dist[v] = best;
    }
    __syncthreads();
  }
}

// Cells [lo, hi) of the block's share of [from, cells) (shares over `parts` blocks, this one `part`) set unreached,
// then the seeds that fall there written: a block's own cells, so only __syncthreads orders them.
__device__ __forceinline__ void init_share(const SweepArgs& a, long long from, long long cells, long long part,
                                           long long parts) {
  const int shift = a.lane_shift;
  const long long rest = cells - from;
  const long long share = (rest + parts - 1) / parts;
  const long long lo = from + part * share;
  const long long hi = lo + share < cells ? lo + share : cells;
  for (long long c = lo + threadIdx.x; c < hi; c += blockDim.x) a.dist[c] = kUnreached;
  __syncthreads();
  for (long long i = threadIdx.x; i < a.seed_count; i += blockDim.x) {
    const Seed s = a.seeds[i];
    const long long cell = (static_cast<long long>(s.position) << shift) | s.lane;
    if (cell >= lo && cell < hi) a.dist[cell] = s.distance;
  }
}

// The whole sweep, one cooperative launch:
//   1. with a core table: every block answers its tiles of the core (sweep_core) and sets its share of the cells
//      below unreached, with their seeds; a grid barrier;
//   2. block 0 sweeps the solo levels in shared memory: their cells (from step 1, or unreached and the seeds that
//      fall there), then level after level (arc-parallel) with __syncthreads between, and the result written back;
//      without a core table, meanwhile every other block sets its share of the remaining cells unreached and writes
//      the seeds that fall there;
//   3. a grid barrier; then each further level over the whole grid, a grid barrier after each;
//   4. one source: the answer in graph order.
// The dynamic shared memory holds solo_cells distances, and at least blockDim.x with a core table.
__global__ void __launch_bounds__(kSweepBlock) sweep_kernel(SweepArgs a) {
  extern __shared__ long long solo[];
  cg::grid_group grid = cg::this_grid();
  const long long cells = a.count << a.lane_shift;
  const int shift = a.lane_shift;
  const bool core = a.core > 0;
  const int first = core ? a.core_levels : 0;
  if (blockIdx.x == 0 && threadIdx.x == 0 && a.counters != nullptr) {
    a.counters->vertex_visits += a.visits;
    a.counters->edges_relaxed += a.relaxations;
  }
  if (core) {
    sweep_core(a, solo);
    init_share(a, a.core, cells, blockIdx.x, gridDim.x);
    grid.sync();
  }
  if (blockIdx.x == 0 && a.solo_end > first) {
    // The solo levels' arc ranges, read once at the start (each level's bound is two dependent loads).
    __shared__ long long solo_arc_begin[kMaxSoloLevels + 1];
    for (int level = first + static_cast<int>(threadIdx.x); level <= a.solo_end; level += blockDim.x) {
      solo_arc_begin[level - first] = __ldg(a.offsets + __ldg(a.level_begin + level));
    }
    if (core) {
      for (long long c = threadIdx.x; c < a.solo_cells; c += blockDim.x) solo[c] = __ldcg(a.dist + c);
    } else {
      for (long long c = threadIdx.x; c < a.solo_cells; c += blockDim.x) solo[c] = kUnreached;
      __syncthreads();
      // A vertex reached by an upward search is a seed once per lane: plain writes.
      for (long long i = threadIdx.x; i < a.seed_count; i += blockDim.x) {
        const Seed s = a.seeds[i];
        const long long cell = (static_cast<long long>(s.position) << shift) | s.lane;
        if (cell < a.solo_cells) solo[cell] = s.distance;
      }
    }
    __syncthreads();
    for (int level = first; level < a.solo_end; ++level) {
      sweep_solo_arcs(a, solo, solo_arc_begin[level - first], solo_arc_begin[level - first + 1]);
      __syncthreads();
    }
    for (long long c = (core ? a.core : 0) + threadIdx.x; c < a.solo_cells; c += blockDim.x) a.dist[c] = solo[c];
  }
  if (!core && (blockIdx.x != 0 || gridDim.x == 1)) {
    // The cells past the solo region, in one contiguous share per block (blocks 1.., or block 0 in a grid of one).
    init_share(a, a.solo_cells, cells, gridDim.x > 1 ? blockIdx.x - 1 : 0, gridDim.x > 1 ? gridDim.x - 1 : 1);
  }
  if (!core || a.solo_end > first) grid.sync();
  const long long threads = static_cast<long long>(gridDim.x) * blockDim.x;
  const long long tid = static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x;
  for (int level = a.solo_end > first ? a.solo_end : first; level < a.levels; ++level) {
    const long long begin = a.level_begin[level];
    sweep_cells(a, a.dist, begin, (a.level_begin[level + 1] - begin) << shift, tid, threads);
    grid.sync();
  }
  if (a.answer != nullptr) {
    for (long long v = tid; v < a.n; v += threads) {
      a.answer[v] = Int32Distance::encode(__ldcg(a.dist + a.position[v]));
    }
  }
}

// A batch's rows: rows[i * n + v] = the distance of graph vertex v from lane i's source (i < k), and reached[i] its
// finite ones. blockIdx.y is the lane, so a warp's threads share one and count with one atomic.
__global__ void rows_kernel(long long n, int lane_shift, int k, const int32_t* position, const long long* dist,
                            long long* rows, unsigned long long* reached) {
  const int lane = blockIdx.y;
  if (lane >= k) return;
  unsigned int finite = 0;
  for (long long v = static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x; v < n;
       v += static_cast<long long>(gridDim.x) * blockDim.x) {
    const long long d = dist[(static_cast<long long>(position[v]) << lane_shift) | lane];
    rows[static_cast<long long>(lane) * n + v] = d;
    finite += d != kUnreached ? 1u : 0u;
  }
  for (int offset = 16; offset > 0; offset >>= 1) finite += __shfl_down_sync(0xffffffffu, finite, offset);
  if ((threadIdx.x & 31) == 0 && finite != 0) atomicAdd(reached + lane, static_cast<unsigned long long>(finite));
}

// A matrix's block of rows: out[i * target_count + t] = the distance of target t (its index in the swept range,
// target_index[t]) from lane i's source.
__global__ void columns_kernel(int lane_shift, int k, const int32_t* target_index, long long target_count,
                               const long long* dist, long long* out) {
  const long long total = static_cast<long long>(k) * target_count;
  for (long long c = static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x; c < total;
       c += static_cast<long long>(gridDim.x) * blockDim.x) {
    const long long lane = c / target_count;
    const long long t = c - lane * target_count;
    out[c] = dist[(static_cast<long long>(target_index[t]) << lane_shift) | lane];
  }
}

}  // namespace gsssp::phast
