// Host driver of Near-Far (near_far_kernels.cuh), in two designs chosen by the environment variable
// GSSSP_NF_PERSISTENT, read once per process (an experiment switch, as GSSSP_ADDS_PAIR in adds.cu): a process runs
// one design throughout, and an A/B is two runs of the same binary with different values:
//   - unset, "2" or anything else: the persistent loop (run_persistent, near_far_persistent.cuh), the default: one
//     cooperative launch for the whole search, cooperative_groups' grid.sync() between steps, the host only waiting
//     for it (and forwarding a close of the graph);
//   - "1": the same persistent loop with gsssp's own grid barrier;
//   - "0": the stepped loop (run_stepped): one launch per step, in batches of up to kMaxBatch between host reads of
//     the loop's state. It also runs wherever the persistent kernel cannot be launched cooperatively (no support, its
//     block size does not fit, or the runtime refuses the grid), with one line on stderr per process.
// The persistent loop took road NY from 22.2 to 14.4 ms and the 2048^2 grid from 98.6 to 72.7 (H200), and with its
// expansion levers (kVariant*, near_far_persistent.cuh) to 6.4 and 34.0 ms; the measurements are in
// near_far_persistent.cuh's header and benchmarks/results/nearfar/README.md. Both designs give the same distances;
// the stepped loop and the persistent loop with GSSSP_NF_VARIANT=0 also the same rounds, visits, edges and trace
// (the levers change which threads take which edges, so visits vary a little more between runs).
// GSSSP_NF_PERSISTENT_BLOCKS_PER_SM=K, GSSSP_NF_VARIANT=K and GSSSP_NF_SOLO_ITEMS=K override the persistent
// kernel's policy (near_far_policy.hpp).
#include "algorithms/near_far/near_far.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <tuple>
#include <type_traits>
#include <vector>

#include "algorithms/near_far/near_far_kernels.cuh"
#include "algorithms/near_far/near_far_persistent.cuh"
#include "common/cuda_check.hpp"
#include "common/env_switch.hpp"
#include "common/residency.hpp"
#include "common/rounds.hpp"  // throw_if_cancelled, throw_not_converged
#include "common/compact_distances.cuh"
#include "common/timer.hpp"
#include "common/trace.hpp"
#include "graph/device_graph.hpp"
#include "graph/delta_estimate.hpp"
#include "algorithms/near_far/near_far_policy.hpp"

