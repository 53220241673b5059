// The C ABI on the host, no GPU needed: options, device count, CSR validation and its messages, CPU Dijkstra's
// answers, statuses and error texts, and what the device entry points answer without a GPU.
#include <queue>

#include "test_main.hpp"

namespace gsssp_test {
namespace {

using HostApi = HostTest;
using CsrValidate = HostTest;
using CpuSssp = HostTest;

TEST_F(HostApi, VersionOptionsAndDeviceCount) {
  check(std::strlen(gsssp_version()) > 0, "gsssp_version is empty");
  gsssp_options options;
  std::memset(&options, 0x5a, sizeof(options));
  check_status(gsssp_options_init(&options), GSSSP_SUCCESS, "options_init");
  check(options.compute_predecessors == 1 && options.block_size == 0 && options.max_iterations == 0,
        "options_init defaults");
  check_status(gsssp_options_init(nullptr), GSSSP_ERROR_INVALID_ARGUMENT, "options_init(NULL)");
  check(std::strstr(gsssp_last_error(), "NULL") != nullptr, "last_error names the NULL: '%s'", gsssp_last_error());

  int32_t count = -1;
  check_status(gsssp_device_count(&count), GSSSP_SUCCESS, "device_count");
  check(count >= 0, "device_count %d", count);
  check_status(gsssp_device_count(nullptr), GSSSP_ERROR_INVALID_ARGUMENT, "device_count(NULL)");
  int64_t reached = 7;
  check_status(gsssp_device_result_reached(nullptr, &reached), GSSSP_ERROR_INVALID_ARGUMENT, "device_result_reached(NULL)");
  check(std::strstr(gsssp_last_error(), "result") != nullptr, "last_error names the result: '%s'", gsssp_last_error());
}

TEST_F(CsrValidate, AcceptsTheSmallGraphAndRefusesNull) {
  Graph g = small_graph(false);
  gsssp_csr c = g.csr();
  check_status(gsssp_csr_validate(&c), GSSSP_SUCCESS, "validate small");
  check_status(gsssp_csr_validate(nullptr), GSSSP_ERROR_INVALID_ARGUMENT, "validate NULL");
  gsssp_csr bad = c;
  bad.weight_type = 7;
  check_status(gsssp_csr_validate(&bad), GSSSP_ERROR_INVALID_ARGUMENT, "validate unknown weight type");
}

// The small graph broken by `damage`: refused as GSSSP_ERROR_INVALID_GRAPH, the text naming `named` (if given).
template <class Damage>
void expect_invalid(const char* what, const char* named, Damage&& damage) {
  Graph b = small_graph(false);
  damage(b);
  const gsssp_csr bc = b.csr();
  check_status(gsssp_csr_validate(&bc), GSSSP_ERROR_INVALID_GRAPH, what);
  if (named != nullptr) {
    check(std::strstr(gsssp_last_error(), named) != nullptr, "%s: the text names '%s': '%s'", what, named,
          gsssp_last_error());
  }
}

TEST_F(CsrValidate, NamesTheBadIndex) {
  expect_invalid("validate non-monotone", "index 4", [](Graph& b) { b.offsets[4] = 5; });  // 9 -> 5 -> 14
  expect_invalid("validate target out of range", "edge 5", [](Graph& b) { b.targets[5] = 8; });
  expect_invalid("validate offsets[0] != 0", nullptr, [](Graph& b) { b.offsets[0] = 1; });
}

TEST_F(CsrValidate, RefusesInconsistentSizesAndNullArrays) {
  Graph g = small_graph(false);
  const gsssp_csr c = g.csr();
  gsssp_csr bc = c;
  bc.num_edges = 15;
  check_status(gsssp_csr_validate(&bc), GSSSP_ERROR_INVALID_GRAPH, "validate offsets[n] != m");
  bc = c;
  bc.num_vertices = int64_t{1} << 31;
  check_status(gsssp_csr_validate(&bc), GSSSP_ERROR_INVALID_GRAPH, "validate n > INT32_MAX");
  bc = c;
  bc.targets = nullptr;
  check_status(gsssp_csr_validate(&bc), GSSSP_ERROR_INVALID_ARGUMENT, "validate NULL targets");
}

TEST_F(CsrValidate, RefusesNanAndInfiniteWeights) {
  Graph b = small_graph(true);
  b.float_weights[3] = std::numeric_limits<float>::quiet_NaN();
  gsssp_csr bc = b.csr();
  check_status(gsssp_csr_validate(&bc), GSSSP_ERROR_INVALID_GRAPH, "validate NaN weight");
  b.float_weights[3] = std::numeric_limits<float>::infinity();
  bc = b.csr();
  check_status(gsssp_csr_validate(&bc), GSSSP_ERROR_INVALID_GRAPH, "validate inf weight");
}

TEST_F(CsrValidate, AcceptsTheEmptyGraphButNoQueryOnIt) {
  Graph empty;
  empty.name = "empty";
  gsssp_csr ec = empty.csr();
  check_status(gsssp_csr_validate(&ec), GSSSP_SUCCESS, "validate n = 0");
  int64_t d = 0;
  check_status(gsssp_cpu_sssp(&ec, GSSSP_ALGORITHM_CPU_DIJKSTRA, 0, nullptr, &d, nullptr, nullptr),
               GSSSP_ERROR_INVALID_ARGUMENT, "cpu_sssp on n = 0");
}

TEST_F(CpuSssp, RefusesBadArguments) {
  Graph g = small_graph(false);
  const gsssp_csr c = g.csr();
  std::vector<int64_t> d(8);
  std::vector<int32_t> p(8);
  check_status(gsssp_cpu_sssp(&c, GSSSP_ALGORITHM_BELLMAN_FORD, 0, nullptr, d.data(), p.data(), nullptr),
               GSSSP_ERROR_INVALID_ARGUMENT, "cpu_sssp with a GPU algorithm");
  check_status(gsssp_cpu_sssp(&c, 99, 0, nullptr, d.data(), p.data(), nullptr), GSSSP_ERROR_INVALID_ARGUMENT,
               "cpu_sssp with an unknown algorithm");
  check_status(gsssp_cpu_sssp(&c, GSSSP_ALGORITHM_CPU_DIJKSTRA, 8, nullptr, d.data(), p.data(), nullptr),
               GSSSP_ERROR_INVALID_ARGUMENT, "cpu_sssp source out of range");
  check_status(gsssp_cpu_sssp(&c, GSSSP_ALGORITHM_CPU_DIJKSTRA, -1, nullptr, d.data(), p.data(), nullptr),
               GSSSP_ERROR_INVALID_ARGUMENT, "cpu_sssp negative source");
  check_status(gsssp_cpu_sssp(&c, GSSSP_ALGORITHM_CPU_DIJKSTRA, 0, nullptr, nullptr, p.data(), nullptr),
               GSSSP_ERROR_INVALID_ARGUMENT, "cpu_sssp NULL distances");
  gsssp_options o;
  gsssp_options_init(&o);
  o.block_size = 33;
  check_status(gsssp_cpu_sssp(&c, GSSSP_ALGORITHM_CPU_DIJKSTRA, 0, &o, d.data(), p.data(), nullptr),
               GSSSP_ERROR_INVALID_ARGUMENT, "cpu_sssp block_size 33");
}

TEST_F(CpuSssp, SmallGraphDistancesTreeAndStats) {
  for (bool is_float : {false, true}) {
    Graph s = small_graph(is_float);
    Result r = run_cpu(s, 0);
    check_status(r.status, GSSSP_SUCCESS, "cpu_sssp small");
    // d2 = 1, d3 = d2 + 1, d5 = d3 + 0, d6 = d2 + 2, d4 = d3 + 5, d7 = d6 + 0.
    const double expected[8] = {0, 4, 1, 2, 7, 2, 3, 3};
    bool same = true;
    for (int v = 0; v < 8; ++v) {
      double got;
      if (is_float) std::memcpy(&got, &r.raw[v], sizeof(got));
      else got = static_cast<double>(r.raw[v]);
      same = same && got == expected[v];
    }
    check(same, "cpu_sssp small (%s): wrong distances", is_float ? "float" : "int");
    check_tree(s, 0, r, std::string("cpu small ") + (is_float ? "float" : "int"));
    check(r.stats.vertices_reached == 8 && r.stats.iterations == 8 && r.stats.edges_relaxed == 16,
          "cpu stats small: reached %lld iterations %lld edges %lld", (long long)r.stats.vertices_reached,
          (long long)r.stats.iterations, (long long)r.stats.edges_relaxed);
    // Unreachable vertices from 7 (no out-edges).
    Result u = run_cpu(s, 7);
    check(u.status == 0 && u.pred[0] == -1 && !reached(s, u, 0) && u.stats.vertices_reached == 1,
          "cpu_sssp from a sink");
  }
}

TEST_F(CpuSssp, LeavesPredecessorsAloneWhenNotAsked) {
  Graph g = small_graph(false);
  const gsssp_csr c = g.csr();
  std::vector<int64_t> d(8);
  gsssp_options o;
  gsssp_options_init(&o);
  o.compute_predecessors = 0;
  std::vector<int32_t> untouched(8, -7);
  check_status(gsssp_cpu_sssp(&c, GSSSP_ALGORITHM_CPU_DIJKSTRA, 0, &o, d.data(), untouched.data(), nullptr),
               GSSSP_SUCCESS, "cpu_sssp without predecessors");
  check(std::all_of(untouched.begin(), untouched.end(), [](int32_t x) { return x == -7; }),
        "cpu_sssp wrote predecessors although compute_predecessors = 0");
}

TEST_F(CpuSssp, NegativeWeightTextAsDocumented) {
  Graph s = small_graph(false);
  s.int_weights[12] = -5;
  gsssp_csr sc = s.csr();
  std::vector<int64_t> d(8);
  std::vector<int32_t> p(8);
  check_status(gsssp_cpu_sssp(&sc, GSSSP_ALGORITHM_CPU_DIJKSTRA, 0, nullptr, d.data(), p.data(), nullptr),
               GSSSP_ERROR_UNSUPPORTED, "cpu_sssp negative weight");
  check(std::strcmp(gsssp_last_error(), "negative weight -5 on edge 12 (3 -> 7); use H-BF; without a GPU, "
                                        "CPU_BELLMAN_FORD takes negative weights") == 0,
        "negative weight text: '%s'", gsssp_last_error());
}

// 0 -> 1 -> 2 with 3e38 each overflows float; a second path that rescues vertex 2 does not.
TEST_F(CpuSssp, FloatOverflowOnlyOnAShortestPath) {
  Graph o = overflow_graph();
  Result r = run_cpu(o, 0);
  check_status(r.status, GSSSP_ERROR_OVERFLOW, "cpu_sssp float overflow");
  o.offsets = {0, 2, 3, 3};
  o.targets = {1, 2, 2};
  o.float_weights = {3e38f, 1.0f, 3e38f};
  r = run_cpu(o, 0);
  check_status(r.status, GSSSP_SUCCESS, "cpu_sssp float overflow on a non-shortest path");
}

// A chain of equal heavy weights: Dial's buckets (largest weight <= 65,535) wrap around their ring thousands of
// times, with every key between two vertices empty (the next occupied bucket found through all three levels of
// occupancy bits from 4,096 on); the radix heap (65,536) gives the same answers.
TEST_F(CpuSssp, HeavyChainInBucketsAndRadixHeap) {
  for (int32_t w : {1, 63, 64, 65, 1000, 1024, 1025, 4095, 4096, 4097, 65535, 65536}) {
    Graph chain;
    chain.name = "heavy-chain";
    chain.n = 5000;
    chain.offsets.clear();
    for (int64_t v = 0; v < chain.n; ++v) chain.offsets.push_back(v);  // offsets[v] = v for v < n
    chain.offsets.push_back(chain.n - 1);
    for (int64_t v = 0; v + 1 < chain.n; ++v) {
      chain.targets.push_back(static_cast<int32_t>(v + 1));
      chain.int_weights.push_back(w);
    }
    const Result r = run_cpu(chain, 0);
    bool exact = r.status == GSSSP_SUCCESS;
    for (int64_t v = 0; v < chain.n && exact; ++v) exact = r.raw[static_cast<size_t>(v)] == v * w;
    check(exact, "chain of 5,000 with weight %d: status %d or a wrong distance", w, r.status);
    check_tree(chain, 0, r, "heavy chain");
  }
}

// Dial's buckets with wide weights (InlineBuckets from 4,096 buckets, cpu/dijkstra.cpp), against a textbook Dijkstra
// (std::priority_queue) written here: random graphs with largest weights around the layouts' boundary, a star whose
// leaves all share one key (a bucket past its inline entries), and searches stopped at targets (entries left behind)
// followed by full ones on the same thread's queue.
TEST_F(CpuSssp, WideWeightBucketsMatchATextbookDijkstra) {
  auto reference = [](const Graph& g, int64_t source) {
    std::vector<int64_t> d(static_cast<size_t>(g.n), GSSSP_INT_INFINITY);
    using Entry = std::pair<int64_t, int64_t>;
    std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>> q;
    d[static_cast<size_t>(source)] = 0;
    q.push({0, source});
    while (!q.empty()) {
      const auto [du, u] = q.top();
      q.pop();
      if (du != d[static_cast<size_t>(u)]) continue;
      for (int64_t e = g.offsets[u]; e < g.offsets[u + 1]; ++e) {
        const int64_t v = g.targets[static_cast<size_t>(e)];
        const int64_t c = du + g.int_weights[static_cast<size_t>(e)];
        if (c < d[static_cast<size_t>(v)]) {
          d[static_cast<size_t>(v)] = c;
          q.push({c, v});
        }
      }
    }
    return d;
  };
  std::vector<Graph> graphs;
  for (int32_t max_weight : {2047, 2048, 4095, 4096, 12711, 65535}) {
    WeightRule rule;
    rule.max_int = max_weight;
    graphs.push_back(build("wide-" + std::to_string(max_weight), uniform_edges(3000, 12000, rng), rule, rng));
  }
  {
    // A hub whose 1,000 out-neighbours all sit at key 5,000, each with an edge on to a vertex of its own (1,001 ..
    // 2,000) that only it reaches: a bucket of 1,000 entries, every one of which must be taken.
    EdgeList fan;
    fan.n = 2001;
    for (int64_t v = 1; v <= 1000; ++v) fan.add(0, v), fan.add(v, v + 1000);
    WeightRule rule;
    rule.max_int = 5000;
    Graph g = build("wide-fan", fan, rule, rng);
    for (int64_t u = 0; u < g.n; ++u) {
      for (int64_t e = g.offsets[u]; e < g.offsets[u + 1]; ++e) {
        if (u == 0) g.int_weights[static_cast<size_t>(e)] = 5000;
      }
    }
    graphs.push_back(g);
  }
  int64_t compared = 0;
  for (const Graph& g : graphs) {
    const gsssp_csr c = g.csr();
    for (const int64_t source : {int64_t{0}, largest_out_degree(g), g.n / 2}) {
      const std::vector<int64_t> want = reference(g, source);
      // Stopped at a few targets first: the queue keeps entries, which the next search must not see.
      const std::vector<int32_t> targets = {static_cast<int32_t>(g.n - 1), static_cast<int32_t>(g.n / 3)};
      gsssp_options stop = target_options(targets);
      std::vector<int64_t> partial(static_cast<size_t>(g.n));
      check_status(gsssp_cpu_sssp(&c, GSSSP_ALGORITHM_CPU_DIJKSTRA, source, &stop, partial.data(), nullptr, nullptr),
                   GSSSP_SUCCESS, "cpu_sssp stopped at targets");
      for (const int32_t t : targets) {
        check(partial[static_cast<size_t>(t)] == want[static_cast<size_t>(t)],
              "%s from %lld: target %d at %lld, expected %lld", g.name.c_str(), static_cast<long long>(source), t,
              static_cast<long long>(partial[static_cast<size_t>(t)]), static_cast<long long>(want[static_cast<size_t>(t)]));
      }
      const Result full = run_cpu(g, source);
      int64_t wrong = 0;
      for (int64_t v = 0; v < g.n; ++v) wrong += full.raw[static_cast<size_t>(v)] != want[static_cast<size_t>(v)] ? 1 : 0;
      check(full.status == GSSSP_SUCCESS && wrong == 0, "%s from %lld: status %d, %lld distances differ from the textbook's",
            g.name.c_str(), static_cast<long long>(source), full.status, static_cast<long long>(wrong));
      int64_t finite = 0;
      for (const int64_t d : want) finite += d != GSSSP_INT_INFINITY ? 1 : 0;
      check(full.stats.vertices_reached == finite && full.stats.iterations == finite,
            "%s from %lld: %lld vertices reached, %lld extractions, the textbook reaches %lld", g.name.c_str(),
            static_cast<long long>(source), static_cast<long long>(full.stats.vertices_reached),
            static_cast<long long>(full.stats.iterations), static_cast<long long>(finite));
      check_tree(g, source, full, g.name + " tree");
      ++compared;
    }
  }
  std::printf("wide-weight buckets: %lld searches compared\n", static_cast<long long>(compared));
}

TEST_F(CpuSssp, SingleVertexWithoutEdges) {
  Graph one;
  one.name = "single";
  one.n = 1;
  one.offsets = {0, 0};
  Result r = run_cpu(one, 0);
  check(r.status == 0 && r.raw[0] == 0 && r.pred[0] == -1 && r.stats.vertices_reached == 1, "cpu_sssp n = 1");
}

TEST_F(HostApi, NullHandlesAreHandled) {
  check_status(gsssp_device_graph_destroy(nullptr), GSSSP_SUCCESS, "destroy(NULL)");
  int32_t fit = -1;
  check_status(gsssp_device_graph_block_fit(nullptr, &fit), GSSSP_ERROR_INVALID_ARGUMENT, "block_fit(NULL graph)");
}

// What the device entry points answer on a machine without a GPU (CI): GSSSP_ERROR_NO_GPU, after validating.
TEST_F(HostApi, DeviceCallsWithoutAGpu) {
  if (device_count() != 0) GTEST_SKIP() << "a CUDA device is present; this test is the no-GPU answers";
  Graph g = small_graph(false);
  const gsssp_csr c = g.csr();
  gsssp_device_info info;
  check_status(gsssp_device_get_info(0, &info), GSSSP_ERROR_NO_GPU, "device_get_info without a GPU");
  gsssp_device_graph_t dg = nullptr;
  check_status(gsssp_device_graph_create(&dg, 0, &c), GSSSP_ERROR_NO_GPU, "device_graph_create without a GPU");
  check(dg == nullptr, "device_graph_create left *out set");
  Graph b = g;
  b.targets[0] = 99;
  gsssp_csr bc = b.csr();
  check_status(gsssp_device_graph_create(&dg, 0, &bc), GSSSP_ERROR_INVALID_GRAPH,
               "device_graph_create validates before looking for a GPU");
  int calls = 0;
  const gsssp_progress_fn count = [](int64_t, int64_t, void* user) {
    ++*static_cast<int*>(user);
    return 0;
  };
  check_status(gsssp_device_graph_create_with_progress(&dg, 0, &c, count, &calls), GSSSP_ERROR_NO_GPU,
               "device_graph_create_with_progress without a GPU");
  check(dg == nullptr && calls == 0, "no GPU: handle %p, %d progress calls", static_cast<void*>(dg), calls);
}

// ---- beyond 2^31 edges ------------------------------------------------------------------------------
// The issue "Beyond 2^31 edges on one GPU", on the host: a CSR of 2^31 + 3 edges whose targets and weights are
// anonymous private mappings (MAP_NORESERVE): untouched pages read as the kernel's zero page, so the 17 GB of
// arrays take no memory. Vertex 0 owns every edge but the last two: 2^31 self-loops of weight 0 (the zero pages)
// and, at index 2^31, 0 -> 1 of weight 7; then 1 -> 2 (5) and 2 -> 0 (1). Distances from 0: {0, 7, 12}.

constexpr int64_t kLargeM = (int64_t{1} << 31) + 3;
constexpr int64_t kFar = int64_t{1} << 31;  // the index of 0 -> 1, past every int32

struct LargeCsrGraph {
  ZeroPages<int32_t> targets{kLargeM};
  ZeroPages<int32_t> weights{kLargeM};
  int64_t offsets[4] = {0, kLargeM - 2, kLargeM - 1, kLargeM};

