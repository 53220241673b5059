// Host driver of ADDS (Wang, Fussell & Lin, PPoPP'21, section 5): sizes the pool and the persistent grid,
// launches one cooperative kernel per run, watches it, and restarts it with a larger pool when the pool ran
// out. The host never steps the algorithm; it only waits, forwards cancellation, and acts as the watchdog
// of last resort.
#include "algorithms/adds/adds.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <thread>
#include <tuple>
#include <type_traits>
#include <vector>

#include "algorithms/adds/adds_block.hpp"
#include "algorithms/adds/adds_kernels.cuh"
#include "algorithms/adds/adds_policy.hpp"
#include "common/ball_check.cuh"
#include "common/compact_distances.cuh"
#include "common/cuda_check.hpp"
#include "common/cutoff.hpp"
#include "common/env_switch.hpp"
#include "common/finalize.hpp"
#include "common/residency.hpp"
#include "common/sink_source.hpp"
#include "common/rounds.hpp"  // throw_if_cancelled, throw_not_converged
#include "common/stage_trace.hpp"
#include "common/timer.hpp"
#include "common/trace.hpp"
#include "graph/device_graph.hpp"
#include "graph/delta_estimate.hpp"
#include "graph/reverse_csr.hpp"
#include "graph/weight_degree_sample.hpp"

