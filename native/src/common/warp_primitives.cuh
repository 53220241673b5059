// Warp-wide sums, scans and reductions by CUB's WarpReduce and WarpScan, for the kernels' hand-offs that used
// hand-written shuffle loops (ADDS's manager and workers, Near-Far's far-pile minimum, DA2CF's minimum, the work
// counters). Every lane of a full, converged warp calls them; blockDim.x is a multiple of 32 (at most 1024). CUB's
// shuffle-based specialisations keep no shared memory, but its interface asks for TempStorage per warp: each function
// declares one array of 32 for its type.
#pragma once

#include <cub/util_ptx.cuh>
#include <cub/warp/warp_reduce.cuh>
#include <cub/warp/warp_scan.cuh>

namespace gsssp {

__device__ __forceinline__ int warp_in_block() { return static_cast<int>(threadIdx.x >> 5); }

// The warp's sum, in lane 0 only.
template <class T>
__device__ __forceinline__ T warp_sum(T x) {
  using Reduce = cub::WarpReduce<T>;
  __shared__ typename Reduce::TempStorage storage[32];
  return Reduce(storage[warp_in_block()]).Sum(x);
}

// The warp's sum, in every lane.
template <class T>
__device__ __forceinline__ T warp_total(T x) {
  return cub::ShuffleIndex<32>(warp_sum(x), 0, 0xffffffffu);
}

// The warp's reduction by `op`, in lane 0 only.
template <class T, class Op>
__device__ __forceinline__ T warp_reduce(T x, Op op) {
  using Reduce = cub::WarpReduce<T>;
  __shared__ typename Reduce::TempStorage storage[32];
  return Reduce(storage[warp_in_block()]).Reduce(x, op);
}

// The inclusive prefix sum over the warp's lanes; `total` receives the warp's sum in every lane.
template <class T>
__device__ __forceinline__ T warp_inclusive_sum(T x, T& total) {
  using Scan = cub::WarpScan<T>;
  __shared__ typename Scan::TempStorage storage[32];
  T inclusive;
  Scan(storage[warp_in_block()]).InclusiveSum(x, inclusive, total);
  return inclusive;
}

template <class T>
__device__ __forceinline__ T warp_inclusive_sum(T x) {
  T total;
  return warp_inclusive_sum(x, total);
}

}  // namespace gsssp
