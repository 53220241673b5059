// PHAST, batched PHAST and RPHAST (GSSSP_ALGORITHM_PHAST on a device graph with a contraction hierarchy attached)
// against CPU Dijkstra: one-to-all distances and the predecessor tree the common tail derives, resident results and
// their certificate, batches of rows (one launch and several), matrices (RPHAST's restricted sweep), on rome99, road
// NY (GSSSP_GRAPHS_DIR, default /work/shared/graphs; skipped with a note when absent), generated road-like graphs
// (grids with one-way and missing streets) and seeded random directed graphs (zero weights, parallel arcs, self loops,
// unreachable vertices). Hierarchies from the library's builder (gsssp_ch_build) and, for the small graphs, from the
// test's own exact builder (phast_test_hierarchy.hpp) through gsssp_ch_from_view, so that the sweep is checked on a
// hierarchy the library did not make. And the refusals: PHAST without a hierarchy, a second attach, a hierarchy of
// another graph, a float graph.
#include <cstdlib>
#include <memory>

#include "phast_test_hierarchy.hpp"
#include "test_main.hpp"

namespace gsssp_test {
namespace {

std::string graphs_dir() {
  const char* env = std::getenv("GSSSP_GRAPHS_DIR");
  return env != nullptr ? env : "/work/shared/graphs";
}

// A hierarchy handle, destroyed with the scope.
struct ChHandle {
  gsssp_ch_t ch = nullptr;
  ~ChHandle() { gsssp_ch_destroy(ch); }
};

// The library's hierarchy of g; false (and a printed reason) when the builder refuses the graph.
bool build_ch(const Graph& g, ChHandle& out) {
  const gsssp_csr c = g.csr();
  const int status = gsssp_ch_build(&out.ch, &c, nullptr);
  if (status != GSSSP_SUCCESS) {
    std::printf("%s: gsssp_ch_build refused it (status %d: %s)\n", g.name.c_str(), status, gsssp_last_error());
    return false;
  }
  return true;
}

// The test's exact hierarchy of g (quadratic: small graphs), as a handle over its arrays (kept in `arrays`).
bool naive_ch(const Graph& g, TestHierarchy& arrays, ChHandle& out) {
  arrays = naive_hierarchy(g.n, g.offsets, g.targets, g.int_weights);
  const gsssp_csr c = g.csr();
  gsssp_ch_view view{};
  view.vertex_count = g.n;
  view.up_arc_count = static_cast<int64_t>(arrays.up_heads.size());
  view.down_arc_count = static_cast<int64_t>(arrays.down_tails.size());
  if (!check_status(gsssp_csr_checksum(&c, &view.graph_checksum), GSSSP_SUCCESS, "checksum")) return false;
  view.rank = arrays.rank.data();
  view.up_offsets = arrays.up_offsets.data();
  view.up_heads = arrays.up_heads.data();
  view.up_weights = arrays.up_weights.data();
  view.up_middles = arrays.up_middles.data();
  view.down_offsets = arrays.down_offsets.data();
  view.down_tails = arrays.down_tails.data();
  view.down_weights = arrays.down_weights.data();
  view.down_middles = arrays.down_middles.data();
  return check_status(gsssp_ch_from_view(&out.ch, &c, &view), GSSSP_SUCCESS, (g.name + ": ch_from_view").c_str());
}

// A resident PHAST result from `source`: its copy equals the CPU's, and its certificate holds.
void verify_resident_phast(gsssp_device_graph_t dg, const Graph& g, int64_t source, const Result& cpu) {
  const std::string what = "resident PHAST " + g.name + " src=" + std::to_string(source);
  gsssp_options o;
  gsssp_options_init(&o);
  o.compute_predecessors = 0;
  gsssp_device_result_t result = nullptr;
  if (!check_status(gsssp_device_graph_sssp_resident(dg, GSSSP_ALGORITHM_PHAST, source, &o, &result, nullptr),
                    GSSSP_SUCCESS, what.c_str())) {
    return;
  }
  std::vector<int64_t> copy(static_cast<size_t>(g.n), -7);
  check_status(gsssp_device_result_copy(result, copy.data(), nullptr), GSSSP_SUCCESS, (what + " copy").c_str());
  check(copy == cpu.raw, "%s: distances differ from CPU Dijkstra", what.c_str());
  gsssp_certificate certificate{};
  check_status(gsssp_device_result_certify(result, &certificate), GSSSP_SUCCESS, (what + " certify").c_str());
  check(certificate.violation == GSSSP_CERTIFICATE_HOLDS, "%s: certificate violation %d at vertex %lld", what.c_str(),
        certificate.violation, static_cast<long long>(certificate.vertex));
  check_status(gsssp_device_result_destroy(result), GSSSP_SUCCESS, (what + " destroy").c_str());
}

// More sources than one launch sweeps (256), into a matrix over many targets: RPHAST's chunks and its selection.
void verify_wide_matrix(gsssp_device_graph_t dg, const Graph& g, std::mt19937_64& rng, int64_t sources_count,
                        int64_t target_count) {
  std::uniform_int_distribution<int64_t> pick(0, g.n - 1);
  std::vector<int64_t> sources(static_cast<size_t>(sources_count));
  for (auto& s : sources) s = pick(rng);
  std::vector<int32_t> targets(static_cast<size_t>(target_count));
  for (auto& t : targets) t = static_cast<int32_t>(pick(rng));
  std::vector<int64_t> matrix(sources.size() * targets.size(), -7);
  const std::string what = "PHAST matrix " + g.name + " " + std::to_string(sources_count) + "x" +
                           std::to_string(target_count);
  gsssp_stats stats{};
  if (!check_status(gsssp_device_graph_sssp_batch(dg, GSSSP_ALGORITHM_PHAST, sources.data(), sources_count,
                                                  targets.data(), target_count, nullptr, matrix.data(), nullptr, &stats),
                    GSSSP_SUCCESS, what.c_str())) {
    return;
  }
  // Checked on a sample of rows (a CPU Dijkstra each).
  for (int64_t i = 0; i < sources_count; i += std::max<int64_t>(1, sources_count / 9)) {
    const Result cpu = run_cpu(g, sources[static_cast<size_t>(i)]);
    for (int64_t t = 0; t < target_count; ++t) {
      const int64_t got = matrix[static_cast<size_t>(i * target_count + t)];
      const int64_t want = cpu.raw[static_cast<size_t>(targets[static_cast<size_t>(t)])];
      if (!check(got == want, "%s: cell (%lld, %lld) is %lld, CPU %lld", what.c_str(), static_cast<long long>(i),
                 static_cast<long long>(t), static_cast<long long>(got), static_cast<long long>(want))) {
        return;
      }
    }
  }
}

// Everything PHAST answers on one graph with `ch` attached.
void verify_phast(const Graph& g, gsssp_ch_t ch, std::mt19937_64& rng, int sources) {
  gsssp_device_graph_t dg = upload(g);
  if (dg == nullptr) return;
  if (check_status(gsssp_device_graph_attach_ch(dg, ch), GSSSP_SUCCESS, (g.name + ": attach").c_str())) {
    std::uniform_int_distribution<int64_t> pick(0, g.n - 1);
    for (int s = 0; s < sources; ++s) {
      const int64_t source = s == 0 ? 0 : pick(rng);
      const Result cpu = run_cpu(g, source);
      if (!check(cpu.status == GSSSP_SUCCESS, "%s: CPU status %d", g.name.c_str(), cpu.status)) continue;
      compare(g, source, GSSSP_ALGORITHM_PHAST, cpu, run_gpu(dg, g, GSSSP_ALGORITHM_PHAST, source));
      gsssp_options certified;
      gsssp_options_init(&certified);
      certified.certify = 1;
      certified.compute_predecessors = 0;
      compare(g, source, GSSSP_ALGORITHM_PHAST, cpu, run_gpu(dg, g, GSSSP_ALGORITHM_PHAST, source, &certified),
              /*with_tree=*/false);
      if (s < 2) verify_resident_phast(dg, g, source, cpu);
    }
    verify_batch(dg, g, rng, GSSSP_ALGORITHM_PHAST);
    if (g.n <= 20000) verify_wide_matrix(dg, g, rng, 300, std::min<int64_t>(g.n, 200));
  }
  check_status(gsssp_device_graph_destroy(dg), GSSSP_SUCCESS, "destroy");
}

// Road-like: a grid whose streets are two-way, one-way (10% each direction) or missing (5%), weights 1..1000, and
// 10% of them 0 when `zeros`.
Graph road_like(int64_t width, int64_t height, bool zeros, std::mt19937_64& rng) {
  EdgeList list;
  list.n = width * height;
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  auto street = [&](int64_t a, int64_t b) {
    const double kind = unit(rng);
    if (kind < 0.05) return;
    if (kind < 0.15) {
      list.add(a, b);
    } else if (kind < 0.25) {
      list.add(b, a);
    } else {
      list.add(a, b);
      list.add(b, a);
    }
  };
  for (int64_t y = 0; y < height; ++y) {
    for (int64_t x = 0; x < width; ++x) {
      const int64_t v = y * width + x;
      if (x + 1 < width) street(v, v + 1);
      if (y + 1 < height) street(v, v + width);
    }
  }
  WeightRule rule;
  rule.max_int = 1000;
  rule.zero_fraction = zeros ? 0.1 : 0.0;
  return build("road-like " + std::to_string(width) + "x" + std::to_string(height), list, rule, rng);
}

Graph random_directed(int64_t n, int64_t m, std::mt19937_64& rng) {
  WeightRule rule;
  rule.max_int = 100;
  rule.zero_fraction = 0.3;
  Graph g = build("random " + std::to_string(n) + "x" + std::to_string(m), uniform_edges(n, m, rng), rule, rng);
  return g;
}

class Phast : public GpuTest {};

TEST_F(Phast, Rome99) {
  Graph g;
  if (!load_dimacs(graphs_dir() + "/rome99.gr", g)) GTEST_SKIP() << "rome99.gr not in " << graphs_dir();
  ChHandle ch;
  ASSERT_TRUE(build_ch(g, ch));
  verify_phast(g, ch.ch, rng, 6);
  TestHierarchy arrays;
  ChHandle naive;
  if (naive_ch(g, arrays, naive)) verify_phast(g, naive.ch, rng, 3);
}

TEST_F(Phast, RoadNY) {
  Graph g;
  if (!load_dimacs(graphs_dir() + "/USA-road-d.NY.gr.gz", g)) GTEST_SKIP() << "USA-road-d.NY.gr.gz not in " << graphs_dir();
  ChHandle ch;
  ASSERT_TRUE(build_ch(g, ch));
  verify_phast(g, ch.ch, rng, 4);
}

TEST_F(Phast, RoadLikeGraphs) {
  for (const auto& [w, h, zeros] : {std::tuple{1, 1, false}, std::tuple{5, 3, true}, std::tuple{40, 25, false},
                                    std::tuple{120, 100, true}}) {
    const Graph g = road_like(w, h, zeros, rng);
    ChHandle ch;
    if (build_ch(g, ch)) verify_phast(g, ch.ch, rng, 4);
    if (g.n <= 1000) {
      TestHierarchy arrays;
      ChHandle naive;
      if (naive_ch(g, arrays, naive)) verify_phast(g, naive.ch, rng, 3);
    }
  }
}

TEST_F(Phast, RandomDirectedGraphs) {
  for (const auto& [n, m] : {std::pair{2, 3}, std::pair{17, 40}, std::pair{300, 600}, std::pair{800, 3200}}) {
    const Graph g = random_directed(n, m, rng);
    TestHierarchy arrays;
    ChHandle naive;
    if (naive_ch(g, arrays, naive)) verify_phast(g, naive.ch, rng, 4);
    ChHandle built;
    if (build_ch(g, built)) verify_phast(g, built.ch, rng, 3);
  }
}

TEST_F(Phast, Refusals) {
  const Graph g = road_like(12, 9, false, rng);
  const Graph other = road_like(12, 9, false, rng);  // same size, other streets and weights
  ChHandle ch;
  ASSERT_TRUE(build_ch(g, ch));
  int32_t flags = 0;
  const char* name = gsssp_algorithm_info(GSSSP_ALGORITHM_PHAST, &flags);
  check(name != nullptr && std::string(name) == "PHAST" && flags == 1, "algorithm_info(PHAST): %s, flags %d",
        name != nullptr ? name : "(null)", flags);

  gsssp_device_graph_t dg = upload(g);
  ASSERT_NE(dg, nullptr);
  std::vector<int64_t> d(static_cast<size_t>(g.n));
  check_status(gsssp_device_graph_sssp(dg, GSSSP_ALGORITHM_PHAST, 0, nullptr, d.data(), nullptr, nullptr),
               GSSSP_ERROR_UNSUPPORTED, "PHAST without a hierarchy");
  check(std::string(gsssp_last_error()).find("hierarchy") != std::string::npos, "message: %s", gsssp_last_error());
  int64_t source = 0;
  check_status(gsssp_device_graph_sssp_batch(dg, GSSSP_ALGORITHM_PHAST, &source, 1, nullptr, 0, nullptr, d.data(),
                                             nullptr, nullptr),
               GSSSP_ERROR_UNSUPPORTED, "PHAST batch without a hierarchy");
  check_status(gsssp_device_graph_attach_ch(dg, nullptr), GSSSP_ERROR_INVALID_ARGUMENT, "attach NULL");
  check_status(gsssp_device_graph_attach_ch(nullptr, ch.ch), GSSSP_ERROR_INVALID_ARGUMENT, "attach to NULL");
  check_status(gsssp_device_graph_attach_ch(dg, ch.ch), GSSSP_SUCCESS, "attach");
  check_status(gsssp_device_graph_attach_ch(dg, ch.ch), GSSSP_ERROR_INVALID_ARGUMENT, "second attach");
  check(std::string(gsssp_last_error()).find("already") != std::string::npos, "message: %s", gsssp_last_error());
  int64_t bytes = 0;
  check_status(gsssp_device_graph_memory(dg, &bytes), GSSSP_SUCCESS, "memory");
  check_status(gsssp_device_graph_destroy(dg), GSSSP_SUCCESS, "destroy");

  // A hierarchy of another graph of the same size.
  gsssp_device_graph_t wrong = upload(other);
  ASSERT_NE(wrong, nullptr);
  check_status(gsssp_device_graph_attach_ch(wrong, ch.ch), GSSSP_ERROR_INVALID_ARGUMENT, "attach to another graph");
  check_status(gsssp_device_graph_destroy(wrong), GSSSP_SUCCESS, "destroy");

  // A float graph.
  Graph as_float = g;
  as_float.is_float = true;
  as_float.float_weights.assign(g.int_weights.begin(), g.int_weights.end());
  gsssp_device_graph_t floats = upload(as_float);
  ASSERT_NE(floats, nullptr);
  check_status(gsssp_device_graph_attach_ch(floats, ch.ch), GSSSP_ERROR_UNSUPPORTED, "attach to a float graph");
  check_status(gsssp_device_graph_destroy(floats), GSSSP_SUCCESS, "destroy");
}

}  // namespace
}  // namespace gsssp_test
