// The block and warp steps of Merrill's TWC (thread-warp-CTA) edge expansion, shared by Near-Far, ADDS and the
// predecessor pass (common/predecessors.cuh): vertices with at least a block's worth of edges are expanded one at
// a time by the whole block, then those with at least a warp's worth one at a time by the whole warp, so that the
// threads read consecutive edges.
#pragma once

namespace gsssp {

// One value that the block step's elected thread publishes: the caller's __shared__ slot and the thread's value.
template <class T>
struct BlockSlot {
  T& slot;
  T value;
};

template <class T>
__device__ __forceinline__ BlockSlot<T> block_slot(T& slot, T value) {
  return {slot, value};
}

// The whole block (block-uniform: it syncs). If some thread still holds a vertex with at least blockDim.x edges in
// [begin, end), elects one (any may win), which writes its values into their slots (in the order given) and marks
// the vertex taken (its begin becomes end); returns true once every thread can read the slots. False when no
// thread holds one. `owner` is the caller's __shared__ election slot. The caller expands the published vertex with
// the whole block and then syncs (__syncthreads()) before the next call rewrites the slots.
// Why slots, not a callback: with a lambda that wrote the shared vertex, nvcc 13 compiled Near-Far's and ADDS's
// persistent kernels to other SASS; with the slots the SASS stays that of the loop written out.
template <class... T>
__device__ __forceinline__ bool block_take_vertex(int& owner, long long& begin, long long end,
                                                  BlockSlot<T>... publish) {
  if (threadIdx.x == 0) owner = -1;
  __syncthreads();
  // Any candidate may win; an atomic, not a plain store, so that the election is no data race (racecheck).
  if (end - begin >= static_cast<long long>(blockDim.x)) atomicMax(&owner, static_cast<int>(threadIdx.x));
  __syncthreads();
  const int current = owner;
  if (current < 0) return false;
  if (static_cast<int>(threadIdx.x) == current) {
    ((publish.slot = publish.value), ...);
    begin = end;
  }
  __syncthreads();
  return true;
}

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
