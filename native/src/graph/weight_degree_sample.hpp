// Average edge weight W and average out-degree D of a device graph, estimated by a sampling kernel, for the
// Delta = C * W / D heuristic of Near-Far (Davidson et al. IPDPS'14; the ADDS paper, PPoPP'21 section 4.3,
// and its artifact's profile kernel). Computed once per graph and kept as an attachment.
#pragma once

#include <cuda_runtime.h>

#include "graph/device_graph.hpp"

namespace gsssp::graph {

struct WeightDegreeSample : Attachment {
  double average_weight = 0.0;  // over the sampled vertices' out-edges (at most kEdgesPerVertex each)
  double average_degree = 0.0;  // over the sampled vertices
  int64_t sampled_vertices = 0;
  int64_t device_bytes() const override { return 0; }
};

// Samples up to 65536 evenly spaced vertices on `stream` at the first call for the graph.
const WeightDegreeSample& weight_degree_sample(const DeviceGraph& graph, cudaStream_t stream);

}  // namespace gsssp::graph
