// The optimality certificate of a shortest-path answer, checked on the GPU (gsssp.h, "certificates"): the
// source at 0, no improving edge, a tight path to every reached vertex, and a tight, acyclic predecessor
// tree when there is one. McConnell, Mehlhorn, Naeher & Schweitzer, "Certifying algorithms", Computer Science
// Review 5(2), 2011: a shortest-path answer is certified by its distances (and tree) alone, in linear time.
//
// Cost: one edge pass and one vertex pass (two launches and one synchronisation) when every reached vertex
// has a tight in-edge from a strictly closer one, the case for positive weights; a breadth-first pass over
// the tight edges (one round per hop) only where zero weights or float sums that absorb a weight leave
// vertices tied with their tight predecessors, and pointer jumping (log2 n launches) only where a
// predecessor edge joins two tied vertices.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>

#include "common/query.hpp"
#include "gsssp.h"

namespace gsssp::certify {

// Checks the stored distances (device memory, the weight type's stored format) and, when non-null, the
// predecessors (device memory) of an answer for `source`, on the workspace's stream. Uses the workspace's
// certificate slot for scratch (12 bytes per vertex).
gsssp_certificate check(const CsrView& graph, int64_t source, const void* stored_distances,
                        const int32_t* predecessors, Workspace& workspace, const LaunchShape& launch,
                        const std::atomic<bool>& cancelled);

// The same for an answer in the C ABI's 8-byte format in host memory (and host predecessors, or null): both
// are copied to the workspace first.
gsssp_certificate check_host(const CsrView& graph, int64_t source, const void* distances, const int32_t* predecessors,
                             Workspace& workspace, const LaunchShape& launch, const std::atomic<bool>& cancelled);

// One sentence naming the violation (internal vertex ids and the CSR edge index), for error texts.
std::string describe(const gsssp_certificate& certificate);

}  // namespace gsssp::certify
