// The host half of PHAST and RPHAST (native/src/algorithms/phast/phast_layout.hpp), compiled into the test, no GPU:
// the sweep order is a permutation whose levels put every downward arc's tail above its head; the upward search
// plus the reference sweep over the renumbered arrays (the device sweep's data layout) equals Dijkstra on the graph;
// RPHAST's selection holds every target and every tail of its vertices' arcs, and its restricted sweep gives the
// targets' exact distances; the core table's rows are Dijkstra's distances from each core vertex, and a sweep that
// answers the core from it equals Dijkstra; malformed hierarchies are refused with INVALID_ARGUMENT naming the defect.
// Graphs: seeded random directed graphs (zero weights, parallel arcs, self loops, unreachable vertices), grids with
// one-way streets, and rome99 when /work/shared/graphs (or GSSSP_GRAPHS_DIR) has it.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <limits>
#include <queue>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "algorithms/phast/phast_layout.hpp"
#include "common/error.hpp"
#include "phast_test_hierarchy.hpp"

namespace {

using gsssp::phast::Arc;
using gsssp::phast::HierarchyArrays;
using gsssp::phast::Layout;
using gsssp::phast::Seed;
using gsssp::phast::Selection;
using gsssp_test::TestHierarchy;

constexpr long long kInf = std::numeric_limits<long long>::max();

uint64_t seed() {
  const char* env = std::getenv("GSSSP_TEST_SEED");
  return env != nullptr ? std::strtoull(env, nullptr, 10) : 20240611ull;
}

struct Csr {
  std::string name;
  int64_t n = 0;
  std::vector<int64_t> offsets{0};
  std::vector<int32_t> targets;
  std::vector<int32_t> weights;
};

Csr from_arcs(std::string name, int64_t n, std::vector<std::tuple<int32_t, int32_t, int32_t>> arcs) {
  std::stable_sort(arcs.begin(), arcs.end(),
                   [](const auto& a, const auto& b) { return std::get<0>(a) < std::get<0>(b); });
  Csr g;
  g.name = std::move(name);
  g.n = n;
  g.offsets.assign(static_cast<size_t>(n + 1), 0);
  for (const auto& [u, v, w] : arcs) {
    ++g.offsets[static_cast<size_t>(u) + 1];
    g.targets.push_back(v);
    g.weights.push_back(w);
  }
  for (int64_t v = 0; v < n; ++v) g.offsets[v + 1] += g.offsets[v];
  return g;
}

// Random directed: m arcs between uniform ends, 20% zero weights, some parallel arcs and self loops; a few vertices
// (the last tenth) get no in-arcs at all, so they are unreachable from everywhere else.
Csr random_graph(int64_t n, int64_t m, std::mt19937_64& rng) {
  std::uniform_int_distribution<int32_t> end(0, static_cast<int32_t>(n - 1));
  std::uniform_int_distribution<int32_t> weight(1, 100);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  const int32_t unreachable_from = static_cast<int32_t>(n - std::max<int64_t>(1, n / 10));
  std::vector<std::tuple<int32_t, int32_t, int32_t>> arcs;
  for (int64_t i = 0; i < m; ++i) {
    const int32_t u = end(rng);
    int32_t v = end(rng);
    if (v >= unreachable_from && n > 1) v = v % std::max<int32_t>(1, unreachable_from);
    const int32_t w = unit(rng) < 0.2 ? 0 : weight(rng);
    arcs.emplace_back(u, v, w);
    if (unit(rng) < 0.05) arcs.emplace_back(u, v, w + 3);  // a parallel, heavier arc
    if (unit(rng) < 0.02) arcs.emplace_back(u, u, w);      // a self loop
  }
  return from_arcs("random", n, std::move(arcs));
}

// A road-like grid: each street one-way with probability 0.2, some missing, weights by length in 1..1000.
Csr grid_graph(int64_t width, int64_t height, std::mt19937_64& rng) {
  std::uniform_int_distribution<int32_t> weight(1, 1000);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  std::vector<std::tuple<int32_t, int32_t, int32_t>> arcs;
  auto id = [&](int64_t x, int64_t y) { return static_cast<int32_t>(y * width + x); };
  auto street = [&](int32_t a, int32_t b) {
    if (unit(rng) < 0.05) return;
    const int32_t w = weight(rng);
    const double kind = unit(rng);
    if (kind < 0.1) {
      arcs.emplace_back(a, b, w);
    } else if (kind < 0.2) {
      arcs.emplace_back(b, a, w);
    } else {
      arcs.emplace_back(a, b, w);
      arcs.emplace_back(b, a, w);
    }
  };
  for (int64_t y = 0; y < height; ++y) {
    for (int64_t x = 0; x < width; ++x) {
      if (x + 1 < width) street(id(x, y), id(x + 1, y));
      if (y + 1 < height) street(id(x, y), id(x, y + 1));
    }
  }
  return from_arcs("grid", width * height, std::move(arcs));
}

// DIMACS .gr (1-based ids), or false when the file is absent.
bool load_gr(const std::string& path, Csr& g) {
  std::ifstream in(path);
  if (!in) return false;
  std::vector<std::tuple<int32_t, int32_t, int32_t>> arcs;
  int64_t n = 0;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    if (line[0] == 'p') {
      std::istringstream p(line);
      std::string tag, kind;
      int64_t m = 0;
      p >> tag >> kind >> n >> m;
    } else if (line[0] == 'a') {
      std::istringstream a(line);
      std::string tag;
      int64_t u = 0, v = 0, w = 0;
      a >> tag >> u >> v >> w;
      arcs.emplace_back(static_cast<int32_t>(u - 1), static_cast<int32_t>(v - 1), static_cast<int32_t>(w));
    }
  }
  g = from_arcs(path, n, std::move(arcs));
  return true;
}

