// gsssp_ch_time — a contraction hierarchy on one graph, without Java: build time and shortcuts, point-to-point
// distance and route times (one thread), the many-to-many matrix time; answers checked against CPU Dijkstra.
//
//   gsssp_ch_time GRAPH [PAIRS] [THREADS] [MATRIX]
//       GRAPH: a DIMACS .gr or .gr.gz file, a Galois binary .gr (gsssp generate), or gen:SPEC (grid:W | random:N:D | rmat:SCALE).
//       PAIRS (default 10000) seeded random pairs, or a file of "s t" lines in the file's ids (1..n), as the
//       RoutingKit driver (benchmarks/src/native) reads them, so that both time the same pairs;
//       THREADS (default 0 = all cores) for the build and the matrix;
//       MATRIX (default 1000): a MATRIX x MATRIX matrix of random vertices.
// p2p passes follow a warm-up over up to 1,000 pairs, as the RoutingKit driver's do.
// Prints wall times and the process's CPU seconds (on a shared host the CPU seconds say more). Exit status: 0 when
// every check passed, 1 when one failed, 2 on a usage or input error.
#include <sys/resource.h>

#include "support.hpp"

using namespace gsssp_test;

namespace {

double cpu_seconds() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
         1e-6 * static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec);
}

double percentile(std::vector<double> v, double p) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[std::min(v.size() - 1, static_cast<size_t>(p * static_cast<double>(v.size())))];
}

