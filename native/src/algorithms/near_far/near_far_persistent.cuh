// Near-Far's step loop as ONE persistent kernel: the default design (near_far.cu; GSSSP_NF_PERSISTENT=2, unset, uses
// cooperative_groups' grid.sync() as its barrier, =1 gsssp's own barrier below, =0 the stepped loop of
// near_far_kernels.cuh).
//
// Why: a code reading of LonestarGPU's Near-Far (the baseline of Wang et al., PPoPP'21, section 6.1.2) against
// gsssp's (benchmarks/results/nearfar/README.md, "Reading LonestarGPU's Near-Far against ours") found the same Delta
// and the same rounds, but about 14 us per step on road NY against about 7 us per pass (H100: 21.7 against 12.7 ms).
// Its first item is how a step ends: gsssp launched a kernel per multi-block step (a state prologue per block, a
// last-block ticket, fences, and a host sync every <= 64 steps); LonestarGPU runs the whole search as one kernel with
// a grid barrier per pass. Measured on one H200 (benchmarks/results/nearfar/2026-11-26_1ec36d9_h200, calls P1-P2,
// gsssp_time, mean of 5, rounds and visits unchanged):
//   | graph          | stepped | persistent, own barrier | persistent, grid.sync() |
//   | road NY        | 22.2 ms | 18.2 ms                 | 14.4 ms                 |
//   | grid 2048^2    | 98.6    | 89.2                    | 72.7                    |
//   | R-MAT 22       | 21.5    | 19.4                    | 18.2                    |
//   | random 4M x 7  | 13.2    | 11.0                    | 10.3                    |
// grid.sync() beat the own barrier everywhere (its __nanosleep backoff wakes late), so it is the default; the own
// barrier stays for its one extra: a block waiting in it leaves on the host's abort word. The expansion levers of
// kVariant* (below) then took the grid from 72.7 to 34.0 ms and road NY to 6.4 ms.
//
// The algorithm is the one of near_far_kernels.cuh: the same piles, tags, bound rule, far_min and split, so the same
// distances and rounds (one trace sample per round). With GSSSP_NF_VARIANT=0 the expansion is the stepped kernel's
// too (TWC, a thread per item, the solo threshold at one block's width: the same visits and edges); the default
// levers (kVariant*, below) change how a round's edges are spread over threads, and where far_min is gathered.
// The expansion and split loops below started as copies of expand_step and split_step, so that the stepped kernel
// stays what was measured (its PTX is unchanged); beyond the levers, only where their counters live and who turns
// them into the next state differ:
//   - one cooperative launch (cudaLaunchCooperativeKernel: every block resident at once, or no launch) of a grid
//     sized from the kernel's occupancy and a ResidencyLease (common/residency.hpp, as ADDS and multi_bf);
//   - every block keeps the loop's state (Control) in shared memory, the same in every block. A multi-block step
//     pushes into counters in device memory (StepCounters), rotated over three slots: multi-block step i uses
//     slots[i % 3], and during step i block 0 clears slots[(i + 1) % 3], last used by step i - 2, whose readers
//     all read it before they arrived at the barrier that ended step i - 1 (multi_bf's counts[r % 3] idea). After
//     the barrier that ends step i, thread 0 of every block reads slots[i % 3] and derives the next Control from
//     it and its own copy of the old one: the same inputs, so the same answer in every block. The far pile's
//     size and far_min are folded into Control from each step's counters, so no counter outlives a step;
//   - a step of at most solo_items (one block's pass) is done by block 0 alone, as in the stepped kernel, and so
//     are the one-block steps after it: their counters are in block 0's shared memory, their barrier is
//     __syncthreads, and they take no fence and no global counter (the stepped kernel took 5 membar.gl per solo
//     step, notes section 1). The other blocks go straight to the grid barrier and wait there (with __nanosleep)
//     while block 0 runs; when the next step needs more blocks, or the loop stops, block 0 writes its Control to
//     `handoff` and arrives; after the barrier the other blocks read the handoff;
//   - no host sync inside the loop. The host launches, then polls the stream (cudaStreamQuery) so that it can
//     forward a close of the device graph as a word in pinned host memory, as ADDS does (adds.cu); block 0 reads
//     that word at most every kAbortPollNs and ends the loop through the same state as the other stops.
//
// The barrier (kGridSync false): a counter of arrivals that only grows (64 bits: no wrap, no reset). Thread 0 of a
// block adds 1 with a release-acquire atomic after a __syncthreads (which orders the block's writes of the step
// before its release), and waits with acquire loads until the counter reaches (barriers passed) x gridDim.x; then
// a __syncthreads passes the acquire on to the block. Every arrival's release heads a release sequence of the
// counter's later additions, so a waiter's acquire load of the final count synchronises with every arrival: what
// any block wrote before the barrier is visible to every block after it. It is the shape of cooperative groups'
// own grid barrier (one atomic per block, polling with acquire), written here for two things grid.sync() lacks:
// the __nanosleep backoff (other blocks wait out block 0's one-block chains, which on a chain-like graph last the
// whole search, and 2 x 132 polling thread-0s would otherwise hammer one L2 line meanwhile), and a way out when the
// host asks to stop (below). GSSSP_NF_PERSISTENT=2 uses grid.sync() instead, to measure the difference.
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
//      Control, blockIdx and `active`, which are uniform in the block, and the expansion loops are block-uniform as
//      in the stepped kernel.
//   5. The algorithm ends: each step is finite, and the steps are those of the stepped loop, which terminates (a
//      split raises the bound strictly and drops stale items; see near_far_kernels.cuh).
// The one exception is the way out of the barrier: a block that waits while the host's abort word is set leaves the
// kernel (status kAborted) without waiting for the barrier to complete. Its arrival was counted, so the barrier may
// still complete for the others; at the next barrier they wait for it forever, so they too see the abort word (they
// read it while they sleep) and leave; block 0 leaves within kAbortPollNs of the abort at the latest, at a step
// start or in its chain. The answer is then discarded (the host reports GSSSP_ERROR_CLOSED). This also bounds how
// long a bug that broke invariant 2 or 3 could hang a closed graph. grid.sync() (=2) has no such way out.
#pragma once