std::string graphs_dir() {
  const char* env = std::getenv("GSSSP_GRAPHS_DIR");
  return env != nullptr ? env : "/work/shared/graphs";
}

std::vector<long long> dijkstra(const Csr& g, int64_t source) {
  std::vector<long long> dist(static_cast<size_t>(g.n), kInf);
  using Entry = std::pair<long long, int64_t>;
  std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>> heap;
  dist[static_cast<size_t>(source)] = 0;
  heap.emplace(0, source);
  while (!heap.empty()) {
    const auto [d, u] = heap.top();
    heap.pop();
    if (d != dist[static_cast<size_t>(u)]) continue;
    for (int64_t e = g.offsets[u]; e < g.offsets[u + 1]; ++e) {
      const long long c = d + g.weights[e];
      if (c < dist[static_cast<size_t>(g.targets[e])]) {
        dist[static_cast<size_t>(g.targets[e])] = c;
        heap.emplace(c, g.targets[e]);
      }
    }
  }
  return dist;
}

HierarchyArrays arrays_of(const TestHierarchy& h) {
  HierarchyArrays a;
  a.vertex_count = h.n;
  a.up_arc_count = static_cast<int64_t>(h.up_heads.size());
  a.down_arc_count = static_cast<int64_t>(h.down_tails.size());
  a.rank = h.rank.data();
  a.up_offsets = h.up_offsets.data();
  a.up_heads = h.up_heads.data();
  a.up_weights = h.up_weights.data();
  a.down_offsets = h.down_offsets.data();
  a.down_tails = h.down_tails.data();
  a.down_weights = h.down_weights.data();
  return a;
}

// The level (index from the top) of each position.
std::vector<int64_t> level_of(const Layout& l) {
  std::vector<int64_t> level(static_cast<size_t>(l.n));
  for (int64_t i = 0; i < l.levels(); ++i) {
    for (int64_t p = l.level_begin[i]; p < l.level_begin[i + 1]; ++p) level[static_cast<size_t>(p)] = i;
  }
  return level;
}

