// GSSSP_ALGORITHM_CPU_DIJKSTRA: the reference every GPU algorithm is checked against.
// int32 weights accumulate in int64; float32 weights accumulate in float32, one IEEE add per edge exactly
// like the GPU kernels, so the distances agree bit for bit (fl(d + w) is monotone in d, hence Dijkstra and
// every Bellman-Ford variant reach the same fixed point).
#pragma once

#include <cstdint>
#include <limits>

#include "gsssp.h"

namespace gsssp::cpu {

struct DijkstraCounts {
  int64_t extractions = 0;  // = vertices settled, each scanning its out-edges once
  int64_t edges_relaxed = 0;
  int64_t reached = 0;
};

// The cutoff (gsssp_options.has_cutoff): the search ends once every vertex at distance <= the limit is settled, and
// the others are reported unreached. The defaults are no limit.
struct Cutoff {
  int64_t int_limit = std::numeric_limits<int64_t>::max();     // int32 weights
  float float_limit = std::numeric_limits<float>::infinity();  // float32 weights
};

// The CSR must be valid and free of negative weights. distances: num_vertices * 8 bytes; predecessors
// may be null. Throws GSSSP_ERROR_OVERFLOW when a float32 distance overflows.
// With targets (target_count > 0), the search stops once every listed target is settled: their distances are
// final, the others upper bounds (gsssp.h's gsssp_options.targets). max_int_weight: the largest int32 weight
// (graph::weight_facts, which a host graph keeps), or -1 to have it computed here; it picks the heap's key width.
DijkstraCounts dijkstra(const gsssp_csr& csr, int64_t source, void* distances, int32_t* predecessors,
                        const int32_t* targets = nullptr, int64_t target_count = 0, int64_t max_int_weight = -1,
                        const Cutoff& cutoff = Cutoff{});

// Marks every vertex beyond the options' cutoff unreached (gsssp.h's 8-byte distances, predecessors may be null), for
// a search that ran in full; returns the vertices left reached. Non-negative weights only (the ball is then closed
// under predecessors).
int64_t clear_beyond_cutoff(const gsssp_csr& csr, void* distances, int32_t* predecessors, const gsssp_options& o);

}  // namespace gsssp::cpu
