#include "cpu/bellman_ford.hpp"

#include <algorithm>
#include <limits>
#include <type_traits>
#include <vector>

#include "common/error.hpp"
#include "cpu/overflow_check.hpp"

namespace gsssp::cpu {
namespace {

template <class Weight, class Dist, class Output>
BellmanFordCounts run(const gsssp_csr& csr, int64_t source, Output* distances_out, int32_t* predecessors_out) {
  const int64_t n = csr.num_vertices;
  const int64_t* offsets = csr.offsets;
  const int32_t* targets = csr.targets;
  const auto* weights = static_cast<const Weight*>(csr.weights);
  const Dist infinity = std::numeric_limits<Dist>::has_infinity ? std::numeric_limits<Dist>::infinity()
                                                                 : std::numeric_limits<Dist>::max();
  std::vector<Dist> dist(static_cast<size_t>(n), infinity);
  // The tree is needed to find a vertex on a negative cycle, so it is kept even when the caller wants none.
  std::vector<int32_t> parent(static_cast<size_t>(n), GSSSP_NO_PREDECESSOR);
  // Edges on the path that set each distance: a path of n edges repeats a vertex, and only a negative cycle
  // can make such a path shorter, so reaching n proves one (and the vertex is reachable from it).
  std::vector<int32_t> hops(static_cast<size_t>(n), 0);
  std::vector<char> queued(static_cast<size_t>(n), 0);
  std::vector<int32_t> queue(static_cast<size_t>(n) + 1);  // circular; each vertex is in it at most once
  size_t head = 0, tail = 0, size = 0;
  auto push = [&](int32_t v) {
    queue[tail] = v;
    tail = tail + 1 == queue.size() ? 0 : tail + 1;
    ++size;
    queued[v] = 1;
  };

  BellmanFordCounts result;
  DijkstraCounts& counts = result.counts;
  bool sum_overflowed = false;
  dist[source] = Dist(0);
  push(static_cast<int32_t>(source));
  while (size > 0) {
    const int32_t u = queue[head];
    head = head + 1 == queue.size() ? 0 : head + 1;
    --size;
    queued[u] = 0;
    ++counts.extractions;
    const Dist du = dist[u];
    const int64_t end = offsets[u + 1];
    counts.edges_relaxed += end - offsets[u];
    for (int64_t e = offsets[u]; e < end; ++e) {
      const int32_t v = targets[e];
      const Dist candidate = du + static_cast<Dist>(weights[e]);
      if (candidate < dist[v]) {
        dist[v] = candidate;
        parent[v] = u;
        hops[v] = hops[u] + 1;
        if (hops[v] >= n) {
          // v hangs off a negative cycle: n steps up the tree land on it.
          int64_t on_cycle = v;
          for (int64_t i = 0; i < n; ++i) on_cycle = parent[on_cycle];
          result.negative_cycle_vertex = on_cycle;
          return result;
        }
        if (!queued[v]) push(v);
      } else if (candidate == infinity && !(du == infinity)) {
        sum_overflowed = true;
      }
    }
  }

  if (sum_overflowed) throw_if_overflowed(csr, source, dist.data(), infinity);
  for (int64_t v = 0; v < n; ++v) {
    if (dist[v] != infinity) ++counts.reached;
    distances_out[v] = static_cast<Output>(dist[v]);
  }
  if (predecessors_out != nullptr) std::copy(parent.begin(), parent.end(), predecessors_out);
  return result;
}

}  // namespace

BellmanFordCounts bellman_ford(const gsssp_csr& csr, int64_t source, void* distances, int32_t* predecessors) {
  if (csr.weight_type == GSSSP_WEIGHT_FLOAT32) {
    return run<float, float, double>(csr, source, static_cast<double*>(distances), predecessors);
  }
  return run<int32_t, int64_t, int64_t>(csr, source, static_cast<int64_t*>(distances), predecessors);
}

}  // namespace gsssp::cpu
