// GraphSummary::simple_path_bound (graph/csr_checks.cpp, summarize_csr): the sum of each vertex's largest out-weight,
// which decides whether ADDS and Near-Far may keep 4-byte distances (common/compact_distances.cuh). Host logic,
// compiled into the test: hand-made graphs, the parallel pass against the serial sum on a graph large enough to be
// split, and on seeded random graphs the property the compact form relies on, that no shortest distance exceeds the
// bound.
#include <gtest/gtest.h>

#include <cstdint>
#include <functional>
#include <limits>
#include <queue>
#include <random>
#include <utility>
#include <vector>

#include "graph/csr_checks.hpp"

namespace {

struct IntGraph {
  int64_t n = 0;
  std::vector<int64_t> offsets{0};
  std::vector<int32_t> targets;
  std::vector<int32_t> weights;

  // Appends vertex n's out-edges.
  void add_vertex(const std::vector<std::pair<int32_t, int32_t>>& edges) {
    for (const auto& [v, w] : edges) {
      targets.push_back(v);
      weights.push_back(w);
    }
    offsets.push_back(static_cast<int64_t>(targets.size()));
    ++n;
  }
  gsssp_csr csr() const {
    gsssp_csr c{};
    c.num_vertices = n;
    c.num_edges = static_cast<int64_t>(targets.size());
    c.offsets = offsets.data();
    c.targets = targets.data();
    c.weights = weights.data();
    c.weight_type = GSSSP_WEIGHT_INT32;
    return c;
  }
};

uint64_t serial_bound(const IntGraph& g) {
  uint64_t sum = 0;
  for (int64_t u = 0; u < g.n; ++u) {
    int32_t high = 0;
    for (int64_t e = g.offsets[u]; e < g.offsets[u + 1]; ++e) high = std::max(high, g.weights[e]);
    sum += static_cast<uint64_t>(high);
  }
  return sum;
}

// Textbook Dijkstra from `source` (weights >= 0): the largest finite distance.
int64_t largest_distance(const IntGraph& g, int64_t source) {
  constexpr int64_t kUnreached = std::numeric_limits<int64_t>::max();
  std::vector<int64_t> dist(static_cast<size_t>(g.n), kUnreached);
  using Entry = std::pair<int64_t, int64_t>;
  std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>> queue;
  dist[static_cast<size_t>(source)] = 0;
  queue.emplace(0, source);
  while (!queue.empty()) {
    const auto [d, u] = queue.top();
    queue.pop();
    if (d != dist[static_cast<size_t>(u)]) continue;
    for (int64_t e = g.offsets[u]; e < g.offsets[u + 1]; ++e) {
      const int64_t v = g.targets[e];
      if (d + g.weights[e] < dist[static_cast<size_t>(v)]) {
        dist[static_cast<size_t>(v)] = d + g.weights[e];
        queue.emplace(dist[static_cast<size_t>(v)], v);
      }
    }
  }
  int64_t largest = 0;
  for (const int64_t d : dist) {
    if (d != kUnreached) largest = std::max(largest, d);
  }
  return largest;
}

TEST(GraphSummary, SimplePathBoundSumsEachVertexsLargestOutWeight) {
  IntGraph g;
  g.add_vertex({{1, 5}, {2, 3}});  // 5
  g.add_vertex({{2, 7}});          // 7
  g.add_vertex({});                // no out-edges: 0
  g.add_vertex({{0, 0}, {1, 2}});  // 2
  g.add_vertex({{0, -4}});         // negative only: counts 0
  const gsssp::graph::GraphSummary s = gsssp::graph::summarize_csr(g.csr());
  EXPECT_EQ(s.simple_path_bound, 14u);
  EXPECT_EQ(s.max_weight, 7.0);
  EXPECT_EQ(s.first_negative_edge, 5);
}

TEST(GraphSummary, SimplePathBoundIsZeroForFloatWeights) {
  const std::vector<int64_t> offsets{0, 1, 1};
  const std::vector<int32_t> targets{1};
  const std::vector<float> weights{2.5f};
  gsssp_csr c{};
  c.num_vertices = 2;
  c.num_edges = 1;
  c.offsets = offsets.data();
  c.targets = targets.data();
  c.weights = weights.data();
  c.weight_type = GSSSP_WEIGHT_FLOAT32;
  EXPECT_EQ(gsssp::graph::summarize_csr(c).simple_path_bound, 0u);
}

// 5M vertices: above the pass's parallel threshold (2^22 items), so it is split into ranges where the host has
// enough threads; the sum must be the serial one, and it exceeds 2^32 (no 32-bit wrap on the way).
TEST(GraphSummary, SimplePathBoundOfALargeGraphIsTheSerialSum) {
  constexpr int64_t kVertices = 5000000;
  IntGraph g;
  g.targets.reserve(kVertices);
  g.weights.reserve(kVertices);
  g.offsets.reserve(kVertices + 1);
  for (int64_t u = 0; u < kVertices; ++u) {
    if (u + 1 < kVertices) {
      g.targets.push_back(static_cast<int32_t>(u + 1));
      g.weights.push_back(static_cast<int32_t>(1000 + u % 977));
    }
    g.offsets.push_back(static_cast<int64_t>(g.targets.size()));
    ++g.n;
  }
  const uint64_t expected = serial_bound(g);
  EXPECT_GT(expected, uint64_t{1} << 32);
  EXPECT_EQ(gsssp::graph::summarize_csr(g.csr()).simple_path_bound, expected);
}

// On seeded random graphs of several shapes (zero weights among them), the bound is the serial sum and no shortest
// distance from any of a few sources exceeds it.
TEST(GraphSummary, NoShortestDistanceExceedsTheSimplePathBound) {
  const uint64_t seed = 20261127;
  std::mt19937_64 rng(seed);
  int checked = 0;
  for (const int64_t n : {2, 17, 300, 5000}) {
    for (const double degree : {1.0, 3.0, 8.0}) {
      for (const int32_t max_weight : {1, 10, 1000, 2147483647}) {
        IntGraph g;
        std::uniform_int_distribution<int64_t> vertex(0, n - 1);
        std::uniform_int_distribution<int32_t> weight(0, max_weight);
        std::poisson_distribution<int> out_degree(degree);
        for (int64_t u = 0; u < n; ++u) {
          std::vector<std::pair<int32_t, int32_t>> edges;
          for (int k = out_degree(rng); k > 0; --k) edges.emplace_back(static_cast<int32_t>(vertex(rng)), weight(rng));
          g.add_vertex(edges);
        }
        const uint64_t bound = gsssp::graph::summarize_csr(g.csr()).simple_path_bound;
        ASSERT_EQ(bound, serial_bound(g)) << "seed " << seed << ", n " << n << ", degree " << degree;
        for (const int64_t source : {int64_t{0}, n / 2, n - 1}) {
          const int64_t largest = largest_distance(g, source);
          ASSERT_LE(static_cast<uint64_t>(largest), bound)
              << "seed " << seed << ", n " << n << ", degree " << degree << ", max weight " << max_weight
              << ", source " << source;
          ++checked;
        }
      }
    }
  }
  EXPECT_EQ(checked, 4 * 3 * 4 * 3);
}

}  // namespace
