// Partitioned graphs (gsssp_partitioned_graph_*): one search over several parts against CPU Dijkstra, bit for bit, on
// generated graph families (uniform, R-MAT with hubs, vertices of several chunks' edges, grid, chains, star, zero
// weights, unreachable vertices, float weights, graphs with fewer vertices than parts). Device 0 is listed 2, 3 and 4
// times (the exchange between parts of one GPU), and devices {0, 1} when a second GPU exists; each split is forced by a
// cap of the largest part of the uncapped plan, which one part cannot meet where the exchange buffers leave room. The
// NCCL exchange over distinct GPUs where there are two and NCCL loads. Also: the cap refused, negative weights, NCCL
// over a repeated device, sources out of range, Delta at its extremes, the round limit, one part equal to many,
// cancel/destroy.
#include "test_main.hpp"

namespace gsssp_test {
namespace {

using Partitioned = GpuTest;

constexpr int32_t kPeer = GSSSP_EXCHANGE_PEER_COPIES;
constexpr int32_t kNccl = GSSSP_EXCHANGE_NCCL;

struct Layout {
  std::vector<int32_t> devices;
  int32_t exchange = kPeer;
  std::string name() const {
    std::string s = "{";
    for (size_t i = 0; i < devices.size(); ++i) s += (i ? "," : "") + std::to_string(devices[i]);
    return s + "}" + (exchange == kNccl ? " nccl" : "");
  }
};

std::vector<Layout> layouts() {
  std::vector<Layout> out = {{{0, 0}}, {{0, 0, 0}}, {{0, 0, 0, 0}}};
  if (device_count() >= 2) out.push_back({{0, 1}});
  return out;
}

struct Info {
  gsssp_partitioned_info info{};
  std::vector<gsssp_partition_part> parts;
};

Info info_of(gsssp_partitioned_graph_t pg) {
  Info out;
  out.parts.resize(64);
  check_status(gsssp_partitioned_graph_info(pg, &out.info, out.parts.data(), 64), GSSSP_SUCCESS, "partitioned info");
  out.parts.resize(static_cast<size_t>(std::max(0, out.info.part_count)));
  return out;
}

int64_t largest_part(const Info& info) {
  int64_t best = 0;
  for (const auto& p : info.parts) best = std::max(best, p.device_bytes);
  return best;
}

// The partitioned graph of g over `devices`, with a cap that forces the split (see the file's header); null if create
// failed (a check says why).
gsssp_partitioned_graph_t create_capped(const Graph& g, const Layout& layout, const std::string& what) {
  const std::vector<int32_t>& devices = layout.devices;
  const int32_t exchange = layout.exchange;
  const gsssp_csr c = g.csr();
  const int32_t count = static_cast<int32_t>(devices.size());
  gsssp_partitioned_graph_t pg = nullptr;
  if (!check_status(gsssp_partitioned_graph_create(&pg, devices.data(), count, &c, 0, exchange), GSSSP_SUCCESS,
                    (what + ": create uncapped").c_str())) {
    return nullptr;
  }
  const int64_t cap = largest_part(info_of(pg));
  check_status(gsssp_partitioned_graph_destroy(pg), GSSSP_SUCCESS, "destroy uncapped");
  pg = nullptr;
  if (cap == 0) {  // no vertices: any cap
    check_status(gsssp_partitioned_graph_create(&pg, devices.data(), count, &c, 1, exchange), GSSSP_SUCCESS,
                 (what + ": create").c_str());
    return pg;
  }
  // Would one part on device 0 meet this cap? Where it would not, the cap forces the split.
  gsssp_partitioned_graph_t one = nullptr;
  const int32_t zero = 0;
  const int whole = gsssp_partitioned_graph_create(&one, &zero, 1, &c, cap, kPeer);
  if (whole == GSSSP_SUCCESS) {
    gsssp_partitioned_graph_destroy(one);
  } else {
    check(whole == GSSSP_ERROR_OUT_OF_DEVICE_MEMORY, "%s: one part against cap %lld: status %d (%s)", what.c_str(),
          static_cast<long long>(cap), whole, gsssp_last_error());
  }
  check_status(gsssp_partitioned_graph_create(&pg, devices.data(), count, &c, cap, exchange), GSSSP_SUCCESS,
               (what + ": create capped").c_str());
  if (pg != nullptr) {
    const Info info = info_of(pg);
    check(info.info.part_count == count && info.info.exchange == exchange &&
              (info.info.nccl_version > 0) == (exchange == kNccl),
          "%s: %d parts, exchange %d, NCCL version %d", what.c_str(), info.info.part_count, info.info.exchange,
          info.info.nccl_version);
    int64_t edges = 0, at = 0;
    for (size_t k = 0; k < info.parts.size(); ++k) {
      const auto& p = info.parts[k];
      check(p.device == devices[k] && p.first_vertex == at && p.end_vertex >= p.first_vertex && p.device_bytes <= cap,
            "%s: part %zu: device %d, [%lld, %lld), %lld bytes, cap %lld", what.c_str(), k, p.device,
            static_cast<long long>(p.first_vertex), static_cast<long long>(p.end_vertex),
            static_cast<long long>(p.device_bytes), static_cast<long long>(cap));
      edges += p.edges;
      at = p.end_vertex;
    }
    check(at == g.n && edges == static_cast<int64_t>(g.targets.size()), "%s: parts cover %lld vertices, %lld edges",
          what.c_str(), static_cast<long long>(at), static_cast<long long>(edges));
  }
  return pg;
}

Result run_partitioned(gsssp_partitioned_graph_t pg, const Graph& g, int64_t source,
                       const gsssp_options* options = nullptr) {
  Result r;
  r.raw.assign(static_cast<size_t>(std::max<int64_t>(g.n, 1)), 0x5a5a5a5a);
  r.status = gsssp_partitioned_graph_sssp(pg, source, options, r.raw.data(), &r.stats);
  return r;
}

// Distances bit for bit against the CPU's, and sane stats.
bool same_answer(const Graph& g, int64_t source, const Result& cpu, const Result& got, const std::string& what) {
  const std::string label = what + " " + g.name + (g.is_float ? " float" : " int") + " n=" + std::to_string(g.n) +
                            " m=" + std::to_string(g.targets.size()) + " src=" + std::to_string(source);
  if (!same_distances(g, cpu, got, label)) return false;
  if (got.status != GSSSP_SUCCESS) return true;
  const int64_t reached = count_reached(g, got);
  return check(got.stats.vertices_reached == reached && got.stats.iterations >= 1 &&
                   got.stats.vertex_visits >= reached && got.stats.edges_relaxed >= 0 &&
                   got.stats.peak_device_memory > 0 && got.stats.distance_bytes == 8 && got.stats.delta > 0,
               "%s: odd stats (reached %lld of %lld, rounds %lld, visits %lld, edges %lld, memory %lld, delta %g)",
               label.c_str(), static_cast<long long>(got.stats.vertices_reached), static_cast<long long>(reached),
               static_cast<long long>(got.stats.iterations), static_cast<long long>(got.stats.vertex_visits),
               static_cast<long long>(got.stats.edges_relaxed), static_cast<long long>(got.stats.peak_device_memory),
               got.stats.delta);
}

// g over every layout (or the given ones), from a few sources, against the CPU.
void verify(const Graph& g, std::mt19937_64& rng, int sources = 3, const std::vector<Layout>& over = layouts()) {
  std::uniform_int_distribution<int64_t> pick(0, std::max<int64_t>(0, g.n - 1));
  std::vector<int64_t> chosen;
  for (int s = 0; s < sources && g.n > 0; ++s) chosen.push_back(s == 0 ? 0 : pick(rng));
  std::vector<Result> cpu;
  for (int64_t source : chosen) cpu.push_back(run_cpu(g, source));
  for (const Layout& layout : over) {
    const std::string what = "partitioned " + layout.name();
    gsssp_partitioned_graph_t pg = create_capped(g, layout, what + " " + g.name);
    if (pg == nullptr) continue;
    for (size_t i = 0; i < chosen.size(); ++i) same_answer(g, chosen[i], cpu[i], run_partitioned(pg, g, chosen[i]), what);
    check_status(gsssp_partitioned_graph_destroy(pg), GSSSP_SUCCESS, "destroy");
  }
}

WeightRule ints(double zero_fraction = 0.0, int32_t max_int = 1000) {
  WeightRule r;
  r.max_int = max_int;
  r.zero_fraction = zero_fraction;
  return r;
}

WeightRule floats() {
  WeightRule r;
  r.is_float = true;
  r.max_int = 1000;
  r.tiny_fraction = 0.1;
  return r;
}

TEST_F(Partitioned, Uniform) {
  verify(build("uniform", uniform_edges(3000, 12000, rng), ints(), rng), rng);
  verify(build("uniform-small-weights", uniform_edges(3000, 12000, rng), ints(0.0, 4), rng), rng);
}

TEST_F(Partitioned, RmatWithHubs) { verify(build("rmat12", rmat_edges(12, 16 * 4096, rng), ints(), rng), rng); }

TEST_F(Partitioned, Grid) { verify(build("grid", grid_edges(60, 50), ints(), rng), rng); }

TEST_F(Partitioned, ChainsAndLongPaths) {
  verify(build("chain", chain_edges(2000, false, rng), ints(), rng), rng, 2);
  verify(build("chain-shortcuts", chain_edges(3000, true, rng), ints(), rng), rng);
}

TEST_F(Partitioned, Star) { verify(build("star", star_edges(2000), ints(), rng), rng); }

// Vertices of kChunkEdges (1,024) edges or more are expanded in chunks spread over the grid (chunk_kernel): hubs of
// one chunk exactly, of a chunk and one edge, and of several with a short last one, reached from the source in the
// same round and in later ones, with edges to every part and duplicate edges; beside them a sparse uniform graph.
TEST_F(Partitioned, LargeVerticesInChunks) {
  const int64_t n = 6000;
  EdgeList list = uniform_edges(n, 3 * n, rng);
  std::uniform_int_distribution<int64_t> any(0, n - 1);
  const std::pair<int64_t, int64_t> hubs[] = {{0, 1024}, {1, 1025}, {2, 3 * 1024 + 100}, {4000, 5000}, {5999, 2048}};
  for (const auto& [hub, degree] : hubs) {
    for (int64_t k = 0; k < degree; ++k) list.add(hub, any(rng));
  }
  list.add(0, 1);
  list.add(0, 2);
  list.add(2, 4000);
  list.add(1, 5999);
  verify(build("hubs", list, ints(), rng), rng, 4);
  verify(build("hubs-float", list, floats(), rng), rng, 2);
}

TEST_F(Partitioned, ZeroWeights) {
  verify(build("uniform-zeros", uniform_edges(2000, 8000, rng), ints(0.3), rng), rng);
  verify(build("all-zero", uniform_edges(1000, 4000, rng), ints(1.0), rng), rng);
}

TEST_F(Partitioned, UnreachableVertices) {
  // Half an edge per vertex: most vertices are unreachable from any source.
  verify(build("sparse", uniform_edges(4000, 2000, rng), ints(), rng), rng);
}

TEST_F(Partitioned, FloatWeights) {
  verify(build("uniform-float", uniform_edges(3000, 12000, rng), floats(), rng), rng);
  verify(build("grid-float", grid_edges(40, 40), floats(), rng), rng);
  verify(build("rmat-float", rmat_edges(10, 16 * 1024, rng), floats(), rng), rng);
}

TEST_F(Partitioned, FewerVerticesThanParts) {
  for (int64_t n : {1, 2, 3}) verify(build("tiny", uniform_edges(n, 2 * n, rng), ints(), rng), rng, 2);
}

TEST_F(Partitioned, FloatOverflowIsReported) {
  const Graph g = overflow_graph();
  const gsssp_csr c = g.csr();
  const int32_t devices[] = {0, 0};
  gsssp_partitioned_graph_t pg = nullptr;
  ASSERT_EQ(gsssp_partitioned_graph_create(&pg, devices, 2, &c, 0, kPeer), GSSSP_SUCCESS) << gsssp_last_error();
  check_status(run_partitioned(pg, g, 0).status, GSSSP_ERROR_OVERFLOW, "float overflow");
  gsssp_partitioned_graph_destroy(pg);
  // An overflowing sum off every shortest path is no error: 0 -> 2 directly beside 0 -> 1 -> 2.
  Graph beside = g;
  beside.offsets = {0, 2, 3, 3};
  beside.targets = {1, 2, 2};
  beside.float_weights = {3e38f, 1.0f, 3e38f};
  const gsssp_csr bc = beside.csr();
  ASSERT_EQ(gsssp_partitioned_graph_create(&pg, devices, 2, &bc, 0, kPeer), GSSSP_SUCCESS) << gsssp_last_error();
  same_answer(beside, 0, run_cpu(beside, 0), run_partitioned(pg, beside, 0), "overflow off the shortest path");
  gsssp_partitioned_graph_destroy(pg);
}

TEST_F(Partitioned, OnePartEqualsManyAndDeltaDoesNotChangeTheAnswer) {
  const Graph g = build("uniform", uniform_edges(5000, 25000, rng), ints(0.1), rng);
  const gsssp_csr c = g.csr();
  const int64_t source = largest_out_degree(g);  // out-edges into other parts: messages are certain
  const int32_t one_device = 0;
  gsssp_partitioned_graph_t one = nullptr;
  ASSERT_EQ(gsssp_partitioned_graph_create(&one, &one_device, 1, &c, 0, kPeer), GSSSP_SUCCESS) << gsssp_last_error();
  const Result single = run_partitioned(one, g, source);
  same_answer(g, source, run_cpu(g, source), single, "one part");
  check(info_of(one).info.last_messages == 0, "one part exchanged %lld messages",
        static_cast<long long>(info_of(one).info.last_messages));
  for (const Layout& layout : layouts()) {
    gsssp_partitioned_graph_t many = create_capped(g, layout, "one-vs-many " + layout.name());
    if (many == nullptr) continue;
    const Result split = run_partitioned(many, g, source);
    check(split.status == GSSSP_SUCCESS && split.raw == single.raw, "%s: answer differs from one part's (status %d)",
          layout.name().c_str(), split.status);
    const Info info = info_of(many);
    int64_t sent = 0;
    for (const auto& p : info.parts) sent += p.last_messages_out;
    check(info.info.last_messages > 0 && sent == info.info.last_messages &&
              info.info.last_exchange_bytes == info.info.last_messages * 12 && info.info.last_buckets >= 1,
          "%s: messages %lld (parts %lld), bytes %lld, buckets %lld", layout.name().c_str(),
          static_cast<long long>(info.info.last_messages), static_cast<long long>(sent),
          static_cast<long long>(info.info.last_exchange_bytes), static_cast<long long>(info.info.last_buckets));
    // Delta at its extremes: 1 (a bucket per distance) and huge (one bucket: Bellman-Ford rounds); and a trace.
    for (double delta : {1.0, 1e12}) {
      gsssp_options o;
      gsssp_options_init(&o);
      o.delta_stepping.delta = delta;
      std::vector<gsssp_trace_sample> trace(16);
      o.trace = trace.data();
      o.trace_capacity = static_cast<int64_t>(trace.size());
      const Result r = run_partitioned(many, g, source, &o);
      check(r.status == GSSSP_SUCCESS && r.raw == single.raw && r.stats.trace_length >= 1 &&
                r.stats.trace_length <= 16 && trace[0].work >= 1,
            "%s, delta %g: status %d, same %d, trace %lld", layout.name().c_str(), delta, r.status,
            r.raw == single.raw ? 1 : 0, static_cast<long long>(r.stats.trace_length));
    }
    check_status(gsssp_partitioned_graph_destroy(many), GSSSP_SUCCESS, "destroy");
  }
  gsssp_partitioned_graph_destroy(one);
}

// The NCCL exchange over distinct GPUs, {0, 1} and, with more, the first up to four: the CPU's answers on the graph
// families above, and the peer copies' distances over the same devices. Skipped, with the reason, with fewer than
// two GPUs or without a loadable NCCL (gsssp.h's GSSSP_EXCHANGE_NCCL says where it is looked for).
TEST_F(Partitioned, NcclExchangeMatchesCpuAndPeerCopies) {
  if (device_count() < 2) GTEST_SKIP() << "the NCCL exchange needs two GPUs, " << device_count() << " present";
  {
    const Graph probe = build("probe", uniform_edges(100, 400, rng), ints(), rng);
    const gsssp_csr c = probe.csr();
    const int32_t pair[] = {0, 1};
    gsssp_partitioned_graph_t pg = nullptr;
    const int status = gsssp_partitioned_graph_create(&pg, pair, 2, &c, 0, kNccl);
    if (status == GSSSP_ERROR_UNSUPPORTED) GTEST_SKIP() << "NCCL cannot be used: " << gsssp_last_error();
    ASSERT_EQ(status, GSSSP_SUCCESS) << gsssp_last_error();
    const Info info = info_of(pg);
    std::printf("NCCL exchange: NCCL version code %d, peer access %d\n", info.info.nccl_version, info.info.peer_access);
    check_status(gsssp_partitioned_graph_destroy(pg), GSSSP_SUCCESS, "destroy the probe");
  }
  std::vector<Layout> nccl = {{{0, 1}, kNccl}};
  if (device_count() > 2) {
    Layout more{{}, kNccl};
    for (int32_t d = 0; d < std::min<int32_t>(device_count(), 4); ++d) more.devices.push_back(d);
    nccl.push_back(more);
  }
  verify(build("uniform", uniform_edges(3000, 12000, rng), ints(), rng), rng, 3, nccl);
  verify(build("rmat12", rmat_edges(12, 16 * 4096, rng), ints(), rng), rng, 3, nccl);
  verify(build("grid", grid_edges(60, 50), ints(), rng), rng, 3, nccl);
  verify(build("chain-shortcuts", chain_edges(3000, true, rng), ints(), rng), rng, 3, nccl);
  verify(build("uniform-zeros", uniform_edges(2000, 8000, rng), ints(0.3), rng), rng, 3, nccl);
  verify(build("sparse", uniform_edges(4000, 2000, rng), ints(), rng), rng, 3, nccl);
  verify(build("uniform-float", uniform_edges(3000, 12000, rng), floats(), rng), rng, 3, nccl);
  verify(build("rmat-float", rmat_edges(10, 16 * 1024, rng), floats(), rng), rng, 3, nccl);
  for (int64_t n : {1, 2, 3}) verify(build("tiny", uniform_edges(n, 2 * n, rng), ints(), rng), rng, 2, nccl);

  // The same distances as the peer copies over the same devices, with messages between the parts.
  const Graph g = build("uniform", uniform_edges(5000, 25000, rng), ints(0.1), rng);
  const int64_t source = largest_out_degree(g);
  for (const Layout& layout : nccl) {
    const Layout peer{layout.devices, kPeer};
    gsssp_partitioned_graph_t a = create_capped(g, peer, "peer " + peer.name());
    gsssp_partitioned_graph_t b = create_capped(g, layout, "nccl " + layout.name());
    if (a != nullptr && b != nullptr) {
      const Result copies = run_partitioned(a, g, source);
      const Result sent = run_partitioned(b, g, source);
      check(copies.status == GSSSP_SUCCESS && sent.status == GSSSP_SUCCESS && copies.raw == sent.raw,
            "%s: NCCL's answer differs from the peer copies' (status %d and %d)", layout.name().c_str(), sent.status,
            copies.status);
      const Info info = info_of(b);
      int64_t out = 0;
      for (const auto& p : info.parts) out += p.last_messages_out;
      check(info.info.last_messages > 0 && out == info.info.last_messages &&
                info.info.last_exchange_bytes == info.info.last_messages * 12,
            "%s: messages %lld (parts %lld), bytes %lld", layout.name().c_str(),
            static_cast<long long>(info.info.last_messages), static_cast<long long>(out),
            static_cast<long long>(info.info.last_exchange_bytes));
    }
    gsssp_partitioned_graph_destroy(a);
    gsssp_partitioned_graph_destroy(b);
  }
}

TEST_F(Partitioned, RefusesWhatItCannotDo) {
  const Graph g = build("uniform", uniform_edges(1000, 4000, rng), ints(), rng);
  const gsssp_csr c = g.csr();
  const int32_t devices[] = {0, 0};
  gsssp_partitioned_graph_t pg = nullptr;
  // A cap no part can meet.
  check_status(gsssp_partitioned_graph_create(&pg, devices, 2, &c, 1000, kPeer), GSSSP_ERROR_OUT_OF_DEVICE_MEMORY,
               "cap 1000");
  check(std::strstr(gsssp_last_error(), "max_bytes_per_device is 1000") != nullptr &&
            std::strstr(gsssp_last_error(), "needs") != nullptr,
        "the cap's text: '%s'", gsssp_last_error());
  check(pg == nullptr, "a refused create left *out set");
  // Negative weights.
  Graph negative = g;
  negative.int_weights[5] = -3;
  const gsssp_csr nc = negative.csr();
  check_status(gsssp_partitioned_graph_create(&pg, devices, 2, &nc, 0, kPeer), GSSSP_ERROR_UNSUPPORTED,
               "negative weight");
  check(std::strstr(gsssp_last_error(), "H-BF takes negative weights; the partitioned search does not") != nullptr,
        "negative weight text: '%s'", gsssp_last_error());
  // A device that does not exist.
  const int32_t missing[] = {0, device_count()};
  check_status(gsssp_partitioned_graph_create(&pg, missing, 2, &c, 0, kPeer), GSSSP_ERROR_INVALID_ARGUMENT,
               "missing device");
  // NCCL over a device listed twice; an exchange that does not exist.
  check_status(gsssp_partitioned_graph_create(&pg, devices, 2, &c, 0, kNccl), GSSSP_ERROR_UNSUPPORTED,
               "NCCL over {0,0}");
  check(std::strstr(gsssp_last_error(), "the NCCL exchange needs distinct devices") != nullptr,
        "repeated device text: '%s'", gsssp_last_error());
  check_status(gsssp_partitioned_graph_create(&pg, devices, 2, &c, 0, 2), GSSSP_ERROR_INVALID_ARGUMENT, "exchange 2");
  // Sources out of range, bad options, then cancel and destroy.
  ASSERT_EQ(gsssp_partitioned_graph_create(&pg, devices, 2, &c, 0, kPeer), GSSSP_SUCCESS) << gsssp_last_error();
  check_status(run_partitioned(pg, g, -1).status, GSSSP_ERROR_INVALID_ARGUMENT, "source -1");
  check_status(run_partitioned(pg, g, g.n).status, GSSSP_ERROR_INVALID_ARGUMENT, "source n");
  gsssp_options o;
  gsssp_options_init(&o);
  o.block_size = 33;
  check_status(run_partitioned(pg, g, 0, &o).status, GSSSP_ERROR_INVALID_ARGUMENT, "block size 33");
  check_status(gsssp_partitioned_graph_sssp(pg, 0, nullptr, nullptr, nullptr), GSSSP_ERROR_INVALID_ARGUMENT,
               "distances NULL");
  check_status(gsssp_partitioned_graph_cancel(pg), GSSSP_SUCCESS, "cancel");
  check_status(run_partitioned(pg, g, 0).status, GSSSP_ERROR_CLOSED, "query after cancel");
  check_status(gsssp_partitioned_graph_destroy(pg), GSSSP_SUCCESS, "destroy");
  check_status(gsssp_partitioned_graph_destroy(pg), GSSSP_ERROR_CLOSED, "destroy twice");
  check_status(gsssp_partitioned_graph_destroy(nullptr), GSSSP_SUCCESS, "destroy(NULL)");
}

TEST_F(Partitioned, RoundLimitGivesNotConverged) {
  const Graph g = build("chain", chain_edges(500, false, rng), ints(), rng);
  const gsssp_csr c = g.csr();
  const int32_t devices[] = {0, 0, 0};
  gsssp_partitioned_graph_t pg = nullptr;
  ASSERT_EQ(gsssp_partitioned_graph_create(&pg, devices, 3, &c, 0, kPeer), GSSSP_SUCCESS) << gsssp_last_error();
  gsssp_options o;
  gsssp_options_init(&o);
  o.max_iterations = 10;  // a 500-vertex chain needs 499 rounds
  check_status(run_partitioned(pg, g, 0, &o).status, GSSSP_ERROR_NOT_CONVERGED, "max_iterations 10 on a chain");
  // The handle still answers afterwards.
  same_answer(g, 0, run_cpu(g, 0), run_partitioned(pg, g, 0), "after a failed query");
  gsssp_partitioned_graph_destroy(pg);
}

TEST_F(Partitioned, ConcurrentQueriesAreSerialised) {
  const Graph g = build("grid", grid_edges(30, 30), ints(), rng);
  const gsssp_csr c = g.csr();
  const int32_t devices[] = {0, 0};
  gsssp_partitioned_graph_t pg = nullptr;
  ASSERT_EQ(gsssp_partitioned_graph_create(&pg, devices, 2, &c, 0, kPeer), GSSSP_SUCCESS) << gsssp_last_error();
  std::vector<Result> cpu;
  for (int64_t s = 0; s < 4; ++s) cpu.push_back(run_cpu(g, s * 100));
  std::vector<std::thread> threads;
  for (int64_t s = 0; s < 4; ++s) {
    threads.emplace_back([&, s] {
      for (int k = 0; k < 3; ++k) same_answer(g, s * 100, cpu[static_cast<size_t>(s)], run_partitioned(pg, g, s * 100), "threads");
    });
  }
  for (auto& t : threads) t.join();
  gsssp_partitioned_graph_destroy(pg);
}

}  // namespace
}  // namespace gsssp_test