namespace gsssp::near_far {
namespace {

// Device trace buffer cap (16 bytes a round), whatever trace_capacity the caller gives.
constexpr int64_t kMaxTraceSamples = int64_t{1} << 20;

size_t align_up(size_t x) { return (x + 255) & ~size_t{255}; }

// What the stepped and the persistent kernels' arguments (StepArgs, PersistentArgs) share: the four piles of n items
// and the two tag arrays, carved from their scratch; the graph, the distances, the loop state, Delta and the limit;
// and, when traced, trace_cap rounds' sizes and times at `trace_memory`.
template <template <class> class Args, class D>
void set_shared_args(Args<D>& a, const QueryContext& query, int32_t* piles_memory, int32_t* tags,
                     typename D::stored* dist, decltype(a.state) state, typename D::value delta, char* trace_memory,
                     int64_t trace_cap) {
  const long long n = query.graph.num_vertices;
  a.near[0] = piles_memory;
  a.near[1] = piles_memory + n;
  a.far[0] = piles_memory + 2 * n;
  a.far[1] = piles_memory + 3 * n;
  a.near_tag = tags;
  a.far_tag = tags + n;
  a.offsets = query.graph.offsets;
  a.targets = query.graph.targets;
  a.weights = static_cast<const typename D::weight*>(query.graph.weights);
  a.dist = dist;
  a.state = state;
  a.counters = query.workspace->counters();
  a.delta = delta;
  a.limit = query.max_iterations > 0 ? query.max_iterations : 0;
  if (trace_cap > 0) {
    a.trace_sizes = reinterpret_cast<long long*>(trace_memory);
    a.trace_times = reinterpret_cast<unsigned long long*>(a.trace_sizes + trace_cap);
    a.trace_capacity = trace_cap;
  }
}

// The run of either loop that ended after `rounds` rounds; when traced, each round's near-pile size and start time go
// to the caller's samples.
template <class Args>
AlgorithmRun finish_run(const QueryContext& query, const Args& a, double time_ms, int64_t rounds) {
  AlgorithmRun run;
  run.time_ms = time_ms;
  run.distances = a.dist;
  run.rounds = rounds;
  run.delta = static_cast<double>(a.delta);
  if (a.trace_capacity > 0) {
    run.trace_length = copy_trace(*query.workspace, a.trace_times, a.trace_sizes,
                                  std::min<int64_t>(rounds, a.trace_capacity), query.options.trace);
  }
  return run;
}

// GSSSP_NF_PERSISTENT (see the header): 0 stepped, 1 persistent with gsssp's barrier, 2 with grid.sync().
int persistent_mode() {
  static const int mode = [] {
    const char* text = std::getenv("GSSSP_NF_PERSISTENT");
    const std::string value(text != nullptr ? text : "");
    return value == "0" ? 0 : value == "1" ? 1 : 2;
  }();
  return mode;
}

// GSSSP_NF_VARIANT: kVariant* bits of the persistent kernel (near_far_persistent.cuh), else kPersistentVariant.
unsigned int persistent_variant() {
  static const unsigned int bits = [] {
    const char* text = std::getenv("GSSSP_NF_VARIANT");
    return text != nullptr ? static_cast<unsigned int>(std::atoi(text)) & 15u : kPersistentVariant;
  }();
  return bits;
}

// GSSSP_NF_SOLO_ITEMS: the largest pile the persistent kernel's block 0 expands alone, or -1 for a block's width.
long long persistent_solo_items() {
  static const long long items = [] {
    const char* text = std::getenv("GSSSP_NF_SOLO_ITEMS");
    return text != nullptr ? std::atoll(text) : -1ll;
  }();
  return items;
}

// GSSSP_NF_PERSISTENT_BLOCKS_PER_SM: the persistent grid's blocks per SM, or 0 for kPersistentBlocksPerSm.
int persistent_blocks_per_sm_override() {
  static const int blocks = [] {
    const char* text = std::getenv("GSSSP_NF_PERSISTENT_BLOCKS_PER_SM");
    const int k = text != nullptr ? std::atoi(text) : 0;
    return k >= 1 && k <= 64 ? k : 0;
  }();
  return blocks;
}

// GSSSP_NF_STREAM: -1 unset (by the L2 rule), 0 plain edge loads, 1 streaming ones (run_persistent).
int stream_switch() {
  static const int forced = env_switch("GSSSP_NF_STREAM");
  return forced;
}

// Resident blocks per SM of the persistent kernel at this block size (common/residency.hpp caches them); 0 where it
// cannot be launched cooperatively (no cooperative launch, or the block does not fit an SM).
template <class D, bool kGridSync>
int persistent_blocks_per_sm(int device, int block) {
  return std::max(0, cooperative_blocks_per_sm(device, reinterpret_cast<const void*>(persistent_kernel<D, kGridSync>),
                                               block));
}

// Waits for the persistent kernel (and what follows it on the stream) without blocking on the stream, so that a
// close of the device graph reaches the kernel (PersistentHost::abort), as ADDS's host loop (adds.cu) does.
void wait_for_kernel(Workspace& ws, const QueryContext& query, PersistentHost* host) {
  using clock = std::chrono::steady_clock;
  bool abort_sent = false;
  auto abort_at = clock::now();
  for (long long polls = 0;; ++polls) {
    const cudaError_t state = cudaStreamQuery(ws.stream());
    if (state == cudaSuccess) return;
    if (state != cudaErrorNotReady) GSSSP_CUDA_CHECK(state);
    const auto now = clock::now();
    if (!abort_sent && query.cancelled->load(std::memory_order_acquire)) {
      *reinterpret_cast<volatile unsigned int*>(&host->abort) = 1u;
      abort_sent = true;
      abort_at = now;
    }
    if (abort_sent && now - abort_at > std::chrono::milliseconds(kAbortGraceMs)) {
      ws.abandon();
      fail(GSSSP_ERROR_INTERNAL,
           format("the persistent Near-Far kernel did not stop within %lld ms of the device graph's close; its "
                  "scratch memory is abandoned",
                  static_cast<long long>(kAbortGraceMs)));
    }
    // Short queries finish within microseconds of the kernel: spin first, then sleep (as ADDS's host loop).
    if (polls < 20000) {
      std::this_thread::yield();
    } else {
      std::this_thread::sleep_for(std::chrono::microseconds(50));
    }
  }
}

// The persistent loop (near_far_persistent.cuh): the same scratch as run_stepped, one cooperative launch.
// `per_sm_resident`: persistent_blocks_per_sm(), at least 1. Nothing when the runtime refuses the grid as too large
// for a cooperative launch (where fewer SMs are usable than the device reports, e.g. under MPS): the caller then
// runs the stepped loop, from the start.
template <class D, bool kGridSync>
std::optional<AlgorithmRun> run_persistent(const QueryContext& query, int per_sm_resident) {
  using value = typename D::value;
  // 4-byte distances (common/compact_distances.cuh): kept after the tags, widened into the answer behind the kernel.
  constexpr bool kCompact = std::is_same_v<D, Int32CompactDistance>;
  Workspace& ws = *query.workspace;
  const cudaStream_t stream = ws.stream();
  const CsrView& g = query.graph;
  const graph::DeviceGraph& dg = *query.device_graph;
  const long long n = g.num_vertices;
  const int block = query.launch.block;

  const double delta_requested = graph::requested_delta(query);
  const value delta = graph::effective_delta(value{}, delta_requested);

  // Scratch as run_stepped's (see there): kDistance0 the distances, kFlags0 the four piles, kDistance1 the two tag
  // arrays, kFlags1 the kernel's state (PersistentState) and the trace. With compact distances, kDistance1 holds the
  // search's 4-byte distances after the tags and kDistance0 the widened answer.
  auto* piles_memory = ws.buffer<int32_t>(Slot::kFlags0, 4 * n);
  auto* tags = ws.buffer<int32_t>(Slot::kDistance1, (kCompact ? 3 : 2) * n);
  typename D::stored* dist = nullptr;
  unsigned long long* answer = nullptr;
  if constexpr (kCompact) {
    dist = reinterpret_cast<typename D::stored*>(tags + 2 * n);
    answer = ws.buffer<unsigned long long>(Slot::kDistance0, n);
  } else {
    dist = ws.buffer<typename D::stored>(Slot::kDistance0, n);
  }
  gsssp_trace_sample* trace = query.options.trace;
  const int64_t trace_cap =
      trace != nullptr ? std::clamp<int64_t>(query.options.trace_capacity, 0, kMaxTraceSamples) : 0;
  const size_t state_size = align_up(sizeof(PersistentState));
  auto* state_bytes = static_cast<char*>(
      ws.buffer(Slot::kFlags1, state_size + static_cast<size_t>(trace_cap) * 2 * sizeof(long long)));
  auto* state = reinterpret_cast<PersistentState*>(state_bytes);
  // Pinned host memory is mapped on every UVA platform: the kernel reads the abort word there directly.
  auto* staging = static_cast<char*>(ws.staging(align_up(sizeof(PersistentHost)) + sizeof(PersistentReport)));
  auto* host = reinterpret_cast<PersistentHost*>(staging);
  auto* report = reinterpret_cast<PersistentReport*>(staging + align_up(sizeof(PersistentHost)));

  PersistentArgs<D> a{};
  set_shared_args(a, query, piles_memory, tags, dist, state, delta, state_bytes + state_size, trace_cap);
  a.host_abort = &host->abort;
  a.solo_items = persistent_solo_items() >= 0 ? persistent_solo_items() : kPersistentSoloItems;
  a.variant = persistent_variant();
  // Streaming edge loads (common/edge_loads.cuh) where the search's data exceeds L2: distances, two tags and the row
  // offsets a vertex (20 or 24 bytes), 8 bytes an edge, as ADDS decides. Measured against plain loads on one H100 (call
  // IB, benchmarks/results/adds/README.md; medians of 5, two rounds, ms): random 4M x 4 (w 1..10) 3.53 / 3.51 -> 3.26 /
  // 3.26, x 7 4.91 / 4.90 -> 4.51 / 4.52, x 8 (w 1..100) 6.35 / 6.34 -> 5.99 / 6.02, R-MAT 22 14.86 / 14.73 -> 13.83 /
  // 13.72, the rggs and meshes 1-3% faster, the grid, the road graphs and delaunay_n15 within 0.7%. GSSSP_NF_STREAM=0 /
  // 1 forces it off / on.
  a.stream_edges = stream_edges(stream_switch(), sizeof(typename D::stored) + 16.0, n, g.num_edges, dg.l2_cache_bytes);

  // The grid: kPersistentBlocksPerSm per SM (or the override), at most what stays resident, and at most this run's
  // share of the device when other persistent grids (ADDS, multi_bf, other Near-Far runs) want it too. The lease
  // counts the grid as the fraction of the device it is (`parts`), so a run alone leaves the rest to others.
  const int sms = std::max(1, dg.multiprocessor_count);
  const int wanted = persistent_blocks_per_sm_override() > 0 ? persistent_blocks_per_sm_override() : kPersistentBlocksPerSm;
  const int per_sm = std::min(per_sm_resident, wanted);
  const int resident = per_sm_resident * sms;
  const int parts = std::max(1, per_sm_resident / per_sm);
  throw_if_cancelled(*query.cancelled);
  const ResidencyLease residency(dg.device, resident, parts);
  const int grid = std::min(residency.blocks(), per_sm * sms);

  DeviceTimer timer(ws);
  persistent_init_kernel<D><<<query.launch.grid, block, 0, stream>>>(dist, a.near_tag, a.far_tag, a.near[0], state, n,
                                                                      query.source);
  GSSSP_CUDA_CHECK(cudaGetLastError());
  *reinterpret_cast<volatile unsigned int*>(&host->abort) = 0u;
  void* args[] = {&a};
  const cudaError_t launched = cudaLaunchCooperativeKernel(reinterpret_cast<const void*>(persistent_kernel<D, kGridSync>),
                                                           grid, block, args, 0, stream);
  if (launched == cudaErrorCooperativeLaunchTooLarge) {
    (void)cudaGetLastError();
    static std::once_flag noted;
    std::call_once(noted, [&] {
      std::fprintf(stderr,
                   "gsssp: GSSSP_NF_PERSISTENT: a cooperative grid of %d blocks of %d threads was refused on device "
                   "%d; Near-Far runs its stepped loop\n",
                   grid, block, dg.device);
    });
    return std::nullopt;
  }
  GSSSP_CUDA_CHECK(launched);
  if constexpr (kCompact) {
    widen_kernel<D><<<dg.grid_for(n, 256), 256, 0, stream>>>(n, dist, answer);
    GSSSP_CUDA_CHECK(cudaGetLastError());
  }
  timer.record_stop();
  GSSSP_CUDA_CHECK(cudaMemcpyAsync(report, &state->report, sizeof(PersistentReport), cudaMemcpyDeviceToHost, stream));
  wait_for_kernel(ws, query, host);
  // The stream has drained (cudaStreamQuery said so): the report is in host memory.
  const PersistentReport r = *report;
  const auto rounds = static_cast<int64_t>(r.rounds);
  switch (r.status) {
    case kDone:
      break;
    case kLimitReached:
      throw_not_converged("near-far", rounds, true);
    case kAborted:
      throw_if_cancelled(*query.cancelled);
      fail(GSSSP_ERROR_INTERNAL, "the persistent Near-Far kernel stopped on an abort the host did not send");
    default:
      fail(GSSSP_ERROR_INTERNAL, format("the persistent Near-Far kernel ended without a verdict (status %u after %lld "
                                        "rounds)",
                                        r.status, static_cast<long long>(rounds)));
  }

  AlgorithmRun run = finish_run(query, a, timer.elapsed_ms(), rounds);
  if constexpr (kCompact) run.distances = answer;
  return run;
}

// The stepped loop: one launch per step, the measured design (near_far_kernels.cuh's header).
template <class D>
AlgorithmRun run_stepped(const QueryContext& query) {
  using value = typename D::value;
  using stored = typename D::stored;
  Workspace& ws = *query.workspace;
  const cudaStream_t stream = ws.stream();
  const CsrView& g = query.graph;
  const long long n = g.num_vertices;
  const int block = query.launch.block;

  const double delta_requested = graph::requested_delta(query);
  const value delta = graph::effective_delta(value{}, delta_requested);

  // Scratch: distances; four piles of n items (near in/out, far current/next); two tag arrays; the loop
  // state and the trace. Every pile holds each vertex at most once (tags), so n items always suffice.
  // The workspace's slots here (common/workspace.hpp names them by shape only): kDistance0 the distances (the answer),
  // kFlags0 the near and far piles (4n), kDistance1 the vertices' pile tags (2n), kFlags1 the loop state and the trace.
  auto* dist = ws.buffer<stored>(Slot::kDistance0, n);
  auto* piles_memory = ws.buffer<int32_t>(Slot::kFlags0, 4 * n);
  auto* tags = ws.buffer<int32_t>(Slot::kDistance1, 2 * n);
  gsssp_trace_sample* trace = query.options.trace;
  const int64_t trace_cap =
      trace != nullptr ? std::clamp<int64_t>(query.options.trace_capacity, 0, kMaxTraceSamples) : 0;
  auto* state_bytes = static_cast<char*>(
      ws.buffer(Slot::kFlags1, sizeof(LoopState) + static_cast<size_t>(trace_cap) * 2 * sizeof(long long)));
  auto* state = reinterpret_cast<LoopState*>(state_bytes);
  auto* host_state = static_cast<LoopState*>(ws.staging(sizeof(LoopState)));

  StepArgs<D> a{};
  set_shared_args(a, query, piles_memory, tags, dist, state, delta, state_bytes + sizeof(LoopState), trace_cap);
  a.solo_items = block;  // one pass of one block (a bigger one-block step measured slower)

  // One fixed grid for every launch, as many blocks as stay resident: the host does not know a step's pile
  // size, the step itself decides how many of these blocks take part (active_blocks).
  int blocks_per_sm = 0;
  GSSSP_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks_per_sm, step_kernel<D>, block, 0));
  const int per_sm = std::clamp(blocks_per_sm, 1, kBlocksPerSm);
  const int grid = per_sm * std::max(1, query.device_graph->multiprocessor_count);

