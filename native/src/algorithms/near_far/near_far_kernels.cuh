// Near-Far after Davidson, Baxter, Garland & Owens, "Work-Efficient Parallel GPU Methods for Single-Source
// Shortest Paths" (IPDPS'14), in the optimized form of LonestarGPU that Wang et al. (PPoPP'21, sections 1, 4
// and 6.1.2) measure ADDS against:
//   - two piles in pre-allocated arrays, bulk-synchronous rounds with double-buffered near worklists: a round
//     expands the near pile; a vertex lowered below the current bound goes to the next near pile, else to far;
//   - when near empties the bound rises by Delta and far is split (split_pile);
//   - the duplicate-removal filter: a vertex enters a near pile at most once per round and the far pile at
//     most once per split epoch (tag arrays, one atomicExch per push), and the split drops far entries whose
//     vertex has since fallen below the old bound (already expanded as near work);
//   - load balance for skewed degrees: block-cooperative expansion of vertices of degree >= blockDim, then
//     warp-cooperative expansion of degree >= 32, then the rest edge-parallel over the warp (Merrill's TWC);
//   - warp-aggregated pushes (one atomicAdd per coalesced group, as LonestarGPU's push_warp);
//   - float atomicMin through the order-preserving int image (common/atomics.cuh).
// The new bound of a split is max(old bound, far_min) + Delta, where far_min is a lower bound on the live far
// distances, kept as it goes: every far-side lowering of an epoch and every item a split keeps lowers it. A vertex
// lowered on the far side and later below the bound makes far_min smaller than the live minimum, so a split may rarely
// bring nothing near; the next split then works from the exact minimum of the items the empty split kept. Any
// non-decreasing bound sequence gives the exact distances (the far items below a new bound are always moved near), so
// this only affects how the work is cut into rounds.
//
// The whole search is ONE persistent kernel, as LonestarGPU runs it: a cooperative launch with a grid barrier
// (cooperative_groups' grid.sync()) between steps, the host only waiting for it. On high-diameter graphs (roads,
// grids) a round has only ~10^3 vertices of work, so a kernel launch or a host read per round cost more than the round
// itself (docs/performance.md). The design:
//   - one cooperative launch (cudaLaunchCooperativeKernel: every block resident at once, or no launch) of a grid
//     sized from the kernel's occupancy and a ResidencyLease (common/residency.hpp, as ADDS and multi_bf);
//   - every block keeps the loop's state (Control) in shared memory, the same in every block. A multi-block step
//     pushes into counters in device memory (StepCounters), rotated over three slots: multi-block step i uses
//     slots[i % 3], and during step i block 0 clears slots[(i + 1) % 3], last used by step i - 2, whose readers
//     all read it before they arrived at the barrier that ended step i - 1 (multi_bf's counts[r % 3] idea). After
//     the barrier that ends step i, thread 0 of every block reads slots[i % 3] and derives the next Control from
//     it and its own copy of the old one: the same inputs, so the same answer in every block. The far pile's
//     size and far_min are folded into Control from each step's counters, so no counter outlives a step;
//   - only as many blocks as the step's pile needs take part (step_blocks); the others go straight to the barrier;
//   - a step of at most kPersistentSoloItems is done by block 0 alone, and so are the one-block steps after it: their
//     counters are in block 0's shared memory, their barrier is __syncthreads, and they take no fence and no global
//     counter. The other blocks wait at the grid barrier while block 0 runs; when the next step needs more blocks, or
//     the loop stops, block 0 writes its Control to `handoff` and arrives; after the barrier the other blocks read
//     the handoff;
//   - no host sync inside the loop. The host launches, then polls the stream (cudaStreamQuery) so that it can
//     forward a close of the device graph as a word in pinned host memory, as ADDS does (adds.cu); block 0 reads
//     that word at most every kAbortPollNs and ends the loop through the same state as the other stops.
//
// Deadlock freedom:
//   1. Co-residency: the launch is cooperative, so either every block of the grid is resident at once or the
//      launch fails (cudaErrorCooperativeLaunchTooLarge); the grid is at most the occupancy the runtime reports for
//      this kernel and block size times the SMs, and usually the ResidencyLease's smaller share. So a waiting block
//      never keeps another block of the grid from running.
//   2. The same barriers in every block: each iteration of the kernel's loop calls the grid barrier exactly once, in
//      every block, whatever the block's part in the step (blocks past `active`, and all but block 0 in a one-block
//      chain, do no work but still arrive). The one-block chain has no grid barrier in it. The loop stops at its top
//      on `status != kRunning`, read from Control.
//   3. Control is the same in every block at every loop top, by induction: at the start every block builds it from
//      the same constants; after a multi-block step i, every thread 0 computes it from its own (equal) copy of the
//      old Control and from slots[i % 3], which no one writes between the barrier and the last read: the pushes of
//      step i + 1 go to slots[(i + 1) % 3], and slots[i % 3] is next cleared during step i + 2, which starts after
//      the barrier that ends step i + 1 (or a later one), and every block reads slots[i % 3] before it arrives at its
//      next barrier; one-block steps count in shared memory, not in a slot. After a one-block chain, block 0's copy is
//      the chain's last state and the others read the same from `handoff`, which block 0 writes only at the end of a
//      chain; two chains are always separated by a multi-block step (a chain ends only when the next step needs
//      more blocks, or when the loop stops), whose barrier every block reaches after its read of the earlier handoff.
//      Hence every block leaves the loop after the same number of barriers, and the loop's exit decisions (done,
//      the caller's round limit, the host's abort carried in the step's counters or the handoff) are all read from
//      that shared state.
//   4. Inside a block, every __syncthreads is reached by all its threads: the branches around them depend only on
//      Control, blockIdx and `active`, which are uniform in the block, and the expansion loops are block-uniform.
//   5. The algorithm ends: each step is finite, and a split raises the bound strictly and drops stale items.
#pragma once

