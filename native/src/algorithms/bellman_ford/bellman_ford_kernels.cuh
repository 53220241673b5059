// Bellman-Ford after Harish & Narayanan (HiPC'07), as written in Patel 2023, "Accelerating Shortest Path
// algorithms on GPU", Algorithms 5-7: a cost array C and an updating cost array U; the relax kernel
// (Alg. 6) lowers U over every out-edge of every reached vertex with atomicMin, reading only C, so a round
// sees a consistent snapshot; the update kernel (Alg. 7) folds U into C. Both use grid-stride loops.
// Unlike Alg. 5, which runs |V| rounds blindly, the host loop stops at the first round that changes
// nothing (Harish's own termination rule).
#pragma once

#include <cstdint>

#include "common/block_count.cuh"
#include "common/distance.cuh"
#include "common/workspace.hpp"

namespace gsssp::bellman_ford {

// Alg. 6. One thread per vertex u: for every edge (u, v), U[v] = min(U[v], C[u] + w), skipped while C[u]
// is infinite.
template <class D>
__global__ void relax_kernel(long long num_vertices, const int64_t* __restrict__ offsets,
                             const int32_t* __restrict__ targets, const typename D::weight* __restrict__ weights,
                             const typename D::stored* __restrict__ cost, typename D::stored* updating_cost,
                             DeviceCounters* counters, long long round) {
  if (!round_is_live(&counters->last_change, round)) return;
  __shared__ unsigned long long visits_slot, edges_slot;
  block_counter_clear(&visits_slot);
  block_counter_clear(&edges_slot);
  __syncthreads();
  unsigned long long visits = 0, edges = 0;
  for (long long u = grid_thread_index(); u < num_vertices; u += grid_stride()) {
    const typename D::stored cu = cost[u];
    if (cu == D::kInfinity) continue;
    const typename D::value du = D::decode(cu);
    const long long begin = offsets[u], end = offsets[u + 1];
    ++visits;
    edges += static_cast<unsigned long long>(end - begin);
    for (long long e = begin; e < end; ++e) {
      const int32_t v = targets[e];
      const typename D::stored candidate = D::encode(D::relax(du, weights[e]));
      // A plain read first: most relaxations do not improve, and a load is far cheaper than an atomic.
      if (candidate < updating_cost[v]) atomic_min(&updating_cost[v], candidate);
    }
  }
  block_counter_flush(&visits_slot, visits, &counters->vertex_visits);
  block_counter_flush(&edges_slot, edges, &counters->edges_relaxed);
}

// Alg. 7. C[v] = U[v] where U[v] < C[v]. The paper's U[v] = C[v] afterwards is implied: U only ever
// decreases from C's value, so after the fold U == C everywhere and the store can be skipped.
template <class D>
__global__ void update_kernel(long long num_vertices, typename D::stored* __restrict__ cost,
                              const typename D::stored* __restrict__ updating_cost, DeviceCounters* counters,
                              long long round) {
  if (!round_is_live(&counters->last_change, round)) return;
  bool changed = false;
  for (long long v = grid_thread_index(); v < num_vertices; v += grid_stride()) {
    const typename D::stored u = updating_cost[v];
    if (u < cost[v]) {
      cost[v] = u;
      changed = true;
    }
  }
  mark_round_changed(changed, &counters->last_change, round);
}

}  // namespace gsssp::bellman_ford
