// Host driver of the multi-source Bellman-Ford (multi_bf.hpp): sizes a launch from the free memory, takes a
// residency share, runs the persistent round kernel, and writes the rows or columns out with one copy per launch.
#include "algorithms/multi_bf/multi_bf.hpp"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <utility>
#include <vector>

#include "algorithms/multi_bf/multi_bf_kernels.cuh"
#include "common/cuda_check.hpp"
#include "common/memo.hpp"
#include "common/residency.hpp"
#include "common/rounds.hpp"
#include "common/row_stream.hpp"
#include "common/timer.hpp"
#include "graph/device_graph.hpp"

namespace gsssp::multi_bf {
namespace {

size_t align_up(size_t x) { return (x + 255) & ~size_t{255}; }

// Resident blocks per SM of the round kernel, per (device, type, groups), with the cooperative-launch check.
template <class D, int G>
int resident_blocks(int device) {
  static auto* memo = new Memo<int, int>();  // never freed
  return memo->get(device, [device] {
    const int per_sm =
        cooperative_blocks_per_sm(device, reinterpret_cast<const void*>(rounds_kernel<D, G>), kBlockThreads);
    if (per_sm < 0) {
      fail(GSSSP_ERROR_UNSUPPORTED, "MULTI_BELLMAN_FORD needs cooperative kernel launch, which this GPU lacks");
    }
    int sms = 0;
    GSSSP_CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
    return std::max(2, per_sm * sms);
  });
}

// Groups per launch: kMaxGroups, fewer when the batch is smaller, and fewer again while n * 32 * groups distances
// would take more than kMaxFreeFraction of the free device memory.
int choose_groups(int64_t n, int64_t sources, size_t stored_bytes) {
  int groups = kMaxGroups;
  while (groups > 1 && 32LL * (groups / 2) >= sources) groups /= 2;
  size_t free_bytes = 0, total_bytes = 0;
  GSSSP_CUDA_CHECK(cudaMemGetInfo(&free_bytes, &total_bytes));
  const double budget = kMaxFreeFraction * static_cast<double>(free_bytes);
  while (groups > 1 && static_cast<double>(n) * 32.0 * groups * stored_bytes > budget) groups /= 2;
  const double need = static_cast<double>(n) * 32.0 * groups * stored_bytes;
  if (need > budget) {
    fail(GSSSP_ERROR_OUT_OF_DEVICE_MEMORY,
         format("MULTI_BELLMAN_FORD keeps 32 distances per vertex: %.0f MB for %lld vertices, more than half of the "
                "%.0f MB free on the device",
                need / 1e6, static_cast<long long>(n), static_cast<double>(free_bytes) / 1e6));
  }
  return groups;
}

// Device scratch of one launch.
template <class D>
struct Scratch {
  typename D::stored* dist = nullptr;
  int* stamp = nullptr;
  Item* items0 = nullptr;
  Item* items1 = nullptr;
  unsigned long long* counts = nullptr;  // 3 words
  RoundRecord* record = nullptr;
  int64_t* sources = nullptr;            // up to 32 * kMaxGroups
  unsigned long long* reached = nullptr; // per lane, for the rows
};

template <class D>
Scratch<D> scratch_for(Workspace& ws, int64_t n, int64_t m, int lanes) {
  Scratch<D> s;
  // The workspace's slots here (common/workspace.hpp names them by shape only): kDistance0 the lanes' distances
  // (n × lanes), kFlags0 the vertices' round stamps, kFlags1 the two work-item queues, kCertificate the records and
  // reached counts; a batch adds kDistance1 (the targets) and kOutput (the staged rows).
  s.dist = ws.buffer<typename D::stored>(Slot::kDistance0, std::max<int64_t>(n, 1) * lanes);
  s.stamp = ws.buffer<int>(Slot::kFlags0, std::max<int64_t>(n, 1));
  // Each vertex is queued at most once per round, as ceil(degree / kChunkEdges) items.
  const int64_t capacity = n + m / kChunkEdges + 1;
  auto* items = ws.buffer<Item>(Slot::kFlags1, 2 * capacity);
  s.items0 = items;
  s.items1 = items + capacity;
  const size_t counts_at = 0, record_at = align_up(3 * sizeof(unsigned long long));
  const size_t sources_at = record_at + align_up(sizeof(RoundRecord));
  const size_t reached_at = sources_at + align_up(32 * kMaxGroups * sizeof(int64_t));
  auto* misc = static_cast<char*>(ws.buffer(Slot::kCertificate, reached_at + 32 * kMaxGroups * sizeof(unsigned long long)));
  s.counts = reinterpret_cast<unsigned long long*>(misc + counts_at);
  s.record = reinterpret_cast<RoundRecord*>(misc + record_at);
  s.sources = reinterpret_cast<int64_t*>(misc + sources_at);
  s.reached = reinterpret_cast<unsigned long long*>(misc + reached_at);
  return s;
}

struct Launched {
  long long rounds = 0;
  double time_ms = 0.0;
};

// One launch: sources (host, count <= 32 * G) searched to the fixed point, distances left in s.dist.
template <class D, int G>
Launched search(const QueryContext& query, const Scratch<D>& s, const int64_t* sources, int count) {
  Workspace& ws = *query.workspace;
  const cudaStream_t stream = ws.stream();
  const CsrView& g = query.graph;
  const long long n = g.num_vertices;
  constexpr int kLanes = 32 * G;
  const int device = query.device_graph->device;
  const int resident = resident_blocks<D, G>(device);

  auto* host = static_cast<char*>(ws.staging(align_up(sizeof(RoundRecord)) + kLanes * sizeof(int64_t)));
  auto* record_host = reinterpret_cast<RoundRecord*>(host);
  auto* sources_host = reinterpret_cast<int64_t*>(host + align_up(sizeof(RoundRecord)));
  std::memcpy(sources_host, sources, static_cast<size_t>(count) * sizeof(int64_t));
  GSSSP_CUDA_CHECK(cudaMemcpyAsync(s.sources, sources_host, static_cast<size_t>(count) * sizeof(int64_t),
                                   cudaMemcpyHostToDevice, stream));
  GSSSP_CUDA_CHECK(cudaMemsetAsync(s.counts, 0, 3 * sizeof(unsigned long long), stream));
  clear_kernel<D><<<query.device_graph->grid_for(n * kLanes, 256), 256, 0, stream>>>(n, kLanes, s.dist, s.stamp);
  seed_kernel<D><<<1, kLanes, 0, stream>>>(s.sources, count, kLanes, g.offsets, s.dist, s.stamp, s.items0, s.counts);
  GSSSP_CUDA_CHECK(cudaGetLastError());

  // Non-negative weights: round k settles every distance whose shortest path has at most k edges.
  long long max_rounds = query.max_iterations > 0 ? query.max_iterations : n + 1;
  const ResidencyLease residency(device, resident);
  DeviceTimer timer(ws);
  const int64_t* offsets = g.offsets;
  const int32_t* targets = g.targets;
  const auto* weights = static_cast<const typename D::weight*>(g.weights);
  typename D::stored* dist = s.dist;
  int* stamp = s.stamp;
  Item* items0 = s.items0;
  Item* items1 = s.items1;
  unsigned long long* counts = s.counts;
  DeviceCounters* counters = ws.counters();
  RoundRecord* record = s.record;
  void* args[] = {&offsets, &targets, &weights, &dist, &stamp, &items0, &items1, &counts, &max_rounds, &counters, &record};
  GSSSP_CUDA_CHECK(cudaLaunchCooperativeKernel(reinterpret_cast<const void*>(rounds_kernel<D, G>),
                                               dim3(residency.blocks()), dim3(kBlockThreads), args, 0, stream));
  timer.record_stop();
  GSSSP_CUDA_CHECK(cudaMemcpyAsync(record_host, s.record, sizeof(RoundRecord), cudaMemcpyDeviceToHost, stream));
  GSSSP_CUDA_CHECK(cudaStreamSynchronize(stream));
  const RoundRecord r = *record_host;
  if (!r.converged) throw_not_converged("multi-bellman-ford", r.rounds, query.max_iterations > 0);
  return Launched{r.rounds, timer.elapsed_ms()};
}

template <class D, int G>
BatchRun batch_typed(const QueryContext& query, const int64_t* sources, int64_t count, const int32_t* targets,
                     int64_t target_count, void* out, int64_t* reached) {
  Workspace& ws = *query.workspace;
  const cudaStream_t stream = ws.stream();
  const CsrView& g = query.graph;
  const long long n = g.num_vertices;
  constexpr int kLanes = 32 * G;
  using output = typename D::output;
  const Scratch<D> s = scratch_for<D>(ws, n, g.num_edges, kLanes);
  int32_t* target_ids = nullptr;
  if (targets != nullptr && target_count > 0) {
    target_ids = ws.buffer<int32_t>(Slot::kDistance1, target_count);
    GSSSP_CUDA_CHECK(cudaMemcpyAsync(target_ids, targets, static_cast<size_t>(target_count) * sizeof(int32_t),
                                     cudaMemcpyHostToDevice, stream));
  }
  const int64_t row = targets != nullptr ? target_count : n;
  auto* staged = ws.buffer<output>(Slot::kOutput, std::max<int64_t>(row, 1) * kLanes);
  // Pageable, and read only after the stream drained: the per-row counts come back through it.
  std::vector<unsigned long long> reached_buffer(kLanes);
  unsigned long long* reached_host = reached_buffer.data();
  // Streamed rows (common/row_stream.hpp) leave `staged` to the caller's staging instead of `out`.
  RowStream* const streamed = targets == nullptr ? query.rows : nullptr;
  std::vector<int64_t> streamed_reached(streamed != nullptr ? kLanes : 0);
  BatchRun run;
  run.sources_per_launch = kLanes;
  for (int64_t first = 0; first < count; first += kLanes) {
    throw_if_cancelled(*query.cancelled);
    const int k = static_cast<int>(std::min<int64_t>(kLanes, count - first));
    const Launched l = search<D, G>(query, s, sources + first, k);
    run.rounds += l.rounds;
    run.time_ms += l.time_ms;
    ++run.launches;
    if (row == 0) continue;
    if (targets == nullptr) {
      GSSSP_CUDA_CHECK(cudaMemsetAsync(s.reached, 0, static_cast<size_t>(k) * sizeof(unsigned long long), stream));
      const dim3 grid(static_cast<unsigned>((n + 31) / 32), static_cast<unsigned>((k + 31) / 32));
      rows_kernel<D><<<grid, dim3(32, 8), 0, stream>>>(n, kLanes, k, s.dist, staged, s.reached, ws.counters());
      if (reached != nullptr || streamed != nullptr) {
        GSSSP_CUDA_CHECK(cudaMemcpyAsync(reached_host, s.reached, static_cast<size_t>(k) * sizeof(unsigned long long),
                                         cudaMemcpyDeviceToHost, stream));
      }
    } else {
      columns_kernel<D><<<query.device_graph->grid_for(target_count * k, 256), 256, 0, stream>>>(
          kLanes, k, target_ids, target_count, s.dist, staged);
    }
    GSSSP_CUDA_CHECK(cudaGetLastError());
    if (streamed != nullptr) {
      ws.enqueue_counters_read();
      GSSSP_CUDA_CHECK(cudaStreamSynchronize(stream));
      for (int i = 0; i < k; ++i) streamed_reached[static_cast<size_t>(i)] = static_cast<int64_t>(reached_host[i]);
      streamed->time_ms = run.time_ms;
      streamed->rounds = run.rounds;
      stream_rows(ws, *streamed, *query.cancelled, staged, first, k, row, streamed_reached.data(), ws.query_bytes());
      continue;
    }
    GSSSP_CUDA_CHECK(cudaMemcpyAsync(static_cast<output*>(out) + first * row, staged,
                                     static_cast<size_t>(k) * static_cast<size_t>(row) * sizeof(output),
                                     cudaMemcpyDeviceToHost, stream));
    GSSSP_CUDA_CHECK(cudaStreamSynchronize(stream));
    if (reached != nullptr && targets == nullptr) {
      for (int i = 0; i < k; ++i) reached[first + i] = static_cast<int64_t>(reached_host[i]);
    }
  }
  return run;
}

template <class D>
BatchRun batch_for_type(const QueryContext& query, const int64_t* sources, int64_t count, const int32_t* targets,
                        int64_t target_count, void* out, int64_t* reached) {
  switch (choose_groups(query.graph.num_vertices, count, sizeof(typename D::stored))) {
    case 4: return batch_typed<D, 4>(query, sources, count, targets, target_count, out, reached);
    case 2: return batch_typed<D, 2>(query, sources, count, targets, target_count, out, reached);
    default: return batch_typed<D, 1>(query, sources, count, targets, target_count, out, reached);
  }
}

template <class D>
AlgorithmRun run_typed(const QueryContext& query) {
  Workspace& ws = *query.workspace;
  const long long n = query.graph.num_vertices;
  (void)choose_groups(n, 1, sizeof(typename D::stored));  // the memory check, with one group
  const Scratch<D> s = scratch_for<D>(ws, n, query.graph.num_edges, 32);
  const int64_t source = query.source;
  const Launched l = search<D, 1>(query, s, &source, 1);
  auto* contiguous = ws.buffer<typename D::stored>(Slot::kDistance1, std::max<long long>(n, 1));
  lane0_kernel<D><<<query.device_graph->grid_for(n, 256), 256, 0, ws.stream()>>>(n, 32, s.dist, contiguous);
  GSSSP_CUDA_CHECK(cudaGetLastError());
  AlgorithmRun run;
  run.distances = contiguous;
  run.rounds = l.rounds;
  run.time_ms = l.time_ms;
  return run;
}

}  // namespace

AlgorithmRun run(const QueryContext& query) {
  return with_distance_type(query.graph.weight_type, [&](auto d) { return run_typed<decltype(d)>(query); });
}

BatchRun run_batch(const QueryContext& query, const int64_t* sources, int64_t count, const int32_t* targets,
                   int64_t target_count, void* out, int64_t* reached) {
  if (count <= 0) return BatchRun{};
  return with_distance_type(query.graph.weight_type, [&](auto d) {
    return batch_for_type<decltype(d)>(query, sources, count, targets, target_count, out, reached);
  });
}

}  // namespace gsssp::multi_bf
