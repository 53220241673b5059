// Host driver of H-BF (Busato & Bombieri, TPDS 2016): per-graph edge classes (4.1), the packing of 4.2,
// the round loop of Algorithm 3 with the kernels of hbf_kernels.cuh, the final sink kernel, and the
// negative-cycle witness.
//
// Choices beyond the paper, all documented in README and here:
//  - Rounds are launched in batches (1, 2, 4, ... 32) with the frontier sizes kept on the device, so the
//    host reads one counter per batch, not per round; the virtual-warp size of 5.2 is chosen by the kernel
//    from the device-side |F|.
//  - Termination with negative weights: a frontier Bellman-Ford without negative cycles changes nothing in
//    round n - 1 (a shortest path has at most n - 1 edges, and its k-th vertex is final after round k - 1),
//    so the loop is bounded by n rounds; a change in round n - 1 proves a negative cycle. With int weights
//    a candidate below -max|w|(n-1) proves one earlier (and keeps distances from wrapping). Either way a
//    Jacobi Bellman-Ford with parent pointers (hbf_cycle_kernels.cuh) then names a vertex on the cycle.
//  - Duplicate removal off: a vertex may sit in the next frontier once per lowering, so the queues hold
//    n + m entries; if even that overflows, the query restarts with duplicate removal on.
//  - 5.3 default (GSSSP_HBF_DP_DEFAULT): device launch; see kDefaultDpMode.
#include "algorithms/hbf/hbf.hpp"

#include <cub/device/device_scan.cuh>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "algorithms/hbf/hbf_cycle_kernels.cuh"
#include "algorithms/hbf/hbf_graph_kernels.cuh"
#include "algorithms/hbf/hbf_kernels.cuh"
#include "common/cuda_check.hpp"
#include "common/device_buffer.hpp"
#include "common/init_kernels.cuh"
#include "common/rounds.hpp"
#include "common/timer.hpp"
#include "common/trace.hpp"
#include "graph/device_graph.hpp"

