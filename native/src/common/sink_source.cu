#include "common/sink_source.hpp"

#include "common/cuda_check.hpp"
#include "common/distance.cuh"
#include "common/init_kernels.cuh"

namespace gsssp {
namespace {

// The source visited, its (no) edges scanned: what a search from it counts before it finds nothing to relax.
__global__ void count_source_visit_kernel(DeviceCounters* counters) { counters->vertex_visits += 1; }

template <class D>
AlgorithmRun answer_typed(const QueryContext& query) {
  Workspace& ws = *query.workspace;
  const int64_t n = query.graph.num_vertices;
  auto* dist = ws.buffer<typename D::stored>(Slot::kDistance0, n);
  init_distances_kernel<D><<<query.launch.grid, query.launch.block, 0, ws.stream()>>>(dist, n, query.source);
  count_source_visit_kernel<<<1, 1, 0, ws.stream()>>>(ws.counters());
  GSSSP_CUDA_CHECK(cudaGetLastError());
  AlgorithmRun run;
  run.distances = dist;
  run.rounds = 1;  // the source's round, which finds no edge
  return run;
}

}  // namespace

AlgorithmRun answer_sink_source(const QueryContext& query) {
  if (query.graph.weight_type == GSSSP_WEIGHT_FLOAT32) return answer_typed<Float32Distance>(query);
  return answer_typed<Int32Distance>(query);
}

}  // namespace gsssp
