#include "algorithms/bellman_ford/bellman_ford.hpp"

#include "algorithms/bellman_ford/bellman_ford_kernels.cuh"
#include "common/cuda_check.hpp"
#include "common/init_kernels.cuh"
#include "common/rounds.hpp"
#include "common/timer.hpp"

namespace gsssp::bellman_ford {
namespace {

template <class D>
AlgorithmRun run_typed(const QueryContext& query) {
  Workspace& ws = *query.workspace;
  const cudaStream_t stream = ws.stream();
  const CsrView& g = query.graph;
  const long long n = g.num_vertices;
  const int grid = query.launch.grid;
  const int block = query.launch.block;
  const auto* weights = static_cast<const typename D::weight*>(g.weights);
  auto* cost = ws.buffer<typename D::stored>(Slot::kDistance0, n);
  auto* updating_cost = ws.buffer<typename D::stored>(Slot::kDistance1, n);
  DeviceCounters* counters = ws.counters();

  DeviceTimer timer(ws);
  init_distances_kernel<D><<<grid, block, 0, stream>>>(cost, n, query.source);
  init_distances_kernel<D><<<grid, block, 0, stream>>>(updating_cost, n, query.source);
  // With non-negative weights every shortest path is simple (at most n - 1 edges), so round n - 1 at the
  // latest changes nothing: n rounds always suffice.
  const int64_t limit = query.max_iterations > 0 ? query.max_iterations : n;
  const RoundLoopResult loop = run_rounds(ws, &counters->last_change, *query.cancelled, limit, [&](int64_t round) {
    relax_kernel<D><<<grid, block, 0, stream>>>(n, g.offsets, g.targets, weights, cost, updating_cost, counters,
                                                round);
    update_kernel<D><<<grid, block, 0, stream>>>(n, cost, updating_cost, counters, round);
  });
  return finish_round_loop(timer, "bellman-ford", loop, query.max_iterations > 0, cost);
}

}  // namespace

AlgorithmRun run(const QueryContext& query) {
  if (query.graph.weight_type == GSSSP_WEIGHT_FLOAT32) return run_typed<Float32Distance>(query);
  return run_typed<Int32Distance>(query);
}

}  // namespace gsssp::bellman_ford
