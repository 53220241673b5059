// The warp step of Merrill's TWC (thread-warp-CTA) edge expansion, shared by Near-Far and ADDS: vertices with
// at least a warp's worth of edges are expanded one at a time by the whole warp, so that its lanes read
// consecutive edges.
#pragma once

namespace gsssp {

// The whole warp (converged). If some lane still holds a vertex with at least `min_degree` edges in
// [begin, end), takes the lowest such lane's: returns its edge range and distance in taken_*, marks it taken
// (that lane's begin becomes end) and returns true. False when no lane holds one.
template <class V>
__device__ __forceinline__ bool warp_take_vertex(long long& begin, long long end, V du, long long min_degree,
                                                 long long& taken_begin, long long& taken_end, V& taken_du) {
  const unsigned mask = __ballot_sync(0xffffffffu, end - begin >= min_degree);
  if (mask == 0) return false;
  const int leader = __ffs(mask) - 1;
  taken_begin = __shfl_sync(0xffffffffu, begin, leader);
  taken_end = __shfl_sync(0xffffffffu, end, leader);
  taken_du = __shfl_sync(0xffffffffu, du, leader);
  if (static_cast<int>(threadIdx.x & 31u) == leader) begin = end;
  return true;
}

}  // namespace gsssp