void check_layout(const Csr& g, const Layout& l, const TestHierarchy& h) {
  ASSERT_EQ(l.n, g.n);
  // A permutation, and position its inverse.
  std::vector<char> seen(static_cast<size_t>(g.n), 0);
  for (int64_t p = 0; p < g.n; ++p) {
    const int32_t v = l.order[static_cast<size_t>(p)];
    ASSERT_TRUE(v >= 0 && v < g.n && !seen[static_cast<size_t>(v)]) << g.name << ": order is not a permutation at " << p;
    seen[static_cast<size_t>(v)] = 1;
    ASSERT_EQ(l.position[static_cast<size_t>(v)], p) << g.name;
  }
  // Levels cover [0, n) in order, none empty.
  ASSERT_GE(l.level_begin.size(), 1u);
  EXPECT_EQ(l.level_begin.front(), 0);
  EXPECT_EQ(l.level_begin.back(), g.n);
  for (int64_t i = 0; i < l.levels(); ++i) EXPECT_LT(l.level_begin[i], l.level_begin[i + 1]) << g.name << " level " << i;
  // Every downward arc from a higher level to a lower one (so its tail sweeps first), weights and ends as given.
  const std::vector<int64_t> level = level_of(l);
  ASSERT_EQ(l.down_arcs.size(), h.down_tails.size());
  for (int64_t p = 0; p < g.n; ++p) {
    const int32_t v = l.order[static_cast<size_t>(p)];
    ASSERT_EQ(l.down_offsets[p + 1] - l.down_offsets[p], h.down_offsets[v + 1] - h.down_offsets[v]) << g.name;
    for (int64_t e = l.down_offsets[p]; e < l.down_offsets[p + 1]; ++e) {
      const Arc& a = l.down_arcs[static_cast<size_t>(e)];
      ASSERT_LT(level[static_cast<size_t>(a.other)], level[static_cast<size_t>(p)])
          << g.name << ": downward arc into position " << p << " from position " << a.other << " does not come from a "
          << "higher level";
      if (e > l.down_offsets[p]) {
        EXPECT_LE(l.down_arcs[static_cast<size_t>(e) - 1].other, a.other) << "sorted by tail";
      }
    }
    ASSERT_EQ(l.up_offsets[p + 1] - l.up_offsets[p], h.up_offsets[v + 1] - h.up_offsets[v]) << g.name;
  }
  // Within a level, ascending graph ids.
  for (int64_t i = 0; i < l.levels(); ++i) {
    for (int64_t p = l.level_begin[i] + 1; p < l.level_begin[i + 1]; ++p) {
      EXPECT_LT(l.order[static_cast<size_t>(p) - 1], l.order[static_cast<size_t>(p)]) << g.name;
    }
  }
}

// Upward search + reference sweep over the layout, in graph ids, against Dijkstra.
void check_sweeps(const Csr& g, const Layout& l, std::mt19937_64& rng, int sources) {
  gsssp::phast::UpwardSearch search;
  std::uniform_int_distribution<int64_t> pick(0, g.n - 1);
  for (int s = 0; s < sources; ++s) {
    const int64_t source = s == 0 ? 0 : pick(rng);
    std::vector<Seed> seeds;
    search.run(l, l.position[static_cast<size_t>(source)], 0, seeds);
    ASSERT_FALSE(seeds.empty());
    EXPECT_EQ(seeds.front().position, l.position[static_cast<size_t>(source)]);
    EXPECT_EQ(seeds.front().distance, 0);
    std::vector<long long> swept;
    gsssp::phast::sweep_reference(l.n, l.down_offsets, l.down_arcs, seeds, 0, swept);
    const std::vector<long long> want = dijkstra(g, source);
    for (int64_t v = 0; v < g.n; ++v) {
      ASSERT_EQ(swept[static_cast<size_t>(l.position[static_cast<size_t>(v)])], want[static_cast<size_t>(v)])
          << g.name << ": vertex " << v << " from source " << source << " [GSSSP_TEST_SEED=" << seed() << "]";
    }
  }
}

