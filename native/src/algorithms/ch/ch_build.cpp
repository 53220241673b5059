// The hierarchy's build (ch.hpp): node ordering and contraction in parallel rounds.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <limits>
#include <thread>
#include <ctime>

#include "algorithms/ch/ch.hpp"
#include "algorithms/ch/ch_policy.hpp"
#include "algorithms/ch/ch_pool.hpp"
#include "common/env_switch.hpp"
#include "common/error.hpp"
#include "graph/csr_checks.hpp"

namespace gsssp::ch {
namespace {

// Process CPU seconds, for GSSSP_CH_TRACE's phase times (wall time says little on a shared host).
double cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

constexpr uint64_t kUnreached = std::numeric_limits<uint64_t>::max();

// An arc of the overlay graph (the remaining vertices and their shortcuts). `hops`: original arcs it stands for.
struct OArc {
  int32_t v;
  uint32_t w;
  int32_t mid;
  uint32_t hops;
};

struct Shortcut {
  int32_t u, v;
  uint32_t w, hops;
  int32_t mid;
};

using Lists = std::vector<std::vector<OArc>>;

// A witness search's scratch, one per thread: a vertex's distance, timestamp and target mark together in 16 bytes
// (a search touches one cache line per vertex, not three), and a lazy binary heap.
struct Witness {
  struct Slot {
    uint64_t dist;
    uint32_t stamp, target;
  };
  explicit Witness(int64_t n) : slot(n, Slot{0, 0, 0}) {}
  std::vector<Slot> slot;
  std::vector<std::pair<uint64_t, int32_t>> heap;
  uint32_t epoch = 0;

  uint64_t get(int32_t v) const { return slot[v].stamp == epoch ? slot[v].dist : kUnreached; }
  bool mark(int32_t v) {
    if (slot[v].target == epoch) return false;
    slot[v].target = epoch;
    return true;
  }

  // A new search: a new epoch, and after 2^32 of them fresh stamps (a stale stamp must never match).
  void next() {
    if (++epoch == 0) {
      std::fill(slot.begin(), slot.end(), Slot{0, 0, 0});
      epoch = 1;
    }
  }

  // Dijkstra over `out` from u, never entering `skip` or a blocked vertex (when `blocked` is given), until every
  // marked target is settled, the next distance passes `bound`, or `limit` vertices are settled.
  void run(const Lists& out, int32_t u, int32_t skip, uint64_t bound, int32_t limit, int64_t targets,
           const uint8_t* blocked) {
    if (blocked != nullptr) {
      search<true>(out, u, skip, bound, limit, targets, blocked);
    } else {
      search<false>(out, u, skip, bound, limit, targets, blocked);
    }
  }

 private:
  template <bool kBlocked>
  void search(const Lists& out, int32_t u, int32_t skip, uint64_t bound, int32_t limit, int64_t targets,
              const uint8_t* blocked) {
    heap.clear();
    slot[u].dist = 0;
    slot[u].stamp = epoch;
    heap.emplace_back(0, u);
    int32_t settled = 0;
    auto greater = [](const std::pair<uint64_t, int32_t>& a, const std::pair<uint64_t, int32_t>& b) {
      return a.first > b.first;
    };
    while (!heap.empty()) {
      std::pop_heap(heap.begin(), heap.end(), greater);
      const auto [d, v] = heap.back();
      heap.pop_back();
      Slot& sv = slot[v];
      if (d > sv.dist) continue;  // stale entry
      if (d > bound || ++settled > limit) break;
      if (sv.target == epoch && --targets == 0) break;
      for (const OArc& a : out[v]) {
        if (a.v == skip) continue;
        if (kBlocked && blocked[a.v]) continue;
        const uint64_t nd = d + a.w;
        if (nd > bound) continue;  // never settled within the bound
        Slot& sa = slot[a.v];
        if (sa.stamp != epoch || nd < sa.dist) {
          sa.stamp = epoch;
          sa.dist = nd;
          heap.emplace_back(nd, a.v);
          std::push_heap(heap.begin(), heap.end(), greater);
        }
      }
    }
  }
};

class Builder {
 public:
  Builder(const gsssp_csr& csr, const gsssp_ch_params& params)
      : n_(csr.num_vertices), pool_(resolve_threads(params.threads)), out_(n_), in_(n_) {
    limit_ = params.witness_settle_limit > 0 ? params.witness_settle_limit : kDefaultWitnessSettleLimit;
    ratio_ = params.max_shortcut_ratio > 0 ? params.max_shortcut_ratio : kDefaultMaxShortcutRatio;
    progress_ = params.progress;
    user_ = params.progress_user_data;
    // GSSSP_CH_TRACE=1 prints rounds and the CPU seconds of each phase to stderr (docs/tuning.md).
    trace_ = env_switch(Env::kChTrace) == 1;
    load(csr);
  }

