// The common tail of every GPU query: float overflow check, predecessor tree, reached count, and the
// distances (4 bytes where they fit and the caller asks, else widened to 8) and predecessors delivered
// straight into host memory (one async copy each, no staging), or left on the device for a resident result.
#pragma once

#include <atomic>
#include <cstdint>

#include "common/block_delivery.hpp"
#include "common/query.hpp"

namespace gsssp {

// Where a query's outputs go. Host pointers receive one cudaMemcpyAsync each on the query's stream (a DMA
// when the memory is page-locked, e.g. from gsssp_host_alloc).
struct QueryOutput {
  void* host_distances = nullptr;
  int32_t* host_predecessors = nullptr;
  bool predecessors = false;  // derive the tree (into the workspace's predecessor buffer)
  bool compact = false;       // host distances in 4 bytes where they fit (gsssp_options.compact_distances 1 or 2)
  bool narrow = false;        // ... or in 2 bytes where they fit (gsssp_options.compact_distances 2, int32 weights)
  // Raised when the narrow output did not fit, so that the graph's later queries start at 4 bytes (the resident
  // graph's flag, graph::DeviceGraph::wide_distances); may be null.
  std::atomic<bool>* wide_distances = nullptr;
  // A resident result: the stored distances stay where the algorithm left them (the caller detaches the
  // workspace buffers), predecessors in the workspace; nothing is copied or widened.
  bool resident = false;
};

struct FinalizeResult {
  DeviceCounters counters;  // as they stand at the end (reached vertices included, but for a resident result)
  int distance_bytes = 8;   // bytes per distance written to host_distances
  double certificate_ms = 0.0;  // options.certify: device time of the check
};

// The tail of one query, in two halves so that it can ride on the algorithm's own wait. enqueue() puts the
// tail's passes and copies, and the copy of the counters back to the host, on the query's stream without
// waiting; complete() reads what they left once the stream has drained. A driver that waits for its kernel
// anyway (ADDS polls its stream) calls enqueue() right behind the kernel, before it waits (QueryContext::tail),
// so that one wait completes the algorithm and its tail: on the H200 probe (selftest --probe, random 1M x 7)
// the separate report read and counter read cost about 20 us of each query beyond the kernel.
//
// Only a query without predecessors is enqueued early (pipelined()): deriving the tree reads counters
// mid-way. finish() runs whatever the driver did not: the tree, enqueue() and complete().
class FinalizeTail {
 public:
  FinalizeTail(const QueryContext& query, const QueryOutput& output);
  FinalizeTail(const FinalizeTail&) = delete;
  FinalizeTail& operator=(const FinalizeTail&) = delete;

  // No tree to derive, no certificate to check (options.certify), and no copy into pageable host memory (that
  // copy would block the host inside enqueue() until the kernel ends, out of reach of the driver's
  // cancellation and watchdog). Decided on the first call: only the drivers that wait for their own stream
  // ask, so the others' queries pay no pointer lookup.
  bool pipelined() const;
  // Before the algorithm's kernel, when the tail will be enqueued early: sizes the output buffer now, since
  // growing it behind a running kernel would wait for the kernel.
  void prepare();
  // Behind the algorithm's last kernel, before the host waits; again after each restart of the algorithm
  // (the counters the tail accumulates are reset first). Only when pipelined(). counters_delivered: the kernel
  // wrote the counters into Workspace::host_counters_target() as it ended, so where no pass of the tail changes
  // them (a resident result of int32 weights) no copy of them follows.
  void enqueue(const void* stored_distances, bool counters_delivered = false);
  // Whether a one-block kernel may deliver this query's outputs itself (common/block_delivery.cuh): pipelined(), not a
  // resident result, and the host distances (if asked) in page-locked memory the device can address. Fills where the
  // distances go and their format; the driver adds the counters, the done word and the ticket. Only single-query
  // drivers that wait for the ticket ask.
  bool direct(BlockDelivery& delivery);
  // The kernel delivered everything (direct() said yes and the ticket arrived): finish() only completes the query
  // (the overflow check and a fallback to wider output).
  void mark_delivered() { enqueued_ = 1; }
  // While the algorithm's kernel runs: the tail's host work that needs no distance. A cutoff's answer goes out as its
  // ball (finalize.cu, deliver_ball), and the caller's array is set unreached here, in the width asked for, instead
  // of after the kernel. Drivers that poll for their kernel call it after the launch; finish() does what none did.
  void while_running();
  // The query's counters and the output format written, once the algorithm has ended with these final
  // distances. Throws GSSSP_ERROR_OVERFLOW if a float32 distance overflowed.
  FinalizeResult finish(const void* stored_distances, bool drained, bool stopped_at_targets = false);

 private:
  const QueryContext& query_;
  const QueryOutput& output_;
  mutable int pipelined_ = -1;  // -1: not asked yet
  mutable void* mapped_distances_ = nullptr;  // the device's address of output_.host_distances, where it has one
  int enqueued_ = 0;
  int prefilled_bytes_ = 0;  // while_running set the host distances unreached in this width (0: not yet)
};

// The vertices with a finite distance among `stored` (n of them, in the algorithms' stored format for weight_type):
// one pass on the workspace's stream, then a wait. For resident results, which do not count them as the query ends
// (gsssp_device_result_reached).
uint64_t count_reached(Workspace& ws, int32_t weight_type, const void* stored, long long n, long long source,
                       const LaunchShape& launch);

}  // namespace gsssp