// RPHAST: a random target set, its selection closed and complete, its restricted sweep exact at the targets.
void check_selection(const Csr& g, const Layout& l, std::mt19937_64& rng, int64_t target_count, int sources) {
  std::uniform_int_distribution<int32_t> pick(0, static_cast<int32_t>(g.n - 1));
  std::vector<int32_t> targets;
  for (int64_t i = 0; i < target_count; ++i) targets.push_back(pick(rng));
  if (target_count > 1) targets.push_back(targets.front());  // a repeat
  const Selection s = gsssp::phast::select_targets(l, targets.data(), static_cast<int64_t>(targets.size()));
  ASSERT_EQ(s.target_sub.size(), targets.size());
  for (size_t t = 0; t < targets.size(); ++t) {
    const int32_t sub = s.target_sub[t];
    ASSERT_TRUE(sub >= 0 && sub < s.size());
    EXPECT_EQ(s.positions[static_cast<size_t>(sub)], l.position[static_cast<size_t>(targets[t])]);
  }
  for (int64_t k = 0; k < s.size(); ++k) {
    const int32_t p = s.positions[static_cast<size_t>(k)];
    if (k > 0) {
      ASSERT_LT(s.positions[static_cast<size_t>(k) - 1], p);
    }
    ASSERT_EQ(s.sub_of_position[static_cast<size_t>(p)], k);
    // Closed: every tail of an incoming downward arc is selected, and the arcs are the layout's, renumbered.
    ASSERT_EQ(s.offsets[k + 1] - s.offsets[k], l.down_offsets[p + 1] - l.down_offsets[p]);
    for (int64_t e = 0; e < s.offsets[k + 1] - s.offsets[k]; ++e) {
      const Arc& full = l.down_arcs[static_cast<size_t>(l.down_offsets[p] + e)];
      const Arc& sub = s.arcs[static_cast<size_t>(s.offsets[k] + e)];
      ASSERT_EQ(s.sub_of_position[static_cast<size_t>(full.other)], sub.other) << g.name << ": selection not closed";
      ASSERT_LT(sub.other, k);
      ASSERT_EQ(full.weight, sub.weight);
    }
  }
  int64_t selected = 0;
  for (int32_t sub : s.sub_of_position) selected += sub >= 0 ? 1 : 0;
  EXPECT_EQ(selected, s.size());
  // Levels: the selection's positions in order, each level within one of the layout's.
  EXPECT_EQ(s.level_begin.front(), 0);
  EXPECT_EQ(s.level_begin.back(), s.size());
  const std::vector<int64_t> level = level_of(l);
  for (int64_t i = 0; i < s.levels(); ++i) {
    ASSERT_LT(s.level_begin[i], s.level_begin[i + 1]);
    const int64_t first = level[static_cast<size_t>(s.positions[static_cast<size_t>(s.level_begin[i])])];
    for (int64_t k = s.level_begin[i]; k < s.level_begin[i + 1]; ++k) {
      ASSERT_EQ(level[static_cast<size_t>(s.positions[static_cast<size_t>(k)])], first);
    }
  }
  // Several sources at once (lanes), seeds filtered into the selection.
  gsssp::phast::UpwardSearch search;
  std::vector<Seed> seeds;
  std::vector<int64_t> source_ids;
  for (int lane = 0; lane < sources; ++lane) {
    const int64_t source = pick(rng);
    source_ids.push_back(source);
    std::vector<Seed> own;
    search.run(l, l.position[static_cast<size_t>(source)], lane, own);
    for (const Seed& seed_of : own) {
      const int32_t sub = s.sub_of_position[static_cast<size_t>(seed_of.position)];
      if (sub >= 0) seeds.push_back(Seed{sub, seed_of.lane, seed_of.distance});
    }
  }
  for (int lane = 0; lane < sources; ++lane) {
    std::vector<long long> swept;
    gsssp::phast::sweep_reference(s.size(), s.offsets, s.arcs, seeds, lane, swept);
    const std::vector<long long> want = dijkstra(g, source_ids[static_cast<size_t>(lane)]);
    for (size_t t = 0; t < targets.size(); ++t) {
      ASSERT_EQ(swept[static_cast<size_t>(s.target_sub[t])], want[static_cast<size_t>(targets[t])])
          << g.name << ": target " << targets[t] << " from source " << source_ids[static_cast<size_t>(lane)]
          << " [GSSSP_TEST_SEED=" << seed() << "]";
    }
  }
}

