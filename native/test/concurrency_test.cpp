// Several threads on one device graph: concurrent queries give the right answers; cancel and destroy stop queries
// that are running, and every later call on the handle is refused with GSSSP_ERROR_CLOSED; Near-Far's persistent kernel
// closed while it runs and sharing the device with ADDS; resident reads racing with other threads' queries; ADDS's
// one-block schedule side by side and racing a destroy.
#include "test_main.hpp"

extern "C" int64_t gsssp_debug_reader_reads(void);  // libgsssp, not in gsssp.h (api/device_api.cu)
extern "C" int64_t gsssp_debug_adds_block_runs(void);  // libgsssp, not in gsssp.h (algorithms/adds/adds_block.cu)

namespace gsssp_test {
namespace {

using Concurrency = GpuTest;

struct ConcurrentQueries {
  int wrong = 0;      // answers that failed or differ from CPU Dijkstra's (each printed)
  double ms = 0.0;    // the threads' span, from the first start to the last join
};

// `threads` threads at once on dg, `queries` queries each: thread t's query i from source ((t + i) % threads) * stride
// with algorithm(t, i), every answer checked against CPU Dijkstra's (computed first, one per source).
template <class Algorithm>
ConcurrentQueries run_concurrent(gsssp_device_graph_t dg, const Graph& g, int threads, int queries, int64_t stride,
                                 Algorithm algorithm) {
  std::vector<Result> expected;
  for (int t = 0; t < threads; ++t) expected.push_back(run_cpu(g, t * stride));
  std::atomic<int> wrong{0};
  std::vector<std::thread> running;
  const double t0 = now_ms();
  for (int t = 0; t < threads; ++t) {
    running.emplace_back([&, t] {
      for (int i = 0; i < queries; ++i) {
        const int which = (t + i) % threads;
        const int32_t a = algorithm(t, i);
        const Result r = run_gpu(dg, g, a, which * stride);
        if (r.status != 0 || r.raw != expected[which].raw) {
          ++wrong;
          std::printf("%s from %lld: status %d (%s)\n", algorithm_name(a), static_cast<long long>(which * stride),
                      r.status, r.status != 0 ? gsssp_last_error() : "wrong distances");
        }
      }
    });
  }
  for (auto& thread : running) thread.join();
  return {wrong.load(), now_ms() - t0};
}

// 8 threads, 12 queries each (Bellman-Ford, frontier, ADDS in turn) on one resident graph: every answer right.
TEST_F(Concurrency, EightThreadsOnOneGraph) {
  WeightRule rule;
  rule.zero_fraction = 0.05;
  const Graph g = build("uniform-concurrent", uniform_edges(50000, 250000, rng), rule, rng);
  gsssp_device_graph_t dg = upload(g);
  ASSERT_NE(dg, nullptr);
  constexpr int kThreads = 8;
  const ConcurrentQueries run =
      run_concurrent(dg, g, kThreads, 12, 997, [](int, int i) { return kGpuAlgorithms[i % 3]; });
  check(run.wrong == 0, "concurrent queries: %d of %d wrong", run.wrong, kThreads * 12);
  int64_t bytes = 0;
  gsssp_device_graph_memory(dg, &bytes);
  std::printf("concurrent: %d threads x 12 queries in %.1f ms, handle holds %.1f MiB\n", kThreads, run.ms,
              bytes / 1048576.0);
  check_status(gsssp_device_graph_destroy(dg), GSSSP_SUCCESS, "destroy after concurrent queries");
}

// Resident results read by the threads that made them while other threads query (common/result_reader.hpp: every
// lease tells the lingering readers to quit, so reads race with quits and fall back to copies): 6 threads, 15 ADDS
// resident queries each, every result read at four vertices one at a time and then all four at once, each read
// checked against CPU Dijkstra.
TEST_F(Concurrency, ResidentReadsWhileOthersQuery) {
  WeightRule rule;
  const Graph g = build("uniform-resident-reads", uniform_edges(40000, 240000, rng), rule, rng);
  gsssp_device_graph_t dg = upload(g);
  ASSERT_NE(dg, nullptr);
  constexpr int kThreads = 6;
  constexpr int64_t kStride = 613;
  std::vector<Result> expected;
  for (int t = 0; t < kThreads; ++t) expected.push_back(run_cpu(g, t * kStride));
  std::atomic<int> wrong{0};
  const int64_t served_before = gsssp_debug_reader_reads();
  std::vector<std::thread> running;
  for (int t = 0; t < kThreads; ++t) {
    running.emplace_back([&, t] {
      for (int i = 0; i < 15; ++i) {
        const int which = (t + i) % kThreads;
        gsssp_device_result_t r = nullptr;
        gsssp_options o;
        gsssp_options_init(&o);
        o.compute_predecessors = 0;  // a tree is derived after the search, and the reader does not wait for it
        if (gsssp_device_graph_sssp_resident(dg, GSSSP_ALGORITHM_ADDS, which * kStride, &o, &r, nullptr) != 0) {
          ++wrong;
          std::printf("resident query from %lld: %s\n", static_cast<long long>(which * kStride), gsssp_last_error());
          continue;
        }
        int32_t v[4] = {static_cast<int32_t>((i * 7919 + t) % g.n), static_cast<int32_t>(g.n - 1 - i), 5, 12345};
        int64_t got[4];
        for (int k = 0; k < 4; ++k) {
          if (gsssp_device_result_distances(r, &v[k], 1, &got[k]) != 0 || got[k] != expected[which].raw[v[k]]) ++wrong;
        }
        if (gsssp_device_result_distances(r, v, 4, got) != 0) ++wrong;
        for (int k = 0; k < 4; ++k) {
          if (got[k] != expected[which].raw[v[k]]) ++wrong;
        }
        gsssp_device_result_destroy(r);
      }
    });
  }
  for (auto& thread : running) thread.join();
  std::printf("resident reads under concurrent queries: %lld of %d reads answered by a reader\n",
              static_cast<long long>(gsssp_debug_reader_reads() - served_before), kThreads * 15 * 5);
  check(wrong == 0, "resident reads under concurrent queries: %d wrong", wrong.load());
  check_status(gsssp_device_graph_destroy(dg), GSSSP_SUCCESS, "destroy after resident reads");
}

// Long-running queries (a chain needs one round per vertex) stopped by cancel, or by destroy alone: each returns
// GSSSP_ERROR_CLOSED, and the handle answers CLOSED afterwards.
TEST_F(Concurrency, CancelAndDestroyStopRunningQueries) {
  WeightRule rule;
  const Graph g = build("long-chain", chain_edges(300000, false, rng), rule, rng);
  for (bool destroy_only : {false, true}) {
    gsssp_device_graph_t dg = upload(g);
    ASSERT_NE(dg, nullptr);
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

// Near-Far on a long chain (300,000 one-block steps, which block 0 runs alone), closed while it runs. The persistent
// kernel reads the close within about a millisecond (near_far_policy.hpp, kAbortPollNs) and must answer
// GSSSP_ERROR_CLOSED soon after it.
TEST_F(Concurrency, NearFarStopsWhenClosed) {
  WeightRule rule;
  const Graph g = build("long-chain-nf", chain_edges(300000, false, rng), rule, rng);
  gsssp_device_graph_t dg = upload(g);
  ASSERT_NE(dg, nullptr);
  int status = -1;
  std::string text;
  std::atomic<double> finished_at{0.0};
  std::thread query([&] {
    std::vector<int64_t> d(static_cast<size_t>(g.n));
    status = gsssp_device_graph_sssp(dg, GSSSP_ALGORITHM_NEAR_FAR, 0, nullptr, d.data(), nullptr, nullptr);
    text = gsssp_last_error();
    finished_at = now_ms();
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  const double t0 = now_ms();
  check_status(gsssp_device_graph_cancel(dg), GSSSP_SUCCESS, "cancel");
  query.join();
  const double waited = finished_at.load() - t0;
  if (finished_at.load() < t0) {
    std::printf("near-far finished the chain before the close (status %d): nothing to stop\n", status);
  } else {
    check(status == GSSSP_ERROR_CLOSED && text.find("closed") != std::string::npos && waited < 2000.0,
          "persistent near-far after a close: status %d (%s) %.1f ms after it", status, text.c_str(), waited);
  }
  std::printf("near-far returned %d %.1f ms after the close\n", status, waited);
  check_status(gsssp_device_graph_destroy(dg), GSSSP_SUCCESS, "destroy after a closed near-far query");
}

// Near-Far and ADDS from 6 threads at once on a grid (many rounds): both are persistent cooperative grids that share the device through residency leases (common/residency.hpp); every answer right.
TEST_F(Concurrency, NearFarAndAddsShareTheDevice) {
  WeightRule rule;
  rule.max_int = 1000;
  const Graph g = build("grid-nf", grid_edges(200, 200), rule, rng);
  gsssp_device_graph_t dg = upload(g);
  ASSERT_NE(dg, nullptr);
  constexpr int kThreads = 6, kQueries = 6;
  const ConcurrentQueries run = run_concurrent(dg, g, kThreads, kQueries, 6007, [](int t, int i) {
    return (t + i) % 3 == 0 ? GSSSP_ALGORITHM_ADDS : GSSSP_ALGORITHM_NEAR_FAR;
  });
  check(run.wrong == 0, "near-far and adds at once: %d of %d wrong", run.wrong, kThreads * kQueries);
  std::printf("near-far and adds: %d threads x %d queries in %.1f ms\n", kThreads, kQueries, run.ms);
  check_status(gsssp_device_graph_destroy(dg), GSSSP_SUCCESS, "destroy after near-far and adds");
}

// ADDS told its targets (options.targets, early exit checked on the GPU) from 8 threads at once on a grid, the
// shape (high diameter, many head moves) and the load under which an unchecked early stop once answered wrongly:
// every target's distance must equal CPU Dijkstra's.
TEST_F(Concurrency, TargetQueriesUnderLoadAreExact) {
  WeightRule rule;
  rule.max_int = 1000;
  const Graph g = build("grid-targets", grid_edges(300, 300), rule, rng);
  gsssp_device_graph_t dg = upload(g);
  ASSERT_NE(dg, nullptr);
  constexpr int kSources = 16, kThreads = 8, kQueries = 40;
  std::vector<int64_t> sources;
  std::vector<Result> expected;
  std::uniform_int_distribution<int64_t> pick(0, g.n - 1);
  for (int i = 0; i < kSources; ++i) {
    sources.push_back(pick(rng));
    expected.push_back(run_cpu(g, sources.back()));
  }
  std::vector<uint64_t> seeds;
  for (int t = 0; t < kThreads; ++t) seeds.push_back(rng());
  std::atomic<int> wrong{0}, failed{0};
  std::atomic<int64_t> restarts{0}, early{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      std::mt19937_64 local(seeds[static_cast<size_t>(t)]);
      std::uniform_int_distribution<int64_t> vertex(0, g.n - 1);
      std::vector<int64_t> d(static_cast<size_t>(g.n));
      for (int q = 0; q < kQueries; ++q) {
        const int which = static_cast<int>(local() % kSources);
        std::vector<int32_t> targets(1 + local() % 3);
        for (auto& x : targets) x = static_cast<int32_t>(vertex(local));
        const gsssp_options o = target_options(targets);
        gsssp_stats stats{};
        if (gsssp_device_graph_sssp(dg, GSSSP_ALGORITHM_ADDS, sources[static_cast<size_t>(which)], &o, d.data(),
                                    nullptr, &stats) != GSSSP_SUCCESS) {
          ++failed;
          continue;
        }
        restarts += stats.restarts;
        early += stats.vertices_reached < g.n ? 1 : 0;
        for (int32_t x : targets) {
          if (d[static_cast<size_t>(x)] != expected[static_cast<size_t>(which)].raw[static_cast<size_t>(x)]) ++wrong;
        }
      }
    });
  }
  for (auto& thread : threads) thread.join();
  check(failed.load() == 0 && wrong.load() == 0, "target queries under load: %d failed, %d wrong target distances",
        failed.load(), wrong.load());
  std::printf("target queries: %d, stopped early %lld, full search after a failed check %lld\n", kThreads * kQueries,
              static_cast<long long>(early.load()), static_cast<long long>(restarts.load()));
  gsssp_device_graph_destroy(dg);
}

// ADDS on a small graph runs its one-block schedule (algorithms/adds/adds_block.hpp), one SM per query and no share of
// the device: 8 threads x 25 queries at once, every answer CPU Dijkstra's; then 6 threads querying in a loop while the
// handle is destroyed under them: every answer before the close right, every query after it refused with
// GSSSP_ERROR_CLOSED, nothing else.
TEST_F(Concurrency, SmallGraphAddsSideBySideAndRacingDestroy) {
  WeightRule rule;
  rule.max_int = 1000;
  const Graph g = build("small-concurrent", uniform_edges(1500, 9000, rng), rule, rng);
  gsssp_device_graph_t dg = upload(g);
  ASSERT_NE(dg, nullptr);
  constexpr int kThreads = 8, kQueries = 25;
  const int64_t before = gsssp_debug_adds_block_runs();
  const ConcurrentQueries run =
      run_concurrent(dg, g, kThreads, kQueries, 181, [](int, int) { return GSSSP_ALGORITHM_ADDS; });
  const int64_t runs = gsssp_debug_adds_block_runs() - before;
  check(run.wrong == 0, "small-graph ADDS from %d threads: %d of %d wrong", kThreads, run.wrong, kThreads * kQueries);
  check(runs == kThreads * kQueries, "%lld one-block runs of %d queries", static_cast<long long>(runs),
        kThreads * kQueries);
  std::printf("small-graph ADDS: %d threads x %d queries in %.1f ms\n", kThreads, kQueries, run.ms);
  check_status(gsssp_device_graph_destroy(dg), GSSSP_SUCCESS, "destroy after small-graph queries");

  constexpr int kRacers = 6;
  std::vector<Result> expected;
  for (int t = 0; t < kRacers; ++t) expected.push_back(run_cpu(g, t * 211));
  gsssp_device_graph_t raced = upload(g);
  ASSERT_NE(raced, nullptr);
  std::atomic<int> wrong{0}, other{0}, answered{0};
  std::vector<std::thread> racers;
  for (int t = 0; t < kRacers; ++t) {
    racers.emplace_back([&, t] {
      for (;;) {
        const Result r = run_gpu(raced, g, GSSSP_ALGORITHM_ADDS, t * 211);
        if (r.status == GSSSP_ERROR_CLOSED) return;
        if (r.status != GSSSP_SUCCESS) {
          ++other;
          std::printf("racing destroy: status %d (%s)\n", r.status, gsssp_last_error());
          return;
        }
        ++answered;
        if (r.raw != expected[t].raw) ++wrong;
      }
    });
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  check_status(gsssp_device_graph_destroy(raced), GSSSP_SUCCESS, "destroy while small-graph queries run");
  for (auto& thread : racers) thread.join();
  check(wrong == 0 && other == 0 && answered > 0, "racing destroy: %d answered, %d wrong, %d failed otherwise",
        answered.load(), wrong.load(), other.load());
  std::printf("racing destroy: %d small-graph queries answered before the close\n", answered.load());
}

}  // namespace
}  // namespace gsssp_test
