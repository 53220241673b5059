// The ADDS work queue (Wang, Fussell & Lin, "A Fast Work-Efficient SSSP Algorithm for GPUs", PPoPP'21,
// sections 5.2-5.4): its memory layout, the scoped atomics every cross-block field goes through, and the
// writer side (worker thread blocks pushing vertices into buckets). The manager's side is adds_manager.cuh.
//
// Memory-ordering protocol. Every word that one thread block writes and another reads is accessed through
// cuda::atomic_ref at device scope with the memory order named below; plain accesses are used only for data
// whose visibility those orders already guarantee (bucket items, the worker's assignment record).
//   push (worker):  pos = resv[b].fetch_add(k, relaxed)          reserve k positions of bucket b
//                   pool[translate(b, pos)] = v                    plain stores of the items
//                   warp barrier of the lanes writing one segment, then their leader: fence;
//                   wcc[segment(pos)].fetch_add(k, relaxed)        publish them (fence + relaxed write is
//                                                                   a release, cumulative over the stores
//                                                                   the barrier ordered before it)
//   read (manager): w = wcc[seg].load(acquire)                     sees the items that w counts (or
//                                                                   relaxed loads, then one fence)
//                   r = resv[b].load(relaxed), after the acquire   fresh: not older than the writers
//                                                                   counted in w (coherence + the
//                                                                   writer's program order)
//                   full segment (w == N), or seg_start + w == r: everything up to r is written
//   assign (manager → worker): fence, then af[w].store(assignment, relaxed) (a release; the fence follows
//                   the barrier after the prefix scan's acquires); the assignment names a geometry entry
//                   (head, Delta) that the manager wrote, and fenced, before any assignment named it
//   take (worker): af.load(acquire), then __syncthreads, then the whole block reads items and the geometry
//                   (reread only when the entry named changes: adds_worker.cuh)
//   finish (worker): __syncthreads, then one thread: fence; cwc[b].fetch_add(k, relaxed); af.store(0,
//                   relaxed): the pushes of the whole block happen-before both (the block barrier orders
//                   them before the fence, as in cooperative groups' grid sync)
//   retire (manager): c = cwc[b].load(acquire), r = resv[b].load(relaxed): c == r means every item ever
//                   reserved in b was completed, and all pushes they made are in the other buckets' resv
//   blocks (manager → workers): the manager resets a recycled block's WCCs, then publishes
//                   table[b][h] = block with release; a writer loads it with acquire before writing
//   stop: the manager (or the host, through mapped memory) sets `stop`; every spin loop reads it.
#pragma once

#include <cooperative_groups.h>
#include <cuda/atomic>

#include <cstdint>

#include "common/clock.cuh"
#include "common/distance.cuh"
#include "common/workspace.hpp"

