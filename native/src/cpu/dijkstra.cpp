#include "cpu/dijkstra.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <type_traits>
#include <limits>
#include <utility>
#include <vector>

#include "common/cutoff.hpp"
#include "common/error.hpp"
#include "cpu/overflow_check.hpp"
#include "graph/csr_checks.hpp"

namespace gsssp::cpu {
namespace {

// The priority queue is Dial's buckets for int32 weights of at most kBucketMaxWeight (BucketQueue, below), else a
// radix heap (Ahuja, Mehlhorn, Orlin & Tarjan, J. ACM 1990): Dijkstra's keys only grow, so an
// entry is filed by the highest bit in which its key differs from the last key taken, and each entry moves down the
// buckets at most once per bit. For non-negative int64 distances the key is the distance, 32-bit when every distance
// fits (at most (n - 1) x the largest weight), else 64-bit; for non-negative float32 distances it is the float's bit
// pattern, which orders them the same. Entries are never decreased: a lowered distance is pushed again and the stale
// entry is skipped when its key no longer matches the vertex's distance.
//
// This loop (32-bit keys where they fit, the loop specialised per key type) was 5-20% faster than the 64-bit-key loop
// before it on small random graphs. A 4-ary heap with decrease-key was tried for small graphs with wide weights; in the
// library it lost to the radix heap, so it was not kept (docs/performance.md).
//
// The heap's buckets are kept per thread between queries (a small query's cost is otherwise dominated by allocating
// them); graphs above kKeepVertices get buckets of their own, freed after the query, so an idle thread never holds more
// than a few tens of MB.
constexpr int64_t kKeepVertices = int64_t{1} << 22;

template <class KeyType>
class RadixHeap {
 public:
  using Key = KeyType;
  static constexpr int kBits = static_cast<int>(sizeof(Key) * 8);

