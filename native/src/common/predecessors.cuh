// Kernels that derive a shortest-path tree from final distances, shared by every algorithm (so the relax
// kernels stay as the papers wrote them, without predecessor bookkeeping), plus the float overflow check.
//
// Pass 1 (tight_edges_kernel): u becomes pred[v] for an edge u->v with relax(d[u], w) == d[v] and
// d[u] < d[v]. The strict inequality makes every chain of such links strictly decreasing, hence acyclic;
// racing writers are fine since any tight u is a valid parent.
//
// Pass 2, only when some reached vertex is still unset (zero weights, or float weights too small to change
// a sum): claim_kernel rounds. A vertex whose parent is set (or the source) claims each tight successor that
// has none with atomicCAS(pred[v], -1, u). A claim points to a vertex whose link was set earlier in time,
// so no cycle can form even across zero-weight cycles, and since CPU Dijkstra's tree is made of tight edges,
// every reached vertex is reachable from the source along tight edges and ends up claimed.
#pragma once

#include <type_traits>

#include <cstdint>

#include "common/block_count.cuh"
#include "common/twc.cuh"
#include "common/workspace.hpp"

namespace gsssp {

// One edge u -> targets[e] of pass 1: links the target to u when the edge is tight, and notes a float overflow.
template <class D, bool kPredecessors, bool kOverflowCheck>
__device__ __forceinline__ void tight_edge(long long u, typename D::stored du, typename D::value du_value, long long e,
                                           const int32_t* __restrict__ targets,
                                           const typename D::weight* __restrict__ weights,
                                           const typename D::stored* __restrict__ distances,
                                           int32_t* __restrict__ predecessors, bool& overflow) {
  const int32_t v = targets[e];
  const typename D::stored dv = distances[v];
  // At the fixed point d[v] <= relax(d[u], w), so an unreached successor of a reached vertex means
  // the float sum itself overflowed to +inf.
  if (kOverflowCheck && dv == D::kInfinity) {
    overflow = true;
    return;
  }
  if (kPredecessors && du < dv && D::encode(D::relax(du_value, weights[e])) == dv) {
    predecessors[v] = static_cast<int32_t>(u);
  }
}

// Pass 1 over every reached vertex's out-edges, expanded as Merrill's TWC (thread-warp-CTA): a vertex of at least a
// block's worth of edges by the whole block, one of at least a warp's worth by its warp (twc.cuh's steps), the
// rest by their own thread. Why: with a thread per vertex, a hub's edges were walked by one thread, and on R-MAT 22 this
// pass took 15 times as long as ADDS's search (docs/performance.md). blockDim.x is a multiple of 32 (api/options.hpp)
// and the loop is block-uniform, as the block step's barriers need.
template <class D, bool kPredecessors, bool kOverflowCheck>
__global__ void tight_edges_kernel(long long num_vertices, const int64_t* __restrict__ offsets,
                                   const int32_t* __restrict__ targets,
                                   const typename D::weight* __restrict__ weights,
                                   const typename D::stored* __restrict__ distances,
                                   int32_t* __restrict__ predecessors, DeviceCounters* counters) {
  using stored = typename D::stored;
  using value = typename D::value;
  __shared__ int owner;
  __shared__ long long shared_u, shared_begin, shared_end;
  __shared__ stored shared_du;
  bool overflow = false;
  const int lane = static_cast<int>(threadIdx.x & 31u);
  for (long long base = static_cast<long long>(blockIdx.x) * blockDim.x; base < num_vertices; base += grid_stride()) {
    const long long u = base + threadIdx.x;
    long long begin = 0, end = 0;
    stored du = D::kInfinity;
    if (u < num_vertices) {
      du = distances[u];
      if (du != D::kInfinity) {
        begin = offsets[u];
        end = offsets[u + 1];
      }
    }
    // Block step: one large vertex at a time, every thread of the block on its edges.
    while (block_take_vertex(owner, begin, end, block_slot(shared_u, u), block_slot(shared_begin, begin),
                             block_slot(shared_end, end), block_slot(shared_du, du))) {
      const long long bu = shared_u, b_end = shared_end;
      const stored bdu = shared_du;
      const value bdu_value = D::decode(bdu);
      for (long long e = shared_begin + threadIdx.x; e < b_end; e += blockDim.x) {
        tight_edge<D, kPredecessors, kOverflowCheck>(bu, bdu, bdu_value, e, targets, weights, distances, predecessors,
                                                     overflow);
      }
      __syncthreads();  // before the next election rewrites the shared vertex
    }
    // Warp step: medium vertices, one at a time per warp.
    for (;;) {
      const unsigned mask = __ballot_sync(0xffffffffu, end - begin >= 32);
      if (mask == 0) break;
      const int leader = __ffs(mask) - 1;
      const long long wu = __shfl_sync(0xffffffffu, u, leader);
      const long long wb = __shfl_sync(0xffffffffu, begin, leader);
      const long long we = __shfl_sync(0xffffffffu, end, leader);
      const stored wdu = __shfl_sync(0xffffffffu, du, leader);
      if (lane == leader) begin = end;
      const value wdu_value = D::decode(wdu);
      for (long long e = wb + lane; e < we; e += 32) {
        tight_edge<D, kPredecessors, kOverflowCheck>(wu, wdu, wdu_value, e, targets, weights, distances, predecessors,
                                                     overflow);
      }
    }
    // Thread step: the rest.
    if (begin < end) {
      const value du_value = D::decode(du);
      for (long long e = begin; e < end; ++e) {
        tight_edge<D, kPredecessors, kOverflowCheck>(u, du, du_value, e, targets, weights, distances, predecessors,
                                                     overflow);
      }
    }
  }
  if (overflow) counters->overflow = 1;
}

// Counts reached vertices and, when predecessors are wanted, reached non-source vertices without one; a null
// output skips that count (the same for the whole grid, so the flush's __syncthreads stays uniform).
template <class D>
__global__ void count_reached_kernel(long long num_vertices, long long source,
                                     const typename D::stored* __restrict__ distances,
                                     const int32_t* __restrict__ predecessors, unsigned long long* reached_out,
                                     unsigned long long* unset_out) {
  __shared__ unsigned long long reached_slot, unset_slot;
  block_counter_clear(&reached_slot);
  block_counter_clear(&unset_slot);
  __syncthreads();
  unsigned long long reached = 0, unset = 0;
  for (long long v = grid_thread_index(); v < num_vertices; v += grid_stride()) {
    if (distances[v] == D::kInfinity) continue;
    ++reached;
    if (predecessors != nullptr && v != source && predecessors[v] < 0) ++unset;
  }
  if (reached_out != nullptr) block_counter_flush(&reached_slot, reached, reached_out);
  if (unset_out != nullptr) block_counter_flush(&unset_slot, unset, unset_out);
}

template <class D>
__device__ __forceinline__ bool claim_tight_successors(long long u, long long source, const int64_t* offsets,
                                                       const int32_t* targets,
                                                       const typename D::weight* weights,
                                                       const typename D::stored* distances,
                                                       int32_t* predecessors) {
  // A thread that claims v goes on from v itself (a small explicit stack), so a long zero-weight chain is
  // claimed in one round instead of one vertex per round. What overflows the stack waits for a later round.
  constexpr int kStack = 16;
  long long stack[kStack];
  int depth = 0;
  stack[depth++] = u;
  bool claimed = false;
  while (depth > 0) {
    const long long x = stack[--depth];
    const typename D::value dx = D::decode(distances[x]);
    const long long end = offsets[x + 1];
    for (long long e = offsets[x]; e < end; ++e) {
      const int32_t v = targets[e];
      if (v == source || reinterpret_cast<volatile int32_t*>(predecessors)[v] >= 0) continue;
      if (D::encode(D::relax(dx, weights[e])) != distances[v]) continue;
      if (atomicCAS(&predecessors[v], -1, static_cast<int32_t>(x)) == -1) {
        claimed = true;
        if (depth < kStack) stack[depth++] = v;
      }
    }
  }
  return claimed;
}

template <class D>
__global__ void claim_kernel(long long num_vertices, long long source, const int64_t* __restrict__ offsets,
                             const int32_t* __restrict__ targets, const typename D::weight* __restrict__ weights,
                             const typename D::stored* __restrict__ distances, int32_t* predecessors,
                             unsigned long long* claim_change, long long round) {
  if (!round_is_live(claim_change, round)) return;
  bool claimed = false;
  for (long long u = grid_thread_index(); u < num_vertices; u += grid_stride()) {
    if (distances[u] == D::kInfinity) continue;
    if (u != source && reinterpret_cast<volatile int32_t*>(predecessors)[u] < 0) continue;
    claimed |= claim_tight_successors<D>(u, source, offsets, targets, weights, distances, predecessors);
  }
  mark_round_changed(claimed, claim_change, round);
}

// Widens the stored distances to the C ABI's 8-byte output and, when reached_out is non-null, counts the
// reached vertices in the same pass (one read of the distances instead of two).
template <class D>
__global__ void to_output_kernel(long long num_vertices, const typename D::stored* __restrict__ distances,
                                 typename D::output* __restrict__ output, unsigned long long* reached_out) {
  __shared__ unsigned long long reached_slot;
  block_counter_clear(&reached_slot);
  __syncthreads();
  unsigned long long reached = 0;
  for (long long v = grid_thread_index(); v < num_vertices; v += grid_stride()) {
    const typename D::stored s = distances[v];
    output[v] = D::to_output(s);
    reached += s != D::kInfinity ? 1 : 0;
  }
  if (reached_out != nullptr) block_counter_flush(&reached_slot, reached, reached_out);
}

// The compact host output and the reached count in one pass: 4 bytes per distance (D::to_compact), or with kNarrow
// 2 (D::to_narrow). Sets bit 0 of *wide_needed when a distance does not fit 4 bytes, and with kNarrow bit 1 when one
// does not fit 2.
template <class D, bool kNarrow>
__global__ void to_compact_kernel(long long num_vertices, const typename D::stored* __restrict__ distances,
                                  std::conditional_t<kNarrow, typename D::narrow, typename D::compact>* __restrict__ output,
                                  unsigned long long* reached_out, unsigned long long* wide_needed) {
  __shared__ unsigned long long reached_slot;
  block_counter_clear(&reached_slot);
  __syncthreads();
  unsigned long long reached = 0;
  bool fits_narrow = true, fits_compact = true;
  for (long long v = grid_thread_index(); v < num_vertices; v += grid_stride()) {
    const typename D::stored s = distances[v];
    typename D::compact compact;
    fits_compact &= D::to_compact(s, compact);
    if constexpr (kNarrow) {
      typename D::narrow narrow;
      fits_narrow &= D::to_narrow(s, narrow);
      output[v] = narrow;
    } else {
      output[v] = compact;
    }
    reached += s != D::kInfinity ? 1 : 0;
  }
  const unsigned long long bits = (fits_narrow ? 0ull : 2ull) | (fits_compact ? 0ull : 1ull);
  if (bits != 0) atomicOr(wide_needed, bits);
  block_counter_flush(&reached_slot, reached, reached_out);
}

}  // namespace gsssp
