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

bool heap_greater(const std::pair<uint64_t, int32_t>& a, const std::pair<uint64_t, int32_t>& b) {
  return a.first > b.first;
}

template <class T>
int64_t bytes(const std::vector<T>& v) {
  return static_cast<int64_t>(v.capacity() * sizeof(T));
}

}  // namespace

int64_t Hierarchy::memory_bytes() const {
  return bytes(rank) + bytes(up_heads) + bytes(up_middles) + bytes(down_tails) + bytes(down_middles) +
         bytes(up_offsets) + bytes(down_offsets) + bytes(up_weights) + bytes(down_weights) + bytes(vertex_of_rank) +
         bytes(up_begin) + bytes(down_begin) + bytes(up_arcs) + bytes(down_arcs);
}

void Hierarchy::index_view() {
  const int64_t count = view.vertex_count;
  vertex_of_rank.assign(count, 0);
  for (int64_t v = 0; v < count; ++v) vertex_of_rank[view.rank[v]] = static_cast<int32_t>(v);
  up_begin.assign(count + 1, 0);
  down_begin.assign(count + 1, 0);
  up_arcs.resize(view.up_arc_count);
  down_arcs.resize(view.down_arc_count);
  int64_t up = 0, down = 0;
  for (int64_t r = 0; r < count; ++r) {
    const int32_t v = vertex_of_rank[r];
    for (int64_t i = view.up_offsets[v]; i < view.up_offsets[v + 1]; ++i)
      up_arcs[up++] = SearchArc{view.rank[view.up_heads[i]], view.up_weights[i]};
    for (int64_t i = view.down_offsets[v]; i < view.down_offsets[v + 1]; ++i)
      down_arcs[down++] = SearchArc{view.rank[view.down_tails[i]], view.down_weights[i]};
    up_begin[r + 1] = up;
    down_begin[r + 1] = down;
  }
}

// ---- point-to-point --------------------------------------------------------------------------------------------

Query::Query(const Hierarchy& h) : h_(h) {
  for (Side& s : side_) {
    s.label.assign(h.n(), Label{0, 0, -1});
    s.heap.reserve(1024);
  }
  stack_.reserve(256);
  route.reserve(1024);
}

int64_t Query::distance(int32_t source, int32_t target, std::vector<int32_t>* path) {
  if (path != nullptr) path->clear();
  if (source == target) {
    if (path != nullptr) path->push_back(source);
    return 0;
  }
  if (++epoch_ == 0) {
    for (Side& s : side_)
      for (Label& l : s.label) l.stamp = 0;
    epoch_ = 1;
  }
  const int32_t start[2] = {h_.view.rank[source], h_.view.rank[target]};
  for (int dir = 0; dir < 2; ++dir) {
    Side& s = side_[dir];
    s.heap.clear();
    s.label[start[dir]] = Label{0, epoch_, -1};
    s.heap.emplace_back(0, start[dir]);
  }
  uint64_t best = kUnreached;
  int32_t meet = -1;
  bool done[2] = {false, false};
  while (!done[0] || !done[1]) {
    for (int dir = 0; dir < 2; ++dir) {
      if (done[dir]) continue;
      Side& s = side_[dir];
      if (s.heap.empty() || s.heap.front().first >= best) {
        done[dir] = true;
        continue;
      }
      std::pop_heap(s.heap.begin(), s.heap.end(), heap_greater);
      const auto [d, v] = s.heap.back();
      s.heap.pop_back();
      if (d > s.label[v].dist) continue;
      const Label& there = side_[1 - dir].label[v];
      if (there.stamp == epoch_ && d + there.dist < best) {
        best = d + there.dist;
        meet = v;
      }
      // Forward: relax upward arcs, stall through arcs from higher vertices into v (down lists); backward: the
      // mirror image.
      const std::vector<int64_t>& relax_begin = dir == 0 ? h_.up_begin : h_.down_begin;
      const std::vector<SearchArc>& relax_arcs = dir == 0 ? h_.up_arcs : h_.down_arcs;
      const std::vector<int64_t>& stall_begin = dir == 0 ? h_.down_begin : h_.up_begin;
      const std::vector<SearchArc>& stall_arcs = dir == 0 ? h_.down_arcs : h_.up_arcs;
      bool stalled = false;
      for (int64_t i = stall_begin[v]; i < stall_begin[v + 1]; ++i) {
        const SearchArc& a = stall_arcs[i];
        const Label& l = s.label[a.other];
        if (l.stamp == epoch_ && l.dist + a.weight < d) {
          stalled = true;
          break;
        }
      }
      if (stalled) continue;
      for (int64_t i = relax_begin[v]; i < relax_begin[v + 1]; ++i) {
        const SearchArc& a = relax_arcs[i];
        const uint64_t nd = d + a.weight;
        Label& l = s.label[a.other];
        if (l.stamp != epoch_ || nd < l.dist) {
          l = Label{nd, epoch_, v};
          s.heap.emplace_back(nd, a.other);
          std::push_heap(s.heap.begin(), s.heap.end(), heap_greater);
        }
      }
    }
  }
  if (meet < 0) return GSSSP_INT_INFINITY;
  if (path != nullptr) {
    // Ranks from the source up to the meeting vertex, then down to the target; each step unpacked.
    path->push_back(source);
    stack_.clear();
    for (int32_t v = meet; v >= 0; v = side_[0].label[v].parent) stack_.push_back(v);
    const std::vector<int32_t>& of = h_.vertex_of_rank;
    for (size_t i = stack_.size() - 1; i > 0; --i) {
      const int32_t a = static_cast<int32_t>(stack_[i]), b = static_cast<int32_t>(stack_[i - 1]);
      unpack(of[a], of[b], *path);
    }
    for (int32_t v = meet; side_[1].label[v].parent >= 0; v = side_[1].label[v].parent) {
      const int32_t p = side_[1].label[v].parent;
      unpack(of[v], of[p], *path);
    }
  }
  return static_cast<int64_t>(best);
}

