#include "cpu/dijkstra.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <memory>
#include <type_traits>
#include <limits>
#include <utility>
#include <vector>

#include "common/error.hpp"
#include "cpu/overflow_check.hpp"
#include "graph/csr_checks.hpp"

namespace gsssp::cpu {
namespace {

// The priority queue is a radix heap (Ahuja, Mehlhorn, Orlin & Tarjan, J. ACM 1990): Dijkstra's keys only grow, so an
// entry is filed by the highest bit in which its key differs from the last key taken, and each entry moves down the
// buckets at most once per bit. For non-negative int64 distances the key is the distance, 32-bit when every distance
// fits (at most (n - 1) x the largest weight), else 64-bit; for non-negative float32 distances it is the float's bit
// pattern, which orders them the same. Entries are never decreased: a lowered distance is pushed again and the stale
// entry is skipped when its key no longer matches the vertex's distance.
//
// Measured natively through the library on the H100 host's CPU (an Intel Xeon VM; call K of 2026-11-26 in
// benchmarks/results/serving/2026-11-26_d397c32_h100, benchmarks/src/native/cpu_dijkstra_calls.cpp, median of
// 3,000 calls, three rounds). This loop (built then beside the 4-ary heap, unused there) against a07ef85's (64-bit keys,
// the loop inlined into the dispatch), us:
//   - random n = 1,000, d 7, w 1..10 (FfmCallBenchmark's graph): 24.2 / 27.1 / 24.5 against 30.7 / 27.7 / 27.8;
//   - the same with w 1..1,000: 49.7 / 49.8 / 49.2 against 55.7 / 56.2 / 59.6;
//   - random n = 4,096, w 1..1,000: 278 / 276 / 281 against 298 / 301 / 313;
//   - rome99: 221 / 169 / 169 against 165 / 205 / 163.
// A 4-ary heap with decrease-key was tried for small graphs with wide weights (its cost grows with the heap, the radix
// heap's with the weights' range). A standalone copy won there on the host (benchmarks/src/native/cpu_queues.cpp:
// rome99 126 against 174 us). In the library, on the same host, it lost: rome99 207-220 us, w 1..1,000 78 us. So it was
// not kept.
//
// The heap's buckets are kept per thread between queries (a small query's cost is otherwise dominated by allocating
// them); graphs above kKeepVertices get buckets of their own, freed after the query, so an idle thread never holds more
// than a few tens of MB.
constexpr int64_t kKeepVertices = int64_t{1} << 22;

template <class Key>
class RadixHeap {
 public:
  static constexpr int kBits = static_cast<int>(sizeof(Key) * 8);

  // Empties the heap (keeping the buckets' memory) for a search whose first key is 0.
  void reset() {
    for (auto& bucket : buckets_) bucket.clear();
    last_ = 0;
    size_ = 0;
  }
  bool empty() const { return size_ == 0; }
  void push(Key key, int32_t vertex) {
    buckets_[index(key)].push_back({key, vertex});
    ++size_;
  }
  std::pair<Key, int32_t> pop() {
    if (buckets_[0].empty()) {
      int i = 1;
      while (buckets_[i].empty()) ++i;
      auto& from = buckets_[i];
      Key low = from[0].first;
      for (const auto& entry : from) low = std::min(low, entry.first);
      last_ = low;
      for (const auto& entry : from) buckets_[index(entry.first)].push_back(entry);
      from.clear();
    }
    const std::pair<Key, int32_t> top = buckets_[0].back();
    buckets_[0].pop_back();
    --size_;
    return top;
  }

 private:
  int index(Key key) const {
    const Key diff = key ^ last_;
    if (diff == 0) return 0;
    if constexpr (sizeof(Key) == 8) return 64 - __builtin_clzll(diff);
    return 32 - __builtin_clz(static_cast<unsigned>(diff));
  }

