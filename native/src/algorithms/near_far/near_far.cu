#include "algorithms/near_far/near_far.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <type_traits>

#include "algorithms/near_far/near_far_kernels.cuh"
#include "common/cuda_check.hpp"
#include "common/rounds.hpp"
#include "common/timer.hpp"
#include "graph/device_graph.hpp"
#include "graph/weight_degree_sample.hpp"

namespace gsssp::near_far {
namespace {

// Delta as the caller gave it, or C * W / D from the sampling kernel (Davidson et al.'s heuristic).
double choose_delta(const QueryContext& query) {
  if (query.options.delta > 0.0 && std::isfinite(query.options.delta)) return query.options.delta;
  const double c = query.options.delta_constant > 0.0 ? query.options.delta_constant : kDefaultDeltaConstant;
  const graph::WeightDegreeSample& sample =
      graph::weight_degree_sample(*query.device_graph, query.workspace->stream());
  const double degree = std::max(sample.average_degree, 1e-9);
  const double delta = c * sample.average_weight / degree;
  // All sampled weights zero (or no edges sampled): any positive width works; 1 keeps it simple.
  return (delta > 0.0 && std::isfinite(delta)) ? delta : 1.0;
}

// Bounds live in the distance's value type. Integers: Delta >= 1, saturating at the top.
long long effective_delta(long long, double delta) {
  return std::clamp(std::llround(std::min(delta, 0x1p62)), 1ll, 1ll << 62);
}
float effective_delta(float, double delta) { return static_cast<float>(delta); }

// The next bound: Delta above the old one, and above the smallest far distance so the near pile is never
// empty; strictly above that distance even where float Delta is below its ulp.
long long next_bound(long long old_bound, long long far_min, long long delta) {
  const long long from = std::max(old_bound, far_min);
  return from > std::numeric_limits<long long>::max() - delta ? std::numeric_limits<long long>::max() : from + delta;
}
float next_bound(float old_bound, float far_min, float delta) {
  const float from = std::max(old_bound, far_min);
  float bound = static_cast<float>(static_cast<double>(from) + static_cast<double>(delta));
  if (!(bound > far_min)) bound = std::nextafter(far_min, std::numeric_limits<float>::infinity());
  return bound;
}

template <class D>
AlgorithmRun run_typed(const QueryContext& query) {
  using value = typename D::value;
  using stored = typename D::stored;
  Workspace& ws = *query.workspace;
  const cudaStream_t stream = ws.stream();
  const CsrView& g = query.graph;
  const long long n = g.num_vertices;
  const int block = query.launch.block;
  const auto* weights = static_cast<const typename D::weight*>(g.weights);
  DeviceCounters* counters = ws.counters();

  const double delta_requested = choose_delta(query);
  const value delta = effective_delta(value{}, delta_requested);

  // Scratch: distances; four piles of n items (near in/out, far current/next); two tag arrays + counters.
  // Every pile holds each vertex at most once (tags), so n items always suffice.
  auto* dist = ws.buffer<stored>(Slot::kDistance0, n);
  auto* piles_memory = ws.buffer<int32_t>(Slot::kFlags0, 4 * n);
  int32_t* near[2] = {piles_memory, piles_memory + n};
  int32_t* far[2] = {piles_memory + 2 * n, piles_memory + 3 * n};
  auto* tags = static_cast<char*>(ws.buffer(Slot::kDistance1, static_cast<size_t>(2 * n) * sizeof(int32_t) +
                                                                   sizeof(PileCounters)));
  int32_t* near_tag = reinterpret_cast<int32_t*>(tags);
  int32_t* far_tag = near_tag + n;
  auto* pile_counters = reinterpret_cast<PileCounters*>(tags + static_cast<size_t>(2 * n) * sizeof(int32_t));
  auto* host_counters = static_cast<PileCounters*>(ws.staging(sizeof(PileCounters)));

  gsssp_trace_sample* trace = query.options.trace;
  const int64_t trace_capacity = trace != nullptr ? std::max<int64_t>(0, query.options.trace_capacity) : 0;
  int64_t trace_length = 0;

  const auto start = std::chrono::steady_clock::now();
  DeviceTimer timer(ws);
  const int init_grid = query.launch.grid;
  init_kernel<D><<<init_grid, block, 0, stream>>>(dist, near_tag, far_tag, near[0], n, query.source);
  GSSSP_CUDA_CHECK(cudaMemsetAsync(pile_counters, 0, sizeof(PileCounters), stream));
  GSSSP_CUDA_CHECK(cudaGetLastError());

  long long near_size = 1, far_size = 0;
  int near_current = 0, far_current = 0;
  int32_t epoch = 1;
  value bound = delta;  // the source's distance is 0
  int64_t rounds = 0;
  const int64_t limit = query.max_iterations;

  auto read_counters = [&] {
    GSSSP_CUDA_CHECK(cudaMemcpyAsync(host_counters, pile_counters, sizeof(PileCounters), cudaMemcpyDeviceToHost, stream));
    ws.synchronize();
  };

  for (;;) {
    throw_if_cancelled(*query.cancelled);
    if (near_size > 0) {
      if (limit > 0 && rounds >= limit) throw_not_converged("near-far", rounds, true);
      if (trace_length < trace_capacity) {
        trace[trace_length].time_us =
            std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start).count();
        trace[trace_length].work = near_size;
        ++trace_length;
      }
      Piles piles{near[near_current ^ 1], far[far_current], near_tag, far_tag, pile_counters};
      const int grid = query.device_graph->grid_for(near_size, block);
      // Tags are round + 1 (and rounds stay far below 2^31 in practice; wrap-around only costs duplicates).
      const auto round_tag = static_cast<int32_t>((rounds % 0x7ffffffe) + 1);
      expand_kernel<D><<<grid, block, 0, stream>>>(near[near_current], near_size, g.offsets, g.targets, weights,
                                                    dist, piles, bound, round_tag, epoch, counters);
      GSSSP_CUDA_CHECK(cudaGetLastError());
      read_counters();
      GSSSP_CUDA_CHECK(cudaMemsetAsync(&pile_counters->near_out, 0, sizeof(unsigned long long), stream));
      near_size = static_cast<long long>(host_counters->near_out);
      far_size = static_cast<long long>(host_counters->far);
      near_current ^= 1;
      ++rounds;
      continue;
    }
    if (far_size == 0) break;
    // Near is empty: raise the bound and split far.
    const int grid = query.device_graph->grid_for(far_size, block);
    const stored old_bound = D::encode(bound);
    GSSSP_CUDA_CHECK(cudaMemsetAsync(&pile_counters->far_min, 0xff, sizeof(unsigned long long), stream));
    split_min_kernel<D><<<grid, block, 0, stream>>>(far[far_current], far_size, dist, old_bound, pile_counters);
    GSSSP_CUDA_CHECK(cudaGetLastError());
    read_counters();
    if (host_counters->far_min == ~0ull) break;  // only stale items left
    const value far_min = D::decode(static_cast<stored>(host_counters->far_min));
    bound = next_bound(bound, far_min, delta);
    ++epoch;
    split_far_kernel<D><<<grid, block, 0, stream>>>(far[far_current], far_size, dist, old_bound, D::encode(bound),
                                                    near[near_current], far[far_current ^ 1], far_tag, epoch,
                                                    pile_counters);
    GSSSP_CUDA_CHECK(cudaGetLastError());
    read_counters();
    near_size = static_cast<long long>(host_counters->near_out);
    far_size = static_cast<long long>(host_counters->far_next);
    // The kept items are the new epoch's far pile; near_out becomes this round's input (already in place).
    PileCounters reset{0, host_counters->far_next, 0, ~0ull};
    GSSSP_CUDA_CHECK(cudaMemcpyAsync(pile_counters, &reset, sizeof(PileCounters), cudaMemcpyHostToDevice, stream));
    ws.synchronize();  // `reset` is on the stack
    far_current ^= 1;
  }

  AlgorithmRun run;
  run.time_ms = timer.stop_ms();
  run.distances = dist;
  run.rounds = rounds;
  run.delta = static_cast<double>(delta);
  run.trace_length = trace_length;
  return run;
}

}  // namespace

AlgorithmRun run(const QueryContext& query) {
  if (query.graph.weight_type == GSSSP_WEIGHT_FLOAT32) return run_typed<Float32Distance>(query);
  return run_typed<Int32Distance>(query);
}

}  // namespace gsssp::near_far
