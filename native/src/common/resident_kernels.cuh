// Kernels behind resident results (gsssp_device_result_t): reading a few distances and one path out of
// device memory, so that a caller who wants one route does not move n values over the bus.
#pragma once

#include <cstdint>

#include "common/block_count.cuh"

namespace gsssp {

// out[i] = values[indices[i]]: stored distances, copied as bits (the host decodes them).
template <class T>
__global__ void gather_kernel(long long count, const int32_t* __restrict__ indices, const T* __restrict__ values,
                              T* __restrict__ out) {
  for (long long i = grid_thread_index(); i < count; i += grid_stride()) out[i] = values[indices[i]];
}

// One thread follows the predecessors from `target` to `source`, writing the vertices target first into
// out[0 .. capacity) and the path's length (vertices) into *length: 0 if target is unreachable, -1 if the
// predecessors do not lead to the source within n steps (a bug). A dependent chain of loads, so one thread
// is as fast as many; it reads only the path's own vertices.
__global__ void path_walk_kernel(long long target, long long source, long long num_vertices,
                                 const int32_t* __restrict__ predecessors, long long* length, int32_t* out,
                                 long long capacity) {
  if (blockIdx.x != 0 || threadIdx.x != 0) return;
  if (target != source && predecessors[target] < 0) {
    *length = 0;
    return;
  }
  long long walked = 0;
  long long v = target;
  for (;;) {
    if (walked < capacity) out[walked] = static_cast<int32_t>(v);
    ++walked;
    if (v == source) break;
    const int32_t p = predecessors[v];
    if (p < 0 || walked > num_vertices) {
      walked = -1;
      break;
    }
    v = p;
  }
  *length = walked;
}

}  // namespace gsssp