  void run(Hierarchy& h) {
    const int threads = pool_.size();
    witness_.reserve(threads);
    for (int t = 0; t < threads; ++t) witness_.emplace_back(n_);
    shortcuts_.resize(threads);
    inserted_.assign(threads, 0);
    contracted_.assign(n_, 0);
    in_round_.assign(n_, 0);
    level_.assign(n_, 0);
    rank_.assign(n_, -1);
    priority_.assign(n_, 0.0f);
    std::vector<int32_t> alive(n_);
    for (int64_t v = 0; v < n_; ++v) alive[v] = static_cast<int32_t>(v);
    check_growth(0, 0, n_);
    update_priorities(alive);

    int64_t next_rank = 0, shortcuts = 0, rounds = 0;
    std::vector<std::vector<int32_t>> picked(threads);
    std::vector<int32_t> selected, touched;
    std::vector<uint8_t> touched_mark(n_, 0);
    while (!alive.empty()) {
      ++rounds;
      double clock = trace_ ? cpu_seconds() : 0.0;
      auto lap = [&](int phase) {
        if (!trace_) return;
        const double now = cpu_seconds();
        phase_seconds_[phase] += now - clock;
        clock = now;
      };
      // 1. The round's vertices: minima of (priority, tie hash) in their 2-hop neighbourhoods.
      for (auto& p : picked) p.clear();
      pool_.for_chunks(static_cast<int64_t>(alive.size()), kChunk, [&](int t, int64_t b, int64_t e) {
        for (int64_t i = b; i < e; ++i)
          if (local_minimum(alive[i])) picked[t].push_back(alive[i]);
      });
      selected.clear();
      for (auto& p : picked) selected.insert(selected.end(), p.begin(), p.end());
      for (int32_t c : selected) in_round_[c] = 1;
      lap(0);
      // 2. Their shortcuts, witness searches read-only on the overlay (the round's vertices blocked).
      for (auto& s : shortcuts_) s.clear();
      std::vector<std::vector<int32_t>> mine(threads);
      const int64_t chunk = spread(selected.size(), 4);
      pool_.for_chunks(static_cast<int64_t>(selected.size()), chunk, [&](int t, int64_t b, int64_t e) {
        for (int64_t i = b; i < e; ++i) {
          const int32_t c = selected[i];
          mine[t].push_back(c);
          const uint8_t* blocked = in_round_.data();
          find_shortcuts(c, witness_[t], limit_, blocked, [&](int32_t u, int32_t v, uint64_t w, uint32_t hops) {
            if (w > std::numeric_limits<uint32_t>::max()) {
              fail(GSSSP_ERROR_OVERFLOW,
                   format("contraction hierarchy: the shortcut %d -> %d via %d weighs %llu, more than a uint32 holds; "
                          "the graph's weights are too large for a hierarchy",
                          u, v, c, static_cast<unsigned long long>(w)));
            }
            shortcuts_[t].push_back(Shortcut{u, v, static_cast<uint32_t>(w), hops, c});
          });
        }
      });
      {
        int64_t found = 0;
        for (const auto& list : shortcuts_) found += static_cast<int64_t>(list.size());
        if (static_cast<double>(shortcuts + found) > ratio_ * static_cast<double>(std::max<int64_t>(original_arcs_, 1))) {
          check_growth(next_rank, shortcuts + found, static_cast<int64_t>(alive.size()));
        }
      }
      lap(1);
      // 3. Apply: the round's vertices share no neighbour, so each thread edits its own vertices' neighbourhoods.
      std::vector<int64_t> removed(threads, 0);
      pool_.for_chunks(threads, 1, [&](int, int64_t b, int64_t e) {
        for (int64_t t = b; t < e; ++t) removed[t] = apply(mine[t], shortcuts_[t], inserted_[t]);
      });
      for (int32_t c : selected) {
        rank_[c] = static_cast<int32_t>(next_rank++);
        contracted_[c] = 1;
        in_round_[c] = 0;
      }
      shortcuts = 0;
      for (int64_t s : inserted_) shortcuts += s;
      for (int64_t r : removed) alive_arcs_ -= r;
      lap(2);
      // 4. The neighbours' priorities.
      touched.clear();
      for (int32_t c : selected) {
        for (const OArc& a : out_[c])
          if (!touched_mark[a.v]) touched_mark[a.v] = 1, touched.push_back(a.v);
        for (const OArc& a : in_[c])
          if (!touched_mark[a.v]) touched_mark[a.v] = 1, touched.push_back(a.v);
      }
      for (int32_t v : touched) touched_mark[v] = 0;
      alive.erase(std::remove_if(alive.begin(), alive.end(), [&](int32_t v) { return contracted_[v] != 0; }),
                  alive.end());
      update_priorities(touched);
      lap(3);
      check_growth(next_rank, shortcuts, static_cast<int64_t>(alive.size()));
      if (trace_ && (rounds % 20 == 0 || alive.empty())) {
        std::fprintf(stderr,
                     "ch round %lld: %lld contracted, %lld this round, %lld shortcuts, core degree %.1f; "
                     "%.2f CPU s so far\n",
                     static_cast<long long>(rounds), static_cast<long long>(next_rank),
                     static_cast<long long>(selected.size()), static_cast<long long>(shortcuts),
                     alive.empty() ? 0.0 : 2.0 * alive_arcs_ / alive.size(),
                     phase_seconds_[0] + phase_seconds_[1] + phase_seconds_[2] + phase_seconds_[3]);
      }
      if (progress_ != nullptr && progress_(next_rank, n_, user_) != 0) {
        fail(GSSSP_ERROR_CLOSED, format("contraction hierarchy build cancelled by the progress callback after %lld of "
                                        "%lld vertices",
                                        static_cast<long long>(next_rank), static_cast<long long>(n_)));
      }
    }
    if (trace_) {
      std::fprintf(stderr, "ch cpu seconds: select %.2f, witness %.2f, apply %.2f, priorities %.2f; %lld rounds\n",
                   phase_seconds_[0], phase_seconds_[1], phase_seconds_[2], phase_seconds_[3],
                   static_cast<long long>(rounds));
    }
    witness_.clear();
    assemble(h);
  }

