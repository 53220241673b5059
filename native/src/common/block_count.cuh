// Warp and block helpers for the work counters in gsssp_stats: each thread counts privately, the block
// sums in shared memory, and only one global atomicAdd per block touches the counter.
#pragma once

#include "common/warp_primitives.cuh"

namespace gsssp {

// Must be called by every thread of the block (it synchronises), with blockDim.x a multiple of 32.
// `slot` is a __shared__ word that block_counter_clear() zeroed before the block's first __syncthreads().
__device__ __forceinline__ void block_counter_flush(unsigned long long* slot, unsigned long long value,
                                                    unsigned long long* global) {
  value = shuffle::sum(value);  // common/warp_primitives.cuh: CUB measured slower here
  if ((threadIdx.x & 31u) == 0 && value != 0) atomicAdd(slot, value);
  __syncthreads();
  if (threadIdx.x == 0 && *slot != 0) atomicAdd(global, *slot);
}

__device__ __forceinline__ void block_counter_clear(unsigned long long* slot) {
  if (threadIdx.x == 0) *slot = 0;
}

__device__ __forceinline__ long long grid_thread_index() {
  return static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x;
}

__device__ __forceinline__ long long grid_stride() { return static_cast<long long>(gridDim.x) * blockDim.x; }

// Round `round` of a round loop runs only if round `round - 1` changed something (last_change holds
// 1 + the index of the last round that did). Rounds launched past convergence thus return at once, which
// lets the host launch several rounds between two checks. The answer is the same for every thread of the
// grid: a round that runs can only raise last_change to round + 1, never lower it below round.
__device__ __forceinline__ bool round_is_live(const unsigned long long* last_change, long long round) {
  return static_cast<long long>(*reinterpret_cast<const volatile unsigned long long*>(last_change)) >= round;
}

// Called by every thread of the block after its work: one thread per block records the change.
__device__ __forceinline__ void mark_round_changed(bool changed, unsigned long long* last_change,
                                                   long long round) {
  if (__syncthreads_or(changed) && threadIdx.x == 0) {
    atomicMax(last_change, static_cast<unsigned long long>(round + 1));
  }
}

}  // namespace gsssp