// The core table over at most `core_max` positions: whole top levels, each row the graph's distances (Dijkstra) from
// its vertex to the core; and a one-source answer as the device sweep makes it with the table (the upward search
// stopped at the core, the core from its entry points' rows, then the reference sweep below it) equal to Dijkstra.
void check_core_table(const Csr& g, const Layout& l, std::mt19937_64& rng, int64_t core_max, int sources) {
  const gsssp::phast::CoreTable t = gsssp::phast::build_core_table(l, core_max, 3);
  const int64_t core = t.vertices;
  ASSERT_LE(core, core_max) << g.name;
  ASSERT_EQ(core, l.level_begin[static_cast<size_t>(t.levels)]) << g.name << ": the core is not whole levels";
  if (t.levels < l.levels()) {
    ASSERT_GT(l.level_begin[static_cast<size_t>(t.levels + 1)], core_max) << g.name << ": a level more would fit";
  }
  ASSERT_EQ(t.distances.size(), static_cast<size_t>(core * core)) << g.name;
  for (int64_t u = 0; u < core; ++u) {
    const std::vector<long long> want = dijkstra(g, l.order[static_cast<size_t>(u)]);
    for (int64_t v = 0; v < core; ++v) {
      const uint32_t got = t.distances[static_cast<size_t>(u * core + v)];
      ASSERT_EQ(got == gsssp::phast::CoreTable::kNoPath ? kInf : static_cast<long long>(got),
                want[static_cast<size_t>(l.order[static_cast<size_t>(v)])])
          << g.name << ": core table row " << u << ", column " << v << " [GSSSP_TEST_SEED=" << seed() << "]";
    }
  }
  gsssp::phast::UpwardSearch search;
  std::uniform_int_distribution<int64_t> pick(0, g.n - 1);
  for (int s = 0; s < sources; ++s) {
    const int64_t source = pick(rng);
    std::vector<Seed> seeds;
    search.run(l, l.position[static_cast<size_t>(source)], 0, seeds, t.closed ? static_cast<int32_t>(core) : 0);
    // The core's cells from the table, then the sweep below them: the reference sweep seeded with the core's
    // cells and the seeds below the core (a core cell is exact, so the sweep leaves it as it is).
    std::vector<long long> in_core(static_cast<size_t>(core), kInf);
    std::vector<Seed> swept_seeds;
    for (const Seed& entry : seeds) {
      if (entry.position >= core) {
        swept_seeds.push_back(entry);
        continue;
      }
      for (int64_t v = 0; v < core; ++v) {
        const uint32_t d = t.distances[static_cast<size_t>(entry.position * core + v)];
        if (d != gsssp::phast::CoreTable::kNoPath) {
          in_core[static_cast<size_t>(v)] = std::min(in_core[static_cast<size_t>(v)], entry.distance + d);
        }
      }
    }
    for (int64_t v = 0; v < core; ++v) {
      if (in_core[static_cast<size_t>(v)] != kInf) swept_seeds.push_back(Seed{static_cast<int32_t>(v), 0, in_core[static_cast<size_t>(v)]});
    }
    std::vector<long long> dist;
    gsssp::phast::sweep_reference(l.n, l.down_offsets, l.down_arcs, swept_seeds, 0, dist);
    const std::vector<long long> want = dijkstra(g, source);
    for (int64_t v = 0; v < g.n; ++v) {
      ASSERT_EQ(dist[static_cast<size_t>(l.position[static_cast<size_t>(v)])], want[static_cast<size_t>(v)])
          << g.name << ": with a core of " << core << ", vertex " << v << " from source " << source
          << " [GSSSP_TEST_SEED=" << seed() << "]";
    }
  }
}

