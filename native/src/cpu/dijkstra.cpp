#include "cpu/dijkstra.hpp"

#include <algorithm>
#include <cmath>
#include <type_traits>
#include <limits>
#include <utility>
#include <vector>

#include "common/error.hpp"

namespace gsssp::cpu {
namespace {

// The heap's arrays, kept per thread between queries (the CPU path's fixed cost is otherwise dominated by
// allocating and clearing them): `position` is all -1 between searches, since a search pops every vertex
// it pushes; a search that did not finish (an exception) leaves it dirty, and the next one clears it.
// Graphs above kKeepVertices get arrays of their own, freed after the query, so an idle thread never holds
// more than a few tens of MB.
constexpr int64_t kKeepVertices = int64_t{1} << 22;

template <class Key>
struct HeapArrays {
  std::vector<std::pair<Key, int32_t>> heap;
  std::vector<int64_t> position;
  bool dirty = false;
};

// A binary min-heap of vertices keyed by distance, with a position index for decrease-key, so that each
// vertex is extracted once (no stale entries to skip).
template <class Key>
class IndexedHeap {
 public:
  IndexedHeap(int64_t num_vertices, HeapArrays<Key>& arrays)
      : arrays_(arrays), heap_(arrays.heap), position_(arrays.position) {
    if (arrays_.dirty || static_cast<int64_t>(position_.size()) < num_vertices) {
      position_.assign(std::max<size_t>(position_.size(), static_cast<size_t>(num_vertices)), -1);
    }
    heap_.clear();
    arrays_.dirty = true;
  }
  // Marks the arrays clean once every pushed vertex was popped.
  ~IndexedHeap() { arrays_.dirty = !heap_.empty(); }

  bool empty() const { return heap_.empty(); }

  void push_or_decrease(int32_t vertex, Key key) {
    int64_t at = position_[vertex];
    if (at < 0) {
      at = static_cast<int64_t>(heap_.size());
      heap_.push_back({key, vertex});
    } else {
      heap_[at].first = key;
    }
    sift_up(at);
  }

  std::pair<Key, int32_t> pop() {
    const std::pair<Key, int32_t> top = heap_.front();
    position_[top.second] = -1;
    heap_.front() = heap_.back();
    heap_.pop_back();
    if (!heap_.empty()) {
      position_[heap_.front().second] = 0;
      sift_down(0);
    }
    return top;
  }

 private:
  void place(int64_t at, const std::pair<Key, int32_t>& entry) {
    heap_[at] = entry;
    position_[entry.second] = at;
  }
  void sift_up(int64_t at) {
    const std::pair<Key, int32_t> entry = heap_[at];
    while (at > 0) {
      const int64_t parent = (at - 1) / 2;
      if (!(entry.first < heap_[parent].first)) break;
      place(at, heap_[parent]);
      at = parent;
    }
    place(at, entry);
  }
  void sift_down(int64_t at) {
    const std::pair<Key, int32_t> entry = heap_[at];
    const int64_t size = static_cast<int64_t>(heap_.size());
    for (;;) {
      int64_t child = 2 * at + 1;
      if (child >= size) break;
      if (child + 1 < size && heap_[child + 1].first < heap_[child].first) ++child;
      if (!(heap_[child].first < entry.first)) break;
      place(at, heap_[child]);
      at = child;
    }
    place(at, entry);
  }

  HeapArrays<Key>& arrays_;
  std::vector<std::pair<Key, int32_t>>& heap_;
  std::vector<int64_t>& position_;
};

template <class Weight, class Dist, class Output>
DijkstraCounts run(const gsssp_csr& csr, int64_t source, Output* distances_out, int32_t* predecessors) {
  const int64_t n = csr.num_vertices;
  const int64_t* offsets = csr.offsets;
  const int32_t* targets = csr.targets;
  const auto* weights = static_cast<const Weight*>(csr.weights);
  const Dist infinity = std::numeric_limits<Dist>::has_infinity ? std::numeric_limits<Dist>::infinity()
                                                                 : std::numeric_limits<Dist>::max();

  // int64 distances are computed in the caller's array itself; float32 ones need an array of floats.
  constexpr bool kInPlace = std::is_same_v<Dist, Output>;
  thread_local std::vector<Dist> kept_dist;
  std::vector<Dist> own_dist;
  std::vector<Dist>& dist_storage = n <= kKeepVertices ? kept_dist : own_dist;
  Dist* dist = nullptr;
  if constexpr (kInPlace) {
    dist = distances_out;
  } else {
    if (static_cast<int64_t>(dist_storage.size()) < n) dist_storage.resize(static_cast<size_t>(n));
    dist = dist_storage.data();
  }
  std::fill(dist, dist + n, infinity);
  if (predecessors != nullptr) std::fill(predecessors, predecessors + n, GSSSP_NO_PREDECESSOR);
  thread_local HeapArrays<Dist> kept_arrays;
  HeapArrays<Dist> own_arrays;
  IndexedHeap<Dist> heap(n, n <= kKeepVertices ? kept_arrays : own_arrays);
  DijkstraCounts counts;
  bool sum_overflowed = false;

  dist[source] = Dist(0);
  heap.push_or_decrease(static_cast<int32_t>(source), Dist(0));
  while (!heap.empty()) {
    const auto [du, u] = heap.pop();
    ++counts.extractions;
    const int64_t end = offsets[u + 1];
    counts.edges_relaxed += end - offsets[u];
    for (int64_t e = offsets[u]; e < end; ++e) {
      const int32_t v = targets[e];
      // Dist(du) + Dist(w): int64 for int32 weights; for float32, one float add as on the GPU (x86-64
      // evaluates float in SSE registers, with no excess precision).
      const Dist candidate = du + static_cast<Dist>(weights[e]);
      if (candidate < dist[v]) {
        dist[v] = candidate;
        if (predecessors != nullptr) predecessors[v] = u;
        heap.push_or_decrease(v, candidate);
      } else if (candidate == infinity) {
        sum_overflowed = true;
      }
    }
  }

  if (sum_overflowed) {
    // An overflowing sum matters only if no other path reached the target.
    for (int64_t u = 0; u < n; ++u) {
      if (dist[u] == infinity) continue;
      for (int64_t e = offsets[u]; e < offsets[u + 1]; ++e) {
        if (dist[targets[e]] == infinity) {
          fail(GSSSP_ERROR_OVERFLOW,
               format("a float32 distance from source %lld overflowed: a reachable vertex's shortest path sums to "
                      "more than FLT_MAX (edge %lld: %lld -> %d)",
                      static_cast<long long>(source), static_cast<long long>(e), static_cast<long long>(u),
                      targets[e]));
        }
      }
    }
  }

  // Every reached vertex is extracted exactly once.
  counts.reached = counts.extractions;
  if constexpr (!kInPlace) {
    for (int64_t v = 0; v < n; ++v) distances_out[v] = static_cast<Output>(dist[v]);
  }
  return counts;
}

}  // namespace

DijkstraCounts dijkstra(const gsssp_csr& csr, int64_t source, void* distances, int32_t* predecessors) {
  if (csr.weight_type == GSSSP_WEIGHT_FLOAT32) {
    return run<float, float, double>(csr, source, static_cast<double*>(distances), predecessors);
  }
  return run<int32_t, int64_t, int64_t>(csr, source, static_cast<int64_t*>(distances), predecessors);
}

}  // namespace gsssp::cpu
