// Near-Far after Davidson, Baxter, Garland & Owens, "Work-Efficient Parallel GPU Methods for Single-Source
// Shortest Paths" (IPDPS'14), in the optimized form of LonestarGPU that Wang et al. (PPoPP'21, sections 1, 4
// and 6.1.2) measure ADDS against:
//   - two piles in pre-allocated arrays, bulk-synchronous rounds with double-buffered near worklists: a round
//     expands the near pile; a vertex lowered below the current bound goes to the next near pile, else to far;
//   - when near empties the bound rises by Delta and far is split (split_far_kernel);
//   - the duplicate-removal filter: a vertex enters a near pile at most once per round and the far pile at
//     most once per split epoch (tag arrays, one atomicExch per push), and the split drops far entries whose
//     vertex has since fallen below the old bound (already expanded as near work);
//   - load balance for skewed degrees: block-cooperative expansion of vertices of degree >= blockDim, then
//     warp-cooperative expansion of degree >= 32, then one thread per remaining vertex (Merrill's TWC);
//   - warp-aggregated pushes (one atomicAdd per coalesced group, as LonestarGPU's push_warp);
//   - float atomicMin through the order-preserving int image (common/atomics.cuh).
#pragma once

#include <cooperative_groups.h>

#include <cstdint>

#include "common/block_count.cuh"
#include "common/distance.cuh"
#include "common/workspace.hpp"

