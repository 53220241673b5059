// Cutoff queries (gsssp_options.has_cutoff) on the GPU: ADDS and Near-Far (which explore only the ball) and
// Bellman-Ford and Frontier (which clear beyond it in the query's tail) against CPU Dijkstra's full answer restricted
// to the cutoff, with and without predecessors, int and float weights, zero weights; cutoffs of 0, the exact distance
// of a vertex (the boundary: reached), just below it, and the ball of 1% and 30% of the vertices. The paths that
// refuse a cutoff (certify, batches) say so.
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
