// Host-side checks and statistics of a caller's CSR. CUDA-free: gsssp_cpu_sssp uses them too.
#pragma once

#include <cstdint>
#include <string>

#include "gsssp.h"

namespace gsssp::graph {

// gsssp_csr_validate's rules; throws Error (INVALID_ARGUMENT for null pointers and unknown weight types,
// INVALID_GRAPH with the first offending index otherwise).
void validate_csr(const gsssp_csr* csr);

struct GraphSummary {
  int64_t max_out_degree = 0;
  double average_degree = 0.0;
  double min_weight = 0.0;  // 0 when there are no edges
  double max_weight = 0.0;
  bool has_zero_weight = false;
  int64_t first_negative_edge = -1;  // -1: no negative weight
  // Int32 weights only (0 otherwise): the sum over vertices of each one's largest out-edge weight, at least 0 each
  // (below 2^62: 2^31 vertices of less than 2^31 each). With no negative weight, no simple path is longer: each of its
  // vertices but the last leaves by one of its out-edges. ADDS keeps distances in 4 bytes when this plus max_weight
  // stays below 2^32 - 1 (adds.cu, compact_distances).
  uint64_t simple_path_bound = 0;
};

// One pass over offsets and weights; the CSR must be valid.
GraphSummary summarize_csr(const gsssp_csr& csr);

// What a host graph keeps of the weights, in one pass (cheaper than summarize_csr): the first negative one (-1: none)
// and, for int32 weights, the largest (0 for float32 weights or no edges), which picks CPU Dijkstra's key width
// (cpu/dijkstra.cpp).
struct WeightFacts {
  int64_t first_negative_edge = -1;
  int32_t max_int_weight = 0;
};
WeightFacts weight_facts(const gsssp_csr& csr);

// "negative weight -5 on edge 12 (3 -> 7); use H-BF" — the text of GSSSP_ERROR_UNSUPPORTED.
std::string negative_weight_message(const gsssp_csr& csr, int64_t edge);

// The vertex whose out-edge range holds `edge` (binary search over offsets).
int64_t edge_source(const int64_t* offsets, int64_t num_vertices, int64_t edge);

}  // namespace gsssp::graph
