// H-BF round kernels (Busato & Bombieri, TPDS 2016), one small device function per idea of the paper:
//   Algorithm 3   frontier-based Bellman-Ford: only vertices of the frontier relax their out-edges;
//   4.1, Alg. 4   edge classification: self-loops skipped, source edges and edges into in-degree-1
//                 vertices written without atomics, edges into sinks left for one final kernel;
//   4.2, Alg. 5-6 duplicate removal: (distance, iteration) in one 64-bit word, one atomicMin, and a vertex
//                 is enqueued only by the relax that finds an old iteration different from the current;
//   5.1           coalesced enqueue: per-warp slots in shared memory filled by ballot prefix sums and
//                 written to the next frontier by the whole warp; __ldg for the read-only graph arrays;
//   5.2           dynamic virtual warps: size = pow2 <= resident threads / |F| in [4, 32], 32 frontier
//                 vertices per virtual warp, chosen per round on the device from |F|;
//   5.3           dynamic parallelism for frontier vertices of out-degree > T_DP: a child grid launched
//                 from the device (CUDA dynamic parallelism), or one thread block per vertex in a second
//                 kernel of the same round.
#pragma once

#include <cstdint>
#include <cstring>

#include "algorithms/hbf/hbf_types.cuh"
#include "algorithms/hbf/hbf_policy.hpp"
#include "common/block_count.cuh"
#include "common/clock.cuh"
#include "common/distance.cuh"
#include "gsssp.h"

