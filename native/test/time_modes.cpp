// gsssp_time's modes: --gr / --gen (every GPU algorithm on one graph, checked against CPU Dijkstra) and --probe
// (the serving path's fixed costs call by call).
#include "support.hpp"

namespace gsssp_test {

namespace {
// Whether a CUDA device is there; if not, says what is skipped.
bool gpu_present(const char* skipped) {
  int32_t devices = 0;
  if (gsssp_device_count(&devices) == GSSSP_SUCCESS && devices > 0) return true;
  std::printf("no CUDA device: %s skipped\n", skipped);
  return false;
}
}  // namespace

// block_size: threads per block for the timing runs (--block); 0 = each algorithm's default.
int run_dimacs(const std::string& path, int64_t source, bool as_float, int repeat, const std::string& only,
               int adds_repeat, int32_t block_size) {
  Graph g;
  const double t0 = now_ms();
  if (!read_graph(path, g)) return 2;
  const bool generated = path.rfind("gen:", 0) == 0;
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
  if (!gpu_present("GPU algorithms")) return 0;
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
    std::printf("%lld passed, %lld failed\n", static_cast<long long>(g_passed.load()), static_cast<long long>(g_failed.load()));
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
                              {GSSSP_ALGORITHM_BLOCK_BELLMAN_FORD, "block-bf", 0, 0, 1},
                              {GSSSP_ALGORITHM_MULTI_BELLMAN_FORD, "multi-bf", 0, 0, 1},
                              {GSSSP_ALGORITHM_BLOCK_NEAR_FAR, "block-nf", 0, 0, 1}};
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
    o.adds.static_delta = variant.static_delta;
    o.adds.bucket_count = variant.buckets;
    o.adds.local_rounds = variant.local_rounds;
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
  if (only.empty() || only.find("multi-bf") != std::string::npos || only.find("block-bf") != std::string::npos ||
      only.find("block-nf") != std::string::npos || only.find("targets") != std::string::npos) {
    // The batch entry point (rows and a matrix) and ADDS given targets, against CPU Dijkstra.
    std::mt19937_64 rng(20240611);
    if (only.empty() || only.find("multi-bf") != std::string::npos) {
      verify_batch(dg, g, rng, GSSSP_ALGORITHM_MULTI_BELLMAN_FORD);
    }
    if ((only.empty() || only.find("block-bf") != std::string::npos) && g.n <= 8000) {
      verify_batch(dg, g, rng, GSSSP_ALGORITHM_BLOCK_BELLMAN_FORD);
    }
    if (only.empty() || only.find("block-nf") != std::string::npos) verify_block_near_far(dg, g, rng);
    if (only.empty() || only.find("targets") != std::string::npos) verify_targets(dg, g, rng);
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
  std::printf("%lld passed, %lld failed\n", static_cast<long long>(g_passed.load()), static_cast<long long>(g_failed.load()));
  return g_failed == 0 ? 0 : 1;
}

// --probe: the fixed costs of one query, call by call, for the serving path (the issue "Java at kernel
// speed"): CPU Dijkstra into ordinary and into page-locked output memory, a GPU query into page-locked memory
// with compact distances, and a resident query with one target read and the result destroyed. Medians of
// `repeat` runs, in microseconds.

int run_probe(const std::string& path, int64_t source, int repeat, const std::string& only) {
  Graph g;
  if (!read_graph(path, g)) return 2;
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
  if (!gpu_present("GPU probes")) return 0;
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
  // compact_distances 1 (4 bytes where they fit) and 2 (2 bytes where they fit, else 4: what Java asks for).
  for (int level = 1; level <= 2 && (only.empty() || only.find("gpu") != std::string::npos); ++level) {
    gsssp_options c = o;
    c.compact_distances = level;
    std::vector<double> call, kernel, total;
    int bytes = 0;
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
      bytes = st.distance_bytes;
      if (r == 0 || r == repeat - 1) {
        // The compact output against the CPU reference: 2 or 4 bytes per vertex when they fit, else 8.
        int64_t wrong = 0;
        for (int64_t v = 0; v < n; ++v) {
          int64_t got;
          if (st.distance_bytes == 4) {
            const uint32_t c32 = static_cast<const uint32_t*>(pinned)[v];
            got = c32 == 0xffffffffu ? INT64_MAX : static_cast<int64_t>(c32);
          } else if (st.distance_bytes == 2) {
            const uint16_t c16 = static_cast<const uint16_t*>(pinned)[v];
            got = c16 == 0xffffu ? INT64_MAX : static_cast<int64_t>(c16);
          } else {
            got = static_cast<const int64_t*>(pinned)[v];
          }
          if (got != cpu.raw[v]) ++wrong;
        }
        if (r == 0) {
          std::printf("%s: %lld distances differ from CPU Dijkstra (compact_distances %d: %d-byte output, %lld rounds)\n",
                      alg.name, static_cast<long long>(wrong), level, st.distance_bytes,
                      static_cast<long long>(st.iterations));
        }
        if (wrong != 0) return 1;
      }
    }
    std::printf("%-8s compact%d pinned   call %9.1f  kernel %9.1f  total_ms %9.1f  (%d bytes)\n", alg.name, level,
                median(call), median(kernel), median(total), bytes);
  }
  if (only.empty() || only.find("resident") != std::string::npos) {
    std::vector<double> query, kernel, read, destroy, certificate, counted;
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
      // The reached count, on demand (gsssp_device_result_reached: one pass over the distances; not part of the query).
      int64_t reached = -1;
      const double tc = now_ms();
      if (gsssp_device_result_reached(res, &reached) != 0 || reached < 1) {
        std::printf("%s: reached count failed: %lld (%s)\n", alg.name, static_cast<long long>(reached), gsssp_last_error());
        return 1;
      }
      counted.push_back((now_ms() - tc) * 1e3);
      const double t2b = now_ms();
      gsssp_device_result_destroy(res);
      const double t3 = now_ms();
      query.push_back((t1 - t0) * 1e3);
      kernel.push_back(st.time_ms * 1e3);
      read.push_back((t2 - t1) * 1e3);
      destroy.push_back((t3 - t2b) * 1e3);
    }
    std::printf("%-8s resident          query %9.1f  kernel %9.1f  read-one %7.1f  destroy %7.1f  certificate %8.1f  "
                "reached %7.1f\n",
                alg.name, median(query), median(kernel), median(read), median(destroy), median(certificate),
                median(counted));
  }
  }
  gsssp_host_free(pinned);
  gsssp_device_graph_destroy(dg);
  return 0;
}

}  // namespace gsssp_test

