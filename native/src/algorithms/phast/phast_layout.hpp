// The host half of PHAST and RPHAST: the hierarchy renumbered into sweep order, the upward search from a source, and
// the target selection of RPHAST. Pure host code, no CUDA, so that the host tests check it in CI against Dijkstra
// (native/test/phast_layout_test.cpp) before any GPU runs it.
//
// Levels (PHAST, JPDC 2013, the reordering by level): a downward arc u -> v (rank u > rank v) must be swept after u's
// distance is final. level(v) = 0 for a vertex with no outgoing downward arc, else 1 + the largest level among the
// heads of its downward arcs: the longest path below v in the downward DAG (the upward DAG's longest path from the
// bottom). Every downward arc then leads from a higher level to a lower one, so the vertices of one level can be
// swept at once, and the sweep takes the levels from the top down.
//
// Sweep order: positions 0..n-1 by descending level, and within a level by ascending graph id (the file's order,
// which on road graphs keeps neighbours near each other, as the paper's reordering does). Every array the sweep reads
// is indexed by position, so a level is a contiguous range and the sweep reads memory in order. The permutation stays
// inside: results are delivered in graph ids.
#pragma once

#include <cstdint>
#include <vector>

namespace gsssp::phast {

// The hierarchy's arrays in graph ids, as gsssp_ch_view exposes them (gsssp.h): rank, upward arcs by tail, downward
// arcs by head (incoming). Borrowed, valid for the duration of build_layout.
struct HierarchyArrays {
  int64_t vertex_count = 0;
  int64_t up_arc_count = 0;
  int64_t down_arc_count = 0;
  const int32_t* rank = nullptr;
  const int64_t* up_offsets = nullptr;
  const int32_t* up_heads = nullptr;
  const uint32_t* up_weights = nullptr;
  const int64_t* down_offsets = nullptr;
  const int32_t* down_tails = nullptr;
  const uint32_t* down_weights = nullptr;
};

// An arc in sweep positions: the other end and the weight, 8 bytes (read as one uint2 on the device).
struct Arc {
  int32_t other;
  uint32_t weight;
};

// A vertex reached by the upward search and its distance from the source. Sub-sweeps (RPHAST) use the same shape,
// with `position` the index in the selection.
struct Seed {
  int32_t position;
  int32_t lane;  // which source of a batch (0 for one source)
  long long distance;
};

struct Layout {
  int64_t n = 0;
  std::vector<int32_t> order;        // order[p]: the graph vertex at sweep position p
  std::vector<int32_t> position;     // position[v]: v's sweep position
  std::vector<int64_t> level_begin;  // levels()+1 entries; level i from the top holds [level_begin[i], level_begin[i+1])
  // Downward arcs by head position (incoming), tails as positions, each head's arcs by ascending tail position.
  std::vector<int64_t> down_offsets;
  std::vector<Arc> down_arcs;
  // Upward arcs by tail position, heads as positions.
  std::vector<int64_t> up_offsets;
  std::vector<Arc> up_arcs;

  int64_t levels() const { return static_cast<int64_t>(level_begin.size()) - 1; }
};

// Renumbers the hierarchy into sweep order. Checks the arrays' shape first (offsets, ids in range, rank a
// permutation, every arc pointing the way its side says): INVALID_ARGUMENT naming the first defect, since a wrong
// arc would make the sweep silently wrong.
Layout build_layout(const HierarchyArrays& h);

// Plain Dijkstra over the upward arcs from one sweep position, without stall-on-demand (PHAST needs the exact upward
// distance of every vertex the search reaches; a stalled label would only be an upper bound, which the sweep could
// not tell from a final one). Its labels live in a hash table sized by the search space (a few hundred vertices on a
// road graph), not by the graph, so that many of them (one per thread of a batch) cost little memory on any graph.
// Scratch is reused across calls: one object per thread.
class UpwardSearch {
 public:
  // Appends a seed (position, lane, distance) to `seeds` for every vertex reached from `source`, itself included.
  // Vertices at positions below `stop` (a core table's, CoreTable) are seeded when settled but not expanded: an upward
  // path that enters those top levels stays in them, and the table answers the rest of it.
  void run(const Layout& layout, int32_t source, int32_t lane, std::vector<Seed>& seeds, int32_t stop = 0);