namespace gsssp::hbf {

// kWarpSlot, kFlushAt, kVerticesPerVirtualWarp, kMaxLaunchesPerRound: hbf_policy.hpp.

// ---- distances: packed (4.2) or plain ---------------------------------------------------------------

template <class D>
__device__ __forceinline__ unsigned long long distance_code(typename D::value v, const PackParams& p);
template <>
__device__ __forceinline__ unsigned long long distance_code<Int32Distance>(long long v, const PackParams& p) {
  return static_cast<unsigned long long>(v + p.bias);
}
template <>
__device__ __forceinline__ unsigned long long distance_code<Float32Distance>(float v, const PackParams&) {
  return ordered_from_float(v);
}

template <class D>
__device__ __forceinline__ typename D::value distance_from_code(unsigned long long code, const PackParams& p);
template <>
__device__ __forceinline__ long long distance_from_code<Int32Distance>(unsigned long long code, const PackParams& p) {
  return static_cast<long long>(code) - p.bias;
}
template <>
__device__ __forceinline__ float distance_from_code<Float32Distance>(unsigned long long code, const PackParams&) {
  return float_from_ordered(static_cast<unsigned int>(code));
}

// The packed word's distance to the unpacked stored form (for finalize and the sink kernel).
template <class D>
__device__ __forceinline__ typename D::stored stored_from_packed(unsigned long long word, const PackParams& p) {
  const unsigned long long code = word >> p.iter_bits;
  if (code == p.inf_code) return D::kInfinity;
  return D::encode(distance_from_code<D>(code, p));
}

// d(u) + w; int candidates below the simple-path bound are clamped and prove a negative cycle.
template <class D>
__device__ __forceinline__ typename D::value candidate(typename D::value du, typename D::weight w,
                                                       const PackParams& p, bool& proof) {
  typename D::value c = D::relax(du, w);
  if constexpr (sizeof(typename D::value) == 8) {
    if (c < p.floor) {
      c = p.floor;
      proof = true;
    }
  }
  return c;
}

template <class D>
__device__ __forceinline__ typename D::value frontier_distance(const RoundArgs<D>& a, int32_t u) {
  if (a.info != nullptr) {
    const unsigned long long word = reinterpret_cast<const volatile unsigned long long*>(a.info)[u];
    return distance_from_code<D>(word >> a.pack.iter_bits, a.pack);
  }
  return D::decode(reinterpret_cast<const volatile typename D::stored*>(a.dist)[u]);
}

// Algorithms 5-6 (duplicate removal on) or the plain atomicMin relax; `direct` is a write without atomics
// (source class in round 0, in-degree-1 class). Returns whether v must be enqueued.
template <class D>
__device__ __forceinline__ bool relax(const RoundArgs<D>& a, int32_t v, typename D::value c, bool direct,
                                      unsigned long long stamp) {
  if (a.info != nullptr) {
    const int ib = a.pack.iter_bits;
    const unsigned long long word = (distance_code<D>(c, a.pack) << ib) | stamp;
    volatile unsigned long long* cell = reinterpret_cast<volatile unsigned long long*>(a.info) + v;
    const unsigned long long seen = *cell;
    if ((word >> ib) >= (seen >> ib)) return false;
    if (direct) {
      *cell = word;
      return (seen & a.pack.iter_mask) != stamp;
    }
    const unsigned long long old = atomicMin(&a.info[v], word);
    return (word >> ib) < (old >> ib) && (old & a.pack.iter_mask) != stamp;
  }
  const typename D::stored s = D::encode(c);
  volatile typename D::stored* cell = reinterpret_cast<volatile typename D::stored*>(a.dist) + v;
  if (s >= *cell) return false;
  if (direct) {
    *cell = s;
    return true;
  }
  return s < atomic_min(&a.dist[v], s);
}

// ---- enqueue (5.1) ----------------------------------------------------------------------------------

__device__ __forceinline__ void queue_write(int32_t* queue, long long capacity, unsigned long long index, int32_t v,
                                            LoopState* state) {
  if (index < static_cast<unsigned long long>(capacity)) {
    queue[index] = v;
  } else {
    state->overflow = 1;
    state->stop = 1;
  }
}

// A warp's staging slot in shared memory. Every lane of the warp calls push() together.
struct WarpQueue {
  int32_t* slot;
  int count;  // same in every lane
};

__device__ __forceinline__ void warp_flush(WarpQueue& q, int32_t* queue, long long capacity,
                                           unsigned long long* size, LoopState* state) {
  __syncwarp();
  if (q.count == 0) return;
  const int lane = threadIdx.x & 31;
  unsigned long long base = 0;
  if (lane == 0) base = atomicAdd(size, static_cast<unsigned long long>(q.count));
  base = __shfl_sync(0xffffffffu, base, 0);
  for (int i = lane; i < q.count; i += 32) queue_write(queue, capacity, base + i, q.slot[i], state);
  __syncwarp();
  q.count = 0;
}

__device__ __forceinline__ void push(bool has, int32_t v, WarpQueue& q, bool coalesced, int32_t* queue,
                                     long long capacity, unsigned long long* size, LoopState* state) {
  if (!coalesced) {
    if (has) queue_write(queue, capacity, atomicAdd(size, 1ull), v, state);
    return;
  }
  const unsigned mask = __ballot_sync(0xffffffffu, has);
  if (mask == 0) return;
  const int lane = threadIdx.x & 31;
  if (has) q.slot[q.count + __popc(mask & ((1u << lane) - 1u))] = v;
  q.count += __popc(mask);
  if (q.count >= kFlushAt) warp_flush(q, queue, capacity, size, state);
}

// ---- one edge (4.1) ---------------------------------------------------------------------------------

struct EdgeWork {
  unsigned long long relaxed = 0;
  unsigned long long visits = 0;
  bool lowered = false;
  bool proof = false;
};

// Relaxes edge e of u (distance du); returns the vertex to enqueue or -1.
template <class D>
__device__ __forceinline__ int32_t process_edge(const RoundArgs<D>& a, long long e, int32_t u,
                                                typename D::value du, bool source_round, unsigned long long stamp,
                                                EdgeWork& work) {
  uint32_t t = __ldg(&a.targets[e]);
  uint32_t cls = kClassAtomic;
  if (a.classification == 1) {
    cls = t >> kTagShift;
    t &= kIdMask;
  } else if (a.classification == 2) {
    cls = __ldg(&a.classes[e]);
  }
  if (cls >= kClassSelfLoop) return -1;
  const int32_t v = static_cast<int32_t>(t);
  const bool direct = cls == kClassDirect || (source_round && u == a.source && a.vertex_flags != nullptr && (a.vertex_flags[u] & 1));
  ++work.relaxed;
  const typename D::value c = candidate<D>(du, __ldg(&a.weights[e]), a.pack, work.proof);
  if (relax<D>(a, v, c, direct, stamp)) {
    work.lowered = true;
    return v;
  }
  return -1;
}

// The edges [begin, end) of u, VW lanes at a time; every lane of the warp runs the same number of steps
// (`steps`, the warp's maximum) so the warp-wide enqueue stays converged.
template <class D, int VW>
__device__ __forceinline__ void process_edges(const RoundArgs<D>& a, int32_t u, typename D::value du,
                                              long long begin, long long end, long long steps, int sub, long long round,
                                              unsigned long long stamp, EdgeWork& work, WarpQueue& q,
                                              int32_t* next, unsigned long long* next_size) {
  for (long long step = 0; step < steps; ++step) {
    const long long e = begin + step * VW + sub;
    int32_t v = -1;
    if (e < end) v = process_edge<D>(a, e, u, du, round == 0, stamp, work);
    push(v >= 0, v, q, a.coalesced != 0, next, a.queue_capacity, next_size, a.state);
  }
}

// Hands a vertex of out-degree > T_DP to 5.3's path; returns false if it must be processed here.
template <class D>
__device__ bool hand_off_heavy(const RoundArgs<D>& a, int32_t u, typename D::value du, long long begin,
                               long long end, long long round, unsigned long long stamp);

// Frontier slice of one warp: groups of VW lanes (virtual warps), each taking up to `max_per_group`
// consecutive frontier vertices per pass (5.2's 32 vertices per virtual warp). Only as many as the frontier
// fills: with |F| below the number of virtual warps of the grid each takes one, so a small frontier is
// spread over the whole grid instead of being walked 32 vertices at a time by a few warps.
template <class D, int VW>
__device__ __forceinline__ void process_frontier(const RoundArgs<D>& a, const int32_t* frontier,
                                                 unsigned long long size, long long round, unsigned long long stamp,
                                                 int max_per_group, EdgeWork& work, WarpQueue& q, int32_t* next,
                                                 unsigned long long* next_size) {
  constexpr int kGroups = 32 / VW;
  const int lane = threadIdx.x & 31;
  const int group = lane / VW;
  const int sub = lane % VW;
  const long long warp = grid_thread_index() / 32;
  const long long warps = grid_stride() / 32;
  const long long groups_in_grid = warps * kGroups;
  const int per_group = static_cast<int>(
      min(static_cast<long long>(max_per_group),
          max(1ll, (static_cast<long long>(size) + groups_in_grid - 1) / groups_in_grid)));
  const long long per_warp = static_cast<long long>(kGroups) * per_group;
  for (long long base = warp * per_warp; base < static_cast<long long>(size); base += warps * per_warp) {
    for (int k = 0; k < per_group; ++k) {
      const long long index = base + static_cast<long long>(k) * kGroups + group;  // coalesced reads of F
      long long begin = 0, end = 0;
      int32_t u = -1;
      typename D::value du{};
      bool heavy = false;
      if (index < static_cast<long long>(size)) {
        u = __ldcs(&frontier[index]);  // streamed: read once (5.1)
        begin = __ldg(&a.offsets[u]);
        end = __ldg(&a.offsets[u + 1]);
        du = frontier_distance<D>(a, u);
        heavy = a.dp_mode != GSSSP_HBF_DP_OFF && end - begin > a.dp_threshold;
      }
      // 5.3: the group's first lane hands the vertex off; the answer is shared with the whole group.
      bool handed = false;
      if (heavy && sub == 0) handed = hand_off_heavy<D>(a, u, du, begin, end, round, stamp);
      handed = __shfl_sync(0xffffffffu, handed, lane - sub);
      if (handed) {
        end = begin;
      } else if (u >= 0 && sub == 0) {
        ++work.visits;
      }
      // 64-bit: with parallel edges, one vertex can have 2^31 or more out-edges once m passes 2^31. The 32-bit
      // maximum serves unless it saturates (a vertex of 2^32 or more steps: warp-uniform, then a 64-bit one).
      const long long steps = (end - begin + VW - 1) / VW;
      long long warp_steps = __reduce_max_sync(0xffffffffu, static_cast<unsigned>(min(steps, 0xffffffffll)));
      if (warp_steps == 0xffffffffll) {
        warp_steps = steps;
        for (int offset = 16; offset > 0; offset >>= 1) {
          warp_steps = max(warp_steps, __shfl_xor_sync(0xffffffffu, warp_steps, offset));
        }
      }
      process_edges<D, VW>(a, u, du, begin, end, warp_steps, sub, round, stamp, work, q, next, next_size);
    }
  }
}

template <class D>
__device__ __forceinline__ void finish_block(const RoundArgs<D>& a, EdgeWork& work, WarpQueue& q,
                                             int32_t* next, unsigned long long* next_size, long long round,
                                             unsigned long long* visits_slot, unsigned long long* edges_slot) {
  if (a.coalesced) warp_flush(q, next, a.queue_capacity, next_size, a.state);
  if (work.proof) {
    a.state->proof = 1;
    a.state->stop = 1;
  }
  block_counter_flush(visits_slot, work.visits, &a.counters->vertex_visits);
  block_counter_flush(edges_slot, work.relaxed, &a.counters->edges_relaxed);
  mark_round_changed(work.lowered, &a.counters->last_change, round);
}

__device__ __forceinline__ bool round_should_run(const DeviceCounters* counters, const LoopState* state,
                                                 long long round) {
  return round_is_live(&counters->last_change, round) &&
         *reinterpret_cast<const volatile unsigned int*>(&state->stop) == 0;
}

// One round of Algorithm 3 over the frontier queue[round & 1].
template <class D>
__global__ void __launch_bounds__(256) relax_round_kernel(RoundArgs<D> a, long long round) {
  if (!round_should_run(a.counters, a.state, round)) return;
  __shared__ unsigned long long visits_slot, edges_slot;
  __shared__ int32_t slots[256 / 32 * kWarpSlot];
  block_counter_clear(&visits_slot);
  block_counter_clear(&edges_slot);
  const int r3 = static_cast<int>(round % 3);
  LoopState* state = a.state;
  const unsigned long long size =
      min(reinterpret_cast<volatile unsigned long long*>(state->frontier_size)[r3],
          static_cast<unsigned long long>(a.queue_capacity));
  if (grid_thread_index() == 0) {
    const int old3 = static_cast<int>((round + 2) % 3);
    state->frontier_size[old3] = 0;
    state->heavy_size[old3] = 0;
    if (a.trace_sizes != nullptr && round < a.trace_capacity) {
      const unsigned long long now = global_ns();
      a.trace_sizes[round] = static_cast<long long>(size);
      a.trace_times[round] = now;
    }
  }
  __syncthreads();
  const int32_t* frontier = a.queue[round & 1];
  int32_t* next = a.queue[(round + 1) & 1];
  unsigned long long* next_size = &state->frontier_size[(round + 1) % 3];
  const unsigned long long stamp = static_cast<unsigned long long>(round % a.stamp_period);
  WarpQueue q{slots + (threadIdx.x / 32) * kWarpSlot, 0};
  EdgeWork work;
  if (!a.dynamic_warps) {
    process_frontier<D, 1>(a, frontier, size, round, stamp, 1, work, q, next, next_size);
  } else {
    // 5.2: the largest power of two <= resident threads / |F|, clamped to [4, 32].
    const unsigned long long ratio = size > 0 ? static_cast<unsigned long long>(a.resident_threads) / size : 32;
    const int vw = ratio >= 32 ? 32 : ratio >= 16 ? 16 : ratio >= 8 ? 8 : 4;
    switch (vw) {
      case 32: process_frontier<D, 32>(a, frontier, size, round, stamp, kVerticesPerVirtualWarp, work, q, next, next_size); break;
      case 16: process_frontier<D, 16>(a, frontier, size, round, stamp, kVerticesPerVirtualWarp, work, q, next, next_size); break;
      case 8: process_frontier<D, 8>(a, frontier, size, round, stamp, kVerticesPerVirtualWarp, work, q, next, next_size); break;
      default: process_frontier<D, 4>(a, frontier, size, round, stamp, kVerticesPerVirtualWarp, work, q, next, next_size); break;
    }
  }
  finish_block<D>(a, work, q, next, next_size, round, &visits_slot, &edges_slot);
}

// 5.3, block-per-vertex: the heavy vertices of this round, one thread block each.
template <class D>
__global__ void __launch_bounds__(256) heavy_round_kernel(RoundArgs<D> a, long long round) {
  if (!round_should_run(a.counters, a.state, round)) return;
  __shared__ unsigned long long visits_slot, edges_slot;
  __shared__ int32_t slots[256 / 32 * kWarpSlot];
  block_counter_clear(&visits_slot);
  block_counter_clear(&edges_slot);
  __syncthreads();
  LoopState* state = a.state;
  const int r3 = static_cast<int>(round % 3);
  const unsigned long long count = min(reinterpret_cast<volatile unsigned long long*>(state->heavy_size)[r3],
                                       static_cast<unsigned long long>(a.heavy_capacity));
  int32_t* next = a.queue[(round + 1) & 1];
  unsigned long long* next_size = &state->frontier_size[(round + 1) % 3];
  const unsigned long long stamp = static_cast<unsigned long long>(round % a.stamp_period);
  WarpQueue q{slots + (threadIdx.x / 32) * kWarpSlot, 0};
  EdgeWork work;
  for (unsigned long long h = blockIdx.x; h < count; h += gridDim.x) {
    const int32_t u = a.heavy[h];
    const long long begin = __ldg(&a.offsets[u]), end = __ldg(&a.offsets[u + 1]);
    const typename D::value du = frontier_distance<D>(a, u);
    if (threadIdx.x == 0) ++work.visits;
    const int steps = static_cast<int>((end - begin + blockDim.x - 1) / blockDim.x);
    for (int step = 0; step < steps; ++step) {
      const long long e = begin + static_cast<long long>(step) * blockDim.x + threadIdx.x;
      int32_t v = -1;
      if (e < end) v = process_edge<D>(a, e, u, du, round == 0, stamp, work);
      push(v >= 0, v, q, a.coalesced != 0, next, a.queue_capacity, next_size, state);
    }
  }
  finish_block<D>(a, work, q, next, next_size, round, &visits_slot, &edges_slot);
}

// 5.3, device launch: a child grid over the edges of one heavy vertex.
template <class D>
__global__ void __launch_bounds__(256) heavy_child_kernel(RoundArgs<D> a, int32_t u, typename D::value du,
                                                          long long begin, long long end, long long round,
                                                          unsigned long long stamp) {
  __shared__ unsigned long long visits_slot, edges_slot;
  __shared__ int32_t slots[256 / 32 * kWarpSlot];
  block_counter_clear(&visits_slot);
  block_counter_clear(&edges_slot);
  __syncthreads();
  int32_t* next = a.queue[(round + 1) & 1];
  unsigned long long* next_size = &a.state->frontier_size[(round + 1) % 3];
  WarpQueue q{slots + (threadIdx.x / 32) * kWarpSlot, 0};
  EdgeWork work;
  if (blockIdx.x == 0 && threadIdx.x == 0) ++work.visits;
  const long long e = begin + static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x;
  int32_t v = -1;
  if (e < end) v = process_edge<D>(a, e, u, du, round == 0, stamp, work);
  push(v >= 0, v, q, a.coalesced != 0, next, a.queue_capacity, next_size, a.state);
  finish_block<D>(a, work, q, next, next_size, round, &visits_slot, &edges_slot);
}

template <class D>
__device__ bool hand_off_heavy(const RoundArgs<D>& a, int32_t u, typename D::value du, long long begin,
                               long long end, long long round, unsigned long long stamp) {
  if (a.dp_mode == GSSSP_HBF_DP_BLOCK_PER_VERTEX) {
    const unsigned long long h = atomicAdd(&a.state->heavy_size[round % 3], 1ull);
    if (h < static_cast<unsigned long long>(a.heavy_capacity)) {
      a.heavy[h] = u;
      return true;
    }
    return false;  // list full: this virtual warp does it
  }
#if defined(GSSSP_HBF_DEVICE_LAUNCH)
  // At most kMaxLaunchesPerRound child grids per round (counted in the round's heavy_size slot): far below
  // the device runtime's pending-launch buffer, and a bound on launch overhead when T_DP is small; the
  // heavy vertices beyond it go through the virtual warps.
  if (atomicAdd(&a.state->heavy_size[round % 3], 1ull) >= kMaxLaunchesPerRound) return false;
  const unsigned blocks = static_cast<unsigned>((end - begin + 255) / 256);
  heavy_child_kernel<D><<<blocks, 256, 0, cudaStreamFireAndForget>>>(a, u, du, begin, end, round, stamp);
  // A launch the device runtime refuses (pending-launch buffer full) falls back to the virtual warp.
  return cudaGetLastError() == cudaSuccess;
#else
  return false;
#endif
}

// ---- set-up and tail kernels ------------------------------------------------------------------------

template <class D>
__global__ void init_packed_kernel(unsigned long long* info, long long n, long long source, PackParams p) {
  for (long long v = grid_thread_index(); v < n; v += grid_stride()) {
    info[v] = v == source ? ((distance_code<D>(typename D::value{}, p) << p.iter_bits) | p.iter_mask)
                          : ((p.inf_code << p.iter_bits) | p.iter_mask);
  }
}

// Every stamp_period rounds the iteration fields are reset to "not this period", so a stamp never repeats
// while an older word still carries it (int packings with few iteration bits).
__global__ void reset_stamps_kernel(unsigned long long* info, long long n, unsigned long long iter_mask) {
  for (long long v = grid_thread_index(); v < n; v += grid_stride()) info[v] |= iter_mask;
}

template <class D>
__global__ void unpack_kernel(const unsigned long long* info, typename D::stored* dist, long long n, PackParams p) {
  for (long long v = grid_thread_index(); v < n; v += grid_stride()) dist[v] = stored_from_packed<D>(info[v], p);
}

// 4.1 out-degree class: a sink's distance is the minimum over its in-edges, written once, without atomics.
template <class D>
__global__ void sink_kernel(long long n, long long source, const int64_t* __restrict__ sink_offsets,
                            const int32_t* __restrict__ sink_sources, const uint32_t* __restrict__ sink_weights,
                            typename D::stored* dist, DeviceCounters* counters) {
  __shared__ unsigned long long edges_slot;
  block_counter_clear(&edges_slot);
  __syncthreads();
  unsigned long long edges = 0;
  for (long long v = grid_thread_index(); v < n; v += grid_stride()) {
    const long long begin = sink_offsets[v], end = sink_offsets[v + 1];
    if (begin == end || v == source) continue;
    typename D::stored best = dist[v];
    for (long long i = begin; i < end; ++i) {
      const typename D::stored du = dist[sink_sources[i]];
      if (du == D::kInfinity) continue;
      const uint32_t bits = sink_weights[i];
      typename D::weight w;
      memcpy(&w, &bits, sizeof(w));
      ++edges;
      const typename D::stored c = D::encode(D::relax(D::decode(du), w));
      if (c < best) best = c;
    }
    dist[v] = best;
  }
  block_counter_flush(&edges_slot, edges, &counters->edges_relaxed);
}

}  // namespace gsssp::hbf