#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>

#include <cuda/atomic>
#include <cuda/functional>

#include <cstdint>

#include "algorithms/near_far/near_far_kernels.cuh"
#include "algorithms/near_far/near_far_policy.hpp"
#include "common/block_count.cuh"
#include "common/clock.cuh"
#include "common/distance.cuh"
#include "common/edge_loads.cuh"
#include "common/twc.cuh"
#include "common/warp_primitives.cuh"
#include "common/workspace.hpp"

namespace gsssp::near_far {

// LoopStatus (near_far_kernels.cuh) of a loop the host stopped: the device graph was closed.
constexpr unsigned int kAborted = 3;

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
  unsigned int status;             // LoopStatus, or kAborted
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
  alignas(128) unsigned long long arrived;  // the barrier's arrivals, ever growing
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
  long long solo_items;             // a step over at most this many items runs in block 0 alone
  long long* trace_sizes;           // near-pile size per round, or null
  unsigned long long* trace_times;  // %globaltimer (ns) when each round started
  long long trace_capacity;
  unsigned int variant;             // kVariant* bits (GSSSP_NF_VARIANT): the small-pile A/B, see expand_pile
  int stream_edges;                 // 1: edge targets and weights are loaded evict-first (near_far.cu says when)
};

// The expansion's levers (the notes' item 2: the serial latency of a round's edge work), as bits so that each can be
// switched off for an A/B: GSSSP_NF_VARIANT=K (read once per process by near_far.cu) overrides the default
// kPersistentVariant (near_far_policy.hpp, all four). Harness ms on one H200, wider suite, median of 2, each row one
// run (benchmarks/results/nearfar/2026-11-26_1ec36d9_h200, calls Q1-Q4; 0 = none of them):
//   | graph             | 0    | 1    | 2    | 3    | 7    | 15   | LonestarGPU NF |
//   | rgg 2-D, 2^20     | 67.8 | 51.0 | 61.3 | 47.0 | 12.4 | 11.5 | 27.7           |
//   | mesh 64^3, 26 nb  | 11.4 | 9.2  | 10.2 | 8.2  | 2.0  | 1.74 | 5.24           |
//   | grid 2048^2       | 78.3 | 83.3 | 72.7 | 78.4 | 34.0 | 34.0 | 60.4           |
//   | road NY           | 14.1 | 11.8 | 12.7 | 10.8 | 6.55 | 6.43 | 11.9           |
//   | random 4M x 7     | 5.55 | 5.30 | 5.42 | 5.21 | 4.79 | 4.93 | 4.48           |
// (7's column is Q2's run with the solo pile at 32, the default now; 15's is Q4's second run.)
//   kVariantWarpFine: vertices of fewer than 32 edges are expanded edge-parallel over their warp (a warp scan of the
//     degrees, each lane taking edge slots lane, lane + 32, ...), so a thread's serial depth is the warp's edges / 32
//     instead of the largest degree among its lanes (road and mesh graphs: every vertex took the thread path).
//   kVariantLeanRelax: the improvement test reads dist from L2 (__ldcg) and decides on that read; the atomicMin's
//     result is not used (a fire-and-forget reduction), which takes one dependent L2 round trip off every improving
//     edge. A racing lower value only makes a duplicate push, which the tags still filter within a round.
constexpr unsigned int kVariantWarpFine = 1u;
constexpr unsigned int kVariantLeanRelax = 2u;
//   kVariantSpread: a step spreads its pile over up to one warp per item (step_blocks, items_per_warp), with the
//     edge-parallel loop of kVariantWarpFine; implies it. The largest lever: a round of rgg 2-D has about 1,300 items
//     and 13,600 edges, which one item per thread gave to 6 of 264 blocks, each thread walking ~10 edges in turn.
constexpr unsigned int kVariantSpread = 4u;
//   kVariantBlockFarMin: far_min is lowered in shared memory per far-side improvement and folded into the step's
//     counter once per block and step, instead of a warp reduction, an L2 read and an atomic per group of edges.
constexpr unsigned int kVariantBlockFarMin = 8u;


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

