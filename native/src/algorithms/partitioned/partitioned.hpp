// One single-source search over a graph split across several GPUs (the issue "Beyond one GPU", item 3): graphs
// larger than one GPU's memory. Bulk-synchronous delta-stepping after Meyer & Sanders, "Delta-stepping: a
// parallelizable shortest path algorithm", J. Algorithms 49(1), 2003: section 2 (buckets of width Delta, a bucket
// emptied in phases that relax its vertices' edges, re-inserting what they lower) and section 3's observation that
// a phase is one parallel step over the bucket; here a phase is a round over all parts, light and heavy edges
// alike (no light/heavy split: each vertex is expanded whole, as Near-Far does).
//
// Design:
//   - Parts (partition_plan.hpp): contiguous vertex ranges, one per listed device, cut for equal bytes (about
//     equal edges); a part holds its vertices' out-edges with global target ids, and the state of its vertices:
//     distances (common/distance.cuh's stored images: int64 for int32 weights, float32 for float32 weights,
//     atomicMin on the order-preserving image), a near-list tag and a pending flag each, two near lists, an
//     outbox (per destination part, min(cross edges, the owner's vertices) slots) and an inbox (the sum of its
//     senders' slots). All of it is allocated at create; a query allocates nothing.
//   - A round, all parts in step: each part expands its frontier (the near list: vertices lowered below the
//     bucket's bound, each once); a target in the same part is lowered with an atomic min and, if below the bound,
//     pushed onto the next near list (once per round), else marked pending; a target in another part becomes a
//     message (target, candidate) in the outbox segment of its owner. The host reads every part's counts, copies
//     each nonempty segment to its owner's inbox (filled in part order, skipping the owner), the owner applies the
//     messages as local lowerings, and the next frontier is every part's next near list. Two exchanges, chosen at
//     create (gsssp_partition_exchange), the same layout: cudaMemcpyPeerAsync (direct where
//     cudaDeviceCanAccessPeer allowed enabling peer access, staged through the host by the driver where not; a
//     plain device copy when both parts share a GPU), or NCCL sends and receives in one group call per round, one
//     rank per part on distinct GPUs (nccl_exchange.hpp: loaded at run time, NVLink multicast off).
//   - Buckets: when no part has a near vertex, every part reports its smallest pending distance; the smallest of
//     them, m, sets the next bound m + Delta (the bucket is the width-Delta interval starting at the smallest
//     pending distance, as Near-Far's split does, rather than an aligned multiple of Delta: empty buckets are
//     skipped either way), and each part collects its pending vertices below it into its near list. When no part
//     has a pending vertex the search is over: every lowering made a vertex near or pending, and every near or
//     pending vertex was expanded at its final distance, so no edge can lower anything.
//   - An edge is relaxed at most once per round (a frontier holds each vertex once) and a target is queued at most
//     once a round, so a round's messages from p to q are at most min(cross edges p -> q, vertices of q): the
//     outbox cannot overflow (the kernels still check and the query fails with GSSSP_ERROR_INTERNAL if it ever did).
//   - One host thread drives every part, with one stream per part. Why not a thread per device with a barrier: a
//     round's work per part is often tens of microseconds, and each round needs every part's counts before any
//     copy can start; one thread that enqueues asynchronously on every stream and then synchronises each costs
//     no thread hand-offs (two barriers per round, each a wake-up of every thread), and the GPUs still run
//     concurrently since the launches return at once. Launch cost grows with the parts (a few microseconds each);
//     with many GPUs a thread per device would spread that.
//   - Delta: options.delta_stepping.delta if set, else C * W / D with W the average edge weight and D the average
//     out-degree (exact, from the plan's pass over the edges) and C options.delta_stepping.delta_constant or
//     partitioned_policy.hpp's kDeltaConstant (measured; smaller than Near-Far's).
//   - Messages are combined per target on the sending part (partition_plan.hpp says why and what it costs).
// Not done: predecessors (the answer is distances only), compact outputs, certificates, targets (ignored).
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <vector>

#include "algorithms/partitioned/partition_plan.hpp"
#include "gsssp.h"

namespace gsssp::partitioned {

struct Part;
class NcclExchange;

// What one query did besides its distances.
struct QueryReport {
  int64_t rounds = 0;          // expand rounds
  int64_t buckets = 0;         // bound raises
  int64_t vertex_visits = 0;   // frontier vertices expanded
  int64_t edges_relaxed = 0;
  int64_t vertices_reached = 0;
  int64_t messages = 0;        // (target, distance) pairs copied between parts
  int64_t exchange_bytes = 0;  // their bytes
  std::vector<int64_t> messages_out;  // by part: messages it sent
  double delta = 0.0;
  double time_ms = 0.0;        // wall time of the search, init to the last round (all devices)
  int64_t trace_length = 0;
};

class PartitionedGraph {
 public:
  // Checks each device's free memory against its parts' bytes (OUT_OF_DEVICE_MEMORY before any allocation),
  // enables peer access between the devices where possible, creates the NCCL communicators for
  // GSSSP_EXCHANGE_NCCL, and uploads the parts of `plan` (plan_partition of this CSR). The CSR must be valid and
  // free of negative weights (the caller checks); device ids must exist, and be distinct for NCCL (the caller
  // checks).
  PartitionedGraph(const gsssp_csr& csr, PartitionPlan plan, gsssp_partition_exchange exchange);
  ~PartitionedGraph();
  PartitionedGraph(const PartitionedGraph&) = delete;
  PartitionedGraph& operator=(const PartitionedGraph&) = delete;

  // One search into `distances` (num_vertices * 8 bytes, gsssp.h's format). Not reentrant: the caller serialises
  // queries. Checks `cancelled` between rounds (GSSSP_ERROR_CLOSED).
  QueryReport run(int64_t source, const gsssp_options& options, void* distances, const std::atomic<bool>& cancelled);

  const PartitionPlan& plan() const { return plan_; }
  // Whether every pair of distinct devices that exchange messages has peer access enabled.
  bool all_peer() const { return all_peer_; }
  gsssp_partition_exchange exchange() const { return exchange_; }
  // ncclGetVersion's code with GSSSP_EXCHANGE_NCCL, else 0.
  int nccl_version() const;

 private:
  PartitionPlan plan_;
  std::vector<std::unique_ptr<Part>> parts_;
  bool all_peer_ = true;
  gsssp_partition_exchange exchange_ = GSSSP_EXCHANGE_PEER_COPIES;
  std::unique_ptr<NcclExchange> nccl_;  // with GSSSP_EXCHANGE_NCCL: rank k is part k
};

}  // namespace gsssp::partitioned