namespace gsssp::hbf {
namespace {

// Tuning constants (block size, the default dynamic-parallelism mode and threshold): hbf_policy.hpp.

// ---- per-graph data (4.1) ---------------------------------------------------------------------------

struct GraphData : graph::Attachment {
  bool tagged = false;
  DeviceBuffer targets;       // tagged targets (n <= 2^30)
  DeviceBuffer classes;       // one byte per edge otherwise
  DeviceBuffer vertex_flags;  // bit 0: strictly increasing targets
  DeviceBuffer sink_offsets;  // n + 1: in-edges of sinks, grouped by sink
  DeviceBuffer sink_sources;
  DeviceBuffer sink_weights;
  int64_t device_bytes() const override {
    return static_cast<int64_t>(targets.bytes() + classes.bytes() + vertex_flags.bytes() + sink_offsets.bytes() +
                                sink_sources.bytes() + sink_weights.bytes());
  }
};

size_t at_least_one(size_t bytes) { return std::max<size_t>(bytes, 1); }

template <class W>
std::unique_ptr<GraphData> build_graph_data(const QueryContext& query) {
  const CsrView& g = query.graph;
  const long long n = g.num_vertices;
  const long long m = g.num_edges;
  const cudaStream_t stream = query.workspace->stream();
  const int grid = query.launch.grid;
  const auto* weights = static_cast<const W*>(g.weights);
  auto data = std::make_unique<GraphData>();
  data->tagged = n <= (1ll << kTagShift);
  DeviceBuffer in_degree(at_least_one(n * sizeof(unsigned long long)), "H-BF in-degrees (temporary)");
  GSSSP_CUDA_CHECK(cudaMemsetAsync(in_degree.get(), 0, n * sizeof(unsigned long long), stream));
  in_degree_kernel<W><<<grid, kBlock, 0, stream>>>(n, g.offsets, g.targets, weights,
                                                   in_degree.as<unsigned long long>());
  if (data->tagged) {
    data->targets = DeviceBuffer(at_least_one(m * sizeof(uint32_t)), "H-BF classified targets");
  } else {
    data->classes = DeviceBuffer(at_least_one(m), "H-BF edge classes");
  }
  data->vertex_flags = DeviceBuffer(at_least_one(n), "H-BF vertex flags");
  DeviceBuffer sink_total(sizeof(unsigned long long), "H-BF sink edge count (temporary)");
  GSSSP_CUDA_CHECK(cudaMemsetAsync(sink_total.get(), 0, sizeof(unsigned long long), stream));
  classify_kernel<W><<<grid, kBlock, 0, stream>>>(n, g.offsets, g.targets, weights, in_degree.as<unsigned long long>(),
                                                  data->tagged, data->targets.as<uint32_t>(),
                                                  data->classes.as<uint8_t>(), data->vertex_flags.as<uint8_t>(),
                                                  sink_total.as<unsigned long long>());
  DeviceBuffer counts((n + 1) * sizeof(int64_t), "H-BF sink in-degrees (temporary)");
  data->sink_offsets = DeviceBuffer((n + 1) * sizeof(int64_t), "H-BF sink offsets");
  sink_count_kernel<<<grid, kBlock, 0, stream>>>(n, g.offsets, in_degree.as<unsigned long long>(), counts.as<int64_t>());
  // sink_offsets[0] = 0 and sink_offsets[1 .. n] = the inclusive scan of counts[0 .. n - 1]: n items fit an int,
  // n + 1 do not when n = INT32_MAX (older CUBs take num_items as int); the items are 64-bit.
  GSSSP_CUDA_CHECK(cudaMemsetAsync(data->sink_offsets.get(), 0, sizeof(int64_t), stream));
  size_t temp_bytes = 0;
  GSSSP_CUDA_CHECK(cub::DeviceScan::InclusiveSum(nullptr, temp_bytes, counts.as<int64_t>(),
                                                 data->sink_offsets.as<int64_t>() + 1, static_cast<int>(n), stream));
  DeviceBuffer temp(at_least_one(temp_bytes), "H-BF scan scratch (temporary)");
  GSSSP_CUDA_CHECK(cub::DeviceScan::InclusiveSum(temp.get(), temp_bytes, counts.as<int64_t>(),
                                                 data->sink_offsets.as<int64_t>() + 1, static_cast<int>(n), stream));
  unsigned long long sink_edges = 0;
  GSSSP_CUDA_CHECK(cudaMemcpyAsync(&sink_edges, sink_total.get(), sizeof(sink_edges), cudaMemcpyDeviceToHost, stream));
  GSSSP_CUDA_CHECK(cudaStreamSynchronize(stream));
  data->sink_sources = DeviceBuffer(at_least_one(sink_edges * sizeof(int32_t)), "H-BF sink in-edge sources");
  data->sink_weights = DeviceBuffer(at_least_one(sink_edges * sizeof(uint32_t)), "H-BF sink in-edge weights");
  // The scan's output doubles as the fill cursor (counts is free now), copied first.
  GSSSP_CUDA_CHECK(cudaMemcpyAsync(counts.get(), data->sink_offsets.get(), (n + 1) * sizeof(int64_t),
                                   cudaMemcpyDeviceToDevice, stream));
  sink_fill_kernel<W><<<grid, kBlock, 0, stream>>>(n, g.offsets, g.targets, weights, counts.as<unsigned long long>(),
                                                   data->sink_sources.as<int32_t>(), data->sink_weights.as<uint32_t>());
  GSSSP_CUDA_CHECK(cudaGetLastError());
  GSSSP_CUDA_CHECK(cudaStreamSynchronize(stream));
  return data;
}

const GraphData& graph_data(const QueryContext& query) {
  return query.device_graph->attachment<GraphData>("hbf.classes", [&] {
    return query.graph.weight_type == GSSSP_WEIGHT_FLOAT32 ? build_graph_data<float>(query)
                                                           : build_graph_data<int32_t>(query);
  });
}

// ---- packing (4.2) ----------------------------------------------------------------------------------

// Returns false when an int graph's bound leaves fewer than 8 iteration bits (then: no packing).
template <class D>
bool choose_packing(const QueryContext& query, PackParams& p) {
  const double max_abs = std::max(std::abs(query.device_graph->summary.min_weight),
                                  std::abs(query.device_graph->summary.max_weight));
  const long long n = query.graph.num_vertices;
  const long long bound = static_cast<long long>(max_abs) * std::max<long long>(n - 1, 0);  // < 2^62
  p.floor = -bound - 1;
  if constexpr (sizeof(typename D::value) == 4) {
    p.iter_bits = 32;
    p.iter_mask = 0xffffffffull;
    p.inf_code = ordered_from_float(__builtin_inff());
    return true;
  } else {
    int dist_bits = 2;
    while (dist_bits < 64 && (1ull << (dist_bits - 1)) < static_cast<unsigned long long>(bound) + 2) ++dist_bits;
    p.iter_bits = 64 - dist_bits;
    if (p.iter_bits < 8) return false;
    p.iter_mask = (1ull << p.iter_bits) - 1;
    p.bias = 1ll << (dist_bits - 1);
    p.inf_code = (1ull << dist_bits) - 1;
    return true;
  }
}

// ---- negative-cycle witness -------------------------------------------------------------------------

int64_t find_parent_cycle(const std::vector<int32_t>& parent) {
  const size_t n = parent.size();
  std::vector<uint8_t> state(n, 0);  // 0 unseen, 1 on the current walk, 2 done
  std::vector<int32_t> walk;
  for (size_t v = 0; v < n; ++v) {
    if (state[v] != 0 || parent[v] < 0) continue;
    walk.clear();
    int64_t x = static_cast<int64_t>(v);
    while (x >= 0 && state[x] == 0) {
      state[x] = 1;
      walk.push_back(static_cast<int32_t>(x));
      x = parent[x];
    }
    if (x >= 0 && state[x] == 1) return x;
    for (int32_t w : walk) state[w] = 2;
  }
  return -1;
}

template <class D>
int64_t negative_cycle_witness(const QueryContext& query, LoopState* state) {
  Workspace& ws = *query.workspace;
  const cudaStream_t stream = ws.stream();
  const CsrView& g = query.graph;
  const long long n = g.num_vertices;
  const int grid = query.launch.grid;
  const auto* weights = static_cast<const typename D::weight*>(g.weights);
  // The slots of this pass: kDistance0 and kDistance1 the old and new distances, kPredecessors the parents, kFlags0
  // and kFlags1 the active flags of this round and the next.
  auto* d_old = ws.buffer<typename D::stored>(Slot::kDistance0, n);
  auto* d_new = static_cast<typename D::stored*>(ws.buffer(Slot::kDistance1, n * sizeof(unsigned long long)));
  auto* parent = ws.buffer<int32_t>(Slot::kPredecessors, n);
  uint8_t* active[2] = {ws.buffer<uint8_t>(Slot::kFlags0, n), ws.buffer<uint8_t>(Slot::kFlags1, n)};
  init_distances_kernel<D><<<grid, kBlock, 0, stream>>>(d_old, n, query.source);
  init_distances_kernel<D><<<grid, kBlock, 0, stream>>>(d_new, n, query.source);
  GSSSP_CUDA_CHECK(cudaMemsetAsync(parent, 0xff, n * sizeof(int32_t), stream));
  GSSSP_CUDA_CHECK(cudaMemsetAsync(active[0], 0, n, stream));
  GSSSP_CUDA_CHECK(cudaMemsetAsync(active[0] + query.source, 1, 1, stream));
  std::vector<int32_t> host_parent(static_cast<size_t>(n));
  int64_t next_check = 1;
  for (int64_t round = 1; round <= n + 1; ++round) {
    throw_if_cancelled(*query.cancelled);
    uint8_t* cur = active[(round - 1) & 1];
    uint8_t* next = active[round & 1];
    jacobi_relax_kernel<D><<<grid, kBlock, 0, stream>>>(n, g.offsets, g.targets, weights, d_old, d_new, cur);
    GSSSP_CUDA_CHECK(cudaMemsetAsync(next, 0, n, stream));
    GSSSP_CUDA_CHECK(cudaMemsetAsync(&state->changed, 0, sizeof(unsigned long long), stream));
    jacobi_parent_kernel<D><<<grid, kBlock, 0, stream>>>(n, g.offsets, g.targets, weights, d_old, d_new, parent, cur,
                                                         next, &state->changed);
    GSSSP_CUDA_CHECK(cudaMemcpyAsync(d_old, d_new, n * sizeof(typename D::stored), cudaMemcpyDeviceToDevice, stream));
    GSSSP_CUDA_CHECK(cudaGetLastError());
    if (ws.read_counter(&state->changed) == 0) {
      fail(GSSSP_ERROR_INTERNAL, "H-BF found a negative cycle that the witness search does not reach");
    }
    if (round == next_check || round == n + 1) {
      next_check *= 2;
      GSSSP_CUDA_CHECK(cudaMemcpyAsync(host_parent.data(), parent, n * sizeof(int32_t), cudaMemcpyDeviceToHost, stream));
      ws.synchronize();
      const int64_t vertex = find_parent_cycle(host_parent);
      if (vertex >= 0) return vertex;
    }
  }
  fail(GSSSP_ERROR_INTERNAL, "H-BF negative-cycle witness: no parent cycle after n + 1 rounds");
}

// ---- the round loop ---------------------------------------------------------------------------------


template <class D>
AlgorithmRun run_typed(const QueryContext& query, bool force_duplicate_removal) {
  Workspace& ws = *query.workspace;
  const cudaStream_t stream = ws.stream();
  const CsrView& g = query.graph;
  const long long n = g.num_vertices;
  const long long m = g.num_edges;
  const gsssp_options& o = query.options;
  const graph::DeviceGraph& dg = *query.device_graph;
  const int init_grid = query.launch.grid;
  const int grid = std::max(1, dg.multiprocessor_count * std::max(1, dg.max_threads_per_multiprocessor / kBlock));
  // Blocks of the block-per-vertex kernel (5.3): two per SM, each looping over heavy vertices; most rounds
  // have none, and then a small grid costs less to launch and retire.
  const int heavy_grid = std::max(1, 2 * dg.multiprocessor_count);

  const bool classification = o.hbf.edge_classification != 0;
  const GraphData* data = classification ? &graph_data(query) : nullptr;
  PackParams pack;
  const bool packable = choose_packing<D>(query, pack);
  const bool packed = (o.hbf.duplicate_removal != 0 || force_duplicate_removal) && packable;
  int dp_mode = o.hbf.dynamic_parallelism == GSSSP_HBF_DP_DEFAULT ? kDefaultDpMode : o.hbf.dynamic_parallelism;
#if !defined(GSSSP_HBF_DEVICE_LAUNCH)
  if (dp_mode == GSSSP_HBF_DP_DEVICE_LAUNCH) {
    fail(GSSSP_ERROR_UNSUPPORTED, "H-BF device-launch dynamic parallelism is not compiled in (needs -rdc)");
  }
#endif
  if (dp_mode < GSSSP_HBF_DP_OFF || dp_mode > GSSSP_HBF_DP_BLOCK_PER_VERTEX) {
    fail(GSSSP_ERROR_INVALID_ARGUMENT, format("unknown hbf.dynamic_parallelism mode %d", o.hbf.dynamic_parallelism));
  }

  const long long capacity = std::max<long long>(1, packed ? n : n + m);
  // The workspace's slots here (common/workspace.hpp names them by shape only): kDistance0 the distances (the answer),
  // kDistance1 the packed (distance, round) words of duplicate removal, kFlags0 and kFlags1 the two frontier queues,
  // kPredecessors the list of heavy vertices for dynamic parallelism, kOutput the loop state and the trace (sized for
  // the output it holds after the search).
  auto* dist = ws.buffer<typename D::stored>(Slot::kDistance0, n);
  auto* info = packed ? ws.buffer<unsigned long long>(Slot::kDistance1, n) : nullptr;
  int32_t* queues[2] = {ws.buffer<int32_t>(Slot::kFlags0, capacity), ws.buffer<int32_t>(Slot::kFlags1, capacity)};
  auto* heavy = ws.buffer<int32_t>(Slot::kPredecessors, std::max<long long>(n, 1));
  const bool tracing = o.trace != nullptr && o.trace_capacity > 0;
  const long long trace_cap = tracing ? std::min<long long>(o.trace_capacity, 1 << 16) : 0;
  auto* state_bytes = static_cast<char*>(ws.buffer(Slot::kOutput, std::max<size_t>(
      sizeof(LoopState) + 2 * trace_cap * sizeof(long long), n * sizeof(typename D::output))));
  auto* state = reinterpret_cast<LoopState*>(state_bytes);
  auto* trace_sizes = tracing ? reinterpret_cast<long long*>(state_bytes + sizeof(LoopState)) : nullptr;
  auto* trace_times = tracing ? reinterpret_cast<unsigned long long*>(trace_sizes + trace_cap) : nullptr;
  DeviceCounters* counters = ws.counters();

  RoundArgs<D> a{};
  a.num_vertices = n;
  a.source = query.source;
  a.offsets = g.offsets;
  a.targets = data && data->tagged ? data->targets.as<const uint32_t>() : reinterpret_cast<const uint32_t*>(g.targets);
  a.classes = data && !data->tagged ? data->classes.as<const uint8_t>() : nullptr;
  a.weights = static_cast<const typename D::weight*>(g.weights);
  a.dist = dist;
  a.info = info;
  a.pack = pack;
  a.queue[0] = queues[0];
  a.queue[1] = queues[1];
  a.queue_capacity = capacity;
  a.heavy = heavy;
  a.heavy_capacity = std::max<long long>(n, 1);
  a.state = state;
  a.counters = counters;
  a.trace_sizes = trace_sizes;
  a.trace_times = trace_times;
  a.trace_capacity = trace_cap;
  a.resident_threads = static_cast<long long>(dg.multiprocessor_count) * dg.max_threads_per_multiprocessor;
  a.stamp_period = packed ? static_cast<long long>(std::min<unsigned long long>(pack.iter_mask, 1ull << 62)) : 1;
  a.classification = data == nullptr ? 0 : data->tagged ? 1 : 2;
  a.vertex_flags = data ? data->vertex_flags.as<const uint8_t>() : nullptr;
  a.coalesced = o.hbf.coalesced_enqueue != 0;
  a.dynamic_warps = o.hbf.dynamic_virtual_warps != 0;
  a.dp_mode = dp_mode;
  a.dp_threshold = o.hbf.dp_threshold > 0 ? o.hbf.dp_threshold : kDefaultDpThreshold;

  DeviceTimer timer(ws);
  if (packed) {
    init_packed_kernel<D><<<init_grid, kBlock, 0, stream>>>(info, n, query.source, pack);
  } else {
    init_distances_kernel<D><<<init_grid, kBlock, 0, stream>>>(dist, n, query.source);
  }
  GSSSP_CUDA_CHECK(cudaMemsetAsync(state, 0, sizeof(LoopState), stream));
  const unsigned long long one = 1;
  GSSSP_CUDA_CHECK(cudaMemcpyAsync(&state->frontier_size[0], &one, sizeof(one), cudaMemcpyHostToDevice, stream));
  const int32_t source32 = static_cast<int32_t>(query.source);
  GSSSP_CUDA_CHECK(cudaMemcpyAsync(queues[0], &source32, sizeof(source32), cudaMemcpyHostToDevice, stream));
  ws.synchronize();  // the two host values above live on this stack frame

  // n rounds: round n - 1 changes something only if a negative cycle is reachable (see the header).
  const bool user_limit = query.max_iterations > 0;
  const int64_t limit = user_limit ? query.max_iterations : std::max<long long>(n, 1);
  int64_t launched = 0, batch = 1, rounds = 0;
  bool converged = false;
  for (;;) {
    throw_if_cancelled(*query.cancelled);
    const int64_t count = std::min(batch, limit - launched);
    for (int64_t k = 0; k < count; ++k) {
      const int64_t r = launched + k;
      if (packed && r > 0 && r % a.stamp_period == 0) {
        reset_stamps_kernel<<<init_grid, kBlock, 0, stream>>>(info, n, pack.iter_mask);
      }
      relax_round_kernel<D><<<grid, kBlock, 0, stream>>>(a, r);
      if (dp_mode == GSSSP_HBF_DP_BLOCK_PER_VERTEX) heavy_round_kernel<D><<<heavy_grid, kBlock, 0, stream>>>(a, r);
    }
    GSSSP_CUDA_CHECK(cudaGetLastError());
    launched += count;
    const auto last = static_cast<int64_t>(ws.read_counter(&counters->last_change));
    if (last < launched) {
      rounds = last + 1;
      converged = true;
      break;
    }
    if (launched >= limit) {
      rounds = launched;
      break;
    }
    batch = std::min<int64_t>(batch * 2, 32);
  }
  LoopState host_state;
  GSSSP_CUDA_CHECK(cudaMemcpyAsync(ws.staging(sizeof(LoopState)), state, sizeof(LoopState), cudaMemcpyDeviceToHost,
                                   stream));
  ws.synchronize();
  std::memcpy(&host_state, ws.staging(sizeof(LoopState)), sizeof(LoopState));

  AlgorithmRun run;
  run.rounds = rounds;
  if (host_state.overflow && !packed) {
    // Duplicates outgrew n + m queue entries: start again with duplicate removal on.
    GSSSP_CUDA_CHECK(cudaMemsetAsync(counters, 0, sizeof(DeviceCounters), stream));
    return run_typed<D>(query, true);
  }
  if (host_state.overflow) fail(GSSSP_ERROR_INTERNAL, "H-BF frontier overflow with duplicate removal on");
  if (host_state.proof || (!converged && !user_limit)) {
    run.negative_cycle_vertex = negative_cycle_witness<D>(query, state);
    run.time_ms = timer.stop_ms();
    return run;
  }
  if (!converged) throw_not_converged("hbf", rounds, true);
  if (packed) unpack_kernel<D><<<init_grid, kBlock, 0, stream>>>(info, dist, n, pack);
  if (data != nullptr) {
    sink_kernel<D><<<init_grid, kBlock, 0, stream>>>(n, query.source, data->sink_offsets.as<const int64_t>(),
                                                     data->sink_sources.as<const int32_t>(),
                                                     data->sink_weights.as<const uint32_t>(), dist, counters);
  }
  GSSSP_CUDA_CHECK(cudaGetLastError());
  run.time_ms = timer.stop_ms();
  run.distances = dist;

  if (tracing) {
    // Per round: its frontier size and when it started, so the time of round r is sample r + 1 minus
    // sample r. Written by the kernels themselves: no events, no syncs.
    run.trace_length = copy_trace(ws, trace_times, trace_sizes, std::min<long long>(rounds, trace_cap), o.trace);
  }
  return run;
}

}  // namespace

AlgorithmRun run(const QueryContext& query) {
  if (query.graph.weight_type == GSSSP_WEIGHT_FLOAT32) return run_typed<Float32Distance>(query, false);
  return run_typed<Int32Distance>(query, false);
}

}  // namespace gsssp::hbf
