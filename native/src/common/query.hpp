// What an algorithm's host driver receives for one query, and what it hands back. Plain device pointers
// only, so algorithm folders depend on common/ and graph/ but never on the C ABI handle.
#pragma once

#include <atomic>
#include <cstdint>

#include "common/workspace.hpp"
#include "gsssp.h"

namespace gsssp {
namespace graph {
struct DeviceGraph;
}

// A CSR graph resident on the device (owned by graph::DeviceGraph).
struct CsrView {
  int64_t num_vertices = 0;
  int64_t num_edges = 0;
  const int64_t* offsets = nullptr;  // device, num_vertices + 1
  const int32_t* targets = nullptr;  // device, num_edges
  const void* weights = nullptr;     // device, num_edges of int32_t or float
  int32_t weight_type = GSSSP_WEIGHT_INT32;
};

struct LaunchShape {
  int block = 256;
  int grid = 1;  // for grid-stride loops over the vertices: at most what the device keeps resident
};

class FinalizeTail;
struct RowStream;

struct QueryContext {
  CsrView graph;
  int64_t source = 0;
  LaunchShape launch;
  int64_t max_iterations = 0;  // 0: only the algorithm's own bound
  Workspace* workspace = nullptr;
  const std::atomic<bool>* cancelled = nullptr;
  gsssp_options options{};                 // the caller's options with defaults filled in (gsssp.h)
  // The resident graph: its summary (degrees, weights) and per-graph attachments (graph/device_graph.hpp).
  const graph::DeviceGraph* device_graph = nullptr;
  // The graph has a negative edge weight (only algorithms that accept them run then); finalize's tree
  // derivation must not rely on d(u) < d(v) along tight edges.
  bool negative_weights = false;
  // The query's tail (common/finalize.hpp). A driver that waits for its stream itself may call
  // tail->enqueue(final distances) behind its last kernel when tail->pipelined(), and then says so in
  // AlgorithmRun::tail_enqueued; the others leave it alone.
  FinalizeTail* tail = nullptr;
  // The handle's workspaces, for a driver that runs two searches at once (ADDS's pair query leases a second one).
  WorkspacePool* pool = nullptr;
  // The answer stays on the GPU (a resident result): a driver that waits for its own kernels may launch the
  // workspace's reader behind them (common/result_reader.hpp) and wait for Workspace::done_event() instead.
  bool linger_reader = false;
  // A batch's rows go to the caller a few at a time (common/row_stream.hpp) instead of into one host buffer; the
  // batch drivers that stream (block_batch.hpp, multi_bf) then ignore their `out` and `reached`.
  RowStream* rows = nullptr;
};

struct AlgorithmRun {
  const void* distances = nullptr;  // final stored (ordered) distances, in the workspace
  int64_t rounds = 0;
  double time_ms = 0.0;
  double delta = 0.0;          // bucket width used, for the delta-stepping family
  int64_t trace_length = 0;    // samples written to the caller's trace buffer
  int64_t negative_cycle_vertex = -1;  // >= 0: a negative cycle reachable from the source runs through it
  int64_t restarts = 0;        // ADDS: runs restarted with a larger bucket pool
  // The driver enqueued the query's tail behind its last kernel and saw the stream drain after it.
  bool tail_enqueued = false;
  // The search stopped at the query's targets (gsssp_options.targets, ADDS) and the ball check passed: only their
  // distances are final, so a reached vertex may have unreached successors, which the tail must not take for a
  // float overflow.
  bool stopped_at_targets = false;
};

}  // namespace gsssp
