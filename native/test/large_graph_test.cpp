// Every GPU algorithm beyond 2^31 edges (the issue "Beyond 2^31 edges on one GPU"), without 17 GB of host memory or
// minutes of search: a CSR of 2^31 + ~600k edges whose targets and weights are anonymous zero pages (ZeroPages,
// support.hpp), laid out so that the searched part of the graph lies past edge index 2^31.
//   - Vertices 0 .. kFiller - 1 own the first 2^31 edges, 2^21 each, all to vertex 0 with weight 0 (the zero pages).
//   - Vertices kFiller .. n - 1 (the "high" part, 2^14 vertices) own the rest: a uniform random graph of 8 edges a
//     vertex with weights 1..1,000, a hub of 5,000 edges (large-vertex paths: ADDS's splitting, Near-Far's block
//     step, the partitioned chunks), and one edge into filler vertex 7, so that vertex 7's and vertex 0's 2^21 edges
//     each (at indices below 2^31) are searched too, from edges above it.
// Each algorithm runs from vertices of the high part; its distances must equal CPU Dijkstra's on every vertex, and its
// predecessors, where it gives them, must pass the GPU certificate (gsssp_device_graph_certify, which reads every
// edge). The batch designs answer rows of three sources; the partitioned search runs as one part (every edge index
// of the part past 2^31) and as two parts of device 0. A 32-bit edge index anywhere on these paths would read the
// filler instead of the high part's edges, or fault.
// DA2CF_U is left out: its relax_U has every unresolved vertex read its in-edges each iteration, one thread per vertex,
// and here all 2^31 filler edges point at vertex 0 (the zero pages), so one thread would read 2^31 edges per
// iteration. (The first run of this test, on an H200 with DA2CF_U among the algorithms, did not finish in 300 s; its
// output was buffered and lost, so which step took the time is not known. Each step now prints as it happens.)
// DA2CF_F runs the same compound frontier forwards.
// Needs about 17 GB of device memory for the graph plus the algorithms' scratch (H-BF's reverse graph: as much
// again), so it skips itself, saying why, on a device with less than 48 GB free.
#include <memory>

#include "test_main.hpp"

namespace gsssp_test {
namespace {

constexpr int64_t kFillerEdges = int64_t{1} << 31;
constexpr int64_t kFiller = 1024;               // filler vertices, 2^21 edges each
// Vertices of the searched part: 2^14, so that all n = 17,408 distances fit one block's shared memory on an H100 or
// H200 and BLOCK_BELLMAN_FORD runs too (its distances-only kernel reads the CSR from global memory).
constexpr int64_t kHigh = int64_t{1} << 14;
constexpr int64_t kHighDegree = 8;
constexpr int64_t kHubDegree = 5000;
constexpr int64_t kNeededFree = int64_t{48} << 30;

struct LargeGraph {
  int64_t n = kFiller + kHigh;
  int64_t m = 0;
  std::vector<int64_t> offsets;
  std::unique_ptr<ZeroPages<int32_t>> targets, weights;