 private:
  // The CSR into sorted, de-duplicated out-lists (lightest of parallel arcs, no self loops) and their in-lists.
  void load(const gsssp_csr& csr) {
    const int32_t* w = static_cast<const int32_t*>(csr.weights);
    pool_.for_chunks(n_, 4096, [&](int, int64_t b, int64_t e) {
      for (int64_t u = b; u < e; ++u) {
        std::vector<OArc>& list = out_[u];
        for (int64_t i = csr.offsets[u]; i < csr.offsets[u + 1]; ++i) {
          if (csr.targets[i] == u) continue;
          list.push_back(OArc{csr.targets[i], static_cast<uint32_t>(w[i]), -1, 1});
        }
        std::sort(list.begin(), list.end(),
                  [](const OArc& a, const OArc& b) { return a.v != b.v ? a.v < b.v : a.w < b.w; });
        list.erase(std::unique(list.begin(), list.end(), [](const OArc& a, const OArc& b) { return a.v == b.v; }),
                   list.end());
      }
    });
    std::vector<int64_t> in_degree(n_, 0);
    for (int64_t u = 0; u < n_; ++u)
      for (const OArc& a : out_[u]) ++in_degree[a.v];
    for (int64_t v = 0; v < n_; ++v) in_[v].reserve(in_degree[v]);
    for (int64_t u = 0; u < n_; ++u)
      for (const OArc& a : out_[u]) in_[a.v].push_back(OArc{static_cast<int32_t>(u), a.w, -1, 1});
    original_arcs_ = 0;
    for (int64_t u = 0; u < n_; ++u) original_arcs_ += static_cast<int64_t>(out_[u].size());
    alive_arcs_ = original_arcs_;
  }