namespace gsssp::adds {

namespace cg = cooperative_groups;

// Section 5.3: blocks of 64K 32-bit words; an index's high 16 bits select the block, the low 16 the word.
constexpr unsigned kBlockShift = 16;
constexpr unsigned kBlockWords = 1u << kBlockShift;
constexpr unsigned kOffsetMask = kBlockWords - 1;
// Section 5.2: N-word segments, each with a write-completed counter. N = 32 lets one manager warp check 32
// segments with one coalesced load and lets a writer warp's burst touch at most two counters.
constexpr unsigned kSegmentShift = 5;
constexpr unsigned kSegmentWords = 1u << kSegmentShift;
constexpr unsigned kSegmentsPerBlock = kBlockWords / kSegmentWords;
// Section 5.4: 32 buckets.
constexpr int kMaxBuckets = 32;
// The manager keeps its idle list and its copy of every worker's assignment in shared memory.
constexpr int kMaxWorkers = 1024;
// A block id that is not (yet) mapped in a bucket's table.
constexpr unsigned kNoBlock = 0xffffffffu;
// The pool's block count must keep a word's location (block * 64K + offset) within 32 bits.
constexpr int64_t kMaxPoolBlocks = 65535;

// Assignment flag (section 5.1), one 64-bit word per worker: 0 = idle; otherwise
//   bits 63..32  location of the first item in the pool (block * 64K + offset)
//   bits 31..16  item count (1..65535)
//   bits 15..8   bucket slot
//   bits 7..2    geometry generation (the entry of KernelArgs::geometry the worker places pushes by)
//   bit 1        exit: the run is over
//   bit 0        valid
constexpr unsigned long long kAssignValid = 1ull;
constexpr unsigned long long kAssignExit = 2ull;
constexpr unsigned kGeometryEntries = 64;

__host__ __device__ __forceinline__ unsigned long long make_assignment(unsigned location, unsigned count,
                                                                       unsigned slot, unsigned generation) {
  return (static_cast<unsigned long long>(location) << 32) | (static_cast<unsigned long long>(count) << 16) |
         (static_cast<unsigned long long>(slot) << 8) |
         (static_cast<unsigned long long>(generation % kGeometryEntries) << 2) | kAssignValid;
}
__device__ __forceinline__ unsigned assignment_generation(unsigned long long a) {
  return static_cast<unsigned>(a >> 2) & (kGeometryEntries - 1);
}
__device__ __forceinline__ unsigned assignment_location(unsigned long long a) { return static_cast<unsigned>(a >> 32); }
__device__ __forceinline__ unsigned assignment_count(unsigned long long a) { return static_cast<unsigned>(a >> 16) & 0xffffu; }
__device__ __forceinline__ unsigned assignment_slot(unsigned long long a) { return static_cast<unsigned>(a >> 8) & 0xffu; }

enum RunStatus : unsigned {
  kRunning = 0,
  kDone = 1,
  kPoolExhausted = 2,  // a writer needed a block and none came free: restart with a larger pool, or fail
  kStalled = 3,        // the watchdog: no progress for the caller's time
  kAborted = 4,        // the host asked (cancel, or its own watchdog)
  kLimitReached = 5,   // options.max_iterations head-bucket switches
};

// The bucket geometry a worker places its pushes by. The manager writes a new entry of a 64-entry ring
// whenever the head or Delta changes and names it in each assignment, so a worker reads a consistent
// triple; an entry is rewritten only 64 changes later, long after any assignment naming it finished.
struct WorkerRecord {
  double head_low;  // lower distance bound of the head bucket
  double delta;
  int head_slot;
  int buckets;
  int local_round_items;  // the largest round whose lowered vertices are kept (adds_worker.cuh): KernelArgs' two
                          // limits, by Delta's raise (adds_manager.cuh, publish_geometry)
  int pad;
};

// A counter alone in its 128-byte line: resv and cwc of different buckets are hot from different blocks.
struct alignas(128) PaddedCounter {
  unsigned value;
};

// What the manager leaves for the host when it stops (and the watchdog's picture of the queue).
struct Report {
  unsigned status;
  unsigned settled;  // kDone because every stop target's distance fell below the head (targets_settled), not
                     // because the queue emptied: only the targets' distances may be final, and ball_check.cuh
                     // decides
  unsigned ball_violation;  // written behind the kernel: the ball check (common/ball_check.cuh) found an improving edge
  int head_slot;
  int depth;
  int busy_workers;
  double head_low;
  double delta;
  double delta_min;
  unsigned long long switches;
  unsigned long long sweeps;
  unsigned long long completed;
  unsigned long long trace_length;
  unsigned long long free_blocks;
  unsigned head_resv, head_read, head_cwc, starving_slot;
  // Profile, printed by the host when GSSSP_ADDS_PROFILE is set (adds.cu). Manager time summed per sweep
  // phase — 0 scan, 1 blocks and queue (warp 0), 2 readable prefixes, 3 block publication, 4 plan and
  // hand-out; 5 unused — and, summed over sweeps, the idle workers found, the items readable in the window
  // and the items handed out.
  unsigned long long phase_ns[6];
  unsigned long long sum_idle, sum_readable, sum_assigned;
  // Added by the workers as they leave: time spent waiting for an assignment and working on one.
  unsigned long long worker_wait_ns, worker_busy_ns, assignments;
};

// A pair query's two searches (adds.cu, run_pair), shared in device memory: the least s-t path length seen where
// they meet (an ordered int64, as Int32Distance stores), and each search's head lower bound (double bits).
struct Meet {
  unsigned long long mu;
  unsigned long long head_bits[2];
};

// Device-resident queue state shared by the manager and the workers.
struct QueueState {
  PaddedCounter resv[kMaxBuckets];  // reservation pointers (workers bump them)
  PaddedCounter cwc[kMaxBuckets];   // completed-work counters (workers add finished items)
  alignas(128) unsigned long long clip_min;  // least stored distance clipped into the tail since the last switch
  alignas(128) unsigned stop;                // nonzero: every block leaves as soon as it sees it
  alignas(128) unsigned exited;              // blocks that have left (adds_kernels.cuh, deliver)
  // The raise rule's counts (adds_manager.cuh, raise_delta): items expanded, and of them the vertices' first expansions,
  // added by each worker when it finishes an assignment.
  alignas(128) unsigned long long expansions;
  unsigned long long found;
  alignas(128) Report report;
};

// Written by the host while the kernel runs (pinned, mapped memory): abort requests; read back by the host:
// the manager's heartbeat.
struct HostControl {
  unsigned abort;
  unsigned pad;
  unsigned long long heartbeat;
};

template <class D>
struct KernelArgs {
  // Graph.
  const int64_t* offsets;
  const int32_t* targets;
  const typename D::weight* weights;
  long long num_vertices;
  // Distances and the expansion filter (the distance each vertex was last expanded with; null in carry mode).
  typename D::stored* dist;
  typename D::stored* expanded;
  // gsssp_options' cutoff (common/cutoff.hpp), D::kInfinity for none: a vertex lowered beyond it is neither lowered
  // nor pushed, so the search explores the ball alone and the query's tail reports the rest unreached.
  typename D::stored cutoff;
  // Queue memory (section 5.3).
  int32_t* pool;            // pool_blocks * 64K words
  // Carry mode (adds.cu says when; adds_worker.cuh, expand_items): each item's distance at its push, at the item's
  // index in `pool`. An item is then expanded only if its vertex's distance is still the one it carries, and the
  // expansion filter is not kept. Null: items are bare vertices, filtered by `expanded`.
  typename D::stored* pool_value;
  unsigned* wcc;            // pool_blocks * kSegmentsPerBlock
  unsigned* free_ring;      // pool_blocks entries, FIFO of free block ids
  unsigned* table;          // kMaxBuckets * 64K: block of (bucket, high 16 bits of an index)
  unsigned pool_blocks;
  // Workers.
  unsigned long long* af;  // assignment flags
  WorkerRecord* geometry;  // kGeometryEntries
  int workers;
  QueueState* queue;
  HostControl* host;  // mapped host memory
  DeviceCounters* counters;
  // When not null (adds.cu says when): mapped host memory into which the last block to leave copies the report and
  // the query counters, so that no copy follows the kernel on the stream.
  Report* host_report;
  DeviceCounters* host_counters;
  // Policy.
  int buckets;
  int static_delta;
  double delta0;
  double target_low, target_high;  // utilization limits (items assigned at once) of the bucket window
  unsigned max_chunk;              // most items in one assignment
  long long max_switches;          // 0: none
  unsigned long long watchdog_ns;
  int local_rounds;  // 1: workers expand vertices lowered into their assignment's bucket themselves
  int local_round_items;  // the largest round whose lowered vertices are kept (adds_worker.cuh, kLocalRoundItems)
  // The same once Delta has risen to local_raise_factor times delta0 or more (kLocalRoundItemsRaised); 0: never.
  int local_round_items_raised;
  double local_raise_factor;
  int stream_edges;  // 1: edge targets and weights are loaded evict-first (adds.cu says when; adds_worker.cuh, relax_range)
  double raise_ratio;  // the raise rule's threshold (adds_policy.hpp, kRaiseExpansionsPerVertex); 0: off
  double starve_raise;  // the raise rule's ceiling over delta0 for a starving window (kStarveRaiseFactor); 0: off
  double starve_found;  // the share of the vertices found before the starvation test applies (kStarveFoundShare)
  int starve_looks;     // starving looks in a row that raise Delta (kStarveLooks)
  double starve_floor;  // fewest readable items per worker at which the window counts as starving (kStarveFloorPerWorker)
  // Early exit (gsssp_options.targets): the run ends once the head bucket's lower bound is above every one of
  // these vertices' distances (device array). Their distances are then checked (common/ball_check.cuh).
  const int32_t* stop_targets;
  int stop_target_count;
  // A pair query (D::kMeet): this search is side `side` (0 from the source, 1 from the target on the reverse
  // graph); other_dist is the other search's distances. The run ends once the two heads' sum passes meet->mu.
  Meet* meet;
  int side;
  const typename D::stored* other_dist;
  int profile;       // fill Report's profile fields
  // Trace (time in ns from %globaltimer, items assigned).
  unsigned long long* trace_times;
  long long* trace_work;
  long long trace_capacity;
};

template <class T>
__device__ __forceinline__ cuda::atomic_ref<T, cuda::thread_scope_device> device_atomic(T& object) {
  return cuda::atomic_ref<T, cuda::thread_scope_device>(object);
}


__device__ __forceinline__ bool stop_requested(QueueState* queue) {
  return device_atomic(queue->stop).load(cuda::memory_order_relaxed) != 0;
}

// Positions are 32-bit circular indices: compare them by their signed distance.
__device__ __forceinline__ int position_diff(unsigned a, unsigned b) { return static_cast<int>(a - b); }

// The bucket offset from the head for a distance, clamped to [0, buckets - 1]: below the head goes to the
// head (late work whose bucket retired), beyond the tail is clipped into the tail (section 5.5).
__device__ __forceinline__ int bucket_offset(double distance, const WorkerRecord& r, bool* clipped) {
  const double k = floor((distance - r.head_low) / r.delta);
  *clipped = k > static_cast<double>(r.buckets - 1);
  if (!(k > 0.0)) return 0;  // also catches NaN
  return *clipped ? r.buckets - 1 : static_cast<int>(k);
}

// Writer-side translation cache in shared memory (section 5.3), direct-mapped on (slot, high bits). An entry
// packs tag and block in one 64-bit word so that concurrent fills by several threads stay consistent. A
// mapping is valid until the bucket's positions come round 2^32 later to the same high bits; the owning
// worker clears the cache whenever its assignment names a new geometry entry, which the manager publishes
// at the latest when a bucket's positions advance by 2^30 (adds_worker.cuh).
constexpr int kWriterCacheEntries = 64;
struct WriterCache {
  unsigned long long entry[kWriterCacheEntries];
};

__device__ __forceinline__ void writer_cache_clear(WriterCache& cache) {
  for (int i = threadIdx.x; i < kWriterCacheEntries; i += blockDim.x) cache.entry[i] = ~0ull;
}

// The pool block holding `pos` of bucket `slot`; waits for the manager to map it. kNoBlock on stop.
__device__ __forceinline__ unsigned writer_translate(WriterCache& cache, const unsigned* table, QueueState* queue,
                                                     const HostControl* host, unsigned slot, unsigned pos) {
  const unsigned high = pos >> kBlockShift;
  const unsigned tag = (slot << kBlockShift) | high;
  const int index = static_cast<int>((high ^ (slot * 7u)) & (kWriterCacheEntries - 1));
  // Several threads of the block fill and read an entry at once. The packed word is always a consistent
  // pair; shared-memory read-modify-writes (not relaxed loads and stores, which racecheck counts as plain
  // accesses) keep the sanitizer's view in line with that.
  unsigned long long* entry = &cache.entry[index];
  const unsigned long long cached = atomicOr(entry, 0ull);
  if (static_cast<unsigned>(cached >> 32) == tag) return static_cast<unsigned>(cached);
  const unsigned* word = &table[(static_cast<size_t>(slot) << kBlockShift) + high];
  unsigned block;
  unsigned backoff = 32;
  for (unsigned polls = 1;; ++polls) {
    block = device_atomic(*const_cast<unsigned*>(word)).load(cuda::memory_order_acquire);
    if (block != kNoBlock) break;
    if (stop_requested(queue)) return kNoBlock;
    // The host's abort word, for a manager that can no longer set `stop` itself.
    if ((polls & 1023u) == 0 && *reinterpret_cast<const volatile unsigned*>(&host->abort) != 0) return kNoBlock;
    __nanosleep(backoff);
    backoff = backoff < 1024 ? backoff * 2 : backoff;
  }
  atomicExch(entry, (static_cast<unsigned long long>(tag) << 32) | block);
  return block;
}

// Section 5.2, the writer: appends v to the bucket its distance falls in, `offset` buckets past the head
// (bucket_offset of `distance`, which also says whether it was `clipped`). Called by any subset of a warp's
// threads (divergent relax loops): threads aiming at the same bucket share one reservation, threads writing
// into the same segment share one WCC increment.
template <class D>
__device__ __forceinline__ void push_vertex(const KernelArgs<D>& a, WriterCache& cache, const WorkerRecord& r,
                                            int32_t v, typename D::value distance, int offset, bool clipped) {
  const unsigned slot = static_cast<unsigned>((r.head_slot + offset) % r.buckets);
  cg::coalesced_group active = cg::coalesced_threads();
  cg::coalesced_group same_bucket = cg::labeled_partition(active, slot);
  unsigned base = 0;
  if (same_bucket.thread_rank() == 0) {
    base = device_atomic(a.queue->resv[slot].value).fetch_add(same_bucket.size(), cuda::memory_order_relaxed);
  }
  base = same_bucket.shfl(base, 0);
  const unsigned pos = base + same_bucket.thread_rank();
  if (clipped) {
    // The least clipped distance lets the manager skip empty bucket ranges (adds_manager.cuh, retire).
    const auto code = static_cast<unsigned long long>(D::encode(distance));
    if (code < device_atomic(a.queue->clip_min).load(cuda::memory_order_relaxed)) {
      device_atomic(a.queue->clip_min).fetch_min(code, cuda::memory_order_relaxed);
    }
  }
  // kNoBlock: the run is stopping and its result will be discarded. Such a thread still takes part in the
  // group operations below: leaving early would strand its group's other threads in them.
  const unsigned block = writer_translate(cache, a.table, a.queue, a.host, slot, pos);
  const bool placed = block != kNoBlock;
  if (placed) {
    const size_t index = (static_cast<size_t>(block) << kBlockShift) | (pos & kOffsetMask);
    a.pool[index] = v;
    if (a.pool_value != nullptr) a.pool_value[index] = D::encode(distance);
  }
  const unsigned segment = placed ? block * kSegmentsPerBlock + ((pos & kOffsetMask) >> kSegmentShift) : kNoBlock;
  cg::coalesced_group same_segment = cg::labeled_partition(same_bucket, segment);
  // The group's items are ordered before the leader's fence by the warp barrier (which orders memory
  // among its threads), and fence + relaxed add is a release: one fence per segment, by its leader only.
  same_segment.sync();
  if (placed && same_segment.thread_rank() == 0) {
    __threadfence();
    device_atomic(a.wcc[segment]).fetch_add(same_segment.size(), cuda::memory_order_relaxed);
  }
}

}  // namespace gsssp::adds
