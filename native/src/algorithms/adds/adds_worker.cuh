// ADDS worker thread blocks (PPoPP'21 section 5.1): a worker never reads a bucket's metadata. It polls its
// own assignment flag, expands the items the manager handed it — each item a vertex, expanded with the
// distance it has now — pushes every vertex it lowers into the bucket of its new distance (adds_queue.cuh,
// push_vertex), then reports the items completed (CWC) and goes idle.
//
// An item whose vertex was already expanded with its current distance is skipped: the same vertex can sit
// in several buckets (each lowering pushes it again) and only the copy that first sees the final distance
// has work to do. Skipped items are not counted as visits. In carry mode (gsssp's; adds.cu says when) an item
// holds the distance it was pushed with, and only the item whose distance is still the vertex's is expanded.
//
// The time from one push to the next along a shortest path bounds the whole run on high-diameter graphs, so
// a worker relaxes edges in rounds in which every lane of a warp takes one edge (its atomicMin in flight
// together with the others'), and lowered vertices go to a per-warp buffer in shared memory that is pushed
// 32 at a time: one reservation, one fence and one WCC increment per bucket and segment for the batch,
// instead of a chain of them per edge. Edges are spread as Merrill's TWC does: a vertex of degree >=
// blockDim by the whole block, degree >= 32 by its warp, the rest flattened across the warp (each lane finds
// the vertex of its edge by a search over the warp's prefix sum of degrees).
//
// Local rounds (gsssp's addition; gsssp_options.adds.local_rounds = 0 gives the paper's worker). On road
// networks and meshes the manager hands out a few vertices at a time and each hop along a shortest path
// costs a push, a sweep that finds it and a hand-out: about two sweeps, 11 us on the H100. A block holding a
// small assignment therefore keeps the vertices it lowers into the assignment's bucket, or one before it,
// in shared memory and expands them itself in a next round, a hop of a few memory round trips. The queue's
// accounting is unchanged: kept vertices were never reserved in a bucket, and the assignment is reported
// complete (CWC) only after its last round, so the bucket cannot retire while the block still works for
// it. A round keeps at most kLocalItems vertices, and only a small round keeps any: where work is
// plentiful, pushing spreads it across idle workers, which a block's serial rounds would not.
#pragma once

#include "common/warp_primitives.cuh"
#include "algorithms/adds/adds_queue.cuh"
#include "common/block_count.cuh"
#include "common/edge_loads.cuh"
#include "common/twc.cuh"

