// The partition plan of a partitioned graph (partitioned.hpp): which vertices each part owns, what it holds, how
// many of its edges lead into each other part, and how many device bytes it will need. Pure host code, no CUDA,
// so that the host tests check it in CI (native/test/partition_plan_test.cpp).
//
// Parts are contiguous vertex ranges [first_vertex, end_vertex) in device-list order, part k on devices[k]. A
// part holds its vertices' out-edges (targets kept as global ids, weights) and the per-query state of its vertices
// and of its exchange buffers (byte model below); everything is allocated once, at create, so the plan's bytes are
// exactly what the part takes on its device.
//
// Cut: each part gets about the same share of the graph-and-state bytes (per vertex kVertexBytes + the distance,
// per edge kEdgeBytes), i.e. about the same number of edges on any graph of more than a couple of edges per vertex
// (the edges are what a round's work and the memory are made of); a part always gets at least one vertex when
// there are at least as many vertices as parts. With fewer vertices than parts, the last parts are empty (no
// vertices, no memory, no work) and PartitionPlan::note says so.
//
// Exchange buffers: messages are combined per target before they leave a part (partitioned_kernels.cuh: a part
// keeps the best candidate it has sent for every vertex of the graph, and queues a target at most once a round), so
// a round's messages from p to q are at most min(cross edges p -> q, vertices of q): that is the outbox segment's
// capacity, and the owner's inbox holds the sum of its senders' segments. The best-sent array costs every part
// (distance + 4) bytes per vertex of the whole graph. Why: R-MAT 26 cut in two sent 1.58 billion messages
// (19 GB) in 19 rounds uncombined, for 27 million reached vertices (docs/performance.md).
//
// Cap: max_bytes_per_device > 0 bounds each part's bytes (graph, state and exchange buffers). It applies per entry
// of the device list: a device listed k times holds k parts and up to k times the cap. The plan is the balanced
// cut; it is not searched for another cut that would meet the cap. If a part exceeds it, the plan fails with
// GSSSP_ERROR_OUT_OF_DEVICE_MEMORY naming that part's bytes and the cap, before anything is allocated.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "algorithms/partitioned/partitioned_policy.hpp"
#include "gsssp.h"

namespace gsssp::partitioned {

// Parts per graph; the kernels carry the vertex ranges and outbox segments of every part by value.
constexpr int kMaxParts = 64;

// The byte model. Per vertex: offsets (8), the near-list tag (4), the pending flag (1), two near lists (2 x 4),
// plus the distance (8 with int32 weights, 4 with float32). Per edge: the target (4) and the weight (4). Per
// cross edge: one message slot (target 4 + distance) in the sending part's outbox and one in the owner's inbox.
// Per part: one more offset, a fixed block for the counters, and the chunk list of its large vertices (one 8-byte
// entry per kChunkEdges edges of a vertex of at least kChunkEdges edges, each vertex in a round's frontier at most
// once: at most 2 x edges / kChunkEdges entries).
constexpr int64_t kVertexBytes = 8 + 4 + 1 + 2 * 4;
constexpr int64_t kEdgeBytes = 4 + 4;
constexpr int64_t kPartFixedBytes = 8 + 1024;
constexpr int64_t kChunkEntryBytes = 8;
// Entries of a part's chunk list for `edges` out-edges: a vertex of d >= kChunkEdges edges makes ceil(d / kChunkEdges)
// <= 2d / kChunkEdges chunks.
inline int64_t chunk_slots(int64_t edges) { return 2 * (edges / kChunkEdges) + 1; }

// Bytes of one stored distance: 8 (int64 image) for int32 weights, 4 (float32 image) for float32 weights.
inline int64_t distance_bytes(int32_t weight_type) { return weight_type == GSSSP_WEIGHT_FLOAT32 ? 4 : 8; }

struct PartPlan {
  int32_t device = 0;
  int64_t first_vertex = 0;
  int64_t end_vertex = 0;
  int64_t edges = 0;                // out-edges of its vertices
  std::vector<int64_t> cross_to;    // by part: edges of this part whose target part q owns (0 for q = self)
  int64_t cross_out = 0;            // sum of cross_to: edges leaving the part
  int64_t cross_in = 0;             // edges of other parts into this one
  std::vector<int64_t> out_slots;   // by part: outbox capacity towards q, min(cross_to[q], vertices of q)
  int64_t outbox_slots = 0;         // sum of out_slots
  int64_t inbox_slots = 0;          // sum over the senders of their out_slots towards this part
  int64_t graph_bytes = 0;          // offsets, targets, weights
  int64_t state_bytes = 0;          // distances, tags, pending flags, near lists, counters, chunk list
  int64_t exchange_bytes = 0;       // outbox, inbox and the best-sent candidates (one per vertex of the graph)
  int64_t device_bytes = 0;         // the sum: what the part allocates on its device

  int64_t vertices() const { return end_vertex - first_vertex; }
};

struct PartitionPlan {
  int64_t num_vertices = 0;
  int64_t num_edges = 0;
  int32_t weight_type = GSSSP_WEIGHT_INT32;
  double average_weight = 0.0;  // over all edges (0 without edges): W of Delta = C * W / D
  std::vector<PartPlan> parts;
  std::string note;  // why some parts are empty, else ""

  int64_t total_bytes() const;
  // The part that owns global vertex v (binary search over the ranges); v in [0, num_vertices).
  int owner(int64_t v) const;
};

// Plans `device_count` parts over a valid CSR (validate_csr first). Throws Error: INVALID_ARGUMENT for a device
// count outside [1, kMaxParts] or a negative cap; OUT_OF_DEVICE_MEMORY when max_bytes_per_device > 0 and a part
// exceeds it. Device ids are copied, not checked (no CUDA here). O(n log P + m log P).
PartitionPlan plan_partition(const gsssp_csr& csr, const int32_t* devices, int32_t device_count,
                             int64_t max_bytes_per_device);

}  // namespace gsssp::partitioned