namespace gsssp::adds {
namespace {

std::atomic<int64_t> compact_runs{0};  // gsssp_debug_adds_compact_runs
std::atomic<int64_t> carry_runs{0};    // gsssp_debug_adds_carry_runs

struct Layout {
  size_t pool = 0, pool_value = 0, wcc = 0, ring = 0, table = 0, af = 0, geometry = 0, bytes = 0;
};

size_t align_up(size_t x) { return (x + 255) & ~size_t{255}; }

// value_bytes: each item's carried distance (carry mode), 0 without.
Layout layout_for(int64_t blocks, int buckets, int workers, size_t value_bytes) {
  Layout l;
  size_t at = 0;
  auto take = [&](size_t bytes) {
    const size_t here = at;
    at += align_up(bytes);
    return here;
  };
  l.pool = take(static_cast<size_t>(blocks) * kBlockWords * sizeof(int32_t));
  l.pool_value = take(static_cast<size_t>(blocks) * kBlockWords * value_bytes);
  l.wcc = take(static_cast<size_t>(blocks) * kSegmentsPerBlock * sizeof(unsigned));
  l.ring = take(static_cast<size_t>(blocks) * sizeof(unsigned));
  l.table = take(static_cast<size_t>(buckets) * kBlockWords * sizeof(unsigned));
  l.af = take(static_cast<size_t>(workers) * sizeof(unsigned long long));
  l.geometry = take(kGeometryEntries * sizeof(WorkerRecord));
  l.bytes = at;
  return l;
}

size_t bytes_per_block(size_t value_bytes) {
  return kBlockWords * (sizeof(int32_t) + value_bytes) + kSegmentsPerBlock * sizeof(unsigned) + sizeof(unsigned);
}


// The kernel's resident blocks per SM (common/residency.hpp caches them); ADDS needs a cooperative launch.
template <class D>
int resident_blocks_per_sm(int device, int block) {
  const int per_sm = cooperative_blocks_per_sm(device, reinterpret_cast<const void*>(persistent_kernel<D>), block);
  if (per_sm < 0) fail(GSSSP_ERROR_UNSUPPORTED, "ADDS needs cooperative kernel launch, which this GPU lacks");
  return per_sm;
}

const char* status_name(unsigned status) {
  switch (status) {
    case kRunning: return "running";
    case kDone: return "done";
    case kPoolExhausted: return "pool exhausted";
    case kStalled: return "stalled";
    case kAborted: return "aborted";
    case kLimitReached: return "limit reached";
    default: return "unknown";
  }
}

std::string describe(const Report& r, int buckets) {
  return format(
      "state %s: head bucket %d of %d at distance %.17g, Delta %.17g (lower bound %.17g), assigning from %d "
      "bucket(s), %d worker(s) busy; head bucket reserved %u, read %u, completed %u; %llu free pool blocks; "
      "%llu sweeps, %llu head switches, %llu items completed",
      status_name(r.status), r.head_slot, buckets, r.head_low, r.delta, r.delta_min, r.depth, r.busy_workers,
      r.head_resv, r.head_read, r.head_cwc, r.free_blocks, r.sweeps, r.switches, r.completed);
}

// For tuning, on stderr: where the manager's sweeps and the workers' time went.
void print_profile(const Report& r, int workers, int block, double ms) {
  const double sweeps = std::max<double>(1.0, static_cast<double>(r.sweeps));
  const double worker_ns = static_cast<double>(r.worker_wait_ns + r.worker_busy_ns);
  std::fprintf(stderr,
               "adds profile: %.3f ms, %d workers x %d, %llu sweeps (%.2f us each: scan %.2f, queue %.2f, "
               "prefixes %.2f, blocks %.2f, hand-out %.2f), per sweep: %.1f idle workers, %.0f readable, %.0f "
               "handed out; %llu assignments of %.1f items, workers busy %.1f%%; %llu switches, Delta %g, depth %d\n",
               ms, workers, block, static_cast<unsigned long long>(r.sweeps),
               (r.phase_ns[0] + r.phase_ns[1] + r.phase_ns[2] + r.phase_ns[3] + r.phase_ns[4]) / sweeps / 1e3,
               r.phase_ns[0] / sweeps / 1e3, r.phase_ns[1] / sweeps / 1e3, r.phase_ns[2] / sweeps / 1e3,
               r.phase_ns[3] / sweeps / 1e3, r.phase_ns[4] / sweeps / 1e3, r.sum_idle / sweeps,
               r.sum_readable / sweeps, r.sum_assigned / sweeps, static_cast<unsigned long long>(r.assignments),
               r.assignments > 0 ? static_cast<double>(r.sum_assigned) / r.assignments : 0.0,
               worker_ns > 0 ? 100.0 * r.worker_busy_ns / worker_ns : 0.0, static_cast<unsigned long long>(r.switches),
               r.delta, r.depth);
}

// One of a pair query's two searches (run_pair): the shared meeting word, which side this is, the other side's
// distances; filled in by the search: whether it stopped at the meeting rule and its head's lower bound then.
struct PairLink {
  Meet* meet = nullptr;
  int side = 0;
  const void* other_dist = nullptr;
  // Set once either search has ended: the other stops too (an abort, its distances as far as they got).
  std::atomic<bool>* quit = nullptr;
  bool settled = false;   // stopped by the meeting rule
  bool complete = false;  // its queue emptied: every distance exact
  double head_low = 0.0;
};

// ADDS's options (gsssp_adds_options), checked before anything runs: also for a query answered without a search
// (a source without out-edges, common/sink_source.hpp), so that a bad option fails whatever the source.
void check_options(const gsssp_options& o) {
  if (o.adds.bucket_count != 0 && (o.adds.bucket_count < 2 || o.adds.bucket_count > kMaxBuckets)) {
    fail(GSSSP_ERROR_INVALID_ARGUMENT, format("adds.bucket_count %d is not 0 (32) or in [2, 32]", o.adds.bucket_count));
  }
  if (o.adds.local_rounds != 0 && o.adds.local_rounds != 1) {
    fail(GSSSP_ERROR_INVALID_ARGUMENT, format("adds.local_rounds %d is not 0 (off) or 1 (on)", o.adds.local_rounds));
  }
  if (o.adds.watchdog_ms < 0) {
    fail(GSSSP_ERROR_INVALID_ARGUMENT,
         format("adds.watchdog_ms is negative (%lld)", static_cast<long long>(o.adds.watchdog_ms)));
  }
  const uint64_t raw = static_cast<uint64_t>(o.adds.pool_words);
  const uint64_t words = o.adds.pool_words < 0 ? 0 - raw : raw;  // no overflow at INT64_MIN
  if (words > static_cast<uint64_t>(kMaxPoolBlocks) * kBlockWords) {
    fail(GSSSP_ERROR_INVALID_ARGUMENT,
         format("adds.pool_words %lld exceeds the largest pool, %lld words", static_cast<long long>(o.adds.pool_words),
                static_cast<long long>(kMaxPoolBlocks * kBlockWords)));
  }
}

template <class D>
AlgorithmRun run_typed(const QueryContext& query, PairLink* link = nullptr) {
  using stored = typename D::stored;
  constexpr bool integral = std::is_integral<typename D::weight>::value;
  // 4-byte distances (compact_distances): the search keeps them in its own arrays, and a pass behind it widens them
  // into the answer, in Int32Distance's form. Otherwise the search's distances are the answer.
  constexpr bool kCompact = std::is_same_v<D, Int32CompactDistance>;
  using A = std::conditional_t<kCompact, Int32Distance, D>;  // the answer's distance form
  Workspace& ws = *query.workspace;
  const cudaStream_t stream = ws.stream();
  const CsrView& g = query.graph;
  const graph::DeviceGraph& dg = *query.device_graph;
  const long long n = g.num_vertices;
  // Unless the caller chose, kDefaultBlock (adds_policy.hpp).
  int block = query.options.block_size != 0 ? std::min(query.launch.block, kMaxBlock) : kDefaultBlock;

  // The options were checked by run() (check_options).
  const int buckets = query.options.adds.bucket_count == 0 ? kDefaultBuckets : query.options.adds.bucket_count;
  const int64_t watchdog_ms = query.options.adds.watchdog_ms > 0 ? query.options.adds.watchdog_ms : kDefaultWatchdogMs;

  const int device = dg.device;
  // As many blocks as can be resident together, one of them the manager; a share of them when other
  // ADDS runs want the device at the same time (ResidencyShares).
  const int resident = std::min(resident_blocks_per_sm<D>(device, block) * dg.multiprocessor_count, kMaxWorkers + 1);
  if (resident < 2) {
    fail(GSSSP_ERROR_UNSUPPORTED,
         format("ADDS needs at least two resident blocks of %d threads (a manager and a worker); this GPU "
                "keeps %d",
                block, resident));
  }
  // A pair query's two searches must be resident together: each takes at most half the device.
  const ResidencyLease residency(device, resident, link != nullptr ? 2 : 1);
  const int grid = residency.blocks();
  const int workers = grid - 1;

  // Pool: fixed (adds.pool_words > 0), or grown by restarts from a start the caller gives (< 0) or from
  // the graph (0). Live items rarely exceed the vertices plus the edges of the vertices in flight.
  const int64_t pool_words = query.options.adds.pool_words;
  const bool growable = pool_words <= 0;
  auto blocks_for = [](int64_t words) { return std::max<int64_t>(1, (words + kBlockWords - 1) / kBlockWords); };
  // The graph's own start is capped at the largest pool rather than refused: n + m words pass kMaxPoolBlocks blocks
  // (just under 2^32 words) from about 4.29 billion vertices plus edges, e.g. R-MAT scale 28 (the issue "Beyond 2^31
  // edges"); the error below is for a size the caller asked for.
  int64_t blocks = pool_words > 0    ? blocks_for(pool_words)
                   : pool_words < 0 ? blocks_for(-pool_words)
                                    : std::min<int64_t>(blocks_for(n + g.num_edges) + 2 * buckets, kMaxPoolBlocks);
  // The largest pool the device memory allows: what is free plus what the workspace's pool slot already
  // holds (freed when the slot grows). Asked of the driver only when needed: cudaMemGetInfo costs more
  // than a small query's whole kernel, and a workspace that already holds the pool needs no new memory.
  size_t value_bytes = 0;  // set with carry mode, below
  auto affordable_blocks = [&]() {
    size_t free_bytes = 0, total_bytes = 0;
    GSSSP_CUDA_CHECK(cudaMemGetInfo(&free_bytes, &total_bytes));
    const double usable = (static_cast<double>(free_bytes) + static_cast<double>(ws.capacity(Slot::kFlags0))) * 0.8;
    return std::max<int64_t>(1, std::min<int64_t>(kMaxPoolBlocks, static_cast<int64_t>(usable / bytes_per_block(value_bytes))));
  };

  const graph::WeightDegreeSample& sample = graph::weight_degree_sample(dg, stream);
  const double degree_factor = std::max(1.0, sample.average_degree / kDegreeScale);
  const double capacity = static_cast<double>(workers) * block;

  KernelArgs<D> a{};
  a.offsets = g.offsets;
  a.targets = g.targets;
  a.weights = static_cast<const typename D::weight*>(g.weights);
  a.num_vertices = n;
  a.cutoff = stored_cutoff<D>(query.options);
  a.buckets = buckets;
  a.static_delta = query.options.adds.static_delta != 0 ? 1 : 0;
  if constexpr (D::kMeet) {
    if (link == nullptr) fail(GSSSP_ERROR_INTERNAL, "an ADDS pair search without its pair");
    a.meet = link->meet;
    a.side = link->side;
    a.other_dist = static_cast<const stored*>(link->other_dist);
  }
  // Early exit at the targets: only without a tree or a certificate (both read every vertex's distance, and the
  // others are upper bounds then), and for at most kMaxStopTargets targets (the manager reads each of them after
  // every head move). The stop is checked on the GPU before the answer counts (common/ball_check.cuh).
  const bool stop_early = query.options.targets != nullptr && query.options.target_count > 0 &&
                          query.options.target_count <= kMaxStopTargets && !query.options.compute_predecessors &&
                          !query.options.certify;
  BallCheck* ball = nullptr;
  if (stop_early) {
    const size_t target_bytes = align_up(static_cast<size_t>(query.options.target_count) * sizeof(int32_t));
    auto* scratch = static_cast<char*>(ws.buffer(Slot::kCertificate, target_bytes + sizeof(BallCheck)));
    auto* stop = reinterpret_cast<int32_t*>(scratch);
    GSSSP_CUDA_CHECK(cudaMemcpyAsync(stop, query.options.targets,
                                     static_cast<size_t>(query.options.target_count) * sizeof(int32_t),
                                     cudaMemcpyHostToDevice, stream));
    a.stop_targets = stop;
    a.stop_target_count = static_cast<int>(query.options.target_count);
    ball = reinterpret_cast<BallCheck*>(scratch + target_bytes);
  }
  a.delta0 = initial_delta(query, integral);
  a.target_high = capacity * kUtilizationHigh / degree_factor;
  a.target_low = capacity * kUtilizationLow / degree_factor;
  a.max_chunk = static_cast<unsigned>(block) * kChunkBlocks;  // adds_policy.hpp
  a.max_switches = query.max_iterations;
  // GSSSP_ADDS_PROFILE set to anything: fill the report's profile (read once per process, not on every query).
  static const int profile_switch = env_switch(Env::kAddsProfile);
  a.profile = profile_switch >= 0 ? 1 : 0;
  a.local_rounds = query.options.adds.local_rounds != 0 ? 1 : 0;
  // The largest round of a local-rounds worker that keeps vertices, and the larger limit once Delta has risen
  // kLocalRaiseFactor-fold (adds_worker.cuh).
  a.local_round_items = kLocalRoundItems;
  a.local_round_items_raised = kLocalRoundItemsRaised;
  a.local_raise_factor = kLocalRaiseFactor;
  // The raise rule (adds_policy.hpp, kRaise*; adds_manager.cuh, raise_delta): dynamic Delta on wide integer weights only
  // (on narrow ones, raising Delta cost the uniform random graphs 12-27%; docs/performance.md).
  const bool wide_integers = integral && sample.average_weight >= kNarrowAverageWeight;
  a.raise_ratio = wide_integers && a.static_delta == 0 ? kRaiseExpansionsPerVertex : 0.0;
  // Its starvation test (adds_policy.hpp, kStarve*).
  a.starve_raise = kStarveRaiseFactor;
  a.starve_found = kStarveFoundShare;
  a.starve_looks = kStarveLooks;
  a.starve_floor = kStarveFloorPerWorker;
  // Carry mode (adds_worker.cuh, expand_items; adds_policy.hpp, kCarrySkew says where and why): items carry their
  // distance and no expansion filter is kept, on graphs whose search data exceed L2 (the rule of the streaming edge
  // loads below, with the filter's bytes), where the raise rule is off (it counts first expansions by the filter) or the
  // degrees are skewed (the raise rule is then turned off).
  const bool skewed = static_cast<double>(dg.summary.max_out_degree) >= kCarrySkew * dg.summary.average_degree;
  const bool beyond_l2 = exceeds_l2(8.0 + 2.0 * sizeof(stored), n, g.num_edges, dg.l2_cache_bytes);
  const bool carry = beyond_l2 && (a.raise_ratio == 0.0 || skewed);
  if (carry) {
    a.raise_ratio = 0.0;
    carry_runs.fetch_add(1, std::memory_order_relaxed);
  }
  value_bytes = carry ? sizeof(stored) : 0;
  if (growable && ws.capacity(Slot::kFlags0) < layout_for(blocks, buckets, workers, value_bytes).bytes) {
    blocks = std::min(blocks, affordable_blocks());
  }
  // Streaming edge loads (common/edge_loads.cuh) only where ADDS's data does not fit L2: distances, expansion marks (not
  // in carry mode) and offsets (24 bytes a vertex, 16 with compact distances) and edges (8 bytes each). On the large
  // graphs edge data read once per expansion would push the distances out of L2; on a graph that fits, a vertex
  // expanded again finds its edges there, and evict-first loses that (docs/performance.md).
  a.stream_edges = stream_edges(8.0 + (carry ? 1.0 : 2.0) * sizeof(stored), n, g.num_edges, dg.l2_cache_bytes);
  a.watchdog_ns = static_cast<unsigned long long>(watchdog_ms) * 1000000ull;
  a.workers = workers;
  a.counters = ws.counters();
  // The workspace's slots here (common/workspace.hpp names them by shape only): kDistance0 the distances (the answer),
  // kDistance1 the distance each vertex was last expanded at, kFlags0 the bucket pool, the manager's and the workers'
  // queues (layout_for), kFlags1 the queue state and the trace. With compact distances, kDistance1 holds both of the
  // search's 4-byte arrays (8 bytes a vertex, as one array of Int32Distance's) and kDistance0 the widened answer.
  typename A::stored* answer = nullptr;
  // In carry mode there is no filter (a.expanded stays null).
  if constexpr (kCompact) {
    const size_t half = align_up(static_cast<size_t>(n) * sizeof(stored));
    auto* words = static_cast<char*>(ws.buffer(Slot::kDistance1, carry ? half : 2 * half));
    a.dist = reinterpret_cast<stored*>(words);
    if (!carry) a.expanded = reinterpret_cast<stored*>(words + half);
    answer = ws.buffer<typename A::stored>(Slot::kDistance0, n);
  } else {
    a.dist = ws.buffer<stored>(Slot::kDistance0, n);
    if (!carry) a.expanded = ws.buffer<stored>(Slot::kDistance1, n);
    answer = a.dist;
  }

  gsssp_trace_sample* trace = query.options.trace;
  const int64_t trace_cap =
      trace != nullptr ? std::clamp<int64_t>(query.options.trace_capacity, 0, kMaxTraceSamples) : 0;
  auto* state_bytes = static_cast<char*>(ws.buffer(
      Slot::kFlags1, align_up(sizeof(QueueState)) + static_cast<size_t>(trace_cap) * 2 * sizeof(long long)));
  a.queue = reinterpret_cast<QueueState*>(state_bytes);
  if (trace_cap > 0) {
    a.trace_times = reinterpret_cast<unsigned long long*>(state_bytes + align_up(sizeof(QueueState)));
    a.trace_work = reinterpret_cast<long long*>(a.trace_times + trace_cap);
    a.trace_capacity = trace_cap;
  }
  // Pinned host memory is mapped on every UVA platform: the kernel reads the abort word and writes its
  // heartbeat there directly.
  auto* staging = static_cast<char*>(ws.staging(align_up(sizeof(HostControl)) + sizeof(Report)));
  auto* host = reinterpret_cast<HostControl*>(staging);
  auto* report = reinterpret_cast<Report*>(staging + align_up(sizeof(HostControl)));
  a.host = host;

  // (A pair query's answer is completed after both searches, so its tail is not enqueued here.)
  const bool tail_early = link == nullptr && query.tail != nullptr && query.tail->pipelined();
  if (tail_early) query.tail->prepare();
  // init_kernel's grid covers the bucket tables (buckets x 64K words, 8 MB at 32 buckets) as well as the vertices: sized
  // for the vertices alone, a small graph's one or few blocks wrote those 8 MB, and that was most of its kernel time.
  const int init_grid = dg.grid_for(std::max<int64_t>(n, static_cast<int64_t>(buckets) << kBlockShift), block);
  stage_trace::mark("adds-setup");
  DeviceTimer timer(ws);
  int64_t restarts = 0;
  for (;;) {
    ws.reader().quit();  // a restart: the reader behind the previous run must not hold up this one
    const Layout l = layout_for(blocks, buckets, workers, value_bytes);
    char* base = static_cast<char*>(ws.buffer(Slot::kFlags0, l.bytes));
    a.pool = reinterpret_cast<int32_t*>(base + l.pool);
    a.pool_value = carry ? reinterpret_cast<stored*>(base + l.pool_value) : nullptr;
    a.wcc = reinterpret_cast<unsigned*>(base + l.wcc);
    a.free_ring = reinterpret_cast<unsigned*>(base + l.ring);
    a.table = reinterpret_cast<unsigned*>(base + l.table);
    a.af = reinterpret_cast<unsigned long long*>(base + l.af);
    a.geometry = reinterpret_cast<WorkerRecord*>(base + l.geometry);
    a.pool_blocks = static_cast<unsigned>(blocks);

    // The kernel hands the report and the counters over itself (adds_kernels.cuh, deliver), except where a kernel
    // behind it still writes into the report (the ball check of a stop at the targets) or the other side of a pair
    // search reads it.
    const bool delivered = a.stop_target_count == 0 && link == nullptr;
    a.host_report = delivered ? report : nullptr;
    a.host_counters = delivered ? ws.host_counters_target() : nullptr;
    // No verdict until the kernel delivers one: a report it did not write fails the query below ("ended without a
    // verdict") instead of passing off the previous query's.
    if (delivered) *reinterpret_cast<volatile unsigned*>(&report->status) = ~0u;
    // init_kernel also zeroes the queue state (no separate memset on the stream).
    init_kernel<D><<<init_grid, block, 0, stream>>>(a, query.source);
    GSSSP_CUDA_CHECK(cudaGetLastError());
    stage_trace::mark("adds-init");
    *reinterpret_cast<volatile unsigned*>(&host->abort) = 0;
    *reinterpret_cast<volatile unsigned long long*>(&host->heartbeat) = 0;
    // Cooperative, for the guarantee that every block is resident at once. A plain launch saved about 1.5 us of host
    // time but left the query's whole call within the noise, so the guarantee stays (docs/performance.md).
    void* args[] = {&a};
    // Every block must find room: readers lingering behind other queries (common/result_reader.hpp) leave.
    ResultReader::quit_all();
    GSSSP_CUDA_CHECK(cudaLaunchCooperativeKernel(reinterpret_cast<const void*>(persistent_kernel<D>), grid, block,
                                                 args, 0, stream));
    stage_trace::mark("adds-launch");
    if constexpr (kCompact) {
      widen_kernel<D><<<dg.grid_for(n, 256), 256, 0, stream>>>(n, a.dist, answer);
      GSSSP_CUDA_CHECK(cudaGetLastError());
    }
    timer.record_stop();
    if (a.stop_target_count > 0) {
      // Behind the kernel, before the report is copied: the check of a stop at the targets (a no-op when the queue
      // emptied), its verdict in the report.
      ball_bound_kernel<A><<<1, 256, 0, stream>>>(a.stop_targets, a.stop_target_count, answer, &a.queue->report.settled,
                                                  ball);
      ball_edges_kernel<A><<<query.launch.grid, 256, 0, stream>>>(n, g.offsets, g.targets, a.weights, answer, ball);
      GSSSP_CUDA_CHECK(cudaGetLastError());
      GSSSP_CUDA_CHECK(cudaMemcpyAsync(&a.queue->report.ball_violation, &ball->violation, sizeof(unsigned),
                                       cudaMemcpyDeviceToDevice, stream));
    }
    // The report, and the query's tail (common/finalize.hpp) when it can go early, follow the kernel on the
    // stream: the wait below then completes all of it, with no second round trip.
    if (!delivered) {
      GSSSP_CUDA_CHECK(cudaMemcpyAsync(report, &a.queue->report, sizeof(Report), cudaMemcpyDeviceToHost, stream));
    }
    stage_trace::mark("adds-report");
    if (tail_early) query.tail->enqueue(answer, /*counters_delivered=*/delivered);
    stage_trace::end_tail(stream);
    // A resident result's reads (common/result_reader.hpp): the reader follows the search on the stream, launched
    // while the search runs, and the wait below is for the done event before it.
    const bool reader = query.linger_reader && delivered;
    if (reader) {
      GSSSP_CUDA_CHECK(cudaEventRecord(ws.done_event(), stream));
      ws.reader().launch(answer, sizeof(typename A::stored), stream);
    }
    stage_trace::mark("adds-submitted");
    // The tail's host work that needs no distance (a cutoff's array set unreached) overlaps the search.
    if (query.tail != nullptr && link == nullptr) query.tail->while_running();

    // Wait without blocking on the stream: cancellation and the host watchdog need this thread.
    using clock = std::chrono::steady_clock;
    const auto launched = clock::now();
    auto last_beat_at = launched;
    unsigned long long last_beat = 0;
    bool abort_sent = false;
    auto abort_at = launched;
    for (long long polls = 0;; ++polls) {
      const cudaError_t state = reader ? cudaEventQuery(ws.done_event()) : cudaStreamQuery(stream);
      if (state == cudaSuccess) break;
      if (state != cudaErrorNotReady) GSSSP_CUDA_CHECK(state);
      const auto now = clock::now();
      const unsigned long long beat = *reinterpret_cast<volatile unsigned long long*>(&host->heartbeat);
      if (beat != last_beat) {
        last_beat = beat;
        last_beat_at = now;
      }
      const bool cancelled = query.cancelled->load(std::memory_order_acquire) ||
                             (link != nullptr && link->quit->load(std::memory_order_acquire));
      const bool silent = now - last_beat_at > std::chrono::milliseconds(watchdog_ms + kHostGraceMs);
      if (!abort_sent && (cancelled || silent)) {
        *reinterpret_cast<volatile unsigned*>(&host->abort) = cancelled ? 1u : 2u;
        abort_sent = true;
        abort_at = now;
      }
      if (abort_sent && now - abort_at > std::chrono::milliseconds(kAbortGraceMs)) {
        ws.abandon();
        fail(GSSSP_ERROR_INTERNAL,
             format("ADDS kernel did not stop within %lld ms of an abort request (%s); its scratch memory is "
                    "abandoned",
                    static_cast<long long>(kAbortGraceMs),
                    cancelled ? "the device graph was closed" : "its manager stopped reporting progress"));
      }
      // Short queries finish within microseconds of the kernel: spin first, then sleep.
      if (polls < 20000) {
        std::this_thread::yield();
      } else {
        std::this_thread::sleep_for(std::chrono::microseconds(50));
      }
    }
    // The stream has drained up to the reader, if any (cudaStreamQuery or the done event said so): the report is in
    // host memory.
    stage_trace::mark("adds-drained");
    stage_trace::read_tail(ws.stop_event());
    const Report r = *report;
    // A pair search stopped because the other one ended: its distances are upper bounds, checked by run_pair.
    if (r.status == kAborted && link != nullptr && link->quit->load() && !query.cancelled->load()) break;
    if (r.status == kDone && r.settled != 0 && r.ball_violation != 0) {
      // Stopped at the targets, but an edge inside their ball still improves its head: search again, in full.
      a.stop_target_count = 0;
      ++restarts;
      continue;
    }
    if (r.status == kDone) break;
    switch (r.status) {
      case kPoolExhausted: {
        const int64_t max_blocks = growable ? affordable_blocks() : blocks;
        if (growable && blocks < max_blocks) {
          blocks = std::min(blocks * 2, max_blocks);
          ++restarts;
          continue;
        }
        fail(GSSSP_ERROR_OUT_OF_DEVICE_MEMORY,
             format("ADDS bucket pool of %lld words (%lld blocks of %u words) ran out: bucket %u waited for a "
                    "block for %.1f ms%s. Pass adds.pool_words = 0 to size the pool from the graph and grow it "
                    "on demand, or a larger pool",
                    static_cast<long long>(blocks * kBlockWords), static_cast<long long>(blocks), kBlockWords,
                    r.starving_slot, kStarveNs / 1e6,
                    growable ? " and the pool cannot grow further within the free device memory" : ""));
      }
      case kAborted:
        throw_if_cancelled(*query.cancelled);
        fail(GSSSP_ERROR_INTERNAL, "ADDS stopped by the host watchdog: its manager stopped reporting progress (" +
                                       describe(r, buckets) + ")");
      case kLimitReached:
        throw_not_converged("ADDS", static_cast<int64_t>(r.switches), true);
      case kStalled:
        fail(GSSSP_ERROR_INTERNAL, format("ADDS made no progress for %lld ms and was stopped (a bug in gsssp; ",
                                          static_cast<long long>(watchdog_ms)) +
                                       describe(r, buckets) + ")");
      default:
        fail(GSSSP_ERROR_INTERNAL, "ADDS kernel ended without a verdict (" + describe(r, buckets) + ")");
    }
  }

  AlgorithmRun run;
  run.time_ms = timer.elapsed_ms();
  if (a.profile) print_profile(*report, workers, block, run.time_ms);
  run.distances = answer;
  // Head buckets processed: every switch, plus the head bucket the queue emptied in.
  run.rounds = static_cast<int64_t>(report->switches) + 1;
  run.delta = report->delta;
  run.restarts = restarts;
  run.stopped_at_targets = report->settled != 0;
  if (link != nullptr) {
    link->settled = report->settled != 0;
    link->complete = report->status == kDone && report->settled == 0;
    link->head_low = report->head_low;
  }
  run.tail_enqueued = tail_early;  // behind the last kernel, the one that ended with kDone
  run.trace_length = copy_trace(ws, a.trace_times, a.trace_work,
                                std::min<int64_t>(static_cast<int64_t>(report->trace_length), trace_cap), trace);
  return run;
}

// One search from the source, int32 weights. It keeps 4-byte distances where they fit (common/compact_distances.cuh).
// Why: on graphs larger than L2, the distance array is the one every relaxation reads at random; at 8 bytes a vertex it
// and the expansion marks took 67 MB of a 4M-vertex graph, more than an H100's 50 MB of L2 (docs/performance.md).
AlgorithmRun run_int32(const QueryContext& query) {
  if (!gsssp::compact_distances(query)) return run_typed<Int32Distance>(query);
  compact_runs.fetch_add(1, std::memory_order_relaxed);
  return run_typed<Int32CompactDistance>(query);
}

}  // namespace

// The starting Delta, rounded as Near-Far rounds it: Near-Far's own for static Delta (so that the ablation runs with
// exactly NF's), else with ADDS's starting constant for the weights (adds_policy.hpp).
double initial_delta(const QueryContext& query, bool integral) {
  double constant = graph::kDefaultDeltaConstant;
  if (query.options.adds.static_delta == 0) {
    const graph::WeightDegreeSample& sample = graph::weight_degree_sample(*query.device_graph, query.workspace->stream());
    constant = integral && sample.average_weight < kNarrowAverageWeight ? kStartDeltaConstantNarrow : kStartDeltaConstantWide;
  }
  const double delta = graph::requested_delta(query, constant);
  if (integral) return static_cast<double>(graph::effective_delta(0ll, delta));
  return static_cast<double>(graph::effective_delta(0.0f, delta));
}

// A query for one target's distance, from both ends (the issue "Many queries at once": a pair's distance in at most
// half a full query's time; one search from s must settle every vertex closer than t first). Int32 weights, one
// target, no predecessors, no certificate, no trace, on a large sparse graph (adds_policy.hpp: kPairMinVertices,
// kPairMaxAverageDegree).
bool pair_query(const QueryContext& query) {
  const gsssp_options& o = query.options;
  const CsrView& g = query.graph;
  const bool sparse_and_large = g.num_vertices >= kPairMinVertices &&
                                static_cast<double>(g.num_edges) <= kPairMaxAverageDegree * static_cast<double>(g.num_vertices);
  return sparse_and_large && g.weight_type == GSSSP_WEIGHT_INT32 && o.targets != nullptr && o.target_count == 1 &&
         o.targets[0] != query.source && !o.compute_predecessors && !o.certify && o.trace == nullptr &&
         query.pool != nullptr && query.device_graph != nullptr && !query.negative_weights;
}

// Two ADDS searches at once, each on half the device: from s on the graph and from t on its reverse, each worker
// offering the vertices it lowers to a shared meeting estimate mu (the least d_f(v) + d_b(v) seen), each manager
// ending its run once the two heads together pass mu (adds_manager.cuh, meets). Then, on the GPU, the answer is
// proved or refused: with R_f and R_b the two heads' lower bounds (rounded up), the ball checks
// (common/ball_check.cuh) prove d_f exact below R_f and d_b exact below R_b; mu is recomputed exactly over both balls'
// vertices and edges (meet_exact_kernel); and mu <= R_f + R_b. Then mu is the s-t distance: were a shortest path P
// shorter, its last vertex u with delta_s(u) < R_f is t itself (so d_f(t) = |P| < mu) or has a successor v with
// delta_t(v) <= |P| - R_f < mu - R_f <= R_b, and the edge (u, v) gives d_f(u) + w + d_b(v) = |P| < mu; either
// contradicts mu's minimality. If a check fails, the one-sided search runs instead (counted in stats.restarts).
AlgorithmRun run_pair(const QueryContext& query) {
  using D = Int32PairDistance;
  using stored = D::stored;
  Workspace& ws = *query.workspace;
  const cudaStream_t stream = ws.stream();
  const graph::DeviceGraph& dg = *query.device_graph;
  const CsrView& g = query.graph;
  const long long n = g.num_vertices;
  const int32_t target = query.options.targets[0];
  const graph::ReverseCsr& rev = graph::reverse_csr(dg, stream);
  WorkspaceLease partner(*query.pool);
  Workspace& ws2 = partner.get();
  ws2.begin_query();

  // Both distance arrays and the meeting word read "unreached" before either search starts (each search's own
  // initialisation runs on its own stream, and the other search reads its distances from the start).
  stored* forward = ws.buffer<stored>(Slot::kDistance0, n);
  stored* backward = ws2.buffer<stored>(Slot::kDistance0, n);
  const size_t meet_bytes = align_up(sizeof(Meet)), check_bytes = align_up(sizeof(BallCheck));
  auto* scratch = static_cast<char*>(ws.buffer(Slot::kCertificate, meet_bytes + 2 * check_bytes + sizeof(unsigned long long)));
  auto* meet = reinterpret_cast<Meet*>(scratch);
  auto* ball_f = reinterpret_cast<BallCheck*>(scratch + meet_bytes);
  auto* ball_b = reinterpret_cast<BallCheck*>(scratch + meet_bytes + check_bytes);
  auto* mu_exact = reinterpret_cast<unsigned long long*>(scratch + meet_bytes + 2 * check_bytes);
  GSSSP_CUDA_CHECK(cudaMemsetAsync(forward, 0xff, static_cast<size_t>(n) * sizeof(stored), stream));
  GSSSP_CUDA_CHECK(cudaMemsetAsync(backward, 0xff, static_cast<size_t>(n) * sizeof(stored), stream));
  GSSSP_CUDA_CHECK(cudaMemsetAsync(meet, 0, sizeof(Meet), stream));
  GSSSP_CUDA_CHECK(cudaMemsetAsync(&meet->mu, 0xff, sizeof(unsigned long long), stream));
  cudaEvent_t ready = nullptr;
  GSSSP_CUDA_CHECK(cudaEventCreateWithFlags(&ready, cudaEventDisableTiming));
  GSSSP_CUDA_CHECK(cudaEventRecord(ready, stream));
  const cudaError_t waited = cudaStreamWaitEvent(ws2.stream(), ready, 0);
  cudaEventDestroy(ready);
  GSSSP_CUDA_CHECK(waited);

  QueryContext fwd = query;
  fwd.options.targets = nullptr;
  fwd.options.target_count = 0;
  fwd.tail = nullptr;
  QueryContext bwd = fwd;
  bwd.graph.offsets = static_cast<const int64_t*>(rev.offsets.get());
  bwd.graph.targets = static_cast<const int32_t*>(rev.sources.get());
  bwd.graph.weights = rev.weights.get();
  bwd.source = target;
  bwd.workspace = &ws2;
  PairLink link_f, link_b;
  link_f.meet = link_b.meet = meet;
  link_f.side = 0;
  link_b.side = 1;
  link_f.other_dist = backward;
  link_b.other_dist = forward;
  std::atomic<bool> quit{false};
  link_f.quit = link_b.quit = &quit;

  std::exception_ptr backward_failure;
  std::thread back([&] {
    try {
      GSSSP_CUDA_CHECK(cudaSetDevice(dg.device));
      run_typed<D>(bwd, &link_b);
    } catch (...) {
      backward_failure = std::current_exception();
    }
    quit.store(true, std::memory_order_release);
  });
  AlgorithmRun run;
  try {
    run = run_typed<D>(fwd, &link_f);
  } catch (...) {
    quit.store(true, std::memory_order_release);
    back.join();
    throw;
  }
  quit.store(true, std::memory_order_release);
  back.join();
  if (backward_failure) std::rethrow_exception(backward_failure);
  run.distances = forward;
  if (link_f.complete) return run;  // the search from s ran to its end: every distance is exact
  run.stopped_at_targets = true;
  if (link_b.complete) {
    // The search from t ran to its end: d_b(s) is the answer.
    GSSSP_CUDA_CHECK(cudaMemcpyAsync(forward + target, backward + query.source, sizeof(stored), cudaMemcpyDeviceToDevice,
                                     stream));
    // `backward` is the partner workspace's, which goes back to the pool on return: another query may write it at
    // once, so the copy must be done first. (Under load the forward kernel can start late, after the backward search
    // has finished, so this path is taken then.)
    ws.synchronize();
    return run;
  }
  const long long radius_f = static_cast<long long>(std::ceil(link_f.head_low));
  const long long radius_b = static_cast<long long>(std::ceil(link_b.head_low));
  const auto bound_f = static_cast<unsigned long long>(D::encode(radius_f));
  const auto bound_b = static_cast<unsigned long long>(D::encode(radius_b));
  const auto* weights = static_cast<const D::weight*>(g.weights);
  const auto* rev_weights = static_cast<const D::weight*>(rev.weights.get());
  const auto* rev_offsets = static_cast<const int64_t*>(rev.offsets.get());
  const auto* rev_sources = static_cast<const int32_t*>(rev.sources.get());
  const int grid = query.launch.grid;
  ball_arm_kernel<<<1, 1, 0, stream>>>(bound_f, ball_f);
  ball_edges_kernel<D><<<grid, 256, 0, stream>>>(n, g.offsets, g.targets, weights, forward, ball_f);
  ball_arm_kernel<<<1, 1, 0, stream>>>(bound_b, ball_b);
  ball_edges_kernel<D><<<grid, 256, 0, stream>>>(n, rev_offsets, rev_sources, rev_weights, backward, ball_b);
  GSSSP_CUDA_CHECK(cudaMemsetAsync(mu_exact, 0xff, sizeof(unsigned long long), stream));
  meet_exact_kernel<D><<<grid, 256, 0, stream>>>(n, g.offsets, g.targets, weights, forward, backward, bound_f, mu_exact);
  meet_exact_kernel<D><<<grid, 256, 0, stream>>>(n, rev_offsets, rev_sources, rev_weights, backward, forward, bound_b,
                                                 mu_exact);
  GSSSP_CUDA_CHECK(cudaGetLastError());
  struct Verdict {
    unsigned violation_f, violation_b;
    unsigned long long mu;
  };
  auto* verdict = static_cast<Verdict*>(ws.staging(sizeof(Verdict)));
  GSSSP_CUDA_CHECK(cudaMemcpyAsync(&verdict->violation_f, &ball_f->violation, sizeof(unsigned), cudaMemcpyDeviceToHost, stream));
  GSSSP_CUDA_CHECK(cudaMemcpyAsync(&verdict->violation_b, &ball_b->violation, sizeof(unsigned), cudaMemcpyDeviceToHost, stream));
  GSSSP_CUDA_CHECK(cudaMemcpyAsync(&verdict->mu, mu_exact, sizeof(unsigned long long), cudaMemcpyDeviceToHost, stream));
  ws.synchronize();
  const Verdict v = *verdict;
  const bool proved = v.violation_f == 0 && v.violation_b == 0 && v.mu != static_cast<unsigned long long>(D::kInfinity) &&
                      D::decode(static_cast<stored>(v.mu)) <= radius_f + radius_b;
  if (proved) {
    GSSSP_CUDA_CHECK(cudaMemcpyAsync(forward + target, mu_exact, sizeof(stored), cudaMemcpyDeviceToDevice, stream));
    return run;
  }
  // Not proved: the one-sided search (its own stop at the target is checked too).
  AlgorithmRun again = run_int32(query);
  again.restarts += 1;
  return again;
}

AlgorithmRun run(const QueryContext& query) {
  check_options(query.options);
  // No out-edges: the source is the only vertex reached, and no search runs (common/sink_source.hpp).
  if (query.device_graph != nullptr && query.device_graph->is_sink(query.source)) return answer_sink_source(query);
  // Small graphs: the one-block schedule (adds_block.hpp).
  if (block_schedule(query)) return run_block(query);
  if (query.graph.weight_type == GSSSP_WEIGHT_FLOAT32) return run_typed<Float32Distance>(query);
  if (pair_query(query)) return run_pair(query);
  return run_int32(query);
}

}  // namespace gsssp::adds

// Not in gsssp.h (not part of the ABI): how many ADDS searches kept 4-byte distances in this process (compact_distances),
// so that the native tests can tell which form they checked.
extern "C" __attribute__((visibility("default"))) int64_t gsssp_debug_adds_compact_runs(void) {
  return gsssp::adds::compact_runs.load(std::memory_order_relaxed);
}

// The same for carry mode (adds_worker.cuh, expand_items): device-wide runs, counted once per run (restarts not again).
extern "C" __attribute__((visibility("default"))) int64_t gsssp_debug_adds_carry_runs(void) {
  return gsssp::adds::carry_runs.load(std::memory_order_relaxed);
}
