// GSSSP_ALGORITHM_MULTI_BELLMAN_FORD: many sources searched in one launch. Bellman-Ford's frontier form (Harish &
// Narayanan, as in Patel 2023, Algorithms 5-7) with a source dimension, after the multi-source traversals that
// share each vertex's adjacency reads among concurrent searches (MS-BFS: Then et al., "The More the Merrier:
// Efficient Multi-Source Graph Traversal", PVLDB 8(4), 2014, section 3).
//
// Why: single-source queries of a batch each read the whole graph, and on road graphs each is latency-bound (a
// few thousand dependent steps at a fraction of the device). Here the distances are laid out vertex-major,
// dist[v * L + s] for L = 32 * groups sources, and one warp expands a vertex for all of them: an edge is read
// once for L sources, its relaxations are L coalesced loads (and atomicMin where they improve), and one barrier
// per round serves all L searches. A vertex enters the next round's frontier when any of its L distances fell
// (one stamp per vertex and round), so a round's work is the union of the L frontiers.
//
// Measured, it is 2.3-4 times slower per answer than concurrent ADDS queries everywhere (docs/performance.md). Sharing the reads does not pay for what the union costs: a vertex is in a
// round's frontier when any of the 128 searches lowered it, so every round expands nearly the union of 128
// Bellman-Ford frontiers for all 128 lanes, and Bellman-Ford's redundant relaxations (the reason ADDS and
// Near-Far order their work by distance) are paid 128 times over. Kept as a named algorithm, not AUTO's choice.
//
// Rounds run inside one persistent cooperative kernel (a grid barrier per round, no host round trip); the grid
// takes a residency share (common/residency.hpp) like ADDS's, so batches and single queries share the device.
// Non-negative weights only (checked by the caller): n + 1 rounds then always end in one that lowers nothing.
#pragma once

#include <cstdint>

#include "common/batch.hpp"
#include "common/query.hpp"

namespace gsssp::multi_bf {

// One source, through the algorithm table (gsssp_device_graph_sssp): a launch of one source group, its lane 0
// gathered into a contiguous distance array for the common tail.
AlgorithmRun run(const QueryContext& query);

// Sources sources[0..count) (host array; valid ids, repeats allowed), in launches of up to 32 * kMaxGroups.
// targets == nullptr: host `out` receives count rows of num_vertices 8-byte distances (the C ABI format), row i
// for sources[i]. Otherwise count rows of target_count distances of those vertices (host array, valid ids).
// reached (host, may be null): count entries, each row's finite distances (rows only). query.source is ignored.
// Cancellation (query.cancelled) is checked between launches.
BatchRun run_batch(const QueryContext& query, const int64_t* sources, int64_t count, const int32_t* targets,
                   int64_t target_count, void* out, int64_t* reached);

}  // namespace gsssp::multi_bf
