// Near-Far after Davidson, Baxter, Garland & Owens, "Work-Efficient Parallel GPU Methods for Single-Source
// Shortest Paths" (IPDPS'14), in the optimized form of LonestarGPU that Wang et al. (PPoPP'21, sections 1, 4
// and 6.1.2) measure ADDS against:
//   - two piles in pre-allocated arrays, bulk-synchronous rounds with double-buffered near worklists: a round
//     expands the near pile; a vertex lowered below the current bound goes to the next near pile, else to far;
//   - when near empties the bound rises by Delta and far is split (split_step);
//   - the duplicate-removal filter: a vertex enters a near pile at most once per round and the far pile at
//     most once per split epoch (tag arrays, one atomicExch per push), and the split drops far entries whose
//     vertex has since fallen below the old bound (already expanded as near work);
//   - load balance for skewed degrees: block-cooperative expansion of vertices of degree >= blockDim, then
//     warp-cooperative expansion of degree >= 32, then one thread per remaining vertex (Merrill's TWC);
//   - warp-aggregated pushes (one atomicAdd per coalesced group, as LonestarGPU's push_warp);
//   - float atomicMin through the order-preserving int image (common/atomics.cuh).
//
// The round loop is driven from the device. On high-diameter graphs (roads, grids) a round has only ~10^3
// vertices of work, so a host read of the pile sizes after every round (a copy and a stream sync, tens of
// microseconds) cost more than the round itself. Instead every pile size, the bound, the epoch and the
// near/far decision live in LoopState in device memory, and the host launches batches of identical "steps"
// (step_kernel) without looking at them:
//   - a step reads LoopState at its start. Near non-empty: it expands the near pile (one real round). Near
//     empty and far non-empty: it splits far with a raised bound. Both empty, or the caller's round limit
//     reached: it returns at once, so steps launched past the end cost only their launch;
//   - what a step's blocks read at its start (status, near_size, bound, epoch, rounds, the pile indices and,
//     in a split, far_size and far_min) does not change while the step runs: its pushes go to counters that
//     only the step's end consumes (near_out, far_next, kept_min; an expand also raises far_size and lowers
//     far_min, which only a later split reads), and the last block of the step to finish (ticket in
//     blocks_done, fenced) alone turns them into the next step's state. The kernel boundary between two
//     steps (or, for one-block steps, __syncthreads; see below) is the barrier that publishes that state and
//     the piles to the next step;
//   - only as many blocks as the step's pile needs take part (active_blocks: one per blockDim items, at most
//     the grid); the others return after reading the state, without a ticket, so a pile of a few hundred
//     vertices (road graphs) costs a few blocks' work and atomics, not the whole grid's. Since those blocks
//     take no ticket, the step can end (and its last block rewrite the state) before a late-starting block
//     of the same launch has read it: the writer first marks the state with its launch index
//     (publish_mark), and a block that sees its own launch's mark returns;
//   - a pile of at most solo_items (blockDim: one pass) is expanded or split by block 0 alone, which then
//     goes on with the following steps inside the same launch while they stay that small, with
//     __syncthreads as the barrier between steps instead of a kernel boundary. What it reads back (state,
//     piles, distances of expanded vertices) it reads from L2 (__ldcg), since other threads of the block
//     changed it through atomics that its L1 does not see;
//   - the host reads LoopState once per batch only to learn whether the run is done (status).
// The new bound of a split is max(old bound, far_min) + Delta, where far_min must be a lower bound on the
// live far distances so that the near pile is rarely left empty. The host-driven version found the exact
// minimum with an extra reduction pass and a host read per split; instead far_min is kept as it goes:
// every far-side lowering of an epoch and every item a split keeps does an atomicMin on it. A vertex
// lowered on the far side and later below the bound makes far_min smaller than the live minimum, so a split
// may rarely bring nothing near; the next split then works from the exact minimum of the items the empty
// split kept. Any non-decreasing bound sequence gives the exact distances (the far items below a new bound
// are always moved near), so this only affects how the work is cut into rounds.
#pragma once

#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>

#include <climits>
#include <cstdint>

#include <cuda/functional>

