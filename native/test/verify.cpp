// Checks of the batch entry point and of ADDS given targets on one resident graph (support.hpp), shared by the
// generated-graph tests and gsssp_time.
#include "support.hpp"

namespace gsssp_test {

// ADDS given targets (options.targets, no predecessors; checked, then a full search): the targets' distances
// against CPU Dijkstra.
void verify_targets(gsssp_device_graph_t dg, const Graph& g, std::mt19937_64& rng) {
  if (g.n == 0) return;
  std::uniform_int_distribution<int64_t> pick(0, g.n - 1);
  for (int q = 0; q < 3; ++q) {
    const int64_t source = pick(rng);
    std::vector<int32_t> targets(static_cast<size_t>(1 + q * 2));
    for (auto& t : targets) t = static_cast<int32_t>(pick(rng));
    const gsssp_options o = target_options(targets);
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

// NEAR_FAR from one source: traced (a sample per round, the first the source alone), with Delta = 1 (a band per
// distance value: the most splits and one-block steps) in blocks of 256 and 1024 threads (1024 is the largest block
// the persistent kernel fits, near_far_kernels.cuh), and in blocks of 32 (one-block steps of at most 32 items).
// Near-Far's own suite is Java's (NearFarDa2cfTest); this one is here so that the native GPU run covers Near-Far too.
// It draws nothing from the tests' random stream.
void verify_near_far(gsssp_device_graph_t dg, const Graph& g, int64_t source) {
  if (g.n == 0) return;
  const Result cpu = run_cpu(g, source);
  if (cpu.status != GSSSP_SUCCESS) return;
  struct Case {
    double delta;
    int32_t threads;
    bool traced;
    const char* label;
  };
  const Case cases[] = {{0.0, 0, true, "traced"},
                        {1.0, 256, false, "delta 1, 256 threads"},
                        {1.0, 1024, false, "delta 1, 1024 threads"},
                        {0.0, 32, false, "32 threads"}};
  for (const Case& c : cases) {
    gsssp_options o;
    gsssp_options_init(&o);
    o.delta_stepping.delta = c.delta;
    o.block_size = c.threads;
    std::vector<gsssp_trace_sample> trace(c.traced ? static_cast<size_t>(g.n) + 2 : 0);
    if (c.traced) {
      o.trace = trace.data();
      o.trace_capacity = static_cast<int64_t>(trace.size());
    }
    const std::string what = "near-far " + g.name + (g.is_float ? " float" : " int") + " n=" + std::to_string(g.n) +
                             " src=" + std::to_string(source) + " (" + c.label + ")";
    const Result r = run_gpu(dg, g, GSSSP_ALGORITHM_NEAR_FAR, source, &o);
    if (!check(r.status == GSSSP_SUCCESS, "%s: status %d (%s)", what.c_str(), r.status, gsssp_last_error())) continue;
    compare(g, source, GSSSP_ALGORITHM_NEAR_FAR, cpu, r);
    if (!c.traced) continue;
    // One sample per round (the rounds stay within n + 1: compare checks it), at the round's start.
    bool ordered = true;
    for (int64_t i = 1; i < r.stats.trace_length; ++i) {
      const gsssp_trace_sample& x = trace[static_cast<size_t>(i)];
      ordered = ordered && x.work >= 1 && x.time_us >= trace[static_cast<size_t>(i - 1)].time_us;
    }
    check(r.stats.trace_length == r.stats.iterations && r.stats.trace_length >= 1 && trace[0].work == 1 &&
              trace[0].time_us == 0.0 && ordered,
          "%s: trace of %lld samples for %lld rounds, first work %lld, ordered %d", what.c_str(),
          static_cast<long long>(r.stats.trace_length), static_cast<long long>(r.stats.iterations),
          static_cast<long long>(r.stats.trace_length >= 1 ? trace[0].work : -1), ordered ? 1 : 0);
  }
}

namespace {

// What a streamed batch's callback saw: the rows in order, their reached counts, and the last so_far.
struct StreamedRows {
  int64_t n = 0;
  std::vector<int64_t> rows;
  std::vector<int64_t> reached;
  gsssp_stats so_far{};
  int64_t calls = 0;
  int64_t most_per_call = 0;
  bool in_order = true;
  int64_t stop_after = -1;  // answer nonzero after this many rows
};

int take_rows(int64_t first, int64_t count, const void* rows, const int64_t* reached, const gsssp_stats* so_far,
              void* user) {
  auto* seen = static_cast<StreamedRows*>(user);
  seen->in_order = seen->in_order && first == static_cast<int64_t>(seen->reached.size()) && count >= 1;
  const auto* values = static_cast<const int64_t*>(rows);
  seen->rows.insert(seen->rows.end(), values, values + count * seen->n);
  seen->reached.insert(seen->reached.end(), reached, reached + count);
  seen->so_far = *so_far;
  ++seen->calls;
  seen->most_per_call = std::max(seen->most_per_call, count);
  return seen->stop_after >= 0 && static_cast<int64_t>(seen->reached.size()) >= seen->stop_after ? 1 : 0;
}

// gsssp_device_graph_sssp_batch_rows against the same batch's rows into one buffer (`rows`, `reached`): staging of
// one row per half (a copy per row), of an odd five rows (halves of two), and of more than the batch; then a
// callback that stops the batch, and the argument checks.
void verify_streamed_rows(gsssp_device_graph_t dg, const Graph& g, int32_t algorithm, const gsssp_options* options,
                          const std::vector<int64_t>& sources, const std::vector<int64_t>& rows,
                          const std::vector<int64_t>& reached, const std::string& what) {
  const auto k = static_cast<int64_t>(sources.size());
  const int64_t row_bytes = g.n * 8;
  for (int64_t staged_rows : {int64_t{2}, int64_t{5}, 2 * k + 2}) {
    std::vector<int64_t> staging(static_cast<size_t>(staged_rows * g.n));
    StreamedRows seen;
    seen.n = g.n;
    gsssp_stats stats{};
    const std::string label = what + " streamed through " + std::to_string(staged_rows) + " rows";
    if (!check_status(gsssp_device_graph_sssp_batch_rows(dg, algorithm, sources.data(), k, options, staging.data(),
                                                        staged_rows * row_bytes, take_rows, &seen, &stats),
                      GSSSP_SUCCESS, label.c_str())) {
      return;
    }
    check(seen.in_order && seen.rows == rows && seen.reached == reached &&
              seen.most_per_call <= std::max<int64_t>(1, staged_rows / 2),
          "%s: %lld calls in order %d, rows equal %d, reached equal %d, at most %lld rows a call", label.c_str(),
          static_cast<long long>(seen.calls), seen.in_order ? 1 : 0, seen.rows == rows ? 1 : 0,
          seen.reached == reached ? 1 : 0, static_cast<long long>(seen.most_per_call));
    int64_t total = 0;
    for (int64_t r : reached) total += r;
    check(stats.vertices_reached == total && seen.so_far.vertices_reached == total && stats.iterations >= 1,
          "%s: stats reached %lld, the last so_far %lld, expected %lld", label.c_str(),
          static_cast<long long>(stats.vertices_reached), static_cast<long long>(seen.so_far.vertices_reached),
          static_cast<long long>(total));
  }
  std::vector<int64_t> staging(static_cast<size_t>(2 * g.n));
  StreamedRows stopped;
  stopped.n = g.n;
  stopped.stop_after = 1;
  check_status(gsssp_device_graph_sssp_batch_rows(dg, algorithm, sources.data(), k, options, staging.data(), 2 * row_bytes,
                                                  take_rows, &stopped, nullptr),
               k > 1 ? GSSSP_ERROR_CLOSED : GSSSP_SUCCESS, (what + " streamed, stopped by its callback").c_str());
  check(stopped.calls == 1, "%s: the callback that stopped the batch was called %lld times", what.c_str(),
        static_cast<long long>(stopped.calls));
  check_status(gsssp_device_graph_sssp_batch_rows(dg, algorithm, sources.data(), k, options, staging.data(),
                                                  2 * row_bytes - 1, take_rows, &stopped, nullptr),
               GSSSP_ERROR_INVALID_ARGUMENT, (what + " streamed through less than two rows").c_str());
  check_status(gsssp_device_graph_sssp_batch_rows(dg, algorithm, sources.data(), k, options, staging.data(), 2 * row_bytes,
                                                  nullptr, nullptr, nullptr),
               GSSSP_ERROR_INVALID_ARGUMENT, (what + " streamed without a callback").c_str());
  check_status(gsssp_device_graph_sssp_batch_rows(dg, GSSSP_ALGORITHM_ADDS, sources.data(), k, options, staging.data(),
                                                  2 * row_bytes, take_rows, &stopped, nullptr),
               GSSSP_ERROR_INVALID_ARGUMENT, (what + " streamed by ADDS").c_str());
}

}  // namespace

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
  if (algorithm != GSSSP_ALGORITHM_PHAST) verify_streamed_rows(dg, g, algorithm, options, sources, rows, row_reached, what);
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

void verify_resident(gsssp_device_graph_t dg, const Graph& g, std::mt19937_64& rng) {
  if (g.n == 0) return;
  verify_resident_at(dg, g, std::uniform_int_distribution<int64_t>(0, g.n - 1)(rng));
}

void verify_resident_at(gsssp_device_graph_t dg, const Graph& g, int64_t source) {
  const Result cpu = run_cpu(g, source);
  if (cpu.status != GSSSP_SUCCESS) return;
  for (const auto& [algorithm, tree] : {std::pair{GSSSP_ALGORITHM_ADDS, 0}, std::pair{GSSSP_ALGORITHM_ADDS, 1},
                                        std::pair{GSSSP_ALGORITHM_FRONTIER, 0}}) {
    gsssp_options o;
    gsssp_options_init(&o);
    o.compute_predecessors = tree;
    gsssp_device_result_t result = nullptr;
    gsssp_stats stats{};
    const std::string what = std::string("resident ") + algorithm_name(algorithm) + (tree ? " with tree " : " ") +
                             g.name + (g.is_float ? " float" : " int") + " n=" + std::to_string(g.n) +
                             " src=" + std::to_string(source);
    if (!check_status(gsssp_device_graph_sssp_resident(dg, algorithm, source, &o, &result, &stats), GSSSP_SUCCESS,
                      what.c_str())) {
      continue;
    }
    // Reads right after the query, before anything else leases a workspace: through the reader behind the search
    // (common/result_reader.hpp) while it lingers, by copy after; either way the CPU's values.
    {
      std::vector<int32_t> picks = {static_cast<int32_t>(source), static_cast<int32_t>(g.n - 1),
                                    static_cast<int32_t>(g.n / 2), static_cast<int32_t>((source * 7 + 3) % g.n)};
      for (int32_t v : picks) {
        int64_t one = -7;
        check_status(gsssp_device_result_distances(result, &v, 1, &one), GSSSP_SUCCESS, (what + " read one").c_str());
        check(one == cpu.raw[static_cast<size_t>(v)], "%s: read of vertex %d gave raw %lld, CPU %lld", what.c_str(), v,
              static_cast<long long>(one), static_cast<long long>(cpu.raw[static_cast<size_t>(v)]));
      }
      int64_t four[4] = {-7, -7, -7, -7};
      check_status(gsssp_device_result_distances(result, picks.data(), 4, four), GSSSP_SUCCESS, (what + " read four").c_str());
      for (int i = 0; i < 4; ++i) {
        check(four[i] == cpu.raw[static_cast<size_t>(picks[i])], "%s: read of 4, vertex %d gave raw %lld, CPU %lld",
              what.c_str(), picks[i], static_cast<long long>(four[i]), static_cast<long long>(cpu.raw[static_cast<size_t>(picks[i])]));
      }
    }
    Result copy;
    copy.raw.assign(static_cast<size_t>(g.n), 0);
    copy.pred.assign(static_cast<size_t>(g.n), -7);
    check_status(gsssp_device_result_copy(result, copy.raw.data(), tree ? copy.pred.data() : nullptr), GSSSP_SUCCESS,
                 (what + " copy").c_str());
    check(copy.raw == cpu.raw, "%s: distances differ from CPU Dijkstra", what.c_str());
    // A resident result leaves the count to gsssp_device_result_reached (a pass over all n distances), which keeps
    // what it counted: the second call must give the same.
    check(stats.vertices_reached == -1, "%s: stats.vertices_reached %lld, expected -1 (not counted)", what.c_str(),
          static_cast<long long>(stats.vertices_reached));
    for (int call = 0; call < 2; ++call) {
      int64_t reached = -7;
      check_status(gsssp_device_result_reached(result, &reached), GSSSP_SUCCESS, (what + " reached").c_str());
      check(reached == cpu.stats.vertices_reached, "%s: reached %lld (call %d), CPU %lld", what.c_str(),
            static_cast<long long>(reached), call + 1, static_cast<long long>(cpu.stats.vertices_reached));
    }
    check_status(gsssp_device_result_reached(result, nullptr), GSSSP_ERROR_INVALID_ARGUMENT, (what + " reached(NULL)").c_str());
    check_status(gsssp_device_result_destroy(result), GSSSP_SUCCESS, (what + " destroy").c_str());
  }
}

}  // namespace gsssp_test
