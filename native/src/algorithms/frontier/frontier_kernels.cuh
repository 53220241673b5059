// Frontier relaxation after Martín, Torres & Gavilanes, "CUDA Solutions for the SSSP Problem" (ICCS'09),
// Fig. 3 left, relax_F: only frontier vertices (those whose distance fell in the previous round) relax
// their out-edges, with atomicMin on c[j] — the fix for the write-after-write race of Harish & Narayanan's
// updating-cost scheme that the paper's counterexample (Fig. 5 right) exposes. Here the frontier of the
// next round is every vertex an atomicMin actually lowered (its returned old value was larger), and the
// loop ends when a round lowers nothing, i.e. the next frontier is empty.
#pragma once

#include <cstdint>

#include "common/block_count.cuh"
#include "common/distance.cuh"
#include "common/workspace.hpp"

namespace gsssp::frontier {

template <class D>
__global__ void relax_frontier_kernel(long long num_vertices, const int64_t* __restrict__ offsets,
                                      const int32_t* __restrict__ targets,
                                      const typename D::weight* __restrict__ weights, typename D::stored* cost,
                                      uint8_t* __restrict__ frontier, uint8_t* __restrict__ next_frontier,
                                      DeviceCounters* counters, long long round) {
  if (!round_is_live(&counters->last_change, round)) return;
  __shared__ unsigned long long visits_slot, edges_slot;
  block_counter_clear(&visits_slot);
  block_counter_clear(&edges_slot);
  __syncthreads();
  unsigned long long visits = 0, edges = 0;
  bool lowered = false;
  for (long long i = grid_thread_index(); i < num_vertices; i += grid_stride()) {
    if (!frontier[i]) continue;
    // Cleared by its only reader, so this array comes back empty as the next round's next_frontier.
    frontier[i] = 0;
    // c[i] may fall again during this round; either value is an upper bound of a real path, and a fall
    // puts i into the next frontier, which relaxes its edges again with the lower value.
    const typename D::value di = D::decode(cost[i]);
    const long long begin = offsets[i], end = offsets[i + 1];
    ++visits;
    edges += static_cast<unsigned long long>(end - begin);
    for (long long e = begin; e < end; ++e) {
      const int32_t j = targets[e];
      const typename D::stored candidate = D::encode(D::relax(di, weights[e]));
      if (candidate < cost[j] && candidate < atomic_min(&cost[j], candidate)) {
        next_frontier[j] = 1;
        lowered = true;
      }
    }
  }
  block_counter_flush(&visits_slot, visits, &counters->vertex_visits);
  block_counter_flush(&edges_slot, edges, &counters->edges_relaxed);
  mark_round_changed(lowered, &counters->last_change, round);
}

}  // namespace gsssp::frontier
