// Per-graph preprocessing of H-BF (TPDS 2016, section 4.1): in-degrees, the 2-bit class of every edge,
// and the in-edges of the sinks (vertices of out-degree 0) for the final kernel that sets their distance.
// Computed once per resident graph (a DeviceGraph attachment) and reused by every query.
#pragma once

#include <cstdint>

#include "algorithms/hbf/hbf_types.cuh"
#include "common/block_count.cuh"

namespace gsssp::hbf {

// In-degrees without skipped self-loops: a vertex whose only other in-edge is a non-negative self-loop
// still has one writer (a negative self-loop is relaxed, so it counts). 64-bit: parallel edges can give a vertex
// 2^31 or more in-edges once m passes 2^31, and a sink's count sizes its in-edge list.
template <class W>
__global__ void in_degree_kernel(long long n, const int64_t* __restrict__ offsets, const int32_t* __restrict__ targets,
                                 const W* __restrict__ weights, unsigned long long* in_degree) {
  for (long long u = grid_thread_index(); u < n; u += grid_stride()) {
    for (long long e = offsets[u]; e < offsets[u + 1]; ++e) {
      const int32_t t = targets[e];
      if (t != u || weights[e] < W(0)) atomicAdd(&in_degree[t], 1ull);
    }
  }
}

// Algorithm 4's classes; `tagged` writes them into the top bits of a copy of the targets, otherwise into a
// byte array. vertex_flags bit 0: the vertex's targets are strictly increasing, hence distinct, so its
// edges may be written directly when it is the source (the source class; parallel edges would race).
template <class W>
__global__ void classify_kernel(long long n, const int64_t* __restrict__ offsets, const int32_t* __restrict__ targets,
                                const W* __restrict__ weights, const unsigned long long* __restrict__ in_degree, bool tagged,
                                uint32_t* tagged_targets, uint8_t* classes, uint8_t* vertex_flags,
                                unsigned long long* sink_in_edges) {
  unsigned long long sink_edges = 0;
  for (long long u = grid_thread_index(); u < n; u += grid_stride()) {
    bool increasing = true;
    const long long begin = offsets[u], end = offsets[u + 1];
    for (long long e = begin; e < end; ++e) {
      const int32_t t = targets[e];
      if (e > begin && targets[e - 1] >= t) increasing = false;
      uint32_t cls = kClassAtomic;
      if (t == u && !(weights[e] < W(0))) {
        cls = kClassSelfLoop;
      } else if (offsets[t] == offsets[t + 1]) {
        cls = kClassSink;
        ++sink_edges;
      } else if (in_degree[t] == 1) {
        cls = kClassDirect;
      }
      if (tagged) {
        tagged_targets[e] = static_cast<uint32_t>(t) | (cls << kTagShift);
      } else {
        classes[e] = static_cast<uint8_t>(cls);
      }
    }
    vertex_flags[u] = increasing ? 1 : 0;
  }
  if (sink_edges) atomicAdd(sink_in_edges, sink_edges);
}

// Number of in-edges of each sink (0 for other vertices), for the scan that lays out the sink lists.
__global__ void sink_count_kernel(long long n, const int64_t* __restrict__ offsets,
                                  const unsigned long long* __restrict__ in_degree, int64_t* counts) {
  for (long long v = grid_thread_index(); v <= n; v += grid_stride()) {
    counts[v] = (v < n && offsets[v] == offsets[v + 1]) ? static_cast<int64_t>(in_degree[v]) : 0;
  }
}

template <class W>
__global__ void sink_fill_kernel(long long n, const int64_t* __restrict__ offsets, const int32_t* __restrict__ targets,
                                 const W* __restrict__ weights, unsigned long long* cursor, int32_t* sink_sources,
                                 uint32_t* sink_weights) {
  for (long long u = grid_thread_index(); u < n; u += grid_stride()) {
    for (long long e = offsets[u]; e < offsets[u + 1]; ++e) {
      const int32_t t = targets[e];
      if (offsets[t] != offsets[t + 1]) continue;
      const unsigned long long at = atomicAdd(&cursor[t], 1ull);
      sink_sources[at] = static_cast<int32_t>(u);
      uint32_t bits;
      const W w = weights[e];
      memcpy(&bits, &w, sizeof(bits));
      sink_weights[at] = bits;
    }
  }
}

}  // namespace gsssp::hbf