  explicit LargeGraph(std::mt19937_64& rng) {
    // The high part's edges as (source, target, weight), sorted by source below.
    std::vector<std::vector<std::pair<int32_t, int32_t>>> out(static_cast<size_t>(kHigh));
    std::uniform_int_distribution<int64_t> any(0, kHigh - 1);
    std::uniform_int_distribution<int32_t> weight(1, 1000);
    for (int64_t u = 0; u < kHigh; ++u) {
      for (int64_t k = 0; k < kHighDegree; ++k) out[static_cast<size_t>(u)].push_back({static_cast<int32_t>(kFiller + any(rng)), weight(rng)});
    }
    for (int64_t k = 0; k < kHubDegree; ++k) out[5].push_back({static_cast<int32_t>(kFiller + any(rng)), weight(rng)});
    out[0].push_back({static_cast<int32_t>(kFiller + 5), 1});  // the source reaches the hub at once
    out[9].push_back({7, 3});                                   // into the filler
    int64_t high_edges = 0;
    for (const auto& list : out) high_edges += static_cast<int64_t>(list.size());
    m = kFillerEdges + high_edges;
    targets = std::make_unique<ZeroPages<int32_t>>(m);
    weights = std::make_unique<ZeroPages<int32_t>>(m);
    if (!mapped()) return;
    offsets.resize(static_cast<size_t>(n + 1));
    for (int64_t v = 0; v <= kFiller; ++v) offsets[static_cast<size_t>(v)] = v * (kFillerEdges / kFiller);
    int64_t at = kFillerEdges;
    for (int64_t u = 0; u < kHigh; ++u) {
      for (const auto& [t, w] : out[static_cast<size_t>(u)]) {
        targets->data[at] = t;
        weights->data[at] = w;
        ++at;
      }
      offsets[static_cast<size_t>(kFiller + u + 1)] = at;
    }
  }
  bool mapped() const { return targets->data != nullptr && weights->data != nullptr; }
  std::string why() const { return targets->data == nullptr ? targets->error : weights->error; }
  gsssp_csr csr() const {
    gsssp_csr c;
    c.num_vertices = n;
    c.num_edges = m;
    c.offsets = offsets.data();
    c.targets = targets->data;
    c.weights = weights->data;
    c.weight_type = GSSSP_WEIGHT_INT32;
    return c;
  }
};

struct Answer {
  std::vector<int64_t> dist;
  std::vector<int32_t> pred;
  gsssp_stats stats{};
  int status = -1;
};

Answer cpu_answer(const gsssp_csr& c, int64_t source) {
  Answer a;
  a.dist.assign(static_cast<size_t>(c.num_vertices), -1);
  a.status = gsssp_cpu_sssp(&c, GSSSP_ALGORITHM_CPU_DIJKSTRA, source, nullptr, a.dist.data(), nullptr, &a.stats);
  return a;
}

// The first vertex whose distance differs, or -1.
int64_t first_difference(const std::vector<int64_t>& want, const int64_t* got, int64_t n) {
  for (int64_t v = 0; v < n; ++v) {
    if (want[static_cast<size_t>(v)] != got[v]) return v;
  }
  return -1;
}

bool same_as_cpu(const Answer& cpu, const int64_t* got, int64_t n, const std::string& what) {
  const int64_t v = first_difference(cpu.dist, got, n);
  return check(v < 0, "%s: vertex %lld has distance %lld, CPU Dijkstra %lld", what.c_str(), static_cast<long long>(v),
               static_cast<long long>(v < 0 ? 0 : got[v]), static_cast<long long>(v < 0 ? 0 : cpu.dist[static_cast<size_t>(v)]));
}

class BeyondInt32Edges : public GpuTest {
 protected:
  void SetUp() override {
    GpuTest::SetUp();
    if (IsSkipped()) return;
    gsssp_device_info info{};
    ASSERT_EQ(gsssp_device_get_info(0, &info), GSSSP_SUCCESS) << gsssp_last_error();
    if (info.free_memory < kNeededFree) {
      GTEST_SKIP() << "device 0 has " << (info.free_memory >> 30) << " GiB free; a graph of 2^31 edges and its "
                   << "algorithms' scratch need about " << (kNeededFree >> 30);
    }
  }
};

TEST_F(BeyondInt32Edges, EveryGpuAlgorithmAnswersPastEdge2To31) {
  std::setvbuf(stdout, nullptr, _IONBF, 0);  // each line as it happens, should a step outlast a timeout
  double t = now_ms();
  LargeGraph g(rng);
  std::printf("[ BeyondInt32Edges ] %lld vertices, %lld edges built in %.0f ms\n", static_cast<long long>(g.n),
              static_cast<long long>(g.m), now_ms() - t);
  if (!g.mapped()) GTEST_SKIP() << "cannot map 2 x 8 GiB of zero pages (MAP_NORESERVE): " << g.why();
  const gsssp_csr c = g.csr();
  const int64_t sources[] = {kFiller, kFiller + 9, kFiller + kHigh - 1};
  std::vector<Answer> cpu;
  t = now_ms();
  for (int64_t s : sources) {
    cpu.push_back(cpu_answer(c, s));
    ASSERT_EQ(cpu.back().status, GSSSP_SUCCESS) << gsssp_last_error();
  }
  std::printf("[ BeyondInt32Edges ] CPU Dijkstra from 3 sources: %.0f ms\n", now_ms() - t);
  // Vertex 0 is reached through 9 -> 7 -> 0: the filler's edges below 2^31 take part.
  check(cpu[0].dist[0] != std::numeric_limits<int64_t>::max() && cpu[0].dist[0] > 0,
        "the test graph: vertex 0 is not reached from %lld (distance %lld)", static_cast<long long>(sources[0]),
        static_cast<long long>(cpu[0].dist[0]));

  t = now_ms();
  gsssp_device_graph_t dg = nullptr;
  ASSERT_EQ(gsssp_device_graph_create(&dg, 0, &c), GSSSP_SUCCESS) << gsssp_last_error();
  std::printf("[ BeyondInt32Edges ] %lld edges uploaded in %.0f ms\n", static_cast<long long>(g.m), now_ms() - t);

  const int32_t singles[] = {GSSSP_ALGORITHM_ADDS,        GSSSP_ALGORITHM_NEAR_FAR,  GSSSP_ALGORITHM_HBF,
                             GSSSP_ALGORITHM_BELLMAN_FORD, GSSSP_ALGORITHM_FRONTIER,  GSSSP_ALGORITHM_DA2CF_F,
                             GSSSP_ALGORITHM_MULTI_BELLMAN_FORD,
                             GSSSP_ALGORITHM_BLOCK_NEAR_FAR, GSSSP_ALGORITHM_BLOCK_BELLMAN_FORD};
  int32_t fit = -1;
  ASSERT_EQ(gsssp_device_graph_block_fit(dg, &fit), GSSSP_SUCCESS) << gsssp_last_error();
  for (const int32_t algorithm : singles) {
    if (algorithm == GSSSP_ALGORITHM_BLOCK_BELLMAN_FORD && fit == 0) {
      std::printf("[ BeyondInt32Edges ] %s: its distances do not fit one block on this device\n", algorithm_name(algorithm));
      continue;
    }
    Answer a;
    a.dist.assign(static_cast<size_t>(g.n), -1);
    a.pred.assign(static_cast<size_t>(g.n), -7);
    std::printf("[ BeyondInt32Edges ] %s ...\n", algorithm_name(algorithm));
    t = now_ms();
    a.status = gsssp_device_graph_sssp(dg, algorithm, sources[0], nullptr, a.dist.data(), a.pred.data(), &a.stats);
    const double ms = now_ms() - t;
    const std::string what = std::string(algorithm_name(algorithm)) + " past edge 2^31";
    if (!check_status(a.status, GSSSP_SUCCESS, what.c_str())) continue;
    std::printf("[ BeyondInt32Edges ] %s: %.1f ms, %lld edges relaxed\n", algorithm_name(algorithm), ms,
                static_cast<long long>(a.stats.edges_relaxed));
    same_as_cpu(cpu[0], a.dist.data(), g.n, what);
    check(a.stats.vertices_reached == cpu[0].stats.vertices_reached, "%s: %lld vertices reached, CPU %lld",
          what.c_str(), static_cast<long long>(a.stats.vertices_reached),
          static_cast<long long>(cpu[0].stats.vertices_reached));
    gsssp_certificate cert{};
    t = now_ms();
    check_status(gsssp_device_graph_certify(dg, sources[0], a.dist.data(), a.pred.data(), &cert), GSSSP_SUCCESS,
                 (what + ": certify").c_str());
    check(cert.violation == GSSSP_CERTIFICATE_HOLDS, "%s: certificate violation %d at vertex %lld, edge %lld",
          what.c_str(), cert.violation, static_cast<long long>(cert.vertex), static_cast<long long>(cert.edge));
    std::printf("[ BeyondInt32Edges ] %s: certified in %.0f ms\n", algorithm_name(algorithm), now_ms() - t);
  }

  // The batch designs: rows of three sources.
  const int32_t batches[] = {GSSSP_ALGORITHM_MULTI_BELLMAN_FORD, GSSSP_ALGORITHM_BLOCK_NEAR_FAR,
                             GSSSP_ALGORITHM_BLOCK_BELLMAN_FORD};
  for (const int32_t algorithm : batches) {
    if (algorithm == GSSSP_ALGORITHM_BLOCK_BELLMAN_FORD && fit == 0) continue;
    std::vector<int64_t> rows(3 * static_cast<size_t>(g.n), -1);
    const std::string what = std::string(algorithm_name(algorithm)) + " batch past edge 2^31";
    t = now_ms();
    if (!check_status(gsssp_device_graph_sssp_batch(dg, algorithm, sources, 3, nullptr, 0, nullptr, rows.data(),
                                                    nullptr, nullptr),
                      GSSSP_SUCCESS, what.c_str())) {
      continue;
    }
    std::printf("[ BeyondInt32Edges ] %s: %.0f ms\n", what.c_str(), now_ms() - t);
    for (size_t i = 0; i < 3; ++i) {
      same_as_cpu(cpu[i], rows.data() + i * static_cast<size_t>(g.n), g.n, what + " row " + std::to_string(i));
    }
  }
  check_status(gsssp_device_graph_destroy(dg), GSSSP_SUCCESS, "destroy");

  // The partitioned search: one part (all 2^31 + edges in it), then two parts of device 0.
  for (int32_t parts : {1, 2}) {
    const std::vector<int32_t> devices(static_cast<size_t>(parts), 0);
    const std::string what = "partitioned, " + std::to_string(parts) + " part(s), past edge 2^31";
    gsssp_partitioned_graph_t pg = nullptr;
    t = now_ms();
    if (!check_status(gsssp_partitioned_graph_create(&pg, devices.data(), parts, &c, 0, GSSSP_EXCHANGE_PEER_COPIES),
                      GSSSP_SUCCESS,
                      (what + ": create").c_str())) {
      continue;
    }
    std::printf("[ BeyondInt32Edges ] %s: created in %.0f ms\n", what.c_str(), now_ms() - t);
    t = now_ms();
    for (size_t i = 0; i < 3; ++i) {
      std::vector<int64_t> d(static_cast<size_t>(g.n), -1);
      gsssp_stats stats{};
      if (check_status(gsssp_partitioned_graph_sssp(pg, sources[i], nullptr, d.data(), &stats), GSSSP_SUCCESS,
                       what.c_str())) {
        same_as_cpu(cpu[i], d.data(), g.n, what + " from " + std::to_string(sources[i]));
      }
    }
    std::printf("[ BeyondInt32Edges ] %s: 3 queries in %.0f ms\n", what.c_str(), now_ms() - t);
    check_status(gsssp_partitioned_graph_destroy(pg), GSSSP_SUCCESS, "partitioned destroy");
  }
}

}  // namespace
}  // namespace gsssp_test