  DeviceTimer timer(ws);
  init_kernel<D><<<query.launch.grid, block, 0, stream>>>(dist, a.near_tag, a.far_tag, a.near[0], state, n,
                                                            query.source, delta);
  GSSSP_CUDA_CHECK(cudaGetLastError());

  // The host only launches steps and, once per batch, reads the state to see whether the loop stopped.
  int64_t batch = 1;
  unsigned long long launches = 0;
  for (;;) {
    throw_if_cancelled(*query.cancelled);
    for (int64_t k = 0; k < batch; ++k) {
      a.launch = ++launches;
      step_kernel<D><<<grid, block, 0, stream>>>(a);
    }
    GSSSP_CUDA_CHECK(cudaGetLastError());
    GSSSP_CUDA_CHECK(cudaMemcpyAsync(host_state, state, sizeof(LoopState), cudaMemcpyDeviceToHost, stream));
    ws.synchronize();
    if (host_state->status == kDone) break;
    if (host_state->status == kLimitReached) {
      throw_not_converged("near-far", static_cast<int64_t>(host_state->rounds), true);
    }
    batch = std::min(batch * 2, kMaxBatch);
  }
  const auto rounds = static_cast<int64_t>(host_state->rounds);

  return finish_run(query, a, timer.stop_ms(), rounds);
}

