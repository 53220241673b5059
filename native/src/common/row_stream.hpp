// A batch's rows streamed to the caller (gsssp_device_graph_sssp_batch_rows) instead of copied whole into host
// memory: each launch's rows stay in device memory and cross the bus a few at a time through the caller's staging
// buffer, whose two halves take turns. Pinning a host buffer for all of a batch's rows (2 GB for 1,000 sources on
// road NY) costs about as much as the batch's search; a small staging buffer costs milliseconds. Host code for the
// batch drivers (block_batch.hpp, multi_bf).
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <vector>

#include <cuda_runtime.h>

#include "common/cuda_check.hpp"
#include "common/device_buffer.hpp"
#include "common/error.hpp"
#include "common/rounds.hpp"
#include "common/workspace.hpp"
#include "gsssp.h"

namespace gsssp {

// Where a streamed batch's rows go (QueryContext::rows), and what it has delivered so far.
struct RowStream {
  char* staging = nullptr;     // host memory, page-locked for the copies to overlap deliver
  int64_t staging_bytes = 0;
  int64_t half_rows = 0;       // rows each half of the staging holds
  gsssp_rows_fn deliver = nullptr;
  void* user_data = nullptr;
  std::chrono::steady_clock::time_point start;  // the call's, for so_far.total_ms
  // The launches so far, for so_far.
  double time_ms = 0.0;
  int64_t rounds = 0;
  int64_t reached = 0;
};

// Delivers rows [first, first + k) of the batch: `rows` is device memory with k rows of `row` outputs (8 bytes each),
// `reached` their k counts. The workspace's stream must have finished the launch that wrote them (the caller waited
// for it, and read the counters with it: Workspace::enqueue_counters_read). deliver reads one half while the next
// half's copy runs.
template <class Output>
void stream_rows(Workspace& ws, RowStream& s, const std::atomic<bool>& cancelled, const Output* rows, int64_t first,
                 int64_t k, int64_t row, const int64_t* reached, int64_t peak_device_memory) {
  static_assert(sizeof(Output) == 8, "streamed rows are 8-byte distances");
  const DeviceCounters counters = ws.host_counters();
  if (counters.overflow != 0) {
    fail(GSSSP_ERROR_OVERFLOW, "a float32 distance of the batch overflowed: a reachable vertex's shortest path sums "
                               "to more than the largest float");
  }
  for (int64_t i = 0; i < k; ++i) s.reached += reached[i];
  gsssp_stats so_far{};
  so_far.time_ms = s.time_ms;
  so_far.iterations = s.rounds;
  so_far.vertex_visits = static_cast<int64_t>(counters.vertex_visits);
  so_far.edges_relaxed = static_cast<int64_t>(counters.edges_relaxed);
  so_far.vertices_reached = s.reached;
  so_far.peak_device_memory = peak_device_memory;
  so_far.negative_cycle_vertex = -1;
  so_far.distance_bytes = 8;
  const cudaStream_t stream = ws.stream();
  const size_t row_bytes = static_cast<size_t>(row) * sizeof(Output);
  const size_t half_bytes = static_cast<size_t>(s.half_rows) * row_bytes;
  // Each half's copy records its event; the next half's copy is queued before this one is waited for, so the bus
  // never idles between halves.
  Event ready[2] = {Event(cudaEventDisableTiming), Event(cudaEventDisableTiming)};
  auto copy = [&](int64_t at, int half) {
    const int64_t count = std::min<int64_t>(s.half_rows, k - at);
    GSSSP_CUDA_CHECK(cudaMemcpyAsync(s.staging + half * half_bytes, rows + at * row, static_cast<size_t>(count) * row_bytes,
                                     cudaMemcpyDeviceToHost, stream));
    GSSSP_CUDA_CHECK(cudaEventRecord(ready[half].get(), stream));
  };
  copy(0, 0);
  for (int64_t at = 0, half = 0; at < k; at += s.half_rows, half ^= 1) {
    const int64_t next = at + s.half_rows;
    // The other half was delivered in the previous turn: the next rows may land there while these are read.
    if (next < k) copy(next, static_cast<int>(half ^ 1));
    GSSSP_CUDA_CHECK(cudaEventSynchronize(ready[half].get()));
    throw_if_cancelled(cancelled);
    const int64_t count = std::min<int64_t>(s.half_rows, k - at);
    so_far.total_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - s.start).count();
    if (s.deliver(first + at, count, s.staging + half * half_bytes, reached + at, &so_far, s.user_data) != 0) {
      fail(GSSSP_ERROR_CLOSED, "the batch's row consumer stopped it");
    }
  }
}

}  // namespace gsssp
