// Host driver of ADDS's one-block schedule (adds_block.hpp): one launch, and either the kernel's own delivery of the
// outputs (common/block_delivery.cuh) or the query's tail enqueued behind it; one wait.
#include "algorithms/adds/adds_block.hpp"

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <type_traits>

#include "algorithms/adds/adds_block.cuh"
#include "algorithms/adds/adds_policy.hpp"
#include "common/block_batch.hpp"  // finish_single_block
#include "common/cuda_check.hpp"
#include "common/cutoff.hpp"
#include "common/env_switch.hpp"
#include "common/memo.hpp"
#include "common/timer.hpp"
#include "graph/device_graph.hpp"

namespace gsssp::adds {
namespace {

std::atomic<int64_t> block_runs{0};        // gsssp_debug_adds_block_runs
std::atomic<int64_t> delivered_runs{0};    // gsssp_debug_adds_block_deliveries

// Dynamic shared memory the kernel may take on a device: the opt-in maximum less its static shared memory, with the
// limit raised to that once per device and type.
template <class D>
size_t shared_limit(int device) {
  static auto* memo = new Memo<int, size_t>();  // never freed
  return memo->get(device, [device] {
    int optin = 0;
    GSSSP_CUDA_CHECK(cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, device));
    const void* kernel = reinterpret_cast<const void*>(adds_block_kernel<D>);
    cudaFuncAttributes attributes{};
    GSSSP_CUDA_CHECK(cudaFuncGetAttributes(&attributes, kernel));
    const size_t limit = static_cast<size_t>(optin) - attributes.sharedSizeBytes;
    GSSSP_CUDA_CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(limit)));
    return limit;
  });
}

template <class D>
AlgorithmRun run_typed(const QueryContext& query) {
  using stored = typename D::stored;
  using value = typename D::value;
  Workspace& ws = *query.workspace;
  const cudaStream_t stream = ws.stream();
  const CsrView& g = query.graph;
  const long long n = g.num_vertices;
  // block_schedule, the only way here, has raised the kernel's shared memory limit (shared_limit).
  const size_t bytes = shared_bytes<D>(n);

  BlockArgs<D> a;
  a.n = n;
  a.offsets = g.offsets;
  a.targets = g.targets;
  a.weights = static_cast<const typename D::weight*>(g.weights);
  a.source = query.source;
  a.delta0 = static_cast<value>(initial_delta(query, std::is_integral<typename D::weight>::value));
  // A bound that only a bug reaches: every round either lowers a distance or moves the window past a settled one.
  a.max_rounds = std::min<long long>((n + 2) * (n + 2) * 4, (1ll << 40));
  a.out = ws.buffer<stored>(Slot::kDistance0, std::max<long long>(n, 1));
  a.cutoff = stored_cutoff<D>(query.options);
  a.counters = ws.counters();
  a.record = static_cast<BlockRecord*>(ws.buffer(Slot::kFlags0, sizeof(BlockRecord)));
  auto* record_host = static_cast<BlockRecord*>(ws.staging(sizeof(BlockRecord)));
  block_runs.fetch_add(1, std::memory_order_relaxed);
  AlgorithmRun run;
  if (block_delivery(query, &record_host->done, a.delivery)) {
    // The kernel writes the host outputs, the counters and its record itself (common/block_delivery.cuh).
    delivered_runs.fetch_add(1, std::memory_order_relaxed);
    a.record = record_host;
    adds_block_kernel<D><<<1, kBlockScheduleThreads, bytes, stream>>>(a);
    GSSSP_CUDA_CHECK(cudaGetLastError());
    run = finish_single_block_delivered(query, "ADDS (one block)", record_host, a.delivery, a.out);
  } else {
    const bool tail_early = query.tail != nullptr && query.tail->pipelined();
    if (tail_early) query.tail->prepare();
    DeviceTimer timer(ws);
    adds_block_kernel<D><<<1, kBlockScheduleThreads, bytes, stream>>>(a);
    GSSSP_CUDA_CHECK(cudaGetLastError());
    timer.record_stop();
    run = finish_single_block(query, timer, "ADDS (one block)", a.record, record_host, a.out, tail_early);
  }
  run.rounds = record_host->windows;
  run.delta = record_host->delta;
  // GSSSP_ADDS_PROFILE set to anything, as for the device-wide kernel: one line per query on stderr.
  static const bool profile = env_text(Env::kAddsProfile) != nullptr;
  if (profile) {
    const BlockRecord& r = *record_host;
    std::fprintf(stderr, "adds one-block: %.3f ms, %lld rounds (%.2f us each), %lld windows, %d with hubs, Delta %g\n",
                 run.time_ms, r.rounds, 1e3 * run.time_ms / static_cast<double>(std::max(1ll, r.rounds)), r.windows,
                 r.hub_rounds, r.delta);
  }
  return run;
}

}  // namespace

bool block_schedule(const QueryContext& query) {
  if (query.device_graph == nullptr) return false;
  const gsssp_options& o = query.options;
  if (o.trace != nullptr || o.adds.pool_words != 0 || o.adds.static_delta != 0 || o.block_size != 0 ||
      query.max_iterations > 0) {
    return false;
  }
  const long long n = query.graph.num_vertices;
  if (query.graph.num_edges >= (int64_t{1} << 31)) return false;  // the hub lists count edges in 32 bits
  if (n > kBlockScheduleMaxVertices || query.graph.num_edges > kBlockScheduleMaxEdges) return false;
  const int device = query.device_graph->device;
  return query.graph.weight_type == GSSSP_WEIGHT_FLOAT32
             ? shared_bytes<Float32Distance>(n) <= shared_limit<Float32Distance>(device)
             : shared_bytes<Int32Distance>(n) <= shared_limit<Int32Distance>(device);
}

AlgorithmRun run_block(const QueryContext& query) {
  if (query.graph.weight_type == GSSSP_WEIGHT_FLOAT32) return run_typed<Float32Distance>(query);
  return run_typed<Int32Distance>(query);
}

}  // namespace gsssp::adds

// Not in gsssp.h (not part of the ABI): how many ADDS queries ran the one-block schedule in this process, so that the
// native tests can tell which schedule they checked.
extern "C" __attribute__((visibility("default"))) int64_t gsssp_debug_adds_block_runs(void) {
  return gsssp::adds::block_runs.load(std::memory_order_relaxed);
}
// Not in gsssp.h either: how many of those delivered their outputs themselves (common/block_delivery.cuh).
extern "C" __attribute__((visibility("default"))) int64_t gsssp_debug_adds_block_deliveries(void) {
  return gsssp::adds::delivered_runs.load(std::memory_order_relaxed);
}
