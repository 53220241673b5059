// GSSSP_ALGORITHM_CPU_BELLMAN_FORD: single-source shortest paths on the host with negative weights, so a
// machine without a GPU still answers what H-BF answers on one, and reports negative cycles the same way.
// A queue-based Bellman-Ford (Moore's label-correcting method, often called SPFA): only vertices whose
// distance fell are scanned again, which on graphs without negative cycles is usually a small multiple of
// Dijkstra's work and never more than Bellman-Ford's O(V E).
#pragma once

#include <cstdint>

#include "cpu/dijkstra.hpp"
#include "gsssp.h"

namespace gsssp::cpu {

struct BellmanFordCounts {
  DijkstraCounts counts;               // extractions: queue pops
  int64_t negative_cycle_vertex = -1;  // >= 0: a negative cycle reachable from the source runs through it
};

// The CSR must be valid; weights may be negative. distances: num_vertices * 8 bytes (gsssp.h's format);
// predecessors may be null. int32 weights sum exactly in int64; float32 weights in float32, one IEEE add per
// relaxation, as H-BF does. On a reachable negative cycle it returns with negative_cycle_vertex set and the
// outputs undefined. Throws GSSSP_ERROR_OVERFLOW when a float32 distance overflows.
BellmanFordCounts bellman_ford(const gsssp_csr& csr, int64_t source, void* distances, int32_t* predecessors);

}  // namespace gsssp::cpu
