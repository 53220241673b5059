// gsssp_selftest — the native test driver: every GPU algorithm against gsssp_cpu_sssp, without Java.
//
//   gsssp_selftest [--seed N] [--quick]
//       Generated graphs (uniform, 2D grid, chain, star, R-MAT; zero weights, self-loops, parallel edges;
//       int32 and float32 weights; 1 to 100k vertices): distances must equal CPU Dijkstra's bit for bit
//       and predecessors must form a shortest-path tree. Also Martín et al.'s counterexample 200 times,
//       8 threads on one device graph, cancel/destroy during queries, and the error paths. Without a
//       CUDA device only the host checks run. Prints "N passed, M failed"; exit status 1 on a failure.
//
//   gsssp_selftest --gr FILE.gr[.gz] [--source S] [--float] [--repeat K] [--only NAME]
//       Loads a DIMACS .gr graph (1-based ids) and prints the time of each algorithm, checked against CPU.
//   gsssp_selftest --gen grid:W | random:N:D | rmat:SCALE [--float] [--repeat K] [--only NAME]
//       The same on a generated graph (int weights uniform in 1..1000, as the ADDS artifact's inputs), from
//       the vertex of largest out-degree.
//   gsssp_selftest --adds-repeat K [FILE.gr[.gz] | --gen ...]
//       ADDS K times on one graph: every run must give the same distances as CPU Dijkstra.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "gsssp.h"

