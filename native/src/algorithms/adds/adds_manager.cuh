// The ADDS manager thread block (PPoPP'21 sections 5.1-5.5): the single reader of every bucket. It runs
// sweeps until the queue is empty. A sweep is on the critical path of every dependency chain in the graph
// (a vertex pushed now is handed out at the earliest by the next sweep), so its phases are laid out to
// keep the number of global-memory round trips and block barriers small:
//   A. all threads: scan the workers' assignment flags (acquire loads; relaxed loads and one fence when a
//      thread has several). Idle workers go to the idle list; a worker found idle after an assignment
//      completed it (the manager's copy of every assignment stays in shared memory); busy ones give the
//      items in flight (utilization) and, per bucket, the oldest position still being read. Meanwhile
//      the last warp (when it has no flag to scan) takes the snapshot of every bucket's CWC and resv.
//   B. warp 0: memory (5.3) — blocks wholly read and no longer read go back to the FIFO, fresh blocks are
//      chosen for the buckets whose writers near the end of their mapped space; then lane 0 runs the
//      ordered queue (5.4: head retirement when CWC = resv, termination after two sweeps with every bucket
//      complete), Delta (5.5), the watchdog, the trace and the host contact.
//      The other warps meanwhile find the fully written prefix of each bucket in the assignment window
//      (as the sweep began, plus one) from its segments' WCCs (5.2; scan_prefixes).
//   C. recycled blocks get clear WCCs, then are published in the buckets' block tables.
//   D. warp 0 plans: chunks from the buckets of the assignment window, head first (5.4), one per idle
//      worker, while the other warps fence; E. they hand the chunks out (5.1).
// A device-scope fence costs about a global round trip, so the phases avoid fences where an acquire load
// or one fence per thread does (GSSSP_ADDS_PROFILE prints the time per phase).
#pragma once

#include <type_traits>

#include "algorithms/adds/adds_policy.hpp"
#include "algorithms/adds/adds_queue.cuh"
#include "common/warp_primitives.cuh"

