// Host driver of Near-Far (near_far_kernels.cuh): one cooperative launch of the persistent kernel for the whole
// search, the host only waiting for it and forwarding a close of the graph.
#include "algorithms/near_far/near_far.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <thread>
#include <type_traits>

#include "algorithms/near_far/near_far_kernels.cuh"
#include "algorithms/near_far/near_far_policy.hpp"
#include "common/compact_distances.cuh"
#include "common/cuda_check.hpp"
#include "common/cutoff.hpp"
#include "common/finalize.hpp"
#include "common/residency.hpp"
#include "common/rounds.hpp"  // throw_if_cancelled, throw_not_converged
#include "common/timer.hpp"
#include "common/trace.hpp"
#include "graph/delta_estimate.hpp"
#include "graph/device_graph.hpp"

namespace gsssp::near_far {
namespace {

// Device trace buffer cap (16 bytes a round), whatever trace_capacity the caller gives.
constexpr int64_t kMaxTraceSamples = int64_t{1} << 20;

size_t align_up(size_t x) { return (x + 255) & ~size_t{255}; }

// Resident blocks per SM of the persistent kernel at this block size (common/residency.hpp caches them); 0 where it
// cannot be launched cooperatively (no cooperative launch, or the block does not fit an SM).
template <class D>
int persistent_blocks_per_sm(int device, int block) {
  return std::max(0, cooperative_blocks_per_sm(device, reinterpret_cast<const void*>(persistent_kernel<D>), block));
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

// The whole search (near_far_kernels.cuh). `per_sm_resident`: persistent_blocks_per_sm(), at least 1.
template <class D>
AlgorithmRun run_persistent(const QueryContext& query, int per_sm_resident) {
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

  // Scratch (common/workspace.hpp names the slots by shape only): kDistance0 the distances (the answer), kFlags0 the four
  // piles of n items (near in/out, far current/next; every pile holds each vertex at most once, so n items always
  // suffice), kDistance1 the two tag arrays, kFlags1 the kernel's state (PersistentState) and the trace. With compact
  // distances, kDistance1 holds the search's 4-byte distances after the tags and kDistance0 the widened answer.
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
  a.near[0] = piles_memory;
  a.near[1] = piles_memory + n;
  a.far[0] = piles_memory + 2 * n;
  a.far[1] = piles_memory + 3 * n;
  a.near_tag = tags;
  a.far_tag = tags + n;
  a.offsets = g.offsets;
  a.targets = g.targets;
  a.weights = static_cast<const typename D::weight*>(g.weights);
  a.dist = dist;
  a.state = state;
  a.counters = ws.counters();
  a.delta = delta;
  a.limit = query.max_iterations > 0 ? query.max_iterations : 0;
  a.cutoff = stored_cutoff<D>(query.options);
  if (trace_cap > 0) {
    a.trace_sizes = reinterpret_cast<long long*>(state_bytes + state_size);
    a.trace_times = reinterpret_cast<unsigned long long*>(a.trace_sizes + trace_cap);
    a.trace_capacity = trace_cap;
  }
  a.host_abort = &host->abort;
  // Streaming edge loads (common/edge_loads.cuh) where the search's data exceeds L2: distances, two tags and the row
  // offsets a vertex (20 or 24 bytes), 8 bytes an edge, as ADDS decides. It made random graphs and R-MAT 22 6-8% faster,
  // the rggs and meshes 1-3%, and left the rest within 0.7% (docs/performance.md).
  a.stream_edges = stream_edges(sizeof(typename D::stored) + 16.0, n, g.num_edges, dg.l2_cache_bytes);

  // The grid: kPersistentBlocksPerSm per SM, at most what stays resident, and at most this run's
  // share of the device when other persistent grids (ADDS, multi_bf, other Near-Far runs) want it too. The lease
  // counts the grid as the fraction of the device it is (`parts`), so a run alone leaves the rest to others.
  const int sms = std::max(1, dg.multiprocessor_count);
  const int per_sm = std::min(per_sm_resident, kPersistentBlocksPerSm);
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
  const cudaError_t launched = cudaLaunchCooperativeKernel(reinterpret_cast<const void*>(persistent_kernel<D>), grid,
                                                           block, args, 0, stream);
  if (launched == cudaErrorCooperativeLaunchTooLarge) {
    (void)cudaGetLastError();
    fail(GSSSP_ERROR_UNSUPPORTED,
         format("NEAR_FAR needs a cooperative launch, and device %d refused a grid of %d blocks of %d threads",
                dg.device, grid, block));
  }
  GSSSP_CUDA_CHECK(launched);
  if constexpr (kCompact) {
    widen_kernel<D><<<dg.grid_for(n, 256), 256, 0, stream>>>(n, dist, answer);
    GSSSP_CUDA_CHECK(cudaGetLastError());
  }
  timer.record_stop();
  GSSSP_CUDA_CHECK(cudaMemcpyAsync(report, &state->report, sizeof(PersistentReport), cudaMemcpyDeviceToHost, stream));
  // The tail's host work that needs no distance (a cutoff's array set unreached) overlaps the search.
  if (query.tail != nullptr) query.tail->while_running();
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

  AlgorithmRun run;
  run.time_ms = timer.elapsed_ms();
  run.distances = kCompact ? static_cast<void*>(answer) : static_cast<void*>(dist);
  run.rounds = rounds;
  run.delta = static_cast<double>(a.delta);
  if (a.trace_capacity > 0) {
    run.trace_length = copy_trace(ws, a.trace_times, a.trace_sizes, std::min<int64_t>(rounds, a.trace_capacity), trace);
  }
  return run;
}

template <class D>
AlgorithmRun run_typed(const QueryContext& query) {
  const int device = query.device_graph->device;
  const int block = query.launch.block;
  const int per_sm = persistent_blocks_per_sm<D>(device, block);
  // At least two blocks on the device: a ResidencyLease grants no fewer (common/residency.hpp).
  if (per_sm < 1 || per_sm * std::max(1, query.device_graph->multiprocessor_count) < 2) {
    fail(GSSSP_ERROR_UNSUPPORTED,
         format("NEAR_FAR needs a cooperative launch of at least two %d-thread blocks, which device %d cannot run",
                block, device));
  }
  return run_persistent<D>(query, per_sm);
}

}  // namespace

AlgorithmRun run(const QueryContext& query) {
  if (query.graph.weight_type == GSSSP_WEIGHT_FLOAT32) return run_typed<Float32Distance>(query);
  // 4-byte distances where they fit (common/compact_distances.cuh): LonestarGPU's Near-Far, the peer this one is measured
  // against, keeps int32 distances; at 8 bytes a vertex, 4M vertices' distances take 33.5 MB of an H100's 50 MB of L2.
  if (compact_distances(query)) return run_typed<Int32CompactDistance>(query);
  return run_typed<Int32Distance>(query);
}

}  // namespace gsssp::near_far