  // Calls add(u, v, weight, hops) for every shortcut that contracting c needs: u -> c -> v with no path from u to
  // v of at most that weight found without c (and without the blocked vertices of this round).
  // `blocked`: the round's vertices while contracting; null for a priority's simulation (no round is open).
  template <class Add>
  void find_shortcuts(int32_t c, Witness& ws, int32_t limit, const uint8_t* blocked, Add&& add) {
    const std::vector<OArc>& ins = in_[c];
    const std::vector<OArc>& outs = out_[c];
    if (ins.empty() || outs.empty()) return;
    const int64_t pairs = static_cast<int64_t>(ins.size()) * static_cast<int64_t>(outs.size());
    if (pairs > kMaxSearchedPairs) {
      // Too many pairs to search (a hub): every pair gets its shortcut, unless that alone passes the budget.
      if (static_cast<double>(pairs) > ratio_ * static_cast<double>(std::max<int64_t>(original_arcs_, 1))) {
        refuse(format("vertex %d alone would need up to %lld shortcuts", c, static_cast<long long>(pairs)));
      }
      for (const OArc& a : ins)
        for (const OArc& b : outs)
          if (b.v != a.v) add(a.v, b.v, static_cast<uint64_t>(a.w) + b.w, a.hops + b.hops);
      return;
    }
    for (const OArc& a : ins) {
      const int32_t u = a.v;
      ws.next();
      uint32_t max_out = 0;
      int64_t targets = 0;
      for (const OArc& b : outs) {
        if (b.v == u) continue;
        max_out = std::max(max_out, b.w);
        if (ws.mark(b.v)) ++targets;
      }
      if (targets == 0) continue;
      ws.run(out_, u, c, static_cast<uint64_t>(a.w) + max_out, limit, targets, blocked);
      for (const OArc& b : outs) {
        if (b.v == u) continue;
        const uint64_t via = static_cast<uint64_t>(a.w) + b.w;
        if (ws.get(b.v) <= via) continue;
        add(u, b.v, via, a.hops + b.hops);
      }
    }
  }

  bool less(int32_t a, int32_t b) const {
    if (priority_[a] != priority_[b]) return priority_[a] < priority_[b];
    return mix(a) < mix(b);
  }
  static uint32_t mix(uint32_t x) {
    x ^= x >> 16;
    x *= 0x7feb352dU;
    x ^= x >> 15;
    x *= 0x846ca68bU;
    x ^= x >> 16;
    return x;
  }
  bool local_minimum(int32_t v) const {
    for (const auto* lists : {&out_, &in_}) {
      for (const OArc& a : (*lists)[v]) {
        if (less(a.v, v)) return false;
        for (const OArc& b : out_[a.v])
          if (b.v != v && less(b.v, v)) return false;
        for (const OArc& b : in_[a.v])
          if (b.v != v && less(b.v, v)) return false;
      }
    }
    return true;
  }

  // Chunks of at most `largest` items, smaller when the loop is short: the rounds near the top of the hierarchy
  // contract a few dense vertices, each a long task, which chunks of 4 would leave to a few threads.
  int64_t spread(size_t count, int64_t largest) const {
    return std::clamp<int64_t>(static_cast<int64_t>(count) / (8 * pool_.size()), 1, largest);
  }

  void update_priorities(const std::vector<int32_t>& vertices) {
    const int64_t chunk = spread(vertices.size(), 8);
    pool_.for_chunks(static_cast<int64_t>(vertices.size()), chunk, [&](int t, int64_t b, int64_t e) {
      for (int64_t i = b; i < e; ++i) priority_[vertices[i]] = priority(vertices[i], witness_[t]);
    });
  }

  float priority(int32_t c, Witness& ws) {
    int64_t added = 0, added_hops = 0;
    find_shortcuts(c, ws, kPrioritySettleLimit, nullptr, [&](int32_t, int32_t, uint64_t, uint32_t hops) {
      ++added;
      added_hops += hops;
    });
    int64_t removed = 0, removed_hops = 0;
    for (const auto* lists : {&out_, &in_})
      for (const OArc& a : (*lists)[c]) ++removed, removed_hops += a.hops;
    float p = kLevelWeight * static_cast<float>(level_[c]);
    if (removed > 0) p += kEdgeQuotientWeight * static_cast<float>(added) / static_cast<float>(removed);
    if (removed_hops > 0) p += kHopQuotientWeight * static_cast<float>(added_hops) / static_cast<float>(removed_hops);
    return p;
  }

