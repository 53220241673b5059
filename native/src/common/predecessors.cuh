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
#include "common/workspace.hpp"

namespace gsssp {

template <class D, bool kPredecessors, bool kOverflowCheck>
__global__ void tight_edges_kernel(long long num_vertices, const int64_t* __restrict__ offsets,
                                   const int32_t* __restrict__ targets,
                                   const typename D::weight* __restrict__ weights,
                                   const typename D::stored* __restrict__ distances,
                                   int32_t* __restrict__ predecessors, DeviceCounters* counters) {
  bool overflow = false;
  for (long long u = grid_thread_index(); u < num_vertices; u += grid_stride()) {
    const typename D::stored du = distances[u];
    if (du == D::kInfinity) continue;
    const typename D::value du_value = D::decode(du);
    const long long end = offsets[u + 1];
    for (long long e = offsets[u]; e < end; ++e) {
      const int32_t v = targets[e];
      const typename D::stored dv = distances[v];
      // At the fixed point d[v] <= relax(d[u], w), so an unreached successor of a reached vertex means
      // the float sum itself overflowed to +inf.
      if (kOverflowCheck && dv == D::kInfinity) {
        overflow = true;
        continue;
      }
      if (kPredecessors && du < dv && D::encode(D::relax(du_value, weights[e])) == dv) predecessors[v] = u;
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
