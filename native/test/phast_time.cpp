// gsssp_time --phast: PHAST against ADDS one-to-all from the same sources, a batch of rows, and the RPHAST matrix
// against the host's CH matrix (gsssp_ch_matrix), on one graph; every answer checked (PHAST against CPU Dijkstra on
// a few sources and against ADDS on all, the matrix cell by cell against the host CH and on sampled rows against
// CPU Dijkstra). Prints a line per measurement and, with a CSV path, appends them as graph,metric,value.
#include "support.hpp"

namespace gsssp_test {

namespace {

struct Csv {
  std::FILE* file = nullptr;
  std::string graph;
  ~Csv() {
    if (file != nullptr) std::fclose(file);
  }
  void put(const char* metric, double value) {
    std::printf("%-32s %12.4f\n", metric, value);
    if (file != nullptr) std::fprintf(file, "%s,%s,%.6f\n", graph.c_str(), metric, value);
  }
};

}  // namespace

int run_phast(const std::string& path, int sources, int repeat, int matrix_size, const std::string& csv_path) {
  Graph g;
  double t0 = now_ms();
  if (!read_graph(path, g)) return 2;
  std::printf("%s: %lld vertices, %zu edges, loaded in %.0f ms\n", path.c_str(), static_cast<long long>(g.n),
              g.targets.size(), now_ms() - t0);
  Csv csv;
  csv.graph = path.substr(path.find_last_of('/') + 1);
  if (!csv_path.empty()) {
    csv.file = std::fopen(csv_path.c_str(), "a");
    if (csv.file == nullptr) {
      std::fprintf(stderr, "cannot append to %s\n", csv_path.c_str());
      return 2;
    }
  }
  int32_t devices = 0;
  if (gsssp_device_count(&devices) != GSSSP_SUCCESS || devices == 0) {
    std::printf("no CUDA device: --phast skipped\n");
    return 0;
  }
  const gsssp_csr c = g.csr();
  gsssp_ch_t ch = nullptr;
  t0 = now_ms();
  if (!check_status(gsssp_ch_build(&ch, &c, nullptr), GSSSP_SUCCESS, "gsssp_ch_build")) return 1;
  csv.put("ch_build_ms", now_ms() - t0);
  gsssp_device_graph_t dg = upload(g);
  if (dg == nullptr) return 1;
  t0 = now_ms();
  if (!check_status(gsssp_device_graph_attach_ch(dg, ch), GSSSP_SUCCESS, "attach")) return 1;
  csv.put("attach_ms", now_ms() - t0);

  std::mt19937_64 rng(20240611);
  std::uniform_int_distribution<int64_t> pick(0, g.n - 1);
  std::vector<int64_t> chosen(static_cast<size_t>(sources));
  for (auto& s : chosen) s = pick(rng);

  // One-to-all, distances only, into page-locked memory (the serving path's fastest output).
  void* pinned = nullptr;
  if (!check_status(gsssp_host_alloc(&pinned, g.n * 8), GSSSP_SUCCESS, "host_alloc")) return 1;
  auto* out = static_cast<int64_t*>(pinned);
  gsssp_options o;
  gsssp_options_init(&o);
  o.compute_predecessors = 0;
  std::vector<double> adds_device, adds_total, phast_device, phast_total, resident_total;
  std::vector<int64_t> adds_answer(static_cast<size_t>(g.n));
  for (int i = 0; i < sources; ++i) {
    const int64_t source = chosen[static_cast<size_t>(i)];
    gsssp_stats s{};
    for (int r = 0; r < repeat; ++r) {
      if (!check_status(gsssp_device_graph_sssp(dg, GSSSP_ALGORITHM_ADDS, source, &o, out, nullptr, &s), GSSSP_SUCCESS,
                        "adds")) {
        return 1;
      }
      adds_device.push_back(s.time_ms);
      adds_total.push_back(s.total_ms);
    }
    std::copy(out, out + g.n, adds_answer.begin());
    for (int r = 0; r < repeat; ++r) {
      if (!check_status(gsssp_device_graph_sssp(dg, GSSSP_ALGORITHM_PHAST, source, &o, out, nullptr, &s),
                        GSSSP_SUCCESS, "phast")) {
        return 1;
      }
      phast_device.push_back(s.time_ms);
      phast_total.push_back(s.total_ms);
    }
    check(std::equal(out, out + g.n, adds_answer.begin()), "PHAST from %lld differs from ADDS",
          static_cast<long long>(source));
    if (i < 3) {
      const Result cpu = run_cpu(g, source);
      check(std::equal(out, out + g.n, cpu.raw.begin()), "PHAST from %lld differs from CPU Dijkstra",
            static_cast<long long>(source));
    }
    for (int r = 0; r < repeat; ++r) {
      gsssp_device_result_t result = nullptr;
      const double w0 = now_ms();
      if (!check_status(gsssp_device_graph_sssp_resident(dg, GSSSP_ALGORITHM_PHAST, source, &o, &result, &s),
                        GSSSP_SUCCESS, "phast resident")) {
        return 1;
      }
      resident_total.push_back(now_ms() - w0);
      gsssp_device_result_destroy(result);
    }
  }
  csv.put("adds_one_to_all_device_ms", median(adds_device));
  csv.put("adds_one_to_all_total_ms", median(adds_total));
  csv.put("phast_one_to_all_device_ms", median(phast_device));
  csv.put("phast_one_to_all_total_ms", median(phast_total));
  csv.put("phast_resident_wall_ms", median(resident_total));
  csv.put("adds_over_phast_device", median(adds_device) / std::max(1e-9, median(phast_device)));
  csv.put("adds_over_phast_total", median(adds_total) / std::max(1e-9, median(phast_total)));
  gsssp_host_free(pinned);

  // A batch of rows: 64 sources in one call.
  {
    const int64_t k = std::min<int64_t>(64, g.n);
    std::vector<int64_t> batch_sources(static_cast<size_t>(k));
    for (auto& s : batch_sources) s = pick(rng);
    void* rows = nullptr;
    if (!check_status(gsssp_host_alloc(&rows, k * g.n * 8), GSSSP_SUCCESS, "host_alloc rows")) return 1;
    gsssp_stats s{};
    std::vector<double> wall;
    for (int r = 0; r < std::max(1, repeat); ++r) {
      const double w0 = now_ms();
      if (!check_status(gsssp_device_graph_sssp_batch(dg, GSSSP_ALGORITHM_PHAST, batch_sources.data(), k, nullptr, 0,
                                                      &o, rows, nullptr, &s),
                        GSSSP_SUCCESS, "phast batch")) {
        return 1;
      }
      wall.push_back(now_ms() - w0);
    }
    const Result cpu = run_cpu(g, batch_sources[static_cast<size_t>(k - 1)]);
    const auto* last = static_cast<const int64_t*>(rows) + (k - 1) * g.n;
    check(std::equal(last, last + g.n, cpu.raw.begin()), "PHAST batch row %lld differs from CPU Dijkstra",
          static_cast<long long>(k - 1));
    csv.put("phast_batch64_wall_ms", median(wall));
    csv.put("phast_batch64_per_source_ms", median(wall) / static_cast<double>(k));
    gsssp_host_free(rows);
  }

  // The matrix: RPHAST on the GPU against the CH matrix on the host, the same sources and targets.
  if (matrix_size > 0) {
    const int64_t m = matrix_size;
    std::vector<int64_t> from(static_cast<size_t>(m)), to64(static_cast<size_t>(m));
    std::vector<int32_t> to(static_cast<size_t>(m));
    for (auto& s : from) s = pick(rng);
    for (int64_t i = 0; i < m; ++i) to64[static_cast<size_t>(i)] = to[static_cast<size_t>(i)] = static_cast<int32_t>(pick(rng));
    std::vector<int64_t> gpu(static_cast<size_t>(m * m)), host(static_cast<size_t>(m * m));
    std::vector<double> wall;
    gsssp_stats s{};
    for (int r = 0; r < std::max(1, repeat); ++r) {
      const double w0 = now_ms();
      if (!check_status(gsssp_device_graph_sssp_batch(dg, GSSSP_ALGORITHM_PHAST, from.data(), m, to.data(), m, &o,
                                                      gpu.data(), nullptr, &s),
                        GSSSP_SUCCESS, "rphast matrix")) {
        return 1;
      }
      wall.push_back(now_ms() - w0);
    }
    csv.put("rphast_matrix_wall_ms", median(wall));
    csv.put("rphast_matrix_time_ms", s.time_ms);
    wall.clear();
    for (int r = 0; r < std::max(1, repeat); ++r) {
      const double w0 = now_ms();
      if (!check_status(gsssp_ch_matrix(ch, from.data(), m, to64.data(), m, 0, host.data()), GSSSP_SUCCESS,
                        "ch matrix")) {
        return 1;
      }
      wall.push_back(now_ms() - w0);
    }
    csv.put("host_ch_matrix_wall_ms", median(wall));
    int64_t differ = 0;
    for (size_t i = 0; i < gpu.size(); ++i) differ += gpu[i] != host[i] ? 1 : 0;
    check(differ == 0, "RPHAST matrix: %lld cells differ from the host CH", static_cast<long long>(differ));
    for (int64_t i = 0; i < m; i += std::max<int64_t>(1, m / 3)) {
      const Result cpu = run_cpu(g, from[static_cast<size_t>(i)]);
      for (int64_t t = 0; t < m; ++t) {
        if (!check(gpu[static_cast<size_t>(i * m + t)] == cpu.raw[static_cast<size_t>(to[static_cast<size_t>(t)])],
                   "RPHAST matrix cell (%lld, %lld) differs from CPU Dijkstra", static_cast<long long>(i),
                   static_cast<long long>(t))) {
          break;
        }
      }
    }
  }
  gsssp_device_graph_destroy(dg);
  gsssp_ch_destroy(ch);
  std::printf("%lld passed, %lld failed\n", static_cast<long long>(g_passed.load()), static_cast<long long>(g_failed.load()));
  return g_failed == 0 ? 0 : 1;
}

}  // namespace gsssp_test