void check_graph(const Csr& g, std::mt19937_64& rng) {
  const TestHierarchy h = gsssp_test::naive_hierarchy(g.n, g.offsets, g.targets, g.weights);
  const Layout l = gsssp::phast::build_layout(arrays_of(h));
  check_layout(g, l, h);
  check_sweeps(g, l, rng, 4);
  for (int64_t core_max : {g.n / 8, g.n / 2, g.n}) check_core_table(g, l, rng, core_max, 3);
  check_selection(g, l, rng, std::max<int64_t>(1, g.n / 20), 5);
  check_selection(g, l, rng, 1, 3);
}

class PhastLayout : public ::testing::Test {
 protected:
  std::mt19937_64 rng{seed()};
};

TEST_F(PhastLayout, RandomDirectedGraphs) {
  for (int64_t n : {1, 2, 3, 10, 60, 300}) {
    for (int64_t degree : {1, 3}) check_graph(random_graph(n, n * degree, rng), rng);
  }
}

TEST_F(PhastLayout, RoadLikeGrids) {
  check_graph(grid_graph(1, 1, rng), rng);
  check_graph(grid_graph(7, 3, rng), rng);
  check_graph(grid_graph(30, 30, rng), rng);
}

TEST_F(PhastLayout, AllZeroWeightsAndNoArcs) {
  Csr zero = random_graph(50, 150, rng);
  std::fill(zero.weights.begin(), zero.weights.end(), 0);
  check_graph(zero, rng);
  check_graph(from_arcs("no arcs", 20, {}), rng);
}

TEST_F(PhastLayout, Rome99) {
  Csr g;
  if (!load_gr(graphs_dir() + "/rome99.gr", g)) GTEST_SKIP() << "rome99.gr not found in " << graphs_dir();
  check_graph(g, rng);
}

TEST_F(PhastLayout, UpwardSearchReusedAcrossGraphs) {
  // One search object on two layouts of different sizes, as a pooled scratch is.
  const Csr a = random_graph(200, 600, rng);
  const Csr b = grid_graph(5, 5, rng);
  const TestHierarchy ha = gsssp_test::naive_hierarchy(a.n, a.offsets, a.targets, a.weights);
  const TestHierarchy hb = gsssp_test::naive_hierarchy(b.n, b.offsets, b.targets, b.weights);
  const Layout la = gsssp::phast::build_layout(arrays_of(ha));
  const Layout lb = gsssp::phast::build_layout(arrays_of(hb));
  gsssp::phast::UpwardSearch search;
  for (int round = 0; round < 3; ++round) {
    for (const auto* pair : {&la, &lb}) {
      const Layout& l = *pair;
      const Csr& g = &l == &la ? a : b;
      for (int64_t source = 0; source < std::min<int64_t>(g.n, 5); ++source) {
        std::vector<Seed> seeds;
        search.run(l, l.position[static_cast<size_t>(source)], 0, seeds);
        std::vector<long long> swept;
        gsssp::phast::sweep_reference(l.n, l.down_offsets, l.down_arcs, seeds, 0, swept);
        const std::vector<long long> want = dijkstra(g, source);
        for (int64_t v = 0; v < g.n; ++v) ASSERT_EQ(swept[static_cast<size_t>(l.position[static_cast<size_t>(v)])], want[static_cast<size_t>(v)]);
      }
    }
  }
}