  bool mapped() const { return targets.data != nullptr && weights.data != nullptr; }
  std::string why() const { return targets.data == nullptr ? targets.error : weights.error; }
  void write_last_edges() {
    targets.data[kFar] = 1;
    weights.data[kFar] = 7;
    targets.data[kLargeM - 2] = 2;
    weights.data[kLargeM - 2] = 5;
    targets.data[kLargeM - 1] = 0;
    weights.data[kLargeM - 1] = 1;
  }
  gsssp_csr csr() const {
    gsssp_csr c;
    c.num_vertices = 3;
    c.num_edges = kLargeM;
    c.offsets = offsets;
    c.targets = targets.data;
    c.weights = weights.data;
    c.weight_type = GSSSP_WEIGHT_INT32;
    return c;
  }
};

using LargeCsr = HostTest;

TEST_F(LargeCsr, ValidatesAndAnswersBeyond2To31Edges) {
  LargeCsrGraph g;
  if (!g.mapped()) GTEST_SKIP() << "cannot map 2 x 8 GiB of zero pages (MAP_NORESERVE): " << g.why();
  g.write_last_edges();
  const gsssp_csr c = g.csr();
  double t = now_ms();
  check_status(gsssp_csr_validate(&c), GSSSP_SUCCESS, "validate 2^31 + 3 edges");
  std::printf("[ LargeCsr ] validate: %.0f ms\n", now_ms() - t);
  const int32_t algorithms[] = {GSSSP_ALGORITHM_CPU_DIJKSTRA, GSSSP_ALGORITHM_CPU_BELLMAN_FORD};
  for (const int32_t algorithm : algorithms) {
    int64_t d[3] = {-1, -1, -1};
    int32_t p[3] = {-2, -2, -2};
    gsssp_stats stats{};
    t = now_ms();
    check_status(gsssp_cpu_sssp(&c, algorithm, 0, nullptr, d, p, &stats), GSSSP_SUCCESS, "cpu_sssp 2^31 + 3 edges");
    std::printf("[ LargeCsr ] %s: %.0f ms\n", gsssp_algorithm_info(algorithm, nullptr), now_ms() - t);
    check(d[0] == 0 && d[1] == 7 && d[2] == 12, "%s on 2^31 + 3 edges: distances %lld %lld %lld, expected 0 7 12",
          gsssp_algorithm_info(algorithm, nullptr), static_cast<long long>(d[0]), static_cast<long long>(d[1]),
          static_cast<long long>(d[2]));
    check(p[0] == -1 && p[1] == 0 && p[2] == 1, "%s on 2^31 + 3 edges: predecessors %d %d %d, expected -1 0 1",
          gsssp_algorithm_info(algorithm, nullptr), p[0], p[1], p[2]);
    check(stats.vertices_reached == 3, "%s: vertices_reached %lld", gsssp_algorithm_info(algorithm, nullptr),
          static_cast<long long>(stats.vertices_reached));
    // every edge is relaxed at least once: a 32-bit edge counter would have wrapped
    check(stats.edges_relaxed >= kLargeM, "%s: edges_relaxed %lld, fewer than the %lld edges",
          gsssp_algorithm_info(algorithm, nullptr), static_cast<long long>(stats.edges_relaxed),
          static_cast<long long>(kLargeM));
  }
}

TEST_F(LargeCsr, RefusesABadTargetPast2To31) {
  LargeCsrGraph g;
  if (!g.mapped()) GTEST_SKIP() << "cannot map 2 x 8 GiB of zero pages (MAP_NORESERVE): " << g.why();
  g.write_last_edges();
  g.targets.data[kFar] = 3;  // n = 3
  const gsssp_csr c = g.csr();
  check_status(gsssp_csr_validate(&c), GSSSP_ERROR_INVALID_GRAPH, "validate a bad target at edge 2^31");
  check(std::strstr(gsssp_last_error(), "edge 2147483648 (from vertex 0)") != nullptr,
        "the text names edge 2^31 and its source: '%s'", gsssp_last_error());
  int64_t d[3];
  check_status(gsssp_cpu_sssp(&c, GSSSP_ALGORITHM_CPU_DIJKSTRA, 0, nullptr, d, nullptr, nullptr),
               GSSSP_ERROR_INVALID_GRAPH, "cpu_sssp with a bad target at edge 2^31");
}

// Partitioned graphs: what gsssp_partitioned_graph_create checks on the host, before it looks for a GPU (arguments,
// the CSR, negative weights, the cap), and what it answers without one.
TEST_F(HostApi, PartitionedCreateChecksBeforeTheGpu) {
  Graph g = small_graph(false);
  const gsssp_csr c = g.csr();
  const int32_t devices[] = {0, 0, 0};
  gsssp_partitioned_graph_t pg = nullptr;
  const int32_t kPeer = GSSSP_EXCHANGE_PEER_COPIES;
  check_status(gsssp_partitioned_graph_create(nullptr, devices, 2, &c, 0, kPeer),
               GSSSP_ERROR_INVALID_ARGUMENT, "out NULL");
  check_status(gsssp_partitioned_graph_create(&pg, nullptr, 2, &c, 0, kPeer),
               GSSSP_ERROR_INVALID_ARGUMENT, "devices NULL");
  check_status(gsssp_partitioned_graph_create(&pg, devices, 0, &c, 0, kPeer),
               GSSSP_ERROR_INVALID_ARGUMENT, "no devices");
  check_status(gsssp_partitioned_graph_create(&pg, devices, 65, &c, 0, kPeer),
               GSSSP_ERROR_INVALID_ARGUMENT, "65 devices");
  check_status(gsssp_partitioned_graph_create(&pg, devices, 2, &c, -1, kPeer),
               GSSSP_ERROR_INVALID_ARGUMENT, "negative cap");
  check_status(gsssp_partitioned_graph_create(&pg, devices, 2, nullptr, 0, kPeer),
               GSSSP_ERROR_INVALID_ARGUMENT, "graph NULL");
  Graph bad = g;
  bad.targets[0] = 99;
  const gsssp_csr bc = bad.csr();
  check_status(gsssp_partitioned_graph_create(&pg, devices, 2, &bc, 0, kPeer),
               GSSSP_ERROR_INVALID_GRAPH, "invalid graph");
  Graph negative = g;
  negative.int_weights[2] = -1;
  const gsssp_csr nc = negative.csr();
  check_status(gsssp_partitioned_graph_create(&pg, devices, 2, &nc, 0, kPeer),
               GSSSP_ERROR_UNSUPPORTED, "negative weight");
  check(std::strstr(gsssp_last_error(), "H-BF takes negative weights; the partitioned search does not") != nullptr,
        "negative weight text: '%s'", gsssp_last_error());
  check_status(gsssp_partitioned_graph_create(&pg, devices, 3, &c, 100, kPeer),
               GSSSP_ERROR_OUT_OF_DEVICE_MEMORY, "cap 100");
  check(std::strstr(gsssp_last_error(), "max_bytes_per_device is 100") != nullptr, "cap text: '%s'", gsssp_last_error());
  check(pg == nullptr, "a refused create left *out set");
  check_status(gsssp_partitioned_graph_destroy(nullptr), GSSSP_SUCCESS, "destroy(NULL)");
  check_status(gsssp_partitioned_graph_cancel(nullptr), GSSSP_ERROR_INVALID_ARGUMENT, "cancel(NULL)");
  check_status(gsssp_partitioned_graph_sssp(nullptr, 0, nullptr, nullptr, nullptr), GSSSP_ERROR_INVALID_ARGUMENT,
               "sssp(NULL)");
  check_status(gsssp_partitioned_graph_info(nullptr, nullptr, nullptr, 0), GSSSP_ERROR_INVALID_ARGUMENT, "info(NULL)");
  if (device_count() == 0) {
    check_status(gsssp_partitioned_graph_create(&pg, devices, 2, &c, 0, kPeer),
                 GSSSP_ERROR_NO_GPU, "valid input, no GPU");
    check(pg == nullptr, "no GPU: *out set");
  }
}

// The exchange argument on the host: values outside gsssp_partition_exchange; NCCL over a device listed twice
// (refused before NCCL is looked for and before the GPUs); NCCL from a GSSSP_NCCL_LIBRARY that does not exist (refused
// before the GPUs, naming the path), which also leaves NCCL_NVLS_ENABLE=0 in the environment where it was unset.
TEST_F(HostApi, PartitionedExchangeChecksBeforeTheGpu) {
  Graph g = small_graph(false);
  const gsssp_csr c = g.csr();
  gsssp_partitioned_graph_t pg = nullptr;
  const int32_t repeated[] = {0, 1, 0};
  const int32_t distinct[] = {0, 1};
  check_status(gsssp_partitioned_graph_create(&pg, distinct, 2, &c, 0, 2), GSSSP_ERROR_INVALID_ARGUMENT, "exchange 2");
  check(std::strstr(gsssp_last_error(), "gsssp_partition_exchange") != nullptr, "exchange text: '%s'",
        gsssp_last_error());
  check_status(gsssp_partitioned_graph_create(&pg, distinct, 2, &c, 0, -1), GSSSP_ERROR_INVALID_ARGUMENT,
               "exchange -1");
  check_status(gsssp_partitioned_graph_create(&pg, repeated, 3, &c, 0, GSSSP_EXCHANGE_NCCL), GSSSP_ERROR_UNSUPPORTED,
               "NCCL over a repeated device");
  check(std::strstr(gsssp_last_error(), "the NCCL exchange needs distinct devices") != nullptr &&
            std::strstr(gsssp_last_error(), "device 0 is listed twice (devices[0] and devices[2])") != nullptr,
        "repeated device text: '%s'", gsssp_last_error());

  const char* old_library = std::getenv("GSSSP_NCCL_LIBRARY");
  const std::string saved = old_library != nullptr ? old_library : "";
  const bool nvls_was_set = std::getenv("NCCL_NVLS_ENABLE") != nullptr;
  const char* missing = "/nonexistent/gsssp-test/libnccl.so.2";
  setenv("GSSSP_NCCL_LIBRARY", missing, 1);
  check_status(gsssp_partitioned_graph_create(&pg, distinct, 2, &c, 0, GSSSP_EXCHANGE_NCCL), GSSSP_ERROR_UNSUPPORTED,
               "NCCL from a missing GSSSP_NCCL_LIBRARY");
  check(std::strstr(gsssp_last_error(), "GSSSP_NCCL_LIBRARY") != nullptr &&
            std::strstr(gsssp_last_error(), missing) != nullptr,
        "missing library text: '%s'", gsssp_last_error());
  check(pg == nullptr, "a refused create left *out set");
  if (!nvls_was_set) {
    const char* nvls = std::getenv("NCCL_NVLS_ENABLE");
    check(nvls != nullptr && std::strcmp(nvls, "0") == 0, "NCCL_NVLS_ENABLE is '%s', not 0",
          nvls != nullptr ? nvls : "(unset)");
  }
  if (old_library != nullptr) {
    setenv("GSSSP_NCCL_LIBRARY", saved.c_str(), 1);
  } else {
    unsetenv("GSSSP_NCCL_LIBRARY");
  }
}

}  // namespace
}  // namespace gsssp_test
