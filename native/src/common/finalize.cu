#include "common/finalize.hpp"

#include <algorithm>
#include <type_traits>

#include "common/cuda_check.hpp"
#include "common/distance.cuh"
#include "common/predecessors.cuh"
#include "common/rounds.hpp"

namespace gsssp {
namespace {

[[noreturn]] void throw_overflow(int64_t source) {
  fail(GSSSP_ERROR_OVERFLOW,
       format("a float32 distance from source %lld overflowed: a reachable vertex's shortest path sums to more "
              "than FLT_MAX",
              static_cast<long long>(source)));
}

void copy_predecessors(const QueryOutput& out, const int32_t* predecessors, long long n, cudaStream_t stream) {
  if (n > 0 && out.host_predecessors != nullptr && predecessors != nullptr) {
    GSSSP_CUDA_CHECK(cudaMemcpyAsync(out.host_predecessors, predecessors, static_cast<size_t>(n) * sizeof(int32_t),
                                     cudaMemcpyDeviceToHost, stream));
  }
}

template <class D>
FinalizeResult finalize_typed(const QueryContext& query, const typename D::stored* distances,
                              const QueryOutput& out) {
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
  if (out.predecessors) {
    predecessors = ws.buffer<int32_t>(Slot::kPredecessors, n);
    GSSSP_CUDA_CHECK(cudaMemsetAsync(predecessors, 0xff, static_cast<size_t>(n) * sizeof(int32_t), stream));
    if (query.negative_weights) {
      // Pass 1's links need d(u) < d(v) along a tight edge, which negative weights break: mixed with pass-2
      // claims, a zero-weight cycle of tight edges (w, -w) could close. Only claims from the source then.
      if (kFloat) {
        tight_edges_kernel<D, false, true><<<grid, block, 0, stream>>>(n, g.offsets, g.targets, weights, distances,
                                                                       nullptr, counters);
      }
    } else {
      tight_edges_kernel<D, true, kFloat><<<grid, block, 0, stream>>>(n, g.offsets, g.targets, weights, distances,
                                                                      predecessors, counters);
    }
    count_reached_kernel<D><<<grid, block, 0, stream>>>(n, query.source, distances, predecessors, nullptr,
                                                        &counters->unset_predecessors);
    GSSSP_CUDA_CHECK(cudaGetLastError());
    const DeviceCounters host = ws.read_counters();
    if (host.overflow != 0) throw_overflow(query.source);
    if (host.unset_predecessors != 0) {
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
      const DeviceCounters after = ws.read_counters();
      if (!claims.converged || after.unset_predecessors != 0) {
        fail(GSSSP_ERROR_INTERNAL, format("predecessor derivation left %llu reached vertices without a parent",
                                          after.unset_predecessors));
      }
    }
  } else if (kFloat) {
    // Checked with the final read below: no synchronisation of its own.
    tight_edges_kernel<D, false, true><<<grid, block, 0, stream>>>(n, g.offsets, g.targets, weights, distances,
                                                                   nullptr, counters);
  }

  FinalizeResult result;
  if (out.resident) {
    count_reached_kernel<D><<<grid, block, 0, stream>>>(n, query.source, distances, nullptr, &counters->reached, nullptr);
    GSSSP_CUDA_CHECK(cudaGetLastError());
    result.counters = ws.read_counters();
    if (result.counters.overflow != 0) throw_overflow(query.source);
    return result;
  }

  // Compact host output first (4 bytes per distance, half the bus traffic) when asked: one pass writes it
  // and counts the reached vertices, the copies and the counters follow on the stream, and one
  // synchronisation completes them all. Only if some distance does not fit is the 8-byte output written.
  const bool compact_first = out.compact && out.host_distances != nullptr;
  if (compact_first) {
    // Sized for the 8-byte output too, so that a fallback to it (or the next query) reuses the buffer.
    auto* compact = ws.buffer<typename D::compact>(Slot::kOutput, std::max<long long>(n, 1) * 2);
    to_compact_kernel<D><<<grid, block, 0, stream>>>(n, distances, compact, &counters->reached, &counters->wide_needed);
    GSSSP_CUDA_CHECK(cudaGetLastError());
    if (n > 0) {
      GSSSP_CUDA_CHECK(cudaMemcpyAsync(out.host_distances, compact, static_cast<size_t>(n) * sizeof(typename D::compact),
                                       cudaMemcpyDeviceToHost, stream));
    }
    copy_predecessors(out, predecessors, n, stream);
    result.counters = ws.read_counters();
    if (result.counters.overflow != 0) throw_overflow(query.source);
    if (result.counters.wide_needed == 0) {
      result.distance_bytes = static_cast<int>(sizeof(typename D::compact));
      return result;
    }
    GSSSP_CUDA_CHECK(cudaMemsetAsync(&counters->reached, 0, sizeof(unsigned long long), stream));
  }

  // The 8-byte output: one pass widens the distances into their destination and counts the reached
  // vertices; then the copies to the host and the counters go on the same stream, and one synchronisation
  // completes them all.
  auto* output = ws.buffer<typename D::output>(Slot::kOutput, n);
  to_output_kernel<D><<<grid, block, 0, stream>>>(n, distances, output, &counters->reached);
  GSSSP_CUDA_CHECK(cudaGetLastError());
  if (n > 0 && out.host_distances != nullptr) {
    GSSSP_CUDA_CHECK(cudaMemcpyAsync(out.host_distances, output, static_cast<size_t>(n) * sizeof(typename D::output),
                                     cudaMemcpyDeviceToHost, stream));
  }
  if (!compact_first) copy_predecessors(out, predecessors, n, stream);  // else already on its way
  result.counters = ws.read_counters();
  if (result.counters.overflow != 0) throw_overflow(query.source);
  return result;
}

}  // namespace

FinalizeResult finalize_query(const QueryContext& query, const void* stored_distances, const QueryOutput& output) {
  if (query.graph.weight_type == GSSSP_WEIGHT_FLOAT32) {
    return finalize_typed<Float32Distance>(query, static_cast<const Float32Distance::stored*>(stored_distances),
                                           output);
  }
  return finalize_typed<Int32Distance>(query, static_cast<const Int32Distance::stored*>(stored_distances), output);
}

}  // namespace gsssp
