// The reverse (predecessor) CSR of a device graph, built once on the GPU and kept as a per-graph attachment:
// Martín et al. ICCS'09 section 3, relax_U, visits the predecessors of each unresolved vertex.
#pragma once

#include <cuda_runtime.h>

#include <cstdint>

#include "common/device_buffer.hpp"
#include "graph/device_graph.hpp"

namespace gsssp::graph {

struct ReverseCsr : Attachment {
  DeviceBuffer offsets;  // int64, num_vertices + 1: in-edges of v are [offsets[v], offsets[v + 1])
  DeviceBuffer sources;  // int32, num_edges: the edge's tail
  DeviceBuffer weights;  // num_edges, the graph's weight type
  int64_t device_bytes() const override {
    return static_cast<int64_t>(offsets.bytes() + sources.bytes() + weights.bytes());
  }
};

// Builds it on `stream` at the first call for the graph (then waits for it), returns the stored one after.
const ReverseCsr& reverse_csr(const DeviceGraph& graph, cudaStream_t stream);

}  // namespace gsssp::graph
