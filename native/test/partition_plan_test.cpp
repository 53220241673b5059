// The partition planner of partitioned graphs (native/src/algorithms/partitioned/partition_plan.hpp), host logic
// only, compiled into the test: ranges cover [0, n) in order, every part is non-empty when there are at least as
// many vertices as parts (else the empty ones are at the end and the plan says why), parts hold about the same
// number of edges, cross-edge counts match a direct count, the byte model adds up, and the cap is respected or
// refused with OUT_OF_DEVICE_MEMORY naming the bytes and the cap.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "algorithms/partitioned/partition_plan.hpp"
#include "common/error.hpp"
#include "support.hpp"

namespace {

using gsssp::partitioned::PartitionPlan;
using gsssp::partitioned::PartPlan;
using gsssp::partitioned::plan_partition;

using HostGraph = gsssp_test::Graph;  // support.hpp's CSR of vectors (only the struct: this test links no library)

// Out-degree of vertex v from degree(v); targets uniform, weights in [1, 100].
template <class Degree>
HostGraph make_graph(int64_t n, Degree degree, uint64_t seed, bool is_float = false) {
  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<int64_t> pick(0, std::max<int64_t>(0, n - 1));
  HostGraph g;
  g.n = n;
  g.is_float = is_float;
  for (int64_t v = 0; v < n; ++v) {
    const int64_t d = degree(v);
    for (int64_t i = 0; i < d; ++i) {
      g.targets.push_back(static_cast<int32_t>(pick(rng)));
      g.int_weights.push_back(static_cast<int32_t>(1 + rng() % 100));
      g.float_weights.push_back(static_cast<float>(1 + rng() % 100));
    }
    g.offsets.push_back(static_cast<int64_t>(g.targets.size()));
  }
  return g;
}

std::vector<int32_t> devices(int count, int32_t device = 0) { return std::vector<int32_t>(static_cast<size_t>(count), device); }

// What every plan must satisfy, whatever the graph.
void check_invariants(const HostGraph& g, const PartitionPlan& plan, int parts, const std::string& what) {
  SCOPED_TRACE(what);
  ASSERT_EQ(plan.parts.size(), static_cast<size_t>(parts));
  EXPECT_EQ(plan.num_vertices, g.n);
  EXPECT_EQ(plan.num_edges, static_cast<int64_t>(g.targets.size()));
  // Ranges: contiguous, in order, covering [0, n).
  EXPECT_EQ(plan.parts.front().first_vertex, 0);
  EXPECT_EQ(plan.parts.back().end_vertex, g.n);
  int64_t edges = 0;
  for (int k = 0; k < parts; ++k) {
    const PartPlan& p = plan.parts[static_cast<size_t>(k)];
    if (k > 0) {
      EXPECT_EQ(p.first_vertex, plan.parts[static_cast<size_t>(k) - 1].end_vertex) << "part " << k;
    }
    EXPECT_LE(p.first_vertex, p.end_vertex) << "part " << k;
    EXPECT_EQ(p.edges, g.offsets[static_cast<size_t>(p.end_vertex)] - g.offsets[static_cast<size_t>(p.first_vertex)]);
    edges += p.edges;
    // Non-empty, or explained: only with fewer vertices than parts, only at the end.
    if (g.n >= parts) {
      EXPECT_GT(p.vertices(), 0) << "part " << k;
    } else {
      EXPECT_EQ(p.vertices(), k < g.n ? 1 : 0) << "part " << k;
    }
  }
  EXPECT_EQ(edges, plan.num_edges);
  if (g.n < parts) {
    EXPECT_NE(plan.note.find("empty"), std::string::npos) << plan.note;
  } else {
    EXPECT_TRUE(plan.note.empty()) << plan.note;
  }
  // The owner of every vertex is the part whose range holds it.
  for (int64_t v = 0; v < g.n; ++v) {
    const PartPlan& p = plan.parts[static_cast<size_t>(plan.owner(v))];
    ASSERT_TRUE(p.first_vertex <= v && v < p.end_vertex) << "vertex " << v;
  }
  // Cross edges against a direct count, and inbox = what the others send.
  std::vector<std::vector<int64_t>> cross(static_cast<size_t>(parts), std::vector<int64_t>(static_cast<size_t>(parts), 0));
  for (int k = 0; k < parts; ++k) {
    const PartPlan& p = plan.parts[static_cast<size_t>(k)];
    for (int64_t e = g.offsets[static_cast<size_t>(p.first_vertex)]; e < g.offsets[static_cast<size_t>(p.end_vertex)]; ++e) {
      const int64_t t = g.targets[static_cast<size_t>(e)];
      int q = 0;
      while (!(plan.parts[static_cast<size_t>(q)].first_vertex <= t && t < plan.parts[static_cast<size_t>(q)].end_vertex)) ++q;
      if (q != k) ++cross[static_cast<size_t>(k)][static_cast<size_t>(q)];
    }
  }
  for (int k = 0; k < parts; ++k) {
    const PartPlan& p = plan.parts[static_cast<size_t>(k)];
    int64_t out = 0, in = 0;
    for (int q = 0; q < parts; ++q) {
      EXPECT_EQ(p.cross_to[static_cast<size_t>(q)], cross[static_cast<size_t>(k)][static_cast<size_t>(q)]) << k << " -> " << q;
      out += cross[static_cast<size_t>(k)][static_cast<size_t>(q)];
      in += cross[static_cast<size_t>(q)][static_cast<size_t>(k)];
    }
    EXPECT_EQ(p.cross_to[static_cast<size_t>(k)], 0);
    EXPECT_EQ(p.cross_out, out);
    EXPECT_EQ(p.cross_in, in);
    // Combined messages: at most one per vertex of the owner a round, and no more than the edges crossing.
    int64_t slots = 0, inbox = 0;
    for (int q = 0; q < parts; ++q) {
      const int64_t want = std::min(cross[static_cast<size_t>(k)][static_cast<size_t>(q)],
                                    plan.parts[static_cast<size_t>(q)].vertices());
      EXPECT_EQ(p.out_slots[static_cast<size_t>(q)], want) << k << " -> " << q;
      slots += want;
      inbox += plan.parts[static_cast<size_t>(q)].out_slots[static_cast<size_t>(k)];
    }
    EXPECT_EQ(p.outbox_slots, slots);
    EXPECT_EQ(p.inbox_slots, inbox);
    // The byte model adds up, and an empty part holds nothing.
    EXPECT_EQ(p.device_bytes, p.graph_bytes + p.state_bytes + p.exchange_bytes);
    if (p.vertices() == 0) {
      EXPECT_EQ(p.device_bytes, 0);
    } else {
      const int64_t dist = gsssp::partitioned::distance_bytes(plan.weight_type);
      EXPECT_EQ(p.graph_bytes, (p.vertices() + 1) * 8 + p.edges * 8);
      EXPECT_EQ(p.exchange_bytes, (p.outbox_slots + p.inbox_slots) * (4 + dist) +
                                      (plan.parts.size() > 1 ? plan.num_vertices * (dist + 4) : 0));
      EXPECT_GE(p.state_bytes, p.vertices() * (dist + 4 + 1 + 8));
    }
  }
}

TEST(PartitionPlan, UniformGraphBalancesEdges) {
  const HostGraph g = make_graph(20000, [](int64_t) { return 8; }, 1);
  for (int parts : {1, 2, 3, 4, 7, 16}) {
    const PartitionPlan plan = plan_partition(g.csr(), devices(parts).data(), parts, 0);
    check_invariants(g, plan, parts, "uniform, parts " + std::to_string(parts));
    const double share = static_cast<double>(g.targets.size()) / parts;
    for (const PartPlan& p : plan.parts) {
      EXPECT_NEAR(static_cast<double>(p.edges), share, share * 0.01 + 16) << "parts " << parts;
    }
  }
}

TEST(PartitionPlan, SkewedDegreesBalanceEdgesNotVertices) {
  // The first tenth of the vertices have 50 edges each, the rest 2: equal edge shares give unequal vertex counts.
  const int64_t n = 10000;
  const HostGraph g = make_graph(n, [&](int64_t v) { return v < n / 10 ? 50 : 2; }, 2);
  const int parts = 4;
  const PartitionPlan plan = plan_partition(g.csr(), devices(parts).data(), parts, 0);
  check_invariants(g, plan, parts, "skewed");
  // Balanced on graph-and-state bytes (per vertex 29, per edge 8 with int weights): within one vertex's worth.
  std::vector<int64_t> cost;
  for (const PartPlan& p : plan.parts) cost.push_back(p.vertices() * (gsssp::partitioned::kVertexBytes + 8) + p.edges * 8);
  const int64_t high = *std::max_element(cost.begin(), cost.end());
  const int64_t low = *std::min_element(cost.begin(), cost.end());
  EXPECT_LE(high - low, 2 * (gsssp::partitioned::kVertexBytes + 8 + 50 * 8));
  EXPECT_LT(plan.parts[0].vertices(), plan.parts[3].vertices());
}

TEST(PartitionPlan, StarKeepsEveryPartNonEmpty) {
  // Vertex 0 has every edge: the byte-balanced cut would put every other cut at vertex 1.
  const int64_t n = 1000;
  const HostGraph g = make_graph(n, [](int64_t v) { return v == 0 ? 5000 : 0; }, 3);
  for (int parts : {2, 5, 64}) {
    const PartitionPlan plan = plan_partition(g.csr(), devices(parts).data(), parts, 0);
    check_invariants(g, plan, parts, "star, parts " + std::to_string(parts));
    EXPECT_EQ(plan.parts[0].edges, 5000);
  }
}

TEST(PartitionPlan, FewerVerticesThanPartsLeavesTheLastEmpty) {
  const HostGraph g = make_graph(3, [](int64_t) { return 2; }, 4);
  const PartitionPlan plan = plan_partition(g.csr(), devices(5).data(), 5, 0);
  check_invariants(g, plan, 5, "3 vertices, 5 parts");
  const HostGraph none = make_graph(0, [](int64_t) { return 0; }, 5);
  const PartitionPlan empty = plan_partition(none.csr(), devices(2).data(), 2, 0);
  check_invariants(none, empty, 2, "0 vertices");
}

TEST(PartitionPlan, NoEdgesBalancesVertices) {
  const HostGraph g = make_graph(1001, [](int64_t) { return 0; }, 6);
  const PartitionPlan plan = plan_partition(g.csr(), devices(4).data(), 4, 0);
  check_invariants(g, plan, 4, "no edges");
  for (const PartPlan& p : plan.parts) EXPECT_NEAR(static_cast<double>(p.vertices()), 1001.0 / 4, 1.0);
  EXPECT_EQ(plan.average_weight, 0.0);
}

TEST(PartitionPlan, DevicesAreKeptInOrder) {
  const HostGraph g = make_graph(100, [](int64_t) { return 3; }, 7);
  const std::vector<int32_t> list = {1, 0, 1, 3};
  const PartitionPlan plan = plan_partition(g.csr(), list.data(), 4, 0);
  for (size_t k = 0; k < list.size(); ++k) EXPECT_EQ(plan.parts[k].device, list[k]);
}

TEST(PartitionPlan, FloatWeightsUseFourByteDistances) {
  const HostGraph g = make_graph(5000, [](int64_t) { return 4; }, 8, /*is_float=*/true);
  const PartitionPlan plan = plan_partition(g.csr(), devices(3).data(), 3, 0);
  check_invariants(g, plan, 3, "float");
  EXPECT_EQ(gsssp::partitioned::distance_bytes(plan.weight_type), 4);
  EXPECT_NEAR(plan.average_weight, 50.5, 2.0);
}

TEST(PartitionPlan, CapIsRespectedOrRefused) {
  const HostGraph g = make_graph(20000, [](int64_t) { return 8; }, 9);
  // The cap: the largest part of a four-part plan. One or two parts cannot meet it (each holds a half or all of the
  // graph, plus its exchange buffers), four can.
  const PartitionPlan uncapped = plan_partition(g.csr(), devices(4).data(), 4, 0);
  int64_t cap = 0;
  for (const PartPlan& p : uncapped.parts) cap = std::max(cap, p.device_bytes);
  for (int parts : {1, 2}) {
    try {
      (void)plan_partition(g.csr(), devices(parts).data(), parts, cap);
      ADD_FAILURE() << parts << " parts met the cap of a four-part plan";
    } catch (const gsssp::Error& e) {
      EXPECT_EQ(e.status(), GSSSP_ERROR_OUT_OF_DEVICE_MEMORY);
      const std::string text = e.what();
      EXPECT_NE(text.find("max_bytes_per_device is " + std::to_string(cap)), std::string::npos) << text;
      EXPECT_NE(text.find("needs"), std::string::npos) << text;
    }
  }
  const PartitionPlan four = plan_partition(g.csr(), devices(4).data(), 4, cap);
  check_invariants(g, four, 4, "capped");
  for (const PartPlan& p : four.parts) EXPECT_LE(p.device_bytes, cap);
  // The cap is per listed entry, not per distinct device: four entries of one device each get the cap.
  EXPECT_GT(four.total_bytes(), cap);
}

TEST(PartitionPlan, BadArgumentsAreRefused) {
  const HostGraph g = make_graph(10, [](int64_t) { return 1; }, 10);
  auto status_of = [&](const int32_t* list, int32_t count, int64_t cap) {
    try {
      (void)plan_partition(g.csr(), list, count, cap);
      return static_cast<int>(GSSSP_SUCCESS);
    } catch (const gsssp::Error& e) {
      return static_cast<int>(e.status());
    }
  };
  const std::vector<int32_t> many = devices(gsssp::partitioned::kMaxParts + 1);
  EXPECT_EQ(status_of(many.data(), 0, 0), GSSSP_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(status_of(many.data(), gsssp::partitioned::kMaxParts + 1, 0), GSSSP_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(status_of(nullptr, 2, 0), GSSSP_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(status_of(many.data(), 2, -1), GSSSP_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(status_of(many.data(), gsssp::partitioned::kMaxParts, 0), GSSSP_SUCCESS);
}

}  // namespace
