// The native test driver's checks: the C ABI on the host, every GPU algorithm against CPU Dijkstra on generated
// graphs, Martin et al.'s counterexample, ADDS, concurrent queries, cancel and destroy, the error paths.
#include "selftest_support.hpp"

namespace selftest {

void test_host_api() {
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

  // Validation.
  Graph g = small_graph(false);
  gsssp_csr c = g.csr();
  check_status(gsssp_csr_validate(&c), GSSSP_SUCCESS, "validate small");
  check_status(gsssp_csr_validate(nullptr), GSSSP_ERROR_INVALID_ARGUMENT, "validate NULL");
  {
    gsssp_csr bad = c;
    bad.weight_type = 7;
    check_status(gsssp_csr_validate(&bad), GSSSP_ERROR_INVALID_ARGUMENT, "validate unknown weight type");
  }
  {
    Graph b = g;
    b.offsets[4] = 5;  // 9 -> 5 -> 14: not monotone
    gsssp_csr bc = b.csr();
    check_status(gsssp_csr_validate(&bc), GSSSP_ERROR_INVALID_GRAPH, "validate non-monotone");
    check(std::strstr(gsssp_last_error(), "index 4") != nullptr, "non-monotone text names the index: '%s'",
          gsssp_last_error());
  }
  {
    Graph b = g;
    b.targets[5] = 8;
    gsssp_csr bc = b.csr();
    check_status(gsssp_csr_validate(&bc), GSSSP_ERROR_INVALID_GRAPH, "validate target out of range");
    check(std::strstr(gsssp_last_error(), "edge 5") != nullptr, "target text names the edge: '%s'",
          gsssp_last_error());
  }
  {
    Graph b = g;
    b.offsets[0] = 1;
    gsssp_csr bc = b.csr();
    check_status(gsssp_csr_validate(&bc), GSSSP_ERROR_INVALID_GRAPH, "validate offsets[0] != 0");
  }
  {
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
  {
    Graph b = small_graph(true);
    b.float_weights[3] = std::numeric_limits<float>::quiet_NaN();
    gsssp_csr bc = b.csr();
    check_status(gsssp_csr_validate(&bc), GSSSP_ERROR_INVALID_GRAPH, "validate NaN weight");
    b.float_weights[3] = std::numeric_limits<float>::infinity();
    bc = b.csr();
    check_status(gsssp_csr_validate(&bc), GSSSP_ERROR_INVALID_GRAPH, "validate inf weight");
  }
  {
    Graph empty;
    empty.name = "empty";
    gsssp_csr ec = empty.csr();
    check_status(gsssp_csr_validate(&ec), GSSSP_SUCCESS, "validate n = 0");
    int64_t d = 0;
    check_status(gsssp_cpu_sssp(&ec, GSSSP_ALGORITHM_CPU_DIJKSTRA, 0, nullptr, &d, nullptr, nullptr),
                 GSSSP_ERROR_INVALID_ARGUMENT, "cpu_sssp on n = 0");
  }

  // CPU queries.
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
  {
    gsssp_options o;
    gsssp_options_init(&o);
    o.block_size = 33;
    check_status(gsssp_cpu_sssp(&c, GSSSP_ALGORITHM_CPU_DIJKSTRA, 0, &o, d.data(), p.data(), nullptr),
                 GSSSP_ERROR_INVALID_ARGUMENT, "cpu_sssp block_size 33");
  }
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
  {
    // Predecessors untouched when compute_predecessors = 0.
    gsssp_options o;
    gsssp_options_init(&o);
    o.compute_predecessors = 0;
    std::vector<int32_t> untouched(8, -7);
    check_status(gsssp_cpu_sssp(&c, GSSSP_ALGORITHM_CPU_DIJKSTRA, 0, &o, d.data(), untouched.data(), nullptr),
                 GSSSP_SUCCESS, "cpu_sssp without predecessors");
    check(std::all_of(untouched.begin(), untouched.end(), [](int32_t x) { return x == -7; }),
          "cpu_sssp wrote predecessors although compute_predecessors = 0");
  }
  {
    // The negative-weight text, exactly as documented.
    Graph s = small_graph(false);
    s.int_weights[12] = -5;
    gsssp_csr sc = s.csr();
    check_status(gsssp_cpu_sssp(&sc, GSSSP_ALGORITHM_CPU_DIJKSTRA, 0, nullptr, d.data(), p.data(), nullptr),
                 GSSSP_ERROR_UNSUPPORTED, "cpu_sssp negative weight");
    check(std::strcmp(gsssp_last_error(), "negative weight -5 on edge 12 (3 -> 7); use H-BF; without a GPU, "
                                          "CPU_BELLMAN_FORD takes negative weights") == 0,
          "negative weight text: '%s'", gsssp_last_error());
  }
  {
    // Float overflow: 0 -> 1 -> 2 with 3e38 each; and a second path that rescues vertex 2 (no overflow).
    Graph o;
    o.name = "overflow";
    o.n = 3;
    o.is_float = true;
    o.offsets = {0, 1, 2, 2};
    o.targets = {1, 2};
    o.float_weights = {3e38f, 3e38f};
    Result r = run_cpu(o, 0);
    check_status(r.status, GSSSP_ERROR_OVERFLOW, "cpu_sssp float overflow");
    o.offsets = {0, 2, 3, 3};
    o.targets = {1, 2, 2};
    o.float_weights = {3e38f, 1.0f, 3e38f};
    r = run_cpu(o, 0);
    check_status(r.status, GSSSP_SUCCESS, "cpu_sssp float overflow on a non-shortest path");
  }
  {
    // n = 1, no edges.
    Graph one;
    one.name = "single";
    one.n = 1;
    one.offsets = {0, 0};
    Result r = run_cpu(one, 0);
    check(r.status == 0 && r.raw[0] == 0 && r.pred[0] == -1 && r.stats.vertices_reached == 1, "cpu_sssp n = 1");
  }

  if (count == 0) {
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
  }
  check_status(gsssp_device_graph_destroy(nullptr), GSSSP_SUCCESS, "destroy(NULL)");
  {
    int32_t fit = -1;
    check_status(gsssp_device_graph_block_fit(nullptr, &fit), GSSSP_ERROR_INVALID_ARGUMENT, "block_fit(NULL graph)");
  }
}

// ---- GPU tests ------------------------------------------------------------------------------------

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
  verify_targets(dg, g, rng);
  check_status(gsssp_device_graph_destroy(dg), GSSSP_SUCCESS, "destroy");
}

// ADDS given targets (options.targets, no predecessors; checked, then a full search): the targets' distances
// against CPU Dijkstra.
void verify_targets(gsssp_device_graph_t dg, const Graph& g, std::mt19937_64& rng) {
  if (g.n == 0) return;
  std::uniform_int_distribution<int64_t> pick(0, g.n - 1);
  for (int q = 0; q < 3; ++q) {
    const int64_t source = pick(rng);
    std::vector<int32_t> targets(static_cast<size_t>(1 + q * 2));
    for (auto& t : targets) t = static_cast<int32_t>(pick(rng));
    gsssp_options o;
    gsssp_options_init(&o);
    o.compute_predecessors = 0;
    o.targets = targets.data();
    o.target_count = static_cast<int64_t>(targets.size());
    std::vector<int64_t> d(static_cast<size_t>(g.n));
    const std::string what = "targets " + g.name + (g.is_float ? " float" : " int") + " n=" + std::to_string(g.n) +
                             " src=" + std::to_string(source);
    if (!check_status(gsssp_device_graph_sssp(dg, GSSSP_ALGORITHM_ADDS, source, &o, d.data(), nullptr, nullptr),
                      GSSSP_SUCCESS, what.c_str())) {
      return;
    }
    const Result cpu = run_cpu(g, source);
    for (int32_t t : targets) {
      if (!check(d[static_cast<size_t>(t)] == cpu.raw[static_cast<size_t>(t)], "%s: target %d: raw %llx, CPU %llx",
                 what.c_str(), t, (unsigned long long)d[static_cast<size_t>(t)],
                 (unsigned long long)cpu.raw[static_cast<size_t>(t)])) {
        return;
      }
    }
  }
}

// gsssp_device_graph_sssp_batch against CPU Dijkstra: rows and a matrix, one source repeated, more sources than
// one launch holds on small graphs; and its argument checks.
// BLOCK_NEAR_FAR's batches with its own choices, and with Delta = 1 (a phase per distance value: the most
// splits) in narrow and wide blocks; one query in a block of 256 with Delta = 1.
void verify_block_near_far(gsssp_device_graph_t dg, const Graph& g, std::mt19937_64& rng) {
  verify_batch(dg, g, rng, GSSSP_ALGORITHM_BLOCK_NEAR_FAR);
  for (int threads : {256, 1024}) {
    gsssp_options o;
    gsssp_options_init(&o);
    o.delta_stepping.delta = 1.0;
    o.block_size = threads;
    verify_batch(dg, g, rng, GSSSP_ALGORITHM_BLOCK_NEAR_FAR, &o, threads == 256 ? " (delta 1, 256 threads)" : " (delta 1, 1024 threads)");
  }
  if (g.n == 0) return;
  gsssp_options o;
  gsssp_options_init(&o);
  o.delta_stepping.delta = 1.0;
  o.block_size = 256;
  const int64_t source = std::uniform_int_distribution<int64_t>(0, g.n - 1)(rng);
  const Result cpu = run_cpu(g, source);
  if (cpu.status == GSSSP_SUCCESS) {
    compare(g, source, GSSSP_ALGORITHM_BLOCK_NEAR_FAR, cpu, run_gpu(dg, g, GSSSP_ALGORITHM_BLOCK_NEAR_FAR, source, &o));
  }
}

void verify_batch(gsssp_device_graph_t dg, const Graph& g, std::mt19937_64& rng, int32_t algorithm,
                  const gsssp_options* options, const char* label) {
  if (g.n == 0) return;
  std::uniform_int_distribution<int64_t> pick(0, g.n - 1);
  const int64_t k = g.n >= 10000 ? 35 : 140;  // 140 > 128: two launches
  std::vector<int64_t> sources(static_cast<size_t>(k));
  for (auto& s : sources) s = pick(rng);
  sources[0] = 0;
  sources[static_cast<size_t>(k - 1)] = sources[1];
  std::vector<int32_t> targets(7);
  for (auto& t : targets) t = static_cast<int32_t>(pick(rng));
  std::vector<int64_t> rows(static_cast<size_t>(k * g.n)), matrix(static_cast<size_t>(k) * targets.size());
  std::vector<int64_t> row_reached(static_cast<size_t>(k), -1);
  gsssp_stats stats{};
  const std::string what = std::string("batch ") + algorithm_name(algorithm) + label + " " + g.name +
                           (g.is_float ? " float" : " int") + " n=" + std::to_string(g.n);
  if (!check_status(gsssp_device_graph_sssp_batch(dg, algorithm, sources.data(), k, nullptr, 0, options, rows.data(), row_reached.data(), &stats),
                    GSSSP_SUCCESS, what.c_str())) {
    return;
  }
  check_status(gsssp_device_graph_sssp_batch(dg, algorithm, sources.data(), k, targets.data(), 7, options, matrix.data(), nullptr, nullptr),
               GSSSP_SUCCESS, (what + " matrix").c_str());
  int64_t reached = 0;
  for (int64_t i = 0; i < k; ++i) {
    const Result cpu = run_cpu(g, sources[static_cast<size_t>(i)]);
    reached += cpu.stats.vertices_reached;
    check(row_reached[static_cast<size_t>(i)] == cpu.stats.vertices_reached, "%s: row %lld reached %lld, CPU %lld",
          what.c_str(), static_cast<long long>(i), static_cast<long long>(row_reached[static_cast<size_t>(i)]),
          static_cast<long long>(cpu.stats.vertices_reached));
    const int64_t* row = rows.data() + i * g.n;
    int64_t first_diff = -1;
    for (int64_t v = 0; v < g.n && first_diff < 0; ++v) {
      if (row[v] != cpu.raw[static_cast<size_t>(v)]) first_diff = v;
    }
    if (!check(first_diff < 0, "%s: row %lld (source %lld): vertex %lld differs (raw %llx, CPU %llx)", what.c_str(),
               static_cast<long long>(i), static_cast<long long>(sources[static_cast<size_t>(i)]),
               static_cast<long long>(first_diff), first_diff < 0 ? 0ull : (unsigned long long)row[first_diff],
               first_diff < 0 ? 0ull : (unsigned long long)cpu.raw[static_cast<size_t>(first_diff)])) {
      return;
    }
    for (size_t j = 0; j < targets.size(); ++j) {
      if (!check(matrix[static_cast<size_t>(i) * targets.size() + j] == cpu.raw[static_cast<size_t>(targets[j])],
                 "%s: matrix cell (%lld, %zu) differs", what.c_str(), static_cast<long long>(i), j)) {
        return;
      }
    }
  }
  check(stats.vertices_reached == reached && stats.iterations >= 1 && stats.peak_device_memory > 0,
        "%s: stats reached %lld (expected %lld), iterations %lld", what.c_str(),
        static_cast<long long>(stats.vertices_reached), static_cast<long long>(reached),
        static_cast<long long>(stats.iterations));
  if (g.n < 100) {
    int64_t bad = g.n;
    check_status(gsssp_device_graph_sssp_batch(dg, algorithm, &bad, 1, nullptr, 0, nullptr, rows.data(), nullptr, nullptr),
                 GSSSP_ERROR_INVALID_ARGUMENT, "batch source out of range");
    int32_t bad_target = -1;
    check_status(gsssp_device_graph_sssp_batch(dg, algorithm, sources.data(), 1, &bad_target, 1, nullptr, rows.data(), nullptr, nullptr),
                 GSSSP_ERROR_INVALID_ARGUMENT, "batch target out of range");
    check_status(gsssp_device_graph_sssp_batch(dg, algorithm, sources.data(), -1, nullptr, 0, nullptr, rows.data(), nullptr, nullptr),
                 GSSSP_ERROR_INVALID_ARGUMENT, "batch negative count");
    check_status(gsssp_device_graph_sssp_batch(dg, algorithm, sources.data(), 1, nullptr, 0, nullptr, nullptr, nullptr, nullptr),
                 GSSSP_ERROR_INVALID_ARGUMENT, "batch NULL distances");
    check_status(gsssp_device_graph_sssp_batch(dg, algorithm, nullptr, 0, nullptr, 0, nullptr, nullptr, nullptr, nullptr), GSSSP_SUCCESS,
                 "batch of no sources");
  }
}

void test_generated(std::mt19937_64& rng, bool quick) {
  const double t0 = now_ms();
  struct Family {
    const char* name;
    int64_t size;
  };
  const std::vector<int64_t> sizes = quick ? std::vector<int64_t>{1, 2, 17, 1000, 20000}
                                           : std::vector<int64_t>{1, 2, 3, 17, 100, 1000, 10000, 100000};
  for (bool is_float : {false, true}) {
    for (double zero_fraction : {0.0, 0.3}) {
      WeightRule rule;
      rule.is_float = is_float;
      rule.zero_fraction = zero_fraction;
      rule.tiny_fraction = is_float ? 0.1 : 0.0;
      rule.max_int = 1000;
      for (int64_t n : sizes) {
        const int sources = n >= 10000 ? 2 : 3;
        verify_graph(build("uniform", uniform_edges(n, n * 4, rng), rule, rng), rng, sources);
        verify_graph(build("sparse-uniform", uniform_edges(n, n / 2, rng), rule, rng), rng, sources);
        const int64_t width = std::max<int64_t>(1, static_cast<int64_t>(std::sqrt(static_cast<double>(n))));
        verify_graph(build("grid", grid_edges(width, std::max<int64_t>(1, n / width)), rule, rng), rng, sources);
        if (n <= 20000) {  // one round per vertex: long chains cost many rounds
          verify_graph(build("chain", chain_edges(n, false, rng), rule, rng), rng, 1);
        }
        verify_graph(build("chain+shortcuts", chain_edges(n, true, rng), rule, rng), rng, sources);
        verify_graph(build("star", star_edges(n), rule, rng), rng, sources);
      }
      for (int scale : quick ? std::vector<int>{4, 12} : std::vector<int>{4, 10, 14, 17}) {
        verify_graph(build("rmat", rmat_edges(scale, (int64_t{1} << scale) * 8, rng), rule, rng), rng, 3);
      }
      // Small integer weights with many ties, all zero weights.
      WeightRule ties = rule;
      ties.max_int = 2;
      verify_graph(build("uniform-ties", uniform_edges(5000, 30000, rng), ties, rng), rng, 3);
      WeightRule zeros = rule;
      zeros.zero_fraction = 1.0;
      verify_graph(build("all-zero", uniform_edges(3000, 9000, rng), zeros, rng), rng, 2);
      verify_graph(build("all-zero-chain", chain_edges(5000, false, rng), zeros, rng), rng, 1);
    }
  }
  std::printf("generated graphs: %.1f s\n", (now_ms() - t0) / 1000.0);
}

void test_martin(int repeats) {
  for (bool is_float : {false, true}) {
    const Graph g = martin_counterexample(1024, is_float);
    gsssp_device_graph_t dg = upload(g);
    if (dg == nullptr) return;
    const Result cpu = run_cpu(g, 0);
    check(cpu.raw[1023] == (is_float ? 0x4008000000000000ll : 3), "counterexample CPU distance");
    int wrong = 0;
    for (int r = 0; r < repeats; ++r) {
      for (int32_t algorithm : kGpuAlgorithms) {
        const Result gpu = run_gpu(dg, g, algorithm, 0);
        if (gpu.status != 0 || gpu.raw != cpu.raw || gpu.pred[1023] != 1022) ++wrong;
      }
    }
    check(wrong == 0, "Martin counterexample (%s): %d of %d runs wrong", is_float ? "float" : "int", wrong,
          repeats * 2);
    gsssp_device_graph_destroy(dg);
  }
}

void test_gpu_errors_and_options(std::mt19937_64& rng) {
  gsssp_device_info info;
  check_status(gsssp_device_get_info(0, &info), GSSSP_SUCCESS, "device_get_info");
  check(info.multiprocessor_count > 0 && info.total_memory > 0 && std::strlen(info.name) > 0, "device info");
  std::printf("device 0: %s, %d SMs, cc %d.%d, %.1f GiB\n", info.name, info.multiprocessor_count,
              info.compute_capability_major, info.compute_capability_minor, info.total_memory / 1073741824.0);
  check_status(gsssp_device_get_info(9999, &info), GSSSP_ERROR_INVALID_ARGUMENT, "device_get_info(9999)");

  Graph g = small_graph(false);
  gsssp_csr c = g.csr();
  gsssp_device_graph_t dg = nullptr;
  check_status(gsssp_device_graph_create(&dg, 9999, &c), GSSSP_ERROR_INVALID_ARGUMENT, "create on device 9999");
  dg = upload(g);
  if (dg == nullptr) return;
  std::vector<int64_t> d(8);
  std::vector<int32_t> p(8);
  check_status(gsssp_device_graph_sssp(dg, GSSSP_ALGORITHM_CPU_DIJKSTRA, 0, nullptr, d.data(), p.data(), nullptr),
               GSSSP_ERROR_INVALID_ARGUMENT, "CPU_DIJKSTRA on the device");
  check_status(gsssp_device_graph_sssp(dg, 42, 0, nullptr, d.data(), p.data(), nullptr),
               GSSSP_ERROR_INVALID_ARGUMENT, "unknown algorithm on the device");
  check_status(gsssp_device_graph_sssp(dg, GSSSP_ALGORITHM_FRONTIER, 8, nullptr, d.data(), p.data(), nullptr),
               GSSSP_ERROR_INVALID_ARGUMENT, "device source out of range");
  check_status(gsssp_device_graph_sssp(dg, GSSSP_ALGORITHM_FRONTIER, 0, nullptr, nullptr, p.data(), nullptr),
               GSSSP_ERROR_INVALID_ARGUMENT, "device NULL distances");
  // Distances only, no predecessors pointer, no stats.
  check_status(gsssp_device_graph_sssp(dg, GSSSP_ALGORITHM_FRONTIER, 0, nullptr, d.data(), nullptr, nullptr),
               GSSSP_SUCCESS, "device query without predecessors and stats");
  check(d[7] == 3 && d[4] == 7, "small graph distances on the device");
  {
    gsssp_options o;
    gsssp_options_init(&o);
    for (int32_t block : {32, 64, 128, 512, 1024}) {
      o.block_size = block;
      const Result cpu = run_cpu(g, 0);
      for (int32_t algorithm : kGpuAlgorithms) compare(g, 0, algorithm, cpu, run_gpu(dg, g, algorithm, 0, &o));
    }
    for (int32_t block : {-1, 16, 33, 2048}) {
      o.block_size = block;
      check_status(gsssp_device_graph_sssp(dg, GSSSP_ALGORITHM_BELLMAN_FORD, 0, &o, d.data(), p.data(), nullptr),
                   GSSSP_ERROR_INVALID_ARGUMENT, "invalid block size");
    }
    o.block_size = 0;
    o.compute_predecessors = 0;
    std::vector<int32_t> untouched(8, -7);
    check_status(gsssp_device_graph_sssp(dg, GSSSP_ALGORITHM_BELLMAN_FORD, 0, &o, d.data(), untouched.data(), nullptr),
                 GSSSP_SUCCESS, "device query, compute_predecessors = 0");
    check(std::all_of(untouched.begin(), untouched.end(), [](int32_t x) { return x == -7; }),
          "device query wrote predecessors although compute_predecessors = 0");
  }
  // Buffers are reused: the handle's memory does not grow with repeated queries on one thread.
  int64_t before = 0, after = 0;
  run_gpu(dg, g, GSSSP_ALGORITHM_BELLMAN_FORD, 0);
  run_gpu(dg, g, GSSSP_ALGORITHM_FRONTIER, 0);
  check_status(gsssp_device_graph_memory(dg, &before), GSSSP_SUCCESS, "device_graph_memory");
  for (int i = 0; i < 10; ++i) run_gpu(dg, g, kGpuAlgorithms[i % 3], i % 8);
  gsssp_device_graph_memory(dg, &after);
  check(before > 0 && before == after, "device memory grew with repeated queries: %lld -> %lld",
        static_cast<long long>(before), static_cast<long long>(after));
  check_status(gsssp_device_graph_destroy(dg), GSSSP_SUCCESS, "destroy small");

  // Negative weights: upload works, queries are refused with the documented text.
  {
    Graph neg = small_graph(false);
    neg.int_weights[12] = -5;
    gsssp_device_graph_t ndg = upload(neg);
    if (ndg != nullptr) {
      for (int32_t algorithm : kGpuAlgorithms) {
        check_status(gsssp_device_graph_sssp(ndg, algorithm, 0, nullptr, d.data(), p.data(), nullptr),
                     GSSSP_ERROR_UNSUPPORTED, "device negative weight");
        check(std::strcmp(gsssp_last_error(), "negative weight -5 on edge 12 (3 -> 7); use H-BF") == 0,
              "device negative weight text: '%s'", gsssp_last_error());
      }
      gsssp_device_graph_destroy(ndg);
    }
  }
  // Float overflow, with and without predecessors.
  {
    Graph o;
    o.name = "overflow";
    o.n = 3;
    o.is_float = true;
    o.offsets = {0, 1, 2, 2};
    o.targets = {1, 2};
    o.float_weights = {3e38f, 3e38f};
    gsssp_device_graph_t odg = upload(o);
    if (odg != nullptr) {
      gsssp_options opts;
      gsssp_options_init(&opts);
      for (int32_t algorithm : kGpuAlgorithms) {
        std::vector<double> dd(3);
        std::vector<int32_t> pp(3);
        check_status(gsssp_device_graph_sssp(odg, algorithm, 0, nullptr, dd.data(), pp.data(), nullptr),
                     GSSSP_ERROR_OVERFLOW, "device float overflow");
        opts.compute_predecessors = 0;
        check_status(gsssp_device_graph_sssp(odg, algorithm, 0, &opts, dd.data(), nullptr, nullptr),
                     GSSSP_ERROR_OVERFLOW, "device float overflow without predecessors");
        opts.compute_predecessors = 1;
        check_status(gsssp_device_graph_sssp(odg, algorithm, 1, nullptr, dd.data(), pp.data(), nullptr),
                     GSSSP_SUCCESS, "device float, no overflow from vertex 1");
      }
      gsssp_device_graph_destroy(odg);
    }
  }
  // max_iterations.
  {
    WeightRule rule;
    Graph chain = build("chain", chain_edges(100, false, rng), rule, rng);
    gsssp_device_graph_t cdg = upload(chain);
    if (cdg != nullptr) {
      gsssp_options opts;
      gsssp_options_init(&opts);
      opts.max_iterations = 5;
      // Round loops; ADDS's limit counts head-bucket switches, checked below.
      for (int32_t algorithm : {GSSSP_ALGORITHM_BELLMAN_FORD, GSSSP_ALGORITHM_FRONTIER}) {
        const Result r = run_gpu(cdg, chain, algorithm, 0, &opts);
        check_status(r.status, GSSSP_ERROR_NOT_CONVERGED, "max_iterations reached");
        check(std::strstr(gsssp_last_error(), "did not converge within 5 rounds") != nullptr,
              "max_iterations text: '%s'", gsssp_last_error());
        opts.max_iterations = 100;  // 99 rounds that change something, 1 that finds no change
        const Result ok = run_gpu(cdg, chain, algorithm, 0, &opts);
        check(ok.status == 0 && ok.stats.iterations == 100, "%s chain of 100: status %d, %lld rounds",
              algorithm_name(algorithm), ok.status, static_cast<long long>(ok.stats.iterations));
        opts.max_iterations = 5;
      }
      // Delta = 1 on a chain of weights >= 1: a head switch per unit of distance, far more than 5.
      opts.delta_stepping.delta = 1.0;
      opts.adds.static_delta = 1;
      const Result r = run_gpu(cdg, chain, GSSSP_ALGORITHM_ADDS, 0, &opts);
      check_status(r.status, GSSSP_ERROR_NOT_CONVERGED, "ADDS max_iterations reached");
      check(std::strstr(gsssp_last_error(), "did not converge within 5 rounds") != nullptr,
            "ADDS max_iterations text: '%s'", gsssp_last_error());
      gsssp_device_graph_destroy(cdg);
    }
  }
  // n = 1 without edges, and an empty edge set.
  {
    Graph one;
    one.name = "single";
    one.n = 1;
    one.offsets = {0, 0};
    Graph none;
    none.name = "no-edges";
    none.n = 50;
    none.offsets.assign(51, 0);
    for (const Graph* x : {&one, &none}) {
      gsssp_device_graph_t xdg = upload(*x);
      if (xdg == nullptr) continue;
      const Result cpu = run_cpu(*x, 0);
      for (int32_t algorithm : kGpuAlgorithms) {
        const Result gpu = run_gpu(xdg, *x, algorithm, 0);
        compare(*x, 0, algorithm, cpu, gpu);
        check(gpu.stats.iterations == 1 && gpu.stats.vertices_reached == 1, "%s: %lld rounds, %lld reached",
              x->name.c_str(), static_cast<long long>(gpu.stats.iterations),
              static_cast<long long>(gpu.stats.vertices_reached));
      }
      gsssp_device_graph_destroy(xdg);
    }
  }
}


// ADDS's queue paths that the generated families do not force: a pool too small (fixed: a clear error;
// growable: restarts and the right answer), one bucket overflowing many 64K-word blocks, weights so large
// that everything clips into the tail, the Table 5 ablations, and repeated runs.
void test_adds(std::mt19937_64& rng) {
  const double t0 = now_ms();
  WeightRule rule;
  rule.max_int = 1000;
  // A star of 400k leaves: the hub's expansion pushes ~400k items, over 6 blocks, mostly into one bucket.
  const Graph star = build("adds-star", star_edges(400000), rule, rng);
  gsssp_device_graph_t dg = upload(star);
  if (dg == nullptr) return;
  const Result cpu = run_cpu(star, 0);
  gsssp_options o;
  gsssp_options_init(&o);
  o.adds.pool_words = 1;
  Result fixed = run_gpu(dg, star, GSSSP_ALGORITHM_ADDS, 0, &o);
  check(fixed.status == GSSSP_ERROR_OUT_OF_DEVICE_MEMORY && std::strstr(gsssp_last_error(), "pool") != nullptr,
        "ADDS fixed tiny pool: status %d (%s)", fixed.status, gsssp_last_error());
  o.adds.pool_words = -1;
  Result grown = run_gpu(dg, star, GSSSP_ALGORITHM_ADDS, 0, &o);
  compare(star, 0, GSSSP_ALGORITHM_ADDS, cpu, grown);
  check(grown.stats.restarts > 0, "ADDS growable tiny pool: %lld restarts", static_cast<long long>(grown.stats.restarts));
  o.adds.pool_words = 0;
  Result sized = run_gpu(dg, star, GSSSP_ALGORITHM_ADDS, 0, &o);
  compare(star, 0, GSSSP_ALGORITHM_ADDS, cpu, sized);
  check(sized.stats.restarts == 0, "ADDS pool from the graph: %lld restarts", static_cast<long long>(sized.stats.restarts));
  for (int buckets : {2, 3, 32}) {
    for (int static_delta : {0, 1}) {
      o.adds.bucket_count = buckets;
      o.adds.static_delta = static_delta;
      for (double delta : {0.0, 1.0, 1e9}) {
        o.delta_stepping.delta = delta;
        o.adds.local_rounds = delta == 1.0 ? 0 : 1;
        compare(star, 0, GSSSP_ALGORITHM_ADDS, cpu, run_gpu(dg, star, GSSSP_ALGORITHM_ADDS, 0, &o));
        compare(star, 17, GSSSP_ALGORITHM_ADDS, run_cpu(star, 17), run_gpu(dg, star, GSSSP_ALGORITHM_ADDS, 17, &o));
      }
    }
  }
  o.adds.local_rounds = 2;
  const Result bad_local = run_gpu(dg, star, GSSSP_ALGORITHM_ADDS, 0, &o);
  check(bad_local.status == GSSSP_ERROR_INVALID_ARGUMENT && std::strstr(gsssp_last_error(), "adds.local_rounds") != nullptr,
        "ADDS adds.local_rounds 2: status %d (%s)", bad_local.status, gsssp_last_error());
  gsssp_device_graph_destroy(dg);
  gsssp_options_init(&o);
  // Huge weights and a tiny Delta: nearly every push clips into the tail.
  WeightRule huge;
  huge.max_int = 2147483647;
  for (bool is_float : {false, true}) {
    huge.is_float = is_float;
    const Graph g = build("adds-huge-weights", uniform_edges(20000, 100000, rng), huge, rng);
    gsssp_device_graph_t h = upload(g);
    if (h == nullptr) continue;
    for (double delta : {0.0, 1.0}) {
      o.delta_stepping.delta = delta;
      for (int local : {0, 1}) {
        o.adds.local_rounds = local;
        compare(g, 0, GSSSP_ALGORITHM_ADDS, run_cpu(g, 0), run_gpu(h, g, GSSSP_ALGORITHM_ADDS, 0, &o));
      }
    }
    const Graph chain = build("adds-huge-chain", chain_edges(2000, true, rng), huge, rng);
    gsssp_device_graph_t hc = upload(chain);
    if (hc != nullptr) {
      compare(chain, 0, GSSSP_ALGORITHM_ADDS, run_cpu(chain, 0), run_gpu(hc, chain, GSSSP_ALGORITHM_ADDS, 0, &o));
      gsssp_device_graph_destroy(hc);
    }
    gsssp_device_graph_destroy(h);
  }
  // Repeats: the same distances every time (no flaky races).
  const Graph r = build("adds-rmat", rmat_edges(16, (int64_t{1} << 16) * 16, rng), rule, rng);
  gsssp_device_graph_t rd = upload(r);
  if (rd != nullptr) {
    const Result ref = run_cpu(r, 0);
    int wrong = 0;
    for (int i = 0; i < 50; ++i) {
      const Result got = run_gpu(rd, r, GSSSP_ALGORITHM_ADDS, 0);
      if (got.status != GSSSP_SUCCESS || got.raw != ref.raw) ++wrong;
    }
    check(wrong == 0, "ADDS 50 repeated runs on R-MAT 16: %d wrong", wrong);
    gsssp_device_graph_destroy(rd);
  }
  std::printf("ADDS queue checks: %.1f s\n", (now_ms() - t0) / 1000.0);
}

void test_concurrent_queries(std::mt19937_64& rng) {
  WeightRule rule;
  rule.zero_fraction = 0.05;
  const Graph g = build("uniform-concurrent", uniform_edges(50000, 250000, rng), rule, rng);
  gsssp_device_graph_t dg = upload(g);
  if (dg == nullptr) return;
  constexpr int kThreads = 8;
  std::vector<Result> expected;
  for (int t = 0; t < kThreads; ++t) expected.push_back(run_cpu(g, t * 997));
  std::atomic<int> wrong{0};
  std::vector<std::thread> threads;
  const double t0 = now_ms();
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < 12; ++i) {
        const int which = (t + i) % kThreads;
        const Result r = run_gpu(dg, g, kGpuAlgorithms[i % 3], which * 997);
        if (r.status != 0 || r.raw != expected[which].raw) ++wrong;
      }
    });
  }
  for (auto& thread : threads) thread.join();
  check(wrong.load() == 0, "concurrent queries: %d of %d wrong", wrong.load(), kThreads * 12);
  int64_t bytes = 0;
  gsssp_device_graph_memory(dg, &bytes);
  std::printf("concurrent: %d threads x 12 queries in %.1f ms, handle holds %.1f MiB\n", kThreads, now_ms() - t0,
              bytes / 1048576.0);
  check_status(gsssp_device_graph_destroy(dg), GSSSP_SUCCESS, "destroy after concurrent queries");
}