 private:
  struct Label {
    long long distance;
    int32_t position;
    uint32_t slot;  // its entry in table_
    bool settled;
  };
  // The label of `position`, made (unreached) if it has none.
  uint32_t label_of(int32_t position);
  void grow();

  std::vector<int32_t> table_;  // label index + 1 per slot, 0 = empty; a power of two, at most half full
  std::vector<Label> labels_;
  std::vector<std::pair<long long, uint32_t>> heap_;
};

// RPHAST's restricted graph for a target set (Delling, Goldberg, Werneck, ATMOS 2011): the vertices from
// which a target can be reached over downward arcs alone (the targets and everything reached from them over incoming
// downward arcs). A source's distance to a target is the minimum, over the vertices x of its upward search space, of
// its upward distance to x plus the downward distance from x to the target, and that downward path lies in the
// selection; so the sweep restricted to it, seeded with the upward search spaces' vertices that fall inside it,
// gives every target's exact distance. Every incoming arc of a selected vertex comes from a selected one, so the
// restricted graph is closed.
struct Selection {
  std::vector<int32_t> positions;      // sub index -> sweep position, ascending
  std::vector<int32_t> sub_of_position;  // n entries: sub index, or -1 where not selected
  std::vector<int64_t> level_begin;    // the layout's levels restricted to the selection, empty ones left out
  std::vector<int64_t> offsets;        // incoming downward arcs by sub index, tails as sub indices
  std::vector<Arc> arcs;
  std::vector<int32_t> target_sub;     // per target (in the order given), its sub index

  int64_t size() const { return static_cast<int64_t>(positions.size()); }
  int64_t levels() const { return static_cast<int64_t>(level_begin.size()) - 1; }
};

// targets: graph ids, each in [0, n) (checked by the caller); repeats allowed.
Selection select_targets(const Layout& layout, const int32_t* targets, int64_t count);

// The top of the hierarchy as a table. The top levels of a road hierarchy hold few vertices each (NY: 52 of 67 levels
// above its 4,033rd position), so the sweep pays a barrier per level there and little else, and the upward search
// spends most of its work there. Positions [0, vertices) are whole top levels, the core; distances[u * vertices + v] is
// the graph's shortest distance from u to v (kNoPath where v is unreachable, 0 for u = v). A core vertex's distance
// from a source is then the minimum, over the core vertices e its upward search reached, of seed(e) +
// distances[e][v]: one min-plus product instead of `levels` dependent passes (the apex of the source's up-down
// shortest path to v lies above v, so in the core, and is reached by the search).
//
// Levels fall along every downward arc. Where they also rise along every upward arc out of the core (`closed`: true
// of a symmetric road graph's hierarchy, whose upward arcs are mirrored by downward ones), an upward path that enters
// the core stays in it, so the query's upward search stops at the core (UpwardSearch's `stop`) and seeds only the
// entry points: the table covers the rest of every path through them.
struct CoreTable {
  static constexpr uint32_t kNoPath = 0xffffffffu;
  int64_t vertices = 0;  // 0: no table
  int64_t levels = 0;
  bool closed = false;   // no upward arc leaves the core
  std::vector<uint32_t> distances;
};

// The table over the most top levels whose positions number at most `max_vertices`, its rows computed on up to
// `threads` host threads; empty (vertices 0) when no whole level fits or a distance would not fit 32 bits.
CoreTable build_core_table(const Layout& layout, int64_t max_vertices, int threads);

// The levels after `first` narrow enough for the sweep's block 0 alone: each at most kSoloCells cells, and all of
// [0, their end) within kSoloSharedCells cells (phast_policy.hpp). Returns the level where they end (first if none).
int solo_end(const int64_t* level_begin, int64_t levels, int lane_shift, int first);

// The sweep on the host, the reference the device sweep is checked against (and the proof of the data layout): dist
// gets `count` entries (INT64_MAX = unreached), the seeds of `lane` applied, then every index in order takes the
// minimum over its incoming arcs. Seeds of other lanes are ignored.
void sweep_reference(int64_t count, const std::vector<int64_t>& offsets, const std::vector<Arc>& arcs,
                     const std::vector<Seed>& seeds, int32_t lane, std::vector<long long>& dist);

}  // namespace gsssp::phast
