// Host driver of the one-block solver (block_bf.hpp): one launch, the query's tail enqueued behind it, one
// wait.
#include "algorithms/block_bf/block_bf.hpp"

#include <algorithm>
#include <map>
#include <vector>
#include <mutex>
#include <thread>
#include <utility>

#include "algorithms/block_bf/block_bf_kernels.cuh"
#include "common/cuda_check.hpp"
#include "common/finalize.hpp"
#include "common/rounds.hpp"
#include "common/timer.hpp"
#include "graph/device_graph.hpp"

namespace gsssp::block_bf {
namespace {

template <class D>
size_t shared_bytes(int64_t n) {
  return static_cast<size_t>(n) * (sizeof(typename D::stored) + sizeof(int));
}

// The device's opt-in shared memory per block, asked once per device.
int max_shared_per_block(int device) {
  static std::mutex mutex;
  static std::map<int, int>* cache = new std::map<int, int>();  // never freed
  std::lock_guard<std::mutex> lock(mutex);
  auto it = cache->find(device);
  if (it != cache->end()) return it->second;
  int bytes = 0;
  GSSSP_CUDA_CHECK(cudaDeviceGetAttribute(&bytes, cudaDevAttrMaxSharedMemoryPerBlockOptin, device));
  // The kernel's own static shared memory (CUB's reduction storage) comes out of the same budget.
  bytes -= 1024;
  cache->emplace(device, bytes);
  return bytes;
}

// Raises both kernels' dynamic shared memory limit to the device's maximum, once per device and type.
template <class D>
void allow_shared(int device) {
  static std::mutex mutex;
  static std::map<int, bool>* done = new std::map<int, bool>();  // never freed
  std::lock_guard<std::mutex> lock(mutex);
  if ((*done)[device]) return;
  for (const void* kernel : {reinterpret_cast<const void*>(block_bf_kernel<D>),
                             reinterpret_cast<const void*>(block_bf_shared_kernel<D>)}) {
    GSSSP_CUDA_CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, max_shared_per_block(device)));
  }
  (*done)[device] = true;
}

// The kernel a graph runs: the whole graph in one block's shared memory when it fits (shared_graph), else the
// distances only.
struct Plan {
  bool shared_graph = false;
  size_t bytes = 0;
};

// The plan for n vertices, refused with UNSUPPORTED (naming the sizes and `instead`) when not even the distances
// fit; the kernels are allowed the device's maximum.
template <class D>
Plan plan_checked(int device, long long n, long long m, const char* what, const char* where, const char* instead) {
  Plan plan;
  const SharedLayout layout = SharedLayout::of<D>(n, m);
  if (layout.bytes <= static_cast<size_t>(max_shared_per_block(device)) && m < (int64_t{1} << 31)) {
    plan.shared_graph = true;
    plan.bytes = layout.bytes;
  } else {
    plan.bytes = shared_bytes<D>(n);
    if (plan.bytes > static_cast<size_t>(max_shared_per_block(device))) {
      fail(GSSSP_ERROR_UNSUPPORTED,
           format("%s %lld bytes per vertex in %s shared memory: %lld vertices need %zu bytes, and this GPU gives a "
                  "block %d. %s",
                  what, static_cast<long long>(sizeof(typename D::stored) + sizeof(int)), where, n, plan.bytes,
                  max_shared_per_block(device), instead));
    }
  }
  allow_shared<D>(device);
  return plan;
}

template <class D>
void launch(const Plan& plan, unsigned blocks, cudaStream_t stream, const CsrView& g, long long source, long long limit,
            const BlockOutput<D>& output, DeviceCounters* counters, RoundRecord* records) {
  const auto* weights = static_cast<const typename D::weight*>(g.weights);
  if (plan.shared_graph) {
    block_bf_shared_kernel<D><<<blocks, kBlockThreads, plan.bytes, stream>>>(g.num_vertices, g.num_edges, g.offsets, g.targets,
                                                                             weights, source, limit, output, counters, records);
  } else {
    block_bf_kernel<D><<<blocks, kBlockThreads, plan.bytes, stream>>>(g.num_vertices, g.offsets, g.targets, weights, source,
                                                                      limit, output, counters, records);
  }
  GSSSP_CUDA_CHECK(cudaGetLastError());
}

