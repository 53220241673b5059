// Negative-cycle witness for H-BF. Runs only once a negative cycle reachable from the source is certain
// (the frontier loop did not empty within n rounds, or an int distance fell below -max|w|(n-1)).
//
// A synchronous (Jacobi) Bellman-Ford from scratch with parent pointers: round i computes d_new from a
// snapshot d_old, then p(v) := u for an edge with d_old(u) + w = d_new(v) < d_old(v). Every parent edge
// then satisfies d(v) >= d(p(v)) + w, and a round that closes a cycle of parent edges strictly lowered the
// sum of d around it, so every cycle of the parent graph has negative weight (and only reached vertices
// have parents, so it is reachable). Conversely, a vertex still improving in round n holds a walk weight
// below every simple path's, so its parent chain cannot end at the source: it runs into a cycle. The host
// looks for a parent cycle after rounds 1, 2, 4, ... and at the latest after round n.
#pragma once

#include <cstdint>

#include "common/block_count.cuh"
#include "common/distance.cuh"

namespace gsssp::hbf {

template <class D>
__global__ void jacobi_relax_kernel(long long n, const int64_t* __restrict__ offsets, const int32_t* __restrict__ targets,
                                    const typename D::weight* __restrict__ weights,
                                    const typename D::stored* __restrict__ d_old, typename D::stored* d_new,
                                    const uint8_t* __restrict__ active) {
  for (long long u = grid_thread_index(); u < n; u += grid_stride()) {
    if (!active[u]) continue;
    const typename D::value du = D::decode(d_old[u]);
    for (long long e = offsets[u]; e < offsets[u + 1]; ++e) {
      const typename D::stored c = D::encode(D::relax(du, weights[e]));
      const int32_t v = targets[e];
      if (c < d_new[v]) atomic_min(&d_new[v], c);
    }
  }
}

template <class D>
__global__ void jacobi_parent_kernel(long long n, const int64_t* __restrict__ offsets, const int32_t* __restrict__ targets,
                                     const typename D::weight* __restrict__ weights,
                                     const typename D::stored* __restrict__ d_old,
                                     const typename D::stored* __restrict__ d_new, int32_t* parent,
                                     const uint8_t* __restrict__ active, uint8_t* next_active,
                                     unsigned long long* changed) {
  bool any = false;
  for (long long u = grid_thread_index(); u < n; u += grid_stride()) {
    if (!active[u]) continue;
    const typename D::value du = D::decode(d_old[u]);
    for (long long e = offsets[u]; e < offsets[u + 1]; ++e) {
      const typename D::stored c = D::encode(D::relax(du, weights[e]));
      const int32_t v = targets[e];
      if (c == d_new[v] && c < d_old[v]) {
        parent[v] = static_cast<int32_t>(u);
        next_active[v] = 1;
        any = true;
      }
    }
  }
  if (any) *changed = 1;
}

}  // namespace gsssp::hbf
