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
  const long long* level_begin = nullptr;  // levels + 1, from the top level down
  int levels = 0;
  int solo_levels = 0;                  // the first solo_levels levels run in block 0 alone (kSoloCells)
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

// Cells [first, end) of the levels' range starting at `begin`: each cell is a (vertex, lane), and takes the minimum of
// its own value and, over the vertex's incoming downward arcs, the tail's distance plus the weight. Every tail lies in
// a higher level, final before this level started; the cell itself is written by this thread alone.
__device__ __forceinline__ void sweep_cells(const SweepArgs& a, long long begin, long long cells, long long first,
                                            long long stride) {
  const int shift = a.lane_shift;
  const long long lane_mask = (1ll << shift) - 1;
  for (long long c = first; c < cells; c += stride) {
    const long long v = begin + (c >> shift);
    const long long lane = c & lane_mask;
    const long long cell = (v << shift) | lane;
    // From L2: other blocks wrote the tails before the barrier that ended their level.
    long long best = __ldcg(a.dist + cell);
    const long long arcs_end = __ldg(a.offsets + v + 1);
    for (long long e = __ldg(a.offsets + v); e < arcs_end; ++e) {
      const uint2 arc = __ldg(a.arcs + e);
      const long long d = __ldcg(a.dist + ((static_cast<long long>(arc.x) << shift) | lane));
      if (d != kUnreached && d + static_cast<long long>(arc.y) < best) best = d + static_cast<long long>(arc.y);
    }
    a.dist[cell] = best;
  }
}

// The whole sweep, one cooperative launch: every cell unreached, the seeds, the solo levels in block 0, then each
// further level over the whole grid with a grid barrier after it, and (one source) the answer in graph order.
__global__ void __launch_bounds__(kSweepBlock) sweep_kernel(SweepArgs a) {
  cg::grid_group grid = cg::this_grid();
  const long long threads = static_cast<long long>(gridDim.x) * blockDim.x;
  const long long tid = static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x;
  const long long cells = a.count << a.lane_shift;
  for (long long c = tid; c < cells; c += threads) a.dist[c] = kUnreached;
  if (tid == 0 && a.counters != nullptr) {
    a.counters->vertex_visits += a.visits;
    a.counters->edges_relaxed += a.relaxations;
  }
  grid.sync();
  int level = 0;
  if (blockIdx.x == 0) {
    // Seeds (a vertex reached by an upward search appears once per lane, so plain writes), then the top levels.
    for (long long i = threadIdx.x; i < a.seed_count; i += blockDim.x) {
      const Seed s = a.seeds[i];
      a.dist[(static_cast<long long>(s.position) << a.lane_shift) | s.lane] = s.distance;
    }
    __syncthreads();
    for (; level < a.solo_levels; ++level) {
      const long long begin = a.level_begin[level];
      sweep_cells(a, begin, (a.level_begin[level + 1] - begin) << a.lane_shift, threadIdx.x, blockDim.x);
      __syncthreads();
    }
  }
  level = a.solo_levels;
  grid.sync();
  for (; level < a.levels; ++level) {
    const long long begin = a.level_begin[level];
    sweep_cells(a, begin, (a.level_begin[level + 1] - begin) << a.lane_shift, tid, threads);
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