#include "common/clock.cuh"
#include "common/warp_primitives.cuh"
#include "common/block_count.cuh"
#include "common/distance.cuh"
#include "common/twc.cuh"
#include "common/workspace.hpp"

namespace gsssp::near_far {

namespace cg = cooperative_groups;

enum LoopStatus : unsigned int { kRunning = 0, kDone = 1, kLimitReached = 2 };

// Per-query state of the round loop, in workspace scratch. Fields marked "next" are written during a step
// (atomics) and consumed by that step's last block; the others are read-only during a step.
struct LoopState {
  unsigned long long near_size;  // items of near[near_current], the pile this step expands
  unsigned long long far_size;   // items of far[far_current]; also raised by an expand step's far pushes
  unsigned long long near_out;   // next: items pushed to the other near pile (expand) or to near (split)
  unsigned long long far_next;   // next: items a split keeps in far[far_current ^ 1]
  unsigned long long far_min;    // stored code; lower bound on the live far distances of this epoch
  unsigned long long kept_min;   // next: smallest stored distance a split keeps (the next epoch's far_min)
  unsigned long long bound;      // stored code of the current bound
  unsigned long long rounds;     // expand steps done: the real rounds
  unsigned int blocks_done;      // last-block ticket of the running step; 0 between steps
  unsigned int status;           // LoopStatus
  int near_current;
  int far_current;
  int epoch;                     // far-pile tag of the current epoch
  int pad;
  unsigned long long written_by;  // launch index of the step that wrote this state (see step_kernel)
};
static_assert(sizeof(LoopState) % sizeof(unsigned long long) == 0, "the trace arrays follow LoopState");

template <class D>
struct StepArgs {
  int32_t* near[2];
  int32_t* far[2];
  int32_t* near_tag;  // round + 1 of the last push to a near pile
  int32_t* far_tag;   // epoch of the last push to the far pile
  const int64_t* offsets;
  const int32_t* targets;
  const typename D::weight* weights;
  typename D::stored* dist;
  LoopState* state;
  DeviceCounters* counters;
  typename D::value delta;
  long long limit;                  // caller's round limit, 0 for none
  long long solo_items;             // a step over at most this many items runs in one block (see step_kernel)
  unsigned long long launch;        // this launch's index, 1, 2, ... (0: init_kernel wrote the state)
  long long* trace_sizes;           // near-pile size per round, or null
  unsigned long long* trace_times;  // %globaltimer (ns) when each round started
  long long trace_capacity;
};

struct Piles {
  int32_t* near_out;
  int32_t* far;
  int32_t* near_tag;
  int32_t* far_tag;
  LoopState* state;
};

// Appends v to `list`: one atomicAdd per group of converged threads.
__device__ __forceinline__ void push(int32_t* list, unsigned long long* count, int32_t v) {
  cg::coalesced_group group = cg::coalesced_threads();
  unsigned long long base = 0;
  if (group.thread_rank() == 0) base = atomicAdd(count, static_cast<unsigned long long>(group.size()));
  base = group.shfl(base, 0);
  list[base + group.thread_rank()] = v;
}

__device__ __forceinline__ unsigned long long load_volatile(const unsigned long long* p) {
  return *reinterpret_cast<const volatile unsigned long long*>(p);
}

// The state as L2 holds it. A block that goes on to the next step within the same launch must not read
// fields that other threads raised with atomics (far_size, far_min) from a line its L1 kept from before.
__device__ __forceinline__ LoopState load_state(const LoopState* state) {
  union {
    LoopState s;
    unsigned long long words[sizeof(LoopState) / sizeof(unsigned long long)];
  } u;
  const auto* from = reinterpret_cast<const unsigned long long*>(state);
#pragma unroll
  for (int i = 0; i < static_cast<int>(sizeof(LoopState) / sizeof(unsigned long long)); ++i) u.words[i] = __ldcg(from + i);
  return u.s;
}

// How many blocks take part in the step that `s` describes, the same answer in every block. A pile of at
// most solo_items goes to block 0 alone (see step_kernel); a larger one to one block per blockDim items, at
// most the grid. Blocks past that return without a ticket, so a small pile costs no grid-wide atomics.
__device__ __forceinline__ unsigned int active_blocks(const LoopState& s, long long solo_items) {
  const unsigned long long items = s.near_size > 0 ? s.near_size : s.far_size;
  if (items <= static_cast<unsigned long long>(solo_items)) return 1u;
  const unsigned long long needed = (items + blockDim.x - 1) / blockDim.x;
  return needed < gridDim.x ? static_cast<unsigned int>(needed) : gridDim.x;
}

// atomicMin of `code` into `target`, at most one atomic per group of converged threads, and none where the
// target (read from L2; it only falls during a step, so a stale read errs towards an extra atomic) is
// already as low: one hot address would otherwise take an atomic per far-side lowering.
template <class Stored>
__device__ __forceinline__ void group_min(unsigned long long* target, Stored code) {
  cg::coalesced_group group = cg::coalesced_threads();
  const Stored least = cg::reduce(group, code, cg::less<Stored>());
  if (group.thread_rank() == 0 && static_cast<unsigned long long>(least) < load_volatile(target)) {
    atomicMin(target, static_cast<unsigned long long>(least));
  }
}

template <class D>
__device__ __forceinline__ void relax_edge(int32_t v, typename D::value du, typename D::weight w,
                                           typename D::stored* dist, typename D::value bound, const Piles& piles,
                                           int32_t near_tag, int32_t far_tag) {
  const typename D::value candidate = D::relax(du, w);
  const typename D::stored encoded = D::encode(candidate);
  if (encoded < dist[v] && encoded < atomic_min(&dist[v], encoded)) {
    if (candidate < bound) {
      if (atomicExch(&piles.near_tag[v], near_tag) != near_tag) push(piles.near_out, &piles.state->near_out, v);
    } else {
      // Every far-side lowering, pushed or not (v may already be in this epoch's pile with a larger
      // distance), keeps far_min a lower bound on the live far distances.
      group_min(&piles.state->far_min, encoded);
      if (atomicExch(&piles.far_tag[v], far_tag) != far_tag) push(piles.far, &piles.state->far_size, v);
    }
  }
}

// Called by every thread of each of the step's `active` blocks at the end of its part: true in the block that
// finished last, once every other block's pushes and counter updates are visible to it.
__device__ __forceinline__ bool finished_last(LoopState* state, unsigned int active) {
  __shared__ bool last;
  __threadfence();  // this thread's pushes and atomics before the ticket
  __syncthreads();
  if (threadIdx.x == 0) last = active == 1u || atomicAdd(&state->blocks_done, 1u) == active - 1;
  __syncthreads();
  if (last) __threadfence();
  return last;
}

// A block of a launch that started late may read the state after this launch's step already rewrote it
// (blocks past the step's active count take no ticket, so the step can end before they run). The writer
// marks the state with its launch index before touching any field; a reader that loaded the fields, fenced,
// and then still sees an older mark read none of the new fields (see step_kernel).
__device__ __forceinline__ void publish_mark(LoopState* st, unsigned long long launch) {
  *reinterpret_cast<volatile unsigned long long*>(&st->written_by) = launch;
  __threadfence();
}

// The last block's verdict on the next step (done, or stop at the caller's limit, or go on).
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

// One Near-Far round: expands every vertex of the near pile. Needs blockDim.x a multiple of 32.
template <class D>
__device__ void expand_step(const StepArgs<D>& a, const LoopState& s, unsigned int active) {
  using value = typename D::value;
  __shared__ int owner;
  __shared__ long long shared_begin, shared_end;
  __shared__ value shared_du;
  __shared__ unsigned long long visits_slot, edges_slot;
  block_counter_clear(&visits_slot);
  block_counter_clear(&edges_slot);
  const long long near_size = static_cast<long long>(s.near_size);
  const int32_t* near_in = a.near[s.near_current];
  const Piles piles{a.near[s.near_current ^ 1], a.far[s.far_current], a.near_tag, a.far_tag, a.state};
  const value bound = D::decode(static_cast<typename D::stored>(s.bound));
  // Tags are round + 1 (and rounds stay far below 2^31 in practice; wrap-around only costs duplicates).
  const auto near_tag = static_cast<int32_t>((s.rounds % 0x7ffffffe) + 1);
  const int32_t far_tag = s.epoch;
  const int64_t* __restrict__ offsets = a.offsets;
  const int32_t* __restrict__ targets = a.targets;
  const typename D::weight* __restrict__ weights = a.weights;
  typename D::stored* dist = a.dist;

  if (blockIdx.x == 0 && threadIdx.x == 0 && a.trace_sizes != nullptr &&
      s.rounds < static_cast<unsigned long long>(a.trace_capacity)) {
    const unsigned long long now = global_ns();
    a.trace_sizes[s.rounds] = near_size;
    a.trace_times[s.rounds] = now;
  }

  unsigned long long visits = 0, edges = 0;
  const int lane = static_cast<int>(threadIdx.x & 31u);
  const long long step = static_cast<long long>(active) * blockDim.x;
  // Block-uniform loop: every thread of the block takes part in each pass (the cooperative phases sync).
  for (long long base = static_cast<long long>(blockIdx.x) * blockDim.x; base < near_size; base += step) {
    const long long i = base + threadIdx.x;
    long long begin = 0, end = 0;
    value du = 0;
    if (i < near_size) {
      // From L2: a block that runs several steps in one launch wrote these in its previous step.
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
        relax_edge<D>(targets[e], d, weights[e], dist, bound, piles, near_tag, far_tag);
      }
      __syncthreads();
    }
    // Warp-cooperative: medium vertices, one at a time per warp.
    long long b = 0, e_end = 0;
    value d = 0;
    while (warp_take_vertex(begin, end, du, 32, b, e_end, d)) {
      for (long long e = b + lane; e < e_end; e += 32) {
        relax_edge<D>(targets[e], d, weights[e], dist, bound, piles, near_tag, far_tag);
      }
    }
    // The rest: a thread per vertex.
    for (long long e = begin; e < end; ++e) relax_edge<D>(targets[e], du, weights[e], dist, bound, piles, near_tag, far_tag);
  }
  block_counter_flush(&visits_slot, visits, &a.counters->vertex_visits);
  block_counter_flush(&edges_slot, edges, &a.counters->edges_relaxed);