// How many blocks take part in the step Control describes, as active_blocks() in the stepped kernel: 1 (block 0
// alone) for at most solo_items, else one block per blockDim items, at most the grid.
// kVariantSpread: an expand step takes one block per blockDim / 32 items (an item per warp) instead of per blockDim
// items, up to the grid.
__device__ __forceinline__ unsigned int step_blocks(const Control& s, long long solo_items, unsigned int variant) {
  const unsigned long long items = s.near_size > 0 ? s.near_size : s.far_size;
  if (items <= static_cast<unsigned long long>(solo_items)) return 1u;
  const unsigned long long per_block =
      (variant & kVariantSpread) != 0u && s.near_size > 0 ? blockDim.x / 32u : blockDim.x;
  const unsigned long long needed = (items + per_block - 1) / per_block;
  return needed < gridDim.x ? static_cast<unsigned int>(needed) : gridDim.x;
}

// Items a warp takes per pass of an expand step over `active` blocks: 32 (a thread each), or under kVariantSpread
// the pile spread evenly over the active warps (at least 1, at most 32), so that a small pile's edges are spread
// over the lanes of many warps (kVariantWarpFine's edge-parallel loop) rather than walked serially by few threads.
__device__ __forceinline__ int items_per_warp(const Control& s, unsigned int active, unsigned int variant) {
  if ((variant & kVariantSpread) == 0u) return 32;
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

// The Control after the step that `s` describes, given what the step counted: what the stepped kernel's last
// block wrote into LoopState (expand_step and split_step).
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

// Appends v at list[base + ...]: one atomicAdd per group of converged threads (push() with an offset).
__device__ __forceinline__ void push_after(int32_t* list, unsigned long long base, unsigned long long* count, int32_t v) {
  cg::coalesced_group group = cg::coalesced_threads();
  unsigned long long at = 0;
  if (group.thread_rank() == 0) at = atomicAdd(count, static_cast<unsigned long long>(group.size()));
  at = group.shfl(at, 0);
  list[base + at + group.thread_rank()] = v;
}

// group_min() with a floor: no atomic where the code is already at or above the step's starting far_min (the
// next far_min is the smaller of the two), nor where the step's own minimum is already as low.
template <class Stored>
__device__ __forceinline__ void lower_min(unsigned long long* target, unsigned long long floor, Stored code) {
  cg::coalesced_group group = cg::coalesced_threads();
  const Stored least = cg::reduce(group, code, cg::less<Stored>());
  if (group.thread_rank() == 0) {
    const auto x = static_cast<unsigned long long>(least);
    if (x < floor && x < load_volatile(target)) atomicMin(target, x);
  }
}

// relax_edge() of the stepped kernel: an expand step of `s` (the block's Control, in shared memory), counting into
// `c`. The push targets are derived from `s` only on the path that pushes, so that the common path (no improvement)
// keeps no more registers than the stepped kernel's.
template <class D>
__device__ __forceinline__ void relax_into(const PersistentArgs<D>& a, const Control& s, StepCounters* c, int32_t v,
                                           typename D::value du, typename D::weight w, typename D::value bound,
                                           int32_t near_tag, int32_t far_tag, unsigned long long* step_far_min) {
  const typename D::value candidate = D::relax(du, w);
  const typename D::stored encoded = D::encode(candidate);
  bool improved;
  if (a.variant & kVariantLeanRelax) {
    improved = encoded < __ldcg(a.dist + v);
    if (improved) atomicMin(&a.dist[v], encoded);  // result unused: a reduction, no round trip to wait for
  } else {
    improved = encoded < a.dist[v] && encoded < atomic_min(&a.dist[v], encoded);
  }
  if (improved) {
    if (candidate < bound) {
      if (atomicExch(&a.near_tag[v], near_tag) != near_tag) push_after(a.near[s.near_current ^ 1], 0, &c->near_out, v);
    } else {
      // Every far-side lowering, pushed or not, keeps far_min a lower bound on the live far distances: the next
      // Control takes the smaller of s.far_min and the step's c->far_min.
      if (a.variant & kVariantBlockFarMin) {
        // The block's minimum in shared memory; expand_pile folds it into c->far_min once per step.
        if (static_cast<unsigned long long>(encoded) < *step_far_min) atomicMin(step_far_min, static_cast<unsigned long long>(encoded));
      } else {
        lower_min(&c->far_min, s.far_min, encoded);
      }
      if (atomicExch(&a.far_tag[v], far_tag) != far_tag) push_after(a.far[s.far_current], s.far_size, &c->far_pushed, v);
    }
  }
}

// One round: expand_step()'s loop, by blocks [0, active). Visits and edges add to the caller's counts.
template <class D>
__device__ void expand_pile(const PersistentArgs<D>& a, const Control& s, unsigned int active, StepCounters* c,
                            unsigned long long& visits, unsigned long long& edges) {
  using value = typename D::value;
  __shared__ int owner;
  __shared__ long long shared_begin, shared_end;
  __shared__ value shared_du;
  __shared__ unsigned long long step_far_min;  // kVariantBlockFarMin: the block's least far-side code this step
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
  const int ipw = items_per_warp(s, active, a.variant);
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
    if (a.variant & (kVariantWarpFine | kVariantSpread)) {
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
    } else {
      // The rest: a thread per vertex.
      for (long long e = begin; e < end; ++e) {
        relax_into<D>(a, s, c, load_edge(&targets[e], a.stream_edges), du, load_edge(&weights[e], a.stream_edges), bound,
                      near_tag, far_tag, &step_far_min);
      }
    }
  }
  if (a.variant & kVariantBlockFarMin) {
    __syncthreads();  // every thread's lowering of step_far_min is done
    if (threadIdx.x == 0 && step_far_min < s.far_min) atomicMin(&c->far_min, step_far_min);
  }
}

