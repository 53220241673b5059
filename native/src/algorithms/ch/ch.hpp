// Contraction hierarchies on the host.
//   Build: Geisberger, Sanders, Schultes, Delling, "Contraction Hierarchies: Faster and Simpler Hierarchical
//     Routing in Road Networks", WEA 2008: node ordering by a priority (section 3), contraction with bounded
//     witness searches (section 4), contracted in parallel rounds of vertices that are the priority's minima in
//     their 2-hop neighbourhood (independent sets, as in Vetter's parallel CH), so that no two of one round share
//     a neighbour.
//   Query: section 5, bidirectional upward Dijkstra with stall-on-demand; routes unpacked through middles.
//   Many-to-many: RPHAST, Delling, Goldberg, Werneck, "Faster Batched Shortest Paths in Road Networks", ATMOS 2011
//     (ch_matrix.cpp): the targets' search spaces selected once, then one sweep per group of sources.
// The hierarchy is for road-like graphs of low highway dimension (road networks, grids, meshes): there it stays
// near the graph's size and a query settles a few hundred vertices. Social, web and R-MAT graphs contract
// badly (the shortcuts explode); the build refuses them with GSSSP_ERROR_UNSUPPORTED (ch_policy.hpp's limits).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "gsssp.h"

namespace gsssp::ch {

// An arc of the rank-ordered search graph: the other end's rank and the weight.
struct SearchArc {
  int32_t other;
  uint32_t weight;
};

// How an arc of pair_arcs unpacks, so that a route is a walk down these records without searching the lists. A
// shortcut tail -> head through its middle m: `first` indexes the down arc tail -> m and `second` the up arc
// m -> head (both in m's lists). An arc of the graph: first = -1 and second = its head's graph id.
struct ArcUnpack {
  int32_t first;
  int32_t second;
};

// A hierarchy: the view's arrays (owned after a build, or the caller's), plus a copy in rank order that the
// searches walk (vertex r = the vertex of rank r), so the top of the hierarchy, which every search reaches, lies
// together in memory.
struct Hierarchy {
  gsssp_ch_view view{};
  // Owned storage behind `view` after a build (empty for a borrowed view).
  std::vector<int32_t> rank, up_heads, up_middles, down_tails, down_middles;
  std::vector<int64_t> up_offsets, down_offsets;
  std::vector<uint32_t> up_weights, down_weights;
  std::vector<int32_t> vertex_of_rank;
  // The search graph by rank: vertex r's up arcs (to higher ranks, by head) in [pair_begin[2r], pair_begin[2r + 1]),
  // then its down arcs (from higher ranks into r, by tail) in [pair_begin[2r + 1], pair_begin[2r + 2]), side by side
  // so that settling r (relax one list, stall-test the other) reads one stretch of memory. Every search (point to
  // point, matrix) walks this one copy. pair_unpack is parallel to pair_arcs.
  std::vector<int64_t> pair_begin;
  std::vector<SearchArc> pair_arcs;
  std::vector<ArcUnpack> pair_unpack;
  int64_t original_arc_count = 0;
  int64_t shortcut_count = 0;
  double build_seconds = 0;

  int64_t n() const { return view.vertex_count; }
  int64_t memory_bytes() const;
  // Fills the rank-ordered search graph from `view`.
  void index_view();
};

// Builds the hierarchy (ch_build.cpp). The CSR must be valid; throws Error.
void build(Hierarchy& h, const gsssp_csr& csr, const gsssp_ch_params& params);

// Throws INVALID_ARGUMENT naming the first defect of the view's shape (ch_view.cpp).
void validate_view(const gsssp_ch_view& view);

uint64_t csr_checksum(const gsssp_csr& csr);

// Per-thread scratch of the point-to-point search (ch_query.cpp): per direction, per vertex (by rank) a reached bit,
// a distance and a parent, and a heap. A query clears only the bits it set: it touches only what it reaches.
class Query {
 public:
  explicit Query(const Hierarchy& h);
  const Hierarchy& hierarchy() const { return h_; }
  // Distance from source to target (graph ids), GSSSP_INT_INFINITY when unreachable; with a path vector, the
  // route in graph ids (cleared and filled; the vector keeps its capacity).
  int64_t distance(int32_t source, int32_t target, std::vector<int32_t>* path);

  std::vector<int32_t> route;  // the last path, reused

 private:
  // A vertex's place on one search tree: the previous vertex (rank) and the arc from it (an index into pair_arcs).
  struct Parent {
    int32_t vertex;
    int64_t arc;
  };
  struct Side {
    // Bit v: v was reached by this query's search. A bit a vertex keeps the whole set in the core's cache, where the
    // stall test's many probes of unreached vertices find it; the bits are cleared through `reached_list`.
    std::vector<uint64_t> reached;
    std::vector<int32_t> reached_list;
    std::vector<uint64_t> dist;
    std::vector<Parent> parent;  // kept by route queries only
    std::vector<std::pair<uint64_t, int32_t>> heap;
    bool has(int32_t v) const { return (reached[static_cast<uint32_t>(v) >> 6] >> (v & 63)) & 1; }
    void add(int32_t v) {
      reached[static_cast<uint32_t>(v) >> 6] |= uint64_t{1} << (v & 63);
      reached_list.push_back(v);
    }
  };
  template <bool kRoute>
  int32_t search(int32_t source_rank, int32_t target_rank, uint64_t& best);
  void unpack(int64_t arc, std::vector<int32_t>& out);

  const Hierarchy& h_;
  Side side_[2];
  std::vector<int64_t> stack_;  // unpacking stack: indices into pair_arcs
};

// Row-major source_count x target_count distances (GSSSP_INT_INFINITY = unreachable); ids checked by the caller.
void matrix(const Hierarchy& h, const int64_t* sources, int64_t source_count, const int64_t* targets,
            int64_t target_count, int threads, int64_t* distances);

int resolve_threads(int32_t threads);

}  // namespace gsssp::ch
