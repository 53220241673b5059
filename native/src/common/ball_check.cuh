// The check that makes an early stop at targets sound (gsssp_options.targets on the GPU; ADDS's early exit,
// adds_manager.cuh): after the search stopped, with tentative distances d that are all lengths of real paths (every
// value a relaxation ever stored is one), let B be the largest distance among the targets. If no edge (u, v) with
// relax(d[u], w) < B improves v, every target's d is exact. Proof: were d[t] > delta(t) for a target t, take a
// shortest path s = v0 ... vk = t and the first vi with d[vi] > delta(vi) (i >= 1, since d[s] = 0). Then
// d[v(i-1)] = delta(v(i-1)), and with non-negative weights relax(d[v(i-1)], w) = delta(vi) <= delta(t) < d[t] <= B,
// so the edge is in the checked set and does improve vi: a contradiction. It is the certificate's edge condition
// (McConnell et al., "Certifying algorithms", 2011; certify/) restricted to the ball of radius B, the part of the
// graph a stopped search has settled, so it costs a pass over the ball's edges, not the graph's.
//
// Why a check rather than a proof of the stop: ADDS's asynchronous queue has no moment at which a distance range is
// known final (a worker holding a stale item from a later bucket expands it at its vertex's current, lower
// distance, after the head may have passed). An early stop without this check answered 1 of 1,000 checked serve
// requests wrongly on an H200 (2026-11-26). A failed check costs a full search.
#pragma once

#include <cstdint>

#include "common/block_count.cuh"
#include "common/distance.cuh"

namespace gsssp {

struct BallCheck {
  unsigned long long bound;  // the largest target distance (stored format, widened); all ones: a target unreached
  unsigned int violation;    // 1: an edge inside the ball improves its head
  unsigned int armed;        // 1: the search stopped at its targets, so the check applies
};

// One block. `armed_by` (device, may be null: always armed) is the search's own "stopped at the targets" word.
template <class D>
__global__ void ball_bound_kernel(const int32_t* __restrict__ targets, int count, const typename D::stored* __restrict__ dist,
                                  const unsigned* armed_by, BallCheck* check) {
  const unsigned armed = armed_by == nullptr ? 1u : *armed_by;
  if (threadIdx.x == 0) {
    check->bound = 0;
    check->violation = 0;
    check->armed = armed;
  }
  __syncthreads();
  if (armed == 0) return;
  for (int i = threadIdx.x; i < count; i += blockDim.x) {
    atomicMax(&check->bound, static_cast<unsigned long long>(dist[targets[i]]));
  }
}

// The check with a bound given by the caller (stored format, widened): a search that stopped at a radius rather
// than at targets (ADDS's pair query, adds.cu) proves every vertex closer than the bound exact.
__global__ void ball_arm_kernel(unsigned long long bound, BallCheck* check) {
  check->bound = bound;
  check->violation = 0;
  check->armed = 1;
}

// A warp per vertex (its lanes over the vertex's edges, so that a hub's edges do not hold one thread); vertices
// outside the ball leave at once: relax(d[u], w) >= d[u] for w >= 0.
template <class D>
__global__ void ball_edges_kernel(long long n, const int64_t* __restrict__ offsets, const int32_t* __restrict__ heads,
                                  const typename D::weight* __restrict__ weights,
                                  const typename D::stored* __restrict__ dist, BallCheck* check) {
  if (check->armed == 0) return;
  const unsigned long long bound = check->bound;
  const long long warp = grid_thread_index() / 32;
  const long long warps = grid_stride() / 32;
  const int lane = static_cast<int>(threadIdx.x % 32);
  bool bad = false;
  for (long long u = warp; u < n; u += warps) {
    const typename D::stored su = dist[u];
    if (static_cast<unsigned long long>(su) >= bound) continue;
    const typename D::value du = D::decode(su);
    for (long long e = offsets[u] + lane; e < offsets[u + 1]; e += 32) {
      const typename D::stored s = D::encode(D::relax(du, weights[e]));
      if (static_cast<unsigned long long>(s) < bound && s < dist[heads[e]]) bad = true;
    }
  }
  if (bad) check->violation = 1;
}

}  // namespace gsssp
