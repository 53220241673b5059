// Cutoff queries (gsssp_options.has_cutoff) on the GPU: ADDS and Near-Far (which explore only the ball) and
// Bellman-Ford and Frontier (which clear beyond it in the query's tail) against CPU Dijkstra's full answer restricted
// to the cutoff, with and without predecessors, int and float weights, zero weights; cutoffs of 0, the exact distance
// of a vertex (the boundary: reached), just below it, and the ball of 1% and 30% of the vertices; the answer in every
// host format (8, 4 and 2 bytes; pageable and page-locked memory). The paths that refuse a cutoff (certify, batches)
// say so.
#include "test_main.hpp"

namespace gsssp_test {
namespace {

const int32_t kCutoffAlgorithms[] = {GSSSP_ALGORITHM_ADDS, GSSSP_ALGORITHM_NEAR_FAR, GSSSP_ALGORITHM_BELLMAN_FORD,
                                     GSSSP_ALGORITHM_FRONTIER};

void verify_cutoffs(const Graph& g, std::mt19937_64& rng, int sources) {
  gsssp_device_graph_t dg = upload(g);
  if (dg == nullptr) return;
  std::uniform_int_distribution<int64_t> pick(0, g.n - 1);
  for (int s = 0; s < sources; ++s) {
    const int64_t source = s == 0 ? 0 : pick(rng);
    const Result cpu = run_cpu(g, source);
    if (!check_status(cpu.status, GSSSP_SUCCESS, "CPU Dijkstra")) continue;
    std::vector<double> cutoffs = {0.0, cutoff_for_share(g, cpu, 0.01), cutoff_for_share(g, cpu, 0.3)};
    const double boundary = cutoff_for_share(g, cpu, 0.1);
    cutoffs.push_back(boundary);
    if (boundary > 0) cutoffs.push_back(g.is_float ? std::nextafter(boundary, 0.0) : boundary - 1);
    for (double cutoff : cutoffs) {
      for (int32_t algorithm : kCutoffAlgorithms) {
        for (int predecessors = 0; predecessors <= 1; ++predecessors) {
          gsssp_options o;
          gsssp_options_init(&o);
          o.compute_predecessors = predecessors;
          o.has_cutoff = 1;
          o.cutoff_int = static_cast<int64_t>(cutoff);
          o.cutoff_float = cutoff;
          const Result got = run_gpu(dg, g, algorithm, source, &o);
          const std::string what = g.name + (g.is_float ? " float" : " int") + " n=" + std::to_string(g.n) +
                                   " src=" + std::to_string(source) + " " + algorithm_name(algorithm) +
                                   (predecessors ? " tree" : "");
          if (same_ball(g, cpu, got, cutoff, predecessors != 0, what) && predecessors) {
            check_tree(g, source, got, what + " (tree in the ball)");
          }
        }
      }
    }
  }
  check_status(gsssp_device_graph_destroy(dg), GSSSP_SUCCESS, "destroy");
}

class Cutoffs : public GpuTest, public ::testing::WithParamInterface<bool> {
 protected:
  WeightRule rule(double zeros) const {
    WeightRule r;
    r.is_float = GetParam();
    r.zero_fraction = zeros;
    r.max_int = 1000;
    return r;
  }
};

TEST_P(Cutoffs, Uniform) { verify_cutoffs(build("uniform", uniform_edges(20000, 80000, rng), rule(0.0), rng), rng, 2); }
TEST_P(Cutoffs, GridWithZeros) { verify_cutoffs(build("grid", grid_edges(150, 150), rule(0.3), rng), rng, 2); }
TEST_P(Cutoffs, ChainWithShortcuts) {
  verify_cutoffs(build("chain+shortcuts", chain_edges(5000, true, rng), rule(0.0), rng), rng, 2);
}
TEST_P(Cutoffs, Star) { verify_cutoffs(build("star", star_edges(3000), rule(0.0), rng), rng, 2); }
TEST_P(Cutoffs, Rmat) { verify_cutoffs(build("rmat", rmat_edges(12, 4096 * 8, rng), rule(0.0), rng), rng, 2); }
// Sparse: many vertices unreachable from any source.
TEST_P(Cutoffs, SparseUniform) {
  verify_cutoffs(build("sparse-uniform", uniform_edges(10000, 5000, rng), rule(0.0), rng), rng, 2);
}

INSTANTIATE_TEST_SUITE_P(Weights, Cutoffs, ::testing::Values(false, true),
                         [](const ::testing::TestParamInfo<bool>& info) { return info.param ? "Float" : "Int"; });

// A cutoff's answer in every host format: compact_distances 0, 1 and 2 (8, 4 or 2 bytes, the narrowest the ball fits),
// into pageable and page-locked memory (poisoned first), against CPU Dijkstra restricted to the cutoff; a ball that
// fits the list the ball is delivered by (1%) and one that does not (30% of 20,000 vertices: more than 4,096).
// v's CPU distance as a double (exact below 2^53, as every test graph's are).
double value_of(const Graph& g, const Result& r, int64_t v) {
  if (!g.is_float) return static_cast<double>(r.raw[static_cast<size_t>(v)]);
  double d;
  std::memcpy(&d, &r.raw[static_cast<size_t>(v)], sizeof(d));
  return d;
}

void verify_cutoff_formats(const Graph& g, std::mt19937_64& rng) {
  gsssp_device_graph_t dg = upload(g);
  if (dg == nullptr) return;
  void* pinned = nullptr;
  if (!check_status(gsssp_host_alloc(&pinned, g.n * 8), GSSSP_SUCCESS, "host_alloc")) return;
  std::vector<int64_t> pageable(static_cast<size_t>(g.n));
  std::uniform_int_distribution<int64_t> pick(0, g.n - 1);
  for (int s = 0; s < 2; ++s) {
    const int64_t source = s == 0 ? 0 : pick(rng);
    const Result cpu = run_cpu(g, source);
    if (!check_status(cpu.status, GSSSP_SUCCESS, "CPU Dijkstra")) continue;
    for (const double share : {0.01, 0.3}) {
      const double cutoff = cutoff_for_share(g, cpu, share);
      int64_t ball = 0;
      bool fits4 = true, fits2 = true;
      for (int64_t v = 0; v < g.n; ++v) {
        if (!reached(g, cpu, v) || value_of(g, cpu, v) > cutoff) continue;
        ++ball;
        if (!g.is_float) {
          fits4 = fits4 && cpu.raw[v] < 0xffffffffll;
          fits2 = fits2 && cpu.raw[v] < 0xffffll;
        }
      }
      for (const int level : {0, 1, 2}) {
        for (const bool page_locked : {false, true}) {
          void* out = page_locked ? pinned : static_cast<void*>(pageable.data());
          std::memset(out, 0x5a, static_cast<size_t>(g.n) * 8);
          gsssp_options o;
          gsssp_options_init(&o);
          o.compute_predecessors = 0;
          o.compact_distances = level;
          o.has_cutoff = 1;
          o.cutoff_int = static_cast<int64_t>(cutoff);
          o.cutoff_float = cutoff;
          gsssp_stats st{};
          const int status = gsssp_device_graph_sssp(dg, GSSSP_ALGORITHM_ADDS, source, &o, out, nullptr, &st);
          const std::string what = g.name + (g.is_float ? " float" : " int") + " src=" + std::to_string(source) +
                                   " share " + std::to_string(share) + " level " + std::to_string(level) +
                                   (page_locked ? " pinned" : " pageable");
          if (!check(status == GSSSP_SUCCESS, "%s: status %d (%s)", what.c_str(), status, gsssp_last_error())) continue;
          const int bytes = st.distance_bytes;
          const bool width_ok = level == 0   ? bytes == 8
                                : g.is_float ? bytes == 4
                                : level == 1 ? bytes == (fits4 ? 4 : 8)
                                             : (bytes == 2 && fits2) || bytes == (fits4 ? 4 : 8);
          check(width_ok, "%s: %d-byte output (ball fits 4 bytes: %d, 2 bytes: %d)", what.c_str(), bytes, fits4, fits2);
          check(st.vertices_reached == ball, "%s: vertices_reached %lld, ball %lld", what.c_str(),
                static_cast<long long>(st.vertices_reached), static_cast<long long>(ball));
          int64_t first_wrong = -1;
          for (int64_t v = 0; v < g.n && first_wrong < 0; ++v) {
            const bool inside = reached(g, cpu, v) && value_of(g, cpu, v) <= cutoff;
            bool ok;
            if (g.is_float) {
              double d;
              if (bytes == 4) {
                d = static_cast<const float*>(out)[v];
              } else {
                std::memcpy(&d, static_cast<const int64_t*>(out) + v, sizeof(d));
              }
              ok = inside ? d == value_of(g, cpu, v) : std::isinf(d) && d > 0;
            } else {
              int64_t d;
              if (bytes == 2) {
                const uint16_t x = static_cast<const uint16_t*>(out)[v];
                d = x == 0xffffu ? GSSSP_INT_INFINITY : static_cast<int64_t>(x);
              } else if (bytes == 4) {
                const uint32_t x = static_cast<const uint32_t*>(out)[v];
                d = x == 0xffffffffu ? GSSSP_INT_INFINITY : static_cast<int64_t>(x);
              } else {
                d = static_cast<const int64_t*>(out)[v];
              }
              ok = d == (inside ? cpu.raw[v] : GSSSP_INT_INFINITY);
            }
            if (!ok) first_wrong = v;
          }
          check(first_wrong < 0, "%s: %d-byte distance of vertex %lld is wrong", what.c_str(), bytes,
                static_cast<long long>(first_wrong));
        }
      }
    }
  }
  gsssp_host_free(pinned);
  check_status(gsssp_device_graph_destroy(dg), GSSSP_SUCCESS, "destroy");
}

TEST_P(Cutoffs, OutputFormats) {
  WeightRule small = rule(0.0);
  verify_cutoff_formats(build("uniform", uniform_edges(20000, 80000, rng), small, rng), rng);
  if (!GetParam()) {
    // Distances past 2 bytes (and 4: one hop of ~2^31 after another) in the ball.
    WeightRule wide = rule(0.0);
    wide.max_int = 100000;
    verify_cutoff_formats(build("uniform-wide", uniform_edges(20000, 80000, rng), wide, rng), rng);
    WeightRule huge = rule(0.0);
    huge.max_int = 2147483647;
    verify_cutoff_formats(build("chain-huge", chain_edges(5000, true, rng), huge, rng), rng);
  }
}

class CutoffRefusals : public GpuTest {};

TEST_F(CutoffRefusals, CertifyBatchesAndBadValues) {
  const Graph g = small_graph(false);
  gsssp_device_graph_t dg = upload(g);
  ASSERT_NE(dg, nullptr);
  gsssp_options o;
  gsssp_options_init(&o);
  o.has_cutoff = 1;
  o.cutoff_int = 5;
  o.certify = 1;
  std::vector<int64_t> d(static_cast<size_t>(g.n));
  EXPECT_EQ(gsssp_device_graph_sssp(dg, GSSSP_ALGORITHM_ADDS, 0, &o, d.data(), nullptr, nullptr), GSSSP_ERROR_UNSUPPORTED);
  EXPECT_NE(std::string(gsssp_last_error()).find("certify"), std::string::npos) << gsssp_last_error();
  o.certify = 0;
  const int64_t sources[] = {0, 1};
  std::vector<int64_t> rows(static_cast<size_t>(2 * g.n));
  EXPECT_EQ(gsssp_device_graph_sssp_batch(dg, GSSSP_ALGORITHM_MULTI_BELLMAN_FORD, sources, 2, nullptr, 0, &o,
                                          rows.data(), nullptr, nullptr),
            GSSSP_ERROR_UNSUPPORTED);
  o.cutoff_int = -1;
  EXPECT_EQ(gsssp_device_graph_sssp(dg, GSSSP_ALGORITHM_ADDS, 0, &o, d.data(), nullptr, nullptr),
            GSSSP_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(std::string(gsssp_last_error()).find("cutoff_int"), std::string::npos) << gsssp_last_error();
  gsssp_device_graph_destroy(dg);
}

}  // namespace
}  // namespace gsssp_test