// Near is empty: split_step()'s loop, by blocks [0, active).
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

// The grid barrier; every thread of every block calls it. Returns true (in every thread of the block) if thread 0
// left it on the host's abort word instead of waiting for the other blocks (see the header).
// `arrivals` and `polled_at` are thread 0's (in shared memory, to keep them out of every thread's registers).
template <bool kGridSync>
__device__ __forceinline__ bool grid_barrier(PersistentState* state, const unsigned int* host_abort,
                                             unsigned long long& arrivals, unsigned long long& polled_at) {
  if constexpr (kGridSync) {
    (void)state;
    (void)host_abort;
    (void)arrivals;
    (void)polled_at;
    cg::this_grid().sync();
    return false;
  } else {
    __shared__ bool escaped;
    __syncthreads();  // the block's writes of this step happen before thread 0's release
    if (threadIdx.x == 0) {
      bool out = false;
      arrivals += gridDim.x;  // the count once every block arrived here
      cuda::atomic_ref<unsigned long long, cuda::thread_scope_device> word(state->arrived);
      if (word.fetch_add(1ull, cuda::memory_order_acq_rel) + 1ull < arrivals) {
        unsigned int sleep_ns = 32;
        for (unsigned int polls = 1; word.load(cuda::memory_order_acquire) < arrivals; ++polls) {
          if (polls < kBarrierSpinPolls) continue;
          if (host_abort_seen(host_abort, polled_at)) {
            out = true;
            break;
          }
          __nanosleep(sleep_ns);
          sleep_ns = sleep_ns < kBarrierMaxSleepNs ? 2 * sleep_ns : kBarrierMaxSleepNs;
        }
      }
      escaped = out;
    }
    __syncthreads();  // thread 0's acquire happens before the block's reads after the barrier
    return escaped;
  }
}