template <class D>
AlgorithmRun run_typed(const QueryContext& query) {
  Workspace& ws = *query.workspace;
  const cudaStream_t stream = ws.stream();
  const CsrView& g = query.graph;
  const long long n = g.num_vertices;
  const int device = query.device_graph->device;
  const Plan plan = plan_checked<D>(device, n, g.num_edges, "BLOCK_BELLMAN_FORD keeps", "one block's",
                                    "Use ADDS for larger graphs");
  auto* dist = ws.buffer<typename D::stored>(Slot::kDistance0, std::max<long long>(n, 1));
  auto* record_host = static_cast<RoundRecord*>(ws.staging(sizeof(RoundRecord)));
  auto* record = static_cast<RoundRecord*>(ws.buffer(Slot::kFlags0, sizeof(RoundRecord)));
  // Non-negative weights: a shortest path has at most n - 1 edges, and round k settles every vertex whose
  // shortest path has at most k edges, so n + 1 rounds always end with one that lowers nothing.
  const long long limit = query.max_iterations > 0 ? query.max_iterations : n + 1;
  const bool tail_early = query.tail != nullptr && query.tail->pipelined();
  if (tail_early) query.tail->prepare();

  DeviceTimer timer(ws);
  BlockOutput<D> output;
  output.stored_out = dist;
  launch<D>(plan, 1, stream, g, query.source, limit, output, ws.counters(), record);
  timer.record_stop();
  GSSSP_CUDA_CHECK(cudaMemcpyAsync(record_host, record, sizeof(RoundRecord), cudaMemcpyDeviceToHost, stream));
  if (tail_early) query.tail->enqueue(dist);
  // Spin on the stream rather than block in the driver: these kernels take tens of microseconds, about what
  // a blocking wait's wake-up costs. Cancellation is not forwarded: the kernel is bounded by n + 1 rounds.
  for (;;) {
    const cudaError_t state = cudaStreamQuery(stream);
    if (state == cudaSuccess) break;
    if (state != cudaErrorNotReady) GSSSP_CUDA_CHECK(state);
    std::this_thread::yield();
  }
  const RoundRecord r = *record_host;
  AlgorithmRun run;
  run.time_ms = timer.elapsed_ms();
  if (!r.converged) throw_not_converged("block-bellman-ford", r.rounds, query.max_iterations > 0);
  run.distances = dist;
  run.rounds = r.rounds;
  run.tail_enqueued = tail_early;
  return run;
}

// Sources per launch of a batch: enough blocks to fill every SM several times over, within 256 MB of rows.
int64_t batch_launch(int64_t row) {
  return std::clamp<int64_t>((int64_t{256} << 20) / (std::max<int64_t>(row, 1) * 8), 1, 8192);
}