namespace {

// ---- reporting ------------------------------------------------------------------------------------

int g_passed = 0;
int g_failed = 0;

__attribute__((format(printf, 2, 3))) bool check(bool ok, const char* fmt, ...) {
  if (ok) {
    ++g_passed;
    return true;
  }
  ++g_failed;
  if (g_failed <= 60) {
    std::printf("FAIL: ");
    va_list args;
    va_start(args, fmt);
    std::vprintf(fmt, args);
    va_end(args);
    std::printf("\n");
    std::fflush(stdout);
  }
  return false;
}

bool check_status(int got, int want, const char* what) {
  return check(got == want, "%s: status %d, expected %d (%s)", what, got, want, gsssp_last_error());
}

double now_ms() {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// ---- graphs ---------------------------------------------------------------------------------------

struct Graph {
  std::string name;
  int64_t n = 0;
  std::vector<int64_t> offsets{0};
  std::vector<int32_t> targets;
  std::vector<int32_t> int_weights;
  std::vector<float> float_weights;
  bool is_float = false;

  gsssp_csr csr() const {
    gsssp_csr c;
    c.num_vertices = n;
    c.num_edges = static_cast<int64_t>(targets.size());
    c.offsets = offsets.data();
    c.targets = targets.data();
    c.weights = is_float ? static_cast<const void*>(float_weights.data())
                         : static_cast<const void*>(int_weights.data());
    c.weight_type = is_float ? GSSSP_WEIGHT_FLOAT32 : GSSSP_WEIGHT_INT32;
    return c;
  }
  double weight(int64_t e) const { return is_float ? float_weights[e] : int_weights[e]; }
};

struct EdgeList {
  int64_t n = 0;
  std::vector<std::pair<int32_t, int32_t>> edges;
  void add(int64_t u, int64_t v) { edges.emplace_back(static_cast<int32_t>(u), static_cast<int32_t>(v)); }
};

struct WeightRule {
  bool is_float = false;
  int32_t max_int = 100;       // int weights uniform in [1, max_int]
  double zero_fraction = 0.0;  // share of weights set to exactly 0
  double tiny_fraction = 0.0;  // float only: weights too small to change most sums
};

// CSR from an edge list (counting sort by source, stable) with weights drawn by `rule`.
Graph build(std::string name, const EdgeList& list, const WeightRule& rule, std::mt19937_64& rng) {
  Graph g;
  g.name = std::move(name);
  g.n = list.n;
  g.is_float = rule.is_float;
  g.offsets.assign(static_cast<size_t>(list.n) + 1, 0);
  for (const auto& e : list.edges) ++g.offsets[e.first + 1];
  for (int64_t v = 0; v < list.n; ++v) g.offsets[v + 1] += g.offsets[v];
  std::vector<int64_t> next(g.offsets.begin(), g.offsets.end() - 1);
  g.targets.resize(list.edges.size());
  for (const auto& e : list.edges) g.targets[next[e.first]++] = e.second;
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  std::uniform_int_distribution<int32_t> ints(1, std::max(1, rule.max_int));
  const size_t m = list.edges.size();
  if (rule.is_float) {
    g.float_weights.resize(m);
    for (auto& w : g.float_weights) {
      const double r = unit(rng);
      if (r < rule.zero_fraction) w = 0.0f;
      else if (r < rule.zero_fraction + rule.tiny_fraction) w = 1e-9f * static_cast<float>(unit(rng));
      else w = static_cast<float>(unit(rng) * rule.max_int);
    }
  } else {
    g.int_weights.resize(m);
    for (auto& w : g.int_weights) w = unit(rng) < rule.zero_fraction ? 0 : ints(rng);
  }
  return g;
}

EdgeList uniform_edges(int64_t n, int64_t m, std::mt19937_64& rng) {
  EdgeList list;
  list.n = n;
  std::uniform_int_distribution<int64_t> pick(0, n - 1);
  for (int64_t i = 0; i < m; ++i) list.add(pick(rng), pick(rng));  // self-loops and parallel edges happen
  return list;
}

EdgeList grid_edges(int64_t width, int64_t height) {
  EdgeList list;
  list.n = width * height;
  for (int64_t y = 0; y < height; ++y) {
    for (int64_t x = 0; x < width; ++x) {
      const int64_t v = y * width + x;
      if (x + 1 < width) list.add(v, v + 1), list.add(v + 1, v);
      if (y + 1 < height) list.add(v, v + width), list.add(v + width, v);
    }
  }
  return list;
}

EdgeList chain_edges(int64_t n, bool with_shortcuts, std::mt19937_64& rng) {
  EdgeList list;
  list.n = n;
  for (int64_t v = 0; v + 1 < n; ++v) list.add(v, v + 1);
  if (with_shortcuts && n > 2) {
    std::uniform_int_distribution<int64_t> pick(0, n - 1);
    for (int64_t i = 0; i < n / 10; ++i) list.add(pick(rng), pick(rng));
  }
  return list;
}

EdgeList star_edges(int64_t n) {
  EdgeList list;
  list.n = n;
  for (int64_t v = 1; v < n; ++v) list.add(0, v), list.add(v, 0);
  if (n > 2) list.add(0, 1), list.add(1, 1);  // a parallel edge and a self-loop
  return list;
}

EdgeList rmat_edges(int scale, int64_t m, std::mt19937_64& rng) {
  EdgeList list;
  list.n = int64_t{1} << scale;
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  for (int64_t i = 0; i < m; ++i) {
    int64_t u = 0, v = 0;
    for (int bit = 0; bit < scale; ++bit) {
      const double r = unit(rng);
      const int quadrant = r < 0.57 ? 0 : r < 0.76 ? 1 : r < 0.95 ? 2 : 3;
      u = (u << 1) | (quadrant >> 1);
      v = (v << 1) | (quadrant & 1);
    }
    list.add(u, v);
  }
  return list;
}

// Martín et al. ICCS'09 Fig. 5 right: 0 -> i (weight 1) for 1 <= i <= n-2, and i -> n-1 with distinct
// weights, so that every frontier vertex of the second round races to lower c[n-1].
Graph martin_counterexample(int64_t n, bool is_float) {
  Graph g;
  g.name = "martin-counterexample";
  g.n = n;
  g.is_float = is_float;
  g.offsets.assign(static_cast<size_t>(n) + 1, 0);
  std::vector<double> weights;
  for (int64_t i = 1; i <= n - 2; ++i) g.targets.push_back(static_cast<int32_t>(i)), weights.push_back(1);
  g.offsets[1] = n - 2;
  for (int64_t i = 1; i <= n - 2; ++i) {
    g.targets.push_back(static_cast<int32_t>(n - 1));
    weights.push_back(static_cast<double>(n - i));  // distinct; the smallest (2) from i = n - 2
    g.offsets[i + 1] = g.offsets[i] + 1;
  }
  g.offsets[n] = g.offsets[n - 1];
  for (double w : weights) {
    if (is_float) g.float_weights.push_back(static_cast<float>(w));
    else g.int_weights.push_back(static_cast<int32_t>(w));
  }
  return g;
}

// ---- result checks --------------------------------------------------------------------------------

struct Result {
  std::vector<int64_t> raw;  // the 8-byte distances as written (int64 or double bits)
  std::vector<int32_t> pred;
  gsssp_stats stats{};
  int status = -1;
};

bool reached(const Graph& g, const Result& r, int64_t v) {
  if (g.is_float) {
    double d;
    std::memcpy(&d, &r.raw[v], sizeof(d));
    return std::isfinite(d);
  }
  return r.raw[v] != GSSSP_INT_INFINITY;
}

// Does edge e = (u -> v) satisfy relax(d[u], w) == d[v] in the graph's own arithmetic?
bool tight_edge(const Graph& g, const Result& r, int64_t u, int64_t e, int64_t v) {
  if (g.is_float) {
    double du, dv;
    std::memcpy(&du, &r.raw[u], sizeof(du));
    std::memcpy(&dv, &r.raw[v], sizeof(dv));
    const float sum = static_cast<float>(du) + g.float_weights[e];
    return sum == static_cast<float>(dv);
  }
  return r.raw[u] + g.int_weights[e] == r.raw[v];
}

// Predecessors form a tree rooted at the source along tight edges, covering exactly the reached vertices.
// Counts as one check; the first problem found is reported.
bool check_tree(const Graph& g, int64_t source, const Result& r, const std::string& what) {
  // One pass over the edges: is pred[v] the tail of some tight edge into v (parallel edges included)?
  std::vector<uint8_t> parent_ok(static_cast<size_t>(g.n), 0);
  for (int64_t u = 0; u < g.n; ++u) {
    if (!reached(g, r, u)) continue;
    for (int64_t e = g.offsets[u]; e < g.offsets[u + 1]; ++e) {
      const int32_t v = g.targets[e];
      if (r.pred[v] == u && tight_edge(g, r, u, e, v)) parent_ok[v] = 1;
    }
  }
  char problem[256] = "";
  for (int64_t v = 0; v < g.n && problem[0] == 0; ++v) {
    const int32_t p = r.pred[v];
    if (v == source || !reached(g, r, v)) {
      if (p != -1) {
        std::snprintf(problem, sizeof(problem), "vertex %lld (source or unreached) has predecessor %d",
                      static_cast<long long>(v), p);
      }
    } else if (!parent_ok[v]) {
      std::snprintf(problem, sizeof(problem), "predecessor %d of vertex %lld is not the tail of a tight edge", p,
                    static_cast<long long>(v));
    }
  }
  // 0 unknown, 1 on the current walk, 2 leads to the source.
  std::vector<uint8_t> state(static_cast<size_t>(g.n), 0);
  if (source < g.n) state[source] = 2;
  std::vector<int64_t> walk;
  for (int64_t v = 0; v < g.n && problem[0] == 0; ++v) {
    if (state[v] != 0 || !reached(g, r, v)) continue;
    walk.clear();
    int64_t x = v;
    while (state[x] == 0) {
      state[x] = 1;
      walk.push_back(x);
      x = r.pred[x];
      if (x < 0) break;
    }
    if (x < 0 || state[x] != 2) {
      std::snprintf(problem, sizeof(problem), "predecessors from vertex %lld %s", static_cast<long long>(v),
                    x < 0 ? "end before the source" : "form a cycle");
    }
    for (int64_t w : walk) state[w] = 2;
  }
  return check(problem[0] == 0, "%s: %s", what.c_str(), problem);
}

Result run_cpu(const Graph& g, int64_t source) {
  Result r;
  r.raw.assign(static_cast<size_t>(g.n), 0);
  r.pred.assign(static_cast<size_t>(g.n), -7);
  const gsssp_csr c = g.csr();
  r.status = gsssp_cpu_sssp(&c, GSSSP_ALGORITHM_CPU_DIJKSTRA, source, nullptr, r.raw.data(), r.pred.data(), &r.stats);
  return r;
}

Result run_gpu(gsssp_device_graph_t dg, const Graph& g, int32_t algorithm, int64_t source,
               const gsssp_options* options = nullptr) {
  Result r;
  r.raw.assign(static_cast<size_t>(g.n), 0);
  r.pred.assign(static_cast<size_t>(g.n), -7);
  r.status = gsssp_device_graph_sssp(dg, algorithm, source, options, r.raw.data(), r.pred.data(), &r.stats);
  return r;
}

// The library's own name of an algorithm id (gsssp_algorithm_info), for messages.
const char* algorithm_name(int32_t a) {
  const char* name = gsssp_algorithm_info(a, nullptr);
  return name != nullptr ? name : "unknown algorithm";
}

int64_t count_reached(const Graph& g, const Result& r) {
  int64_t count = 0;
  for (int64_t v = 0; v < g.n; ++v) count += reached(g, r, v) ? 1 : 0;
  return count;
}

// GPU result against the CPU reference: same status, identical distances, a valid tree, sane stats.
void compare(const Graph& g, int64_t source, int32_t algorithm, const Result& cpu, const Result& gpu,
             bool with_tree = true) {
  const std::string what = g.name + (g.is_float ? " float" : " int") + " n=" + std::to_string(g.n) +
                           " m=" + std::to_string(g.targets.size()) + " src=" + std::to_string(source) + " " +
                           algorithm_name(algorithm);
  if (!check(gpu.status == cpu.status, "%s: status %d, CPU %d (%s)", what.c_str(), gpu.status, cpu.status,
             gsssp_last_error())) {
    return;
  }
  if (gpu.status != GSSSP_SUCCESS) return;
  int64_t first_diff = -1;
  for (int64_t v = 0; v < g.n && first_diff < 0; ++v) {
    if (gpu.raw[v] != cpu.raw[v]) first_diff = v;
  }
  if (!check(first_diff < 0, "%s: distance of vertex %lld differs (raw GPU %llx, CPU %llx)", what.c_str(),
             static_cast<long long>(first_diff), first_diff < 0 ? 0ull : (unsigned long long)gpu.raw[first_diff],
             first_diff < 0 ? 0ull : (unsigned long long)cpu.raw[first_diff])) {
    return;
  }
  if (with_tree) check_tree(g, source, gpu, what + " (GPU tree)");
  check(gpu.stats.vertices_reached == count_reached(g, gpu), "%s: vertices_reached %lld, expected %lld",
        what.c_str(), static_cast<long long>(gpu.stats.vertices_reached),
        static_cast<long long>(count_reached(g, gpu)));
  // ADDS counts head-bucket switches, which empty distance ranges also make: no bound by n.
  const bool bounded_rounds = algorithm != GSSSP_ALGORITHM_ADDS;
  check(gpu.stats.iterations >= 1 && (!bounded_rounds || gpu.stats.iterations <= g.n + 1) && gpu.stats.vertex_visits >= 1 &&
            gpu.stats.edges_relaxed >= 0 && gpu.stats.peak_device_memory > 0 && gpu.stats.time_ms >= 0.0 &&
            gpu.stats.total_ms >= 0.0,
        "%s: odd stats (iterations %lld, visits %lld, edges %lld, memory %lld)", what.c_str(),
        static_cast<long long>(gpu.stats.iterations), static_cast<long long>(gpu.stats.vertex_visits),
        static_cast<long long>(gpu.stats.edges_relaxed), static_cast<long long>(gpu.stats.peak_device_memory));
}

// The generated-graph checks run these; H-BF, Near-Far and DA2CF have their own suites on the Java side.
// ADDS is here too because its queue's corner cases (clipping, block overflow, zero weights) are exactly
// what these graph families produce.
const int32_t kGpuAlgorithms[] = {GSSSP_ALGORITHM_BELLMAN_FORD, GSSSP_ALGORITHM_FRONTIER, GSSSP_ALGORITHM_ADDS};
// What --gr and --gen time.
const int32_t kTimedAlgorithms[] = {GSSSP_ALGORITHM_NEAR_FAR, GSSSP_ALGORITHM_HBF, GSSSP_ALGORITHM_ADDS};

// ---- host-only tests ------------------------------------------------------------------------------

Graph small_graph(bool is_float) {
  // 8 vertices; vertex 3 owns edges 9..12, edge 12 is 3 -> 7.
  Graph g;
  g.name = "small";
  g.n = 8;
  g.is_float = is_float;
  g.offsets = {0, 3, 6, 9, 13, 14, 15, 16, 16};
  g.targets = {1, 2, 3, 2, 4, 0, 3, 5, 6, 4, 5, 6, 7, 7, 7, 7};
  const int32_t w[] = {4, 1, 9, 2, 7, 3, 1, 8, 2, 5, 0, 6, 3, 1, 2, 0};
  for (int32_t x : w) {
    g.int_weights.push_back(x);
    g.float_weights.push_back(static_cast<float>(x));
  }
  return g;
}

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
}

// ---- GPU tests ------------------------------------------------------------------------------------

gsssp_device_graph_t upload(const Graph& g) {
  gsssp_device_graph_t dg = nullptr;
  const gsssp_csr c = g.csr();
  const int status = gsssp_device_graph_create(&dg, 0, &c);
  check(status == GSSSP_SUCCESS, "upload %s: status %d (%s)", g.name.c_str(), status, gsssp_last_error());
  return status == GSSSP_SUCCESS ? dg : nullptr;
}

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
    paper.adds_local_rounds = 0;
    compare(g, source, GSSSP_ALGORITHM_ADDS, cpu, run_gpu(dg, g, GSSSP_ALGORITHM_ADDS, source, &paper));
  }
  check_status(gsssp_device_graph_destroy(dg), GSSSP_SUCCESS, "destroy");
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
      opts.delta = 1.0;
      opts.adds_static_delta = 1;
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
  o.adds_pool_words = 1;
  Result fixed = run_gpu(dg, star, GSSSP_ALGORITHM_ADDS, 0, &o);
  check(fixed.status == GSSSP_ERROR_OUT_OF_DEVICE_MEMORY && std::strstr(gsssp_last_error(), "pool") != nullptr,
        "ADDS fixed tiny pool: status %d (%s)", fixed.status, gsssp_last_error());
  o.adds_pool_words = -1;
  Result grown = run_gpu(dg, star, GSSSP_ALGORITHM_ADDS, 0, &o);
  compare(star, 0, GSSSP_ALGORITHM_ADDS, cpu, grown);
  check(grown.stats.restarts > 0, "ADDS growable tiny pool: %lld restarts", static_cast<long long>(grown.stats.restarts));
  o.adds_pool_words = 0;
  Result sized = run_gpu(dg, star, GSSSP_ALGORITHM_ADDS, 0, &o);
  compare(star, 0, GSSSP_ALGORITHM_ADDS, cpu, sized);
  check(sized.stats.restarts == 0, "ADDS pool from the graph: %lld restarts", static_cast<long long>(sized.stats.restarts));
  for (int buckets : {2, 3, 32}) {
    for (int static_delta : {0, 1}) {
      o.adds_bucket_count = buckets;
      o.adds_static_delta = static_delta;
      for (double delta : {0.0, 1.0, 1e9}) {
        o.delta = delta;
        o.adds_local_rounds = delta == 1.0 ? 0 : 1;
        compare(star, 0, GSSSP_ALGORITHM_ADDS, cpu, run_gpu(dg, star, GSSSP_ALGORITHM_ADDS, 0, &o));
        compare(star, 17, GSSSP_ALGORITHM_ADDS, run_cpu(star, 17), run_gpu(dg, star, GSSSP_ALGORITHM_ADDS, 17, &o));
      }
    }
  }
  o.adds_local_rounds = 2;
  const Result bad_local = run_gpu(dg, star, GSSSP_ALGORITHM_ADDS, 0, &o);
  check(bad_local.status == GSSSP_ERROR_INVALID_ARGUMENT && std::strstr(gsssp_last_error(), "adds_local_rounds") != nullptr,
        "ADDS adds_local_rounds 2: status %d (%s)", bad_local.status, gsssp_last_error());
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
      o.delta = delta;
      for (int local : {0, 1}) {
        o.adds_local_rounds = local;
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

// ---- DIMACS .gr -----------------------------------------------------------------------------------

bool load_dimacs(const std::string& path, Graph& g) {
  const bool gz = path.size() > 3 && path.compare(path.size() - 3, 3, ".gz") == 0;
  FILE* file = gz ? popen(("gzip -dc '" + path + "'").c_str(), "r") : std::fopen(path.c_str(), "r");
  if (file == nullptr) return false;
  EdgeList list;
  std::vector<int32_t> weights;
  char line[512];
  while (std::fgets(line, sizeof(line), file) != nullptr) {
    if (line[0] == 'p') {
      long long n = 0, m = 0;
      if (std::sscanf(line, "p sp %lld %lld", &n, &m) == 2) {
        list.n = n;
        list.edges.reserve(static_cast<size_t>(m));
        weights.reserve(static_cast<size_t>(m));
      }
    } else if (line[0] == 'a') {
      char* p = line + 1;
      const long u = std::strtol(p, &p, 10);
      const long v = std::strtol(p, &p, 10);
      const long w = std::strtol(p, &p, 10);
      list.add(u - 1, v - 1);
      weights.push_back(static_cast<int32_t>(w));
    }
  }
  if (gz) pclose(file);
  else std::fclose(file);
  if (list.n <= 0) return false;
  // Same stable counting sort as build(), carrying the file's weights.
  g.name = path;
  g.n = list.n;
  g.offsets.assign(static_cast<size_t>(list.n) + 1, 0);
  for (const auto& e : list.edges) ++g.offsets[e.first + 1];
  for (int64_t v = 0; v < list.n; ++v) g.offsets[v + 1] += g.offsets[v];
  std::vector<int64_t> next(g.offsets.begin(), g.offsets.end() - 1);
  g.targets.resize(list.edges.size());
  g.int_weights.resize(list.edges.size());
  for (size_t i = 0; i < list.edges.size(); ++i) {
    const int64_t at = next[list.edges[i].first]++;
    g.targets[at] = list.edges[i].second;
    g.int_weights[at] = weights[i];
  }
  return true;
}

// grid:W (W x W, both directions), random:N:D (N vertices, N*D uniform edges), rmat:SCALE (16 edges per
// vertex), with int weights in 1..1000.
bool generate_named(const std::string& spec, Graph& g) {
  std::mt19937_64 rng(20250101);
  WeightRule rule;
  rule.max_int = 1000;
  long long a = 0, b = 0;
  if (std::sscanf(spec.c_str(), "grid:%lld", &a) == 1) g = build(spec, grid_edges(a, a), rule, rng);
  else if (std::sscanf(spec.c_str(), "random:%lld:%lld", &a, &b) == 2) g = build(spec, uniform_edges(a, a * b, rng), rule, rng);
  else if (std::sscanf(spec.c_str(), "rmat:%lld", &a) == 1) g = build(spec, rmat_edges(static_cast<int>(a), (int64_t{1} << a) * 16, rng), rule, rng);
  else return false;
  return true;
}

int64_t largest_out_degree(const Graph& g) {
  int64_t best = 0;
  for (int64_t v = 0; v < g.n; ++v) {
    if (g.offsets[v + 1] - g.offsets[v] > g.offsets[best + 1] - g.offsets[best]) best = v;
  }
  return best;
}

// block_size: threads per block for the timing runs (--block); 0 = each algorithm's default.
int run_dimacs(const std::string& path, int64_t source, bool as_float, int repeat, const std::string& only,
               int adds_repeat, int32_t block_size) {
  Graph g;
  const double t0 = now_ms();
  const bool generated = path.rfind("gen:", 0) == 0;
  if (generated ? !generate_named(path.substr(4), g) : !load_dimacs(path, g)) {
    std::fprintf(stderr, "cannot read or generate graph %s\n", path.c_str());
    return 2;
  }
  if (generated || source < 0) source = largest_out_degree(g);
  if (as_float) {
    g.is_float = true;
    g.float_weights.assign(g.int_weights.begin(), g.int_weights.end());
  }
  std::printf("%s: %lld vertices, %zu edges, %s weights, loaded in %.0f ms\n", path.c_str(),
              static_cast<long long>(g.n), g.targets.size(), as_float ? "float32" : "int32", now_ms() - t0);
  const Result cpu = run_cpu(g, source);
  if (cpu.status != 0) {
    std::printf("CPU failed: %d (%s)\n", cpu.status, gsssp_last_error());
    return 1;
  }
  std::printf("%-14s time %9.3f ms  total %9.3f ms  extractions %lld  reached %lld\n", "cpu-dijkstra",
              cpu.stats.time_ms, cpu.stats.total_ms, static_cast<long long>(cpu.stats.iterations),
              static_cast<long long>(cpu.stats.vertices_reached));
  int32_t devices = 0;
  gsssp_device_count(&devices);
  if (devices == 0) {
    std::printf("no CUDA device: GPU algorithms skipped\n");
    return 0;
  }
  gsssp_device_graph_t dg = upload(g);
  if (dg == nullptr) return 1;
  if (adds_repeat > 0) {
    int wrong = 0;
    double total = 0.0;
    for (int r = 0; r < adds_repeat; ++r) {
      const Result gpu = run_gpu(dg, g, GSSSP_ALGORITHM_ADDS, source);
      if (gpu.status != GSSSP_SUCCESS || gpu.raw != cpu.raw) {
        ++wrong;
        std::printf("run %d: status %d (%s)\n", r, gpu.status, gpu.status != 0 ? gsssp_last_error() : "wrong distances");
      }
      total += gpu.stats.time_ms;
    }
    check(wrong == 0, "ADDS %d repeated runs: %d wrong or failed", adds_repeat, wrong);
    std::printf("adds repeated %d times: %d wrong or failed, mean %.3f ms\n", adds_repeat, wrong, total / adds_repeat);
    gsssp_device_graph_destroy(dg);
    std::printf("%d passed, %d failed\n", g_passed, g_failed);
    return g_failed == 0 ? 0 : 1;
  }
  struct Variant {
    int32_t algorithm;
    const char* name;
    int static_delta;
    int buckets;
    int local_rounds;
  };
  // Every GPU algorithm (so that scripts/sanitize_native.sh can put each under compute-sanitizer), the ADDS
  // ablations among them; --only picks by name.
  const Variant variants[] = {{GSSSP_ALGORITHM_NEAR_FAR, "near-far", 0, 0, 1},
                              {GSSSP_ALGORITHM_HBF, "hbf", 0, 0, 1},
                              {GSSSP_ALGORITHM_ADDS, "adds", 0, 0, 1},
                              {GSSSP_ALGORITHM_ADDS, "adds:no-local", 0, 0, 0},
                              {GSSSP_ALGORITHM_ADDS, "adds:static", 1, 0, 1},
                              {GSSSP_ALGORITHM_ADDS, "adds:2-buckets", 1, 2, 1},
                              {GSSSP_ALGORITHM_BELLMAN_FORD, "bellman-ford", 0, 0, 1},
                              {GSSSP_ALGORITHM_FRONTIER, "frontier", 0, 0, 1},
                              {GSSSP_ALGORITHM_DA2CF_F, "da2cf-f", 0, 0, 1},
                              {GSSSP_ALGORITHM_DA2CF_U, "da2cf-u", 0, 0, 1},
                              {GSSSP_ALGORITHM_DA2CF_F_MATRIX, "da2cf-f-matrix", 0, 0, 1},
                              {GSSSP_ALGORITHM_DA2CF_U_MATRIX, "da2cf-u-matrix", 0, 0, 1},
                              {GSSSP_ALGORITHM_BLOCK_BELLMAN_FORD, "block-bf", 0, 0, 1}};
  for (const Variant& variant : variants) {
    if (!only.empty() && only.find(variant.name) == std::string::npos) continue;
    // The size-limited algorithms refuse larger graphs (dense matrix: 16,384 vertices; one block's shared memory).
    const bool matrix = variant.algorithm == GSSSP_ALGORITHM_DA2CF_F_MATRIX || variant.algorithm == GSSSP_ALGORITHM_DA2CF_U_MATRIX;
    if ((matrix && g.n > 16384) || (variant.algorithm == GSSSP_ALGORITHM_BLOCK_BELLMAN_FORD && g.n > 8000)) {
      std::printf("%-14s skipped: %lld vertices are beyond its limit\n", variant.name, static_cast<long long>(g.n));
      continue;
    }
    const int32_t algorithm = variant.algorithm;
    gsssp_options o;
    gsssp_options_init(&o);
    o.adds_static_delta = variant.static_delta;
    o.adds_bucket_count = variant.buckets;
    o.adds_local_rounds = variant.local_rounds;
    o.block_size = block_size;
    double sum = 0.0;
    for (int r = 0; r < repeat; ++r) {
      const Result gpu = run_gpu(dg, g, algorithm, source, &o);
      sum += gpu.stats.time_ms;
      compare(g, source, algorithm, cpu, gpu, r == 0);
      if (gpu.status != 0) break;
      std::printf("%-14s time %9.3f ms  total %9.3f ms  rounds %lld  visits %lld  edges %lld  delta %g  restarts %lld  scratch %.1f MiB\n",
                  variant.name, gpu.stats.time_ms, gpu.stats.total_ms,
                  static_cast<long long>(gpu.stats.iterations), static_cast<long long>(gpu.stats.vertex_visits),
                  static_cast<long long>(gpu.stats.edges_relaxed), gpu.stats.delta,
                  static_cast<long long>(gpu.stats.restarts), gpu.stats.peak_device_memory / 1048576.0);
    }
    std::printf("%-14s mean %9.3f ms over %d runs (source %lld)\n", variant.name, sum / repeat, repeat,
                static_cast<long long>(source));
  }
  if (only.empty() || only.find("certify") != std::string::npos) {
    // The GPU certificate of the reference answer (distances and tree): it must hold.
    gsssp_certificate c{};
    const int status = gsssp_device_graph_certify(dg, source, cpu.raw.data(), cpu.pred.data(), &c);
    check(status == GSSSP_SUCCESS && c.violation == GSSSP_CERTIFICATE_HOLDS,
          "certificate of CPU Dijkstra's answer: status %d, violation %d at vertex %lld (%s)", status, c.violation,
          static_cast<long long>(c.vertex), gsssp_last_error());
    std::printf("%-14s time %9.3f ms  (the reference answer, checked on the GPU)\n", "certify", c.time_ms);
  }
  gsssp_device_graph_destroy(dg);
  std::printf("%d passed, %d failed\n", g_passed, g_failed);
  return g_failed == 0 ? 0 : 1;
}

// --probe: the fixed costs of one query, call by call, for the serving path (the issue "Java at kernel
// speed"): CPU Dijkstra into ordinary and into page-locked output memory, a GPU query into page-locked memory
// with compact distances, and a resident query with one target read and the result destroyed. Medians of
// `repeat` runs, in microseconds.
double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0.0 : v[v.size() / 2];
}

