// Many-to-many on the host: RPHAST (Delling, Goldberg, Werneck, "Faster Batched Shortest Paths in Road Networks",
// ATMOS 2011, section 3), on the hierarchy's rank-ordered search graph (ch.hpp).
//
// Target selection, once per matrix: the core (the top ranks, ch_policy.hpp) whole, and the targets' backward upward
// search spaces (with stall-on-demand) below it, numbered by descending rank, with the downward arcs among them. The
// downward half of a shortest up-down path into a target t lies in the core and t's search space: each of its vertices
// below the core is settled there at its exact distance to t, and a vertex at its exact distance is never stalled.
//
// Sources go in groups of kMatrixLanes, one lane each. A source's upward search stops at the core too; its labels
// seed the group's sweep, which first pushes them up the core's upward arcs (in ascending rank), then takes every
// selected vertex in descending rank the minimum over its incoming downward arcs. So each target gets the minimum over
// the up-down paths through the selection, which include a shortest one. A sweep updates all lanes of a vertex at
// once (SIMD), in 32-bit lanes when the group's distances provably fit, else 64-bit. Groups run in parallel on the
// host's cores; a thread's scratch is allocated once per matrix.
#include <algorithm>
#include <cstring>
#include <limits>
#include <memory>

#include "algorithms/ch/ch.hpp"
#include "algorithms/ch/ch_policy.hpp"
#include "algorithms/ch/ch_pool.hpp"
#include "common/error.hpp"

namespace gsssp::ch {
namespace {

constexpr int kLanes = kMatrixLanes;

// Rank r's two arc lists in pair_arcs (ch.hpp): its up arcs [b[0], b[1]), its down arcs [b[1], b[2]).
inline const int64_t* lists(const Hierarchy& h, int32_t r) { return h.pair_begin.data() + 2 * static_cast<int64_t>(r); }

// Upward Dijkstra with stall-on-demand (WEA 2008, section 5) over the rank-ordered search graph: forward over up
// arcs, or backward over down arcs. Labels are indexed by rank and stamped per search, so one object serves every
// search of a thread without clearing.
class Upward {
 public:
  explicit Upward(int64_t n) : label_(static_cast<size_t>(n)) { heap_.reserve(1024); }

  // visit(rank, distance) for every vertex settled and not stalled. Vertices of rank `stop` and above (the core) get
  // labels but are not expanded; stopped() lists them afterwards, with their labels' distances. A start in the core
  // is its own only stopped vertex, at distance 0.
  template <class Visit>
  void run(const Hierarchy& h, int32_t start, bool forward, int32_t stop, Visit&& visit) {
    if (++epoch_ == 0) {
      for (Label& l : label_) l.stamp = 0;
      epoch_ = 1;
    }
    stopped_.clear();
    heap_.clear();
    label_[start] = Label{0, epoch_};
    if (start >= stop) {
      stopped_.push_back(start);
      return;
    }
    // Forward: relax the up list, stall-test the down list; backward: the mirror.
    const SearchArc* const arcs = h.pair_arcs.data();
    const int relax = forward ? 0 : 1;
    heap_.emplace_back(0, start);
    while (!heap_.empty()) {
      std::pop_heap(heap_.begin(), heap_.end(), greater);
      const auto [d, v] = heap_.back();
      heap_.pop_back();
      if (d > label_[v].dist) continue;
      const int64_t* const block = lists(h, v);
      bool stalled = false;
      for (int64_t i = block[1 - relax]; i < block[2 - relax]; ++i) {
        const Label& l = label_[arcs[i].other];
        if (l.stamp == epoch_ && l.dist + arcs[i].weight < d) {
          stalled = true;
          break;
        }
      }
      if (stalled) continue;
      visit(v, d);
      for (int64_t i = block[relax]; i < block[relax + 1]; ++i) {
        const int32_t w = arcs[i].other;
        const uint64_t nd = d + arcs[i].weight;
        Label& l = label_[w];
        if (l.stamp == epoch_ && nd >= l.dist) continue;
        if (w >= stop && l.stamp != epoch_) stopped_.push_back(w);
        l = Label{nd, epoch_};
        if (w >= stop) continue;
        heap_.emplace_back(nd, w);
        std::push_heap(heap_.begin(), heap_.end(), greater);
      }
    }
  }

  const std::vector<int32_t>& stopped() const { return stopped_; }
  uint64_t distance(int32_t v) const { return label_[v].dist; }