// The persistent loop where GSSSP_NF_PERSISTENT asks for it and the device can run it, else the stepped loop.
template <class D>
AlgorithmRun run_typed(const QueryContext& query) {
  // Compact distances are the persistent loop's only: the stepped loop keeps the 8-byte form.
  using Stepped = std::conditional_t<std::is_same_v<D, Int32CompactDistance>, Int32Distance, D>;
  const int mode = persistent_mode();
  if (mode != 0) {
    const int device = query.device_graph->device;
    const int block = query.launch.block;
    const int per_sm = mode == 2 ? persistent_blocks_per_sm<D, true>(device, block)
                                 : persistent_blocks_per_sm<D, false>(device, block);
    // At least two blocks on the device: a ResidencyLease grants no fewer (common/residency.hpp).
    if (per_sm >= 1 && per_sm * std::max(1, query.device_graph->multiprocessor_count) >= 2) {
      std::optional<AlgorithmRun> run =
          mode == 2 ? run_persistent<D, true>(query, per_sm) : run_persistent<D, false>(query, per_sm);
      if (run) return *run;
      return run_stepped<Stepped>(query);
    }
    static std::once_flag noted;
    std::call_once(noted, [&] {
      std::fprintf(stderr,
                   "gsssp: GSSSP_NF_PERSISTENT=%d: device %d cannot launch the persistent Near-Far kernel "
                   "cooperatively with %d-thread blocks; Near-Far runs its stepped loop\n",
                   mode, device, block);
    });
  }
  return run_stepped<Stepped>(query);
}

// GSSSP_NF_COMPACT=0 keeps the persistent loop's distances in 8 bytes (for A/B runs): -1 unset, else 0 or 1.
int compact_switch() {
  static const int enabled = env_switch("GSSSP_NF_COMPACT");
  return enabled;
}

}  // namespace

AlgorithmRun run(const QueryContext& query) {
  if (query.graph.weight_type == GSSSP_WEIGHT_FLOAT32) return run_typed<Float32Distance>(query);
  // 4-byte distances where they fit (common/compact_distances.cuh): LonestarGPU's Near-Far, the peer this one is measured
  // against, keeps int32 distances; at 8 bytes a vertex, 4M vertices' distances take 33.5 MB of an H100's 50 MB of L2.
  if (compact_distances(query, compact_switch())) return run_typed<Int32CompactDistance>(query);
  return run_typed<Int32Distance>(query);
}

}  // namespace gsssp::near_far
