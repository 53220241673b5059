// A CSR graph resident on one GPU, with the statistics and checks done once at upload so that every query
// on it can rely on them (e.g. the negative-weight rejection needs no pass over the weights per query).
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "common/device_buffer.hpp"
#include "common/query.hpp"
#include "graph/csr_checks.hpp"

namespace gsssp::graph {

struct DeviceGraph {
  int device = 0;
  int64_t num_vertices = 0;
  int64_t num_edges = 0;
  int32_t weight_type = GSSSP_WEIGHT_INT32;
  DeviceBuffer offsets;
  DeviceBuffer targets;
  DeviceBuffer weights;
  GraphSummary summary;
  std::string negative_weight_message;  // empty when all weights are >= 0
  int multiprocessor_count = 1;
  int max_threads_per_multiprocessor = 2048;

  CsrView view() const;
  int64_t device_bytes() const;
  // Blocks for a grid-stride loop over `items`: enough to fill the device, no more.
  int grid_for(int64_t items, int block) const;
};

// Computes the summary of a validated CSR and copies it to `device` (which must be current).
std::unique_ptr<DeviceGraph> upload_graph(int device, const gsssp_csr& csr);

}  // namespace gsssp::graph
