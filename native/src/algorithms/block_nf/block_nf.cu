// Host driver of the block-per-source Near-Far (block_nf.hpp).
#include "algorithms/block_nf/block_nf.hpp"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <thread>
#include <vector>

#include "algorithms/block_nf/block_nf_kernels.cuh"
#include "algorithms/block_nf/block_nf_policy.hpp"
#include "common/block_batch.hpp"
#include "common/cuda_check.hpp"
#include "common/rounds.hpp"
#include "common/timer.hpp"
#include "graph/delta_estimate.hpp"
#include "graph/device_graph.hpp"

namespace gsssp::block_nf {
namespace {

// Scratch bytes per source besides its distances: two marks, two near queues, two far piles (4 bytes each).
constexpr int64_t kQueueBytesPerVertex = 6 * sizeof(int);

template <class D>
int64_t scratch_bytes_per_source(int64_t n) {
  return n * (static_cast<int64_t>(sizeof(typename D::stored)) + kQueueBytesPerVertex);
}

// options.block_size: 0 for the policy's choice; else rounded up to the kernel's next block size (256, 512 or 1024),
// as other algorithms take any multiple of 32.
int requested_threads(const QueryContext& query) {
  const int asked = query.options.block_size;
  if (asked == 0) return 0;
  return asked <= 256 ? 256 : asked <= 512 ? 512 : 1024;
}

template <class D>
void launch(int threads, int blocks, cudaStream_t stream, const BlockNfArgs<D>& args) {
  switch (threads) {
    case 256:
      block_nf_kernel<D, 256><<<blocks, 256, 0, stream>>>(args);
      break;
    case 512:
      block_nf_kernel<D, 512><<<blocks, 512, 0, stream>>>(args);
      break;
    default:
      block_nf_kernel<D, 1024><<<blocks, 1024, 0, stream>>>(args);
      break;
  }
  GSSSP_CUDA_CHECK(cudaGetLastError());
}

// The scratch of `blocks` blocks: distances in `dist` (its own slot, or the single query's result buffer) and the
// queues and marks in kFlags0.
template <class D>
BlockScratch<D> scratch(Workspace& ws, int64_t n, int64_t blocks, typename D::stored* dist) {
  const int64_t per = std::max<int64_t>(n, 1) * blocks;
  auto* queues = ws.buffer<int>(Slot::kFlags0, 6 * per);
  BlockScratch<D> s;
  s.dist = dist;
  s.near_mark = queues;
  s.far_mark = queues + per;
  s.near = queues + 2 * per;
  s.far = queues + 4 * per;
  return s;
}

template <class D>
BlockNfArgs<D> base_args(const QueryContext& query) {
  const CsrView& g = query.graph;
  BlockNfArgs<D> a;
  a.n = g.num_vertices;
  a.offsets = g.offsets;
  a.targets = g.targets;
  a.weights = static_cast<const typename D::weight*>(g.weights);
  a.delta = graph::effective_delta(typename D::value{}, graph::requested_delta(query));
  // Near-Far ends by itself (each phase settles at least the far pile's least vertex, each round lowers
  // something): only the caller's limit bounds its rounds.
  a.max_rounds = query.max_iterations > 0 ? query.max_iterations : std::numeric_limits<long long>::max();
  a.counters = query.workspace->counters();
  return a;
}

template <class D>
AlgorithmRun run_typed(const QueryContext& query) {
  Workspace& ws = *query.workspace;
  const cudaStream_t stream = ws.stream();
  const long long n = query.graph.num_vertices;
  const int asked = requested_threads(query);
  const int threads = asked != 0 ? asked : kSingleQueryThreads;
  auto* dist = ws.buffer<typename D::stored>(Slot::kDistance0, std::max<long long>(n, 1));
  auto* record_host = static_cast<BlockRecord*>(ws.staging(sizeof(BlockRecord)));
  auto* record = static_cast<BlockRecord*>(ws.buffer(Slot::kCertificate, sizeof(BlockRecord)));
  BlockNfArgs<D> a = base_args<D>(query);
  a.source = query.source;
  a.scratch = scratch<D>(ws, n, 1, dist);
  a.records = record;

  DeviceTimer timer(ws);
  launch<D>(threads, 1, stream, a);
  timer.record_stop();
  AlgorithmRun run = finish_single_block(query, timer, "block-near-far", record, record_host, dist, false);
  run.delta = static_cast<double>(a.delta);
  return run;
}

template <class D>
BatchRun batch_typed(const QueryContext& query, const int64_t* sources, int64_t count, const int32_t* targets,
                     int64_t target_count, void* out, int64_t* reached) {
  Workspace& ws = *query.workspace;
  const cudaStream_t stream = ws.stream();
  const CsrView& g = query.graph;
  const int64_t n = g.num_vertices;
  const int asked = requested_threads(query);
  using output = typename D::output;
  using stored = typename D::stored;
  const int64_t row = targets != nullptr ? target_count : n;

  // Sources per launch: within kLaunchBytes and half the device memory free (counting what this workspace's slots
  // already hold, which a launch reuses).
  size_t free_bytes = 0, total_bytes = 0;
  GSSSP_CUDA_CHECK(cudaMemGetInfo(&free_bytes, &total_bytes));
  const int64_t held = static_cast<int64_t>(ws.capacity(Slot::kDistance0) + ws.capacity(Slot::kFlags0) +
                                            ws.capacity(Slot::kOutput));
  const int64_t budget = std::min<int64_t>(kLaunchBytes, (static_cast<int64_t>(free_bytes) + held) / 2);
  (void)total_bytes;
  const int64_t per_source = scratch_bytes_per_source<D>(n) + row * static_cast<int64_t>(sizeof(output));
  const int64_t fits = budget / std::max<int64_t>(per_source, 1);
  if (fits < 1) {
    fail(GSSSP_ERROR_OUT_OF_DEVICE_MEMORY,
         format("BLOCK_NEAR_FAR needs %lld bytes of device memory per source (%lld vertices), and %lld are free",
                static_cast<long long>(per_source), static_cast<long long>(n), static_cast<long long>(free_bytes)));
  }
  const int64_t per_launch = std::min<int64_t>({count, fits, kMaxSourcesPerLaunch});
  const int threads = asked != 0 ? asked : threads_for(per_launch, query.device_graph->multiprocessor_count);

  // The workspace's slots here (common/workspace.hpp names them by shape only): kCertificate the records, reached
  // counts and sources of a launch, kDistance1 the targets, kOutput the rows (block_batch.hpp), kDistance0 the blocks'
  // distances, kFlags0 their marks, near queues and far piles (scratch()).
  const auto b = block_batch_buffers<BlockRecord, output>(ws, per_launch, row, targets, target_count);
  auto* dist = ws.buffer<stored>(Slot::kDistance0, std::max<int64_t>(n, 1) * per_launch);
  BlockNfArgs<D> a = base_args<D>(query);
  a.scratch = scratch<D>(ws, n, per_launch, dist);
  a.sources = b.sources;
  a.rows = b.rows;
  a.target_ids = b.target_ids;
  a.target_count = targets != nullptr ? target_count : -1;
  a.reached = b.reached;
  a.records = b.records;
  const BatchRun run = run_block_batches(query, "block-near-far", sources, count, per_launch, row, targets != nullptr,
                                         out, reached, b, [&](int64_t k) { launch<D>(threads, static_cast<int>(k), stream, a); });
  return run;
}

}  // namespace

void load_kernels(int32_t weight_type) {
  with_distance_type(weight_type, [](auto d) {
    using D = decltype(d);
    cudaFuncAttributes attributes;
    for (const void* kernel : {reinterpret_cast<const void*>(block_nf_kernel<D, 256>),
                               reinterpret_cast<const void*>(block_nf_kernel<D, 512>),
                               reinterpret_cast<const void*>(block_nf_kernel<D, 1024>)}) {
      GSSSP_CUDA_CHECK(cudaFuncGetAttributes(&attributes, kernel));
    }
    return 0;
  });
}

AlgorithmRun run(const QueryContext& query) {
  return with_distance_type(query.graph.weight_type, [&](auto d) { return run_typed<decltype(d)>(query); });
}

BatchRun run_batch(const QueryContext& query, const int64_t* sources, int64_t count, const int32_t* targets,
                   int64_t target_count, void* out, int64_t* reached) {
  if (count <= 0) return BatchRun{};
  return with_distance_type(query.graph.weight_type, [&](auto d) {
    return batch_typed<decltype(d)>(query, sources, count, targets, target_count, out, reached);
  });
}

}  // namespace gsssp::block_nf
