#include "algorithms/frontier/frontier.hpp"

#include "algorithms/frontier/frontier_kernels.cuh"
#include "common/cuda_check.hpp"
#include "common/init_kernels.cuh"
#include "common/rounds.hpp"
#include "common/timer.hpp"

namespace gsssp::frontier {
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
  uint8_t* flags[2] = {ws.buffer<uint8_t>(Slot::kFlags0, n), ws.buffer<uint8_t>(Slot::kFlags1, n)};
  DeviceCounters* counters = ws.counters();

  DeviceTimer timer(ws);
  init_distances_kernel<D><<<grid, block, 0, stream>>>(cost, n, query.source);
  GSSSP_CUDA_CHECK(cudaMemsetAsync(flags[0], 0, static_cast<size_t>(n), stream));
  GSSSP_CUDA_CHECK(cudaMemsetAsync(flags[1], 0, static_cast<size_t>(n), stream));
  GSSSP_CUDA_CHECK(cudaMemsetAsync(flags[0] + query.source, 1, 1, stream));
  // A vertex's final distance is set at the latest in round (edges on its shortest simple path) - 1 and
  // relaxed from in the next round, so round n - 1 at the latest lowers nothing: n rounds suffice.
  const int64_t limit = query.max_iterations > 0 ? query.max_iterations : n;
  const RoundLoopResult loop = run_rounds(ws, &counters->last_change, *query.cancelled, limit, [&](int64_t round) {
    relax_frontier_kernel<D><<<grid, block, 0, stream>>>(n, g.offsets, g.targets, weights, cost, flags[round & 1],
                                                         flags[(round + 1) & 1], counters, round);
  });
  return finish_round_loop(timer, "frontier", loop, query.max_iterations > 0, cost);
}

}  // namespace

AlgorithmRun run(const QueryContext& query) {
  if (query.graph.weight_type == GSSSP_WEIGHT_FLOAT32) return run_typed<Float32Distance>(query);
  return run_typed<Int32Distance>(query);
}

}  // namespace gsssp::frontier
