// Searches on a hierarchy (ch.hpp): the rank-ordered search graph, point-to-point queries with stall-on-demand
// and route unpacking. Many-to-many is in ch_matrix.cpp.
#include <algorithm>
#include <limits>

#include "algorithms/ch/ch.hpp"
#include "algorithms/ch/ch_policy.hpp"
#include "algorithms/ch/ch_pool.hpp"
#include "common/error.hpp"

namespace gsssp::ch {
namespace {

constexpr uint64_t kUnreached = std::numeric_limits<uint64_t>::max();

template <class T>
int64_t bytes(const std::vector<T>& v) {
  return static_cast<int64_t>(v.capacity() * sizeof(T));
}

}  // namespace

int64_t Hierarchy::memory_bytes() const {
  return bytes(rank) + bytes(up_heads) + bytes(up_middles) + bytes(down_tails) + bytes(down_middles) +
         bytes(up_offsets) + bytes(down_offsets) + bytes(up_weights) + bytes(down_weights) + bytes(vertex_of_rank) +
         bytes(pair_begin) + bytes(pair_arcs) + bytes(pair_unpack);
}

namespace {

// The index of the arc to `other` (a rank) in the list [begin, end) of arcs sorted by rank, or -1.
int64_t find_arc(const std::vector<SearchArc>& arcs, int64_t begin, int64_t end, int32_t other) {
  const auto it = std::lower_bound(arcs.begin() + begin, arcs.begin() + end, other,
                                   [](const SearchArc& a, int32_t r) { return a.other < r; });
  return it != arcs.begin() + end && it->other == other ? it - arcs.begin() : -1;
}

}  // namespace

void Hierarchy::index_view() {
  const int64_t count = view.vertex_count;
  vertex_of_rank.assign(count, 0);
  for (int64_t v = 0; v < count; ++v) vertex_of_rank[view.rank[v]] = static_cast<int32_t>(v);
  pair_begin.assign(2 * count + 1, 0);
  for (int64_t r = 0; r < count; ++r) {
    const int32_t v = vertex_of_rank[r];
    pair_begin[2 * r + 1] = pair_begin[2 * r] + (view.up_offsets[v + 1] - view.up_offsets[v]);
    pair_begin[2 * r + 2] = pair_begin[2 * r + 1] + (view.down_offsets[v + 1] - view.down_offsets[v]);
  }
  pair_arcs.resize(view.up_arc_count + view.down_arc_count);
  pair_unpack.resize(view.up_arc_count + view.down_arc_count);
  // The arcs by rank, then (below) each shortcut's halves, found once here (the lists are sorted by rank, as
  // validate_view checks) so that routes unpack without searching. Random reads dominate: on all cores.
  Pool pool(resolve_threads(0));
  pool.for_chunks(count, 4 * kChunk, [&](int, int64_t chunk_begin, int64_t chunk_end) {
    for (int64_t r = chunk_begin; r < chunk_end; ++r) {
      const int32_t v = vertex_of_rank[r];
      int64_t pair = pair_begin[2 * r];
      for (int64_t i = view.up_offsets[v]; i < view.up_offsets[v + 1]; ++i)
        pair_arcs[pair++] = SearchArc{view.rank[view.up_heads[i]], view.up_weights[i]};
      for (int64_t i = view.down_offsets[v]; i < view.down_offsets[v + 1]; ++i)
        pair_arcs[pair++] = SearchArc{view.rank[view.down_tails[i]], view.down_weights[i]};
    }
  });
  const auto halves = [&](int32_t tail, int32_t m, int32_t head, int32_t middle) {
    const int64_t first = find_arc(pair_arcs, pair_begin[2 * m + 1], pair_begin[2 * m + 2], tail);
    const int64_t second = find_arc(pair_arcs, pair_begin[2 * m], pair_begin[2 * m + 1], head);
    if (first < 0 || second < 0 || first > std::numeric_limits<int32_t>::max() ||
        second > std::numeric_limits<int32_t>::max())
      fail(GSSSP_ERROR_INTERNAL, format("hierarchy: shortcut %d -> %d through %d cannot be unpacked",
                                        vertex_of_rank[tail], vertex_of_rank[head], middle));
    return ArcUnpack{static_cast<int32_t>(first), static_cast<int32_t>(second)};
  };
  pool.for_chunks(count, 4 * kChunk, [&](int, int64_t chunk_begin, int64_t chunk_end) {
    for (int64_t r = chunk_begin; r < chunk_end; ++r) {
      const int32_t v = vertex_of_rank[r];
      const int64_t up_first = pair_begin[2 * r], down_first = pair_begin[2 * r + 1];
      for (int64_t k = 0; k < down_first - up_first; ++k) {
        const int64_t i = up_first + k;
        const int32_t middle = view.up_middles[view.up_offsets[v] + k];
        pair_unpack[i] = middle < 0 ? ArcUnpack{-1, vertex_of_rank[pair_arcs[i].other]}
                                    : halves(static_cast<int32_t>(r), view.rank[middle], pair_arcs[i].other, middle);
      }
      for (int64_t k = 0; k < pair_begin[2 * r + 2] - down_first; ++k) {
        const int64_t i = down_first + k;
        const int32_t middle = view.down_middles[view.down_offsets[v] + k];
        pair_unpack[i] = middle < 0 ? ArcUnpack{-1, v}
                                    : halves(pair_arcs[i].other, view.rank[middle], static_cast<int32_t>(r), middle);
      }
    }
  });
}

// ---- point-to-point --------------------------------------------------------------------------------------------

namespace {

using HeapEntry = std::pair<uint64_t, int32_t>;  // (distance, rank)

// A 4-ary min-heap on a vector, with stale entries left in (a vertex reached again is pushed again): half the
// levels of a binary heap, and a node's four children share a cache line.
void heap_push(std::vector<HeapEntry>& heap, HeapEntry entry) {
  size_t i = heap.size();
  heap.push_back(entry);
  while (i > 0) {
    const size_t parent = (i - 1) / 4;
    if (heap[parent].first <= entry.first) break;
    heap[i] = heap[parent];
    i = parent;
  }
  heap[i] = entry;
}

HeapEntry heap_pop(std::vector<HeapEntry>& heap) {
  const HeapEntry top = heap.front();
  const HeapEntry last = heap.back();
  heap.pop_back();
  const size_t size = heap.size();
  if (size == 0) return top;
  size_t i = 0;
  for (;;) {
    const size_t first = 4 * i + 1;
    if (first >= size) break;
    size_t least = first;
    for (size_t c = first + 1; c < std::min(size, first + 4); ++c)
      if (heap[c].first < heap[least].first) least = c;
    if (heap[least].first >= last.first) break;
    heap[i] = heap[least];
    i = least;
  }
  heap[i] = last;
  return top;
}

}  // namespace

Query::Query(const Hierarchy& h) : h_(h) {
  for (Side& s : side_) {
    s.reached.assign((h.n() + 63) / 64, 0);
    s.reached_list.reserve(1024);
    s.dist.assign(h.n(), 0);
    s.parent.assign(h.n(), Parent{-1, -1});
    s.heap.reserve(1024);
  }
  stack_.reserve(256);
  route.reserve(1024);
}

// The bidirectional upward search (WEA 2008, section 5): the two directions settle a vertex in turn; a direction
// stops once its queue's minimum reaches the best meeting distance. A vertex is stalled (not expanded) when a vertex
// of higher rank reached by the same search gives it a shorter distance through an arc into it ("stall on demand",
// section 5.2): its label is then not a shortest distance and no shortest path leaves it upward. Returns the
// meeting vertex's rank (best = the distance), or -1.
template <bool kRoute>
int32_t Query::search(int32_t source_rank, int32_t target_rank, uint64_t& best) {
  const int32_t start[2] = {source_rank, target_rank};
  for (int dir = 0; dir < 2; ++dir) {
    Side& s = side_[dir];
    for (const int32_t v : s.reached_list) s.reached[static_cast<uint32_t>(v) >> 6] = 0;
    s.reached_list.clear();
    s.heap.clear();
    s.add(start[dir]);
    s.dist[start[dir]] = 0;
    if (kRoute) s.parent[start[dir]] = Parent{-1, -1};
    s.heap.emplace_back(0, start[dir]);
  }
  best = kUnreached;
  int32_t meet = -1;
  // Forward: relax up arcs, stall through the arcs from higher vertices into v (down lists); backward: the mirror.
  // Vertex v's up arcs are [begin[2v], begin[2v + 1]), its down arcs [begin[2v + 1], begin[2v + 2]).
  const int64_t* const begin = h_.pair_begin.data();
  const SearchArc* const arcs = h_.pair_arcs.data();
  bool done[2] = {false, false};
  while (!done[0] || !done[1]) {
    for (int dir = 0; dir < 2; ++dir) {
      if (done[dir]) continue;
      Side& s = side_[dir];
      if (s.heap.empty() || s.heap.front().first >= best) {
        done[dir] = true;
        continue;
      }
      const auto [d, v] = heap_pop(s.heap);
      // The next vertex this direction settles is likely the queue's new minimum: its arc offsets and first arcs are
      // fetched while the other direction works (the searches wait on memory, not on arithmetic).
      if (!s.heap.empty()) {
        const int64_t* const next = begin + 2 * static_cast<int64_t>(s.heap.front().second);
        __builtin_prefetch(next);
        __builtin_prefetch(arcs + next[0]);
      }
      if (d > s.dist[v]) continue;  // a stale entry: v was reached again at a shorter distance
      const Side& o = side_[1 - dir];
      if (o.has(v) && d + o.dist[v] < best) {
        best = d + o.dist[v];
        meet = v;
      }
      const int64_t* const block = begin + 2 * static_cast<int64_t>(v);
      const int64_t relax_first = block[dir], relax_end = block[dir + 1];
      const int64_t stall_first = block[1 - dir], stall_end = block[2 - dir];
      bool stalled = false;
      for (int64_t i = stall_first; i < stall_end; ++i) {
        const SearchArc a = arcs[i];
        if (s.has(a.other) && s.dist[a.other] + a.weight < d) {
          stalled = true;
          break;
        }
      }
      if (stalled) continue;
      for (int64_t i = relax_first; i < relax_end; ++i) {
        const SearchArc a = arcs[i];
        const uint64_t nd = d + a.weight;
        const bool seen = s.has(a.other);
        if (!seen || nd < s.dist[a.other]) {
          if (!seen) s.add(a.other);
          s.dist[a.other] = nd;
          if (kRoute) s.parent[a.other] = Parent{v, i};
          __builtin_prefetch(begin + 2 * static_cast<int64_t>(a.other));
          heap_push(s.heap, HeapEntry(nd, a.other));
        }
      }
    }
  }
  return meet;
}

int64_t Query::distance(int32_t source, int32_t target, std::vector<int32_t>* path) {
  if (path != nullptr) path->clear();
  if (source == target) {
    if (path != nullptr) path->push_back(source);
    return 0;
  }
  const int32_t s = h_.view.rank[source], t = h_.view.rank[target];
  uint64_t best = kUnreached;
  if (path == nullptr) {
    return search<false>(s, t, best) < 0 ? GSSSP_INT_INFINITY : static_cast<int64_t>(best);
  }
  const int32_t meet = search<true>(s, t, best);
  if (meet < 0) return GSSSP_INT_INFINITY;
  // The forward tree's arcs from the meeting vertex back to the source, unpacked in the source's order; then the
  // backward tree's arcs from the meeting vertex down to the target.
  path->push_back(source);
  const size_t base = stack_.size();
  for (int32_t v = meet; side_[0].parent[v].vertex >= 0; v = side_[0].parent[v].vertex)
    stack_.push_back(side_[0].parent[v].arc);
  while (stack_.size() > base) {
    const int64_t arc = stack_.back();
    stack_.pop_back();
    unpack(arc, *path);
  }
  for (int32_t v = meet; side_[1].parent[v].vertex >= 0; v = side_[1].parent[v].vertex)
    unpack(side_[1].parent[v].arc, *path);
  return static_cast<int64_t>(best);
}

// Appends the graph vertices after the arc's tail (already on the route) up to its head, in order.
void Query::unpack(int64_t arc, std::vector<int32_t>& out) {
  const ArcUnpack* const unpack = h_.pair_unpack.data();
  const size_t base = stack_.size();
  stack_.push_back(arc);
  while (stack_.size() > base) {
    const ArcUnpack a = unpack[stack_.back()];
    stack_.pop_back();
    if (a.first < 0) {
      out.push_back(a.second);
      continue;
    }
    stack_.push_back(a.second);  // the up half, second
    stack_.push_back(a.first);   // the down half, first
  }
}

}  // namespace gsssp::ch