namespace gsssp::adds {

constexpr int kMaxWarps = 16;        // kMaxBlock / 32 (adds_kernels.cuh)
// The manager publishes at most one geometry entry per sweep (a few microseconds), so 64 entries take far
// longer than this to come round.
constexpr unsigned long long kGenerationReuseNs = 50000;
constexpr int kDirectAtomicItems = 64;  // assignments this small relax without a load first (relax_edges)
// Edges per lane relaxed together (relax_edges): more loads and atomics in flight per warp, for a larger
// push buffer. 4 against 2 was faster on the grid and within noise elsewhere (docs/performance.md).
constexpr int kRounds = 4;
// Per warp: fewer than 32 vertices held between rounds (flush_pushes), plus the kRounds x 32 a round adds.
constexpr int kPushBuffer = 31 + kRounds * 32;
// Local rounds: a round of at most kLocalRoundItems items keeps up to kLocalItems of the vertices it lowers
// into its own bucket for the block's next round (LocalTarget). Local rounds took road NY and the grid to a third
// and a half of their time; keeping from every round (any size) costs where work is plentiful. 128 was faster than 64
// on each graph measured but two within 2%; 256 was faster still on the 3-D rgg and the road-like graph, but cost the
// 2-D rgg and the 26-neighbour mesh 5-14% (docs/performance.md).
constexpr int kLocalRoundItems = 128;
// Once Delta has risen kLocalRaiseFactor-fold over its start (the raise rule, adds_policy.hpp: a graph whose wider
// buckets cost few re-expansions), rounds of up to kLocalRoundItemsRaised items keep vertices (publish_geometry hands
// the limit to the workers). Why: 256 from the start helped the road-like 2048^2 graph, whose Delta the raise rule
// takes to 8x, but cost the 2-D rgg (Delta 2x) and the 26-neighbour mesh (1x); raised at 4x, it takes the road-like
// graph from about 5.7 to 4.1 ms and leaves the rest of the wider suite within noise (docs/performance.md).
constexpr int kLocalRoundItemsRaised = 256;
constexpr double kLocalRaiseFactor = 4.0;
constexpr int kLocalItems = 256;

// Edge loads (common/edge_loads.cuh). Edge data is read once per expansion (1.05-1.12 visits per vertex on the uniform random
// graphs): streamed (ld.global.cs, evict-first) where ADDS's data exceeds L2 (`stream`, KernelArgs::stream_edges, set by
// adds.cu), so that it does not push the distances out: R-MAT 22 and the random graphs 3-5% faster, the others within
// 1.7% (docs/performance.md).

template <class D>
struct WorkerShared {
  WriterCache cache;
  WorkerRecord record;
  unsigned long long assignment;
  // Pushes go no nearer the head than this: the assignment's bucket (flush_pushes says why). In shared memory, not a
  // register: one more live register in the relax loops costs spills (ptxas, sm_90).
  int held_offset;
  bool fresh_generation;
  long long coop_begin, coop_end;
  typename D::value coop_distance;
  int32_t coop_vertex;
  int coop_owner;
  unsigned long long visits_slot, edges_slot;
  int buffered[kMaxWarps];
  int32_t buffer_vertex[kMaxWarps][kPushBuffer];
  typename D::value buffer_value[kMaxWarps][kPushBuffer];
  // Local rounds: vertices lowered into the assignment's own bucket (or a higher-priority one) that the
  // block expands itself after its items, double-buffered (one round is read while the next fills).
  int local_count[2];
  int32_t local[2][kLocalItems];
  typename D::stored local_value[2][kLocalItems];  // carry mode: the distance each kept vertex was lowered to
  // The raise rule's counts for the current assignment (added to QueueState when it finishes): items expanded, and
  // vertices expanded for the first time.
  unsigned expansions, found;
};

__device__ __forceinline__ bool host_abort(const HostControl* host) {
  return *reinterpret_cast<const volatile unsigned*>(&host->abort) != 0;
}

// Thread 0 only: waits for an assignment, or for the end of the run (an exit flag, the stop word, or the
// host's abort when the manager itself cannot say so).
__device__ __forceinline__ unsigned long long wait_for_assignment(unsigned long long* flag, QueueState* queue,
                                                                  const HostControl* host) {
  unsigned backoff = 32;
  for (unsigned polls = 1;; ++polls) {
    const unsigned long long got = device_atomic(*flag).load(cuda::memory_order_acquire);
    if (got != 0) return got;
    if (stop_requested(queue)) return kAssignExit;
    if ((polls & 4095u) == 0 && host_abort(host)) return kAssignExit;
    __nanosleep(backoff);
    backoff = backoff < 64 ? backoff * 2 : backoff;
  }
}

// The whole warp (converged): relaxes up to kRounds edges per lane, each step's loads and atomics for all
// of them in flight together (a warp's rounds would otherwise wait on each other's round trips); lowered
// vertices join the warp's push buffer. `direct`: the atomic without a plain load of the distance first.
// That load skips the atomic for edges that cannot lower the distance, which pays where work is plentiful
// (random 4M x 7 and R-MAT 22: 16-28% faster), but it is one more round trip on the path from one push to the next,
// which bounds the run where work is scarce (road NY and the grid: about 5% slower). Small assignments mean scarce
// work.
template <class D>
__device__ __forceinline__ void relax_edges(const KernelArgs<D>& a, WorkerShared<D>& sh, int warp, int lane,
                                            const bool (&valid)[kRounds], const int32_t (&target)[kRounds],
                                            const typename D::weight (&weight)[kRounds],
                                            const typename D::value (&du)[kRounds], bool direct) {
  using stored = typename D::stored;
  using value = typename D::value;
  value candidate[kRounds];
  stored encoded[kRounds], seen[kRounds];
#pragma unroll
  for (int u = 0; u < kRounds; ++u) {
    candidate[u] = D::relax(du[u], weight[u]);
    encoded[u] = D::encode(candidate[u]);
    // An edge that lands beyond the cutoff counts as invalid: no atomic, no push.
    const bool live = valid[u] && encoded[u] <= a.cutoff;
    seen[u] = live && !direct ? a.dist[target[u]] : (live ? ~stored(0) : encoded[u]);
  }
#pragma unroll
  for (int u = 0; u < kRounds; ++u) {
    if (encoded[u] < seen[u]) seen[u] = atomic_min(&a.dist[target[u]], encoded[u]);
    else seen[u] = encoded[u];
  }
#pragma unroll
  for (int u = 0; u < kRounds; ++u) {
    const bool lowered = encoded[u] < seen[u];
    const unsigned mask = __ballot_sync(0xffffffffu, lowered);
    if (mask == 0) continue;  // uniform
    const int base = sh.buffered[warp];
    if (lowered) {
      const int at = base + __popc(mask & ((1u << lane) - 1u));
      sh.buffer_vertex[warp][at] = target[u];
      sh.buffer_value[warp][at] = candidate[u];
    }
    __syncwarp();
    if (lane == 0) sh.buffered[warp] = base + __popc(mask);
    __syncwarp();
  }
}

// Where a lowered vertex goes: `keep_offset` >= 0 keeps vertices whose bucket is at most that many
// buckets past the head in the block's local round `fill` (while it has room); -1 pushes everything.
struct LocalTarget {
  int keep_offset;
  int fill;
};

// The whole warp: pushes its buffer once it holds a full round (`all`: whatever it holds).
template <class D>
__device__ __forceinline__ void flush_pushes(const KernelArgs<D>& a, WorkerShared<D>& sh, int warp, int lane,
                                             const WorkerRecord& r, const LocalTarget& local, bool all) {
  __syncwarp();
  const int held = sh.buffered[warp];
  if (held == 0 || (!all && held < 32)) return;
  for (int base = 0; base < held; base += 32) {
    const bool mine = base + lane < held;
    const int32_t v = mine ? sh.buffer_vertex[warp][base + lane] : 0;
    const typename D::value value = mine ? sh.buffer_value[warp][base + lane] : typename D::value(0);
    bool clipped = false;
    const int offset = mine ? bucket_offset(static_cast<double>(value), r, &clipped) : 0;
    bool keep = false;
    if (local.keep_offset >= 0) {
      const bool wanted = mine && !clipped && offset <= local.keep_offset;
      const unsigned mask = __ballot_sync(0xffffffffu, wanted);
      if (mask != 0) {
        int at = 0;
        if (lane == __ffs(mask) - 1) at = atomicAdd(&sh.local_count[local.fill], __popc(mask));
        at = __shfl_sync(0xffffffffu, at, __ffs(mask) - 1) + __popc(mask & ((1u << lane) - 1u));
        keep = wanted && at < kLocalItems;
        if (keep) {
          sh.local[local.fill][at] = v;
          sh.local_value[local.fill][at] = D::encode(value);
        }
      }
    }
    // No push lands before the assignment's own bucket. The offset counts from the head of the worker's geometry entry,
    // and the head may have moved on since the assignment (up to that bucket, which cannot retire while the block holds
    // it): a bucket it retired now stands for the far end of the ring, where a vertex pushed to it would wait for the
    // head to come round: the head walks the ring's empty buckets to it, and the search, below the head by then, goes
    // on in the head bucket alone. That was the 2-D rgg's slow mode: without this, one query in six made 16-48 extra
    // head switches and some took 9-11 ms instead of 7.6; with it none did, and the wider suite stayed within noise.
    // Placing those pushes by the newest geometry entry instead also ended the slow mode but cost 2-4% elsewhere
    // (docs/performance.md).
    if (mine && !keep) push_vertex<D>(a, sh.cache, r, v, value, max(offset, sh.held_offset), clipped);
    if constexpr (D::kMeet) {
      // A pair query: a path s ~> v ~> t of this length exists (the other search's distance is a path's length).
      if (mine) {
        const typename D::stored other = a.other_dist[v];
        if (other != D::kInfinity) {
          atomicMin(&a.meet->mu, static_cast<unsigned long long>(D::encode(value + D::decode(other))));
        }
      }
    }
  }
  __syncwarp();
  if (lane == 0) sh.buffered[warp] = 0;
  __syncwarp();
}

// The whole warp (or, with stride blockDim.x, the whole block): relaxes the edges [begin, end) of vertex `u`
// at distance `du`, `rank` the thread's place among the `stride` threads sharing them.
//
// kWatch (the block's large vertices, blockDim.x edges or more): a stale expansion stops early. Each warp reads u's
// distance beside its edges, and once u has been lowered below du it leaves the rest of u's edges to the item that
// lowering pushed (every lowering pushes, or keeps for a local round, so that item expands all of them again at the
// lower distance; expanded[u] still holds du, or in carry mode the item carries the lower distance, so it is not
// skipped), and counts in `edges` (lane 0 of each warp)
// only the edges it relaxed. What this saves is R-MAT's: a hub of tens of thousands of edges, reached early at a
// distance that the search lowers while a block still walks its edges: on R-MAT 20 it saved 8% of the edges and 4% of
// the time per answer. Vertices of 32 to blockDim.x - 1 edges, a few steps each, are not watched: watching them too
// gained nothing on R-MAT, cost road NY 4%, and the live distance cost the kernel registers (docs/performance.md).
template <class D, bool kWatch>
__device__ __forceinline__ void relax_range(const KernelArgs<D>& a, WorkerShared<D>& sh, int warp, int lane,
                                            const WorkerRecord& r, const LocalTarget& local, int32_t u,
                                            long long begin, long long end, typename D::value du, int stride,
                                            int rank, bool direct, unsigned long long& edges) {
  using stored = typename D::stored;
  const int32_t* __restrict__ targets = a.targets;
  const typename D::weight* __restrict__ weights = a.weights;
  for (long long e0 = begin; e0 < end; e0 += static_cast<long long>(stride) * kRounds) {
    // Issued with the edge loads; read after this step's relaxations, so it adds no round trip.
    stored now = 0;
    if constexpr (kWatch) now = *reinterpret_cast<volatile stored*>(&a.dist[u]);
    bool valid[kRounds];
    int32_t target[kRounds];
    typename D::weight weight[kRounds];
    typename D::value dist[kRounds];
#pragma unroll
    for (int u = 0; u < kRounds; ++u) {
      const long long e = e0 + static_cast<long long>(u) * stride + rank;
      valid[u] = e < end;
      target[u] = valid[u] ? load_edge(&targets[e], a.stream_edges) : 0;
      weight[u] = valid[u] ? load_edge(&weights[e], a.stream_edges) : typename D::weight(0);
      dist[u] = du;
    }
    relax_edges<D>(a, sh, warp, lane, valid, target, weight, dist, direct);
    flush_pushes<D>(a, sh, warp, lane, r, local, false);
    if constexpr (kWatch) {
      unsigned counted = 0;
#pragma unroll
      for (int k = 0; k < kRounds; ++k) counted += __popc(__ballot_sync(0xffffffffu, valid[k]));
      if (lane == 0) edges += counted;
      // Warp-uniform: every lane read the same word (one transaction).
      if (__shfl_sync(0xffffffffu, now, 0) < D::encode(du)) break;
    }
  }
}

// The whole block: expands `count` items, read from the pool at `location` (source < 0) or from local
// round `source`, and pushes (or keeps, per `local`) every vertex they lower. Block-uniform: the
// cooperative phases synchronise the whole block.
template <class D>
__device__ __forceinline__ void expand_items(const KernelArgs<D>& a, WorkerShared<D>& sh, const WorkerRecord& r,
                                             const LocalTarget& local, int source, unsigned location,
                                             long long count, unsigned long long& visits,
                                             unsigned long long& edges) {
  using value = typename D::value;
  using stored = typename D::stored;
  const int lane = static_cast<int>(threadIdx.x & 31u);
  const int warp = static_cast<int>(threadIdx.x >> 5);
  const int64_t* __restrict__ offsets = a.offsets;
  const int32_t* __restrict__ targets = a.targets;
  const typename D::weight* __restrict__ weights = a.weights;
  const bool direct = count <= kDirectAtomicItems;
  // Items per warp and pass: 32 (a thread each), or, for an assignment smaller than the block, its items spread evenly
  // over the warps, so that its edges (flattened per warp below) take every warp's lanes instead of the first few
  // warps' (Near-Far's spread, near_far_kernels.cuh, is the same idea across a grid). On road networks and meshes
  // most assignments are a few dozen items: one item per thread left most of the block idle and put each item's
  // ~10-25 edges on the same few warps in turn. It made rgg 2-D and the meshes up to twice as fast and no graph
  // slower (docs/performance.md).
  const int warps = static_cast<int>(blockDim.x >> 5);
  const long long spread_ipw = (count + warps - 1) / warps;
  const int ipw = spread_ipw < 32 ? static_cast<int>(spread_ipw < 1 ? 1 : spread_ipw) : 32;
  const long long per_pass = static_cast<long long>(warps) * ipw;
  for (long long base = 0; base < count; base += per_pass) {
    const long long i = base + static_cast<long long>(warp) * ipw + lane;
    long long begin = 0, end = 0;
    value du = 0;
    int32_t u = 0;
    bool expanding = false, first_expansion = false;
    if (lane < ipw && i < count) {
      const size_t at = static_cast<size_t>(location) + static_cast<size_t>(i);
      u = source < 0 ? a.pool[at] : sh.local[source][i];
      // Carry mode (a.pool_value): the distance the item was pushed with. Each value of a vertex's distance is set
      // by one successful atomicMin (a strict decrease), which pushes or keeps one item, so the item that still
      // carries the vertex's distance is the only one with work to do: no filter array, a random read and write
      // fewer per item. Otherwise the filter: expand unless the vertex was expanded at this distance already.
      const bool carry = a.pool_value != nullptr;  // uniform
      const stored carried = carry ? (source < 0 ? a.pool_value[at] : sh.local_value[source][i]) : stored(0);
      // Issued together: each is a round trip on the path from one push to the next.
      const stored d = *reinterpret_cast<volatile stored*>(&a.dist[u]);
      const stored done = carry ? D::kInfinity : a.expanded[u];
      const long long first = offsets[u];
      const long long last = offsets[u + 1];
      if (carry ? d == carried : d < done) {
        if (!carry) a.expanded[u] = d;
        begin = first;
        end = last;
        du = D::decode(d);
        ++visits;
        expanding = true;
        // Two copies of u expanded at once may both count: the raise rule's count is an estimate. (Carry mode
        // has no filter to tell, and no raise rule: adds.cu.)
        first_expansion = !carry && done == D::kInfinity;
      }
    }
    if (a.raise_ratio > 0.0) {  // uniform; the whole warp is here
      const unsigned expanded_mask = __ballot_sync(0xffffffffu, expanding);
      const unsigned first_mask = __ballot_sync(0xffffffffu, first_expansion);
      if (lane == 0 && expanded_mask != 0) {
        atomicAdd(&sh.expansions, static_cast<unsigned>(__popc(expanded_mask)));
        atomicAdd(&sh.found, static_cast<unsigned>(__popc(first_mask)));
      }
    }
    // Block-cooperative: one large vertex at a time, all threads of the block on its edges.
    const bool any_large = __syncthreads_or(end - begin >= static_cast<long long>(blockDim.x)) != 0;
    while (any_large && block_take_vertex(sh.coop_owner, begin, end, block_slot(sh.coop_begin, begin),
                                          block_slot(sh.coop_end, end), block_slot(sh.coop_distance, du),
                                          block_slot(sh.coop_vertex, u))) {
      relax_range<D, true>(a, sh, warp, lane, r, local, sh.coop_vertex, sh.coop_begin, sh.coop_end, sh.coop_distance,
                           static_cast<int>(blockDim.x), static_cast<int>(threadIdx.x), direct, edges);
      __syncthreads();
    }
    // Warp-cooperative: vertices of degree >= 32, one at a time per warp.
    long long b = 0, e_end = 0;
    value d = 0;
    // (At most a few steps each: they are not watched, and their edges count whole.)
    edges += static_cast<unsigned long long>(end - begin);
    while (warp_take_vertex(begin, end, du, 32, b, e_end, d)) {
      relax_range<D, false>(a, sh, warp, lane, r, local, 0, b, e_end, d, 32, lane, direct, edges);
    }
    // The rest (degree < 32), flattened: edge k of the warp's remaining edges goes to lane k mod 32.
    const int degree = static_cast<int>(end - begin);
    const int inclusive = shuffle::inclusive_sum(degree, lane);
    const int exclusive = inclusive - degree;
    const int total = __shfl_sync(0xffffffffu, inclusive, 31);
    for (int k0 = 0; k0 < total; k0 += 32 * kRounds) {
      bool valid[kRounds];
      int32_t target[kRounds];
      typename D::weight weight[kRounds];
      value dist[kRounds];
#pragma unroll
      for (int u = 0; u < kRounds; ++u) {
        const int k = k0 + u * 32 + lane;
        // The owner of edge k: the last lane whose exclusive prefix is <= k.
        int owner = 0;
#pragma unroll
        for (int step = 16; step > 0; step >>= 1) {
          const int candidate = owner + step;
          const int start = __shfl_sync(0xffffffffu, exclusive, candidate & 31);
          if (candidate < 32 && start <= k) owner = candidate;
        }
        const long long owner_begin = __shfl_sync(0xffffffffu, begin, owner);
        const int owner_start = __shfl_sync(0xffffffffu, exclusive, owner);
        dist[u] = __shfl_sync(0xffffffffu, du, owner);
        valid[u] = k < total;
        const long long e = owner_begin + (k - owner_start);
        target[u] = valid[u] ? load_edge(&targets[e], a.stream_edges) : 0;
        weight[u] = valid[u] ? load_edge(&weights[e], a.stream_edges) : typename D::weight(0);
      }
      relax_edges<D>(a, sh, warp, lane, valid, target, weight, dist, direct);
      flush_pushes<D>(a, sh, warp, lane, r, local, false);
    }
    flush_pushes<D>(a, sh, warp, lane, r, local, true);
  }
}

template <class D>
__device__ void worker(const KernelArgs<D>& a, WorkerShared<D>& sh, int w) {
  block_counter_clear(&sh.visits_slot);
  block_counter_clear(&sh.edges_slot);
  for (int i = threadIdx.x; i < kMaxWarps; i += blockDim.x) sh.buffered[i] = 0;
  unsigned long long visits = 0, edges = 0;

  unsigned long long wait_ns = 0, busy_ns = 0, assignments = 0, mark = global_ns();
  // Thread 0's: the geometry entry sh.record holds, and when an assignment last named it.
  int cached_generation = -1;
  unsigned long long named_at = 0;
  writer_cache_clear(sh.cache);
  for (;;) {
    if (threadIdx.x == 0) {
      const unsigned long long got = wait_for_assignment(&a.af[w], a.queue, a.host);
      const unsigned long long now = global_ns();
      wait_ns += now - mark;
      mark = now;
      sh.assignment = got;
      sh.local_count[0] = 0;
      sh.expansions = 0;
      sh.found = 0;
      // The record and the translation cache are kept while assignments name the same geometry entry.
      // The entry index is 6 bits and the manager publishes at most one entry per sweep, so the same index
      // seen within kGenerationReuseNs is the same entry. The manager also publishes a new entry whenever
      // a bucket's positions advance by 2^30 (manage_blocks), so that a cached (bucket, high bits) ->
      // block mapping cannot outlive its block: the high bits of a position repeat only 2^32 later.
      const unsigned generation = assignment_generation(got);
      const bool same = static_cast<int>(generation) == cached_generation && now - named_at < kGenerationReuseNs;
      sh.fresh_generation = (got & kAssignValid) && !same;
      if (sh.fresh_generation) {
        sh.record = a.geometry[generation];
        cached_generation = static_cast<int>(generation);
      }
      named_at = now;
    }
    __syncthreads();
    if (sh.fresh_generation) {
      writer_cache_clear(sh.cache);
      __syncthreads();
    }
    const unsigned long long assignment = sh.assignment;
    if (!(assignment & kAssignValid)) break;
    const WorkerRecord r = sh.record;
    const unsigned slot = assignment_slot(assignment);
    const long long assigned = assignment_count(assignment);
    // Local rounds keep vertices bound for the assignment's bucket or one before it: the manager would
    // hand them out no later than the items the block holds now.
    const int slot_offset = static_cast<int>((slot + static_cast<unsigned>(r.buckets) - static_cast<unsigned>(r.head_slot)) %
                                             static_cast<unsigned>(r.buckets));
    LocalTarget local{-1, 0};
    if (threadIdx.x == 0) sh.held_offset = slot_offset;  // read after expand_items' first barrier
    int source = -1;
    long long count = assigned;
    for (;;) {
      local.keep_offset = a.local_rounds && count <= r.local_round_items ? slot_offset : -1;
      expand_items<D>(a, sh, r, local, source, assignment_location(assignment), count, visits, edges);
      const bool stopping =
          __syncthreads_or(threadIdx.x == 0 && local.keep_offset >= 0 && stop_requested(a.queue)) != 0;
      if (local.keep_offset < 0 || stopping) break;
      const int kept = min(sh.local_count[local.fill], kLocalItems);
      if (kept == 0) break;
      source = local.fill;
      local.fill ^= 1;
      count = kept;
      // Read by the next round's first flush, which comes after expand_items' first barrier.
      if (threadIdx.x == 0) sh.local_count[local.fill] = 0;
    }

    // Finish: every push of these items (and of the local rounds they led to) precedes the CWC increment
    // and the idle flag (see adds_queue.cuh): one fence, by the thread that writes both, after the barrier.
    __syncthreads();
    if (threadIdx.x == 0) {
      if (sh.expansions != 0) {
        device_atomic(a.queue->expansions).fetch_add(sh.expansions, cuda::memory_order_relaxed);
        device_atomic(a.queue->found).fetch_add(sh.found, cuda::memory_order_relaxed);
      }
      __threadfence();
      device_atomic(a.queue->cwc[slot].value).fetch_add(static_cast<unsigned>(assigned), cuda::memory_order_relaxed);
      device_atomic(a.af[w]).store(0ull, cuda::memory_order_relaxed);
      if (a.profile) {
        const unsigned long long now = global_ns();
        busy_ns += now - mark;
        mark = now;
      }
      ++assignments;
    }
  }
  if (threadIdx.x == 0) {
    Report& r = a.queue->report;
    atomicAdd(&r.worker_wait_ns, wait_ns);
    atomicAdd(&r.worker_busy_ns, busy_ns);
    atomicAdd(&r.assignments, assignments);
  }
  block_counter_flush(&sh.visits_slot, visits, &a.counters->vertex_visits);
  block_counter_flush(&sh.edges_slot, edges, &a.counters->edges_relaxed);
}

}  // namespace gsssp::adds