  // Removes each vertex of `vertices` from its neighbours' lists and inserts its shortcuts; returns the overlay
  // arcs removed less those added. The caller's thread owns these neighbourhoods alone.
  int64_t apply(const std::vector<int32_t>& vertices, const std::vector<Shortcut>& shortcuts, int64_t& inserted) {
    int64_t removed = 0;
    auto erase = [](std::vector<OArc>& list, int32_t x) {
      for (size_t i = 0; i < list.size(); ++i) {
        if (list[i].v == x) {
          list[i] = list.back();
          list.pop_back();
          return;
        }
      }
    };
    for (int32_t c : vertices) {
      const int32_t next_level = level_[c] + 1;
      for (const OArc& a : out_[c]) {
        erase(in_[a.v], c);
        level_[a.v] = std::max(level_[a.v], next_level);
      }
      for (const OArc& a : in_[c]) {
        erase(out_[a.v], c);
        level_[a.v] = std::max(level_[a.v], next_level);
      }
      removed += static_cast<int64_t>(out_[c].size() + in_[c].size());
    }
    for (const Shortcut& s : shortcuts) {
      bool found = false;
      for (OArc& a : out_[s.u]) {
        if (a.v != s.v) continue;
        found = true;
        if (s.w < a.w) {
          a = OArc{s.v, s.w, s.mid, s.hops};
          for (OArc& b : in_[s.v])
            if (b.v == s.u) b = OArc{s.u, s.w, s.mid, s.hops};
        }
        break;
      }
      if (!found) {
        out_[s.u].push_back(OArc{s.v, s.w, s.mid, s.hops});
        in_[s.v].push_back(OArc{s.u, s.w, s.mid, s.hops});
        ++inserted;
        --removed;
      }
    }
    return removed;
  }

  void check_growth(int64_t contracted, int64_t shortcuts, int64_t remaining) {
    const double core_degree = remaining > 0 ? 2.0 * static_cast<double>(alive_arcs_) / remaining : 0.0;
    const bool too_many = static_cast<double>(shortcuts) > ratio_ * static_cast<double>(std::max<int64_t>(original_arcs_, 1));
    const bool large_core = remaining >= kCoreCheckMinVertices &&
                            static_cast<double>(remaining) >= kCoreCheckFraction * static_cast<double>(n_);
    const bool too_dense = large_core && core_degree > kMaxCoreDegree;
    if (!too_many && !too_dense) return;
    refuse(format("after contracting %lld of %lld vertices, %s (%lld shortcuts for %lld arcs; %lld vertices remain "
                  "with %.1f arcs each)",
                  static_cast<long long>(contracted), static_cast<long long>(n_),
                  too_many ? format("the shortcuts passed %.3g x the graph's arcs", ratio_).c_str()
                           : format("the remaining core's average degree passed %.0f", kMaxCoreDegree).c_str(),
                  static_cast<long long>(shortcuts), static_cast<long long>(original_arcs_),
                  static_cast<long long>(remaining), core_degree));
  }

  [[noreturn]] void refuse(const std::string& why) const {
    fail(GSSSP_ERROR_UNSUPPORTED,
         "this graph contracts badly: " + why +
             ". Contraction hierarchies are for road-like graphs (road networks, grids); social, web and R-MAT-like "
             "graphs are served by the search algorithms (ADDS on a GPU, CPU Dijkstra) instead");
  }