namespace gsssp::near_far {

namespace cg = cooperative_groups;

// Device counters of the piles, in workspace scratch.
struct PileCounters {
  unsigned long long near_out;   // items pushed to the next near pile
  unsigned long long far;        // items in the current far pile
  unsigned long long far_next;   // items a split keeps in the next far pile
  unsigned long long far_min;    // smallest stored distance of a live far item (split_min_kernel)
};

struct Piles {
  int32_t* near_out;
  int32_t* far;        // the current epoch's far pile
  int32_t* near_tag;   // round + 1 of the last push to a near pile
  int32_t* far_tag;    // epoch of the last push to the far pile
  PileCounters* counters;
};

// Appends v to `list`: one atomicAdd per group of converged threads.
__device__ __forceinline__ void push(int32_t* list, unsigned long long* count, int32_t v) {
  cg::coalesced_group group = cg::coalesced_threads();
  unsigned long long base = 0;
  if (group.thread_rank() == 0) base = atomicAdd(count, static_cast<unsigned long long>(group.size()));
  base = group.shfl(base, 0);
  list[base + group.thread_rank()] = v;
}

template <class D>
__device__ __forceinline__ void relax_edge(int32_t v, typename D::value du, typename D::weight w,
                                           typename D::stored* dist, typename D::value bound, const Piles& piles,
                                           int32_t near_tag, int32_t far_tag) {
  const typename D::value candidate = D::relax(du, w);
  const typename D::stored encoded = D::encode(candidate);
  if (encoded < dist[v] && encoded < atomic_min(&dist[v], encoded)) {
    if (candidate < bound) {
      if (atomicExch(&piles.near_tag[v], near_tag) != near_tag) push(piles.near_out, &piles.counters->near_out, v);
    } else if (atomicExch(&piles.far_tag[v], far_tag) != far_tag) {
      push(piles.far, &piles.counters->far, v);
    }
  }
}

// One Near-Far round: expands every vertex of the near pile. Needs blockDim.x a multiple of 32.
template <class D>
__global__ void expand_kernel(const int32_t* __restrict__ near_in, long long near_size,
                              const int64_t* __restrict__ offsets, const int32_t* __restrict__ targets,
                              const typename D::weight* __restrict__ weights, typename D::stored* dist, Piles piles,
                              typename D::value bound, int32_t near_tag, int32_t far_tag, DeviceCounters* counters) {
  using value = typename D::value;
  __shared__ int owner;
  __shared__ long long shared_begin, shared_end;
  __shared__ value shared_du;
  __shared__ unsigned long long visits_slot, edges_slot;
  block_counter_clear(&visits_slot);
  block_counter_clear(&edges_slot);
  unsigned long long visits = 0, edges = 0;
  const int lane = static_cast<int>(threadIdx.x & 31u);
  const long long step = static_cast<long long>(gridDim.x) * blockDim.x;
  // Block-uniform loop: every thread of the block takes part in each pass (the cooperative phases sync).
  for (long long base = static_cast<long long>(blockIdx.x) * blockDim.x; base < near_size; base += step) {
    const long long i = base + threadIdx.x;
    long long begin = 0, end = 0;
    value du = 0;
    if (i < near_size) {
      const int32_t u = near_in[i];
      begin = offsets[u];
      end = offsets[u + 1];
      du = D::decode(dist[u]);
      ++visits;
      edges += static_cast<unsigned long long>(end - begin);
    }
    // Block-cooperative: one large vertex at a time, all threads of the block on its edges.
    for (;;) {
      if (threadIdx.x == 0) owner = -1;
      __syncthreads();
      if (end - begin >= static_cast<long long>(blockDim.x)) owner = static_cast<int>(threadIdx.x);
      __syncthreads();
      const int current = owner;
      if (current < 0) break;
      if (static_cast<int>(threadIdx.x) == current) {
        shared_begin = begin;
        shared_end = end;
        shared_du = du;
        begin = end;
      }
      __syncthreads();
      const long long b = shared_begin, e_end = shared_end;
      const value d = shared_du;
      for (long long e = b + threadIdx.x; e < e_end; e += blockDim.x) {
        relax_edge<D>(targets[e], d, weights[e], dist, bound, piles, near_tag, far_tag);
      }
      __syncthreads();
    }
    // Warp-cooperative: medium vertices, one at a time per warp.
    for (;;) {
      const unsigned mask = __ballot_sync(0xffffffffu, end - begin >= 32);
      if (mask == 0) break;
      const int leader = __ffs(mask) - 1;
      const long long b = __shfl_sync(0xffffffffu, begin, leader);
      const long long e_end = __shfl_sync(0xffffffffu, end, leader);
      const value d = __shfl_sync(0xffffffffu, du, leader);
      if (lane == leader) begin = end;
      for (long long e = b + lane; e < e_end; e += 32) {
        relax_edge<D>(targets[e], d, weights[e], dist, bound, piles, near_tag, far_tag);
      }
    }
    // The rest: a thread per vertex.
    for (long long e = begin; e < end; ++e) relax_edge<D>(targets[e], du, weights[e], dist, bound, piles, near_tag, far_tag);
  }
  block_counter_flush(&visits_slot, visits, &counters->vertex_visits);
  block_counter_flush(&edges_slot, edges, &counters->edges_relaxed);
}

// Smallest distance among far items still at or above the old bound (the others are stale), so that the
// new bound never leaves the near pile empty (no empty Delta steps, whatever the Delta).
template <class D>
__global__ void split_min_kernel(const int32_t* __restrict__ far, long long far_size,
                                 const typename D::stored* __restrict__ dist, typename D::stored old_bound,
                                 PileCounters* pile_counters) {
  typename D::stored best = D::kInfinity;
  for (long long i = grid_thread_index(); i < far_size; i += grid_stride()) {
    const typename D::stored d = dist[far[i]];
    if (d >= old_bound && d < best) best = d;
  }
  // Warp minimum, then one atomic per warp.
#pragma unroll
  for (int offset = 16; offset > 0; offset >>= 1) {
    const typename D::stored other = __shfl_down_sync(0xffffffffu, best, offset);
    best = other < best ? other : best;
  }
  if ((threadIdx.x & 31u) == 0 && best != D::kInfinity) {
    atomicMin(&pile_counters->far_min, static_cast<unsigned long long>(best));
  }
}

// The split: far items below the new bound become the next near pile, those at or above it stay in far
// (tagged with the new epoch, so later pushes of this epoch skip them), stale ones (below the old bound) go.
template <class D>
__global__ void split_far_kernel(const int32_t* __restrict__ far, long long far_size,
                                 const typename D::stored* __restrict__ dist, typename D::stored old_bound,
                                 typename D::stored new_bound, int32_t* near_out, int32_t* far_next,
                                 int32_t* far_tag, int32_t next_epoch, PileCounters* pile_counters) {
  for (long long i = grid_thread_index(); i < far_size; i += grid_stride()) {
    const int32_t v = far[i];
    const typename D::stored d = dist[v];
    if (d < old_bound) continue;
    if (d < new_bound) {
      push(near_out, &pile_counters->near_out, v);
    } else {
      far_tag[v] = next_epoch;  // far items are distinct within an epoch: no race
      push(far_next, &pile_counters->far_next, v);
    }
  }
}

template <class D>
__global__ void init_kernel(typename D::stored* dist, int32_t* near_tag, int32_t* far_tag, int32_t* near_in,
                            long long num_vertices, long long source) {
  for (long long v = grid_thread_index(); v < num_vertices; v += grid_stride()) {
    dist[v] = (v == source) ? D::kZero : D::kInfinity;
    near_tag[v] = 0;
    far_tag[v] = 0;
  }
  if (grid_thread_index() == 0) near_in[0] = static_cast<int32_t>(source);
}

}  // namespace gsssp::near_far
