// Warp-wide sums, scans and reductions. Every lane of a full, converged warp calls them; blockDim.x is a multiple of 32
// (at most 1024).
//
// CUB's WarpReduce serves Near-Far's far-pile minimum and DA2CF's block minimum. CUB's shuffle-based specialisations
// keep no shared memory, but its interface asks for TempStorage per warp: warp_reduce declares one array of 32 for its
// type.
//
// ADDS's manager and workers and the work counters keep plain shuffle loops (namespace shuffle below), because CUB
// measured 3% slower there on the grid and road NY (docs/performance.md). The manager is one block sweeping the
// workers, so its hand-offs are on the critical path: CUB's total is a reduction to lane 0 plus a broadcast where the
// loop is one butterfly. On Near-Far the two showed no difference.
#pragma once

#include <cub/warp/warp_reduce.cuh>

namespace gsssp {

__device__ __forceinline__ int warp_in_block() { return static_cast<int>(threadIdx.x >> 5); }

// The warp's reduction by `op`, in lane 0 only.
template <class T, class Op>
__device__ __forceinline__ T warp_reduce(T x, Op op) {
  using Reduce = cub::WarpReduce<T>;
  __shared__ typename Reduce::TempStorage storage[32];
  return Reduce(storage[warp_in_block()]).Reduce(x, op);
}

// Plain shuffle loops, for the latency-bound hand-offs named above.
namespace shuffle {

// The warp's sum, in every lane (a butterfly).
template <class T>
__device__ __forceinline__ T total(T x) {
#pragma unroll
  for (int offset = 16; offset > 0; offset >>= 1) x += __shfl_xor_sync(0xffffffffu, x, offset);
  return x;
}

// The warp's sum, in lane 0 (the other lanes hold partial sums).
template <class T>
__device__ __forceinline__ T sum(T x) {
#pragma unroll
  for (int offset = 16; offset > 0; offset >>= 1) x += __shfl_down_sync(0xffffffffu, x, offset);
  return x;
}

// The inclusive prefix sum over the warp's lanes; `lane` is threadIdx.x & 31.
template <class T>
__device__ __forceinline__ T inclusive_sum(T x, int lane) {
#pragma unroll
  for (int offset = 1; offset < 32; offset <<= 1) {
    const T y = __shfl_up_sync(0xffffffffu, x, offset);
    if (lane >= offset) x += y;
  }
  return x;
}

}  // namespace shuffle

}  // namespace gsssp