namespace gsssp_test {

// --pairs K: K random (source, target) pairs (seed 1). Per pair, the whole call (steady clock, host side) of: ADDS
// told the target (options.targets, no predecessors: it may stop early, checked on the GPU), and a full ADDS query
// without predecessors, alternating; each target's distance is checked against CPU Dijkstra from the same source.
// Prints the medians, their ratio, how many stops ended early and how many fell back to a full search.
int run_pairs(const std::string& path, int pairs, bool static_delta) {
  Graph g;
  if (!read_graph(path, g)) return 2;
  if (!gpu_present("--pairs")) return 0;
  gsssp_device_graph_t dg = upload(g);
  if (dg == nullptr) return 1;
  std::mt19937_64 rng(1);
  std::uniform_int_distribution<int64_t> pick(0, g.n - 1);
  std::vector<double> stop_us, full_us, stop_kernel, full_kernel;
  int64_t restarts = 0, wrong = 0, smaller_reach = 0;
  std::vector<int64_t> d(static_cast<size_t>(g.n));
  for (int i = -3; i < pairs; ++i) {  // three warm-up pairs, not counted
    const int64_t source = pick(rng);
    const int32_t target = static_cast<int32_t>(pick(rng));
    gsssp_options o;
    gsssp_options_init(&o);
    o.compute_predecessors = 0;
    o.adds.static_delta = static_delta ? 1 : 0;
    gsssp_stats full{}, stop{};
    double t = now_ms();
    if (!check_status(gsssp_device_graph_sssp(dg, GSSSP_ALGORITHM_ADDS, source, &o, d.data(), nullptr, &full),
                      GSSSP_SUCCESS, "full ADDS query")) {
      break;
    }
    const double full_ms = now_ms() - t;
    const int64_t full_answer = d[static_cast<size_t>(target)];
    o.targets = &target;
    o.target_count = 1;
    t = now_ms();
    if (!check_status(gsssp_device_graph_sssp(dg, GSSSP_ALGORITHM_ADDS, source, &o, d.data(), nullptr, &stop),
                      GSSSP_SUCCESS, "ADDS told the target")) {
      break;
    }
    const double stop_ms = now_ms() - t;
    const Result cpu = run_cpu(g, source);
    const bool right = d[static_cast<size_t>(target)] == cpu.raw[static_cast<size_t>(target)] &&
                       full_answer == cpu.raw[static_cast<size_t>(target)];
    if (!check(right, "pair %lld -> %d: early %lld, full %lld, CPU %lld", static_cast<long long>(source), target,
               static_cast<long long>(d[static_cast<size_t>(target)]), static_cast<long long>(full_answer),
               static_cast<long long>(cpu.raw[static_cast<size_t>(target)]))) {
      ++wrong;
    }
    if (i < 0) continue;
    stop_us.push_back(stop_ms * 1000.0);
    full_us.push_back(full_ms * 1000.0);
    stop_kernel.push_back(stop.time_ms * 1000.0);
    full_kernel.push_back(full.time_ms * 1000.0);
    restarts += stop.restarts;
    smaller_reach += stop.vertices_reached < full.vertices_reached ? 1 : 0;
  }
  gsssp_device_graph_destroy(dg);
  const double stop_med = median(stop_us), full_med = median(full_us);
  std::printf("%s: %d pairs, ADDS %s Delta\n", path.c_str(), pairs, static_delta ? "static" : "dynamic");
  std::printf("  told the target: call median %.1f us (kernel %.1f us); full query: call median %.1f us (kernel %.1f us)\n",
              stop_med, median(stop_kernel), full_med, median(full_kernel));
  std::printf("  ratio of medians %.3f; stopped early (fewer vertices reached) %lld of %d; full searches after a failed "
              "check %lld; wrong %lld\n",
              full_med > 0 ? stop_med / full_med : 0.0, static_cast<long long>(smaller_reach), pairs,
              static_cast<long long>(restarts), static_cast<long long>(wrong));
  std::printf("%lld passed, %lld failed\n", static_cast<long long>(g_passed.load()), static_cast<long long>(g_failed.load()));
  return g_failed == 0 ? 0 : 1;
}

// --cutoff K: K random sources (seed 1). Per source, the cutoff whose ball holds `share` of the vertices (from CPU
// Dijkstra), then a full query and a cutoff query by ADDS and by Near-Far, each cutoff answer checked against CPU
// Dijkstra restricted to the cutoff. Prints the medians of kernel time (stats.time_ms) and of the whole call (host
// clock), and the ratio cutoff / full: the isochrone target is ADDS's ratio at share 0.01 on road NY.
int run_cutoff(const std::string& path, int sources, double share) {
  Graph g;
  if (!read_graph(path, g)) return 2;
  if (!gpu_present("--cutoff")) return 0;
  if (!(share > 0.0 && share <= 1.0)) {
    std::fprintf(stderr, "--share %g is not in (0, 1]\n", share);
    return 2;
  }
  gsssp_device_graph_t dg = upload(g);
  if (dg == nullptr) return 1;
  std::mt19937_64 rng(1);
  std::uniform_int_distribution<int64_t> pick(0, g.n - 1);
  const int32_t algorithms[] = {GSSSP_ALGORITHM_ADDS, GSSSP_ALGORITHM_NEAR_FAR};
  std::vector<double> full_kernel[2], cut_kernel[2], full_call[2], cut_call[2];
  std::vector<double> ball;
  // The answers go into the same pageable arrays every time, as a caller that reuses its buffer has them: the clock
  // covers the library call alone, not the allocation and first touch of n fresh distances. Each is poisoned (every
  // vertex at distance 0) before the call, so that a distance the call does not write fails the check.
  Result full, cut;
  full.raw.resize(static_cast<size_t>(g.n));
  cut.raw.resize(static_cast<size_t>(g.n));
  auto timed = [&](Result& r, int32_t algorithm, int64_t source, const gsssp_options* o) {
    std::fill(r.raw.begin(), r.raw.end(), 0);
    const double t = now_ms();
    r.status = gsssp_device_graph_sssp(dg, algorithm, source, o, r.raw.data(), nullptr, &r.stats);
    return now_ms() - t;
  };
  for (int i = -3; i < sources; ++i) {  // three warm-up sources, not counted
    const int64_t source = pick(rng);
    const Result cpu = run_cpu(g, source);
    if (!check_status(cpu.status, GSSSP_SUCCESS, "CPU Dijkstra")) break;
    const double cutoff = cutoff_for_share(g, cpu, share);
    for (int a = 0; a < 2; ++a) {
      gsssp_options o;
      gsssp_options_init(&o);
      o.compute_predecessors = 0;
      const double full_ms = timed(full, algorithms[a], source, &o);
      o.has_cutoff = 1;
      o.cutoff_int = static_cast<int64_t>(cutoff);
      o.cutoff_float = cutoff;
      const double cut_ms = timed(cut, algorithms[a], source, &o);
      same_distances(g, cpu, full, std::string(algorithm_name(algorithms[a])) + " full");
      same_ball(g, cpu, cut, cutoff, false, std::string(algorithm_name(algorithms[a])) + " cutoff");
      if (i < 0) continue;
      full_kernel[a].push_back(full.stats.time_ms * 1000.0);
      cut_kernel[a].push_back(cut.stats.time_ms * 1000.0);
      full_call[a].push_back(full_ms * 1000.0);
      cut_call[a].push_back(cut_ms * 1000.0);
      if (a == 0) ball.push_back(static_cast<double>(cut.stats.vertices_reached));
    }
  }
  gsssp_device_graph_destroy(dg);
  std::printf("%s: %d sources, cutoff ball %.2f%% of %lld vertices (median %.0f vertices)\n", path.c_str(), sources,
              share * 100.0, static_cast<long long>(g.n), median(ball));
  for (int a = 0; a < 2; ++a) {
    const double fk = median(full_kernel[a]), ck = median(cut_kernel[a]);
    const double fc = median(full_call[a]), cc = median(cut_call[a]);
    std::printf("  %-9s full: kernel %.1f us, call %.1f us; cutoff: kernel %.1f us, call %.1f us; ratio kernel %.3f, "
                "call %.3f\n",
                algorithm_name(algorithms[a]), fk, fc, ck, cc, fk > 0 ? ck / fk : 0.0, fc > 0 ? cc / fc : 0.0);
  }
  std::printf("%lld passed, %lld failed\n", static_cast<long long>(g_passed.load()), static_cast<long long>(g_failed.load()));
  return g_failed == 0 ? 0 : 1;
}

}  // namespace gsssp_test
