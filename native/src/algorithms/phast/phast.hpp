// GSSSP_ALGORITHM_PHAST: one-to-all shortest paths on a contraction hierarchy attached to the device graph.
//   Delling, Goldberg, Nowatzyk, Werneck, "PHAST: Hardware-Accelerated Shortest Path Trees", IPDPS 2011, and the
//   journal version, JPDC 73(7), 2013: the basic algorithm (the upward search, then one linear sweep over the
//   vertices in descending rank, each taking the minimum over its incoming downward arcs), the reordering by level
//   (a level is a contiguous range of independent vertices), and GPU PHAST (a level at a time over all threads,
//   several sources per sweep).
//   Delling, Goldberg, Werneck, "Faster Batched Shortest Paths in Road Networks", ATMOS 2011 (RPHAST): the sweep
//   restricted to the vertices a target set needs, for many sources and many targets.
//
// A query: Dijkstra over the upward arcs from the source on the host (a few dozen vertices on a road graph: it stops
// at the top levels' table, CoreTable in phast_layout.hpp), its reached vertices uploaded as seeds, then the downward
// sweep in one cooperative launch: every block answers its share of the table's vertices (a min-plus pass over the
// seeds there), block 0 alone sweeps the next narrow levels in shared memory, arc-parallel (a shared-memory
// atomicMin per arc into its head), then each further level is one grid-stride pass over its range, a grid barrier
// after it. No priority queue and no global
// atomics: below the top, every (vertex, source) cell is written by one thread, once, after every arc into it was
// final. The last pass writes the answer in graph order into the workspace's distance slot, where every other
// algorithm leaves its answer, so the common tail (predecessors, host copies, resident results, certificates) applies
// unchanged.
//
// A batch sweeps up to kMaxLanes sources at once, distances laid out [vertex][lane], so each arc is read once for all
// of them. A batch with targets (a matrix) sweeps only RPHAST's selection for those targets.
//
// Int32 weights only (the hierarchy's own rule, gsssp.h); distances are int64.
#pragma once

#include <cstdint>

#include "algorithms/phast/phast_layout.hpp"
#include "common/batch.hpp"
#include "common/query.hpp"
#include "gsssp.h"

namespace gsssp::graph {
struct DeviceGraph;
}

namespace gsssp::phast {

// Renumbers the hierarchy (build_layout) and uploads it to the graph's device (current), as the graph's attachment:
// gsssp_device_graph_attach_ch's checks (gsssp.h), the graph's checksum computed from its device arrays. The arrays
// are not referenced after return.
void attach(const graph::DeviceGraph& graph, const gsssp_ch_view& hierarchy);

// Whether a hierarchy is attached.
bool attached(const graph::DeviceGraph& graph);

// One source (gsssp_device_graph_sssp and its resident form): UNSUPPORTED without an attached hierarchy.
AlgorithmRun run(const QueryContext& query);

// gsssp_device_graph_sssp_batch: rows (targets null: count rows of num_vertices int64 distances in `out`, reached
// per row) or a matrix (count rows of target_count, RPHAST). Ids are checked by the caller. Cancellation is checked
// between launches.
BatchRun run_batch(const QueryContext& query, const int64_t* sources, int64_t count, const int32_t* targets,
                   int64_t target_count, void* out, int64_t* reached);

}  // namespace gsssp::phast