 private:
  struct Label {
    uint64_t dist;
    uint32_t stamp;
  };
  static bool greater(const std::pair<uint64_t, int32_t>& a, const std::pair<uint64_t, int32_t>& b) {
    return a.first > b.first;
  }
  std::vector<Label> label_;
  std::vector<std::pair<uint64_t, int32_t>> heap_;
  std::vector<int32_t> stopped_;
  uint32_t epoch_ = 0;
};

// An arc of the selection: the other end's index in the selection and the weight.
struct SubArc {
  int32_t other;
  uint32_t weight;
};

// The targets' restricted graph: vertices by descending rank (index = "sub"), the core first (subs 0..core-1, every
// vertex of the top `core` ranks), then the vertices of the targets' search spaces below it. Downward arcs among
// them by head (incoming, tails of lower sub), and the core's upward arcs by tail (heads of lower sub).
struct Selection {
  int32_t core = 0;
  std::vector<int32_t> sub_of_rank;  // n entries, -1 where not selected
  std::vector<int64_t> begin;        // size + 1: incoming downward arcs
  std::vector<SubArc> arcs;
  std::vector<int64_t> up_begin;     // core + 1: upward arcs of the core's vertices
  std::vector<SubArc> up_arcs;
  std::vector<int32_t> target_sub;   // per target, in the order given
  uint64_t longest = 0;              // bounds any path up the core and then down the selection
  uint32_t max_weight = 0;

