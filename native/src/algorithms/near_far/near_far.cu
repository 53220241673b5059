#include "algorithms/near_far/near_far.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include "algorithms/near_far/near_far_kernels.cuh"
#include "common/cuda_check.hpp"
#include "common/rounds.hpp"  // throw_if_cancelled, throw_not_converged
#include "common/timer.hpp"
#include "common/trace.hpp"
#include "graph/device_graph.hpp"
#include "graph/delta_estimate.hpp"
#include "algorithms/near_far/near_far_policy.hpp"

namespace gsssp::near_far {
namespace {

// Device trace buffer cap (16 bytes a round), whatever trace_capacity the caller gives.
constexpr int64_t kMaxTraceSamples = int64_t{1} << 20;

template <class D>
AlgorithmRun run_typed(const QueryContext& query) {
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
  a.solo_items = block;  // one pass of one block (a bigger one-block step measured slower)
  if (trace_cap > 0) {
    a.trace_sizes = reinterpret_cast<long long*>(state_bytes + sizeof(LoopState));
    a.trace_times = reinterpret_cast<unsigned long long*>(a.trace_sizes + trace_cap);
    a.trace_capacity = trace_cap;
  }

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

  AlgorithmRun run;
  run.time_ms = timer.stop_ms();
  run.distances = dist;
  run.rounds = rounds;
  run.delta = static_cast<double>(delta);

  if (trace_cap > 0) {
    // Per round: its near-pile size and when it started.
    run.trace_length = copy_trace(ws, a.trace_times, a.trace_sizes, std::min(rounds, trace_cap), trace);
  }
  return run;
}

}  // namespace

AlgorithmRun run(const QueryContext& query) {
  if (query.graph.weight_type == GSSSP_WEIGHT_FLOAT32) return run_typed<Float32Distance>(query);
  return run_typed<Int32Distance>(query);
}

}  // namespace gsssp::near_far
