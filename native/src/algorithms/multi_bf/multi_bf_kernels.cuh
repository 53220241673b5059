// Kernels of the multi-source Bellman-Ford (multi_bf.hpp): initialisation, the persistent round kernel, and the
// two outputs (rows per source, or the targets' columns).
#pragma once

#include <cooperative_groups.h>

#include "algorithms/multi_bf/multi_bf_policy.hpp"
#include "common/distance.cuh"
#include "common/workspace.hpp"

namespace gsssp::multi_bf {

namespace cg = cooperative_groups;

// A frontier entry: up to kChunkEdges out-edges of one vertex, the chunk-th such run.
struct Item {
  int vertex;
  int chunk;
};

// Rounds taken and whether the last one lowered nothing, copied back behind the kernel.
struct RoundRecord {
  long long rounds;
  int converged;
};

// Every lane's distance infinite, every stamp -1 (no round).
template <class D>
__global__ void clear_kernel(long long n, int lanes, typename D::stored* __restrict__ dist, int* __restrict__ stamp) {
  const long long stride = static_cast<long long>(gridDim.x) * blockDim.x;
  const long long cells = n * lanes;
  for (long long i = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x; i < cells; i += stride) {
    dist[i] = D::kInfinity;
    if (i < n) stamp[i] = -1;
  }
}

// Lane s of the launch searches from sources[s] (s < count): its distance 0 there, and the source's out-edges in
// round 0's frontier (once per distinct source). counts[0..2] must be zero.
template <class D>
__global__ void seed_kernel(const int64_t* __restrict__ sources, int count, int lanes, const int64_t* __restrict__ offsets,
                            typename D::stored* __restrict__ dist, int* __restrict__ stamp, Item* __restrict__ items,
                            unsigned long long* __restrict__ counts) {
  for (int s = threadIdx.x; s < count; s += blockDim.x) {
    const long long v = sources[s];
    dist[v * lanes + s] = D::kZero;
    if (atomicExch(&stamp[v], 0) != 0) {
      // A source without out-edges still gets one (empty) item: its visit is counted like other algorithms'.
      const long long degree = offsets[v + 1] - offsets[v];
      const long long chunks = degree > 0 ? (degree + kChunkEdges - 1) / kChunkEdges : 1;
      const unsigned long long at = atomicAdd(&counts[0], static_cast<unsigned long long>(chunks));
      for (long long c = 0; c < chunks; ++c) items[at + c] = Item{static_cast<int>(v), static_cast<int>(c)};
    }
  }
}

// The rounds, in one cooperative launch. Round r expands the items of frontier r % 2 (a warp per item, a lane
// per source and group) and appends to the other; a vertex any of whose distances fell in round r is appended
// once for round r + 1 (stamp[v] == r + 1 dedups). Frontier counts rotate over three words: round r reads
// counts[r % 3], appends to counts[(r + 1) % 3] and clears counts[(r + 2) % 3], which round r - 1 read before
// the barrier that ended it. A distance is read at the item's start (Jacobi within an item); a lowering after
// that read re-queues the vertex, so every lowering is followed by an expansion at that value or a lower one,
// and a round that queues nothing leaves Bellman-Ford's fixed point.
template <class D, int G>
__global__ void __launch_bounds__(kBlockThreads)
    rounds_kernel(const int64_t* __restrict__ offsets, const int32_t* __restrict__ targets,
                  const typename D::weight* __restrict__ weights, typename D::stored* __restrict__ dist,
                  int* __restrict__ stamp, Item* __restrict__ items0, Item* __restrict__ items1,
                  unsigned long long* __restrict__ counts, long long max_rounds, DeviceCounters* counters,
                  RoundRecord* record) {
  using stored = typename D::stored;
  constexpr int kLanes = 32 * G;
  cg::grid_group grid = cg::this_grid();
  const int lane = threadIdx.x & 31;
  const long long warp = (blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x) >> 5;
  const long long warps = (static_cast<long long>(gridDim.x) * blockDim.x) >> 5;
  unsigned long long visits = 0, relaxed = 0;
  bool overflow = false;
  long long round = 0;
  int converged = 0;
  for (; round < max_rounds; ++round) {
    const Item* in = (round & 1) ? items1 : items0;
    Item* out = (round & 1) ? items0 : items1;
    const unsigned long long count = *reinterpret_cast<volatile unsigned long long*>(&counts[round % 3]);
    unsigned long long* next_count = &counts[(round + 1) % 3];
    if (blockIdx.x == 0 && threadIdx.x == 0) counts[(round + 2) % 3] = 0;
    const int next_stamp = static_cast<int>(round + 1);
    for (unsigned long long i = warp; i < count; i += warps) {
      const Item item = in[i];
      const long long v = item.vertex;
      const long long begin = offsets[v] + static_cast<long long>(item.chunk) * kChunkEdges;
      const long long end = min(static_cast<long long>(offsets[v + 1]), begin + kChunkEdges);
      typename D::value du[G];
      bool live[G];
      int searches = 0;  // the sources that reached v: the work counters count per source, as one search would
#pragma unroll
      for (int g = 0; g < G; ++g) {
        const stored s = dist[v * kLanes + g * 32 + lane];
        live[g] = s != D::kInfinity;
        du[g] = D::decode(s);
        searches += __popc(__ballot_sync(0xffffffffu, live[g]));
      }
      for (long long e = begin; e < end; ++e) {
        const long long t = targets[e];
        const typename D::weight w = weights[e];
        bool lowered = false;
#pragma unroll
        for (int g = 0; g < G; ++g) {
          if (!live[g]) continue;
          const stored s = D::encode(D::relax(du[g], w));
          // Only a float sum can overflow (to +inf, the stored infinity): the query fails rather than report
          // a reachable vertex unreachable (gsssp.h).
          if (s == D::kInfinity) {
            overflow = true;
            continue;
          }
          stored* p = &dist[t * kLanes + g * 32 + lane];
          // The plain read filters: distances only fall, so a stale (higher) value costs one atomic at most.
          if (s < *p && s < atomicMin(p, s)) lowered = true;
        }
        if (__any_sync(0xffffffffu, lowered) && lane == 0 && atomicExch(&stamp[t], next_stamp) != next_stamp) {
          const long long degree = offsets[t + 1] - offsets[t];
          if (degree > 0) {
            const long long chunks = (degree + kChunkEdges - 1) / kChunkEdges;
            const unsigned long long at = atomicAdd(next_count, static_cast<unsigned long long>(chunks));
            for (long long c = 0; c < chunks; ++c) out[at + c] = Item{static_cast<int>(t), static_cast<int>(c)};
          }
        }
      }
      if (lane == 0) {
        relaxed += static_cast<unsigned long long>(end - begin) * searches;
        if (item.chunk == 0) visits += searches;
      }
    }
    grid.sync();
    if (*reinterpret_cast<volatile unsigned long long*>(next_count) == 0) {
      converged = 1;
      ++round;
      break;
    }
  }
  if (overflow) counters->overflow = 1;
  if (lane == 0 && (visits | relaxed) != 0) {
    atomicAdd(&counters->vertex_visits, visits);
    atomicAdd(&counters->edges_relaxed, relaxed);
  }
  if (blockIdx.x == 0 && threadIdx.x == 0) {
    record->rounds = round;
    record->converged = converged;
  }
}

// Rows: out[s * n + v] = lane s's distance of v, widened to the C ABI's 8 bytes, for s < count. A 32 x 32 tile
// through shared memory turns the vertex-major layout source-major with both sides coalesced. Counts each row's
// finite distances into reached[s] (and their sum into counters->reached). Blocks of 32 x 8 threads: a warp
// writes one row's 32 vertices at a time.
template <class D>
__global__ void rows_kernel(long long n, int lanes, int count, const typename D::stored* __restrict__ dist,
                            typename D::output* __restrict__ out, unsigned long long* __restrict__ reached,
                            DeviceCounters* counters) {
  __shared__ typename D::stored tile[32][33];
  const long long v0 = static_cast<long long>(blockIdx.x) * 32;
  const int s0 = blockIdx.y * 32;
  for (int j = threadIdx.y; j < 32; j += blockDim.y) {
    const long long v = v0 + j;
    const int s = s0 + threadIdx.x;
    tile[j][threadIdx.x] = v < n && s < count ? dist[v * lanes + s] : D::kInfinity;
  }
  __syncthreads();
  unsigned long long total = 0;
  for (int j = threadIdx.y; j < 32; j += blockDim.y) {
    const int s = s0 + j;
    const long long v = v0 + threadIdx.x;
    const typename D::stored x = tile[threadIdx.x][j];
    const bool finite = s < count && v < n && x != D::kInfinity;
    if (s < count && v < n) out[static_cast<long long>(s) * n + v] = D::to_output(x);
    const int row_reached = __popc(__ballot_sync(0xffffffffu, finite));
    if (threadIdx.x == 0 && row_reached != 0) {
      atomicAdd(&reached[s], static_cast<unsigned long long>(row_reached));
      total += static_cast<unsigned long long>(row_reached);
    }
  }
  if (total != 0) atomicAdd(&counters->reached, total);
}

// Columns: out[s * target_count + j] = lane s's distance of targets[j], for s < count.
template <class D>
__global__ void columns_kernel(int lanes, int count, const int32_t* __restrict__ target_ids, long long target_count,
                               const typename D::stored* __restrict__ dist, typename D::output* __restrict__ out) {
  const long long cells = target_count * count;
  const long long stride = static_cast<long long>(gridDim.x) * blockDim.x;
  for (long long i = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x; i < cells; i += stride) {
    const long long j = i / count;  // consecutive threads read one target's lanes: coalesced
    const int s = static_cast<int>(i - j * count);
    out[s * target_count + j] = D::to_output(dist[static_cast<long long>(target_ids[j]) * lanes + s]);
  }
}

// Lane 0's distances, contiguous: the single-source path's answer for the common tail.
template <class D>
__global__ void lane0_kernel(long long n, int lanes, const typename D::stored* __restrict__ dist,
                             typename D::stored* __restrict__ out) {
  const long long stride = static_cast<long long>(gridDim.x) * blockDim.x;
  for (long long v = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x; v < n; v += stride) {
    out[v] = dist[v * lanes];
  }
}

}  // namespace gsssp::multi_bf