  std::vector<std::pair<Key, int32_t>> buckets_[kBits + 1];
  Key last_ = 0;
  size_t size_ = 0;
};

// The radix key of a non-negative distance.
inline uint64_t radix_key(int64_t d) { return static_cast<uint64_t>(d); }
inline uint32_t radix_key(float d) {
  uint32_t bits;
  std::memcpy(&bits, &d, sizeof(bits));
  return bits;
}

// What Dijkstra's loop reads and writes besides its queue.
template <class Weight, class Dist>
struct Graph {
  const int64_t* offsets;
  const int32_t* targets;
  const Weight* weights;
  Dist* dist;
  int32_t* predecessors;  // null when not asked for
  const char* wanted;     // the targets' marks, read while remaining > 0
  Dist infinity;
};

// What the loop counted, and how it ended.
struct Progress {
  int64_t extractions = 0;
  int64_t edges_relaxed = 0;
  int64_t remaining = 0;    // targets not yet settled (0: no targets)
  bool overflowed = false;  // a float32 sum reached infinity
  bool stopped = false;     // every target is settled
};

// Dijkstra's loop, until the heap is empty or every target is settled; stale entries are skipped. The loop keeps its
// counters and the graph's pointers in locals and is compiled on its own (noinline). Inlined into the dispatch with
// its three key and weight types, or with its counters in a lambda's by-reference captures, it ran the 1,000-vertex
// query (d 7, w 1..10) in 18.9-19.3 us, against 15.7-15.9 us (development machine, median of 20,000 calls).
template <class Key, class Weight, class Dist>
__attribute__((noinline)) Progress drain(RadixHeap<Key>& queue, const Graph<Weight, Dist> g, int64_t remaining) {
  int64_t extractions = 0;
  int64_t edges_relaxed = 0;
  bool overflowed = false;
  bool stopped = false;
  const int64_t* offsets = g.offsets;
  const int32_t* targets = g.targets;
  const Weight* weights = g.weights;
  Dist* dist = g.dist;
  int32_t* predecessors = g.predecessors;
  const char* wanted = g.wanted;
  const Dist infinity = g.infinity;
  while (!queue.empty()) {
    const auto [key, u] = queue.pop();
    const Dist du = dist[u];
    if (static_cast<Key>(radix_key(du)) != key) continue;  // stale: u was pushed again with a lower distance
    ++extractions;
    if (remaining > 0 && wanted[u] && --remaining == 0) {
      stopped = true;  // every target is settled: the rest of the search cannot change them
      break;
    }
    const int64_t end = offsets[u + 1];
    edges_relaxed += end - offsets[u];
    for (int64_t e = offsets[u]; e < end; ++e) {
      const int32_t v = targets[e];
      // Dist(du) + Dist(w): int64 for int32 weights; for float32, one float add as on the GPU (x86-64
      // evaluates float in SSE registers, with no excess precision).
      const Dist candidate = du + static_cast<Dist>(weights[e]);
      if (candidate < dist[v]) {
        dist[v] = candidate;
        if (predecessors != nullptr) predecessors[v] = u;
        queue.push(static_cast<Key>(radix_key(candidate)), v);
      } else if (candidate == infinity) {
        overflowed = true;
      }
    }
  }
  return Progress{extractions, edges_relaxed, remaining, overflowed, stopped};
}

// Key: the radix heap's key type (uint32 or uint64 for int64 distances, the bit pattern for float32 ones).
template <class Weight, class Dist, class Output, class Key>
DijkstraCounts run(const gsssp_csr& csr, int64_t source, Output* distances_out, int32_t* predecessors,
                   const int32_t* stop_at, int64_t stop_count) {
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
  thread_local RadixHeap<Key> kept_heap;
  std::unique_ptr<RadixHeap<Key>> own_heap;
  if (n > kKeepVertices) own_heap = std::make_unique<RadixHeap<Key>>();
  RadixHeap<Key>& radix = own_heap ? *own_heap : kept_heap;
  DijkstraCounts counts;

  // Targets: the search ends once each is settled (popped with its final key); a per-thread flag array marks
  // them, cleared again before returning.
  thread_local std::vector<char> kept_wanted;
  std::vector<char> own_wanted;
  std::vector<char>& wanted = n <= kKeepVertices ? kept_wanted : own_wanted;
  int64_t remaining = 0;
  if (stop_count > 0) {
    if (static_cast<int64_t>(wanted.size()) < n) wanted.assign(static_cast<size_t>(n), 0);
    for (int64_t i = 0; i < stop_count; ++i) {
      if (!wanted[stop_at[i]]) {
        wanted[stop_at[i]] = 1;
        ++remaining;
      }
    }
  }
  struct Unmark {
    std::vector<char>& wanted;
    const int32_t* stop_at;
    int64_t count;
    ~Unmark() {
      for (int64_t i = 0; i < count; ++i) wanted[stop_at[i]] = 0;
    }
  } unmark{wanted, stop_at, stop_count > 0 ? stop_count : 0};

  dist[source] = Dist(0);
  const Graph<Weight, Dist> graph{offsets, targets, weights, dist, predecessors, wanted.data(), infinity};
  radix.reset();  // also drops what a search stopped at its targets left
  radix.push(static_cast<Key>(radix_key(Dist(0))), static_cast<int32_t>(source));
  const Progress progress = drain<Key>(radix, graph, remaining);
  counts.extractions = progress.extractions;
  counts.edges_relaxed = progress.edges_relaxed;
  const bool sum_overflowed = progress.overflowed;
  const bool stopped_early = progress.stopped;

  // (A search that stopped at its targets leaves reachable vertices unsettled: the rule applies to full ones.)
  if (sum_overflowed && !stopped_early) throw_if_overflowed(csr, source, dist, infinity);

  // Every reached vertex is extracted exactly once.
  counts.reached = counts.extractions;
  if constexpr (!kInPlace) {
    for (int64_t v = 0; v < n; ++v) distances_out[v] = static_cast<Output>(dist[v]);
  }
  return counts;
}

}  // namespace

DijkstraCounts dijkstra(const gsssp_csr& csr, int64_t source, void* distances, int32_t* predecessors,
                        const int32_t* targets, int64_t target_count, int64_t max_int_weight) {
  if (csr.weight_type == GSSSP_WEIGHT_FLOAT32) {
    return run<float, float, double, uint32_t>(csr, source, static_cast<double*>(distances), predecessors, targets,
                                               target_count);
  }
  if (max_int_weight < 0) max_int_weight = graph::weight_facts(csr).max_int_weight;
  // Every distance is at most (n - 1) * max weight: 32-bit keys when that stays below 2^32 - 1.
  const bool narrow = csr.num_vertices <= 1 ||
                      static_cast<double>(csr.num_vertices - 1) * static_cast<double>(max_int_weight) < 4294967295.0;
  auto* out = static_cast<int64_t*>(distances);
  if (narrow) return run<int32_t, int64_t, int64_t, uint32_t>(csr, source, out, predecessors, targets, target_count);
  return run<int32_t, int64_t, int64_t, uint64_t>(csr, source, out, predecessors, targets, target_count);
}

}  // namespace gsssp::cpu