  if (finished_last(a.state, active) && threadIdx.x == 0) {
    LoopState* st = a.state;
    publish_mark(st, a.launch);
    const unsigned long long next_near = load_volatile(&st->near_out);
    const unsigned long long far_size = load_volatile(&st->far_size);
    const unsigned long long rounds = s.rounds + 1;
    st->near_size = next_near;
    st->near_out = 0;
    st->near_current = s.near_current ^ 1;
    st->rounds = rounds;
    st->status = next_status(next_near, far_size, rounds, a.limit);
    st->blocks_done = 0;
  }
}

// Near is empty: raise the bound and split far. Far items below the new bound become the near pile, those
// at or above it stay in far (tagged with the new epoch, so later pushes of this epoch skip them), stale ones
// (below the old bound, since expanded as near work) go.
template <class D>
__device__ void split_step(const StepArgs<D>& a, const LoopState& s, unsigned int active) {
  using stored = typename D::stored;
  const stored old_bound = static_cast<stored>(s.bound);
  // Every thread derives the same new bound from the same snapshot.
  const bool known = s.far_min != static_cast<unsigned long long>(D::kInfinity);
  const stored new_bound = D::encode(next_bound(D::decode(old_bound), D::decode(static_cast<stored>(s.far_min)),
                                                known, a.delta));
  const int32_t next_epoch = s.epoch + 1;
  const int32_t* far = a.far[s.far_current];
  int32_t* near_out = a.near[s.near_current];  // the expand that emptied near left this pile empty
  int32_t* far_next = a.far[s.far_current ^ 1];
  const long long far_size = static_cast<long long>(s.far_size);
  stored kept = D::kInfinity;
  const long long stride = static_cast<long long>(active) * blockDim.x;
  for (long long i = grid_thread_index(); i < far_size; i += stride) {
    const int32_t v = __ldcg(far + i);
    const stored d = __ldcg(a.dist + v);
    if (d < old_bound) continue;
    if (d < new_bound) {
      push(near_out, &a.state->near_out, v);
    } else {
      a.far_tag[v] = next_epoch;  // far items are distinct within an epoch: no race
      push(far_next, &a.state->far_next, v);
      kept = d < kept ? d : kept;
    }
  }
  // Warp minimum of the kept distances, one atomic per warp.
  kept = warp_reduce(kept, ::cuda::minimum<>{});
  if ((threadIdx.x & 31u) == 0 && kept != D::kInfinity &&
      static_cast<unsigned long long>(kept) < load_volatile(&a.state->kept_min)) {
    atomicMin(&a.state->kept_min, static_cast<unsigned long long>(kept));
  }

  if (finished_last(a.state, active) && threadIdx.x == 0) {
    LoopState* st = a.state;
    publish_mark(st, a.launch);
    const unsigned long long next_near = load_volatile(&st->near_out);
    const unsigned long long next_far = load_volatile(&st->far_next);
    st->near_size = next_near;
    st->near_out = 0;
    st->far_size = next_far;
    st->far_next = 0;
    st->far_current = s.far_current ^ 1;
    st->far_min = load_volatile(&st->kept_min);
    st->kept_min = static_cast<unsigned long long>(D::kInfinity);
    st->bound = static_cast<unsigned long long>(new_bound);
    st->epoch = next_epoch;
    st->status = next_status(next_near, next_far, s.rounds, a.limit);
    st->blocks_done = 0;
  }
}