double mean(const std::vector<double>& v) {
  double sum = 0;
  for (double x : v) sum += x;
  return v.empty() ? 0 : sum / static_cast<double>(v.size());
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s GRAPH.gr[.gz]|gen:SPEC [PAIRS] [THREADS] [MATRIX]\n", argv[0]);
    return 2;
  }
  const bool pairs_file = argc > 2 && (argv[2][0] < '0' || argv[2][0] > '9');
  std::vector<std::pair<int64_t, int64_t>> list;
  if (pairs_file) {
    FILE* in = std::fopen(argv[2], "r");
    if (in == nullptr) {
      std::fprintf(stderr, "cannot open %s\n", argv[2]);
      return 2;
    }
    long long s = 0, t = 0;
    while (std::fscanf(in, "%lld %lld", &s, &t) == 2) list.emplace_back(s - 1, t - 1);
    std::fclose(in);
  }
  const int pairs = pairs_file ? static_cast<int>(list.size()) : argc > 2 ? std::atoi(argv[2]) : 10000;
  const int threads = argc > 3 ? std::atoi(argv[3]) : 0;
  const int side = argc > 4 ? std::atoi(argv[4]) : 1000;
  Graph g;
  if (!read_graph(argv[1], g)) return 2;
  const gsssp_csr c = g.csr();
  std::printf("%s: %lld vertices, %lld arcs; threads %d (hardware %u)\n", argv[1], static_cast<long long>(g.n),
              static_cast<long long>(c.num_edges), threads, std::thread::hardware_concurrency());

  gsssp_ch_params params;
  gsssp_ch_params_init(&params);
  params.threads = threads;
  gsssp_ch_t ch = nullptr;
  double cpu0 = cpu_seconds(), t0 = now_ms();
  int status = gsssp_ch_build(&ch, &c, &params);
  const double build_ms = now_ms() - t0, build_cpu = cpu_seconds() - cpu0;
  if (status != GSSSP_SUCCESS) {
    std::printf("build: status %d after %.0f ms: %s\n", status, build_ms, gsssp_last_error());
    return 1;
  }
  gsssp_ch_info info;
  gsssp_ch_get_info(ch, &info);
  std::printf("build: %.2f s wall, %.2f s CPU; %lld shortcuts (%.2f x the %lld arcs), %lld up + %lld down arcs, "
              "%.1f MB\n",
              build_ms / 1e3, build_cpu, static_cast<long long>(info.shortcut_count),
              static_cast<double>(info.shortcut_count) / std::max<int64_t>(1, info.original_arc_count),
              static_cast<long long>(info.original_arc_count), static_cast<long long>(info.up_arc_count),
              static_cast<long long>(info.down_arc_count), static_cast<double>(info.memory_bytes) / 1e6);

  {
    // The hierarchy's shape: levels (the longest upward path) and the upward search space (every vertex an
    // unpruned upward search from a random vertex reaches, and the arcs it scans), mean over 1,000 vertices.
    gsssp_ch_view view;
    gsssp_ch_get_view(ch, &view);
    std::vector<int32_t> by_rank(static_cast<size_t>(g.n)), level(static_cast<size_t>(g.n), 0);
    for (int64_t v = 0; v < g.n; ++v) by_rank[view.rank[v]] = static_cast<int32_t>(v);
    int32_t levels = 0;
    for (int32_t v : by_rank) {
      levels = std::max(levels, level[v] + 1);
      for (int64_t i = view.up_offsets[v]; i < view.up_offsets[v + 1]; ++i)
        level[view.up_heads[i]] = std::max(level[view.up_heads[i]], level[v] + 1);
    }
    std::vector<uint32_t> seen(static_cast<size_t>(g.n), 0);
    std::vector<int32_t> stack;
    std::mt19937_64 space_rng(7);
    std::uniform_int_distribution<int64_t> any(0, g.n - 1);
    const int samples = 1000;
    int64_t vertices = 0, arcs = 0, largest = 0;
    for (int s = 1; s <= samples; ++s) {
      const int32_t start = static_cast<int32_t>(any(space_rng));
      int64_t reached = 0;
      stack.assign(1, start);
      seen[start] = s;
      while (!stack.empty()) {
        const int32_t v = stack.back();
        stack.pop_back();
        ++reached;
        arcs += view.up_offsets[v + 1] - view.up_offsets[v];
        for (int64_t i = view.up_offsets[v]; i < view.up_offsets[v + 1]; ++i)
          if (seen[view.up_heads[i]] != static_cast<uint32_t>(s)) seen[view.up_heads[i]] = s, stack.push_back(view.up_heads[i]);
      }
      vertices += reached;
      largest = std::max(largest, reached);
    }
    std::printf("shape: %d levels; upward search space %.0f vertices and %.0f arcs on average (largest %lld); "
                "build %.1f us CPU a vertex\n",
                levels, static_cast<double>(vertices) / samples, static_cast<double>(arcs) / samples,
                static_cast<long long>(largest), build_cpu / static_cast<double>(g.n) * 1e6);
  }

  gsssp_ch_query_t query = nullptr;
  gsssp_ch_query_create(&query, ch);
  std::mt19937_64 rng(20240611);
  std::uniform_int_distribution<int64_t> pick(0, g.n - 1);
  if (!pairs_file) {
    list.resize(pairs);
    for (auto& p : list) p = {pick(rng), pick(rng)};
  }
  for (const auto& p : list) {
    if (p.first < 0 || p.first >= g.n || p.second < 0 || p.second >= g.n) {
      std::fprintf(stderr, "pair %lld %lld: ids must be 1..%lld\n", static_cast<long long>(p.first + 1),
                   static_cast<long long>(p.second + 1), static_cast<long long>(g.n));
      return 2;
    }
  }
  std::vector<double> distance_us, route_us;
  std::vector<int64_t> answers(pairs);
  std::vector<int32_t> path(static_cast<size_t>(g.n) + 1);
  for (int i = 0; i < std::min(pairs, 1000); ++i) gsssp_ch_distance(query, list[i].first, list[i].second, &answers[i]);
  cpu0 = cpu_seconds();
  for (int i = 0; i < pairs; ++i) {
    const double s = now_ms();
    gsssp_ch_distance(query, list[i].first, list[i].second, &answers[i]);
    distance_us.push_back((now_ms() - s) * 1e3);
  }
  const double distance_cpu = cpu_seconds() - cpu0;
  int64_t length = 0, d = 0;
  for (int i = 0; i < pairs; ++i) {
    const double s = now_ms();
    gsssp_ch_path(query, list[i].first, list[i].second, &d, path.data(), static_cast<int64_t>(path.size()), &length);
    route_us.push_back((now_ms() - s) * 1e3);
    check(d == answers[i], "route and distance differ for pair %d", i);
  }
  std::printf("p2p distance: mean %.1f us, p50 %.1f, p99 %.1f (CPU %.1f us a pair)\n", mean(distance_us),
              percentile(distance_us, 0.5), percentile(distance_us, 0.99), distance_cpu / std::max(1, pairs) * 1e6);
  std::printf("p2p route:    mean %.1f us, p50 %.1f, p99 %.1f\n", mean(route_us), percentile(route_us, 0.5),
              percentile(route_us, 0.99));
  // Dijkstra from the first pairs' sources checks their answers.
  const int checked = std::min(pairs, 20);
  for (int i = 0; i < checked; ++i) {
    const Result cpu = run_cpu(g, list[i].first);
    check(cpu.raw[list[i].second] == answers[i], "pair %lld -> %lld: CH %lld, Dijkstra %lld",
          static_cast<long long>(list[i].first), static_cast<long long>(list[i].second),
          static_cast<long long>(answers[i]), static_cast<long long>(cpu.raw[list[i].second]));
  }
  if (side > 0) {
    std::vector<int64_t> sources(side), targets(side);
    for (int i = 0; i < side; ++i) sources[i] = pick(rng), targets[i] = pick(rng);
    std::vector<int64_t> matrix(static_cast<size_t>(side) * side);
    for (int repeat = 0; repeat < 3; ++repeat) {
      cpu0 = cpu_seconds();
      t0 = now_ms();
      status = gsssp_ch_matrix(ch, sources.data(), side, targets.data(), side, threads, matrix.data());
      std::printf("matrix %dx%d: %.1f ms wall, %.1f ms CPU (status %d)\n", side, side, now_ms() - t0,
                  (cpu_seconds() - cpu0) * 1e3, status);
    }
    for (int i = 0; i < std::min(side, 3); ++i) {
      const Result cpu = run_cpu(g, sources[i]);
      for (int j = 0; j < side; ++j) {
        if (!check(matrix[static_cast<size_t>(i) * side + j] == cpu.raw[targets[j]], "matrix[%d][%d] differs", i, j))
          break;
      }
    }
  }
  gsssp_ch_query_destroy(query);
  gsssp_ch_destroy(ch);
  std::printf("checks: %lld passed, %lld failed\n", static_cast<long long>(g_passed.load()),
              static_cast<long long>(g_failed.load()));
  return g_failed.load() == 0 ? 0 : 1;
}
