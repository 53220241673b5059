// ADDS's one-block schedule (adds_block.hpp): the search of a small graph inside one thread block, its distances
// in shared memory.
#pragma once

#include <cub/block/block_reduce.cuh>

#include "algorithms/adds/adds_policy.hpp"
#include "common/block_delivery.cuh"
#include "common/distance.cuh"
#include "common/warp_primitives.cuh"
#include "common/workspace.hpp"

namespace gsssp::adds {

// What the block hands back behind the kernel: rounds (block barriers), windows (placements of the bucket window at
// the least pending distance: the head moves of section 5.4), the last Delta, and whether the pending set emptied.
struct BlockRecord {
  long long rounds;
  long long windows;
  double delta;
  int converged;
  int hub_rounds;  // rounds that expanded listed hubs
  unsigned long long time_ns;  // the kernel's own time (%globaltimer), for a delivered query
  unsigned long long done;     // BlockDelivery::done points here when the record is the host's
};

// The hubs one round lists for the next: each one's vertex, first edge, degree and start in the list's edges.
struct HubList {
  int vertex[kBlockHubList];
  long long first[kBlockHubList];
  int start[kBlockHubList];
  int degree[kBlockHubList];
};
constexpr int kHubCountShift = 40;

template <class D>
struct BlockArgs {
  long long n = 0;
  const int64_t* offsets = nullptr;
  const int32_t* targets = nullptr;
  const typename D::weight* weights = nullptr;
  long long source = 0;
  typename D::value delta0{};
  long long max_rounds = 0;
  typename D::stored* out = nullptr;  // the stored distances, for the query's tail
  typename D::stored cutoff = D::kInfinity;  // gsssp_options' cutoff: edges landing beyond it are not relaxed
  DeviceCounters* counters = nullptr;
  BlockRecord* record = nullptr;  // device memory, or with a delivery the workspace's mapped host staging
  BlockDelivery delivery;         // delivery.counters null: the query's tail writes the host outputs
};

// The block's totals at the end, in one reduction.
struct BlockTotals {
  unsigned long long visits, relaxed, reached, flags;  // flags: wide bits (block_delivery.cuh) | 4 for an overflow
};
struct CombineTotals {
  __device__ __forceinline__ BlockTotals operator()(const BlockTotals& a, const BlockTotals& b) const {
    return BlockTotals{a.visits + b.visits, a.relaxed + b.relaxed, a.reached + b.reached, a.flags | b.flags};
  }
};

// The window's top in the stored (ordered) encoding: low + delta, at least one step above low, so that the least
// pending distance is always inside (a float32 sum can round back to low), and infinity where the sum overflows or
// Delta has reached kBlockMaxDelta.
template <class D>
__device__ __forceinline__ typename D::stored window_top(typename D::stored low, typename D::value delta) {
  using stored = typename D::stored;
  // Delta at its cap: the window holds every distance (every int64 distance is below 2^62, gsssp.h).
  if (!(delta < static_cast<typename D::value>(kBlockMaxDelta))) return D::kInfinity;
  const typename D::value base = D::decode(low);
  const typename D::value sum = base + delta;
  if (!(sum > base)) return low + 1 < D::kInfinity ? static_cast<stored>(low + 1) : D::kInfinity;
  const stored top = D::encode(sum);
  return top > D::kInfinity ? D::kInfinity : top;
}

// Relaxes the edges a lane gathered (t[u] < 0: none in that place), counting them in `relaxed`.
template <class Value, class Weight, class Relax>
__device__ __forceinline__ void relax_gathered(const int32_t (&t)[kBlockEdgesPerLane], const Weight (&w)[kBlockEdgesPerLane],
                                               const Value (&from)[kBlockEdgesPerLane], unsigned long long& relaxed,
                                               Relax&& relax) {
#pragma unroll
  for (int u = 0; u < kBlockEdgesPerLane; ++u) {
    if (t[u] >= 0) {
      relax(from[u], t[u], w[u]);
      ++relaxed;
    }
  }
}

// A warp's ready vertices' edges (lane i: `degree` edges from `first`, out of a vertex at distance `d`), concatenated
// and strided over its lanes: edge j belongs to the lane whose inclusive degree sum first passes j (a binary search
// over the warp's sums). Up to kBlockEdgesPerLane edges per lane and step, their loads issued before any is relaxed,
// so that their latencies overlap; a step's places past the warp's last edge are skipped by the whole warp (most
// rounds give a warp a few dozen edges, not 32 x kBlockEdgesPerLane). Edge indices are 32-bit: the schedule takes
// graphs of fewer than 2^31 edges (block_schedule). Every lane of the warp calls it.
template <class D, class Relax>
__device__ __forceinline__ void expand_warp(int lane, int first, unsigned degree, typename D::value d,
                                            const int32_t* __restrict__ targets,
                                            const typename D::weight* __restrict__ weights, unsigned long long& relaxed,
                                            Relax&& relax) {
  using value = typename D::value;
  using weight = typename D::weight;
  constexpr unsigned kFull = 0xffffffffu;
  if (!__any_sync(kFull, degree != 0)) return;
  const unsigned inclusive = shuffle::inclusive_sum(degree, lane);
  const unsigned total = __shfl_sync(kFull, inclusive, 31);
  const unsigned exclusive = inclusive - degree;
  for (unsigned base = 0; base < total; base += 32 * kBlockEdgesPerLane) {
    int32_t t[kBlockEdgesPerLane];
    weight w[kBlockEdgesPerLane];
    value from[kBlockEdgesPerLane];
#pragma unroll
    for (int u = 0; u < kBlockEdgesPerLane; ++u) {
      t[u] = -1;
      if (base + static_cast<unsigned>(u * 32) >= total) continue;  // the same for the whole warp
      const unsigned j = base + static_cast<unsigned>(u * 32 + lane);
      int owner = 0;
#pragma unroll
      for (int step = 16; step >= 1; step >>= 1) {
        if (__shfl_sync(kFull, inclusive, owner + step - 1) <= j) owner += step;
      }
      const int owner_first = __shfl_sync(kFull, first, owner);
      const unsigned owner_exclusive = __shfl_sync(kFull, exclusive, owner);
      from[u] = __shfl_sync(kFull, d, owner);
      if (j < total) {
        const int e = owner_first + static_cast<int>(j - owner_exclusive);
        t[u] = targets[e];
        w[u] = weights[e];
      }
    }
    relax_gathered(t, w, from, relaxed, relax);
  }
}

// The kernel's dynamic shared memory for n vertices: the stored distances, then (at this int index) the pending flags.
template <class D>
__host__ __device__ inline long long pending_offset(long long n) {
  return (n * static_cast<long long>(sizeof(typename D::stored)) + 15) / 16 * 4;
}
template <class D>
inline size_t shared_bytes(long long n) {
  return static_cast<size_t>(pending_offset<D>(n) + n) * sizeof(int);
}

// One block of kBlockScheduleThreads. Shared memory: the stored distances, then a pending flag per vertex (lowered
// since it was last expanded). A round expands every pending vertex below the window's top (section 5.4's head
// bucket, widened to the window [low, low + Delta)), reading its distance as it stands then (Gauss-Seidel: a vertex
// lowered earlier in the round expands at the lower value), its edges spread over its warp's lanes; a vertex of
// kBlockHubDegree edges or more is put on a list that the whole block expands in the next round. After the round's
// barrier every thread reads the same three sums and takes the same decision:
//   - a vertex was lowered inside the window, or a hub waits: another round in it;
//   - else nothing pending: done;
//   - else the window moves to the least pending distance (a head move).
// Delta only rises (adds_policy.hpp, kUtilization*: lowering it below the start never paid): it doubles, and the
// window widens at once, after every round whose edges did not fill the block's lanes (section 5.5's rule, with the
// block's threads as the capacity). Distances only fall and a vertex lowered is pending until expanded, so when
// nothing is pending every edge (u, v) has dist[v] <= dist[u] + w: the distances are exact.
// (__launch_bounds__ names one block per SM: without it ptxas kept the kernel to 32 registers, for two blocks of 1,024
// threads per SM, and spilled.)
template <class D>
__global__ void __launch_bounds__(kBlockScheduleThreads, 1) adds_block_kernel(BlockArgs<D> a) {
  using stored = typename D::stored;
  using value = typename D::value;
  using weight = typename D::weight;
  constexpr unsigned kFull = 0xffffffffu;
  extern __shared__ unsigned long long shared_words[];
  stored* dist = reinterpret_cast<stored*>(shared_words);
  int* pending = reinterpret_cast<int*>(shared_words) + pending_offset<D>(a.n);
  const int64_t* __restrict__ offsets = a.offsets;
  const int32_t* __restrict__ targets = a.targets;
  const weight* __restrict__ weights = a.weights;
  // Three of each, rotating (round r writes slot r % 3 and clears slot (r + 1) % 3, last read in round r - 1), so that
  // one barrier per round suffices.
  __shared__ stored s_min[3];                // least distance left pending outside the window
  __shared__ int s_inside[3];                // a vertex was lowered inside the window
  __shared__ unsigned long long s_work[3];   // edges relaxed
  // Hubs put on the list in round r, expanded in round r + 1: their count (high 24 bits) and their edges (low 40 bits)
  // in one word, so that one atomic gives a hub both its place in the list and its range in the list's edges, and
  // the ranges rise with the places.
  __shared__ unsigned long long s_hub_packed[3];
  __shared__ HubList s_hubs[2];  // the lists, by round parity

  const long long n = a.n;
  const int lane = threadIdx.x & 31;
  const unsigned long long started = threadIdx.x == 0 ? global_ns() : 0;
  for (long long v = threadIdx.x; v < n; v += blockDim.x) {
    dist[v] = v == a.source ? D::kZero : D::kInfinity;
    pending[v] = v == a.source ? 1 : 0;
  }
  if (threadIdx.x < 3) {
    s_min[threadIdx.x] = D::kInfinity;
    s_inside[threadIdx.x] = 0;
    s_work[threadIdx.x] = 0;
    s_hub_packed[threadIdx.x] = 0;
  }
  __syncthreads();

  value delta = a.delta0;
  stored low = D::kZero;
  stored top = window_top<D>(low, delta);
  unsigned long long visits = 0, relaxed = 0;
  bool overflow = false;
  long long round = 0, windows = 1;
  int converged = 0, hub_rounds = 0;

  // This round's least pending distance left outside the window, and whether a vertex was lowered inside it.
  stored outside = D::kInfinity;
  int inside = 0;
  // Relaxes an edge out of a vertex at distance d into `outside` and `inside`.
  auto relax = [&](value d, int32_t t, weight w) {
    const stored s = D::encode(D::relax(d, w));
    if (s > a.cutoff) return;  // beyond the cutoff (an overflowed sum too, when the cutoff is finite)
    // Only a float sum can overflow (to +inf, the stored infinity): the query fails rather than report a reachable
    // vertex unreachable (gsssp.h).
    if (s == D::kInfinity) {
      overflow = true;
      return;
    }
    // The read is a filter only: distances only fall, so a stale (higher) value costs one atomic.
    if (s < dist[t] && s < atomicMin(&dist[t], s)) {
      __threadfence_block();  // the lowered distance before the flag: whoever takes the flag reads the new value
      atomicExch(&pending[t], 1);
      if (s < top) {
        inside = 1;
      } else if (s < outside) {
        outside = s;
      }
    }
  };

  for (; round < a.max_rounds; ++round) {
    const int k = static_cast<int>(round % 3);
    if (threadIdx.x == 0) {
      const int next = static_cast<int>((round + 1) % 3);
      s_min[next] = D::kInfinity;
      s_inside[next] = 0;
      s_work[next] = 0;
      s_hub_packed[next] = 0;
    }
    outside = D::kInfinity;
    inside = 0;
    unsigned long long work = 0;

    // The hubs the previous round listed, their edges as one range spread over every thread of the block (the owner of
    // an edge by a binary search over the hubs' starts), kBlockEdgesPerLane at a time.
    if (round > 0) {
      const unsigned long long packed = s_hub_packed[(round + 2) % 3];
      const HubList& list = s_hubs[(round + 1) & 1];
      // Hubs past the list's end were expanded by their own warps; their ranges come after every listed one's.
      const int listed = static_cast<int>(min(packed >> kHubCountShift, static_cast<unsigned long long>(kBlockHubList)));
      const long long total = listed == 0 ? 0 : list.start[listed - 1] + list.degree[listed - 1];
      hub_rounds += listed > 0 ? 1 : 0;
      for (long long base = threadIdx.x; base < total; base += static_cast<long long>(blockDim.x) * kBlockEdgesPerLane) {
        int32_t t[kBlockEdgesPerLane];
        weight w[kBlockEdgesPerLane];
        value from[kBlockEdgesPerLane];
#pragma unroll
        for (int u = 0; u < kBlockEdgesPerLane; ++u) {
          const long long j = base + static_cast<long long>(u) * blockDim.x;
          t[u] = -1;
          if (j < total) {
            int lo = 0, hi = listed;
            while (hi - lo > 1) {
              const int mid = (lo + hi) >> 1;
              if (list.start[mid] <= j) lo = mid; else hi = mid;
            }
            const long long e = list.first[lo] + (j - list.start[lo]);
            from[u] = D::decode(dist[list.vertex[lo]]);
            t[u] = targets[e];
            w[u] = weights[e];
          }
        }
        relax_gathered(t, w, from, work, relax);
      }
    }

    // Every vertex scanned: pending ones below the top expand, their edges over the warp's lanes.
    HubList& my_hubs = s_hubs[round & 1];
    for (long long start = 0; start < n; start += blockDim.x) {
      const long long v = start + threadIdx.x;
      int first = 0;  // edge indices fit 32 bits here (expand_warp)
      unsigned degree = 0;
      value d{};
      if (v < n && atomicOr(&pending[v], 0) != 0) {
        const stored seen = dist[v];
        if (seen < top) {
          atomicExch(&pending[v], 0);
          __threadfence_block();
          const stored now = dist[v];  // at or below `seen`: lowered since, by a thread that set the flag again
          d = D::decode(now);
          const long long begin = offsets[v];
          const long long end = offsets[v + 1];
          first = static_cast<int>(begin);
          ++visits;
          degree = static_cast<unsigned>(end - begin);
          if (end - begin >= kBlockHubDegree) {
            const unsigned long long old =
                atomicAdd(&s_hub_packed[k], (1ull << kHubCountShift) | static_cast<unsigned long long>(degree));
            const unsigned long long at = old >> kHubCountShift;
            // Listed unless the list is full (then the warp expands it, below). The list's edges are below 2^31: a
            // vertex is listed at most once a round, and the schedule takes graphs of fewer edges (adds_block.cu).
            if (at < static_cast<unsigned long long>(kBlockHubList)) {
              my_hubs.vertex[at] = static_cast<int>(v);
              my_hubs.first[at] = begin;
              my_hubs.start[at] = static_cast<int>(old & ((1ull << kHubCountShift) - 1));
              my_hubs.degree[at] = static_cast<int>(degree);
              degree = 0;
              inside = 1;  // the block expands it next round
            }
          }
        } else if (seen < outside) {
          outside = seen;
        }
      }
      expand_warp<D>(lane, first, degree, d, targets, weights, work, relax);
    }
    relaxed += work;

    // The round's sums: one atomic per warp.
    const unsigned long long warp_work = shuffle::total(work);
    const int warp_inside = __any_sync(kFull, inside);
    stored warp_outside = outside;
#pragma unroll
    for (int offset = 16; offset > 0; offset >>= 1) {
      const stored other = __shfl_xor_sync(kFull, warp_outside, offset);
      warp_outside = other < warp_outside ? other : warp_outside;
    }
    if (lane == 0) {
      if (warp_work != 0) atomicAdd(&s_work[k], warp_work);
      if (warp_inside) atomicOr(&s_inside[k], 1);
      if (warp_outside != D::kInfinity) atomicMin(&s_min[k], warp_outside);
    }
    __syncthreads();
    const bool more_inside = s_inside[k] != 0;
    const stored least = s_min[k];
    const unsigned long long round_work = s_work[k];
    if (!more_inside) {
      if (least == D::kInfinity) {
        converged = 1;
        ++round;
        break;
      }
      low = least;
      ++windows;
    }
    // Fewer edges than lanes: a wider window (Delta doubles; never narrows). Capped at 2^61, so that low + Delta cannot
    // overflow an int64 distance (below 2^62, gsssp.h); a float Delta may reach +inf (the window is then everything).
    if (round_work < static_cast<unsigned long long>(blockDim.x) && delta < static_cast<value>(kBlockMaxDelta)) {
      delta = delta + delta;
    }
    top = window_top<D>(low, delta);
  }

  // The stored distances for the query's tail or a resident result, and with a delivery the host output as well.
  const BlockDelivery& delivery = a.delivery;
  const bool delivered = delivery.counters != nullptr;
  unsigned long long reached = 0, wide = 0;
  for (long long v = threadIdx.x; v < n; v += blockDim.x) {
    const stored s = dist[v];
    a.out[v] = s;
    reached += s != D::kInfinity ? 1 : 0;
    if (delivered && delivery.distances != nullptr) deliver_distance<D>(delivery, v, s, wide);
  }
  if (delivered) __threadfence_system();  // before the reduction's barrier, behind which thread 0 sets the ticket
  using Reduce = cub::BlockReduce<BlockTotals, kBlockScheduleThreads>;
  __shared__ typename Reduce::TempStorage reduce_storage;
  const BlockTotals totals =
      Reduce(reduce_storage).Reduce(BlockTotals{visits, relaxed, reached, wide | (overflow ? 4ull : 0ull)}, CombineTotals{});
  if (threadIdx.x == 0) {
    DeviceCounters* counters = a.counters;
    counters->vertex_visits = totals.visits;
    counters->edges_relaxed = totals.relaxed;
    if ((totals.flags & 4) != 0) counters->overflow = 1;
    BlockRecord* record = a.record;
    record->rounds = round;
    record->windows = windows;
    record->delta = static_cast<double>(delta);
    record->converged = converged;
    record->hub_rounds = hub_rounds;
    if (delivered) {
      // What the tail's pass would have counted, in the device's counters too (a fallback to wider output recounts).
      counters->reached = totals.reached;
      counters->wide_needed = totals.flags & 3;
      record->time_ns = global_ns() - started;
      deliver_end(delivery, totals.visits, totals.relaxed, totals.reached, (totals.flags & 4) != 0, totals.flags & 3);
    }
  }
}

}  // namespace gsssp::adds