  int32_t size() const { return static_cast<int32_t>(begin.size()) - 1; }
};

// A source's upward distance to a selected vertex, for one lane of a group.
struct Seed {
  int32_t sub;
  int32_t lane;
  uint64_t dist;
};

typedef uint32_t Lanes32 __attribute__((vector_size(kLanes * 4)));
typedef uint64_t Lanes64 __attribute__((vector_size(kLanes * 8)));
// A vertex's lanes on their own cache lines (GCC aligns a vector type only as far as the target's widest register).
struct alignas(64) Row32 {
  Lanes32 lanes;
};
struct alignas(64) Row64 {
  Lanes64 lanes;
};
static_assert(sizeof(Row32) == sizeof(Lanes32) && sizeof(Row64) == sizeof(Lanes64), "rows are bare lanes");

// The sweep of a group, in two passes. Up: the core from its lowest rank to its highest, each vertex's seeds pushed
// along its upward arcs (a source's search stops at the core, so the core's upward paths are walked here). Down:
// every selected vertex in order takes the minimum of what it has and its incoming downward arcs. Values are clamped
// at `inf` whenever read or stored, so that inf + weight never wraps. Seeds sorted by sub.
template <class V, class T>
inline __attribute__((always_inline)) void sweep_lanes(const Selection& s, const Seed* seeds, size_t seed_count, T inf,
                                                       V* dist) {
  V infinite;
  for (int l = 0; l < kLanes; ++l) infinite[l] = inf;
  const int32_t core = s.core;
  size_t next = 0;
  for (int32_t i = 0; i < core; ++i) {
    V here = infinite;
    for (; next < seed_count && seeds[next].sub == i; ++next) {
      const T d = static_cast<T>(seeds[next].dist);
      if (d < here[seeds[next].lane]) here[seeds[next].lane] = d;
    }
    dist[i] = here;
  }
  const int64_t* up_begin = s.up_begin.data();
  const SubArc* up_arcs = s.up_arcs.data();
  for (int32_t i = core - 1; i >= 0; --i) {
    V from = dist[i];
    from = from < infinite ? from : infinite;
    for (int64_t a = up_begin[i]; a < up_begin[i + 1]; ++a) {
      V& to = dist[up_arcs[a].other];
      const V via = from + static_cast<T>(up_arcs[a].weight);
      to = via < to ? via : to;
    }
  }
  const int32_t size = s.size();
  const int64_t* begin = s.begin.data();
  const SubArc* arcs = s.arcs.data();
  for (int32_t i = 0; i < size; ++i) {
    V best = i < core ? dist[i] : infinite;
    for (int64_t a = begin[i]; a < begin[i + 1]; ++a) {
      const V via = dist[arcs[a].other] + static_cast<T>(arcs[a].weight);
      best = via < best ? via : best;
    }
    for (; next < seed_count && seeds[next].sub == i; ++next) {
      const T d = static_cast<T>(seeds[next].dist);
      if (d < best[seeds[next].lane]) best[seeds[next].lane] = d;
    }
    dist[i] = best < infinite ? best : infinite;
  }
}

__attribute__((target_clones("avx512f", "avx2", "default"))) void sweep32(const Selection& s, const Seed* seeds,
                                                                         size_t count, uint32_t inf, Lanes32* dist) {
  sweep_lanes<Lanes32, uint32_t>(s, seeds, count, inf, dist);
}

__attribute__((target_clones("avx512f", "avx2", "default"))) void sweep64(const Selection& s, const Seed* seeds,
                                                                         size_t count, uint64_t inf, Lanes64* dist) {
  sweep_lanes<Lanes64, uint64_t>(s, seeds, count, inf, dist);
}

// One thread's scratch for its groups of sources.
struct Worker {
  explicit Worker(int64_t n) : search(n) {}
  Upward search;
  std::vector<Seed> seeds;
  std::vector<Row32> dist32;
  std::vector<Row64> dist64;
};

Selection select(const Hierarchy& h, Pool& pool, std::vector<std::unique_ptr<Worker>>& workers, const int64_t* targets,
                 int64_t target_count) {
  const int64_t n = h.n();
  std::vector<std::vector<int32_t>> found(pool.size());
  int32_t core = static_cast<int32_t>(std::min<int64_t>(kMatrixCoreVertices, n / kMatrixCoreShare));
  const int32_t core_rank = static_cast<int32_t>(n - core);
  pool.for_chunks(target_count, kMatrixSearchChunk, [&](int t, int64_t b, int64_t e) {
    if (!workers[t]) workers[t] = std::make_unique<Worker>(h.n());
    for (int64_t j = b; j < e; ++j)
      workers[t]->search.run(h, h.view.rank[targets[j]], false, core_rank, [&](int32_t v, uint64_t) { found[t].push_back(v); });
  });
  Selection s;
  s.core = core;
  std::vector<int32_t> rank_of_sub;
  {
    std::vector<uint8_t> selected(static_cast<size_t>(n), 0);
    for (int64_t r = core_rank; r < n; ++r) selected[r] = 1;
    for (const auto& list : found)
      for (int32_t v : list) selected[v] = 1;
    s.sub_of_rank.assign(static_cast<size_t>(n), -1);
    for (int64_t r = n - 1; r >= 0; --r) {
      if (!selected[r]) continue;
      s.sub_of_rank[r] = static_cast<int32_t>(rank_of_sub.size());
      rank_of_sub.push_back(static_cast<int32_t>(r));
    }
  }
  const int32_t size = static_cast<int32_t>(rank_of_sub.size());
  s.begin.assign(static_cast<size_t>(size) + 1, 0);
  pool.for_chunks(size, kChunk, [&](int, int64_t b, int64_t e) {
    for (int64_t i = b; i < e; ++i) {
      const int64_t* const block = lists(h, rank_of_sub[i]);
      int64_t count = 0;
      for (int64_t a = block[1]; a < block[2]; ++a) count += s.sub_of_rank[h.pair_arcs[a].other] >= 0;
      s.begin[i + 1] = count;
    }
  });
  for (int32_t i = 0; i < size; ++i) s.begin[i + 1] += s.begin[i];
  s.arcs.resize(static_cast<size_t>(s.begin[size]));
  std::vector<uint64_t> longest(static_cast<size_t>(size), 0);
  for (int32_t i = 0; i < size; ++i) {
    const int64_t* const block = lists(h, rank_of_sub[i]);
    int64_t k = s.begin[i];
    uint64_t far = 0;
    for (int64_t a = block[1]; a < block[2]; ++a) {
      const int32_t tail = s.sub_of_rank[h.pair_arcs[a].other];
      if (tail < 0) continue;
      const uint32_t w = h.pair_arcs[a].weight;
      s.arcs[k++] = SubArc{tail, w};
      s.max_weight = std::max(s.max_weight, w);
      far = std::max(far, longest[tail] + w);
    }
    longest[i] = far;
    s.longest = std::max(s.longest, far);
  }
  // The core's upward arcs (their heads are core vertices too), and the heaviest upward path inside the core.
  s.up_begin.assign(static_cast<size_t>(core) + 1, 0);
  for (int32_t i = 0; i < core; ++i) {
    const int64_t* const block = lists(h, rank_of_sub[i]);
    s.up_begin[i + 1] = s.up_begin[i] + (block[1] - block[0]);
  }
  s.up_arcs.resize(static_cast<size_t>(s.up_begin[core]));
  std::vector<uint64_t> rising(static_cast<size_t>(core), 0);
  uint64_t highest = 0;
  for (int32_t i = core - 1; i >= 0; --i) {
    const int64_t* const block = lists(h, rank_of_sub[i]);
    int64_t k = s.up_begin[i];
    highest = std::max(highest, rising[i]);
    for (int64_t a = block[0]; a < block[1]; ++a) {
      const int32_t head = s.sub_of_rank[h.pair_arcs[a].other];
      const uint32_t w = h.pair_arcs[a].weight;
      s.up_arcs[k++] = SubArc{head, w};
      s.max_weight = std::max(s.max_weight, w);
      rising[head] = std::max(rising[head], rising[i] + w);
    }
  }
  s.longest += highest;
  s.target_sub.resize(static_cast<size_t>(target_count));
  for (int64_t j = 0; j < target_count; ++j) s.target_sub[j] = s.sub_of_rank[h.view.rank[targets[j]]];
  return s;
}

void run_group(const Hierarchy& h, const Selection& s, const int64_t* sources, int64_t first, int64_t count,
               int64_t target_count, Worker& w, int64_t* distances) {
  w.seeds.clear();
  uint64_t far = 0;
  for (int64_t l = 0; l < count; ++l) {
    w.search.run(h, h.view.rank[sources[first + l]], true, static_cast<int32_t>(h.n() - s.core),
                 [&](int32_t v, uint64_t d) {
                   const int32_t sub = s.sub_of_rank[v];
                   if (sub < 0) return;
                   w.seeds.push_back(Seed{sub, static_cast<int32_t>(l), d});
                   far = std::max(far, d);
                 });
    for (int32_t v : w.search.stopped()) {
      const uint64_t d = w.search.distance(v);
      w.seeds.push_back(Seed{s.sub_of_rank[v], static_cast<int32_t>(l), d});
      far = std::max(far, d);
    }
  }
  std::sort(w.seeds.begin(), w.seeds.end(), [](const Seed& a, const Seed& b) { return a.sub < b.sub; });
  // Every distance the sweep computes is a seed plus a path of the selection: below far + longest. 32-bit lanes
  // hold them when that stays below their infinity, which leaves room to add any arc's weight without wrapping.
  const uint64_t inf32 = std::numeric_limits<uint32_t>::max() - static_cast<uint64_t>(s.max_weight);
  const size_t size = static_cast<size_t>(s.size());
  if (far + s.longest < inf32) {
    if (w.dist32.size() < size) w.dist32.resize(size);
    sweep32(s, w.seeds.data(), w.seeds.size(), static_cast<uint32_t>(inf32), &w.dist32[0].lanes);
    for (int64_t j = 0; j < target_count; ++j) {
      const Lanes32& d = w.dist32[s.target_sub[j]].lanes;
      for (int64_t l = 0; l < count; ++l)
        distances[(first + l) * target_count + j] = d[l] >= inf32 ? GSSSP_INT_INFINITY : static_cast<int64_t>(d[l]);
    }
  } else {
    // Paths of at most n - 1 arcs of at most 2^32 - 1 each: below 2^63, and 2^63 plus an arc's weight fits.
    const uint64_t inf64 = uint64_t{1} << 63;
    if (w.dist64.size() < size) w.dist64.resize(size);
    sweep64(s, w.seeds.data(), w.seeds.size(), inf64, &w.dist64[0].lanes);
    for (int64_t j = 0; j < target_count; ++j) {
      const Lanes64& d = w.dist64[s.target_sub[j]].lanes;
      for (int64_t l = 0; l < count; ++l)
        distances[(first + l) * target_count + j] = d[l] >= inf64 ? GSSSP_INT_INFINITY : static_cast<int64_t>(d[l]);
    }
  }
}

}  // namespace

void matrix(const Hierarchy& h, const int64_t* sources, int64_t source_count, const int64_t* targets,
            int64_t target_count, int threads, int64_t* distances) {
  if (source_count == 0 || target_count == 0) return;
  const int64_t groups = (source_count + kLanes - 1) / kLanes;
  Pool pool(static_cast<int>(std::min<int64_t>(threads, std::max(groups, target_count / kMatrixSearchChunk + 1))));
  // Each thread allocates (and first touches) its own scratch, on its first chunk.
  std::vector<std::unique_ptr<Worker>> workers(pool.size());
  const Selection s = select(h, pool, workers, targets, target_count);
  pool.for_chunks(groups, 1, [&](int t, int64_t b, int64_t e) {
    if (!workers[t]) workers[t] = std::make_unique<Worker>(h.n());
    for (int64_t g = b; g < e; ++g) {
      const int64_t first = g * kLanes;
      run_group(h, s, sources, first, std::min<int64_t>(kLanes, source_count - first), target_count, *workers[t],
                distances);
    }
  });
}

}  // namespace gsssp::ch
