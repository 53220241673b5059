// Host driver of the one-block solver (block_bf.hpp): one launch, the query's tail enqueued behind it, one
// wait.
#include "algorithms/block_bf/block_bf.hpp"

#include <algorithm>
#include <vector>
#include <thread>
#include <type_traits>
#include <utility>

#include "algorithms/block_bf/block_bf_kernels.cuh"
#include "common/block_batch.hpp"
#include "common/cuda_check.hpp"
#include "common/finalize.hpp"
#include "common/memo.hpp"
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
  static auto* memo = new Memo<int, int>();  // never freed
  return memo->get(device, [device] {
    int bytes = 0;
    GSSSP_CUDA_CHECK(cudaDeviceGetAttribute(&bytes, cudaDevAttrMaxSharedMemoryPerBlockOptin, device));
    // The kernel's own static shared memory (CUB's reduction storage) comes out of the same budget.
    return bytes - 1024;
  });
}

// Raises both kernels' dynamic shared memory limit to the device's maximum, once per device and type.
template <class D>
void allow_shared(int device) {
  static auto* done = new Memo<int, bool>();  // never freed
  done->get(device, [device] {
    for (const void* kernel : {reinterpret_cast<const void*>(block_bf_kernel<D>),
                               reinterpret_cast<const void*>(block_bf_shared_kernel<D>)}) {
      GSSSP_CUDA_CHECK(
          cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, max_shared_per_block(device)));
    }
    return true;
  });
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
Plan plan_checked(int device, long long n, long long m, bool batch, const char* what, const char* where,
                  const char* instead) {
  Plan plan;
  const SharedLayout layout = SharedLayout::of<D>(n, m);
  const bool whole_graph = batch ? kWholeGraphForBatches : kWholeGraphForSingleQueries;
  if (whole_graph && layout.bytes <= static_cast<size_t>(max_shared_per_block(device)) && m < (int64_t{1} << 31)) {
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
  const Plan plan = plan_checked<D>(device, n, g.num_edges, false, "BLOCK_BELLMAN_FORD keeps", "one block's",
                                    "Use ADDS for larger graphs");
  auto* dist = ws.buffer<typename D::stored>(Slot::kDistance0, std::max<long long>(n, 1));
  auto* record_host = static_cast<RoundRecord*>(ws.staging(sizeof(RoundRecord)));
  auto* record = static_cast<RoundRecord*>(ws.buffer(Slot::kFlags0, sizeof(RoundRecord)));
  // Non-negative weights: a shortest path has at most n - 1 edges, and round k settles every vertex whose
  // shortest path has at most k edges, so n + 1 rounds always end with one that lowers nothing.
  const long long limit = query.max_iterations > 0 ? query.max_iterations : n + 1;
  BlockOutput<D> output;
  output.stored_out = dist;
  // The kernel's own delivery of the outputs (common/block_delivery.cuh), unless float sums could overflow unseen:
  // only the shared-graph kernel checks its sums, the other leaves that to the tail's pass.
  const bool checks_overflow = std::is_same_v<D, Int32Distance> || plan.shared_graph;
  if (checks_overflow && block_delivery(query, &record_host->done, output.delivery)) {
    launch<D>(plan, 1, stream, g, query.source, limit, output, ws.counters(), record_host);
    return finish_single_block_delivered(query, "block-bellman-ford", record_host, output.delivery, dist);
  }
  const bool tail_early = query.tail != nullptr && query.tail->pipelined();
  if (tail_early) query.tail->prepare();
  DeviceTimer timer(ws);
  launch<D>(plan, 1, stream, g, query.source, limit, output, ws.counters(), record);
  timer.record_stop();
  // The kernel is bounded by n + 1 rounds.
  return finish_single_block(query, timer, "block-bellman-ford", record, record_host, dist, tail_early);
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
  const Plan plan = plan_checked<D>(device, n, g.num_edges, true, "BLOCK_BELLMAN_FORD batches keep", "each block's",
                                    "Use BLOCK_NEAR_FAR or concurrent queries");
  using output = typename D::output;
  const int64_t row = targets != nullptr ? target_count : n;
  const int64_t per_launch = std::min<int64_t>(count, batch_launch(row));
  const auto b = block_batch_buffers<RoundRecord, output>(ws, per_launch, row, targets, target_count);
  const long long limit = query.max_iterations > 0 ? query.max_iterations : n + 1;
  BlockOutput<D> o;
  o.sources = b.sources;
  o.rows = b.rows;
  o.target_ids = b.target_ids;
  o.target_count = targets != nullptr ? target_count : -1;
  o.reached = b.reached;
  const BatchRun run = run_block_batches(query, "block-bellman-ford", sources, count, per_launch, row, targets != nullptr,
                                         out, reached, b, [&](int64_t k) {
    launch<D>(plan, static_cast<unsigned>(k), stream, g, 0, limit, o, ws.counters(), b.records);
  });
  return run;
}

}  // namespace

BatchRun run_batch(const QueryContext& query, const int64_t* sources, int64_t count, const int32_t* targets,
                   int64_t target_count, void* out, int64_t* reached) {
  if (count <= 0) return BatchRun{};
  return with_distance_type(query.graph.weight_type, [&](auto d) {
    return batch_typed<decltype(d)>(query, sources, count, targets, target_count, out, reached);
  });
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

void load_kernels(int device, int32_t weight_type) {
  with_distance_type(weight_type, [device](auto d) {
    allow_shared<decltype(d)>(device);
    return 0;
  });
}

AlgorithmRun run(const QueryContext& query) {
  return with_distance_type(query.graph.weight_type, [&](auto d) { return run_typed<decltype(d)>(query); });
}

}  // namespace gsssp::block_bf