int run_probe(const std::string& path, int64_t source, int repeat, const std::string& only) {
  Graph g;
  const bool generated = path.rfind("gen:", 0) == 0;
  if (generated ? !generate_named(path.substr(4), g) : !load_dimacs(path, g)) {
    std::fprintf(stderr, "cannot read or generate graph %s\n", path.c_str());
    return 2;
  }
  if (source < 0) source = largest_out_degree(g);
  const int64_t n = g.n;
  std::printf("probe %s: %lld vertices, %zu edges, source %lld, %d runs each (median us)\n", path.c_str(),
              static_cast<long long>(n), g.targets.size(), static_cast<long long>(source), repeat);
  const gsssp_csr csr = g.csr();
  gsssp_options o;
  gsssp_options_init(&o);
  o.compute_predecessors = 0;
  int32_t devices = 0;
  gsssp_device_count(&devices);
  if (only.empty() || only.find("cpu") != std::string::npos) {
    gsssp_host_graph_t hg = nullptr;
    if (gsssp_host_graph_create(&hg, &csr) != 0) return 1;
    std::vector<int64_t> plain(static_cast<size_t>(n));
    void* pinned = nullptr;
    if (devices > 0 && gsssp_host_alloc(&pinned, n * 8) != 0) return 1;
    for (int kind = 0; kind < (pinned != nullptr ? 2 : 1); ++kind) {
      void* out = kind == 0 ? static_cast<void*>(plain.data()) : pinned;
      std::vector<double> call, search;
      for (int r = 0; r < repeat; ++r) {
        gsssp_stats st{};
        const double t0 = now_ms();
        if (gsssp_host_graph_sssp(hg, GSSSP_ALGORITHM_CPU_DIJKSTRA, source, &o, out, nullptr, &st) != 0) return 1;
        call.push_back((now_ms() - t0) * 1e3);
        search.push_back(st.time_ms * 1e3);
      }
      std::printf("cpu-dijkstra into %-8s call %9.1f  search %9.1f\n", kind == 0 ? "malloc" : "pinned",
                  median(call), median(search));
    }
    gsssp_host_free(pinned);
    gsssp_host_graph_destroy(hg);
    // Whether the host's caches keep the graph between queries: one pass over the CSR arrays, warm.
    std::vector<double> pass;
    long long sum = 0;
    for (int r = 0; r < repeat; ++r) {
      const double t0 = now_ms();
      for (int64_t v = 0; v <= n; ++v) sum += g.offsets[v];
      for (size_t e = 0; e < g.targets.size(); ++e) sum += g.targets[e] + g.int_weights[e];
      pass.push_back((now_ms() - t0) * 1e3);
    }
    std::printf("csr pass (%lld bytes)  %9.1f us  (checksum %lld)\n",
                static_cast<long long>((n + 1) * 8 + g.targets.size() * 8), median(pass), sum % 1000);
  }
  if (devices == 0) {
    std::printf("no CUDA device: GPU probes skipped\n");
    return 0;
  }
  gsssp_device_graph_t dg = upload(g);
  if (dg == nullptr) return 1;
  void* pinned = nullptr;
  if (gsssp_host_alloc(&pinned, n * 8) != 0) return 1;
  struct Probed {
    int32_t id;
    const char* name;
  };
  const Probed probed[] = {{GSSSP_ALGORITHM_ADDS, "adds"}, {GSSSP_ALGORITHM_BLOCK_BELLMAN_FORD, "block-bf"}};
  const Result cpu = run_cpu(g, source);
  for (const Probed& alg : probed) {
  if (alg.id == GSSSP_ALGORITHM_BLOCK_BELLMAN_FORD && n > 18000) continue;
  if (only.empty() || only.find("gpu") != std::string::npos) {
    gsssp_options c = o;
    c.compact_distances = 1;
    std::vector<double> call, kernel, total;
    for (int r = 0; r < repeat; ++r) {
      gsssp_stats st{};
      const double t0 = now_ms();
      if (gsssp_device_graph_sssp(dg, alg.id, source, &c, pinned, nullptr, &st) != 0) {
        std::printf("%s failed: %s\n", alg.name, gsssp_last_error());
        return 1;
      }
      call.push_back((now_ms() - t0) * 1e3);
      kernel.push_back(st.time_ms * 1e3);
      total.push_back(st.total_ms * 1e3);
      if (r == 0) {
        // The compact output against the CPU reference: 4 bytes per vertex when they fit, else 8.
        int64_t wrong = 0;
        for (int64_t v = 0; v < n; ++v) {
          int64_t got;
          if (st.distance_bytes == 4) {
            const uint32_t c32 = static_cast<const uint32_t*>(pinned)[v];
            got = c32 == 0xffffffffu ? INT64_MAX : static_cast<int64_t>(c32);
          } else {
            got = static_cast<const int64_t*>(pinned)[v];
          }
          if (got != cpu.raw[v]) ++wrong;
        }
        std::printf("%s: %lld distances differ from CPU Dijkstra (%d-byte output, %lld rounds)\n", alg.name,
                    static_cast<long long>(wrong), st.distance_bytes, static_cast<long long>(st.iterations));
        if (wrong != 0) return 1;
      }
    }
    std::printf("%-8s compact pinned    call %9.1f  kernel %9.1f  total_ms %9.1f\n", alg.name, median(call),
                median(kernel), median(total));
  }
  if (only.empty() || only.find("resident") != std::string::npos) {
    std::vector<double> query, kernel, read, destroy, certificate;
    const int32_t target = static_cast<int32_t>(n - 1);
    for (int r = 0; r < repeat; ++r) {
      gsssp_stats st{};
      gsssp_device_result_t res = nullptr;
      const double t0 = now_ms();
      if (gsssp_device_graph_sssp_resident(dg, alg.id, source, &o, &res, &st) != 0) {
        std::printf("resident failed: %s\n", gsssp_last_error());
        return 1;
      }
      const double t1 = now_ms();
      int64_t d = 0;
      if (gsssp_device_result_distances(res, &target, 1, &d) != 0) return 1;
      const double t2 = now_ms();
      if (r < 5) {
        // The certificate of the resident answer, on the device (not part of the timed read).
        gsssp_certificate c{};
        if (gsssp_device_result_certify(res, &c) != 0 || c.violation != GSSSP_CERTIFICATE_HOLDS) {
          std::printf("%s: certificate failed: status/violation %d vertex %lld (%s)\n", alg.name, c.violation,
                      static_cast<long long>(c.vertex), gsssp_last_error());
          return 1;
        }
        certificate.push_back(c.time_ms * 1e3);
      }
      const double t2b = now_ms();
      gsssp_device_result_destroy(res);
      const double t3 = now_ms();
      query.push_back((t1 - t0) * 1e3);
      kernel.push_back(st.time_ms * 1e3);
      read.push_back((t2 - t1) * 1e3);
      destroy.push_back((t3 - t2b) * 1e3);
    }
    std::printf("%-8s resident          query %9.1f  kernel %9.1f  read-one %7.1f  destroy %7.1f  certificate %8.1f\n",
                alg.name, median(query), median(kernel), median(read), median(destroy), median(certificate));
  }
  }
  gsssp_host_free(pinned);
  gsssp_device_graph_destroy(dg);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  uint64_t seed = 20240611;
  bool quick = false;
  std::string gr_path;
  int64_t source = -1;  // -1: the vertex of largest out-degree
  bool as_float = false;
  int repeat = 3;
  std::string only;
  int adds_repeat = 0;
  int32_t block_size = 0;
  bool probe = false;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    const bool has_value = i + 1 < argc;
    if (arg == "--seed" && has_value) seed = std::strtoull(argv[++i], nullptr, 10);
    else if (arg == "--quick") quick = true;
    else if (arg == "--gr" && has_value) gr_path = argv[++i];
    else if (arg == "--source" && has_value) source = std::strtoll(argv[++i], nullptr, 10);
    else if (arg == "--float") as_float = true;
    else if (arg == "--probe") probe = true;
    else if (arg == "--repeat" && has_value) repeat = std::atoi(argv[++i]);
    else if (arg == "--gen" && has_value) gr_path = std::string("gen:") + argv[++i];
    else if (arg == "--only" && has_value) only = argv[++i];
    else if (arg == "--adds-repeat" && has_value) adds_repeat = std::atoi(argv[++i]);
    else if (arg == "--block" && has_value) block_size = std::atoi(argv[++i]);
    else {
      std::fprintf(stderr,
                   "usage: %s [--seed N] [--quick]\n"
                   "       %s --gr FILE.gr[.gz] [--source S] [--float] [--repeat K] [--block THREADS]\n"
                   "       %s --probe (--gr FILE | --gen SPEC) [--repeat K] [--only cpu,gpu,resident]\n",
                   argv[0], argv[0], argv[0]);
      return 2;
    }
  }
  std::printf("gsssp %s self-test, seed %llu\n", gsssp_version(), static_cast<unsigned long long>(seed));
  if (probe && !gr_path.empty()) return run_probe(gr_path, source, repeat, only);
  if (!gr_path.empty()) return run_dimacs(gr_path, source, as_float, repeat, only, adds_repeat, block_size);

  std::mt19937_64 rng(seed);
  test_host_api();
  int32_t devices = 0;
  gsssp_device_count(&devices);
  if (devices == 0) {
    std::printf("GPU tests skipped: no CUDA device (gsssp_device_count = 0)\n");
  } else {
    test_gpu_errors_and_options(rng);
    test_martin(200);
    test_adds(rng);
    test_generated(rng, quick);
    test_concurrent_queries(rng);
    test_cancel_and_destroy(rng);
  }
  std::printf("%d passed, %d failed\n", g_passed, g_failed);
  return g_failed == 0 ? 0 : 1;
}
