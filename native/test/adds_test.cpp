// ADDS (Wang, Fussell, Lin, PPoPP'21) paths that the generated families do not force: a pool too small (fixed: a
// clear error; growable: restarts and the right answer), one bucket overflowing many 64K-word blocks, weights so
// large that nearly every push clips into the tail, the §5 ablations (bucket count, static Delta, the paper's
// worker without local rounds), and repeated runs that must give the same distances every time.
#include "test_main.hpp"

extern "C" int64_t gsssp_debug_adds_block_runs(void);  // libgsssp, not in gsssp.h (algorithms/adds/adds_block.cu)
extern "C" int64_t gsssp_debug_adds_block_deliveries(void);  // the same file
extern "C" int64_t gsssp_debug_adds_compact_runs(void);      // algorithms/adds/adds.cu
extern "C" int64_t gsssp_debug_adds_carry_runs(void);        // the same file

namespace gsssp_test {
namespace {

// A star of 400k leaves: the hub's expansion pushes ~400k items, over 6 blocks, mostly into one bucket.
class AddsStar : public GpuTest {
 protected:
  void SetUp() override {
    GpuTest::SetUp();
    if (IsSkipped()) return;
    WeightRule rule;
    rule.max_int = 1000;
    star = build("adds-star", star_edges(400000), rule, rng);
    dg = upload(star);
    ASSERT_NE(dg, nullptr);
    cpu = run_cpu(star, 0);
    gsssp_options_init(&o);
  }
  void TearDown() override {
    if (dg != nullptr) gsssp_device_graph_destroy(dg);
  }
  Graph star;
  gsssp_device_graph_t dg = nullptr;
  Result cpu;
  gsssp_options o;
};

TEST_F(AddsStar, PoolTooSmallFixedIsAClearError) {
  o.adds.pool_words = 1;
  const Result fixed = run_gpu(dg, star, GSSSP_ALGORITHM_ADDS, 0, &o);
  check(fixed.status == GSSSP_ERROR_OUT_OF_DEVICE_MEMORY && std::strstr(gsssp_last_error(), "pool") != nullptr,
        "ADDS fixed tiny pool: status %d (%s)", fixed.status, gsssp_last_error());
}

TEST_F(AddsStar, PoolTooSmallGrowableRestarts) {
  o.adds.pool_words = -1;
  const Result grown = run_gpu(dg, star, GSSSP_ALGORITHM_ADDS, 0, &o);
  compare(star, 0, GSSSP_ALGORITHM_ADDS, cpu, grown);
  check(grown.stats.restarts > 0, "ADDS growable tiny pool: %lld restarts", static_cast<long long>(grown.stats.restarts));
}

TEST_F(AddsStar, PoolSizedFromTheGraphNeverRestarts) {
  o.adds.pool_words = 0;
  const Result sized = run_gpu(dg, star, GSSSP_ALGORITHM_ADDS, 0, &o);
  compare(star, 0, GSSSP_ALGORITHM_ADDS, cpu, sized);
  check(sized.stats.restarts == 0, "ADDS pool from the graph: %lld restarts", static_cast<long long>(sized.stats.restarts));
}

// Bucket counts 2, 3 and 32; dynamic and static Delta; Delta from the graph, 1 (with the paper's worker) and 1e9.
TEST_F(AddsStar, Ablations) {
  const Result cpu17 = run_cpu(star, 17);
  for (int buckets : {2, 3, 32}) {
    for (int static_delta : {0, 1}) {
      o.adds.bucket_count = buckets;
      o.adds.static_delta = static_delta;
      for (double delta : {0.0, 1.0, 1e9}) {
        o.delta_stepping.delta = delta;
        o.adds.local_rounds = delta == 1.0 ? 0 : 1;
        compare(star, 0, GSSSP_ALGORITHM_ADDS, cpu, run_gpu(dg, star, GSSSP_ALGORITHM_ADDS, 0, &o));
        compare(star, 17, GSSSP_ALGORITHM_ADDS, cpu17, run_gpu(dg, star, GSSSP_ALGORITHM_ADDS, 17, &o));
      }
    }
  }
}

TEST_F(AddsStar, RefusesLocalRoundsTwo) {
  o.adds.local_rounds = 2;
  const Result bad_local = run_gpu(dg, star, GSSSP_ALGORITHM_ADDS, 0, &o);
  check(bad_local.status == GSSSP_ERROR_INVALID_ARGUMENT && std::strstr(gsssp_last_error(), "adds.local_rounds") != nullptr,
        "ADDS adds.local_rounds 2: status %d (%s)", bad_local.status, gsssp_last_error());
}

using Adds = GpuTest;

// Huge weights and a tiny Delta: nearly every push clips into the tail.
TEST_F(Adds, HugeWeightsClipIntoTheTail) {
  WeightRule huge;
  huge.max_int = 2147483647;
  gsssp_options o;
  gsssp_options_init(&o);
  for (bool is_float : {false, true}) {
    huge.is_float = is_float;
    const Graph g = build("adds-huge-weights", uniform_edges(20000, 100000, rng), huge, rng);
    gsssp_device_graph_t h = upload(g);
    ASSERT_NE(h, nullptr);
    const Result cpu = run_cpu(g, 0);
    for (double delta : {0.0, 1.0}) {
      o.delta_stepping.delta = delta;
      for (int local : {0, 1}) {
        o.adds.local_rounds = local;
        compare(g, 0, GSSSP_ALGORITHM_ADDS, cpu, run_gpu(h, g, GSSSP_ALGORITHM_ADDS, 0, &o));
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
}

// The same distances 50 times in a row on R-MAT 16: no flaky races.
TEST_F(Adds, FiftyRepeatedRunsAgree) {
  WeightRule rule;
  rule.max_int = 1000;
  const Graph r = build("adds-rmat", rmat_edges(16, (int64_t{1} << 16) * 16, rng), rule, rng);
  gsssp_device_graph_t rd = upload(r);
  ASSERT_NE(rd, nullptr);
  const Result ref = run_cpu(r, 0);
  int wrong = 0;
  for (int i = 0; i < 50; ++i) {
    const Result got = run_gpu(rd, r, GSSSP_ALGORITHM_ADDS, 0);
    if (got.status != GSSSP_SUCCESS || got.raw != ref.raw) ++wrong;
  }
  check(wrong == 0, "ADDS 50 repeated runs on R-MAT 16: %d wrong", wrong);
  gsssp_device_graph_destroy(rd);
}

// One target, int weights, no predecessors, a large sparse graph: ADDS searches from both ends at once and proves the
// meeting on the GPU (adds.cu, run_pair). 25 random pairs on each of several shapes, directed ones among them (the reverse search
// runs on the reverse graph), with zero weights and unreachable targets; every distance equal to CPU Dijkstra's.
TEST_F(Adds, PairQueriesMatchDijkstra) {
  WeightRule rule;
  rule.max_int = 1000;
  WeightRule zeros = rule;
  zeros.zero_fraction = 0.3;
  WeightRule ties = rule;
  ties.max_int = 2;
  // At least kPairMinVertices (65,536) vertices and at most 4.5 edges each, where the pair query runs
  // (adds_policy.hpp); R-MAT (8 edges each) takes the one-sided path, for comparison.
  const std::vector<Graph> graphs = {
      build("pair-grid", grid_edges(300, 300), rule, rng),
      build("pair-uniform-zeros", uniform_edges(70000, 280000, rng), zeros, rng),
      build("pair-sparse", uniform_edges(70000, 84000, rng), rule, rng),
      build("pair-chain+shortcuts", chain_edges(70000, true, rng), rule, rng),
      build("pair-rmat", rmat_edges(14, (int64_t{1} << 14) * 8, rng), rule, rng),
      build("pair-ties", uniform_edges(70000, 280000, rng), ties, rng),
  };
  int64_t pairs = 0, restarts = 0;
  for (const Graph& g : graphs) {
    gsssp_device_graph_t dg = upload(g);
    ASSERT_NE(dg, nullptr);
    std::uniform_int_distribution<int64_t> pick(0, g.n - 1);
    std::vector<int64_t> d(static_cast<size_t>(g.n));
    for (int q = 0; q < 25; ++q) {
      const int64_t source = pick(rng);
      const int32_t target = static_cast<int32_t>(pick(rng));
      const std::vector<int32_t> targets{target};
      const gsssp_options o = target_options(targets);
      gsssp_stats stats{};
      const std::string what = g.name + " " + std::to_string(source) + " -> " + std::to_string(target);
      if (!check_status(gsssp_device_graph_sssp(dg, GSSSP_ALGORITHM_ADDS, source, &o, d.data(), nullptr, &stats),
                        GSSSP_SUCCESS, what.c_str())) {
        continue;
      }
      const Result cpu = run_cpu(g, source);
      check(d[static_cast<size_t>(target)] == cpu.raw[static_cast<size_t>(target)], "%s: raw %llx, CPU %llx",
            what.c_str(), static_cast<unsigned long long>(d[static_cast<size_t>(target)]),
            static_cast<unsigned long long>(cpu.raw[static_cast<size_t>(target)]));
      ++pairs;
      restarts += stats.restarts;
    }
    gsssp_device_graph_destroy(dg);
  }
  std::printf("pair queries: %lld, one-sided search after a refused meeting %lld\n", static_cast<long long>(pairs),
              static_cast<long long>(restarts));
}


// A source without out-edges reaches only itself: ADDS answers it without launching its search
// (common/sink_source.hpp). On R-MAT 14, int and float weights, from up to 8 sinks: distances, tree and stats as CPU
// Dijkstra's, a certificate, targets, a resident result; a bad ADDS option still refused; and a vertex with out-edges
// still searched.
TEST_F(Adds, SinkSourcesAreAnsweredWithoutASearch) {
  for (bool is_float : {false, true}) {
    WeightRule rule;
    rule.max_int = 1000;
    rule.is_float = is_float;
    const Graph g = build("adds-sinks", rmat_edges(14, (int64_t{1} << 14) * 8, rng), rule, rng);
    gsssp_device_graph_t dg = upload(g);
    ASSERT_NE(dg, nullptr);
    std::vector<int64_t> sinks;
    for (int64_t v = 0; v < g.n && sinks.size() < 8; ++v) {
      if (g.offsets[v + 1] == g.offsets[v]) sinks.push_back(v);
    }
    check(sinks.size() == 8, "R-MAT 14 has %zu sinks among its first vertices, expected 8", sinks.size());
    for (const int64_t s : sinks) {
      const Result cpu = run_cpu(g, s);
      gsssp_options o;
      gsssp_options_init(&o);
      o.compute_predecessors = 1;
      const Result got = run_gpu(dg, g, GSSSP_ALGORITHM_ADDS, s, &o);
      compare(g, s, GSSSP_ALGORITHM_ADDS, cpu, got);
      check(got.stats.vertices_reached == 1 && got.stats.iterations == 1 && got.stats.time_ms == 0.0 &&
                got.pred[static_cast<size_t>(s)] == -1,
            "sink %lld: reached %lld, iterations %lld, time %g ms, predecessor %d (expected 1, 1, 0, -1)",
            static_cast<long long>(s), static_cast<long long>(got.stats.vertices_reached),
            static_cast<long long>(got.stats.iterations), got.stats.time_ms, got.pred[static_cast<size_t>(s)]);
      o.certify = 1;
      compare(g, s, GSSSP_ALGORITHM_ADDS, cpu, run_gpu(dg, g, GSSSP_ALGORITHM_ADDS, s, &o));
      const std::vector<int32_t> targets{static_cast<int32_t>(s), static_cast<int32_t>((s + 1) % g.n)};
      const gsssp_options to = target_options(targets);
      compare(g, s, GSSSP_ALGORITHM_ADDS, cpu, run_gpu(dg, g, GSSSP_ALGORITHM_ADDS, s, &to), /*with_tree=*/false);
      verify_resident_at(dg, g, s);
      gsssp_options bad;
      gsssp_options_init(&bad);
      bad.adds.local_rounds = 2;
      const Result refused = run_gpu(dg, g, GSSSP_ALGORITHM_ADDS, s, &bad);
      check(refused.status == GSSSP_ERROR_INVALID_ARGUMENT && std::strstr(gsssp_last_error(), "adds.local_rounds") != nullptr,
            "sink %lld with adds.local_rounds 2: status %d (%s)", static_cast<long long>(s), refused.status,
            gsssp_last_error());
    }
    const int64_t hub = largest_out_degree(g);
    const Result searched = run_gpu(dg, g, GSSSP_ALGORITHM_ADDS, hub);
    compare(g, hub, GSSSP_ALGORITHM_ADDS, run_cpu(g, hub), searched);
    check(searched.stats.vertices_reached > 1 && searched.stats.time_ms > 0.0,
          "hub %lld: reached %lld, time %g ms (a search expected)", static_cast<long long>(hub),
          static_cast<long long>(searched.stats.vertices_reached), searched.stats.time_ms);
    gsssp_device_graph_destroy(dg);
  }
}

// Stars around `hubs` centres of `degree` leaves each, the centres in a ring: every centre is a hub for the one-block
// schedule (kBlockHubDegree edges or more), and more of them than a round's hub list holds when hubs > 256.
EdgeList hub_ring_edges(int64_t hubs, int64_t degree) {
  EdgeList list;
  list.n = hubs * (degree + 1);
  for (int64_t h = 0; h < hubs; ++h) {
    const int64_t centre = h * (degree + 1);
    list.add(centre, ((h + 1) % hubs) * (degree + 1));
    for (int64_t k = 1; k <= degree; ++k) list.add(centre, centre + k), list.add(centre + k, centre);
  }
  return list;
}

// `hubs` vertices of `degree` random out-edges each, then every other vertex with an edge to a random hub and one to a
// random vertex: hundreds of hubs pending at once, more than a round's hub list (256) holds.
EdgeList dense_hub_edges(int64_t n, int64_t hubs, int64_t degree, std::mt19937_64& rng) {
  EdgeList list;
  list.n = n;
  std::uniform_int_distribution<int64_t> any(0, n - 1), hub(0, hubs - 1);
  for (int64_t h = 0; h < hubs; ++h) {
    for (int64_t k = 0; k < degree; ++k) list.add(h, any(rng));
  }
  for (int64_t v = hubs; v < n; ++v) list.add(v, hub(rng)), list.add(v, any(rng));
  return list;
}

// ADDS's one-block schedule for small graphs (adds_block.hpp) on many shapes, int and float weights, zero and huge
// weights, from several sources: CPU Dijkstra's distances and a valid tree, the schedule taken (its run count rises)
// on the small graphs only, and the device-wide kernel (forced by options.block_size) giving the same distances.
TEST_F(Adds, OneBlockScheduleMatchesDijkstra) {
  struct Shape {
    const char* name;
    EdgeList edges;
  };
  std::vector<Shape> shapes;
  // Within the default sizes (2,048 vertices, 16,384 edges):
  shapes.push_back({"one-block-pair", uniform_edges(2, 2, rng)});
  shapes.push_back({"one-block-uniform-1k", uniform_edges(1000, 7000, rng)});
  shapes.push_back({"one-block-small-sparse", uniform_edges(2000, 2400, rng)});
  shapes.push_back({"one-block-small-grid", grid_edges(40, 40)});
  shapes.push_back({"one-block-small-chain", chain_edges(1500, true, rng)});
  shapes.push_back({"one-block-small-star", star_edges(2000)});
  shapes.push_back({"one-block-small-rmat", rmat_edges(10, 12000, rng)});
  shapes.push_back({"one-block-small-hubs", dense_hub_edges(2000, 40, 300, rng)});
  // Larger (the device-wide kernel):
  shapes.push_back({"one-block-uniform-16k", uniform_edges(16000, 64000, rng)});
  shapes.push_back({"one-block-sparse", uniform_edges(5000, 6000, rng)});  // many unreachable vertices
  shapes.push_back({"one-block-grid", grid_edges(100, 100)});              // 198 hops corner to corner
  shapes.push_back({"one-block-chain", chain_edges(3000, true, rng)});
  shapes.push_back({"one-block-star", star_edges(4000)});
  shapes.push_back({"one-block-rmat", rmat_edges(12, (int64_t{1} << 12) * 16, rng)});
  shapes.push_back({"one-block-hubs", hub_ring_edges(40, 300)});
  shapes.push_back({"one-block-many-hubs", dense_hub_edges(3000, 400, 300, rng)});  // more hubs than a round's list
  std::vector<WeightRule> rules(5);
  rules[0].max_int = 1000;
  rules[1].max_int = 10;
  rules[1].zero_fraction = 0.3;
  rules[2].max_int = 2147483647;  // Delta doubles towards its cap; windows of huge widths
  rules[3].is_float = true;
  rules[4].is_float = true;
  rules[4].tiny_fraction = 0.2;
  gsssp_options device_wide;
  gsssp_options_init(&device_wide);
  device_wide.block_size = 512;  // any block size routes the query to the persistent kernel
  int checked = 0;
  for (const Shape& shape : shapes) {
    for (size_t r = 0; r < rules.size(); ++r) {
      // Within an H100's shared memory for one block (8 or 12 bytes a vertex).
      if (shape.edges.n * (rules[r].is_float ? 8 : 12) > 210 * 1024) continue;
      const Graph g = build(shape.name, shape.edges, rules[r], rng);
      gsssp_device_graph_t dg = upload(g);
      ASSERT_NE(dg, nullptr) << gsssp_last_error();
      for (const int64_t source : {int64_t{0}, largest_out_degree(g), g.n - 1}) {
        const Result cpu = run_cpu(g, source);
        const int64_t before = gsssp_debug_adds_block_runs();
        const Result got = run_gpu(dg, g, GSSSP_ALGORITHM_ADDS, source);
        compare(g, source, GSSSP_ALGORITHM_ADDS, cpu, got);
        const bool searched = g.offsets[source + 1] > g.offsets[source];  // a sink source is answered without one
        // The default sizes: adds_policy.hpp, kBlockScheduleMaxVertices and kBlockScheduleMaxEdges.
        const bool small = g.n <= 2048 && static_cast<int64_t>(g.targets.size()) <= 16384;
        const bool expected = searched && small;
        const int64_t runs = gsssp_debug_adds_block_runs() - before;
        check(runs == (expected ? 1 : 0), "%s rule %zu source %lld: %lld one-block runs, expected %d", shape.name, r,
              static_cast<long long>(source), static_cast<long long>(runs), expected ? 1 : 0);
        const Result wide = run_gpu(dg, g, GSSSP_ALGORITHM_ADDS, source, &device_wide);
        compare(g, source, GSSSP_ALGORITHM_ADDS, cpu, wide);
        check(gsssp_debug_adds_block_runs() - before == runs, "%s: a query with block_size set ran the one-block schedule",
              shape.name);
        ++checked;
      }
      gsssp_device_graph_destroy(dg);
    }
  }
  std::printf("one-block schedule: %d graph/source pairs checked\n", checked);
}

// Above kBlockScheduleMaxVertices the device-wide kernel runs.
TEST_F(Adds, LargeGraphsKeepTheDeviceWideKernel) {
  WeightRule rule;
  const Graph g = build("one-block-too-large", uniform_edges(40000, 160000, rng), rule, rng);
  gsssp_device_graph_t dg = upload(g);
  ASSERT_NE(dg, nullptr);
  const int64_t before = gsssp_debug_adds_block_runs();
  compare(g, 0, GSSSP_ALGORITHM_ADDS, run_cpu(g, 0), run_gpu(dg, g, GSSSP_ALGORITHM_ADDS, 0));
  check(gsssp_debug_adds_block_runs() == before, "a 40,000-vertex graph ran the one-block schedule");
  gsssp_device_graph_destroy(dg);
}

// 4-byte distances (adds.cu, compact_distances; common/distance.cuh, Int32CompactDistance) on the device-wide kernel:
// kept while the graph's simple-path bound plus its largest weight is at most 2^32 - 2, 8-byte ones above. The bound is
// computed here too, so that each case is known to lie on its side of it. On the two chains the farthest distance is
// above 2^32 - 2^22: a wrap, or a distance read as signed 32 bits, shows. Every answer against CPU Dijkstra; the compact
// searches counted through gsssp_debug_adds_compact_runs. Near-Far on the same graphs.
TEST_F(Adds, CompactDistancesUpToTheirBound) {
  constexpr uint64_t kMaxBound = 0xfffffffeull;
  gsssp_options o;
  gsssp_options_init(&o);
  o.block_size = 512;  // the device-wide kernel, whatever the graph's size
  auto bound_of = [](const Graph& g) {
    uint64_t sum = 0, largest = 0;
    for (int64_t u = 0; u < g.n; ++u) {
      uint64_t high = 0;
      for (int64_t e = g.offsets[u]; e < g.offsets[u + 1]; ++e) high = std::max<uint64_t>(high, g.int_weights[e]);
      sum += high;
      largest = std::max(largest, high);
    }
    return sum + largest;
  };
  auto chain = [](const char* name, int64_t n, int32_t w) {
    Graph g;
    g.name = name;
    g.n = n;
    for (int64_t u = 0; u < n; ++u) {
      if (u + 1 < n) {
        g.targets.push_back(static_cast<int32_t>(u + 1));
        g.int_weights.push_back(w);
      }
      g.offsets.push_back(static_cast<int64_t>(g.targets.size()));
    }
    return g;
  };
  WeightRule rule;
  rule.max_int = 1000;
  rule.zero_fraction = 0.1;
  Graph random = build("compact-random", uniform_edges(30000, 150000, rng), rule, rng);
  Graph heavy = random;
  heavy.name = "compact-random-one-huge-weight";
  heavy.int_weights[0] = 2147483647;
  struct Case {
    Graph g;
    bool compact;
  };
  // 2000 x 2147483 = 4,294,966,000 <= 2^32 - 2 < 2000 x 2147484.
  const Case cases[] = {{chain("compact-chain-at-bound", 2000, 2147483), true},
                        {chain("compact-chain-past-bound", 2000, 2147484), false},
                        {random, true},
                        {heavy, false}};
  for (const Case& c : cases) {
    const uint64_t bound = bound_of(c.g);
    check((bound <= kMaxBound) == c.compact, "%s: bound %llu is on the wrong side of %llu", c.g.name.c_str(),
          static_cast<unsigned long long>(bound), static_cast<unsigned long long>(kMaxBound));
    gsssp_device_graph_t dg = upload(c.g);
    ASSERT_NE(dg, nullptr) << gsssp_last_error();
    for (const int64_t source : {int64_t{0}, largest_out_degree(c.g)}) {
      const int64_t before = gsssp_debug_adds_compact_runs();
      const Result got = run_gpu(dg, c.g, GSSSP_ALGORITHM_ADDS, source, &o);
      compare(c.g, source, GSSSP_ALGORITHM_ADDS, run_cpu(c.g, source), got);
      const int64_t runs = gsssp_debug_adds_compact_runs() - before;
      check(runs == (c.compact ? 1 : 0), "%s source %lld: %lld compact searches, expected %d", c.g.name.c_str(),
            static_cast<long long>(source), static_cast<long long>(runs), c.compact ? 1 : 0);
      // Near-Far takes the same rule (near_far.cu).
      compare(c.g, source, GSSSP_ALGORITHM_NEAR_FAR, run_cpu(c.g, source), run_gpu(dg, c.g, GSSSP_ALGORITHM_NEAR_FAR, source));
    }
    if (c.g.name == "compact-chain-at-bound") {
      const Result far = run_gpu(dg, c.g, GSSSP_ALGORITHM_ADDS, 0, &o);
      check(far.status == GSSSP_SUCCESS && far.raw.back() == int64_t{1999} * 2147483,
            "%s: distance of the chain's end %lld, expected %lld", c.g.name.c_str(),
            static_cast<long long>(far.raw.empty() ? -1 : far.raw.back()), static_cast<long long>(int64_t{1999} * 2147483));
    }
    gsssp_device_graph_destroy(dg);
  }
}

// Carry mode (adds_worker.cuh, expand_items; adds.cu says when): items carry the distance they were pushed with and
// no expansion filter is kept, on graphs whose search data exceed L2 where the raise rule is off (narrow int weights,
// static Delta, float weights) or the degrees are skewed (R-MAT). Other wide int weights with dynamic Delta keep the
// filter (the raise rule counts first expansions by it), and so does every graph that fits L2. The large cases (2M
// vertices, 16M edges: 168 MB, beyond any GPU's L2) take the rule; the small ones (under 2 MB) never carry. Each case
// with and without local rounds (whose kept vertices carry their distance in shared memory), against CPU Dijkstra, the
// carry runs counted through gsssp_debug_adds_carry_runs. Zero weights (equal distances along an edge) and 8-byte
// distances (one weight of 2^31 - 1 puts the graph past compact_distances' bound) are among them.
TEST_F(Adds, CarryModeWhereTheRaiseRuleIsOff) {
  gsssp_options base;
  gsssp_options_init(&base);
  base.block_size = 512;  // the device-wide kernel, whatever the graph's size
  WeightRule narrow;
  narrow.max_int = 10;
  narrow.zero_fraction = 0.1;
  WeightRule wide;
  wide.max_int = 1000;
  WeightRule floats;
  floats.is_float = true;
  Graph heavy = build("carry-wide-8-byte", uniform_edges(30000, 150000, rng), wide, rng);
  heavy.int_weights[0] = 2147483647;
  struct Case {
    Graph g;
    bool static_delta;
    bool large;  // beyond L2
    bool carry;  // by the rule
  };
  constexpr int64_t kLargeN = int64_t{1} << 21, kLargeM = int64_t{1} << 24;
  const Case cases[] = {
      {build("carry-narrow-random", uniform_edges(30000, 150000, rng), narrow, rng), false, false, false},
      {build("carry-narrow-grid", grid_edges(200, 200), narrow, rng), false, false, false},
      {build("carry-wide-random-static", uniform_edges(30000, 150000, rng), wide, rng), true, false, false},
      {build("carry-wide-grid-static", grid_edges(200, 200), wide, rng), true, false, false},
      {build("carry-float-random", uniform_edges(30000, 150000, rng), floats, rng), false, false, false},
      {heavy, true, false, false},
      {build("carry-large-narrow-random", uniform_edges(kLargeN, kLargeM, rng), narrow, rng), false, true, true},
      {build("carry-large-wide-rmat", rmat_edges(21, kLargeM, rng), wide, rng), false, true, true},
      {build("carry-large-wide-random", uniform_edges(kLargeN, kLargeM, rng), wide, rng), false, true, false},
  };
  for (const Case& c : cases) {
    // Skewed degrees (largest out-degree >= 32 x the average, adds_policy.hpp kCarrySkew) only where the case says so.
    int64_t largest = 0;
    for (int64_t u = 0; u < c.g.n; ++u) largest = std::max(largest, c.g.offsets[u + 1] - c.g.offsets[u]);
    const bool skewed = static_cast<double>(largest) * static_cast<double>(c.g.n) >=
                        32.0 * static_cast<double>(c.g.offsets[c.g.n]);
    check(skewed == (c.g.name == "carry-large-wide-rmat"), "%s: largest out-degree %lld of %lld edges on %lld vertices",
          c.g.name.c_str(), static_cast<long long>(largest), static_cast<long long>(c.g.offsets[c.g.n]),
          static_cast<long long>(c.g.n));
    gsssp_device_graph_t dg = upload(c.g);
    ASSERT_NE(dg, nullptr) << gsssp_last_error();
    const bool expected = c.carry;
    std::vector<int64_t> sources{largest_out_degree(c.g)};
    if (!c.large) sources.push_back(0);
    for (const int64_t source : sources) {
      const Result cpu = run_cpu(c.g, source);
      for (int local : {0, 1}) {
        gsssp_options o = base;
        o.adds.static_delta = c.static_delta ? 1 : 0;
        o.adds.local_rounds = local;
        const int64_t before = gsssp_debug_adds_carry_runs();
        const Result got = run_gpu(dg, c.g, GSSSP_ALGORITHM_ADDS, source, &o);
        compare(c.g, source, GSSSP_ALGORITHM_ADDS, cpu, got);
        const int64_t runs = gsssp_debug_adds_carry_runs() - before;
        check(runs == (expected ? 1 : 0), "%s source %lld local rounds %d: %lld carry runs, expected %d",
              c.g.name.c_str(), static_cast<long long>(source), local, static_cast<long long>(runs), expected ? 1 : 0);
      }
    }
    gsssp_device_graph_destroy(dg);
  }
}

// A random geometric graph: n points uniform in the unit square (dims 2) or cube (3), each joined both ways to every point
// within the radius that gives `degree` neighbours away from the border; ids follow the points' grid cells, as the Java
// generator's (org.gsssp.generate.RggSpec) do.
EdgeList rgg_edges(int64_t n, double degree, int dims, std::mt19937_64& rng) {
  const double pi = 3.14159265358979323846;
  const double r = dims == 2 ? std::sqrt(degree / (pi * static_cast<double>(n)))
                             : std::cbrt(3.0 * degree / (4.0 * pi * static_cast<double>(n)));
  const int side = std::max(1, static_cast<int>(1.0 / r));
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  struct Point {
    double x[3];
    int64_t cell;
  };
  std::vector<Point> points(static_cast<size_t>(n));
  auto cell_of = [&](double c) { return std::min(side - 1, static_cast<int>(c * side)); };
  for (Point& p : points) {
    p.x[2] = 0.0;
    for (int d = 0; d < dims; ++d) p.x[d] = unit(rng);
    p.cell = 0;
    for (int d = dims - 1; d >= 0; --d) p.cell = p.cell * side + cell_of(p.x[d]);
  }
  std::sort(points.begin(), points.end(), [](const Point& a, const Point& b) { return a.cell < b.cell; });
  const int64_t cells = dims == 2 ? int64_t{side} * side : int64_t{side} * side * side;
  std::vector<int64_t> start(static_cast<size_t>(cells) + 1, 0);
  for (const Point& p : points) ++start[static_cast<size_t>(p.cell) + 1];
  for (int64_t c = 0; c < cells; ++c) start[c + 1] += start[c];
  EdgeList list;
  list.n = n;
  for (int64_t v = 0; v < n; ++v) {
    const Point& p = points[static_cast<size_t>(v)];
    int at[3] = {cell_of(p.x[0]), cell_of(p.x[1]), dims == 3 ? cell_of(p.x[2]) : 0};
    for (int dz = dims == 3 ? -1 : 0; dz <= (dims == 3 ? 1 : 0); ++dz) {
      for (int dy = -1; dy <= 1; ++dy) {
        for (int dx = -1; dx <= 1; ++dx) {
          const int cx = at[0] + dx, cy = at[1] + dy, cz = at[2] + dz;
          if (cx < 0 || cy < 0 || cz < 0 || cx >= side || cy >= side || cz >= side) continue;
          const int64_t c = (static_cast<int64_t>(cz) * side + cy) * side + cx;
          for (int64_t u = start[c]; u < start[c + 1]; ++u) {
            if (u == v) continue;
            double d2 = 0.0;
            for (int d = 0; d < dims; ++d) {
              const double diff = points[static_cast<size_t>(u)].x[d] - p.x[d];
              d2 += diff * diff;
            }
            if (d2 <= r * r) list.add(v, u);
          }
        }
      }
    }
  }
  return list;
}

// The raise rule's starvation test (adds_policy.hpp, kStarve*; adds_manager.cuh, raise_delta): once 1/32 of the vertices
// are found, Delta doubles, to twice its start at most, where two looks in a row find the window starving (fewer readable
// items than 8 per worker at the sweeps with idle workers). A 2-D random geometric graph (2^20 points, degree 10, w
// 1..1000), whose front is a thin ring, starves: its Delta ends at twice the start. A 3-D one (degree 12), whose front
// is a thick shell, does not: its Delta stays. The start is a static-Delta run's with the same C. Every answer against
// CPU Dijkstra.
TEST_F(Adds, StarvingWindowRaisesDeltaOnce) {
  WeightRule wide;
  wide.max_int = 1000;
  struct Case {
    Graph g;
    double factor;  // final Delta over the start
  };
  constexpr int64_t kN = int64_t{1} << 20;
  const Case cases[] = {
      {build("starve-rgg-2d", rgg_edges(kN, 10.0, 2, rng), wide, rng), 2.0},
      {build("starve-rgg-3d", rgg_edges(kN, 12.0, 3, rng), wide, rng), 1.0},
  };
  for (const Case& c : cases) {
    gsssp_device_graph_t dg = upload(c.g);
    ASSERT_NE(dg, nullptr) << gsssp_last_error();
    const int64_t source = largest_out_degree(c.g);
    const Result cpu = run_cpu(c.g, source);
    gsssp_options o;
    gsssp_options_init(&o);
    o.delta_stepping.delta_constant = 64.0;  // the dynamic default for wide weights (kStartDeltaConstantWide)
    o.adds.static_delta = 1;
    const Result fixed = run_gpu(dg, c.g, GSSSP_ALGORITHM_ADDS, source, &o);
    compare(c.g, source, GSSSP_ALGORITHM_ADDS, cpu, fixed);
    o.adds.static_delta = 0;
    const Result got = run_gpu(dg, c.g, GSSSP_ALGORITHM_ADDS, source, &o);
    compare(c.g, source, GSSSP_ALGORITHM_ADDS, cpu, got);
    check(got.stats.delta == c.factor * fixed.stats.delta, "%s (%lld edges): Delta %.17g at the end, start %.17g, expected %gx",
          c.g.name.c_str(), static_cast<long long>(c.g.targets.size()), got.stats.delta, fixed.stats.delta, c.factor);
    gsssp_device_graph_destroy(dg);
  }
}

// The one-block kernels' own delivery of the outputs (common/block_delivery.cuh), ADDS's one-block schedule and
// BLOCK_BELLMAN_FORD: page-locked host distances (gsssp_host_alloc), no predecessors, in 8, 4 and 2 bytes, with the
// fallbacks to wider output when distances do not fit (huge weights) and unreachable vertices (a sparse graph). Each
// query runs twice into the same buffer, poisoned before each, against CPU Dijkstra: every distance, the reached count,
// the stats. Pageable output or predecessors keep the query's tail (no ADDS delivery counted); a float sum that
// overflows fails the query either way.
TEST_F(Adds, OneBlockDeliveryIntoPinnedMemory) {
  struct Case {
    const char* name;
    EdgeList edges;
    WeightRule rule;
  };
  std::vector<Case> cases;
  WeightRule narrow_rule;
  narrow_rule.max_int = 10;
  WeightRule wide_rule;
  wide_rule.max_int = 1000;
  WeightRule huge_rule;
  huge_rule.max_int = 2147483647;  // past 2^32 within a few hops: the 8-byte fallback
  WeightRule float_rule;
  float_rule.is_float = true;
  cases.push_back({"delivery-uniform-1k-w10", uniform_edges(1000, 7000, rng), narrow_rule});
  cases.push_back({"delivery-sparse-2k", uniform_edges(2000, 2400, rng), wide_rule});
  cases.push_back({"delivery-chain", chain_edges(1500, true, rng), wide_rule});
  cases.push_back({"delivery-huge", uniform_edges(1000, 5000, rng), huge_rule});
  cases.push_back({"delivery-float", uniform_edges(1500, 9000, rng), float_rule});
  int checked = 0;
  for (const Case& c : cases) {
    const Graph g = build(c.name, c.edges, c.rule, rng);
    gsssp_device_graph_t dg = upload(g);
    ASSERT_NE(dg, nullptr) << gsssp_last_error();
    void* pinned = nullptr;
    ASSERT_EQ(gsssp_host_alloc(&pinned, g.n * 8), GSSSP_SUCCESS) << gsssp_last_error();
    for (const int32_t algorithm : {GSSSP_ALGORITHM_ADDS, GSSSP_ALGORITHM_BLOCK_BELLMAN_FORD})
    for (const int level : {0, 1, 2}) {
      const bool adds = algorithm == GSSSP_ALGORITHM_ADDS;
      gsssp_options o;
      gsssp_options_init(&o);
      o.compute_predecessors = 0;
      o.compact_distances = level;
      for (const int64_t source : {int64_t{0}, largest_out_degree(g)}) {
        if (g.offsets[source + 1] == g.offsets[source]) continue;  // a sink source is answered without a search
        const Result cpu = run_cpu(g, source);
        const int64_t reached_cpu = count_reached(g, cpu);
        for (int repeat = 0; repeat < 2; ++repeat) {
          std::memset(pinned, repeat == 0 ? 0x5a : 0xa5, static_cast<size_t>(g.n) * 8);
          const int64_t runs = gsssp_debug_adds_block_runs();
          const int64_t deliveries = gsssp_debug_adds_block_deliveries();
          gsssp_stats st{};
          const int status = gsssp_device_graph_sssp(dg, algorithm, source, &o, pinned, nullptr, &st);
          const std::string what = std::string(c.name) + " " + algorithm_name(algorithm) + " level " +
                                   std::to_string(level) + " source " + std::to_string(source) + " run " +
                                   std::to_string(repeat);
          if (!check(status == GSSSP_SUCCESS, "%s: status %d (%s)", what.c_str(), status, gsssp_last_error())) continue;
          const int64_t ran = gsssp_debug_adds_block_runs() - runs;
          const int64_t delivered = gsssp_debug_adds_block_deliveries() - deliveries;
          check(ran == (adds ? 1 : 0), "%s: one-block runs %lld", what.c_str(), static_cast<long long>(ran));
          check(delivered == (adds ? 1 : 0), "%s: deliveries %lld", what.c_str(),
                static_cast<long long>(delivered));
          const int bytes = st.distance_bytes;
          check(bytes == (level == 0 ? 8 : bytes) && (bytes == 8 || bytes == 4 || (bytes == 2 && !g.is_float)) &&
                    (level != 1 || bytes != 2),
                "%s: %d-byte output at compact level %d", what.c_str(), bytes, level);
          int64_t wrong = 0, first_wrong = -1;
          for (int64_t v = 0; v < g.n; ++v) {
            const bool is_reached = reached(g, cpu, v);
            bool ok;
            if (g.is_float) {
              double d;
              if (bytes == 4) {
                d = static_cast<const float*>(pinned)[v];
              } else {
                std::memcpy(&d, static_cast<const int64_t*>(pinned) + v, sizeof(d));
              }
              double want;
              std::memcpy(&want, &cpu.raw[v], sizeof(want));
              ok = is_reached ? d == want : std::isinf(d) && d > 0;
            } else {
              int64_t got;
              if (bytes == 2) {
                const uint16_t x = static_cast<const uint16_t*>(pinned)[v];
                got = x == 0xffffu ? GSSSP_INT_INFINITY : static_cast<int64_t>(x);
              } else if (bytes == 4) {
                const uint32_t x = static_cast<const uint32_t*>(pinned)[v];
                got = x == 0xffffffffu ? GSSSP_INT_INFINITY : static_cast<int64_t>(x);
              } else {
                got = static_cast<const int64_t*>(pinned)[v];
              }
              ok = got == cpu.raw[v];
            }
            if (!ok && first_wrong < 0) first_wrong = v;
            wrong += ok ? 0 : 1;
          }
          check(wrong == 0, "%s: %lld of %lld distances differ from CPU Dijkstra (%d bytes), first at vertex %lld",
                what.c_str(), static_cast<long long>(wrong), static_cast<long long>(g.n), bytes,
                static_cast<long long>(first_wrong));
          check(st.vertices_reached == reached_cpu, "%s: vertices_reached %lld, CPU %lld", what.c_str(),
                static_cast<long long>(st.vertices_reached), static_cast<long long>(reached_cpu));
          check(st.iterations >= 1 && st.vertex_visits >= 1 && st.edges_relaxed >= 1 && st.time_ms > 0.0 &&
                    st.total_ms >= st.time_ms,
                "%s: stats iterations %lld visits %lld edges %lld time %.4f total %.4f ms", what.c_str(),
                static_cast<long long>(st.iterations), static_cast<long long>(st.vertex_visits),
                static_cast<long long>(st.edges_relaxed), st.time_ms, st.total_ms);
          ++checked;
        }
      }
    }
    // The huge weights need 8 bytes, the narrow ones fit 2.
    if (std::string(c.name) == "delivery-huge" || std::string(c.name) == "delivery-uniform-1k-w10") {
      gsssp_options o;
      gsssp_options_init(&o);
      o.compute_predecessors = 0;
      o.compact_distances = 1;
      gsssp_stats st{};
      ASSERT_EQ(gsssp_device_graph_sssp(dg, GSSSP_ALGORITHM_ADDS, largest_out_degree(g), &o, pinned, nullptr, &st),
                GSSSP_SUCCESS);
      check(st.distance_bytes == (std::string(c.name) == "delivery-huge" ? 8 : 4), "%s: %d-byte output at level 1",
            c.name, st.distance_bytes);
    }
    // Pageable output and predecessors keep the tail.
    {
      const int64_t deliveries = gsssp_debug_adds_block_deliveries();
      compare(g, 0, GSSSP_ALGORITHM_ADDS, run_cpu(g, 0), run_gpu(dg, g, GSSSP_ALGORITHM_ADDS, 0));
      check(gsssp_debug_adds_block_deliveries() == deliveries, "%s: a query with predecessors was delivered", c.name);
    }
    gsssp_host_free(pinned);
    gsssp_device_graph_destroy(dg);
  }
  // A float sum past FLT_MAX: a clear error, delivered or not.
  {
    const Graph g = overflow_graph();
    gsssp_device_graph_t dg = upload(g);
    ASSERT_NE(dg, nullptr) << gsssp_last_error();
    void* pinned = nullptr;
    ASSERT_EQ(gsssp_host_alloc(&pinned, g.n * 8), GSSSP_SUCCESS) << gsssp_last_error();
    for (const int32_t algorithm : {GSSSP_ALGORITHM_ADDS, GSSSP_ALGORITHM_BLOCK_BELLMAN_FORD}) {
      for (const int level : {0, 1}) {
        gsssp_options o;
        gsssp_options_init(&o);
        o.compute_predecessors = 0;
        o.compact_distances = level;
        gsssp_stats st{};
        const int status = gsssp_device_graph_sssp(dg, algorithm, 0, &o, pinned, nullptr, &st);
        check(status == GSSSP_ERROR_OVERFLOW, "overflow graph, %s, level %d: status %d (%s), expected the overflow error",
              algorithm_name(algorithm), level, status, gsssp_last_error());
        ++checked;
      }
    }
    gsssp_host_free(pinned);
    gsssp_device_graph_destroy(dg);
  }
  std::printf("one-block delivery: %d queries checked\n", checked);
}

}  // namespace
}  // namespace gsssp_test
