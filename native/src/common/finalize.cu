#include "common/finalize.hpp"

#include <cstring>
#include <type_traits>

#include "common/cuda_check.hpp"
#include "common/distance.cuh"
#include "common/predecessors.cuh"
#include "common/rounds.hpp"

namespace gsssp {
namespace {

template <class D>
int64_t finalize_typed(const QueryContext& query, const typename D::stored* distances, void* distances_out,
                       int32_t* predecessors_out) {
  Workspace& ws = *query.workspace;
  const cudaStream_t stream = ws.stream();
  const CsrView& g = query.graph;
  const long long n = g.num_vertices;
  const int grid = query.launch.grid;
  const int block = query.launch.block;
  const auto* weights = static_cast<const typename D::weight*>(g.weights);
  DeviceCounters* counters = ws.counters();
  // Only a float sum can overflow; int64 sums of int32 weights cannot (gsssp.h).
  constexpr bool kFloat = std::is_same_v<D, Float32Distance>;

  int32_t* predecessors = nullptr;
  if (predecessors_out != nullptr) {
    predecessors = ws.buffer<int32_t>(Slot::kPredecessors, n);
    GSSSP_CUDA_CHECK(cudaMemsetAsync(predecessors, 0xff, static_cast<size_t>(n) * sizeof(int32_t), stream));
  }
  if (predecessors_out != nullptr && query.negative_weights) {
    // Pass 1's links need d(u) < d(v) along a tight edge, which negative weights break: mixed with pass-2
    // claims, a zero-weight cycle of tight edges (w, -w) could close. Only claims from the source then.
    if (kFloat) {
      tight_edges_kernel<D, false, true><<<grid, block, 0, stream>>>(n, g.offsets, g.targets, weights, distances,
                                                                     nullptr, counters);
    }
  } else if (predecessors_out != nullptr) {
    tight_edges_kernel<D, true, kFloat><<<grid, block, 0, stream>>>(n, g.offsets, g.targets, weights, distances,
                                                                    predecessors, counters);
  } else if (kFloat) {
    tight_edges_kernel<D, false, true><<<grid, block, 0, stream>>>(n, g.offsets, g.targets, weights, distances,
                                                                   nullptr, counters);
  }
  count_reached_kernel<D><<<grid, block, 0, stream>>>(n, query.source, distances, predecessors, &counters->reached,
                                                      predecessors ? &counters->unset_predecessors : nullptr);
  GSSSP_CUDA_CHECK(cudaGetLastError());
  DeviceCounters host = ws.read_counters();
  if (host.overflow != 0) {
    fail(GSSSP_ERROR_OVERFLOW,
         format("a float32 distance from source %lld overflowed: a reachable vertex's shortest path sums to more "
                "than FLT_MAX",
                static_cast<long long>(query.source)));
  }

  if (predecessors != nullptr && host.unset_predecessors != 0) {
    // No algorithm bound applies here: each round claims at least one vertex, so n rounds always suffice.
    const RoundLoopResult claims =
        run_rounds(ws, &counters->claim_change, *query.cancelled, n + 1, [&](int64_t round) {
          claim_kernel<D><<<grid, block, 0, stream>>>(n, query.source, g.offsets, g.targets, weights, distances,
                                                      predecessors, &counters->claim_change, round);
        });
    GSSSP_CUDA_CHECK(cudaMemsetAsync(&counters->unset_predecessors, 0, sizeof(unsigned long long), stream));
    count_reached_kernel<D><<<grid, block, 0, stream>>>(n, query.source, distances, predecessors, nullptr,
                                                        &counters->unset_predecessors);
    GSSSP_CUDA_CHECK(cudaGetLastError());
    host = ws.read_counters();
    if (!claims.converged || host.unset_predecessors != 0) {
      fail(GSSSP_ERROR_INTERNAL, format("predecessor derivation left %llu reached vertices without a parent",
                                        host.unset_predecessors));
    }
  }

  auto* output = ws.buffer<typename D::output>(Slot::kOutput, n);
  to_output_kernel<D><<<grid, block, 0, stream>>>(n, distances, output);
  GSSSP_CUDA_CHECK(cudaGetLastError());
  const size_t distance_bytes = static_cast<size_t>(n) * sizeof(typename D::output);
  const size_t predecessor_bytes = predecessors ? static_cast<size_t>(n) * sizeof(int32_t) : 0;
  auto* staging = static_cast<char*>(ws.staging(distance_bytes + predecessor_bytes));
  if (distance_bytes > 0) {
    GSSSP_CUDA_CHECK(cudaMemcpyAsync(staging, output, distance_bytes, cudaMemcpyDeviceToHost, stream));
  }
  if (predecessor_bytes > 0) {
    GSSSP_CUDA_CHECK(cudaMemcpyAsync(staging + distance_bytes, predecessors, predecessor_bytes,
                                     cudaMemcpyDeviceToHost, stream));
  }
  ws.synchronize();
  if (distance_bytes > 0) std::memcpy(distances_out, staging, distance_bytes);
  if (predecessor_bytes > 0) std::memcpy(predecessors_out, staging + distance_bytes, predecessor_bytes);
  return static_cast<int64_t>(host.reached);
}

}  // namespace

int64_t finalize_query(const QueryContext& query, const void* stored_distances, void* distances_out,
                       int32_t* predecessors_out) {
  if (query.graph.weight_type == GSSSP_WEIGHT_FLOAT32) {
    return finalize_typed<Float32Distance>(query, static_cast<const Float32Distance::stored*>(stored_distances),
                                           distances_out, predecessors_out);
  }
  return finalize_typed<Int32Distance>(query, static_cast<const Int32Distance::stored*>(stored_distances),
                                       distances_out, predecessors_out);
}

}  // namespace gsssp
