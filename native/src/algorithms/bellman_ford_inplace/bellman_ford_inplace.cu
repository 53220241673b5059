#include "algorithms/bellman_ford_inplace/bellman_ford_inplace.hpp"

#include <cstdint>

#include "common/atomics.cuh"
#include "common/block_count.cuh"
#include "common/cuda_check.hpp"
#include "common/distance.cuh"
#include "common/init_kernels.cuh"
#include "common/rounds.hpp"
#include "common/timer.hpp"
#include "common/workspace.hpp"

namespace gsssp::bellman_ford_inplace {
namespace {

// One round: a thread per vertex u (grid-stride); for every edge (u, v) of a reached u, d[v] = min(d[v], d[u] + w).
template <class D>
__global__ void relax_kernel(long long num_vertices, const int64_t* __restrict__ offsets,
                             const int32_t* __restrict__ targets, const typename D::weight* __restrict__ weights,
                             typename D::stored* distances, DeviceCounters* counters, long long round) {
  if (!round_is_live(&counters->last_change, round)) return;
  __shared__ unsigned long long visits_slot, edges_slot;
  block_counter_clear(&visits_slot);
  block_counter_clear(&edges_slot);
  __syncthreads();
  unsigned long long visits = 0, edges = 0;
  bool changed = false;
  for (long long u = grid_thread_index(); u < num_vertices; u += grid_stride()) {
    // A value another thread lowers meanwhile is still a path's length: reading either one is safe.
    const typename D::stored du_stored = distances[u];
    if (du_stored == D::kInfinity) continue;
    const typename D::value du = D::decode(du_stored);
    const long long begin = offsets[u], end = offsets[u + 1];
    ++visits;
    edges += static_cast<unsigned long long>(end - begin);
    for (long long e = begin; e < end; ++e) {
      const int32_t v = targets[e];
      const typename D::stored candidate = D::encode(D::relax(du, weights[e]));
      // A plain read first: most relaxations do not improve, and a load is far cheaper than an atomic.
      if (candidate < distances[v]) {
        atomic_min(&distances[v], candidate);
        changed = true;
      }
    }
  }
  block_counter_flush(&visits_slot, visits, &counters->vertex_visits);
  block_counter_flush(&edges_slot, edges, &counters->edges_relaxed);
  mark_round_changed(changed, &counters->last_change, round);
}

template <class D>
AlgorithmRun run_typed(const QueryContext& query) {
  Workspace& ws = *query.workspace;
  const cudaStream_t stream = ws.stream();
  const CsrView& g = query.graph;
  const long long n = g.num_vertices;
  const int grid = query.launch.grid;
  const int block = query.launch.block;
  const auto* weights = static_cast<const typename D::weight*>(g.weights);
  auto* distances = ws.buffer<typename D::stored>(Slot::kDistance0, n);
  DeviceCounters* counters = ws.counters();

  DeviceTimer timer(ws);
  init_distances_kernel<D><<<grid, block, 0, stream>>>(distances, n, query.source);
  // Round r settles at least every vertex whose shortest path has r edges, so n rounds always suffice.
  const int64_t limit = query.max_iterations > 0 ? query.max_iterations : n;
  const RoundLoopResult loop = run_rounds(ws, &counters->last_change, *query.cancelled, limit, [&](int64_t round) {
    relax_kernel<D><<<grid, block, 0, stream>>>(n, g.offsets, g.targets, weights, distances, counters, round);
  });
  return finish_round_loop(timer, "bellman-ford-inplace", loop, query.max_iterations > 0, distances);
}

}  // namespace

AlgorithmRun run(const QueryContext& query) {
  if (query.graph.weight_type == GSSSP_WEIGHT_FLOAT32) return run_typed<Float32Distance>(query);
  return run_typed<Int32Distance>(query);
}

}  // namespace gsssp::bellman_ford_inplace