// The whole search, one launch: see the header. Needs blockDim.x a multiple of 32 and a cooperative launch.
template <class D, bool kGridSync>
__global__ void persistent_kernel(PersistentArgs<D> a) {
  __shared__ Control ctl;          // written by thread 0 only, read by all after a __syncthreads
  __shared__ StepCounters solo;    // block 0's counters in a one-block chain
  __shared__ unsigned long long visits_slot, edges_slot;
  __shared__ unsigned long long arrivals;   // thread 0: the barrier's count at the next barrier
  __shared__ unsigned long long polled_at;  // thread 0: when it last read the host's abort word
  unsigned long long visits = 0, edges = 0;  // this thread's, over every step; flushed once at the end
  if (threadIdx.x == 0) {
    ctl = initial_control<D>(a.delta);
    arrivals = 0;
    clear_counters(solo);
    block_counter_clear(&visits_slot);
    block_counter_clear(&edges_slot);
    polled_at = global_ns();
  }
  __syncthreads();
  // Every thread reads the Control it needs from `ctl` in shared memory rather than keeping a copy: only thread 0
  // writes it, between two __syncthreads, and never during a multi-block step. A copy in registers, and the push
  // targets kept in registers, took ptxas (nvcc 13.0, sm_90) to 94 registers for int32 weights; this way it is 64
  // (float32: 56; the stepped kernel: 55 and 50), no spills, so 1024-thread blocks and 4 blocks of 256 per SM fit.
  for (;;) {
    if (ctl.status != kRunning) break;  // the same in every block (header, 3)
    const unsigned int active = step_blocks(ctl, a.solo_items, a.variant);
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
          if (n.status != kRunning || step_blocks(n, a.solo_items, a.variant) != 1u) {
            // The chain ends: its state for the other blocks, released by the barrier below.
            Control* handoff = &a.state->handoff;
            *handoff = n;
          }
        }
        __syncthreads();
        if (ctl.status != kRunning || step_blocks(ctl, a.solo_items, a.variant) != 1u) break;
      }
    }
    const bool escaped = grid_barrier<kGridSync>(a.state, a.host_abort, arrivals, polled_at);
    if (threadIdx.x == 0) {
      if (escaped) {
        ctl.status = kAborted;
      } else if (chain) {
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

// Distances, tags and the source's pile as init_kernel; the barrier, the counter slots and the report for the
// persistent kernel, which follows on the same stream.
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
    state->arrived = 0;
    for (int r = 0; r < 3; ++r) clear_counters(state->slots[r].c);
    state->report.rounds = 0;
    state->report.status = kRunning;
  }
}

}  // namespace gsssp::near_far