// Long-running queries (a chain needs one round per vertex) stopped by cancel, or by destroy alone.
void test_cancel_and_destroy(std::mt19937_64& rng) {
  WeightRule rule;
  const Graph g = build("long-chain", chain_edges(300000, false, rng), rule, rng);
  for (bool destroy_only : {false, true}) {
    gsssp_device_graph_t dg = upload(g);
    if (dg == nullptr) return;
    constexpr int kThreads = 4;
    std::vector<int> status(kThreads, -1);
    std::vector<std::string> text(kThreads);
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t) {
      threads.emplace_back([&, t] {
        std::vector<int64_t> d(static_cast<size_t>(g.n));
        // Thread 2 runs ADDS: its persistent kernel must notice the cancel too.
        status[t] = gsssp_device_graph_sssp(dg, kGpuAlgorithms[t % 3], 0, nullptr, d.data(), nullptr, nullptr);
        text[t] = gsssp_last_error();
      });
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    const double t0 = now_ms();
    if (!destroy_only) {
      check_status(gsssp_device_graph_cancel(dg), GSSSP_SUCCESS, "cancel");
      std::vector<int64_t> d(static_cast<size_t>(g.n));
      check_status(gsssp_device_graph_sssp(dg, GSSSP_ALGORITHM_FRONTIER, 0, nullptr, d.data(), nullptr, nullptr),
                   GSSSP_ERROR_CLOSED, "query after cancel");
      int64_t bytes = 0;
      check_status(gsssp_device_graph_memory(dg, &bytes), GSSSP_SUCCESS, "memory after cancel");
    }
    check_status(gsssp_device_graph_destroy(dg), GSSSP_SUCCESS, "destroy during queries");
    const double waited = now_ms() - t0;
    for (auto& thread : threads) thread.join();
    for (int t = 0; t < kThreads; ++t) {
      check(status[t] == GSSSP_ERROR_CLOSED && text[t].find("closed") != std::string::npos,
            "%s: query %d returned %d (%s)", destroy_only ? "destroy" : "cancel", t, status[t], text[t].c_str());
    }
    std::printf("%s stopped %d running queries in %.1f ms\n", destroy_only ? "destroy" : "cancel + destroy",
                kThreads, waited);
    std::vector<int64_t> d(static_cast<size_t>(g.n));
    check_status(gsssp_device_graph_sssp(dg, GSSSP_ALGORITHM_FRONTIER, 0, nullptr, d.data(), nullptr, nullptr),
                 GSSSP_ERROR_CLOSED, "query on a destroyed handle");
    check_status(gsssp_device_graph_destroy(dg), GSSSP_ERROR_CLOSED, "second destroy");
  }
}


}  // namespace selftest