  // The view's arrays: a contracted vertex's lists hold its arcs to the vertices contracted after it.
  void assemble(Hierarchy& h) {
    h.rank = rank_;
    h.up_offsets.assign(n_ + 1, 0);
    h.down_offsets.assign(n_ + 1, 0);
    for (int64_t v = 0; v < n_; ++v) {
      h.up_offsets[v + 1] = h.up_offsets[v] + static_cast<int64_t>(out_[v].size());
      h.down_offsets[v + 1] = h.down_offsets[v] + static_cast<int64_t>(in_[v].size());
    }
    const int64_t up = h.up_offsets[n_], down = h.down_offsets[n_];
    h.up_heads.resize(up);
    h.up_weights.resize(up);
    h.up_middles.resize(up);
    h.down_tails.resize(down);
    h.down_weights.resize(down);
    h.down_middles.resize(down);
    int64_t shortcuts = 0;
    for (int64_t v = 0; v < n_; ++v) {
      std::vector<OArc>& o = out_[v];
      std::sort(o.begin(), o.end(), [&](const OArc& a, const OArc& b) { return rank_[a.v] < rank_[b.v]; });
      int64_t i = h.up_offsets[v];
      for (const OArc& a : o) {
        h.up_heads[i] = a.v, h.up_weights[i] = a.w, h.up_middles[i] = a.mid, ++i;
        shortcuts += a.mid >= 0;
      }
      std::vector<OArc>().swap(o);
      std::vector<OArc>& in = in_[v];
      std::sort(in.begin(), in.end(), [&](const OArc& a, const OArc& b) { return rank_[a.v] < rank_[b.v]; });
      i = h.down_offsets[v];
      for (const OArc& a : in) {
        h.down_tails[i] = a.v, h.down_weights[i] = a.w, h.down_middles[i] = a.mid, ++i;
        shortcuts += a.mid >= 0;
      }
      std::vector<OArc>().swap(in);
    }
    h.original_arc_count = up + down - shortcuts;
    h.shortcut_count = shortcuts;
    gsssp_ch_view& view = h.view;
    view.vertex_count = n_;
    view.up_arc_count = up;
    view.down_arc_count = down;
    view.rank = h.rank.data();
    view.up_offsets = h.up_offsets.data();
    view.up_heads = h.up_heads.data();
    view.up_weights = h.up_weights.data();
    view.up_middles = h.up_middles.data();
    view.down_offsets = h.down_offsets.data();
    view.down_tails = h.down_tails.data();
    view.down_weights = h.down_weights.data();
    view.down_middles = h.down_middles.data();
  }

  const int64_t n_;
  Pool pool_;
  Lists out_, in_;
  int32_t limit_ = kDefaultWitnessSettleLimit;
  double ratio_ = kDefaultMaxShortcutRatio;
  gsssp_progress_fn progress_ = nullptr;
  void* user_ = nullptr;
  bool trace_ = false;
  double phase_seconds_[4] = {0, 0, 0, 0};
  int64_t original_arcs_ = 0, alive_arcs_ = 0;
  std::vector<Witness> witness_;
  std::vector<std::vector<Shortcut>> shortcuts_;
  std::vector<int64_t> inserted_;
  std::vector<uint8_t> contracted_, in_round_;
  std::vector<int32_t> level_, rank_;
  std::vector<float> priority_;
};

}  // namespace

int resolve_threads(int32_t threads) {
  if (threads > 0) return threads;
  const unsigned hardware = std::thread::hardware_concurrency();
  return hardware > 0 ? static_cast<int>(hardware) : 1;
}

void build(Hierarchy& h, const gsssp_csr& csr, const gsssp_ch_params& params) {
  const auto start = std::chrono::steady_clock::now();
  if (csr.weight_type != GSSSP_WEIGHT_INT32) {
    fail(GSSSP_ERROR_UNSUPPORTED,
         "contraction hierarchies need non-negative int32 weights; this graph has float32 weights (round or scale "
         "them to integers, or use the search algorithms)");
  }
  const graph::WeightFacts facts = graph::weight_facts(csr);
  if (facts.first_negative_edge >= 0) {
    const int64_t e = facts.first_negative_edge;
    fail(GSSSP_ERROR_UNSUPPORTED,
         format("contraction hierarchies need non-negative int32 weights; edge %lld (%lld -> %d) weighs %d",
                static_cast<long long>(e), static_cast<long long>(graph::edge_source(csr.offsets, csr.num_vertices, e)),
                csr.targets[e], static_cast<const int32_t*>(csr.weights)[e]));
  }
  if (csr.num_vertices > std::numeric_limits<int32_t>::max() - 1) {
    fail(GSSSP_ERROR_UNSUPPORTED, "contraction hierarchies take at most 2^31 - 2 vertices");
  }
  if (params.threads < 0 || params.witness_settle_limit < 0 || !(params.max_shortcut_ratio >= 0)) {
    fail(GSSSP_ERROR_INVALID_ARGUMENT,
         format("gsssp_ch_params: threads (%d), witness_settle_limit (%d) and max_shortcut_ratio (%g) must not be "
                "negative",
                params.threads, params.witness_settle_limit, params.max_shortcut_ratio));
  }
  {
    Builder builder(csr, params);
    builder.run(h);
  }
  h.view.graph_checksum = csr_checksum(csr);
  h.index_view();
  h.build_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace gsssp::ch