template <class D>
BatchRun batch_typed(const QueryContext& query, const int64_t* sources, int64_t count, const int32_t* targets,
                     int64_t target_count, void* out, int64_t* reached) {
  Workspace& ws = *query.workspace;
  const cudaStream_t stream = ws.stream();
  const CsrView& g = query.graph;
  const long long n = g.num_vertices;
  const int device = query.device_graph->device;
  const Plan plan = plan_checked<D>(device, n, g.num_edges, "BLOCK_BELLMAN_FORD batches keep", "each block's",
                                    "Use BLOCK_NEAR_FAR or concurrent queries");
  using output = typename D::output;
  const int64_t row = targets != nullptr ? target_count : n;
  const int64_t per_launch = std::min<int64_t>(count, batch_launch(row));
  // Device scratch: the sources, the records and the reached counts of a launch, the targets, the rows.
  const size_t records_at = 0;
  const size_t reached_at = (static_cast<size_t>(per_launch) * sizeof(RoundRecord) + 255) & ~size_t{255};
  const size_t sources_at = reached_at + ((static_cast<size_t>(per_launch) * 8 + 255) & ~size_t{255});
  auto* misc = static_cast<char*>(ws.buffer(Slot::kCertificate, sources_at + static_cast<size_t>(per_launch) * 8));
  auto* records = reinterpret_cast<RoundRecord*>(misc + records_at);
  auto* reached_device = reinterpret_cast<unsigned long long*>(misc + reached_at);
  auto* sources_device = reinterpret_cast<int64_t*>(misc + sources_at);
  int32_t* target_ids = nullptr;
  if (targets != nullptr && target_count > 0) {
    target_ids = ws.buffer<int32_t>(Slot::kDistance1, target_count);
    GSSSP_CUDA_CHECK(cudaMemcpyAsync(target_ids, targets, static_cast<size_t>(target_count) * sizeof(int32_t),
                                     cudaMemcpyHostToDevice, stream));
  }
  auto* rows = ws.buffer<output>(Slot::kOutput, std::max<int64_t>(row * per_launch, 1));
  std::vector<RoundRecord> records_host(static_cast<size_t>(per_launch));
  std::vector<unsigned long long> reached_host(static_cast<size_t>(per_launch));
  const long long limit = query.max_iterations > 0 ? query.max_iterations : n + 1;
  BatchRun run;
  run.sources_per_launch = per_launch;
  for (int64_t first = 0; first < count; first += per_launch) {
    throw_if_cancelled(*query.cancelled);
    const int64_t k = std::min<int64_t>(per_launch, count - first);
    GSSSP_CUDA_CHECK(cudaMemcpyAsync(sources_device, sources + first, static_cast<size_t>(k) * sizeof(int64_t),
                                     cudaMemcpyHostToDevice, stream));
    BlockOutput<D> o;
    o.sources = sources_device;
    o.rows = rows;
    o.target_ids = target_ids;
    o.target_count = targets != nullptr ? target_count : -1;
    o.reached = reached_device;
    DeviceTimer timer(ws);
    launch<D>(plan, static_cast<unsigned>(k), stream, g, 0, limit, o, ws.counters(), records);
    timer.record_stop();
    if (row > 0) {
      GSSSP_CUDA_CHECK(cudaMemcpyAsync(static_cast<output*>(out) + first * row, rows,
                                       static_cast<size_t>(k * row) * sizeof(output), cudaMemcpyDeviceToHost, stream));
    }
    GSSSP_CUDA_CHECK(cudaMemcpyAsync(records_host.data(), records, static_cast<size_t>(k) * sizeof(RoundRecord),
                                     cudaMemcpyDeviceToHost, stream));
    GSSSP_CUDA_CHECK(cudaMemcpyAsync(reached_host.data(), reached_device, static_cast<size_t>(k) * sizeof(unsigned long long),
                                     cudaMemcpyDeviceToHost, stream));
    GSSSP_CUDA_CHECK(cudaStreamSynchronize(stream));
    run.time_ms += timer.elapsed_ms();
    ++run.launches;
    long long rounds = 0;
    for (int64_t i = 0; i < k; ++i) {
      const RoundRecord& r = records_host[static_cast<size_t>(i)];
      if (!r.converged) throw_not_converged("block-bellman-ford", r.rounds, query.max_iterations > 0);
      rounds = std::max(rounds, r.rounds);
      if (reached != nullptr && targets == nullptr) reached[first + i] = static_cast<int64_t>(reached_host[static_cast<size_t>(i)]);
      run.reached += static_cast<int64_t>(reached_host[static_cast<size_t>(i)]);
    }
    run.rounds += rounds;
  }
  return run;
}

}  // namespace

BatchRun run_batch(const QueryContext& query, const int64_t* sources, int64_t count, const int32_t* targets,
                   int64_t target_count, void* out, int64_t* reached) {
  if (count <= 0) return BatchRun{};
  if (query.graph.weight_type == GSSSP_WEIGHT_FLOAT32) {
    return batch_typed<Float32Distance>(query, sources, count, targets, target_count, out, reached);
  }
  return batch_typed<Int32Distance>(query, sources, count, targets, target_count, out, reached);
}

bool fits(int device, int64_t num_vertices, int32_t weight_type) {
  const size_t bytes = weight_type == GSSSP_WEIGHT_FLOAT32 ? shared_bytes<Float32Distance>(num_vertices)
                                                           : shared_bytes<Int32Distance>(num_vertices);
  return bytes <= static_cast<size_t>(max_shared_per_block(device));
}

int fit(int device, int64_t num_vertices, int64_t num_edges, int32_t weight_type) {
  const size_t limit = static_cast<size_t>(max_shared_per_block(device));
  const size_t whole = weight_type == GSSSP_WEIGHT_FLOAT32 ? SharedLayout::of<Float32Distance>(num_vertices, num_edges).bytes
                                                           : SharedLayout::of<Int32Distance>(num_vertices, num_edges).bytes;
  if (whole <= limit && num_edges < (int64_t{1} << 31)) return 2;
  return fits(device, num_vertices, weight_type) ? 1 : 0;
}

AlgorithmRun run(const QueryContext& query) {
  if (query.graph.weight_type == GSSSP_WEIGHT_FLOAT32) return run_typed<Float32Distance>(query);
  return run_typed<Int32Distance>(query);
}

}  // namespace gsssp::block_bf
