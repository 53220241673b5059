// 4-byte distances for a search's own arrays (Int32CompactDistance, common/distance.cuh): when a query qualifies, and
// the pass that widens them into the answer's Int32Distance form behind the search. Used by ADDS (adds.cu) and
// Near-Far's persistent loop (near_far.cu); every consumer of the answer (finalize, resident results, certificates)
// reads the widened 8-byte form as before.
#pragma once

#include <cstdint>

#include "common/block_count.cuh"
#include "common/distance.cuh"
#include "common/query.hpp"
#include "graph/device_graph.hpp"

namespace gsssp {

// Whether a one-sided search of `query` may keep its distances in 4 bytes: int32 weights, none negative, and every
// simple path plus one more edge shorter than 2^32 - 1 (graph::GraphSummary::simple_path_bound, computed at upload).
// The summary is the device graph's, so the query must search that graph itself (not, say, ADDS's reverse graph of a
// pair query).
inline bool compact_distances(const QueryContext& query) {
  if (query.device_graph == nullptr) return false;
  const graph::DeviceGraph& dg = *query.device_graph;
  const graph::GraphSummary& s = dg.summary;
  const bool own_graph = query.graph.offsets == dg.view().offsets && query.graph.num_vertices == dg.num_vertices;
  // Neither sum wraps: the bound is below 2^62 and an int32 weight below 2^31.
  return own_graph && query.graph.weight_type == GSSSP_WEIGHT_INT32 && s.first_negative_edge < 0 &&
         s.simple_path_bound + static_cast<uint64_t>(s.max_weight) <= Int32CompactDistance::kMaxBound;
}

// The search's 4-byte distances into the answer's Int32Distance form: 12 bytes of traffic a vertex, some 15 us for 4M
// vertices at an H100's bandwidth. Launched behind the search on its stream.
template <class D>
__global__ void widen_kernel(long long n, const typename D::stored* __restrict__ from,
                             unsigned long long* __restrict__ to) {
  for (long long v = grid_thread_index(); v < n; v += grid_stride()) to[v] = D::widen(from[v]);
}

}  // namespace gsssp