// One launch of the device-driven loop (see the header): a step (a round, a split), or nothing once the
// loop stopped. A step small enough for one block (active_blocks) is done by block 0 alone, which then also
// takes the steps after it while they stay that small: their barrier is __syncthreads, not a launch. When
// the next step needs more blocks, block 0 returns and the next launch's grid takes it.
template <class D>
__global__ void step_kernel(StepArgs<D> a) {
  // A snapshot, read once per block by thread 0 and shared: every thread of a ~1000-block grid reading the
  // same 80 bytes from L2 made one hot line (measured: 37.7 ms instead of ~18 on road NY, H100).
  __shared__ LoopState shared_state;
  __shared__ bool late;
  for (bool first = true;; first = false) {
    if (threadIdx.x == 0) {
      shared_state = load_state(a.state);
      __threadfence();
      // Only a launch's first step can be one this block is late for; block 0's later steps (below) read
      // the state that it wrote itself.
      late = first && __ldcg(&a.state->written_by) == a.launch;
    }
    __syncthreads();
    if (late) return;
    const LoopState s = shared_state;
    if (s.status != kRunning) return;  // the same for every block: no ticket is taken
    const unsigned int active = active_blocks(s, a.solo_items);
    if (blockIdx.x >= active) return;
    // Block 0 goes on by itself only with one-block steps: the other blocks of this launch have returned,
    // so a larger step waits for the next launch's grid.
    if (!first && active != 1u) return;
    if (s.near_size > 0) {
      expand_step<D>(a, s, active);
    } else {
      split_step<D>(a, s, active);  // far_size > 0, or the status would be kDone
    }
    if (active != 1u) return;
    // Block 0 alone did the step and its thread 0 wrote the next state; fenced, and the barrier at the top
    // of the loop (after thread 0 re-reads it) publishes it to the block. Every thread has finished with
    // shared_state before it is overwritten: the step ends in block-wide barriers (finished_last).
    if (threadIdx.x == 0) __threadfence();
  }
}

template <class D>
__global__ void init_kernel(typename D::stored* dist, int32_t* near_tag, int32_t* far_tag, int32_t* near_in,
                            LoopState* state, long long num_vertices, long long source, typename D::value delta) {
  for (long long v = grid_thread_index(); v < num_vertices; v += grid_stride()) {
    dist[v] = (v == source) ? D::kZero : D::kInfinity;
    near_tag[v] = 0;
    far_tag[v] = 0;
  }
  if (grid_thread_index() == 0) {
    near_in[0] = static_cast<int32_t>(source);
    LoopState s{};
    s.near_size = 1;  // the source, at distance 0
    s.far_min = static_cast<unsigned long long>(D::kInfinity);
    s.kept_min = static_cast<unsigned long long>(D::kInfinity);
    s.bound = static_cast<unsigned long long>(D::encode(delta));
    s.status = kRunning;
    s.epoch = 1;
    *state = s;
  }
}

}  // namespace gsssp::near_far
