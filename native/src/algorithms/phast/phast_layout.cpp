// The host half of PHAST and RPHAST (phast_layout.hpp).
#include "algorithms/phast/phast_layout.hpp"

#include <algorithm>
#include <atomic>
#include <exception>
#include <functional>
#include <limits>
#include <thread>

#include "algorithms/phast/phast_policy.hpp"
#include "common/error.hpp"

namespace gsssp::phast {
namespace {

constexpr long long kUnreached = std::numeric_limits<long long>::max();

// Offsets of one side: n + 1 entries from 0 to `arcs`, non-decreasing.
void check_offsets(const int64_t* offsets, int64_t n, int64_t arcs, const char* side) {
  if (offsets == nullptr) fail(GSSSP_ERROR_INVALID_ARGUMENT, format("the hierarchy's %s_offsets is null", side));
  if (offsets[0] != 0 || offsets[n] != arcs) {
    fail(GSSSP_ERROR_INVALID_ARGUMENT,
         format("the hierarchy's %s_offsets run from %lld to %lld, not from 0 to its %lld %s arcs", side,
                static_cast<long long>(offsets[0]), static_cast<long long>(offsets[n]), static_cast<long long>(arcs),
                side));
  }
  for (int64_t v = 0; v < n; ++v) {
    if (offsets[v + 1] < offsets[v]) {
      fail(GSSSP_ERROR_INVALID_ARGUMENT,
           format("the hierarchy's %s_offsets decrease at vertex %lld", side, static_cast<long long>(v)));
    }
  }
}

// Every arc of one side: the other end in range and ranked above the vertex whose list holds it (an upward arc's head
// above its tail, a downward arc's tail above its head).
void check_arcs(const HierarchyArrays& h, bool up) {
  const int64_t n = h.vertex_count;
  const int64_t* offsets = up ? h.up_offsets : h.down_offsets;
  const int32_t* others = up ? h.up_heads : h.down_tails;
  const uint32_t* weights = up ? h.up_weights : h.down_weights;
  const char* side = up ? "up" : "down";
  const int64_t arcs = up ? h.up_arc_count : h.down_arc_count;
  if (arcs > 0 && (others == nullptr || weights == nullptr)) {
    fail(GSSSP_ERROR_INVALID_ARGUMENT, format("the hierarchy's %s arcs are null", side));
  }
  for (int64_t v = 0; v < n; ++v) {
    for (int64_t e = offsets[v]; e < offsets[v + 1]; ++e) {
      const int32_t other = others[e];
      if (other < 0 || other >= n) {
        fail(GSSSP_ERROR_INVALID_ARGUMENT, format("the hierarchy's %s arc %lld names vertex %d, outside [0, %lld)", side,
                                                  static_cast<long long>(e), other, static_cast<long long>(n)));
      }
      // Upward arcs (listed at their tail v) lead to a higher rank; downward arcs (listed at their head v) come
      // from a higher rank. Either way the other end ranks above v.
      if (h.rank[other] <= h.rank[v]) {
        fail(GSSSP_ERROR_INVALID_ARGUMENT,
             format("the hierarchy's %s arc %lld joins vertex %lld (rank %d) and vertex %d (rank %d): the other end "
                    "must rank above the vertex that lists it",
                    side, static_cast<long long>(e), static_cast<long long>(v), h.rank[v], other, h.rank[other]));
      }
    }
  }
}

}  // namespace

Layout build_layout(const HierarchyArrays& h) {
  const int64_t n = h.vertex_count;
  if (n < 0 || n > std::numeric_limits<int32_t>::max()) {
    fail(GSSSP_ERROR_INVALID_ARGUMENT, format("the hierarchy has %lld vertices", static_cast<long long>(n)));
  }
  if (h.up_arc_count < 0 || h.down_arc_count < 0) {
    fail(GSSSP_ERROR_INVALID_ARGUMENT, "the hierarchy's arc counts are negative");
  }
  if (n > 0 && h.rank == nullptr) fail(GSSSP_ERROR_INVALID_ARGUMENT, "the hierarchy's rank array is null");
  // vertex_of_rank, checking that rank is a permutation.
  std::vector<int32_t> vertex_of_rank(static_cast<size_t>(n), -1);
  for (int64_t v = 0; v < n; ++v) {
    const int32_t r = h.rank[v];
    if (r < 0 || r >= n || vertex_of_rank[static_cast<size_t>(r)] >= 0) {
      fail(GSSSP_ERROR_INVALID_ARGUMENT,
           format("the hierarchy's rank is not a permutation of 0..n-1: vertex %lld has rank %d",
                  static_cast<long long>(v), r));
    }
    vertex_of_rank[static_cast<size_t>(r)] = static_cast<int32_t>(v);
  }
  check_offsets(h.up_offsets, n, h.up_arc_count, "up");
  check_offsets(h.down_offsets, n, h.down_arc_count, "down");
  check_arcs(h, /*up=*/true);
  check_arcs(h, /*up=*/false);

  // Levels, from the bottom: ascending rank, each vertex final when reached (the heads of its downward arcs rank
  // below it), passing level + 1 up to the tails of its incoming downward arcs.
  std::vector<int32_t> level(static_cast<size_t>(n), 0);
  int32_t top = 0;
  for (int64_t r = 0; r < n; ++r) {
    const int32_t v = vertex_of_rank[static_cast<size_t>(r)];
    const int32_t above = level[static_cast<size_t>(v)] + 1;
    top = std::max(top, level[static_cast<size_t>(v)]);
    for (int64_t e = h.down_offsets[v]; e < h.down_offsets[v + 1]; ++e) {
      int32_t& tail_level = level[static_cast<size_t>(h.down_tails[e])];
      tail_level = std::max(tail_level, above);
    }
  }

  Layout out;
  out.n = n;
  const int64_t level_count = n > 0 ? top + 1 : 0;
  // Counting sort by descending level, ascending id within a level (the loop visits ids in order).
  out.level_begin.assign(static_cast<size_t>(level_count + 1), 0);
  for (int64_t v = 0; v < n; ++v) ++out.level_begin[static_cast<size_t>(top - level[static_cast<size_t>(v)] + 1)];
  for (int64_t i = 0; i < level_count; ++i) out.level_begin[i + 1] += out.level_begin[i];
  out.order.resize(static_cast<size_t>(n));
  out.position.resize(static_cast<size_t>(n));
  {
    std::vector<int64_t> next(out.level_begin.begin(), out.level_begin.end() - (level_count > 0 ? 1 : 0));
    for (int64_t v = 0; v < n; ++v) {
      const int64_t p = next[static_cast<size_t>(top - level[static_cast<size_t>(v)])]++;
      out.order[static_cast<size_t>(p)] = static_cast<int32_t>(v);
      out.position[static_cast<size_t>(v)] = static_cast<int32_t>(p);
    }
  }

  // Arcs in positions: downward by head (sorted by tail position), upward by tail.
  out.down_offsets.assign(static_cast<size_t>(n + 1), 0);
  out.up_offsets.assign(static_cast<size_t>(n + 1), 0);
  out.down_arcs.resize(static_cast<size_t>(h.down_arc_count));
  out.up_arcs.resize(static_cast<size_t>(h.up_arc_count));
  for (int64_t p = 0; p < n; ++p) {
    const int32_t v = out.order[static_cast<size_t>(p)];
    const int64_t down_begin = out.down_offsets[static_cast<size_t>(p)];
    int64_t d = down_begin;
    for (int64_t e = h.down_offsets[v]; e < h.down_offsets[v + 1]; ++e) {
      out.down_arcs[static_cast<size_t>(d++)] = Arc{out.position[static_cast<size_t>(h.down_tails[e])], h.down_weights[e]};
    }
    std::sort(out.down_arcs.begin() + down_begin, out.down_arcs.begin() + d,
              [](const Arc& a, const Arc& b) { return a.other < b.other; });
    out.down_offsets[static_cast<size_t>(p + 1)] = d;
    int64_t u = out.up_offsets[static_cast<size_t>(p)];
    for (int64_t e = h.up_offsets[v]; e < h.up_offsets[v + 1]; ++e) {
      out.up_arcs[static_cast<size_t>(u++)] = Arc{out.position[static_cast<size_t>(h.up_heads[e])], h.up_weights[e]};
    }
    out.up_offsets[static_cast<size_t>(p + 1)] = u;
  }
  return out;
}

namespace {

uint32_t hash_slot(int32_t position, size_t mask) {
  return static_cast<uint32_t>((static_cast<uint64_t>(static_cast<uint32_t>(position)) * 0x9E3779B97F4A7C15ull) >> 32) &
         static_cast<uint32_t>(mask);
}

}  // namespace

void UpwardSearch::grow() {
  const size_t capacity = std::max<size_t>(1024, table_.size() * 2);
  table_.assign(capacity, 0);
  const size_t mask = capacity - 1;
  for (size_t i = 0; i < labels_.size(); ++i) {
    uint32_t slot = hash_slot(labels_[i].position, mask);
    while (table_[slot] != 0) slot = (slot + 1) & static_cast<uint32_t>(mask);
    table_[slot] = static_cast<int32_t>(i + 1);
    labels_[i].slot = slot;
  }
}

uint32_t UpwardSearch::label_of(int32_t position) {
  if ((labels_.size() + 1) * 2 > table_.size()) grow();
  const size_t mask = table_.size() - 1;
  uint32_t slot = hash_slot(position, mask);
  while (table_[slot] != 0) {
    const auto index = static_cast<uint32_t>(table_[slot] - 1);
    if (labels_[index].position == position) return index;
    slot = (slot + 1) & static_cast<uint32_t>(mask);
  }
  const auto index = static_cast<uint32_t>(labels_.size());
  labels_.push_back(Label{kUnreached, position, slot, false});
  table_[slot] = static_cast<int32_t>(index + 1);
  return index;
}

void UpwardSearch::run(const Layout& layout, int32_t source, int32_t lane, std::vector<Seed>& seeds, int32_t stop) {
  // Empty the table where the last search wrote, not all of it.
  for (const Label& label : labels_) table_[label.slot] = 0;
  labels_.clear();
  heap_.clear();
  using Entry = std::pair<long long, uint32_t>;
  const auto later = std::greater<Entry>();
  const uint32_t first = label_of(source);
  labels_[first].distance = 0;
  heap_.emplace_back(0, first);
  while (!heap_.empty()) {
    std::pop_heap(heap_.begin(), heap_.end(), later);
    const Entry top = heap_.back();
    heap_.pop_back();
    if (labels_[top.second].settled || top.first != labels_[top.second].distance) continue;
    labels_[top.second].settled = true;
    const int32_t v = labels_[top.second].position;
    seeds.push_back(Seed{v, lane, top.first});
    if (v < stop) continue;
    for (int64_t e = layout.up_offsets[static_cast<size_t>(v)]; e < layout.up_offsets[static_cast<size_t>(v) + 1]; ++e) {
      const Arc& a = layout.up_arcs[static_cast<size_t>(e)];
      const long long candidate = top.first + static_cast<long long>(a.weight);
      const uint32_t w = label_of(a.other);  // may grow labels_: index, not reference
      if (candidate < labels_[w].distance) {
        labels_[w].distance = candidate;
        heap_.emplace_back(candidate, w);
        std::push_heap(heap_.begin(), heap_.end(), later);
      }
    }
  }
}

Selection select_targets(const Layout& layout, const int32_t* targets, int64_t count) {
  Selection s;
  const int64_t n = layout.n;
  s.sub_of_position.assign(static_cast<size_t>(n), -1);
  // Mark: the targets, then the tails of the incoming downward arcs of everything marked (depth first).
  std::vector<int32_t> stack;
  auto mark = [&](int32_t p) {
    if (s.sub_of_position[static_cast<size_t>(p)] >= 0) return;
    s.sub_of_position[static_cast<size_t>(p)] = 0;
    s.positions.push_back(p);
    stack.push_back(p);
  };
  for (int64_t i = 0; i < count; ++i) mark(layout.position[static_cast<size_t>(targets[i])]);
  while (!stack.empty()) {
    const int32_t p = stack.back();
    stack.pop_back();
    for (int64_t e = layout.down_offsets[static_cast<size_t>(p)]; e < layout.down_offsets[static_cast<size_t>(p) + 1]; ++e) {
      mark(layout.down_arcs[static_cast<size_t>(e)].other);
    }
  }
  std::sort(s.positions.begin(), s.positions.end());
  const int64_t size = s.size();
  for (int64_t i = 0; i < size; ++i) s.sub_of_position[static_cast<size_t>(s.positions[static_cast<size_t>(i)])] = static_cast<int32_t>(i);

  // Levels: the layout's, restricted (positions ascending walk the levels from the top down).
  s.level_begin.push_back(0);
  int64_t i = 0;
  for (int64_t level = 0; level < layout.levels() && i < size; ++level) {
    const int64_t end = layout.level_begin[static_cast<size_t>(level + 1)];
    const int64_t first = i;
    while (i < size && s.positions[static_cast<size_t>(i)] < end) ++i;
    if (i > first) s.level_begin.push_back(i);
  }

  s.offsets.assign(static_cast<size_t>(size + 1), 0);
  for (int64_t k = 0; k < size; ++k) {
    const auto p = static_cast<size_t>(s.positions[static_cast<size_t>(k)]);
    for (int64_t e = layout.down_offsets[p]; e < layout.down_offsets[p + 1]; ++e) {
      const Arc& a = layout.down_arcs[static_cast<size_t>(e)];
      s.arcs.push_back(Arc{s.sub_of_position[static_cast<size_t>(a.other)], a.weight});
    }
    s.offsets[static_cast<size_t>(k + 1)] = static_cast<int64_t>(s.arcs.size());
  }
  s.target_sub.resize(static_cast<size_t>(count));
  for (int64_t t = 0; t < count; ++t) {
    s.target_sub[static_cast<size_t>(t)] = s.sub_of_position[static_cast<size_t>(layout.position[static_cast<size_t>(targets[t])])];
  }
  return s;
}

CoreTable build_core_table(const Layout& layout, int64_t max_vertices, int threads) {
  CoreTable t;
  int64_t levels = 0;
  while (levels < layout.levels() && layout.level_begin[static_cast<size_t>(levels + 1)] <= max_vertices) ++levels;
  const int64_t core = layout.level_begin[static_cast<size_t>(levels)];
  if (levels == 0 || core == 0) return t;
  std::vector<uint32_t> table(static_cast<size_t>(core * core), CoreTable::kNoPath);
  std::atomic<bool> too_long{false};  // a distance does not fit 32 bits (or a worker failed): no table
  std::atomic<int64_t> next{0};
  // Row u: PHAST from u, the sweep over the core alone (no downward path from outside leads back in).
  auto rows = [&] {
    UpwardSearch search;
    std::vector<Seed> seeds;
    std::vector<long long> d(static_cast<size_t>(core));
    for (int64_t u = next++; u < core && !too_long; u = next++) {
      seeds.clear();
      search.run(layout, static_cast<int32_t>(u), 0, seeds);
      std::fill(d.begin(), d.end(), kUnreached);
      int64_t top = core;
      for (const Seed& s : seeds) {
        if (s.position >= core) continue;
        d[static_cast<size_t>(s.position)] = s.distance;
        top = std::min<int64_t>(top, s.position);
      }
      uint32_t* row = table.data() + u * core;
      for (int64_t p = top; p < core; ++p) {
        long long best = d[static_cast<size_t>(p)];
        for (int64_t e = layout.down_offsets[static_cast<size_t>(p)]; e < layout.down_offsets[static_cast<size_t>(p) + 1]; ++e) {
          const Arc& a = layout.down_arcs[static_cast<size_t>(e)];
          const long long dt = d[static_cast<size_t>(a.other)];
          if (dt != kUnreached) best = std::min(best, dt + static_cast<long long>(a.weight));
        }
        d[static_cast<size_t>(p)] = best;
        if (best == kUnreached) continue;
        if (best >= static_cast<long long>(CoreTable::kNoPath)) {
          too_long = true;
          break;
        }
        row[p] = static_cast<uint32_t>(best);
      }
    }
  };
  const int workers = static_cast<int>(std::clamp<int64_t>(std::min<int64_t>(threads, core / 64), 1, 256));
  // A worker's exception (out of host memory) is rethrown here, not left to end the process.
  std::vector<std::exception_ptr> errors(static_cast<size_t>(workers));
  auto work = [&](int i) {
    try {
      rows();
    } catch (...) {
      errors[static_cast<size_t>(i)] = std::current_exception();
      too_long = true;  // stops the others early
    }
  };
  std::vector<std::thread> pool;
  for (int i = 1; i < workers; ++i) pool.emplace_back(work, i);
  work(0);
  for (std::thread& thread : pool) thread.join();
  for (const std::exception_ptr& e : errors) {
    if (e) std::rethrow_exception(e);
  }
  if (too_long) return t;
  t.vertices = core;
  t.levels = levels;
  t.closed = std::all_of(layout.up_arcs.begin(), layout.up_arcs.begin() + layout.up_offsets[static_cast<size_t>(core)],
                         [&](const Arc& a) { return a.other < core; });
  t.distances = std::move(table);
  return t;
}

int solo_end(const int64_t* level_begin, int64_t levels, int lane_shift, int first) {
  int end = first;
  while (end < levels && end - first < kMaxSoloLevels &&
         ((level_begin[end + 1] - level_begin[end]) << lane_shift) <= kSoloCells &&
         (level_begin[end + 1] << lane_shift) <= kSoloSharedCells) {
    ++end;
  }
  return end;
}

void sweep_reference(int64_t count, const std::vector<int64_t>& offsets, const std::vector<Arc>& arcs,
                     const std::vector<Seed>& seeds, int32_t lane, std::vector<long long>& dist) {
  dist.assign(static_cast<size_t>(count), kUnreached);
  for (const Seed& s : seeds) {
    if (s.lane == lane) dist[static_cast<size_t>(s.position)] = std::min(dist[static_cast<size_t>(s.position)], s.distance);
  }
  for (int64_t p = 0; p < count; ++p) {
    long long best = dist[static_cast<size_t>(p)];
    for (int64_t e = offsets[static_cast<size_t>(p)]; e < offsets[static_cast<size_t>(p) + 1]; ++e) {
      const Arc& a = arcs[static_cast<size_t>(e)];
      const long long d = dist[static_cast<size_t>(a.other)];
      if (d != kUnreached) best = std::min(best, d + static_cast<long long>(a.weight));
    }
    dist[static_cast<size_t>(p)] = best;
  }
}

}  // namespace gsssp::phast