namespace gsssp::adds {

// The manager's copy of a worker's current assignment: bucket position, count and slot. 0 = none.
__device__ __forceinline__ unsigned long long make_shadow(unsigned position, unsigned count, unsigned slot) {
  return (static_cast<unsigned long long>(position) << 32) | (static_cast<unsigned long long>(count) << 16) |
         (static_cast<unsigned long long>(slot) << 8) | 1ull;
}

struct ManagerShared {
  unsigned long long shadow[kMaxWorkers];
  int idle[kMaxWorkers];
  unsigned read_ptr[kMaxBuckets];   // by slot
  unsigned alloc_low[kMaxBuckets];  // by slot: first mapped position (block aligned)
  unsigned alloc_end[kMaxBuckets];  // by slot: end of the mapped positions (block aligned)
  unsigned oldest[kMaxBuckets];     // by slot: oldest position a busy worker reads, minus alloc_low
  unsigned snap_resv[kMaxBuckets];  // by slot: this sweep's snapshot, resv loaded after cwc (acquire)
  unsigned snap_cwc[kMaxBuckets];
  unsigned resv_epoch[kMaxBuckets];  // by slot: snap_resv >> 30 when the last geometry entry was published
  unsigned task_end[kMaxScanPasses + kMaxBuckets];  // scan_prefixes' results, by task
  int task_full[kMaxScanPasses + kMaxBuckets];
  unsigned plan_read[kMaxBuckets];  // by priority: read_ptr before this sweep's assignment
  unsigned plan_block[kMaxBuckets][2];  // by priority: the pool blocks holding plan_read and the next
  int chunk_prefix[kMaxBuckets + 1];
  unsigned long long cache[kMaxBuckets][kManagerCacheWays];
  unsigned grant_block[kMaxGrants];
  unsigned grant_slot[kMaxGrants];
  unsigned grant_high[kMaxGrants];
  unsigned long long ring_head, ring_tail;  // free-block FIFO (counters; entry = counter % pool_blocks)
  unsigned long long clip_seen;             // clip_min as this sweep read it (manage_blocks)
  unsigned long long busy_items, completed_items;
  unsigned long long completed_total, switches, sweeps;
  unsigned long long last_progress_ns, last_progress_mark, last_trace_ns, last_host_ns, starving_since;
  unsigned long long trace_length, trace_interval_ns;
  unsigned long long phase_ns[6];
  unsigned long long sum_idle, sum_readable, sum_assigned;
  double head_low, delta, delta_min, util_sum;
  long long util_samples;
  int idle_count, busy_workers, grants, head_slot, depth, switches_since, sweeps_since_decision, empty_sweeps;
  int raise_switches;  // head switches since raise_delta last looked
  // Since raise_delta last looked: sweeps that found an idle worker, and the readable items of the window at them.
  unsigned long long starve_sweeps, starve_readable;
  int starve_streak;  // raise_delta's looks in a row that found the window starving
  int chunk_shift, chunks, head_passes;
  int settled;  // the run ended at its stop targets
  bool epoch_crossed;
  int starving_slot;
  unsigned generation, status;
};

__device__ __forceinline__ unsigned manager_translate(ManagerShared& m, const unsigned* table, unsigned slot,
                                                      unsigned pos) {
  const unsigned high = pos >> kBlockShift;
  // Warps fill and read entries concurrently (a packed, always consistent pair): shared-memory
  // read-modify-writes, as in writer_translate.
  unsigned long long* entry = &m.cache[slot][high & (kManagerCacheWays - 1)];
  const unsigned long long cached = atomicOr(entry, 0ull);
  if (static_cast<unsigned>(cached >> 32) == high) return static_cast<unsigned>(cached);
  const unsigned block = table[(static_cast<size_t>(slot) << kBlockShift) + high];
  // An unmapped entry is cached too: only the manager maps blocks, and it refreshes the entry when it does.
  atomicExch(entry, (static_cast<unsigned long long>(high) << 32) | block);
  return block;
}

__device__ __forceinline__ void manager_cache_forget(ManagerShared& m, unsigned slot, unsigned high) {
  unsigned long long* entry = &m.cache[slot][high & (kManagerCacheWays - 1)];
  const unsigned long long seen = atomicOr(entry, 0ull);
  if (static_cast<unsigned>(seen >> 32) == high) atomicCAS(entry, seen, ~0ull);
}


// Publishes the current head and Delta as a new geometry entry. Lane 0 of warp 0.
template <class D>
__device__ void publish_geometry(const KernelArgs<D>& a, ManagerShared& m) {
  m.generation = (m.generation + 1) % kGeometryEntries;
  WorkerRecord& g = a.geometry[m.generation];
  g.head_low = m.head_low;
  g.delta = m.delta;
  g.head_slot = m.head_slot;
  g.buckets = a.buckets;
  // Local rounds from larger assignments once Delta has risen far above its start (adds_worker.cuh,
  // kLocalRoundItemsRaised says why).
  g.local_round_items = a.local_raise_factor > 0.0 && m.delta >= a.delta0 * a.local_raise_factor
                            ? a.local_round_items_raised
                            : a.local_round_items;
  __threadfence();  // before any assignment (released by other threads after a barrier) names it
}

template <class D>
__device__ void manager_init(const KernelArgs<D>& a, ManagerShared& m) {
  for (int s = threadIdx.x; s < kMaxBuckets; s += blockDim.x) {
    m.read_ptr[s] = 0;
    m.alloc_low[s] = 0;
    m.alloc_end[s] = s == 0 ? kBlockWords : 0;  // the init kernel mapped block 0 to bucket 0 for the source
    m.oldest[s] = 0xffffffffu;
    m.snap_resv[s] = 0;
    m.snap_cwc[s] = 0;
    m.resv_epoch[s] = 0;
    for (int k = 0; k < kManagerCacheWays; ++k) m.cache[s][k] = ~0ull;
  }
  for (int w = threadIdx.x; w < a.workers; w += blockDim.x) m.shadow[w] = 0;
  if (threadIdx.x == 0) {
    m.ring_head = 1;
    m.ring_tail = a.pool_blocks;
    m.completed_total = m.switches = m.sweeps = 0;
    const unsigned long long now = global_ns();
    m.last_progress_ns = m.last_trace_ns = m.last_host_ns = now;
    m.last_progress_mark = 0;
    m.starving_since = 0;
    m.trace_length = 0;
    m.trace_interval_ns = kTraceIntervalNs;
    for (int p = 0; p < 6; ++p) m.phase_ns[p] = 0;
    m.sum_idle = m.sum_readable = m.sum_assigned = 0;
    m.starve_sweeps = m.starve_readable = 0;
    m.starve_streak = 0;
    m.epoch_crossed = false;
    m.head_low = 0.0;
    m.delta = a.delta0;
    m.delta_min = 0.0;
    m.util_sum = 0.0;
    m.util_samples = 0;
    m.head_slot = 0;
    m.depth = 1;
    m.switches_since = 0;
    m.raise_switches = 0;
    m.sweeps_since_decision = 0;
    m.empty_sweeps = 0;
    m.starving_slot = -1;
    m.status = kRunning;
    m.settled = 0;
    m.generation = kGeometryEntries - 1;
    publish_geometry(a, m);
  }
  __syncthreads();
}

template <class D>
__device__ __forceinline__ bool snapshot_in_scan(const KernelArgs<D>& a) {
  return blockDim.x >= 64 && a.workers <= static_cast<int>(blockDim.x) - 32;
}

// A. Idle workers, completions, items in flight, oldest positions in use.
template <class D>
__device__ void scan_workers(const KernelArgs<D>& a, ManagerShared& m) {
  const int lane = static_cast<int>(threadIdx.x & 31u);
  // The snapshot of every bucket's CWC and resv, taken beside the flags when the last warp has no flag to
  // scan (the common case), else by warp 0: CWC with acquire, then resv after it by the same thread (see
  // adds_queue.cuh for why resv must be loaded after the CWC).
  const bool snapshot_warp = snapshot_in_scan(a);
  if (snapshot_warp && static_cast<int>(threadIdx.x) >= static_cast<int>(blockDim.x) - 32) {
    const int k = static_cast<int>(threadIdx.x) - (static_cast<int>(blockDim.x) - 32);
    if (k < a.buckets) {
      const unsigned c = device_atomic(a.queue->cwc[k].value).load(cuda::memory_order_acquire);
      m.snap_resv[k] = device_atomic(a.queue->resv[k].value).load(cuda::memory_order_relaxed);
      m.snap_cwc[k] = c;
    }
    // The least clipped distance, a hint for manage_queue (not ordered after the snapshot): read here, in this
    // phase's round trip, rather than by warp 0 in the next phase, where it lengthened the path of every sweep.
    if (k == 31) m.clip_seen = device_atomic(a.queue->clip_min).load(cuda::memory_order_relaxed);
  }
  unsigned long long busy = 0, completed = 0;
  int busy_workers = 0;
  const int rounds = (a.workers + static_cast<int>(blockDim.x) - 1) / static_cast<int>(blockDim.x);
  constexpr int kBatch = 4;
  for (int r0 = 0; r0 < rounds; r0 += kBatch) {
    // Relaxed loads issued together, then one fence for their acquire: an acquire load per flag would
    // serialise each thread's loads. The first batch also takes the snapshot's CWCs (thread k, bucket k):
    // the same thread loads resv[k] after this fence (manage_blocks), as the retirement rule requires.
    unsigned long long flags[kBatch];
    if (rounds == 1) {
      // One flag per thread: an acquire load costs less than a relaxed load and a fence (a device-scope
      // fence costs about a round trip).
      if (!snapshot_warp && static_cast<int>(threadIdx.x) < a.buckets) {
        m.snap_cwc[threadIdx.x] = device_atomic(a.queue->cwc[threadIdx.x].value).load(cuda::memory_order_acquire);
      }
      const int w = static_cast<int>(threadIdx.x);
      flags[0] = w < a.workers ? device_atomic(a.af[w]).load(cuda::memory_order_acquire) : ~0ull;
    } else {
      unsigned cwc = 0;
      const bool snapshot = !snapshot_warp && r0 == 0 && static_cast<int>(threadIdx.x) < a.buckets;
      if (snapshot) cwc = device_atomic(a.queue->cwc[threadIdx.x].value).load(cuda::memory_order_relaxed);
#pragma unroll
      for (int j = 0; j < kBatch; ++j) {
        const int w = (r0 + j) * static_cast<int>(blockDim.x) + static_cast<int>(threadIdx.x);
        flags[j] = (r0 + j < rounds && w < a.workers) ? device_atomic(a.af[w]).load(cuda::memory_order_relaxed) : ~0ull;
      }
      cuda::atomic_thread_fence(cuda::memory_order_acquire, cuda::thread_scope_device);
      if (snapshot) m.snap_cwc[threadIdx.x] = cwc;
    }
#pragma unroll
    for (int j = 0; j < kBatch; ++j) {
      if (r0 + j >= rounds) break;  // uniform across the block
      const int w = (r0 + j) * static_cast<int>(blockDim.x) + static_cast<int>(threadIdx.x);
      const bool exists = w < a.workers;
      const bool idle = exists && flags[j] == 0;
      if (idle) {
        const unsigned long long previous = m.shadow[w];
        if (previous != 0) {
          completed += assignment_count(previous);
          m.shadow[w] = 0;
        }
      } else if (exists) {
        const unsigned long long current = m.shadow[w];
        const unsigned slot = assignment_slot(current);
        busy += assignment_count(current);
        ++busy_workers;
        atomicMin(&m.oldest[slot], static_cast<unsigned>(current >> 32) - m.alloc_low[slot]);
      }
      // Warp-aggregated append to the idle list.
      const unsigned mask = __ballot_sync(0xffffffffu, idle);
      int base = 0;
      if (lane == 0 && mask != 0) base = atomicAdd(&m.idle_count, __popc(mask));
      base = __shfl_sync(0xffffffffu, base, 0);
      if (idle) m.idle[base + __popc(mask & ((1u << lane) - 1u))] = w;
    }
  }
  busy = shuffle::total(busy);
  completed = shuffle::total(completed);
  busy_workers = shuffle::total(busy_workers);
  if (lane == 0) {
    if (busy != 0) atomicAdd(&m.busy_items, busy);
    if (completed != 0) atomicAdd(&m.completed_items, completed);
    if (busy_workers != 0) atomicAdd(&m.busy_workers, busy_workers);
  }
}

// B1. Warp 0: snapshot, free, choose blocks to map.
template <class D>
__device__ void manage_blocks(const KernelArgs<D>& a, ManagerShared& m) {
  const int lane = static_cast<int>(threadIdx.x);
  const bool active = lane < a.buckets;
  if (active && !snapshot_in_scan(a)) {
    // This thread acquired cwc[lane] in scan_workers: resv after it (see adds_queue.cuh).
    m.snap_resv[lane] = device_atomic(a.queue->resv[lane].value).load(cuda::memory_order_relaxed);
  }
  // A hint only (manage_queue's jump over empty ranges), so not ordered after the snapshot; scan_workers read it where
  // its last warp took the snapshot.
  if (lane == 31 && !snapshot_in_scan(a)) {
    m.clip_seen = device_atomic(a.queue->clip_min).load(cuda::memory_order_relaxed);
  }
  __syncwarp();
  // A bucket whose positions crossed a multiple of 2^30 calls for a new geometry entry: workers keep their
  // translation caches for as long as assignments name one entry (adds_worker.cuh).
  const bool crossed = lane < a.buckets && (m.snap_resv[lane] >> 30) != m.resv_epoch[lane];
  if (crossed) m.resv_epoch[lane] = m.snap_resv[lane] >> 30;
  const bool any_crossed = __ballot_sync(0xffffffffu, crossed) != 0;
  if (lane == 0) m.epoch_crossed = any_crossed;
  __syncwarp();
  // Lane k serves the bucket k places behind the head, so blocks go to higher priority first.
  const unsigned slot = active ? static_cast<unsigned>((m.head_slot + lane) % a.buckets) : 0u;
  if (active) {
    // Blocks wholly below read_ptr and below every busy worker's items go back to the FIFO (section 5.3:
    // blocks are recycled in the order they were filled).
    while (position_diff(m.alloc_end[slot], m.alloc_low[slot]) >= static_cast<int>(kBlockWords) &&
           position_diff(m.read_ptr[slot], m.alloc_low[slot]) >= static_cast<int>(kBlockWords) &&
           m.oldest[slot] >= kBlockWords) {
      const unsigned high = m.alloc_low[slot] >> kBlockShift;
      const unsigned block = manager_translate(m, a.table, slot, m.alloc_low[slot]);
      a.table[(static_cast<size_t>(slot) << kBlockShift) + high] = kNoBlock;
      manager_cache_forget(m, slot, high);
      const unsigned long long at = atomicAdd(&m.ring_tail, 1ull);
      a.free_ring[at % a.pool_blocks] = block;
      m.alloc_low[slot] += kBlockWords;
      if (m.oldest[slot] != 0xffffffffu) m.oldest[slot] -= kBlockWords;
    }
  }
  __syncwarp();
  // Mapping: a full block of headroom past the reservation pointer.
  unsigned need = 0;
  bool urgent = false;
  if (active) {
    const int headroom = position_diff(m.alloc_end[slot], m.snap_resv[slot]);
    if (headroom < static_cast<int>(kBlockWords)) {
      need = static_cast<unsigned>((static_cast<long long>(kBlockWords) - headroom + kBlockWords - 1) / kBlockWords);
      urgent = headroom < 0;  // a writer holds a position with no block yet
    }
  }
  // Most sweeps map nothing: then the three scans below, a chain of dependent shuffles on warp 0's path, are skipped
  // (their outcome would be no grant and no starving bucket). With plan_work's 32-bit division this took a sweep's
  // queue phase down by a fifth and most graphs 2-6% (docs/performance.md).
  if (__ballot_sync(0xffffffffu, need != 0) == 0) {
    if (lane == 0) {
      m.grants = 0;
      m.starving_since = 0;
    }
    __syncwarp();
    return;
  }
  const unsigned long long available = m.ring_tail - m.ring_head;
  const unsigned long long before = shuffle::inclusive_sum<unsigned long long>(need, lane) - need;
  unsigned granted = 0;
  if (before < available) granted = static_cast<unsigned>(min(static_cast<unsigned long long>(need), available - before));
  const unsigned grant_before = shuffle::inclusive_sum<unsigned>(granted, lane) - granted;
  if (grant_before >= static_cast<unsigned>(kMaxGrants)) granted = 0;
  else granted = min(granted, kMaxGrants - grant_before);
  const unsigned start = shuffle::inclusive_sum<unsigned>(granted, lane) - granted;
  for (unsigned g = 0; g < granted; ++g) {
    m.grant_block[start + g] = a.free_ring[(m.ring_head + start + g) % a.pool_blocks];
    m.grant_slot[start + g] = slot;
    m.grant_high[start + g] = ((m.alloc_end[slot] >> kBlockShift) + g) & 0xffffu;
  }
  if (active) m.alloc_end[slot] += granted * kBlockWords;
  const unsigned total = __shfl_sync(0xffffffffu, start + granted, 31);
  const unsigned starving = __ballot_sync(0xffffffffu, urgent && granted < need);
  if (lane == 0) {
    m.ring_head += total;
    m.grants = static_cast<int>(total);
    if (starving != 0) {
      m.starving_slot = static_cast<int>((m.head_slot + __ffs(starving) - 1) % a.buckets);
      if (m.starving_since == 0) m.starving_since = global_ns() | 1ull;
    } else {
      m.starving_since = 0;
    }
  }
  __syncwarp();
}

__device__ __forceinline__ double round_delta(double delta, bool integral) {
  if (!integral) return delta;
  const double whole = floor(delta);
  return whole < 1.0 ? 1.0 : whole;
}

// Section 5.5, at each head switch: after kSettleSwitches switches, one Delta decision. A Delta so large
// that the head bucket never empties would never be revisited that way, so a decision is also due after
// kSettleSweeps sweeps without one (`forced`).
template <class D>
__device__ void steer_delta(const KernelArgs<D>& a, ManagerShared& m, bool forced) {
  if (a.static_delta) return;
  if (!forced && ++m.switches_since < kSettleSwitches) return;
  constexpr bool integral = std::is_integral<typename D::weight>::value;
  const double utilization = m.util_samples > 0 ? m.util_sum / static_cast<double>(m.util_samples) : 0.0;
  unsigned long long pending = 0, tail_pending = 0;
  const int tail = (m.head_slot + a.buckets - 1) % a.buckets;
  for (int s = 0; s < a.buckets; ++s) {
    const unsigned long long p = static_cast<unsigned>(m.snap_resv[s] - m.snap_cwc[s]);
    pending += p;
    if (s == tail) tail_pending = p;
  }
  // Low utilization is answered first by the bucket window (manage_queue widens it every sweep). Once
  // every bucket is assignable, a larger Delta cannot add parallelism, only remove ordering (measured on
  // road NY: Delta grew 1000-fold and the work 38-fold when low utilization alone raised it), so Delta
  // rises only with a full window, and with work waiting clipped in the tail.
  if (pending > 0 && static_cast<double>(tail_pending) >= kClipShare * static_cast<double>(pending)) {
    // Clipping: ordering is lost in the tail. Delta doubles, and never again falls below that.
    m.delta = round_delta(m.delta * 2.0, integral);
    m.delta_min = m.delta_min > m.delta ? m.delta_min : m.delta;
  } else if (utilization < a.target_low && m.depth == a.buckets && tail_pending > 0) {
    m.delta = round_delta(m.delta * 2.0, integral);
  }
  // Delta never falls: over-utilization is answered by narrowing the window alone. Halving Delta when the
  // assigned work exceeded the resident threads (scaled by degree), at any window depth or only at depth 1,
  // made R-MAT 22 and the random graphs 20-50% slower and did not change road NY or the grid.
  if (!(m.delta < 1e300)) m.delta = 1e300;
  m.switches_since = 0;
  m.sweeps_since_decision = 0;
  m.util_sum = 0.0;
  m.util_samples = 0;
}

// The raise rule (adds_policy.hpp, kRaise*), lane 0 of warp 0 at each head switch: every kRaiseSwitches switches, Delta
// doubles while the run's expansions per vertex found stay below a.raise_ratio, once kRaiseFoundShare of the vertices
// are found, and while Delta is below kRaiseMaxFactor times its start. It doubles too, up to a.starve_raise times its
// start, while the window starves: at the sweeps since the last look that found idle workers, fewer than
// kStarveItemsPerWorker readable items per worker on average, but at least a.starve_floor (kStarveRaiseFactor and
// kStarveFloorPerWorker say why). The counts are the workers' (QueueState), read relaxed: an estimate, which only
// steers Delta (any Delta gives the exact answer).
template <class D>
__device__ void raise_delta(const KernelArgs<D>& a, ManagerShared& m) {
  if (a.raise_ratio <= 0.0 || a.static_delta) return;
  if (++m.raise_switches < kRaiseSwitches) return;
  m.raise_switches = 0;
  const double per_worker = m.starve_sweeps > 0 ? static_cast<double>(m.starve_readable) /
                                                       (static_cast<double>(a.workers) * static_cast<double>(m.starve_sweeps))
                                                 : 0.0;
  const bool starving = a.starve_raise > 0.0 && m.starve_sweeps > 0 && per_worker < kStarveItemsPerWorker &&
                        per_worker >= a.starve_floor;
  m.starve_sweeps = 0;
  m.starve_readable = 0;
  if (!(m.delta < a.delta0 * kRaiseMaxFactor)) return;
  const auto found = static_cast<double>(device_atomic(a.queue->found).load(cuda::memory_order_relaxed));
  const auto expansions = static_cast<double>(device_atomic(a.queue->expansions).load(cuda::memory_order_relaxed));
  if (found < kRaiseFoundShare * static_cast<double>(a.num_vertices)) return;
  m.starve_streak = starving && found >= a.starve_found * static_cast<double>(a.num_vertices) ? m.starve_streak + 1 : 0;
  const bool starve_due = m.starve_streak >= a.starve_looks && m.delta < a.delta0 * a.starve_raise;
  if (expansions < a.raise_ratio * found || starve_due) {
    m.delta = round_delta(m.delta * 2.0, std::is_integral<typename D::weight>::value);
  }
}

// Early exit (gsssp_options.targets): every target reached and closer than the head's lower bound. In
// delta-stepping with a synchronous phase per bucket this would make them final (Meyer & Sanders, J. Algorithms
// 49(1), 2003, section 2); in ADDS's asynchronous queue it is only likely (an item in flight from a later bucket may
// still lower a vertex behind the head), so the host checks the answer afterwards (common/ball_check.cuh) and runs
// a full search when the check fails. Lane 0 of warp 0, after the head moved; an unreached target keeps the run
// going.
template <class D>
__device__ bool targets_settled(const KernelArgs<D>& a, double head_low) {
  for (int i = 0; i < a.stop_target_count; ++i) {
    const typename D::stored s = device_atomic(a.dist[a.stop_targets[i]]).load(cuda::memory_order_relaxed);
    if (s == D::kInfinity || !(static_cast<double>(D::decode(s)) < head_low)) return false;
  }
  return true;
}

// A pair query (adds.cu, run_pair): publishes this search's head and says whether the two heads together have
// passed the least meeting length seen, the bidirectional stopping rule (Pohl 1971; with exact radii, no s-t path
// shorter than mu is left). Here only likely: the host checks it after both searches end.
template <class D>
__device__ bool meets(const KernelArgs<D>& a, double head_low) {
  device_atomic(a.meet->head_bits[a.side]).store(static_cast<unsigned long long>(__double_as_longlong(head_low)),
                                                  cuda::memory_order_relaxed);
  const unsigned long long other_bits =
      device_atomic(a.meet->head_bits[1 - a.side]).load(cuda::memory_order_relaxed);
  const unsigned long long mu = device_atomic(a.meet->mu).load(cuda::memory_order_relaxed);
  if (mu == static_cast<unsigned long long>(D::kInfinity)) return false;
  const double other = __longlong_as_double(static_cast<long long>(other_bits));
  return head_low + other > static_cast<double>(D::decode(static_cast<typename D::stored>(mu)));
}

// B2. Lane 0 of warp 0: the ordered queue, Delta, termination, watchdog, trace, host contact.
template <class D>
__device__ void manage_queue(const KernelArgs<D>& a, ManagerShared& m) {
  const unsigned long long now = global_ns();
  m.sweeps += 1;
  m.completed_total += m.completed_items;
  bool complete = true;
  for (int s = 0; s < a.buckets && complete; ++s) complete = m.snap_cwc[s] == m.snap_resv[s];

  bool geometry_changed = false;
  if (complete) {
    // Every bucket complete: nothing queued, and nothing in flight (a busy worker holds items its
    // bucket's CWC does not count yet). Section 5.4: two consecutive sweeps like this end the run.
    if (++m.empty_sweeps >= 2) m.status = kDone;
  } else {
    m.empty_sweeps = 0;
    const unsigned long long clip = m.clip_seen;
    int rotated = 0;
    // The snapshot has an incomplete bucket, so this stops within one turn of the ring.
    while (rotated < a.buckets) {
      const int s = m.head_slot;
      if (m.snap_cwc[s] != m.snap_resv[s]) break;
      // Everything this bucket received is done; what is pushed to its range from now on lands in the new
      // head (bucket_offset clamps below-head distances to the head, and a worker whose geometry entry predates
      // this switch pushes no nearer its entry's head than the bucket it holds, adds_worker.cuh, flush_pushes), so
      // nothing is lost by retiring it.
      m.head_slot = (s + 1) % a.buckets;
      m.head_low += m.delta;
      m.switches += 1;
      ++rotated;
      steer_delta(a, m, false);
      raise_delta(a, m);
      if (a.max_switches > 0 && m.switches >= static_cast<unsigned long long>(a.max_switches)) {
        m.status = kLimitReached;
        break;
      }
    }
    geometry_changed = rotated > 0;
    if (rotated > 0 && a.stop_target_count > 0 && m.status == kRunning && targets_settled(a, m.head_low)) {
      m.status = kDone;
      m.settled = 1;
    }
    if constexpr (D::kMeet) {
      if (rotated > 0 && m.status == kRunning && meets(a, m.head_low)) {
        m.status = kDone;
        m.settled = 1;
      }
    }
    if (rotated > 0 && clip != static_cast<unsigned long long>(D::kInfinity)) {
      // Only the head bucket left and clipped items far beyond it: jump the head's range to the least
      // clipped distance instead of walking empty ranges one Delta at a time (huge-weight graphs).
      bool others_empty = true;
      for (int k = 1; k < a.buckets && others_empty; ++k) {
        const int s = (m.head_slot + k) % a.buckets;
        others_empty = m.snap_cwc[s] == m.snap_resv[s];
      }
      const double least = static_cast<double>(D::decode(static_cast<typename D::stored>(clip)));
      if (others_empty && least >= m.head_low + m.delta) {
        m.head_low += floor((least - m.head_low) / m.delta) * m.delta;
        device_atomic(a.queue->clip_min).store(static_cast<unsigned long long>(D::kInfinity), cuda::memory_order_relaxed);
      }
    }
  }

  // Fine-grained control (section 5.5): the number of buckets assigned from follows utilization.
  const double utilization = static_cast<double>(m.busy_items);
  m.util_sum += utilization;
  m.util_samples += 1;
  if (utilization < a.target_low && m.depth < a.buckets) ++m.depth;
  else if (utilization > a.target_high && m.depth > 1) --m.depth;
  if (++m.sweeps_since_decision >= kSettleSweeps && !a.static_delta) {
    const double before = m.delta;
    steer_delta(a, m, true);
    geometry_changed = geometry_changed || m.delta != before;
  }
  if (geometry_changed || m.epoch_crossed) publish_geometry(a, m);

  // Watchdog: completed items and head switches are the queue's progress.
  const unsigned long long mark = m.completed_total + m.switches;
  if (mark != m.last_progress_mark) {
    m.last_progress_mark = mark;
    m.last_progress_ns = now;
  } else if (now - m.last_progress_ns > a.watchdog_ns) {
    m.status = kStalled;
  }
  if (m.starving_since != 0 && now - m.starving_since > kStarveNs) m.status = kPoolExhausted;
  if (now - m.last_host_ns > kHostPollNs) {
    m.last_host_ns = now;
    *reinterpret_cast<volatile unsigned long long*>(&a.host->heartbeat) = m.sweeps;
    if (*reinterpret_cast<volatile unsigned*>(&a.host->abort) != 0) m.status = kAborted;
  }

  // Trace: items in flight over time. When full, the whole block thins it at the end of the sweep
  // (thin_trace); until then no sample is taken.
  if (a.trace_capacity > 0 && static_cast<long long>(m.trace_length) < a.trace_capacity &&
      (m.trace_length == 0 || now - m.last_trace_ns >= m.trace_interval_ns)) {
    a.trace_times[m.trace_length] = now;
    a.trace_work[m.trace_length] = static_cast<long long>(utilization);
    m.trace_length += 1;
    m.last_trace_ns = now;
  }
}

// B3. Readable prefixes (section 5.2). A task checks one pass of up to 8 x 32 segments of a bucket: the
// head bucket gets `head_passes` consecutive passes (sized from what was pending in it at the last
// snapshot), each other bucket of the window one. The scan sits on the path of every push to its
// hand-out, so a warp works on kTasksAtOnce tasks together, 8 lanes each, every step's loads for all of
// them in flight at once, and avoids fences where it can (a device-scope fence costs about a round trip):
//   1. resv, and with acquire loads the write-completed counters of the first 8 segments (the counters do
//      not depend on resv: past it, a mapped block's counters are zero, cleared before the block was
//      published, and an unmapped position reads as zero);
//   2. only where those 8 segments are all full and resv lies beyond them (a bucket with much work): all
//      256 counters of the pass up to resv, relaxed, then one fence to acquire them;
//   3. a partial segment is accepted only if its start plus its counter equals a resv loaded after the
//      counter was acquired (the paper's rule): one more load per such task.
constexpr int kSegmentsPerLane = 8;
constexpr unsigned kPassWords = 32u * kSegmentsPerLane * kSegmentWords;  // < kBlockWords: two blocks at most
constexpr int kTasksAtOnce = 4;                                          // 8 lanes each in step 1
constexpr unsigned kFirstWords = 8u * kSegmentWords;                      // what step 1 covers

// The bucket slot and first position of task t.
__device__ __forceinline__ void scan_task(const ManagerShared& m, int t, int head0, int head_passes, int buckets,
                                          unsigned* slot, unsigned* base) {
  if (t < head_passes) {
    *slot = static_cast<unsigned>(head0);
    *base = (m.read_ptr[head0] & ~(kSegmentWords - 1)) + static_cast<unsigned>(t) * kPassWords;
  } else {
    *slot = static_cast<unsigned>((head0 + t - head_passes + 1) % buckets);
    *base = m.read_ptr[*slot] & ~(kSegmentWords - 1);
  }
}

__device__ __forceinline__ unsigned* wcc_of(const unsigned* wcc, unsigned block, unsigned position) {
  return const_cast<unsigned*>(&wcc[static_cast<size_t>(block) * kSegmentsPerBlock + ((position & kOffsetMask) >> kSegmentShift)]);
}

// One warp: tasks first, first + stride, ... of `tasks`. Each leaves the end of the written prefix of its
// pass in task_end, and whether the whole pass was written in task_full.
template <class D>
__device__ void scan_prefixes(const KernelArgs<D>& a, ManagerShared& m, int head0, int head_passes, int tasks,
                              int first, int stride) {
  const int lane = static_cast<int>(threadIdx.x & 31u);
  const int group = lane >> 3, sub = lane & 7;  // step 1: lanes 8i..8i+7 serve task i
  for (int t0 = first; t0 < tasks; t0 += stride * kTasksAtOnce) {
    // Each lane knows its group's task; lane 8i translates the pass's first block, 8i+1 its second (a pass
    // spans two blocks at most), 8i+2 loads resv.
    const int my_t = t0 + group * stride;
    const bool my_live = my_t < tasks;
    unsigned my_slot = 0, my_base = 0;
    scan_task(m, my_live ? my_t : t0, head0, head_passes, a.buckets, &my_slot, &my_base);
    // The blocks and resv in two registers: a shuffle waits for its register in every lane, so resv's load (a round
    // trip) is shuffled only after step 1's loads are issued, and the two round trips overlap. With the clip hint read
    // in scan_workers this made the 2-D rgg's sweeps 3% shorter and left the rest of the wider suite within noise
    // (docs/performance.md).
    unsigned got_block = 0, got_resv = 0;
    if (my_live && sub < 2) got_block = manager_translate(m, a.table, my_slot, my_base + static_cast<unsigned>(sub) * (kPassWords - kSegmentWords));
    if (my_live && sub == 2) got_resv = device_atomic(a.queue->resv[my_slot].value).load(cuda::memory_order_relaxed);
    const unsigned block0 = __shfl_sync(0xffffffffu, got_block, lane & ~7);
    const unsigned block1 = __shfl_sync(0xffffffffu, got_block, (lane & ~7) | 1);
    // Step 1.
    unsigned first_w = 0;
    {
      const unsigned start = my_base + static_cast<unsigned>(sub) * kSegmentWords;
      const unsigned b = (start >> kBlockShift) == (my_base >> kBlockShift) ? block0 : block1;
      if (my_live && b != kNoBlock) first_w = device_atomic(*wcc_of(a.wcc, b, start)).load(cuda::memory_order_acquire);
    }
    const unsigned my_resv = __shfl_sync(0xffffffffu, got_resv, (lane & ~7) | 2);
    const unsigned group_bits = (__ballot_sync(0xffffffffu, first_w != kSegmentWords) >> (group * 8)) & 0xffu;
    // Per task (every lane of the group agrees): the end found, whether a partial segment must be checked,
    // whether step 2 is needed.
    // The lane that loaded a partial segment's counter is the one to load resv after it (its acquire
    // orders only its own later loads).
    const int k = group_bits != 0 ? __ffs(group_bits) - 1 : 0;
    int owner = (lane & ~7) | k;
    unsigned w = __shfl_sync(0xffffffffu, first_w, owner);
    unsigned end = my_base + (group_bits != 0 ? static_cast<unsigned>(k) * kSegmentWords : kFirstWords);
    bool check = my_live && group_bits != 0;
    const bool need_more = my_live && group_bits == 0 && position_diff(my_resv, my_base + kFirstWords) > 0;
    bool full = false;
    const unsigned more_tasks = __ballot_sync(0xffffffffu, need_more && sub == 0);
    if (more_tasks != 0) {
      // Step 2, task by task (rare: buckets with more than kFirstWords items waiting), all 32 lanes.
      unsigned written[kSegmentsPerLane];
      unsigned t_base[kTasksAtOnce], t_resv[kTasksAtOnce], t_b0[kTasksAtOnce], t_b1[kTasksAtOnce];
#pragma unroll
      for (int i = 0; i < kTasksAtOnce; ++i) {
        t_base[i] = __shfl_sync(0xffffffffu, my_base, 8 * i);
        t_resv[i] = __shfl_sync(0xffffffffu, my_resv, 8 * i);
        t_b0[i] = __shfl_sync(0xffffffffu, block0, 8 * i);
        t_b1[i] = __shfl_sync(0xffffffffu, block1, 8 * i);
      }
      unsigned settled_end = 0, settled_w = 0;
      int settled_owner = 0;
      bool settled_full = false, settled_check = false;
#pragma unroll
      for (int i = 0; i < kTasksAtOnce; ++i) {
        if (((more_tasks >> (8 * i)) & 1u) == 0) continue;  // uniform
#pragma unroll
        for (int j = 0; j < kSegmentsPerLane; ++j) {
          const unsigned segment = static_cast<unsigned>(j * 32 + lane);
          const unsigned start = t_base[i] + segment * kSegmentWords;
          const unsigned b = (start >> kBlockShift) == (t_base[i] >> kBlockShift) ? t_b0[i] : t_b1[i];
          written[j] = segment < 8 ? kSegmentWords  // step 1 found them full
                       : (b != kNoBlock && position_diff(start, t_resv[i]) < 0)
                           ? device_atomic(*wcc_of(a.wcc, b, start)).load(cuda::memory_order_relaxed)
                           : 0u;
        }
        cuda::atomic_thread_fence(cuda::memory_order_acquire, cuda::thread_scope_device);
        int first_j = -1;
        unsigned partial = 0;
#pragma unroll
        for (int j = 0; j < kSegmentsPerLane; ++j) {
          const unsigned ballot = __ballot_sync(0xffffffffu, written[j] != kSegmentWords);
          if (first_j < 0 && ballot != 0) {
            first_j = j;
            partial = ballot;
          }
        }
        unsigned e = t_base[i] + kPassWords, pw = 0;
        const int partial_owner = first_j >= 0 ? __ffs(partial) - 1 : 0;
        if (first_j >= 0) e = t_base[i] + static_cast<unsigned>(first_j * 32 + partial_owner) * kSegmentWords;
#pragma unroll
        for (int j = 0; j < kSegmentsPerLane; ++j) pw = j == first_j ? written[j] : pw;
        pw = __shfl_sync(0xffffffffu, pw, partial_owner);
        if (group == i) {
          settled_end = e;
          settled_w = pw;
          settled_owner = partial_owner;
          settled_full = first_j < 0;
          settled_check = first_j >= 0;
        }
      }
      if (need_more) {
        end = settled_end;
        w = settled_w;
        owner = settled_owner;
        full = settled_full;
        check = settled_check;
      }
    }
    // Step 3: a partial segment counts only if nothing reserved in it is unwritten: its start plus its WCC
    // must equal a reservation pointer read, by the lane that acquired that WCC, after it. All tasks'
    // loads are issued before any is used.
    unsigned fresh[kTasksAtOnce];
    int owners[kTasksAtOnce];
#pragma unroll
    for (int i = 0; i < kTasksAtOnce; ++i) {
      owners[i] = __shfl_sync(0xffffffffu, owner, 8 * i);
      const bool check_i = __shfl_sync(0xffffffffu, check ? 1 : 0, 8 * i) != 0;
      const unsigned slot_i = __shfl_sync(0xffffffffu, my_slot, 8 * i);
      fresh[i] = check_i && lane == owners[i] ? device_atomic(a.queue->resv[slot_i].value).load(cuda::memory_order_relaxed) : 0u;
    }
    unsigned my_fresh = 0;
#pragma unroll
    for (int i = 0; i < kTasksAtOnce; ++i) {
      const unsigned f = __shfl_sync(0xffffffffu, fresh[i], owners[i]);
      if (group == i) my_fresh = f;
    }
    if (sub == 0 && my_live) {
      if (check && end + w == my_fresh) end = my_fresh;
      m.task_end[my_t] = end;
      m.task_full[my_t] = full ? 1 : 0;
    }
  }
}

__device__ __forceinline__ unsigned floor_pow2(unsigned x) { return x == 0 ? 0 : 1u << (31 - __clz(x)); }

// D. Warp 0: chunks of 2^chunk_shift items aligned to multiples of the chunk size (so never across a 64K
// block), one per idle worker, in priority order: the head bucket's readable work first, then the next.
// The readable items of each bucket come from this sweep's scan_prefixes tasks, laid out from head0 (the head
// as the sweep began; manage_queue may have moved it since). A bucket the scan did not cover has none.
template <class D>
__device__ void plan_work(const KernelArgs<D>& a, ManagerShared& m, int head0, int window, int head_passes) {
  const int lane = static_cast<int>(threadIdx.x);
  const int idle = m.idle_count;
  const bool in_window = lane < m.depth;
  const unsigned slot = static_cast<unsigned>((m.head_slot + lane) % a.buckets);
  const int scanned = (static_cast<int>(slot) - head0 + a.buckets) % a.buckets;
  unsigned avail = 0;
  if (in_window && scanned < window) {
    const unsigned read_at = m.read_ptr[slot];
    unsigned end = read_at;
    if (scanned == 0) {
      for (int p = 0; p < head_passes; ++p) {
        end = m.task_end[p];
        if (!m.task_full[p]) break;
      }
    } else {
      end = m.task_end[head_passes + scanned - 1];
    }
    avail = position_diff(end, read_at) > 0 ? end - read_at : 0u;
  }
  const unsigned long long total = shuffle::total<unsigned long long>(avail);
  if (lane == 0) {  // the raise rule's starvation test (raise_delta)
    m.starve_sweeps += 1;
    m.starve_readable += total;
  }
  if (idle == 0 || total == 0) {
    if (lane == 0) m.chunks = 0;
    return;
  }
  const unsigned max_chunk = floor_pow2(min(a.max_chunk, 32768u));
  // In 32 bits where it fits (a 64-bit division is a long chain of instructions on warp 0's path): below max_chunk
  // chunks per idle worker, total is below 2^25.
  const unsigned per = total >= static_cast<unsigned long long>(max_chunk) * static_cast<unsigned>(idle)
                           ? max_chunk
                           : (static_cast<unsigned>(total) + static_cast<unsigned>(idle) - 1u) / static_cast<unsigned>(idle);
  unsigned chunk = per <= kMinChunk ? kMinChunk : floor_pow2(per - 1) << 1;
  if (chunk > max_chunk) chunk = max_chunk;
  const int shift = 31 - __clz(chunk);
  // Only window lanes read: with fewer buckets than lanes, other lanes' slots alias theirs.
  const unsigned read = in_window ? m.read_ptr[slot] : 0u;
  const unsigned aligned = read & ~(chunk - 1);
  const int count = avail == 0 ? 0 : static_cast<int>(((read - aligned) + avail + chunk - 1) >> shift);
  const int prefix = shuffle::inclusive_sum<int>(count, lane) - count;
  const int taken = max(0, min(count, idle - prefix));
  if (in_window) {
    m.chunk_prefix[lane] = min(prefix, idle);
    m.plan_read[lane] = read;
    if (taken > 0) {
      const unsigned next = taken == count ? read + avail : aligned + (static_cast<unsigned>(taken) << shift);
      m.read_ptr[slot] = next;
      // The pool blocks of the chunks, so that the hand-out reads them without touching the cache: what a
      // sweep hands out from one bucket (at most kMaxScanPasses passes) spans two blocks at most.
      m.plan_block[lane][0] = manager_translate(m, a.table, slot, read);
      if (((next - 1) >> kBlockShift) != (read >> kBlockShift)) {
        m.plan_block[lane][1] = manager_translate(m, a.table, slot, (read | kOffsetMask) + 1);
      }
    }
  }
  const int chunks = min(shuffle::total<int>(taken), idle);
  if (a.profile) {
    const unsigned long long handed = shuffle::total<unsigned long long>(
        taken == 0 ? 0u : taken == count ? avail : (static_cast<unsigned>(taken) << shift) - (read - aligned));
    if (lane == 0) {
      m.sum_idle += static_cast<unsigned long long>(idle);
      m.sum_readable += total;
      m.sum_assigned += handed;
    }
  }
  if (lane == 0) {
    m.chunk_prefix[m.depth] = chunks;
    m.chunks = chunks;
    m.chunk_shift = shift;
  }
}

// E. Threads first.. of the block (`threads` of them): hand chunk t to idle worker t. Each of them fenced
// after the prefix scan's acquires (see manager()), so a relaxed store releases the assignment.
template <class D>
__device__ void assign_work(const KernelArgs<D>& a, ManagerShared& m, int first, int threads) {
  const int chunks = m.chunks;
  const int depth = m.depth;
  const unsigned shift = static_cast<unsigned>(m.chunk_shift);
  const unsigned chunk = 1u << shift;
  for (int t = static_cast<int>(threadIdx.x) - first; t < chunks; t += threads) {
    // The window position whose chunks include t: the last k with chunk_prefix[k] <= t.
    int lo = 0, hi = depth - 1;
    while (lo < hi) {
      const int mid = (lo + hi + 1) >> 1;
      if (m.chunk_prefix[mid] <= t) lo = mid;
      else hi = mid - 1;
    }
    const int k = lo;
    const unsigned slot = static_cast<unsigned>((m.head_slot + k) % a.buckets);
    const unsigned read = m.plan_read[k];
    const unsigned aligned = read & ~(chunk - 1);
    const unsigned j = static_cast<unsigned>(t - m.chunk_prefix[k]);
    const unsigned start = j == 0 ? read : aligned + (j << shift);
    unsigned end = aligned + ((j + 1) << shift);
    if (position_diff(end, m.read_ptr[slot]) > 0) end = m.read_ptr[slot];  // the bucket's last chunk
    const unsigned count = end - start;
    const unsigned block = m.plan_block[k][(start >> kBlockShift) == (read >> kBlockShift) ? 0 : 1];
    const int w = m.idle[t];
    m.shadow[w] = make_shadow(start, count, slot);
    device_atomic(a.af[w]).store(make_assignment((block << kBlockShift) | (start & kOffsetMask), count, slot,
                                                 m.generation),
                                 cuda::memory_order_relaxed);
  }
}

// A full trace keeps every other sample and samples half as often from then on, so a long run keeps its
// whole span within the buffer. All threads: values are read before any is overwritten.
template <class D>
__device__ void thin_trace(const KernelArgs<D>& a, ManagerShared& m) {
  constexpr int kPerThread = 8;
  const long long kept = (a.trace_capacity + 1) / 2;
  for (long long first = 0; first < kept; first += static_cast<long long>(blockDim.x) * kPerThread) {
    unsigned long long times[kPerThread];
    long long work[kPerThread];
#pragma unroll
    for (int j = 0; j < kPerThread; ++j) {
      const long long i = first + j * static_cast<long long>(blockDim.x) + threadIdx.x;
      if (i < kept) {
        times[j] = a.trace_times[2 * i];
        work[j] = a.trace_work[2 * i];
      }
    }
    __syncthreads();
#pragma unroll
    for (int j = 0; j < kPerThread; ++j) {
      const long long i = first + j * static_cast<long long>(blockDim.x) + threadIdx.x;
      if (i < kept) {
        a.trace_times[i] = times[j];
        a.trace_work[i] = work[j];
      }
    }
    __syncthreads();
  }
  if (threadIdx.x == 0) {
    m.trace_length = static_cast<unsigned long long>(kept);
    m.trace_interval_ns *= 2;
  }
}

template <class D>
__device__ void manager(const KernelArgs<D>& a, ManagerShared& m) {
  manager_init(a, m);
  const int warp = static_cast<int>(threadIdx.x >> 5);
  const int warps = static_cast<int>(blockDim.x >> 5);
  // Manager time per phase, for tuning (Report::phase_ns).
  unsigned long long mark = global_ns();
  auto lap = [&](int phase) {
    if (a.profile && threadIdx.x == 0) {
      const unsigned long long now = global_ns();
      m.phase_ns[phase] += now - mark;
      mark = now;
    }
  };
  for (;;) {
    if (threadIdx.x == 0) {
      m.completed_items = 0;
      // The head bucket gets as many scan passes as it had items pending at the last snapshot (decided
      // here, before the barrier: this sweep's snapshot overwrites snap_resv during the scan).
      const int pending = position_diff(m.snap_resv[m.head_slot], m.read_ptr[m.head_slot]);
      m.head_passes = pending <= 0 ? 1 : min(kMaxScanPasses, static_cast<int>((static_cast<unsigned>(pending) + kPassWords - 1) / kPassWords));
      m.idle_count = 0;
      m.busy_workers = 0;
      m.busy_items = 0;
    }
    for (int s = threadIdx.x; s < a.buckets; s += blockDim.x) m.oldest[s] = 0xffffffffu;
    __syncthreads();
    // The window as the sweep starts (read before the next barrier: warp 0 moves head and depth after it,
    // while the other warps scan the prefixes).
    const int head0 = m.head_slot;
    const int window = min(m.depth + 1, a.buckets);
    const int head_passes = m.head_passes;
    scan_workers(a, m);
    __syncthreads();
    lap(0);
    if (warp == 0) {
      manage_blocks(a, m);
      if (threadIdx.x == 0) manage_queue(a, m);
      lap(1);
    }
    // Readable prefixes of the buckets in the assignment window (and one beyond it, which a widening
    // window may take next), by the other warps (warp 0 too when it is the only one). The head bucket is
    // scanned deepest: lower buckets only get what the head leaves over.
    if (warps == 1 || warp > 0) {
      scan_prefixes(a, m, head0, head_passes, head_passes + window - 1, warps > 1 ? warp - 1 : 0, warps > 1 ? warps - 1 : 1);
    }
    __syncthreads();
    lap(2);
    if (m.status != kRunning) break;
    const int grants = m.grants;
    if (grants > 0) {
      // Recycled blocks start with clear write-completed counters, before writers can see them.
      for (long long i = threadIdx.x; i < static_cast<long long>(grants) * kSegmentsPerBlock; i += blockDim.x) {
        a.wcc[static_cast<size_t>(m.grant_block[i / kSegmentsPerBlock]) * kSegmentsPerBlock + (i % kSegmentsPerBlock)] = 0;
      }
      __syncthreads();
      for (int g = threadIdx.x; g < grants; g += blockDim.x) {
        const unsigned slot = m.grant_slot[g];
        const unsigned high = m.grant_high[g];
        atomicExch(&m.cache[slot][high & (kManagerCacheWays - 1)], (static_cast<unsigned long long>(high) << 32) | m.grant_block[g]);
        device_atomic(a.table[(static_cast<size_t>(slot) << kBlockShift) + high])
            .store(m.grant_block[g], cuda::memory_order_release);
      }
    }
    lap(3);
    if (m.idle_count > 0) {
      // The hand-out's stores are releases: a fence, then relaxed stores. With more than one warp, warp 0
      // plans while the others fence, and only they store, so that the fence (about a round trip) is off
      // the path.
      if (warp == 0) plan_work(a, m, head0, window, head_passes);
      if (warp > 0 || warps == 1) cuda::atomic_thread_fence(cuda::memory_order_release, cuda::thread_scope_device);
      __syncthreads();
      if (warps == 1) assign_work(a, m, 0, static_cast<int>(blockDim.x));
      else if (warp > 0) assign_work(a, m, 32, static_cast<int>(blockDim.x) - 32);
    }
    __syncthreads();
    if (a.trace_capacity > 1 && static_cast<long long>(m.trace_length) == a.trace_capacity) {
      thin_trace(a, m);
      __syncthreads();
    }
    lap(4);
  }

  // Stop every worker: idle ones through their flag, busy ones (an abnormal stop) through the stop word.
  if (threadIdx.x == 0) device_atomic(a.queue->stop).store(1u, cuda::memory_order_relaxed);
  for (int w = threadIdx.x; w < a.workers; w += blockDim.x) {
    if (device_atomic(a.af[w]).load(cuda::memory_order_relaxed) == 0) {
      device_atomic(a.af[w]).store(kAssignExit, cuda::memory_order_release);
    }
  }
  if (threadIdx.x == 0) {
    Report& r = a.queue->report;
    r.status = m.status;
    r.settled = static_cast<unsigned>(m.settled);
    r.head_slot = m.head_slot;
    r.depth = m.depth;
    r.busy_workers = m.busy_workers;
    r.head_low = m.head_low;
    r.delta = m.delta;
    r.delta_min = m.delta_min;
    r.switches = m.switches;
    r.sweeps = m.sweeps;
    r.completed = m.completed_total;
    r.trace_length = m.trace_length;
    r.free_blocks = m.ring_tail - m.ring_head;
    r.head_resv = m.snap_resv[m.head_slot];
    r.head_read = m.read_ptr[m.head_slot];
    r.head_cwc = m.snap_cwc[m.head_slot];
    r.starving_slot = static_cast<unsigned>(m.starving_slot);
    for (int p = 0; p < 6; ++p) r.phase_ns[p] = m.phase_ns[p];
    r.sum_idle = m.sum_idle;
    r.sum_readable = m.sum_readable;
    r.sum_assigned = m.sum_assigned;
  }
}

}  // namespace gsssp::adds