#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>

#include <climits>
#include <cstdint>

#include <cuda/functional>

#include "algorithms/near_far/near_far_policy.hpp"
#include "common/block_count.cuh"
#include "common/clock.cuh"
#include "common/distance.cuh"
#include "common/edge_loads.cuh"
#include "common/twc.cuh"
#include "common/warp_primitives.cuh"
#include "common/workspace.hpp"

namespace gsssp::near_far {

namespace cg = cooperative_groups;

// The loop's verdict: kAborted when the host stopped it (the device graph was closed).
enum LoopStatus : unsigned int { kRunning = 0, kDone = 1, kLimitReached = 2, kAborted = 3 };

__device__ __forceinline__ unsigned long long load_volatile(const unsigned long long* p) {
  return *reinterpret_cast<const volatile unsigned long long*>(p);
}

// The verdict on the next step (done, or stop at the caller's limit, or go on).
__device__ __forceinline__ unsigned int next_status(unsigned long long near_size, unsigned long long far_size,
                                                    unsigned long long rounds, long long limit) {
  if (near_size == 0 && far_size == 0) return kDone;
  if (near_size > 0 && limit > 0 && rounds >= static_cast<unsigned long long>(limit)) return kLimitReached;
  return kRunning;
}

// The next bound: Delta above the old one and above far_min; strictly above far_min even where float Delta
// is below its ulp. far_min = infinity (nothing recorded: only stale items can be left) keeps the old bound.
__device__ __forceinline__ long long next_bound(long long old_bound, long long far_min, bool far_min_known,
                                                long long delta) {
  const long long from = far_min_known && far_min > old_bound ? far_min : old_bound;
  return from > LLONG_MAX - delta ? LLONG_MAX : from + delta;
}
__device__ __forceinline__ float next_bound(float old_bound, float far_min, bool far_min_known, float delta) {
  const float from = far_min_known && far_min > old_bound ? far_min : old_bound;
  // In double then rounded once, as the host computed it before the loop moved to the device.
  float bound = __double2float_rn(__dadd_rn(static_cast<double>(from), static_cast<double>(delta)));
  if (!(bound > from)) bound = nextafterf(from, __int_as_float(0x7f800000));
  return bound;
}

// The loop's state between two steps: the same in every block (see the header). Stored codes in 64 bits.
struct Control {
  unsigned long long near_size;    // items of near[near_current], the pile the next step expands
  unsigned long long far_size;     // items of far[far_current]
  unsigned long long far_min;      // lower bound on the live far distances of this epoch; D::kInfinity: none
  unsigned long long bound;        // the current bound
  unsigned long long rounds;       // expand steps done: the real rounds
  unsigned long long multi_steps;  // multi-block steps done: the next one uses slots[multi_steps % 3]
  int near_current;
  int far_current;
  int epoch;                       // far-pile tag of the current epoch
  unsigned int status;             // LoopStatus
};
static_assert(sizeof(Control) % sizeof(unsigned long long) == 0, "Control is copied in 8-byte words");

// What one step adds up; the next Control is derived from these and the old Control.
struct StepCounters {
  unsigned long long near_out;    // items pushed to the near pile the next step reads
  unsigned long long far_pushed;  // expand: items appended to far[far_current] after its far_size
  unsigned long long far_kept;    // split: items kept in far[far_current ^ 1]
  unsigned long long far_min;     // expand: least stored code lowered on the far side; ~0: none
  unsigned long long kept_min;    // split: least stored code kept in far; ~0: none
  unsigned long long abort;       // multi-block step: block 0 found the host's abort word set at its start
};
static_assert(sizeof(StepCounters) % sizeof(unsigned long long) == 0, "StepCounters is copied in 8-byte words");

// One slot per 128-byte line: the slots of consecutive steps do not share a line.
struct alignas(128) CounterLine {
  StepCounters c;
};

struct PersistentReport {
  unsigned long long rounds;
  unsigned int status;
  unsigned int pad;
};

// The kernel's device memory (workspace scratch), set by persistent_init_kernel.
struct PersistentState {
  alignas(128) Control handoff;             // block 0's Control at the end of a one-block chain
  CounterLine slots[3];                     // multi-block step i counts into slots[i % 3]
  alignas(128) PersistentReport report;     // block 0's verdict, copied back after the kernel
};

// Pinned host memory, mapped: the host sets `abort` when the device graph is closed.
struct PersistentHost {
  unsigned int abort;
  unsigned int pad;
};

template <class D>
struct PersistentArgs {
  int32_t* near[2];
  int32_t* far[2];
  int32_t* near_tag;  // round + 1 of the last push to a near pile
  int32_t* far_tag;   // epoch of the last push to the far pile
  const int64_t* offsets;
  const int32_t* targets;
  const typename D::weight* weights;
  typename D::stored* dist;
  PersistentState* state;
  DeviceCounters* counters;
  const unsigned int* host_abort;   // PersistentHost::abort
  typename D::value delta;
  long long limit;                  // caller's round limit, 0 for none
  typename D::stored cutoff;        // gsssp_options' cutoff (common/cutoff.hpp), D::kInfinity for none
  long long* trace_sizes;           // near-pile size per round, or null
  unsigned long long* trace_times;  // %globaltimer (ns) when each round started
  long long trace_capacity;
  int stream_edges;                 // 1: edge targets and weights are loaded evict-first (near_far.cu says when)
};

// The expansion spreads a round's edges over as many lanes as it can (docs/performance.md has what each part gained):
//   - a step spreads its pile over up to one warp per item (step_blocks, items_per_warp): a round of rgg 2-D has about
//     1,300 items and 13,600 edges, which one item per thread gave to 6 of 264 blocks, each thread walking ~10 edges;
//   - vertices of fewer than 32 edges are expanded edge-parallel over their warp (a warp scan of the degrees, each
//     lane taking edge slots lane, lane + 32, ...), so a thread's serial depth is the warp's edges / 32 instead of the
//     largest degree among its lanes;
//   - the improvement test reads dist from L2 (__ldcg) and decides on that read; the atomicMin's result is not used
//     (a fire-and-forget reduction), which takes one dependent L2 round trip off every improving edge. A racing lower
//     value only makes a duplicate push, which the tags still filter within a round;
//   - far_min is lowered in shared memory per far-side improvement and folded into the step's counter once per block
//     and step, instead of an atomic per group of edges.

// Thread 0 only: whether the host asked to stop, reading its word (a PCIe round trip) at most every kAbortPollNs.
__device__ __forceinline__ bool host_abort_seen(const unsigned int* host_abort, unsigned long long& polled_at) {
  const unsigned long long now = global_ns();
  if (now - polled_at < kAbortPollNs) return false;
  polled_at = now;
  return *reinterpret_cast<const volatile unsigned int*>(host_abort) != 0u;
}

__device__ __forceinline__ void clear_counters(StepCounters& c) {
  c.near_out = 0;
  c.far_pushed = 0;
  c.far_kept = 0;
  c.far_min = ~0ull;
  c.kept_min = ~0ull;
  c.abort = 0;
}

// Reads of state other blocks wrote before a barrier, from L2 (the acquire already orders them; the cache hint
// keeps a line this SM's L1 held from before out of the question).
template <class T>
__device__ __forceinline__ T load_words(const T* from) {
  union {
    T value;
    unsigned long long words[sizeof(T) / sizeof(unsigned long long)];
  } u;
  const auto* p = reinterpret_cast<const unsigned long long*>(from);
#pragma unroll
  for (int i = 0; i < static_cast<int>(sizeof(T) / sizeof(unsigned long long)); ++i) u.words[i] = __ldcg(p + i);
  return u.value;
}

template <class D>
__device__ __forceinline__ Control initial_control(typename D::value delta) {
  Control s;
  s.near_size = 1;  // the source, at distance 0
  s.far_size = 0;
  s.far_min = static_cast<unsigned long long>(D::kInfinity);
  s.bound = static_cast<unsigned long long>(D::encode(delta));
  s.rounds = 0;
  s.multi_steps = 0;
  s.near_current = 0;
  s.far_current = 0;
  s.epoch = 1;
  s.status = kRunning;
  return s;
}

// How many blocks take part in the step Control describes: 1 (block 0 alone) for at most kPersistentSoloItems, else
// for an expand step one block per blockDim / 32 items (an item per warp), for a split one per blockDim items, at most
// the grid.
__device__ __forceinline__ unsigned int step_blocks(const Control& s) {
  const unsigned long long items = s.near_size > 0 ? s.near_size : s.far_size;
  if (items <= static_cast<unsigned long long>(kPersistentSoloItems)) return 1u;
  const unsigned long long per_block = s.near_size > 0 ? blockDim.x / 32u : blockDim.x;
  const unsigned long long needed = (items + per_block - 1) / per_block;
  return needed < gridDim.x ? static_cast<unsigned int>(needed) : gridDim.x;
}

// Items a warp takes per pass of an expand step over `active` blocks: the pile spread evenly over the active warps
// (at least 1, at most 32), so that a small pile's edges are spread over the lanes of many warps (the edge-parallel
// loop of expand_pile) rather than walked serially by few threads.
__device__ __forceinline__ int items_per_warp(const Control& s, unsigned int active) {
  const unsigned long long warps = static_cast<unsigned long long>(active) * (blockDim.x / 32u);
  const unsigned long long ipw = (s.near_size + warps - 1) / warps;
  return ipw < 1ull ? 1 : ipw > 32ull ? 32 : static_cast<int>(ipw);
}

// The bound a split of `s` raises to (every caller derives the same from the same Control).
template <class D>
__device__ __forceinline__ typename D::stored split_bound(const Control& s, typename D::value delta) {
  using stored = typename D::stored;
  const bool known = s.far_min != static_cast<unsigned long long>(D::kInfinity);
  return D::encode(next_bound(D::decode(static_cast<stored>(s.bound)), D::decode(static_cast<stored>(s.far_min)), known,
                              delta));
}

// The Control after the step that `s` describes, given what the step counted.
template <class D>
__device__ __forceinline__ Control next_control(const Control& s, const StepCounters& c, typename D::value delta,
                                                long long limit) {
  Control n = s;
  if (s.near_size > 0) {
    n.near_size = c.near_out;
    n.far_size = s.far_size + c.far_pushed;
    n.far_min = c.far_min < s.far_min ? c.far_min : s.far_min;
    n.rounds = s.rounds + 1;
    n.near_current = s.near_current ^ 1;
  } else {
    const auto infinity = static_cast<unsigned long long>(D::kInfinity);
    n.near_size = c.near_out;
    n.far_size = c.far_kept;
    n.far_current = s.far_current ^ 1;
    n.far_min = c.kept_min < infinity ? c.kept_min : infinity;
    n.bound = static_cast<unsigned long long>(split_bound<D>(s, delta));
    n.epoch = s.epoch + 1;
  }
  n.status = next_status(n.near_size, n.far_size, n.rounds, limit);
  if (n.status == kRunning && c.abort != 0) n.status = kAborted;
  return n;
}

// Appends v at list[base + ...]: one atomicAdd per group of converged threads.
__device__ __forceinline__ void push_after(int32_t* list, unsigned long long base, unsigned long long* count, int32_t v) {
  cg::coalesced_group group = cg::coalesced_threads();
  unsigned long long at = 0;
  if (group.thread_rank() == 0) at = atomicAdd(count, static_cast<unsigned long long>(group.size()));
  at = group.shfl(at, 0);
  list[base + at + group.thread_rank()] = v;
}

// Relaxes edge (u, v) in an expand step of `s` (the block's Control, in shared memory), counting into `c`. The push
// targets are derived from `s` only on the path that pushes, so that the common path (no improvement) keeps few
// registers.
template <class D>
__device__ __forceinline__ void relax_into(const PersistentArgs<D>& a, const Control& s, StepCounters* c, int32_t v,
                                           typename D::value du, typename D::weight w, typename D::value bound,
                                           int32_t near_tag, int32_t far_tag, unsigned long long* step_far_min) {
  const typename D::value candidate = D::relax(du, w);
  const typename D::stored encoded = D::encode(candidate);
  // Beyond the cutoff: neither lowered nor pushed, so the search explores the ball alone (the tail reports the rest
  // unreached).
  if (encoded > a.cutoff) return;
  const bool improved = encoded < __ldcg(a.dist + v);
  if (improved) {
    atomicMin(&a.dist[v], encoded);  // result unused: a reduction, no round trip to wait for
    if (candidate < bound) {
      if (atomicExch(&a.near_tag[v], near_tag) != near_tag) push_after(a.near[s.near_current ^ 1], 0, &c->near_out, v);
    } else {
      // Every far-side lowering, pushed or not, keeps far_min a lower bound on the live far distances: the next
      // Control takes the smaller of s.far_min and the step's c->far_min. The block's minimum is kept in shared
      // memory; expand_pile folds it into c->far_min once per step.
      if (static_cast<unsigned long long>(encoded) < *step_far_min) atomicMin(step_far_min, static_cast<unsigned long long>(encoded));
      if (atomicExch(&a.far_tag[v], far_tag) != far_tag) push_after(a.far[s.far_current], s.far_size, &c->far_pushed, v);
    }
  }
}

// One round: expands every vertex of the near pile, by blocks [0, active). Needs blockDim.x a multiple of 32. Visits and edges add to the caller's counts.
template <class D>
__device__ void expand_pile(const PersistentArgs<D>& a, const Control& s, unsigned int active, StepCounters* c,
                            unsigned long long& visits, unsigned long long& edges) {
  using value = typename D::value;
  __shared__ int owner;
  __shared__ long long shared_begin, shared_end;
  __shared__ value shared_du;
  __shared__ unsigned long long step_far_min;  // the block's least far-side code this step
  const long long near_size = static_cast<long long>(s.near_size);
  const int32_t* near_in = a.near[s.near_current];
  const value bound = D::decode(static_cast<typename D::stored>(s.bound));
  // Tags are round + 1 (and rounds stay far below 2^31 in practice; wrap-around only costs duplicates).
  const auto near_tag = static_cast<int32_t>((s.rounds % 0x7ffffffe) + 1);
  const int32_t far_tag = s.epoch;
  const int64_t* __restrict__ offsets = a.offsets;
  const int32_t* __restrict__ targets = a.targets;
  const typename D::weight* __restrict__ weights = a.weights;
  const typename D::stored* dist = a.dist;

  if (blockIdx.x == 0 && threadIdx.x == 0 && a.trace_sizes != nullptr &&
      s.rounds < static_cast<unsigned long long>(a.trace_capacity)) {
    a.trace_sizes[s.rounds] = near_size;
    a.trace_times[s.rounds] = global_ns();
  }

  // Written before the first pass's first __syncthreads, read after the last one below.
  if (threadIdx.x == 0) step_far_min = s.far_min;
  const int lane = static_cast<int>(threadIdx.x & 31u);
  const int ipw = items_per_warp(s, active);
  const long long per_block = static_cast<long long>(blockDim.x / 32u) * ipw;
  const long long step = static_cast<long long>(active) * per_block;
  // Block-uniform loop: every thread of the block takes part in each pass (the cooperative phases sync).
  for (long long base = static_cast<long long>(blockIdx.x) * per_block; base < near_size; base += step) {
    const long long i = base + static_cast<long long>(threadIdx.x >> 5) * ipw + lane;
    long long begin = 0, end = 0;
    value du = 0;
    if (lane < ipw && i < near_size) {
      // From L2: other threads (of this block in a chain, of any block before the barrier) wrote these.
      const int32_t u = __ldcg(near_in + i);
      begin = offsets[u];
      end = offsets[u + 1];
      du = D::decode(__ldcg(dist + u));
      ++visits;
      edges += static_cast<unsigned long long>(end - begin);
    }
    // Block-cooperative: one large vertex at a time, all threads of the block on its edges.
    while (block_take_vertex(owner, begin, end, block_slot(shared_begin, begin), block_slot(shared_end, end),
                             block_slot(shared_du, du))) {
      const long long b = shared_begin, e_end = shared_end;
      const value d = shared_du;
      for (long long e = b + threadIdx.x; e < e_end; e += blockDim.x) {
        relax_into<D>(a, s, c, load_edge(&targets[e], a.stream_edges), d, load_edge(&weights[e], a.stream_edges), bound,
                      near_tag, far_tag, &step_far_min);
      }
      __syncthreads();
    }
    // Warp-cooperative: medium vertices, one at a time per warp.
    long long b = 0, e_end = 0;
    value d = 0;
    while (warp_take_vertex(begin, end, du, 32, b, e_end, d)) {
      for (long long e = b + lane; e < e_end; e += 32) {
        relax_into<D>(a, s, c, load_edge(&targets[e], a.stream_edges), d, load_edge(&weights[e], a.stream_edges), bound,
                      near_tag, far_tag, &step_far_min);
      }
    }
    // The rest, edge-parallel over the warp: lane j's edges take the warp's edge slots [excl_j, incl_j).
    const int degree = static_cast<int>(end - begin);  // < 32 here
    const int incl = shuffle::inclusive_sum(degree, lane);
    const int total = __shfl_sync(0xffffffffu, incl, 31);
    const int excl = incl - degree;
    for (int k0 = 0; k0 < total; k0 += 32) {  // warp-uniform
      const int k = k0 + lane;
      // The owner of slot k: the first lane whose incl exceeds k (a binary search over the lanes).
      int owner = 0;
#pragma unroll
      for (int step = 16; step > 0; step >>= 1) {
        const int probe = __shfl_sync(0xffffffffu, incl, owner + step - 1);
        if (probe <= k) owner += step;
      }
      owner = owner < 31 ? owner : 31;
      const long long owner_begin = __shfl_sync(0xffffffffu, begin, owner);
      const int owner_excl = __shfl_sync(0xffffffffu, excl, owner);
      const value owner_du = __shfl_sync(0xffffffffu, du, owner);
      if (k < total) {
        const long long e = owner_begin + (k - owner_excl);
        relax_into<D>(a, s, c, load_edge(&targets[e], a.stream_edges), owner_du, load_edge(&weights[e], a.stream_edges),
                      bound, near_tag, far_tag, &step_far_min);
      }
    }
  }
  __syncthreads();  // every thread's lowering of step_far_min is done
  if (threadIdx.x == 0 && step_far_min < s.far_min) atomicMin(&c->far_min, step_far_min);
}

// Near is empty: raise the bound and split far, by blocks [0, active). Far items below the new bound become the near
// pile, those at or above it stay in far (tagged with the new epoch, so later pushes of this epoch skip them), stale
// ones (below the old bound, since expanded as near work) go.
template <class D>
__device__ void split_pile(const PersistentArgs<D>& a, const Control& s, unsigned int active, StepCounters* c) {
  using stored = typename D::stored;
  const stored old_bound = static_cast<stored>(s.bound);
  const stored new_bound = split_bound<D>(s, a.delta);
  const int32_t next_epoch = s.epoch + 1;
  const int32_t* far = a.far[s.far_current];
  int32_t* near_out = a.near[s.near_current];  // the expand that emptied near left this pile empty
  int32_t* far_next = a.far[s.far_current ^ 1];
  const long long far_size = static_cast<long long>(s.far_size);
  stored kept = D::kInfinity;
  const long long stride = static_cast<long long>(active) * blockDim.x;
  for (long long i = static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x; i < far_size; i += stride) {
    const int32_t v = __ldcg(far + i);
    const stored d = __ldcg(a.dist + v);
    if (d < old_bound) continue;
    if (d < new_bound) {
      push_after(near_out, 0, &c->near_out, v);
    } else {
      a.far_tag[v] = next_epoch;  // far items are distinct within an epoch: no race
      push_after(far_next, 0, &c->far_kept, v);
      kept = d < kept ? d : kept;
    }
  }
  // Warp minimum of the kept distances, one atomic per warp.
  kept = warp_reduce(kept, ::cuda::minimum<>{});
  if ((threadIdx.x & 31u) == 0 && kept != D::kInfinity &&
      static_cast<unsigned long long>(kept) < load_volatile(&c->kept_min)) {
    atomicMin(&c->kept_min, static_cast<unsigned long long>(kept));
  }
}

// The whole search, one launch: see the header. Needs blockDim.x a multiple of 32 and a cooperative launch.
template <class D>
__global__ void persistent_kernel(PersistentArgs<D> a) {
  __shared__ Control ctl;          // written by thread 0 only, read by all after a __syncthreads
  __shared__ StepCounters solo;    // block 0's counters in a one-block chain
  __shared__ unsigned long long visits_slot, edges_slot;
  __shared__ unsigned long long polled_at;  // thread 0: when it last read the host's abort word
  unsigned long long visits = 0, edges = 0;  // this thread's, over every step; flushed once at the end
  if (threadIdx.x == 0) {
    ctl = initial_control<D>(a.delta);
    clear_counters(solo);
    block_counter_clear(&visits_slot);
    block_counter_clear(&edges_slot);
    polled_at = global_ns();
  }
  __syncthreads();
  // Every thread reads the Control it needs from `ctl` in shared memory rather than keeping a copy: only thread 0
  // writes it, between two __syncthreads, and never during a multi-block step. A copy in registers, and the push
  // targets kept in registers, took ptxas (nvcc 13.0, sm_90) to 94 registers for int32 weights; this way it is 64
  // (float32: 56), no spills, so 1024-thread blocks and 4 blocks of 256 per SM fit.
  for (;;) {
    if (ctl.status != kRunning) break;  // the same in every block (header, 3)
    const unsigned int active = step_blocks(ctl);
    const bool chain = active == 1u;
    StepCounters* slot = &a.state->slots[ctl.multi_steps % 3].c;
    if (!chain && blockIdx.x == 0 && threadIdx.x == 0) {
      clear_counters(a.state->slots[(ctl.multi_steps + 1) % 3].c);  // last used by step multi_steps - 2
      if (host_abort_seen(a.host_abort, polled_at)) slot->abort = 1;
    }
    if (blockIdx.x < active) {
      // A multi-block step once; or block 0's chain of one-block steps, for as long as they stay one-block.
      StepCounters* counters = chain ? &solo : slot;
      for (;;) {
        if (ctl.near_size > 0) {
          expand_pile<D>(a, ctl, active, counters, visits, edges);
        } else {
          split_pile<D>(a, ctl, active, counters);
        }
        if (!chain) break;
        __syncthreads();  // the step's pushes and counts are done and visible in the block
        if (threadIdx.x == 0) {
          Control n = next_control<D>(ctl, solo, a.delta, a.limit);
          if (n.status == kRunning && host_abort_seen(a.host_abort, polled_at)) n.status = kAborted;
          ctl = n;
          clear_counters(solo);
          if (n.status != kRunning || step_blocks(n) != 1u) {
            // The chain ends: its state for the other blocks, released by the barrier below.
            Control* handoff = &a.state->handoff;
            *handoff = n;
          }
        }
        __syncthreads();
        if (ctl.status != kRunning || step_blocks(ctl) != 1u) break;
      }
    }
    cg::this_grid().sync();
    if (threadIdx.x == 0) {
      if (chain) {
        if (blockIdx.x != 0) ctl = load_words(&a.state->handoff);  // block 0 holds it already
      } else {
        // ctl is still the Control the step started from.
        Control n = next_control<D>(ctl, load_words(slot), a.delta, a.limit);
        n.multi_steps = ctl.multi_steps + 1;
        ctl = n;
      }
    }
    __syncthreads();
  }
  block_counter_flush(&visits_slot, visits, &a.counters->vertex_visits);
  block_counter_flush(&edges_slot, edges, &a.counters->edges_relaxed);
  if (blockIdx.x == 0 && threadIdx.x == 0) {
    a.state->report.rounds = ctl.rounds;
    a.state->report.status = ctl.status;
  }
}

// Distances, tags and the source's pile; the counter slots and the report for the persistent kernel, which follows on
// the same stream.
template <class D>
__global__ void persistent_init_kernel(typename D::stored* dist, int32_t* near_tag, int32_t* far_tag,
                                       int32_t* near_in, PersistentState* state, long long num_vertices,
                                       long long source) {
  for (long long v = grid_thread_index(); v < num_vertices; v += grid_stride()) {
    dist[v] = (v == source) ? D::kZero : D::kInfinity;
    near_tag[v] = 0;
    far_tag[v] = 0;
  }
  if (grid_thread_index() == 0) {
    near_in[0] = static_cast<int32_t>(source);
    for (int r = 0; r < 3; ++r) clear_counters(state->slots[r].c);
    state->report.rounds = 0;
    state->report.status = kRunning;
  }
}

}  // namespace gsssp::near_far
