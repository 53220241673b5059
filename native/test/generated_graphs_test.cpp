// Every GPU algorithm against CPU Dijkstra on generated graph families (uniform, sparse, grid, chain, chain with
// shortcuts, star, R-MAT, ties, all-zero weights) under four weight rules: distances bit for bit, predecessors a
// shortest-path tree along tight edges, sane stats; and on each graph the batch entry point (rows and matrices, in
// the three batch designs), ADDS given targets, the block-fit query, and Near-Far (traced, Delta 1, block sizes).
#include "test_main.hpp"

namespace gsssp_test {
namespace {


// Every GPU algorithm from a few sources against the CPU.
void verify_graph(const Graph& g, std::mt19937_64& rng, int sources) {
  gsssp_device_graph_t dg = upload(g);
  if (dg == nullptr) return;
  std::uniform_int_distribution<int64_t> pick(0, g.n - 1);
  for (int s = 0; s < sources; ++s) {
    const int64_t source = s == 0 ? 0 : pick(rng);
    const Result cpu = run_cpu(g, source);
    check(cpu.status == GSSSP_SUCCESS, "%s: CPU status %d (%s)", g.name.c_str(), cpu.status, gsssp_last_error());
    if (cpu.status != GSSSP_SUCCESS) continue;
    check_tree(g, source, cpu, g.name + " (CPU tree)");
    for (int32_t algorithm : kGpuAlgorithms) compare(g, source, algorithm, cpu, run_gpu(dg, g, algorithm, source));
    // Near-Far (more of it in verify_near_far).
    compare(g, source, GSSSP_ALGORITHM_NEAR_FAR, cpu, run_gpu(dg, g, GSSSP_ALGORITHM_NEAR_FAR, source));
    // ADDS with the paper's worker too (no local rounds): the queue then carries every hop.
    gsssp_options paper;
    gsssp_options_init(&paper);
    paper.adds.local_rounds = 0;
    compare(g, source, GSSSP_ALGORITHM_ADDS, cpu, run_gpu(dg, g, GSSSP_ALGORITHM_ADDS, source, &paper));
  }
  verify_batch(dg, g, rng, GSSSP_ALGORITHM_MULTI_BELLMAN_FORD);
  // A block per source: graphs whose distances fit one block on every supported card (sm_86/89: about 8,000).
  if (g.n <= 8000) verify_batch(dg, g, rng, GSSSP_ALGORITHM_BLOCK_BELLMAN_FORD);
  {
    // How block-bf fits: a graph of a few hundred vertices fits whole on every supported card.
    int32_t fit = -1;
    check(gsssp_device_graph_block_fit(dg, &fit) == GSSSP_SUCCESS && fit >= 0 && fit <= 2, "%s: block_fit %d (%s)",
          g.name.c_str(), fit, gsssp_last_error());
    if (g.n <= 200 && static_cast<int64_t>(g.targets.size()) <= 2000) check(fit == 2, "%s: block_fit %d, not 2", g.name.c_str(), fit);
  }
  verify_block_near_far(dg, g, rng);
  verify_near_far(dg, g, g.n / 3);
  verify_targets(dg, g, rng);
  verify_resident(dg, g, rng);
  check_status(gsssp_device_graph_destroy(dg), GSSSP_SUCCESS, "destroy");
}

// ---- the tests -----------------------------------------------------------------------------------

// The weight rules every family runs under: int or float (float with 10% tiny weights that change few sums), no
// zero weights or 30% of them.
struct WeightCase {
  bool is_float;
  double zero_fraction;
};

std::string weight_case_name(const ::testing::TestParamInfo<WeightCase>& info) {
  return std::string(info.param.is_float ? "Float" : "Int") + (info.param.zero_fraction > 0 ? "Zeros30" : "Positive");
}

class GeneratedGraphs : public GpuTest, public ::testing::WithParamInterface<WeightCase> {
 protected:
  WeightRule rule() const {
    WeightRule r;
    r.is_float = GetParam().is_float;
    r.zero_fraction = GetParam().zero_fraction;
    r.tiny_fraction = r.is_float ? 0.1 : 0.0;
    r.max_int = 1000;
    return r;
  }
  static std::vector<int64_t> sizes() {
    return full_sizes() ? std::vector<int64_t>{1, 2, 3, 17, 100, 1000, 10000, 100000}
                        : std::vector<int64_t>{1, 2, 17, 1000, 20000};
  }
  static int sources(int64_t n) { return n >= 10000 ? 2 : 3; }
};

TEST_P(GeneratedGraphs, Uniform) {
  for (int64_t n : sizes()) verify_graph(build("uniform", uniform_edges(n, n * 4, rng), rule(), rng), rng, sources(n));
}

TEST_P(GeneratedGraphs, SparseUniform) {
  for (int64_t n : sizes()) {
    verify_graph(build("sparse-uniform", uniform_edges(n, n / 2, rng), rule(), rng), rng, sources(n));
  }
}

TEST_P(GeneratedGraphs, Grid) {
  for (int64_t n : sizes()) {
    const int64_t width = std::max<int64_t>(1, static_cast<int64_t>(std::sqrt(static_cast<double>(n))));
    verify_graph(build("grid", grid_edges(width, std::max<int64_t>(1, n / width)), rule(), rng), rng, sources(n));
  }
}

// One round per vertex: chains longer than 20,000 would cost the round-based algorithms too many rounds.
TEST_P(GeneratedGraphs, Chain) {
  for (int64_t n : sizes()) {
    if (n <= 20000) verify_graph(build("chain", chain_edges(n, false, rng), rule(), rng), rng, 1);
  }
}

TEST_P(GeneratedGraphs, ChainWithShortcuts) {
  for (int64_t n : sizes()) {
    verify_graph(build("chain+shortcuts", chain_edges(n, true, rng), rule(), rng), rng, sources(n));
  }
}

TEST_P(GeneratedGraphs, Star) {
  for (int64_t n : sizes()) verify_graph(build("star", star_edges(n), rule(), rng), rng, sources(n));
}

TEST_P(GeneratedGraphs, Rmat) {
  for (int scale : full_sizes() ? std::vector<int>{4, 10, 14, 17} : std::vector<int>{4, 12}) {
    verify_graph(build("rmat", rmat_edges(scale, (int64_t{1} << scale) * 8, rng), rule(), rng), rng, 3);
  }
}

// Small integer weights (1 and 2): many ties.
TEST_P(GeneratedGraphs, ManyTies) {
  WeightRule ties = rule();
  ties.max_int = 2;
  verify_graph(build("uniform-ties", uniform_edges(5000, 30000, rng), ties, rng), rng, 3);
}

TEST_P(GeneratedGraphs, AllZeroWeights) {
  WeightRule zeros = rule();
  zeros.zero_fraction = 1.0;
  verify_graph(build("all-zero", uniform_edges(3000, 9000, rng), zeros, rng), rng, 2);
  verify_graph(build("all-zero-chain", chain_edges(5000, false, rng), zeros, rng), rng, 1);
}

INSTANTIATE_TEST_SUITE_P(Weights, GeneratedGraphs,
                         ::testing::Values(WeightCase{false, 0.0}, WeightCase{false, 0.3}, WeightCase{true, 0.0},
                                           WeightCase{true, 0.3}),
                         weight_case_name);

}  // namespace
}  // namespace gsssp_test
