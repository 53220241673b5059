// Contraction hierarchies on the host (gsssp.h's gsssp_ch_*): every distance, route and matrix entry against CPU
// Dijkstra on random directed graphs (zero weights, parallel arcs, self loops, unreachable pairs), one-way grids,
// DIMACS rome99 (and NY with GSSSP_TEST_SIZES=full); the view's round trip and its checks; bad arguments; graphs
// that contract badly. DIMACS files come from GSSSP_GRAPHS_DIR (default: ../shared/graphs beside the checkout);
// tests of a missing file skip, saying which.
#include <sys/stat.h>

#include <memory>

#include "test_main.hpp"

namespace gsssp_test {
namespace {

using ChTest = HostTest;

std::string graph_file(const char* name) {
  const char* dir = std::getenv("GSSSP_GRAPHS_DIR");
  return std::string(dir != nullptr ? dir : GSSSP_DEFAULT_GRAPHS_DIR) + "/" + name;
}

__attribute__((format(printf, 1, 2))) std::string format_name(const char* fmt, ...) {
  char text[128];
  va_list args;
  va_start(args, fmt);
  std::vsnprintf(text, sizeof(text), fmt, args);
  va_end(args);
  return text;
}

bool exists(const std::string& path) {
  struct stat st{};
  return stat(path.c_str(), &st) == 0;
}

struct ChHandle {
  gsssp_ch_t ch = nullptr;
  gsssp_ch_query_t query = nullptr;
  ~ChHandle() {
    gsssp_ch_query_destroy(query);
    gsssp_ch_destroy(ch);
  }
};

// Builds g's hierarchy with `threads` and a query context; false (with a failed check) when the build fails.
bool build_ch(const Graph& g, ChHandle& h, int32_t threads = 2) {
  const gsssp_csr c = g.csr();
  gsssp_ch_params params;
  gsssp_ch_params_init(&params);
  params.threads = threads;
  const int status = gsssp_ch_build(&h.ch, &c, &params);
  if (!check(status == GSSSP_SUCCESS, "%s: gsssp_ch_build status %d: %s", g.name.c_str(), status, gsssp_last_error()))
    return false;
  return check_status(gsssp_ch_query_create(&h.query, h.ch), GSSSP_SUCCESS, "ch_query_create");
}

// The lightest arc u -> v of g, or -1.
int64_t arc_weight(const Graph& g, int32_t u, int32_t v) {
  int64_t best = -1;
  for (int64_t e = g.offsets[u]; e < g.offsets[u + 1]; ++e)
    if (g.targets[e] == v && (best < 0 || g.int_weights[e] < best)) best = g.int_weights[e];
  return best;
}

// distance and path from s to every listed target against the CPU reference `cpu` (from s).
void check_pairs(const Graph& g, gsssp_ch_query_t query, int32_t s, const Result& cpu, const std::vector<int32_t>& targets) {
  std::vector<int32_t> path(static_cast<size_t>(g.n) + 1);
  for (int32_t t : targets) {
    int64_t d = -1;
    if (!check_status(gsssp_ch_distance(query, s, t, &d), GSSSP_SUCCESS, "ch_distance")) return;
    if (!check(d == cpu.raw[t], "%s: distance %d -> %d is %lld, Dijkstra says %lld", g.name.c_str(), s, t,
               static_cast<long long>(d), static_cast<long long>(cpu.raw[t])))
      return;
    int64_t pd = -1, length = -1;
    if (!check_status(gsssp_ch_path(query, s, t, &pd, path.data(), static_cast<int64_t>(path.size()), &length),
                      GSSSP_SUCCESS, "ch_path"))
      return;
    check(pd == d, "%s: path %d -> %d gives distance %lld, distance %lld", g.name.c_str(), s, t,
          static_cast<long long>(pd), static_cast<long long>(d));
    if (d == GSSSP_INT_INFINITY) {
      check(length == 0, "%s: unreachable %d -> %d has a route of %lld vertices", g.name.c_str(), s, t,
            static_cast<long long>(length));
      continue;
    }
    if (!check(length >= 1 && path[0] == s && path[length - 1] == t, "%s: route %d -> %d of %lld vertices has the wrong ends",
               g.name.c_str(), s, t, static_cast<long long>(length)))
      return;
    int64_t sum = 0;
    for (int64_t i = 0; i + 1 < length; ++i) {
      const int64_t w = arc_weight(g, path[i], path[i + 1]);
      if (!check(w >= 0, "%s: route %d -> %d steps %d -> %d, which is no arc", g.name.c_str(), s, t, path[i], path[i + 1]))
        return;
      sum += w;
    }
    check(sum == d, "%s: route %d -> %d weighs %lld, distance %lld", g.name.c_str(), s, t, static_cast<long long>(sum),
          static_cast<long long>(d));
  }
}

// `sources` x all `targets` via gsssp_ch_matrix with `threads` against CPU Dijkstra rows.
void check_matrix(const Graph& g, gsssp_ch_t ch, const std::vector<int64_t>& sources, const std::vector<int64_t>& targets,
                  int32_t threads) {
  std::vector<int64_t> d(sources.size() * targets.size(), -1);
  if (!check_status(gsssp_ch_matrix(ch, sources.data(), static_cast<int64_t>(sources.size()), targets.data(),
                                    static_cast<int64_t>(targets.size()), threads, d.data()),
                    GSSSP_SUCCESS, "ch_matrix"))
    return;
  for (size_t i = 0; i < sources.size(); ++i) {
    const Result cpu = run_cpu(g, sources[i]);
    for (size_t j = 0; j < targets.size(); ++j) {
      if (!check(d[i * targets.size() + j] == cpu.raw[targets[j]], "%s: matrix[%zu][%zu] (%lld -> %lld) is %lld, Dijkstra says %lld",
                 g.name.c_str(), i, j, static_cast<long long>(sources[i]), static_cast<long long>(targets[j]),
                 static_cast<long long>(d[i * targets.size() + j]), static_cast<long long>(cpu.raw[targets[j]])))
        return;
    }
  }
}

// Random pairs and a matrix against Dijkstra.
void verify(const Graph& g, std::mt19937_64& rng, int sources, int targets_per_source, int matrix_side,
            int32_t threads = 2) {
  ChHandle h;
  if (!build_ch(g, h, threads)) return;
  std::uniform_int_distribution<int32_t> pick(0, static_cast<int32_t>(g.n - 1));
  for (int i = 0; i < sources; ++i) {
    const int32_t s = pick(rng);
    const Result cpu = run_cpu(g, s);
    std::vector<int32_t> targets;
    if (targets_per_source >= g.n) {
      for (int32_t t = 0; t < g.n; ++t) targets.push_back(t);
    } else {
      for (int k = 0; k < targets_per_source; ++k) targets.push_back(pick(rng));
    }
    check_pairs(g, h.query, s, cpu, targets);
  }
  std::vector<int64_t> ms, mt;
  for (int i = 0; i < matrix_side; ++i) ms.push_back(pick(rng)), mt.push_back(pick(rng));
  check_matrix(g, h.ch, ms, mt, threads);
}

// Random directed graphs: zero weights, parallel arcs, self loops (uniform_edges makes them), and, being sparse,
// unreachable pairs.
TEST_F(ChTest, RandomDirectedGraphsEqualDijkstra) {
  for (int64_t n : {1, 2, 3, 10, 50, 200, 1000}) {
    for (double degree : {0.8, 2.5, 6.0}) {
      EdgeList list = uniform_edges(n, static_cast<int64_t>(degree * n), rng);
      for (int i = 0; i < n / 5; ++i) {  // more parallel arcs and self loops
        if (!list.edges.empty()) list.edges.push_back(list.edges[rng() % list.edges.size()]);
        const int32_t v = static_cast<int32_t>(rng() % n);
        list.add(v, v);
      }
      WeightRule rule;
      rule.max_int = degree < 1 ? 3 : 100;
      rule.zero_fraction = 0.2;
      const Graph g = build(format_name("random n=%lld deg=%.1f", static_cast<long long>(n), degree), list, rule, rng);
      verify(g, rng, n <= 50 ? static_cast<int>(n) : 30, n <= 200 ? static_cast<int>(n) : 100, std::min<int>(n, 40));
    }
  }
}

// Road-like: a grid with random weights where a quarter of the streets are one-way.
TEST_F(ChTest, OneWayGridEqualsDijkstra) {
  for (int64_t side : {20, 70}) {
    EdgeList grid = grid_edges(side, side);
    EdgeList list;
    list.n = grid.n;
    for (auto [u, v] : grid.edges)
      if (u < v || rng() % 4 != 0) list.add(u, v);
    WeightRule rule;
    rule.max_int = 1000;
    rule.zero_fraction = 0.02;
    const Graph g = build(format_name("one-way grid %lldx%lld", static_cast<long long>(side), static_cast<long long>(side)),
                          list, rule, rng);
    verify(g, rng, 20, 50, 30, side > 50 ? 0 : 1);
  }
}

TEST_F(ChTest, Rome99EqualsDijkstra) {
  const std::string path = graph_file("rome99.gr");
  if (!exists(path)) GTEST_SKIP() << path << " is missing (set GSSSP_GRAPHS_DIR)";
  Graph g;
  ASSERT_TRUE(load_dimacs(path, g));
  verify(g, rng, 30, 20, 60);
}

// NY takes tens of seconds of CPU to contract: with GSSSP_TEST_SIZES=full only.
TEST_F(ChTest, RoadNewYorkEqualsDijkstra) {
  if (!full_sizes()) GTEST_SKIP() << "road NY runs with GSSSP_TEST_SIZES=full";
  const std::string path = graph_file("USA-road-d.NY.gr.gz");
  if (!exists(path)) GTEST_SKIP() << path << " is missing (set GSSSP_GRAPHS_DIR)";
  Graph g;
  ASSERT_TRUE(load_dimacs(path, g));
  verify(g, rng, 10, 30, 100, 0);
}

TEST_F(ChTest, ViewRoundTripAndChecks) {
  EdgeList list = uniform_edges(300, 900, rng);
  WeightRule rule;
  rule.zero_fraction = 0.1;
  const Graph g = build("random n=300", list, rule, rng);
  ChHandle built;
  ASSERT_TRUE(build_ch(g, built));
  gsssp_ch_view view;
  ASSERT_EQ(gsssp_ch_get_view(built.ch, &view), GSSSP_SUCCESS);
  const gsssp_csr c = g.csr();
  uint64_t checksum = 0;
  ASSERT_EQ(gsssp_csr_checksum(&c, &checksum), GSSSP_SUCCESS);
  check(view.graph_checksum == checksum, "view checksum %llx, graph %llx", static_cast<unsigned long long>(view.graph_checksum),
        static_cast<unsigned long long>(checksum));
  gsssp_ch_info info;
  ASSERT_EQ(gsssp_ch_get_info(built.ch, &info), GSSSP_SUCCESS);
  check(info.vertex_count == 300 && info.up_arc_count == view.up_arc_count && info.down_arc_count == view.down_arc_count &&
            info.original_arc_count + info.shortcut_count == view.up_arc_count + view.down_arc_count &&
            info.memory_bytes > 0,
        "info disagrees with the view");

  // A copy of the arrays, as a file would hold them.
  const int64_t n = view.vertex_count, up = view.up_arc_count, down = view.down_arc_count;
  std::vector<int32_t> rank(view.rank, view.rank + n);
  std::vector<int64_t> up_offsets(view.up_offsets, view.up_offsets + n + 1), down_offsets(view.down_offsets, view.down_offsets + n + 1);
  std::vector<int32_t> up_heads(view.up_heads, view.up_heads + up), up_middles(view.up_middles, view.up_middles + up);
  std::vector<uint32_t> up_weights(view.up_weights, view.up_weights + up), down_weights(view.down_weights, view.down_weights + down);
  std::vector<int32_t> down_tails(view.down_tails, view.down_tails + down), down_middles(view.down_middles, view.down_middles + down);
  gsssp_ch_view copy = view;
  copy.rank = rank.data();
  copy.up_offsets = up_offsets.data();
  copy.up_heads = up_heads.data();
  copy.up_weights = up_weights.data();
  copy.up_middles = up_middles.data();
  copy.down_offsets = down_offsets.data();
  copy.down_tails = down_tails.data();
  copy.down_weights = down_weights.data();
  copy.down_middles = down_middles.data();
  {
    ChHandle loaded;
    ASSERT_EQ(gsssp_ch_from_view(&loaded.ch, &c, &copy), GSSSP_SUCCESS) << gsssp_last_error();
    ASSERT_EQ(gsssp_ch_query_create(&loaded.query, loaded.ch), GSSSP_SUCCESS);
    for (int32_t s : {0, 17, 299}) {
      std::vector<int32_t> all(300);
      for (int32_t t = 0; t < 300; ++t) all[t] = t;
      check_pairs(g, loaded.query, s, run_cpu(g, s), all);
    }
    check_matrix(g, loaded.ch, {0, 5, 9}, {1, 2, 3, 200}, 2);
  }
  // Another graph (one weight changed): refused, naming the checksum.
  Graph other = g;
  other.int_weights[7] += 1;
  const gsssp_csr oc = other.csr();
  gsssp_ch_t refused = nullptr;
  check_status(gsssp_ch_from_view(&refused, &oc, &copy), GSSSP_ERROR_INVALID_ARGUMENT, "from_view, other graph");
  check(std::strstr(gsssp_last_error(), "checksum") != nullptr, "text names the checksum: '%s'", gsssp_last_error());
  check(refused == nullptr, "a refused view gives no handle");
  // Broken shapes: each named.
  auto refuse = [&](const char* what, const char* word) {
    gsssp_ch_t h = nullptr;
    check_status(gsssp_ch_from_view(&h, &c, &copy), GSSSP_ERROR_INVALID_ARGUMENT, what);
    check(std::strstr(gsssp_last_error(), word) != nullptr, "%s: text '%s' does not name '%s'", what, gsssp_last_error(), word);
    gsssp_ch_destroy(h);
  };
  std::swap(rank[0], rank[1]);
  refuse("ranks swapped", "rank");
  std::swap(rank[0], rank[1]);
  rank[3] = rank[4];
  refuse("rank not a permutation", "permutation");
  rank[3] = view.rank[3];
  up_offsets[n] += 1;
  refuse("offsets past the count", "up_offsets");
  up_offsets[n] -= 1;
  if (up > 0) {
    const int32_t saved = up_heads[0];
    up_heads[0] = 1000;
    refuse("head out of range", "outside");
    up_heads[0] = saved;
  }
  for (int64_t i = 0; i < up; ++i) {
    if (up_middles[i] >= 0) {
      up_weights[i] += 1;
      refuse("shortcut weight", "shortcut");
      up_weights[i] -= 1;
      break;
    }
  }
  copy.vertex_count = n - 1;
  refuse("vertex count", "vertices");
  copy.vertex_count = n;
  ChHandle again;
  check_status(gsssp_ch_from_view(&again.ch, &c, &copy), GSSSP_SUCCESS, "from_view after the repairs");
}

TEST_F(ChTest, BadArgumentsAndWeights) {
  const Graph g = small_graph(false);
  ChHandle h;
  ASSERT_TRUE(build_ch(g, h));
  int64_t d = 0, length = 0;
  auto names = [](const char* word) {
    check(std::strstr(gsssp_last_error(), word) != nullptr, "text '%s' does not name '%s'", gsssp_last_error(), word);
  };
  check_status(gsssp_ch_distance(h.query, -1, 0, &d), GSSSP_ERROR_INVALID_ARGUMENT, "source -1");
  names("source");
  check_status(gsssp_ch_distance(h.query, 0, g.n, &d), GSSSP_ERROR_INVALID_ARGUMENT, "target n");
  names("target");
  check_status(gsssp_ch_distance(nullptr, 0, 0, &d), GSSSP_ERROR_INVALID_ARGUMENT, "query NULL");
  names("NULL");
  check_status(gsssp_ch_distance(h.query, 0, 0, nullptr), GSSSP_ERROR_INVALID_ARGUMENT, "distance NULL");
  check_status(gsssp_ch_path(h.query, 0, 1, &d, nullptr, 5, &length), GSSSP_ERROR_INVALID_ARGUMENT, "path NULL");
  names("path");
  // A buffer too small: the length, nothing written.
  int32_t one = -9;
  const Result cpu = run_cpu(g, 0);
  for (int32_t t = 0; t < g.n; ++t) {
    if (cpu.raw[t] == GSSSP_INT_INFINITY || t == 0) continue;
    check_status(gsssp_ch_path(h.query, 0, t, &d, &one, 1, &length), GSSSP_SUCCESS, "path, small buffer");
    check(length >= 2 && one == -9 && d == cpu.raw[t], "small buffer: length %lld, wrote %d", static_cast<long long>(length), one);
    break;
  }
  const int64_t sources[] = {0, 99};
  std::vector<int64_t> out(4);
  check_status(gsssp_ch_matrix(h.ch, sources, 2, sources, 1, 1, out.data()), GSSSP_ERROR_INVALID_ARGUMENT, "matrix id 99");
  names("source");
  check_status(gsssp_ch_matrix(h.ch, nullptr, 2, sources, 1, 1, out.data()), GSSSP_ERROR_INVALID_ARGUMENT, "matrix NULL");
  check_status(gsssp_ch_matrix(h.ch, sources, -1, sources, 1, 1, out.data()), GSSSP_ERROR_INVALID_ARGUMENT, "count -1");
  check_status(gsssp_ch_query_create(nullptr, h.ch), GSSSP_ERROR_INVALID_ARGUMENT, "query_create NULL");
  check_status(gsssp_ch_destroy(nullptr), GSSSP_SUCCESS, "destroy NULL");

  gsssp_ch_t ch = nullptr;
  const Graph f = small_graph(true);
  const gsssp_csr fc = f.csr();
  check_status(gsssp_ch_build(&ch, &fc, nullptr), GSSSP_ERROR_UNSUPPORTED, "float weights");
  names("non-negative int32");
  Graph negative = g;
  negative.int_weights[0] = -4;
  const gsssp_csr nc = negative.csr();
  check_status(gsssp_ch_build(&ch, &nc, nullptr), GSSSP_ERROR_UNSUPPORTED, "negative weight");
  names("non-negative int32");
  check_status(gsssp_ch_build(&ch, nullptr, nullptr), GSSSP_ERROR_INVALID_ARGUMENT, "graph NULL");
  const gsssp_csr gc = g.csr();
  gsssp_ch_params params;
  gsssp_ch_params_init(&params);
  params.threads = -1;
  check_status(gsssp_ch_build(&ch, &gc, &params), GSSSP_ERROR_INVALID_ARGUMENT, "threads -1");
  check(ch == nullptr, "no handle after a failed build");
}

// A directed cycle of 8 arcs of 2^31 - 1: its last shortcuts span half the cycle, more than a uint32 holds.
TEST_F(ChTest, ShortcutOverflowIsRefused) {
  EdgeList list;
  list.n = 8;
  for (int v = 0; v < 8; ++v) list.add(v, (v + 1) % 8);
  WeightRule rule;
  Graph g = build("cycle", list, rule, rng);
  for (auto& w : g.int_weights) w = INT32_MAX;
  const gsssp_csr c = g.csr();
  gsssp_ch_t ch = nullptr;
  check_status(gsssp_ch_build(&ch, &c, nullptr), GSSSP_ERROR_OVERFLOW, "huge cycle");
  check(std::strstr(gsssp_last_error(), "uint32") != nullptr, "text names the uint32: '%s'", gsssp_last_error());
  gsssp_ch_destroy(ch);
}

int count_progress(int64_t done, int64_t total, void* user) {
  auto* calls = static_cast<std::vector<int64_t>*>(user);
  calls->push_back(done);
  return done > total / 2 ? 1 : 0;  // cancel past half way
}

TEST_F(ChTest, ProgressReportsAndCancels) {
  WeightRule rule;
  const Graph g = build("grid 30x30", grid_edges(30, 30), rule, rng);
  const gsssp_csr c = g.csr();
  gsssp_ch_params params;
  gsssp_ch_params_init(&params);
  std::vector<int64_t> calls;
  params.progress = count_progress;
  params.progress_user_data = &calls;
  gsssp_ch_t ch = nullptr;
  check_status(gsssp_ch_build(&ch, &c, &params), GSSSP_ERROR_CLOSED, "cancelled build");
  check(std::strstr(gsssp_last_error(), "cancel") != nullptr, "text says cancelled: '%s'", gsssp_last_error());
  check(calls.size() >= 2 && std::is_sorted(calls.begin(), calls.end()) && calls.back() > g.n / 2,
        "progress calls: %zu", calls.size());
}

// Edge lists of SNAP's text format ("# comment", "u v" per line), gzip'd or not.
bool load_snap(const std::string& path, Graph& g, std::mt19937_64& rng) {
  const bool gz = path.size() > 3 && path.compare(path.size() - 3, 3, ".gz") == 0;
  FILE* file = gz ? popen(("gzip -dc '" + path + "'").c_str(), "r") : std::fopen(path.c_str(), "r");
  if (file == nullptr) return false;
  EdgeList list;
  char line[256];
  while (std::fgets(line, sizeof(line), file) != nullptr) {
    long long u = 0, v = 0;
    if (line[0] == '#' || std::sscanf(line, "%lld %lld", &u, &v) != 2) continue;
    list.n = std::max<int64_t>(list.n, std::max(u, v) + 1);
    list.add(u, v);
  }
  if (gz) pclose(file);
  else std::fclose(file);
  WeightRule rule;
  g = build(path, list, rule, rng);
  return list.n > 0;
}

void expect_refused(const Graph& g) {
  const gsssp_csr c = g.csr();
  gsssp_ch_params params;
  gsssp_ch_params_init(&params);
  params.threads = 2;
  gsssp_ch_t ch = nullptr;
  const double start = now_ms();
  const int status = gsssp_ch_build(&ch, &c, &params);
  const double ms = now_ms() - start;
  check(status == GSSSP_ERROR_UNSUPPORTED, "%s: status %d, not UNSUPPORTED (%s)", g.name.c_str(), status,
        status == 0 ? "built" : gsssp_last_error());
  check(std::strstr(gsssp_last_error(), "contracts badly") != nullptr &&
            std::strstr(gsssp_last_error(), "search algorithms") != nullptr,
        "%s: text '%s'", g.name.c_str(), gsssp_last_error());
  std::printf("%s refused after %.0f ms: %s\n", g.name.c_str(), ms, gsssp_last_error());
  gsssp_ch_destroy(ch);
}

TEST_F(ChTest, RmatGraphStopsWithItsMessage) {
  WeightRule rule;
  expect_refused(build("R-MAT scale 14", rmat_edges(14, 16 << 14, rng), rule, rng));
}

TEST_F(ChTest, SocialGraphStopsWithItsMessage) {
  const std::string path = graph_file("soc-Slashdot0902.txt.gz");
  if (!exists(path)) GTEST_SKIP() << path << " is missing (set GSSSP_GRAPHS_DIR)";
  Graph g;
  ASSERT_TRUE(load_snap(path, g, rng));
  expect_refused(g);
}

// Matrices (RPHAST, ch_matrix.cpp) on seeded random directed graphs: zero weights, parallel arcs, self loops,
// unreachable pairs; sources and targets with repeats, equal lists, partial groups of sources (1, 16, 17, 45 rows),
// 1 and 3 threads.
TEST_F(ChTest, MatrixEqualsDijkstra) {
  for (int64_t n : {1, 2, 5, 40, 300}) {
    for (double degree : {0.8, 3.0}) {
      for (int32_t max_int : {3, 1000}) {
        EdgeList list = uniform_edges(n, static_cast<int64_t>(degree * n) + 1, rng);
        for (int i = 0; i < n / 4; ++i) {
          list.edges.push_back(list.edges[rng() % list.edges.size()]);
          const int32_t v = static_cast<int32_t>(rng() % n);
          list.add(v, v);
        }
        WeightRule rule;
        rule.max_int = max_int;
        rule.zero_fraction = 0.2;
        const Graph g = build(format_name("random n=%lld deg=%.1f w<=%d", static_cast<long long>(n), degree, max_int),
                              list, rule, rng);
        ChHandle h;
        if (!build_ch(g, h)) return;
        // Ids from a small pool, so that lists repeat ids.
        std::uniform_int_distribution<int64_t> pick(0, std::min<int64_t>(n, 12) - 1);
        std::vector<int64_t> pool;
        for (int i = 0; i < 12; ++i) pool.push_back(static_cast<int64_t>(rng() % n));
        for (int rows : {1, 16, 17, 45}) {
          std::vector<int64_t> sources, targets;
          for (int i = 0; i < rows; ++i) sources.push_back(pool[pick(rng)]);
          for (int i = 0; i < 1 + rows % 7; ++i) targets.push_back(pool[pick(rng)]);
          check_matrix(g, h.ch, sources, targets, rows == 45 ? 3 : 1);
          check_matrix(g, h.ch, sources, sources, 2);
        }
      }
    }
  }
}

// A star whose arms weigh up to 2^31 - 1: distances between leaves reach 2^32 - 2, past what a group's 32-bit
// lanes hold, next to arms of small weights whose groups fit.
TEST_F(ChTest, MatrixPast32BitDistancesEqualsDijkstra) {
  EdgeList list;
  list.n = 61;
  for (int32_t leaf = 1; leaf < 61; ++leaf) {
    list.add(0, leaf);
    list.add(leaf, 0);
  }
  WeightRule rule;
  Graph g = build("star of 60 heavy and light arms", list, rule, rng);
  std::uniform_int_distribution<int32_t> heavy(1 << 30, INT32_MAX), light(0, 1000);
  for (int64_t e = 0; e < static_cast<int64_t>(g.targets.size()); ++e) {
    const int32_t leaf = std::max<int32_t>(g.targets[e], static_cast<int32_t>(std::upper_bound(g.offsets.begin(),
                                                                     g.offsets.end(), e) - g.offsets.begin() - 1));
    g.int_weights[e] = leaf <= 40 ? heavy(rng) : light(rng);
  }
  ChHandle h;
  ASSERT_TRUE(build_ch(g, h));
  std::vector<int64_t> all, light_arms;
  for (int64_t v = 0; v < 61; ++v) all.push_back(v);
  for (int64_t v = 41; v < 61; ++v) light_arms.push_back(v);
  check_matrix(g, h.ch, all, all, 2);
  check_matrix(g, h.ch, light_arms, all, 1);
  check_matrix(g, h.ch, light_arms, light_arms, 1);
}

// Several threads, each with its own context, on one hierarchy.
TEST_F(ChTest, ThreadsShareOneHierarchy) {
  WeightRule rule;
  const Graph g = build("grid 40x40", grid_edges(40, 40), rule, rng);
  ChHandle h;
  ASSERT_TRUE(build_ch(g, h));
  std::vector<Result> cpu;
  for (int32_t s = 0; s < 4; ++s) cpu.push_back(run_cpu(g, s * 397));
  std::vector<std::thread> threads;
  std::atomic<int> wrong{0};
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      gsssp_ch_query_t q = nullptr;
      if (gsssp_ch_query_create(&q, h.ch) != GSSSP_SUCCESS) {
        ++wrong;
        return;
      }
      for (int round = 0; round < 3; ++round)
        for (int32_t v = 0; v < g.n; v += 7) {
          int64_t d = -1;
          if (gsssp_ch_distance(q, t * 397, v, &d) != GSSSP_SUCCESS || d != cpu[t].raw[v]) ++wrong;
        }
      gsssp_ch_query_destroy(q);
    });
  }
  for (auto& th : threads) th.join();
  check(wrong.load() == 0, "%d wrong answers from 4 threads", wrong.load());
}

}  // namespace
}  // namespace gsssp_test