  // Empties the heap (keeping the buckets' memory) for a search whose first key is 0 (the largest weight does not
  // matter to it).
  void reset(int64_t /*max_weight*/ = 0) {
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

// Dial's bucket queue (R. B. Dial, "Algorithm 360", CACM 12(11), 1969), for int32 weights of at most
// kBucketMaxWeight: while Dijkstra takes key k, every key in the queue lies in [k, k + max weight], so a power of two
// (at least 64) of circular buckets above the largest weight files each entry by key & mask. A push is an append; a
// pop takes the current bucket, or jumps to the next occupied one, found by occupancy bits in three levels (a bit per
// bucket, per word of those, per word of those): a few bit operations however many keys between two vertices are
// empty. Stale entries are skipped as with the radix heap (an entry's key is the current key when it is popped, the
// vertex's distance may since be lower).
//
// Buckets were about twice as fast as the radix heap on every graph measured but those whose weights are wide for
// their size (rome99: largest weight 12,711, 3,353 vertices, most keys empty), which the three levels of occupancy
// bits then made twice as fast too; hence buckets up to a largest weight of 65,535 (up to 65,536 buckets). A list per
// bucket through one pool of entries, and coarse buckets for the wide weights, were tried and not kept
// (docs/performance.md).
constexpr int64_t kBucketMaxWeight = 65535;

// The buckets' entries, as Dial's queue keeps them. VectorBuckets: a vector per bucket (its header in one array, its
// entries wherever the allocator put them). InlineBuckets, for wide weights (many buckets, few entries each): a bucket's
// count and first kInline entries in one 16-byte cell of a flat array, the rest in a vector beside it, so that a push
// or a pop touches one cache line instead of a header and a separate buffer. Entries leave a bucket last in, first out
// either way. Why: perf on rome99 (largest weight 12,711: 16,384 buckets, 3,353 vertices) put a quarter of the search
// on the load of a bucket's vector header, and most of the rest near the store into its buffer. Inline cells made
// rome99 and road NY 15-25% faster; more inline entries were no better, nor were inline cells with 1,024 buckets,
// hence kInlineMinBuckets (docs/performance.md).
class VectorBuckets {
 public:
  void resize(size_t count) {
    if (buckets_.size() < count) buckets_.resize(count);
  }
  bool empty(size_t b) const { return buckets_[b].empty(); }
  void push(size_t b, int32_t vertex) { buckets_[b].push_back(vertex); }
  // Takes the bucket's last entry; true when the bucket is then empty.
  int32_t pop(size_t b, bool& now_empty) {
    auto& bucket = buckets_[b];
    const int32_t vertex = bucket.back();
    bucket.pop_back();
    now_empty = bucket.empty();
    return vertex;
  }
  void clear(size_t b) { buckets_[b].clear(); }

 private:
  std::vector<std::vector<int32_t>> buckets_;
};

class InlineBuckets {
 public:
  static constexpr uint32_t kInline = 3;
  void resize(size_t count) {
    if (cells_.size() < count) cells_.resize(count, Cell{});
    if (spill_.size() < count) spill_.resize(count);
  }
  bool empty(size_t b) const { return cells_[b].count == 0; }
  void push(size_t b, int32_t vertex) {
    Cell& cell = cells_[b];
    if (cell.count < kInline) {
      cell.entry[cell.count] = vertex;
    } else {
      spill_[b].push_back(vertex);
    }
    ++cell.count;
  }
  int32_t pop(size_t b, bool& now_empty) {
    Cell& cell = cells_[b];
    int32_t vertex;
    if (cell.count > kInline) {
      auto& spilled = spill_[b];
      vertex = spilled.back();
      spilled.pop_back();
    } else {
      vertex = cell.entry[cell.count - 1];
    }
    now_empty = --cell.count == 0;
    return vertex;
  }
  void clear(size_t b) {
    if (cells_[b].count > kInline) spill_[b].clear();
    cells_[b].count = 0;
  }

 private:
  struct Cell {
    uint32_t count = 0;
    int32_t entry[kInline];
  };
  static_assert(sizeof(Cell) == 16, "one cell a quarter of a cache line");
  std::vector<Cell> cells_;
  std::vector<std::vector<int32_t>> spill_;
};

template <class Buckets>
class BucketQueue {
 public:
  using Key = uint64_t;

  // Empties the queue (keeping the buckets' memory) for a search whose first key is 0 and whose weights are at most
  // max_weight (<= kBucketMaxWeight). Buckets and bits are already clear after a search that emptied the queue; one
  // stopped at its targets left entries, and only their buckets are cleared (by the bits).
  void reset(int64_t max_weight) {
    if (size_ > 0) {
      for (size_t w = 0; w < level0_.size(); ++w) {
        for (uint64_t bits = level0_[w]; bits != 0; bits &= bits - 1) {
          buckets_.clear((w << 6) + static_cast<size_t>(__builtin_ctzll(bits)));
        }
      }
      std::fill(level0_.begin(), level0_.end(), 0);
      std::fill(level1_.begin(), level1_.end(), 0);
      level2_ = 0;
    }
    const size_t count = bucket_count(max_weight);
    buckets_.resize(count);
    if (level0_.size() < count / 64) level0_.resize(count / 64, 0);
    if (level1_.size() < (count / 64 + 63) / 64) level1_.resize((count / 64 + 63) / 64, 0);
    mask_ = count - 1;
    current_ = 0;
    size_ = 0;
  }
  // The buckets for weights up to max_weight: a power of two, at least 64, above it.
  static size_t bucket_count(int64_t max_weight) {
    size_t count = 64;
    while (count <= static_cast<size_t>(max_weight)) count <<= 1;
    return count;
  }
  bool empty() const { return size_ == 0; }
  void push(Key key, int32_t vertex) {
    const size_t b = key & mask_;
    buckets_.push(b, vertex);
    level0_[b >> 6] |= uint64_t{1} << (b & 63);
    level1_[b >> 12] |= uint64_t{1} << ((b >> 6) & 63);
    level2_ |= uint64_t{1} << (b >> 12);
    ++size_;
  }
  std::pair<Key, int32_t> pop() {
    size_t b = current_ & mask_;
    if (buckets_.empty(b)) {
      // The next non-empty bucket, circularly (a long chain of heavy edges would otherwise step through up to
      // max_weight keys per vertex).
      const size_t next = next_occupied(b);
      current_ += (next - b) & mask_;
      b = next;
    }
    bool now_empty = false;
    const int32_t vertex = buckets_.pop(b, now_empty);
    if (now_empty) {
      uint64_t& word0 = level0_[b >> 6];
      word0 &= ~(uint64_t{1} << (b & 63));
      if (word0 == 0) {
        uint64_t& word1 = level1_[b >> 12];
        word1 &= ~(uint64_t{1} << ((b >> 6) & 63));
        if (word1 == 0) level2_ &= ~(uint64_t{1} << (b >> 12));
      }
    }
    --size_;
    return {current_, vertex};
  }

 private:
  // The first occupied bucket at or after b, wrapping around (the queue is not empty): in b's word, else in the first
  // occupied word after it within b's group of 64 words, else in the first occupied group after b's, else from the
  // start.
  size_t next_occupied(size_t b) const {
    const size_t w = b >> 6;
    const uint64_t here = level0_[w] & (~uint64_t{0} << (b & 63));
    if (here != 0) return (w << 6) + static_cast<size_t>(__builtin_ctzll(here));
    const size_t g = w >> 6;
    const uint64_t later_words = (w & 63) < 63 ? level1_[g] & (~uint64_t{0} << ((w & 63) + 1)) : 0;
    size_t word;
    if (later_words != 0) {
      word = (g << 6) + static_cast<size_t>(__builtin_ctzll(later_words));
    } else {
      const uint64_t later_groups = g < 63 ? level2_ & (~uint64_t{0} << (g + 1)) : 0;
      const size_t group = static_cast<size_t>(__builtin_ctzll(later_groups != 0 ? later_groups : level2_));
      word = (group << 6) + static_cast<size_t>(__builtin_ctzll(level1_[group]));
    }
    return (word << 6) + static_cast<size_t>(__builtin_ctzll(level0_[word]));
  }

  Buckets buckets_;
  std::vector<uint64_t> level0_;  // bit b: bucket b holds entries
  std::vector<uint64_t> level1_;  // bit w: level0_[w] != 0
  uint64_t level2_ = 0;           // bit g: level1_[g] != 0 (at most 16 groups of 4,096 buckets)
  size_t mask_ = 0;
  Key current_ = 0;
  size_t size_ = 0;
};

// From this many buckets (largest weight 2,048 or more) the buckets are InlineBuckets, else VectorBuckets.
constexpr size_t kInlineMinBuckets = 4096;

bool inline_buckets(int64_t max_weight) {
  return BucketQueue<VectorBuckets>::bucket_count(max_weight) >= kInlineMinBuckets;
}

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
  Dist limit;             // the cutoff (gsssp_options.has_cutoff): the search ends at the first key above it
};

// What the loop counted, and how it ended.
struct Progress {
  int64_t extractions = 0;
  int64_t edges_relaxed = 0;
  int64_t remaining = 0;    // targets not yet settled (0: no targets)
  bool overflowed = false;  // a float32 sum reached infinity
  bool stopped = false;     // every target is settled
  bool cut = false;         // the next key lay beyond the cutoff
};

// Dijkstra's loop, until the heap is empty or every target is settled; stale entries are skipped. The loop keeps its
// counters and the graph's pointers in locals and is compiled on its own (noinline). Inlined into the dispatch with
// its three key and weight types, or with its counters in a lambda's by-reference captures, it was about 20% slower
// on a 1,000-vertex query.
template <class Queue, class Weight, class Dist>
__attribute__((noinline)) Progress drain(Queue& queue, const Graph<Weight, Dist> g, int64_t remaining) {
  using Key = typename Queue::Key;
  int64_t extractions = 0;
  int64_t edges_relaxed = 0;
  bool overflowed = false;
  bool stopped = false;
  bool cut = false;
  const int64_t* offsets = g.offsets;
  const int32_t* targets = g.targets;
  const Weight* weights = g.weights;
  Dist* dist = g.dist;
  int32_t* predecessors = g.predecessors;
  const char* wanted = g.wanted;
  const Dist infinity = g.infinity;
  const Dist limit = g.limit;
  while (!queue.empty()) {
    const auto [key, u] = queue.pop();
    const Dist du = dist[u];
    if (static_cast<Key>(radix_key(du)) != key) continue;  // stale: u was pushed again with a lower distance
    if (du > limit) {
      cut = true;  // keys only grow: every vertex within the cutoff is settled
      break;
    }
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
  return Progress{extractions, edges_relaxed, remaining, overflowed, stopped, cut};
}

// Queue: the radix heap (keys uint32 or uint64 for int64 distances, the bit pattern for float32 ones) or the bucket
// queue (int32 weights of at most kBucketMaxWeight, the largest being max_weight).
template <class Weight, class Dist, class Output, class Queue>
DijkstraCounts run(const gsssp_csr& csr, int64_t source, Output* distances_out, int32_t* predecessors,
                   const int32_t* stop_at, int64_t stop_count, int64_t max_weight, Dist limit) {
  using Key = typename Queue::Key;
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
  thread_local Queue kept_queue;
  std::unique_ptr<Queue> own_queue;
  if (n > kKeepVertices) own_queue = std::make_unique<Queue>();
  Queue& queue = own_queue ? *own_queue : kept_queue;
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
  const Graph<Weight, Dist> graph{offsets, targets, weights, dist, predecessors, wanted.data(), infinity, limit};
  queue.reset(max_weight);  // also drops what a search stopped at its targets left
  queue.push(static_cast<Key>(radix_key(Dist(0))), static_cast<int32_t>(source));
  const Progress progress = drain(queue, graph, remaining);
  counts.extractions = progress.extractions;
  counts.edges_relaxed = progress.edges_relaxed;
  const bool sum_overflowed = progress.overflowed;
  const bool stopped_early = progress.stopped;

  // (A search that stopped at its targets leaves reachable vertices unsettled: the rule applies to full ones. Below
  // a finite cutoff an overflowed sum lies beyond it anyway.)
  if (sum_overflowed && !stopped_early && !(limit < infinity)) throw_if_overflowed(csr, source, dist, infinity);
  if (limit < infinity) {
    // The ball alone: labels above the cutoff (upper bounds of vertices left unsettled) become unreached. A settled
    // vertex's predecessor is settled before it, so the tree stays inside the ball.
    for (int64_t v = 0; v < n; ++v) {
      if (dist[v] > limit) {
        dist[v] = infinity;
        if (predecessors != nullptr) predecessors[v] = GSSSP_NO_PREDECESSOR;
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

DijkstraCounts dijkstra(const gsssp_csr& csr, int64_t source, void* distances, int32_t* predecessors,
                        const int32_t* targets, int64_t target_count, int64_t max_int_weight, const Cutoff& cutoff) {
  if (csr.weight_type == GSSSP_WEIGHT_FLOAT32) {
    return run<float, float, double, RadixHeap<uint32_t>>(csr, source, static_cast<double*>(distances), predecessors,
                                                          targets, target_count, 0, cutoff.float_limit);
  }
  const int64_t limit = cutoff.int_limit;
  if (max_int_weight < 0) max_int_weight = graph::weight_facts(csr).max_int_weight;
  auto* out = static_cast<int64_t*>(distances);
  if (max_int_weight >= 0 && max_int_weight <= kBucketMaxWeight) {
    if (inline_buckets(max_int_weight)) {
      return run<int32_t, int64_t, int64_t, BucketQueue<InlineBuckets>>(csr, source, out, predecessors, targets,
                                                                        target_count, max_int_weight, limit);
    }
    return run<int32_t, int64_t, int64_t, BucketQueue<VectorBuckets>>(csr, source, out, predecessors, targets,
                                                                      target_count, max_int_weight, limit);
  }
  // Every distance is at most (n - 1) * max weight: 32-bit keys when that stays below 2^32 - 1.
  const bool narrow = csr.num_vertices <= 1 ||
                      static_cast<double>(csr.num_vertices - 1) * static_cast<double>(max_int_weight) < 4294967295.0;
  if (narrow) {
    return run<int32_t, int64_t, int64_t, RadixHeap<uint32_t>>(csr, source, out, predecessors, targets, target_count,
                                                               max_int_weight, limit);
  }
  return run<int32_t, int64_t, int64_t, RadixHeap<uint64_t>>(csr, source, out, predecessors, targets, target_count,
                                                             max_int_weight, limit);
}

int64_t clear_beyond_cutoff(const gsssp_csr& csr, void* distances, int32_t* predecessors, const gsssp_options& o) {
  const int64_t n = csr.num_vertices;
  int64_t reached = 0;
  auto clear = [&](auto* d, auto limit, auto infinity) {
    for (int64_t v = 0; v < n; ++v) {
      if (d[v] > limit) {
        d[v] = infinity;
        if (predecessors != nullptr) predecessors[v] = GSSSP_NO_PREDECESSOR;
      } else if (d[v] != infinity) {
        ++reached;
      }
    }
  };
  if (csr.weight_type == GSSSP_WEIGHT_FLOAT32) {
    clear(static_cast<double*>(distances), static_cast<double>(float_cutoff(o)), std::numeric_limits<double>::infinity());
  } else {
    clear(static_cast<int64_t*>(distances), int_cutoff(o), std::numeric_limits<int64_t>::max());
  }
  return reached;
}

}  // namespace gsssp::cpu
