// A contraction hierarchy built the slow, obviously exact way, for the PHAST tests: vertices contracted one at a time
// in order of fewest (in x out) neighbours, and at each contraction EVERY path u -> v -> x through the contracted
// vertex v becomes a shortcut u -> x (the lighter one where an arc u -> x already exists), with no witness search.
// Every path of the graph thus survives as an up-then-down path of the hierarchy, so its distances are exact by
// construction, independent of the library's own builder. Quadratic; for graphs of a few thousand vertices.
// The arrays follow gsssp_ch_view's layout (gsssp.h): upward arcs by tail, downward arcs by head, middles.
#pragma once

#include <algorithm>
#include <cstdint>
#include <map>
#include <vector>

namespace gsssp_test {

struct TestHierarchy {
  int64_t n = 0;
  std::vector<int32_t> rank;
  std::vector<int64_t> up_offsets{0}, down_offsets{0};
  std::vector<int32_t> up_heads, up_middles, down_tails, down_middles;
  std::vector<uint32_t> up_weights, down_weights;
};

// arcs: (tail, head, weight >= 0); self loops are ignored, of parallel arcs the lightest counts.
inline TestHierarchy naive_hierarchy(int64_t n, const std::vector<int64_t>& offsets, const std::vector<int32_t>& targets,
                                     const std::vector<int32_t>& weights) {
  struct Link {
    uint32_t weight;
    int32_t middle;
  };
  std::vector<std::map<int32_t, Link>> out(static_cast<size_t>(n)), in(static_cast<size_t>(n));
  auto offer = [&](int32_t u, int32_t x, uint32_t w, int32_t middle) {
    if (u == x) return;
    auto it = out[u].find(x);
    if (it == out[u].end() || w < it->second.weight) {
      out[u][x] = Link{w, middle};
      in[x][u] = Link{w, middle};
    }
  };
  for (int64_t u = 0; u < n; ++u) {
    for (int64_t e = offsets[u]; e < offsets[u + 1]; ++e) {
      offer(static_cast<int32_t>(u), targets[e], static_cast<uint32_t>(weights[e]), -1);
    }
  }
  TestHierarchy h;
  h.n = n;
  h.rank.assign(static_cast<size_t>(n), -1);
  // Arcs as they stand when a vertex is contracted: the survivors' arcs are exactly its hierarchy arcs.
  std::vector<std::vector<std::pair<int32_t, Link>>> up(static_cast<size_t>(n)), down(static_cast<size_t>(n));
  for (int64_t r = 0; r < n; ++r) {
    int32_t v = -1;
    size_t best = 0;
    for (int64_t c = 0; c < n; ++c) {
      if (h.rank[c] >= 0) continue;
      const size_t cost = in[c].size() * out[c].size() + in[c].size() + out[c].size();
      if (v < 0 || cost < best) {
        v = static_cast<int32_t>(c);
        best = cost;
      }
    }
    h.rank[v] = static_cast<int32_t>(r);
    for (const auto& [x, link] : out[v]) up[v].emplace_back(x, link);
    for (const auto& [u, link] : in[v]) down[v].emplace_back(u, link);
    for (const auto& [u, a] : in[v]) {
      for (const auto& [x, b] : out[v]) offer(u, x, a.weight + b.weight, v);
    }
    for (const auto& [x, link] : out[v]) in[x].erase(v);
    for (const auto& [u, link] : in[v]) out[u].erase(v);
    out[v].clear();
    in[v].clear();
  }
  for (int64_t v = 0; v < n; ++v) {
    auto by_rank = [&](const std::pair<int32_t, Link>& a, const std::pair<int32_t, Link>& b) {
      return h.rank[a.first] < h.rank[b.first];
    };
    std::sort(up[v].begin(), up[v].end(), by_rank);
    std::sort(down[v].begin(), down[v].end(), by_rank);
    for (const auto& [x, link] : up[v]) {
      h.up_heads.push_back(x);
      h.up_weights.push_back(link.weight);
      h.up_middles.push_back(link.middle);
    }
    h.up_offsets.push_back(static_cast<int64_t>(h.up_heads.size()));
    for (const auto& [u, link] : down[v]) {
      h.down_tails.push_back(u);
      h.down_weights.push_back(link.weight);
      h.down_middles.push_back(link.middle);
    }
    h.down_offsets.push_back(static_cast<int64_t>(h.down_tails.size()));
  }
  return h;
}

}  // namespace gsssp_test
