// Edge loads that can stream past L2 (ld.global.cs, evict-first), for the searches whose edge data is read about once
// per expansion (ADDS's workers, adds_worker.cuh; Near-Far's kernel, near_far_kernels.cuh): where a
// search's data exceeds L2, plain loads of edges push out the distances every relaxation reads at random. Each
// algorithm decides when (stream_edges below, with its own per-vertex bytes) and says what it measured.
#pragma once

#include <cstdint>

namespace gsssp {

// An edge's target or weight: streamed when `stream` is set.
template <class T>
__device__ __forceinline__ T load_edge(const T* p, int stream) {
  return stream ? __ldcs(p) : *p;
}

// Whether a search's working set (`bytes_per_vertex` a vertex: distances, marks, row offsets; 8 bytes an edge) exceeds
// L2 (`l2_bytes`; 0 = unknown: never). ADDS's carry mode takes the same test (adds.cu).
inline bool exceeds_l2(double bytes_per_vertex, int64_t vertices, int64_t edges, int l2_bytes) {
  const double working_set = bytes_per_vertex * static_cast<double>(vertices) + 8.0 * static_cast<double>(edges);
  return l2_bytes > 0 && working_set > static_cast<double>(l2_bytes);
}

// Whether to stream edge loads: when the search's working set exceeds L2.
inline int stream_edges(double bytes_per_vertex, int64_t vertices, int64_t edges, int l2_bytes) {
  return exceeds_l2(bytes_per_vertex, vertices, edges, l2_bytes) ? 1 : 0;
}

}  // namespace gsssp
