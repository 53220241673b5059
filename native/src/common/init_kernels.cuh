// Initialisation kernels shared by the algorithms.
#pragma once

#include <cstdint>

#include "common/block_count.cuh"

namespace gsssp {

// Every distance to infinity except the source's, in one pass (a memset cannot write the float image).
template <class D>
__global__ void init_distances_kernel(typename D::stored* distances, long long num_vertices, long long source) {
  for (long long v = grid_thread_index(); v < num_vertices; v += grid_stride()) {
    distances[v] = (v == source) ? D::kZero : D::kInfinity;
  }
}

}  // namespace gsssp
