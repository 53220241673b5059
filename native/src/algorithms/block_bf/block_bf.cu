// Host driver of the one-block solver (block_bf.hpp): one launch, the query's tail enqueued behind it, one
// wait.
#include "algorithms/block_bf/block_bf.hpp"

#include <map>
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

// Raises the kernel's dynamic shared memory limit to the device's maximum, once per device and type.
template <class D>
void allow_shared(int device) {
  static std::mutex mutex;
  static std::map<int, bool>* done = new std::map<int, bool>();  // never freed
  std::lock_guard<std::mutex> lock(mutex);
  if ((*done)[device]) return;
  GSSSP_CUDA_CHECK(cudaFuncSetAttribute(reinterpret_cast<const void*>(block_bf_kernel<D>),
                                        cudaFuncAttributeMaxDynamicSharedMemorySize, max_shared_per_block(device)));
  (*done)[device] = true;
}

template <class D>
AlgorithmRun run_typed(const QueryContext& query) {
  Workspace& ws = *query.workspace;
  const cudaStream_t stream = ws.stream();
  const CsrView& g = query.graph;
  const long long n = g.num_vertices;
  const int device = query.device_graph->device;
  const size_t bytes = shared_bytes<D>(n);
  if (bytes > static_cast<size_t>(max_shared_per_block(device))) {
    fail(GSSSP_ERROR_UNSUPPORTED,
         format("BLOCK_BELLMAN_FORD keeps %lld bytes per vertex in one block's shared memory: %lld vertices need "
                "%zu bytes, and this GPU gives a block %d. Use ADDS for larger graphs",
                static_cast<long long>(sizeof(typename D::stored) + sizeof(int)), n, bytes,
                max_shared_per_block(device)));
  }
  allow_shared<D>(device);
  auto* dist = ws.buffer<typename D::stored>(Slot::kDistance0, std::max<long long>(n, 1));
  auto* record_host = static_cast<RoundRecord*>(ws.staging(sizeof(RoundRecord)));
  auto* record = static_cast<RoundRecord*>(ws.buffer(Slot::kFlags0, sizeof(RoundRecord)));
  // Non-negative weights: a shortest path has at most n - 1 edges, and round k settles every vertex whose
  // shortest path has at most k edges, so n + 1 rounds always end with one that lowers nothing.
  const long long limit = query.max_iterations > 0 ? query.max_iterations : n + 1;
  const bool tail_early = query.tail != nullptr && query.tail->pipelined();
  if (tail_early) query.tail->prepare();

  DeviceTimer timer(ws);
  block_bf_kernel<D><<<1, kBlockThreads, bytes, stream>>>(n, g.offsets, g.targets,
                                                          static_cast<const typename D::weight*>(g.weights),
                                                          query.source, limit, dist, ws.counters(), record);
  GSSSP_CUDA_CHECK(cudaGetLastError());
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

}  // namespace

bool fits(int device, int64_t num_vertices, int32_t weight_type) {
  const size_t bytes = weight_type == GSSSP_WEIGHT_FLOAT32 ? shared_bytes<Float32Distance>(num_vertices)
                                                           : shared_bytes<Int32Distance>(num_vertices);
  return bytes <= static_cast<size_t>(max_shared_per_block(device));
}

AlgorithmRun run(const QueryContext& query) {
  if (query.graph.weight_type == GSSSP_WEIGHT_FLOAT32) return run_typed<Float32Distance>(query);
  return run_typed<Int32Distance>(query);
}

}  // namespace gsssp::block_bf