// Symmetric graphs (every arc mirrored, as on a two-way road network): the hierarchy's upward arcs are mirrored by
// downward ones, so no upward arc leaves the core, and the query's upward search stops there (check_core_table).
TEST_F(PhastLayout, SymmetricGraphsStopTheSearchAtTheCore) {
  std::uniform_int_distribution<int32_t> weight(0, 100);
  for (int64_t n : {2, 40, 300}) {
    const Csr base = random_graph(n, 2 * n, rng);
    std::vector<std::tuple<int32_t, int32_t, int32_t>> arcs;
    for (int64_t u = 0; u < base.n; ++u) {
      for (int64_t e = base.offsets[static_cast<size_t>(u)]; e < base.offsets[static_cast<size_t>(u) + 1]; ++e) {
        const int32_t v = base.targets[static_cast<size_t>(e)];
        arcs.emplace_back(static_cast<int32_t>(u), v, base.weights[static_cast<size_t>(e)]);
        arcs.emplace_back(v, static_cast<int32_t>(u), base.weights[static_cast<size_t>(e)]);
      }
    }
    const Csr g = from_arcs("symmetric random", n, std::move(arcs));
    const TestHierarchy h = gsssp_test::naive_hierarchy(g.n, g.offsets, g.targets, g.weights);
    const Layout l = gsssp::phast::build_layout(arrays_of(h));
    for (int64_t core_max : {g.n / 8, g.n / 2, g.n}) {
      const gsssp::phast::CoreTable t = gsssp::phast::build_core_table(l, core_max, 2);
      if (t.vertices > 0) EXPECT_TRUE(t.closed) << g.name << " of " << n << ", core of " << t.vertices;
      check_core_table(g, l, rng, core_max, 5);
    }
  }
}

// A core whose downward distances would not fit 32 bits gets no table (the sweep then runs every level): a chain of
// downward arcs 0 -> 1 -> 2 (ranks 2, 1, 0) whose two weights sum to just below, exactly at, and above 2^32 - 1.
TEST_F(PhastLayout, CoreTableRefusesLongDistances) {
  for (const uint32_t second : {0x0eu, 0x0fu, 0x20u}) {
    TestHierarchy h;
    h.n = 3;
    h.rank = {2, 1, 0};
    h.up_offsets = {0, 0, 0, 0};
    h.down_offsets = {0, 0, 1, 2};
    h.down_tails = {0, 1};
    h.down_middles = {-1, -1};
    h.down_weights = {0xfffffff0u, second};
    const Layout l = gsssp::phast::build_layout(arrays_of(h));
    const gsssp::phast::CoreTable t = gsssp::phast::build_core_table(l, 3, 2);
    const uint64_t longest = 0xfffffff0ull + second;
    if (longest < gsssp::phast::CoreTable::kNoPath) {
      ASSERT_EQ(t.vertices, 3) << "longest downward distance " << longest;
      EXPECT_EQ(t.distances[2], longest);
    } else {
      EXPECT_EQ(t.vertices, 0) << "longest downward distance " << longest << " does not fit the table";
    }
  }
}

// A malformed hierarchy is refused, naming the defect.
void expect_refused(const HierarchyArrays& a, const std::string& needle) {
  try {
    (void)gsssp::phast::build_layout(a);
    ADD_FAILURE() << "accepted a hierarchy with: " << needle;
  } catch (const gsssp::Error& e) {
    EXPECT_EQ(e.status(), GSSSP_ERROR_INVALID_ARGUMENT);
    EXPECT_NE(std::string(e.what()).find(needle), std::string::npos) << e.what();
  }
}

TEST_F(PhastLayout, RefusesMalformedHierarchies) {
  const Csr g = grid_graph(4, 4, rng);
  const TestHierarchy h = gsssp_test::naive_hierarchy(g.n, g.offsets, g.targets, g.weights);
  {
    TestHierarchy bad = h;
    bad.rank[1] = bad.rank[0];
    expect_refused(arrays_of(bad), "not a permutation");
  }
  {
    TestHierarchy bad = h;
    ASSERT_FALSE(bad.down_tails.empty());
    // A downward arc whose tail ranks below its head: point it at the lowest-ranked vertex.
    const int32_t lowest = static_cast<int32_t>(std::min_element(bad.rank.begin(), bad.rank.end()) - bad.rank.begin());
    bad.down_tails[0] = lowest;
    expect_refused(arrays_of(bad), "must rank above");
  }
  {
    TestHierarchy bad = h;
    bad.up_offsets.back() += 1;
    expect_refused(arrays_of(bad), "up_offsets");
  }
  {
    TestHierarchy bad = h;
    ASSERT_FALSE(bad.up_heads.empty());
    bad.up_heads[0] = static_cast<int32_t>(g.n);
    expect_refused(arrays_of(bad), "outside");
  }
}

}  // namespace
