// The device entry points on a GPU: device info, argument checks and their texts on a small resident graph, block
// sizes, predecessors on request, memory that does not grow with queries, negative weights refused, float overflow,
// max_iterations, graphs of one vertex or no edges, Martín et al.'s counterexample (ICCS'09, Fig. 5), and resident
// reads through the reader that lingers behind a query (common/result_reader.hpp) and by copy.
#include "test_main.hpp"

extern "C" int64_t gsssp_debug_reader_reads(void);  // libgsssp, not in gsssp.h (api/device_api.cu)

namespace gsssp_test {
namespace {

using DeviceInfo = GpuTest;

TEST_F(DeviceInfo, NamesTheCardAndRefusesABadIndex) {
  gsssp_device_info info;
  check_status(gsssp_device_get_info(0, &info), GSSSP_SUCCESS, "device_get_info");
  check(info.multiprocessor_count > 0 && info.total_memory > 0 && std::strlen(info.name) > 0, "device info");
  check_status(gsssp_device_get_info(9999, &info), GSSSP_ERROR_INVALID_ARGUMENT, "device_get_info(9999)");
  Graph g = small_graph(false);
  const gsssp_csr c = g.csr();
  gsssp_device_graph_t dg = nullptr;
  check_status(gsssp_device_graph_create(&dg, 9999, &c), GSSSP_ERROR_INVALID_ARGUMENT, "create on device 9999");
}

// gsssp_device_graph_create_with_progress: a graph whose targets and weights are each larger than one upload chunk
// (GSSSP_UPLOAD_CHUNK_BYTES), so every array crosses in several pieces. n = 2^16 vertices with edges v -> v+k
// (mod n) of weight k for k = 1..1,100: 72M edges, and the distance from 0 to v is v (any path wraps around at a
// cost of at least n), which ADDS must find through the chunked copy.
using Upload = GpuTest;

struct ProgressLog {
  std::vector<std::pair<int64_t, int64_t>> calls;
  int stop_at = -1;  // return nonzero at this call
};

int record_progress(int64_t done, int64_t total, void* user) {
  auto* log = static_cast<ProgressLog*>(user);
  log->calls.emplace_back(done, total);
  return static_cast<int>(log->calls.size()) - 1 == log->stop_at ? 7 : 0;
}

Graph chunked_graph() {
  constexpr int64_t kN = 1 << 16;
  constexpr int32_t kDegree = 1100;
  Graph g;
  g.name = "wrap-around";
  g.n = kN;
  g.offsets.resize(kN + 1);
  g.targets.resize(static_cast<size_t>(kN * kDegree));
  g.int_weights.resize(g.targets.size());
  for (int64_t v = 0; v < kN; ++v) {
    g.offsets[v] = v * kDegree;
    for (int32_t k = 1; k <= kDegree; ++k) {
      g.targets[v * kDegree + k - 1] = static_cast<int32_t>((v + k) % kN);
      g.int_weights[v * kDegree + k - 1] = k;
    }
  }
  g.offsets[kN] = kN * kDegree;
  return g;
}

TEST_F(Upload, ReportsEveryChunkAndCanBeStopped) {
  const Graph g = chunked_graph();
  const gsssp_csr c = g.csr();
  const int64_t total = (g.n + 1) * 8 + c.num_edges * 8;
  const int64_t chunk = GSSSP_UPLOAD_CHUNK_BYTES;
  ASSERT_GT(c.num_edges * 4, chunk) << "the test graph must span at least two chunks per array";
  ProgressLog log;
  gsssp_device_graph_t dg = nullptr;
  ASSERT_TRUE(check_status(gsssp_device_graph_create_with_progress(&dg, 0, &c, record_progress, &log), GSSSP_SUCCESS,
                           "upload with progress"));
  // one call before any copy, one per chunk of each array (offsets, targets, weights)
  const auto chunks = [&](int64_t bytes) { return (bytes + chunk - 1) / chunk; };
  const size_t want = static_cast<size_t>(1 + chunks((g.n + 1) * 8) + 2 * chunks(c.num_edges * 4));
  check(log.calls.size() == want, "progress called %zu times, want %zu", log.calls.size(), want);
  check(log.calls.front().first == 0 && log.calls.back().first == total, "progress from 0 to %lld, got %lld..%lld",
        static_cast<long long>(total), static_cast<long long>(log.calls.front().first),
        static_cast<long long>(log.calls.back().first));
  for (size_t i = 1; i < log.calls.size(); ++i) {
    const int64_t step = log.calls[i].first - log.calls[i - 1].first;
    check(log.calls[i].second == total && step > 0 && step <= chunk, "progress call %zu: %lld of %lld (step %lld)", i,
          static_cast<long long>(log.calls[i].first), static_cast<long long>(log.calls[i].second),
          static_cast<long long>(step));
  }
  const Result r = run_gpu(dg, g, GSSSP_ALGORITHM_ADDS, 0);
  check_status(r.status, GSSSP_SUCCESS, "ADDS on the chunked upload");
  int64_t wrong = 0;
  for (int64_t v = 0; v < g.n; ++v) wrong += r.raw[static_cast<size_t>(v)] != v;
  check(wrong == 0, "%lld of %lld distances differ from v after a chunked upload", static_cast<long long>(wrong),
        static_cast<long long>(g.n));
  check_status(gsssp_device_graph_destroy(dg), GSSSP_SUCCESS, "destroy");

  // A nonzero answer stops the upload: CLOSED, *out left null, the text naming the callback.
  ProgressLog stop;
  stop.stop_at = 2;
  dg = nullptr;
  check_status(gsssp_device_graph_create_with_progress(&dg, 0, &c, record_progress, &stop), GSSSP_ERROR_CLOSED,
               "upload stopped by its callback");
  check(dg == nullptr && stop.calls.size() == 3, "stopped upload: handle %p, %zu calls", static_cast<void*>(dg),
        stop.calls.size());
  check(std::strstr(gsssp_last_error(), "progress callback") != nullptr, "error text: %s", gsssp_last_error());
}

// The 8-vertex graph of support.cpp, resident for the test.
class SmallDeviceGraph : public GpuTest {
 protected:
  void SetUp() override {
    GpuTest::SetUp();
    if (IsSkipped()) return;
    dg = upload(g);
    ASSERT_NE(dg, nullptr) << "upload of the small graph failed: " << gsssp_last_error();
  }
  void TearDown() override {
    if (dg != nullptr) check_status(gsssp_device_graph_destroy(dg), GSSSP_SUCCESS, "destroy small");
  }
  Graph g = small_graph(false);
  gsssp_device_graph_t dg = nullptr;
  std::vector<int64_t> d = std::vector<int64_t>(8);
  std::vector<int32_t> p = std::vector<int32_t>(8);
};

TEST_F(SmallDeviceGraph, RefusesBadArguments) {
  check_status(gsssp_device_graph_sssp(dg, GSSSP_ALGORITHM_CPU_DIJKSTRA, 0, nullptr, d.data(), p.data(), nullptr),
               GSSSP_ERROR_INVALID_ARGUMENT, "CPU_DIJKSTRA on the device");
  check_status(gsssp_device_graph_sssp(dg, 42, 0, nullptr, d.data(), p.data(), nullptr),
               GSSSP_ERROR_INVALID_ARGUMENT, "unknown algorithm on the device");
  check_status(gsssp_device_graph_sssp(dg, GSSSP_ALGORITHM_FRONTIER, 8, nullptr, d.data(), p.data(), nullptr),
               GSSSP_ERROR_INVALID_ARGUMENT, "device source out of range");
  check_status(gsssp_device_graph_sssp(dg, GSSSP_ALGORITHM_FRONTIER, 0, nullptr, nullptr, p.data(), nullptr),
               GSSSP_ERROR_INVALID_ARGUMENT, "device NULL distances");
  gsssp_options o;
  gsssp_options_init(&o);
  for (int32_t block : {-1, 16, 33, 2048}) {
    o.block_size = block;
    check_status(gsssp_device_graph_sssp(dg, GSSSP_ALGORITHM_BELLMAN_FORD, 0, &o, d.data(), p.data(), nullptr),
                 GSSSP_ERROR_INVALID_ARGUMENT, "invalid block size");
  }
}

TEST_F(SmallDeviceGraph, DistancesWithoutPredecessorsOrStats) {
  check_status(gsssp_device_graph_sssp(dg, GSSSP_ALGORITHM_FRONTIER, 0, nullptr, d.data(), nullptr, nullptr),
               GSSSP_SUCCESS, "device query without predecessors and stats");
  check(d[7] == 3 && d[4] == 7, "small graph distances on the device");
  gsssp_options o;
  gsssp_options_init(&o);
  o.compute_predecessors = 0;
  std::vector<int32_t> untouched(8, -7);
  check_status(gsssp_device_graph_sssp(dg, GSSSP_ALGORITHM_BELLMAN_FORD, 0, &o, d.data(), untouched.data(), nullptr),
               GSSSP_SUCCESS, "device query, compute_predecessors = 0");
  check(std::all_of(untouched.begin(), untouched.end(), [](int32_t x) { return x == -7; }),
        "device query wrote predecessors although compute_predecessors = 0");
}

TEST_F(SmallDeviceGraph, EveryBlockSize) {
  gsssp_options o;
  gsssp_options_init(&o);
  const Result cpu = run_cpu(g, 0);
  for (int32_t block : {32, 64, 128, 512, 1024}) {
    o.block_size = block;
    for (int32_t algorithm : kGpuAlgorithms) compare(g, 0, algorithm, cpu, run_gpu(dg, g, algorithm, 0, &o));
  }
}

// Buffers are reused: once each algorithm has run (and sized its scratch), the handle's memory does not grow with
// repeated queries on one thread.
TEST_F(SmallDeviceGraph, MemoryDoesNotGrowWithQueries) {
  int64_t before = 0, after = 0;
  for (int32_t algorithm : kGpuAlgorithms) run_gpu(dg, g, algorithm, 0);
  check_status(gsssp_device_graph_memory(dg, &before), GSSSP_SUCCESS, "device_graph_memory");
  for (int i = 0; i < 20; ++i) run_gpu(dg, g, kGpuAlgorithms[i % std::size(kGpuAlgorithms)], i % 8);
  gsssp_device_graph_memory(dg, &after);
  check(before > 0 && before == after, "device memory grew with repeated queries: %lld -> %lld",
        static_cast<long long>(before), static_cast<long long>(after));
}

// Reads of a resident result through the reader that lingers behind its query (common/result_reader.hpp), and by
// copy once that reader is gone: the same values, CPU Dijkstra's, on a uniform graph of 30,000 vertices.
class ResidentReads : public GpuTest {
 protected:
  void SetUp() override {
    GpuTest::SetUp();
    if (IsSkipped()) return;
    WeightRule rule;
    g = build("uniform-reads", uniform_edges(30000, 180000, rng), rule, rng);
    dg = upload(g);
    ASSERT_NE(dg, nullptr) << gsssp_last_error();
  }
  void TearDown() override {
    if (dg != nullptr) check_status(gsssp_device_graph_destroy(dg), GSSSP_SUCCESS, "destroy");
  }
  gsssp_device_result_t query(int64_t source) {
    gsssp_options o;
    gsssp_options_init(&o);
    o.compute_predecessors = 0;  // a result with a tree has no reader: the tree is derived after the search
    gsssp_device_result_t r = nullptr;
    check_status(gsssp_device_graph_sssp_resident(dg, GSSSP_ALGORITHM_ADDS, source, &o, &r, nullptr), GSSSP_SUCCESS,
                 "resident ADDS query");
    return r;
  }
  // Reads v alone and {v, v + 1, ..., v + 3} together; false (with a failed check) on a wrong value.
  bool reads_right(gsssp_device_result_t r, const Result& cpu, int32_t v, const char* what) {
    int64_t one = -7;
    check_status(gsssp_device_result_distances(r, &v, 1, &one), GSSSP_SUCCESS, what);
    bool ok = check(one == cpu.raw[v], "%s: vertex %d raw %lld, CPU %lld", what, v, static_cast<long long>(one),
                    static_cast<long long>(cpu.raw[v]));
    int32_t four[4] = {v, static_cast<int32_t>((v + 1) % g.n), static_cast<int32_t>((v + 2) % g.n),
                       static_cast<int32_t>((v + 3) % g.n)};
    int64_t got[4] = {-7, -7, -7, -7};
    check_status(gsssp_device_result_distances(r, four, 4, got), GSSSP_SUCCESS, what);
    for (int k = 0; k < 4; ++k) {
      ok = check(got[k] == cpu.raw[four[k]], "%s: vertex %d of four raw %lld, CPU %lld", what, four[k],
                 static_cast<long long>(got[k]), static_cast<long long>(cpu.raw[four[k]])) && ok;
    }
    return ok;
  }
  Graph g;
  gsssp_device_graph_t dg = nullptr;
};

// Twenty queries, each read at once: right every time, and some reads answered by the reader, so that this checks the
// path it is about.
TEST_F(ResidentReads, RightAfterTheQuery) {
  const int64_t before = gsssp_debug_reader_reads();
  for (int i = 0; i < 20; ++i) {
    const int64_t source = (i * 1499) % g.n;
    const Result cpu = run_cpu(g, source);
    gsssp_device_result_t r = query(source);
    ASSERT_NE(r, nullptr);
    reads_right(r, cpu, static_cast<int32_t>((i * 7717 + 11) % g.n), "read right after the query");
    check_status(gsssp_device_result_destroy(r), GSSSP_SUCCESS, "destroy result");
  }
  const int64_t served = gsssp_debug_reader_reads() - before;
  std::printf("reads answered by the reader: %lld of 40\n", static_cast<long long>(served));
  check(served > 0, "no read of 40 was answered by a reader");
}

// Two results made one after the other on one thread share a workspace, whose reader now follows the second search:
// the first result's reads must copy (not be answered from the second's distances), the second's may use the reader.
TEST_F(ResidentReads, TwoResultsOfOneWorkspace) {
  const Result cpu1 = run_cpu(g, 0), cpu2 = run_cpu(g, 4242);
  gsssp_device_result_t r1 = query(0);
  gsssp_device_result_t r2 = query(4242);
  ASSERT_TRUE(r1 != nullptr && r2 != nullptr);
  reads_right(r2, cpu2, 77, "second result");
  reads_right(r1, cpu1, 77, "first result after the second query");
  reads_right(r2, cpu2, 29999, "second result again");
  check_status(gsssp_device_result_destroy(r2), GSSSP_SUCCESS, "destroy second");
  reads_right(r1, cpu1, 123, "first result after the second's destroy");
  check_status(gsssp_device_result_destroy(r1), GSSSP_SUCCESS, "destroy first");
}

// A read after the reader idled out (its linger, kReaderLingerUs, is 1 ms) copies, and gives the same values.
TEST_F(ResidentReads, AfterTheReaderLeft) {
  const Result cpu = run_cpu(g, 17);
  gsssp_device_result_t r = query(17);
  ASSERT_NE(r, nullptr);
  std::this_thread::sleep_for(std::chrono::milliseconds(30));
  reads_right(r, cpu, 999, "read after the linger");
  reads_right(r, cpu, 5, "second read after the linger");
  check_status(gsssp_device_result_destroy(r), GSSSP_SUCCESS, "destroy result");
}

// The graph destroyed while a result's reader still lingers: the destroy returns at once (the reader is told to quit),
// and the result's reads answer CLOSED.
TEST_F(ResidentReads, GraphDestroyedWhileTheReaderLingers) {
  gsssp_device_result_t r = query(3);
  ASSERT_NE(r, nullptr);
  const double t0 = now_ms();
  check_status(gsssp_device_graph_destroy(dg), GSSSP_SUCCESS, "destroy graph");
  const double waited = now_ms() - t0;
  dg = nullptr;
  int32_t v = 9;
  int64_t d = -7;
  check_status(gsssp_device_result_distances(r, &v, 1, &d), GSSSP_ERROR_CLOSED, "read after the graph's destroy");
  check_status(gsssp_device_result_destroy(r), GSSSP_SUCCESS, "destroy result after its graph");
  check(waited < 500.0, "graph destroy took %.1f ms with a reader lingering", waited);
}

using DeviceQueries = GpuTest;

// Upload works; queries are refused with the documented text.
TEST_F(DeviceQueries, NegativeWeightsRefusedWithTheDocumentedText) {
  Graph neg = small_graph(false);
  neg.int_weights[12] = -5;
  gsssp_device_graph_t ndg = upload(neg);
  ASSERT_NE(ndg, nullptr);
  std::vector<int64_t> d(8);
  std::vector<int32_t> p(8);
  for (int32_t algorithm : kGpuAlgorithms) {
    check_status(gsssp_device_graph_sssp(ndg, algorithm, 0, nullptr, d.data(), p.data(), nullptr),
                 GSSSP_ERROR_UNSUPPORTED, "device negative weight");
    check(std::strcmp(gsssp_last_error(), "negative weight -5 on edge 12 (3 -> 7); use H-BF") == 0,
          "device negative weight text: '%s'", gsssp_last_error());
  }
  gsssp_device_graph_destroy(ndg);
}

TEST_F(DeviceQueries, FloatOverflowWithAndWithoutPredecessors) {
  const Graph o = overflow_graph();
  gsssp_device_graph_t odg = upload(o);
  ASSERT_NE(odg, nullptr);
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
    check_status(gsssp_device_graph_sssp(odg, algorithm, 1, nullptr, dd.data(), pp.data(), nullptr), GSSSP_SUCCESS,
                 "device float, no overflow from vertex 1");
  }
  gsssp_device_graph_destroy(odg);
}

TEST_F(DeviceQueries, MaxIterations) {
  WeightRule rule;
  Graph chain = build("chain", chain_edges(100, false, rng), rule, rng);
  gsssp_device_graph_t cdg = upload(chain);
  ASSERT_NE(cdg, nullptr);
  gsssp_options opts;
  gsssp_options_init(&opts);
  opts.max_iterations = 5;
  // Round loops; ADDS's limit counts head-bucket switches, checked below.
  for (int32_t algorithm : {GSSSP_ALGORITHM_BELLMAN_FORD, GSSSP_ALGORITHM_FRONTIER}) {
    const Result r = run_gpu(cdg, chain, algorithm, 0, &opts);
    check_status(r.status, GSSSP_ERROR_NOT_CONVERGED, "max_iterations reached");
    check(std::strstr(gsssp_last_error(), "did not converge within 5 rounds") != nullptr, "max_iterations text: '%s'",
          gsssp_last_error());
    opts.max_iterations = 100;  // 99 rounds that change something, 1 that finds no change
    const Result ok = run_gpu(cdg, chain, algorithm, 0, &opts);
    check(ok.status == 0 && ok.stats.iterations == 100, "%s chain of 100: status %d, %lld rounds",
          algorithm_name(algorithm), ok.status, static_cast<long long>(ok.stats.iterations));
    opts.max_iterations = 5;
  }
  // Near-Far counts its expand rounds, one per vertex of the chain (its splits are not rounds): 5 stop it, 100 are
  // exactly enough.
  {
    gsssp_options nf;
    gsssp_options_init(&nf);
    nf.max_iterations = 5;
    const Result r = run_gpu(cdg, chain, GSSSP_ALGORITHM_NEAR_FAR, 0, &nf);
    check_status(r.status, GSSSP_ERROR_NOT_CONVERGED, "Near-Far max_iterations reached");
    check(std::strstr(gsssp_last_error(), "did not converge within 5 rounds") != nullptr,
          "Near-Far max_iterations text: '%s'", gsssp_last_error());
    nf.max_iterations = 100;
    const Result ok = run_gpu(cdg, chain, GSSSP_ALGORITHM_NEAR_FAR, 0, &nf);
    check(ok.status == 0 && ok.stats.iterations == 100, "Near-Far chain of 100: status %d, %lld rounds", ok.status,
          static_cast<long long>(ok.stats.iterations));
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

TEST_F(DeviceQueries, OneVertexAndNoEdges) {
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

// Martín et al. ICCS'09, Fig. 5 right: every frontier vertex of the second round races to lower the last vertex.
// 200 runs of each algorithm: the race must never leave a wrong distance or predecessor.
TEST_F(DeviceQueries, MartinCounterexample200Times) {
  constexpr int kRepeats = 200;
  for (bool is_float : {false, true}) {
    const Graph g = martin_counterexample(1024, is_float);
    gsssp_device_graph_t dg = upload(g);
    ASSERT_NE(dg, nullptr);
    const Result cpu = run_cpu(g, 0);
    check(cpu.raw[1023] == (is_float ? 0x4008000000000000ll : 3), "counterexample CPU distance");
    int wrong = 0;
    for (int r = 0; r < kRepeats; ++r) {
      for (int32_t algorithm : kGpuAlgorithms) {
        const Result gpu = run_gpu(dg, g, algorithm, 0);
        if (gpu.status != 0 || gpu.raw != cpu.raw || gpu.pred[1023] != 1022) ++wrong;
      }
    }
    check(wrong == 0, "Martin counterexample (%s): %d of %d runs wrong", is_float ? "float" : "int", wrong,
          kRepeats * static_cast<int>(std::size(kGpuAlgorithms)));
    gsssp_device_graph_destroy(dg);
  }
}

}  // namespace
}  // namespace gsssp_test