namespace {

// The arc tail -> head of the view (binary search by rank in the sorted list): its index, and whether upward.
int64_t find_arc(const gsssp_ch_view& view, int32_t tail, int32_t head, bool& upward) {
  upward = view.rank[tail] < view.rank[head];
  const int64_t* offsets = upward ? view.up_offsets : view.down_offsets;
  const int32_t* others = upward ? view.up_heads : view.down_tails;
  const int32_t owner = upward ? tail : head;
  const int32_t other = upward ? head : tail;
  const int32_t want = view.rank[other];
  int64_t lo = offsets[owner], hi = offsets[owner + 1];
  if (hi - lo <= 16) {  // most lists: a scan, without the rank lookups
    for (int64_t i = lo; i < hi; ++i)
      if (others[i] == other) return i;
    return -1;
  }
  while (lo < hi) {
    const int64_t mid = lo + (hi - lo) / 2;
    if (view.rank[others[mid]] < want) lo = mid + 1;
    else hi = mid;
  }
  return lo < offsets[owner + 1] && others[lo] == other ? lo : -1;
}

}  // namespace

// Appends the original vertices of the arc tail -> head after tail (the tail itself is already on the route).
void Query::unpack(int32_t tail, int32_t head, std::vector<int32_t>& out) {
  const gsssp_ch_view& view = h_.view;
  // Pairs of (tail, head) on a stack, the next arc to unpack on top.
  const size_t base = stack_.size();
  stack_.push_back((static_cast<int64_t>(tail) << 32) | static_cast<uint32_t>(head));
  while (stack_.size() > base) {
    const int64_t top = stack_.back();
    stack_.pop_back();
    const int32_t u = static_cast<int32_t>(top >> 32), v = static_cast<int32_t>(top & 0xffffffff);
    bool upward = false;
    const int64_t i = find_arc(view, u, v, upward);
    if (i < 0) fail(GSSSP_ERROR_INTERNAL, format("hierarchy has no arc %d -> %d to unpack", u, v));
    const int32_t middle = upward ? view.up_middles[i] : view.down_middles[i];
    if (middle < 0) {
      out.push_back(v);
      continue;
    }
    stack_.push_back((static_cast<int64_t>(middle) << 32) | static_cast<uint32_t>(v));
    stack_.push_back((static_cast<int64_t>(u) << 32) | static_cast<uint32_t>(middle));
  }
}

}  // namespace gsssp::ch
