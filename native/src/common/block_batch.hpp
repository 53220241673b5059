// The host side shared by the batch designs that run a thread block per source (block_bf, block_nf): each launch's
// device scratch, and the loop of launches, each followed by its rows', records' and reached counts' copies and one
// wait. Host code for the algorithms' .cu drivers.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <thread>
#include <vector>

#include <cuda_runtime.h>

#include "common/batch.hpp"
#include "common/block_delivery.hpp"
#include "common/cuda_check.hpp"
#include "common/finalize.hpp"
#include "common/query.hpp"
#include "common/rounds.hpp"
#include "common/row_stream.hpp"
#include "common/timer.hpp"
#include "common/workspace.hpp"

namespace gsssp {

// A launch's device scratch: per block its Record (which has `rounds` and `converged`) and reached count, and its
// source (kCertificate); the targets (kDistance1); the rows (kOutput).
template <class Record, class Output>
struct BlockBatchBuffers {
  Record* records = nullptr;
  unsigned long long* reached = nullptr;
  int64_t* sources = nullptr;
  const int32_t* target_ids = nullptr;  // null without targets
  Output* rows = nullptr;
};

// Takes the buffers for launches of up to per_launch blocks of `row` outputs each, and copies the targets over.
template <class Record, class Output>
BlockBatchBuffers<Record, Output> block_batch_buffers(Workspace& ws, int64_t per_launch, int64_t row,
                                                      const int32_t* targets, int64_t target_count) {
  const size_t reached_at = (static_cast<size_t>(per_launch) * sizeof(Record) + 255) & ~size_t{255};
  const size_t sources_at = reached_at + ((static_cast<size_t>(per_launch) * 8 + 255) & ~size_t{255});
  auto* misc = static_cast<char*>(ws.buffer(Slot::kCertificate, sources_at + static_cast<size_t>(per_launch) * 8));
  BlockBatchBuffers<Record, Output> b;
  b.records = reinterpret_cast<Record*>(misc);
  b.reached = reinterpret_cast<unsigned long long*>(misc + reached_at);
  b.sources = reinterpret_cast<int64_t*>(misc + sources_at);
  if (targets != nullptr && target_count > 0) {
    auto* ids = ws.buffer<int32_t>(Slot::kDistance1, target_count);
    GSSSP_CUDA_CHECK(cudaMemcpyAsync(ids, targets, static_cast<size_t>(target_count) * sizeof(int32_t),
                                     cudaMemcpyHostToDevice, ws.stream()));
    b.target_ids = ids;
  }
  b.rows = ws.buffer<Output>(Slot::kOutput, std::max<int64_t>(row * per_launch, 1));
  return b;
}

// The launches of a batch of `count` sources, per_launch at a time. launch(k) enqueues one launch of k blocks, block
// i searching from b.sources[i] and writing its row at b.rows + i * row. Rows go to out (row-major, `row` outputs per
// source); with rows of all n (`matrix` false) each one's reached count goes to reached[i] when it is not null.
// `name` names the algorithm in a not-converged error. With query.rows (rows only), each launch's rows stream to the
// caller from b.rows instead (row_stream.hpp).
template <class Record, class Output, class Launch>
BatchRun run_block_batches(const QueryContext& query, const char* name, const int64_t* sources, int64_t count,
                           int64_t per_launch, int64_t row, bool matrix, void* out, int64_t* reached,
                           const BlockBatchBuffers<Record, Output>& b, Launch&& launch) {
  Workspace& ws = *query.workspace;
  const cudaStream_t stream = ws.stream();
  std::vector<Record> records_host(static_cast<size_t>(per_launch));
  std::vector<unsigned long long> reached_host(static_cast<size_t>(per_launch));
  RowStream* const streamed = matrix ? nullptr : query.rows;
  std::vector<int64_t> streamed_reached(streamed != nullptr ? static_cast<size_t>(per_launch) : 0);
  BatchRun run;
  run.sources_per_launch = per_launch;
  for (int64_t first = 0; first < count; first += per_launch) {
    throw_if_cancelled(*query.cancelled);
    const int64_t k = std::min<int64_t>(per_launch, count - first);
    GSSSP_CUDA_CHECK(cudaMemcpyAsync(b.sources, sources + first, static_cast<size_t>(k) * sizeof(int64_t),
                                     cudaMemcpyHostToDevice, stream));
    DeviceTimer timer(ws);
    launch(k);
    timer.record_stop();
    if (row > 0 && streamed == nullptr) {
      GSSSP_CUDA_CHECK(cudaMemcpyAsync(static_cast<Output*>(out) + first * row, b.rows,
                                       static_cast<size_t>(k * row) * sizeof(Output), cudaMemcpyDeviceToHost, stream));
    }
    GSSSP_CUDA_CHECK(cudaMemcpyAsync(records_host.data(), b.records, static_cast<size_t>(k) * sizeof(Record),
                                     cudaMemcpyDeviceToHost, stream));
    GSSSP_CUDA_CHECK(cudaMemcpyAsync(reached_host.data(), b.reached, static_cast<size_t>(k) * sizeof(unsigned long long),
                                     cudaMemcpyDeviceToHost, stream));
    if (streamed != nullptr) ws.enqueue_counters_read();
    GSSSP_CUDA_CHECK(cudaStreamSynchronize(stream));
    run.time_ms += timer.elapsed_ms();
    ++run.launches;
    long long rounds = 0;
    for (int64_t i = 0; i < k; ++i) {
      const Record& r = records_host[static_cast<size_t>(i)];
      if (!r.converged) throw_not_converged(name, r.rounds, query.max_iterations > 0);
      rounds = std::max(rounds, r.rounds);
      const auto got = static_cast<int64_t>(reached_host[static_cast<size_t>(i)]);
      if (reached != nullptr && !matrix) reached[first + i] = got;
      if (streamed != nullptr) streamed_reached[static_cast<size_t>(i)] = got;
      run.reached += got;
    }
    run.rounds += rounds;
    if (streamed != nullptr) {
      streamed->time_ms = run.time_ms;
      streamed->rounds = run.rounds;
      stream_rows(ws, *streamed, *query.cancelled, b.rows, first, k, row, streamed_reached.data(), ws.query_bytes());
    }
  }
  return run;
}

// A finished single one-block query's run: its record's convergence, checked, and what the driver returns.
template <class Record>
AlgorithmRun single_block_run(const QueryContext& query, const char* name, const Record& r, double time_ms,
                              const void* distances, bool tail_enqueued) {
  if (!r.converged) throw_not_converged(name, r.rounds, query.max_iterations > 0);
  AlgorithmRun run;
  run.time_ms = time_ms;
  run.distances = distances;
  run.rounds = r.rounds;
  run.tail_enqueued = tail_enqueued;
  return run;
}

// A single query's one-block launch, once enqueued: the record's copy back, the query's tail when the driver
// enqueued it early (`tail_early`: QueryContext::tail), then a spin on the stream rather than a blocking wait (these
// kernels take tens of microseconds, about what a blocking wait's wake-up costs), the convergence check, and the run.
// Cancellation is not forwarded: the kernels are bounded.
template <class Record>
AlgorithmRun finish_single_block(const QueryContext& query, DeviceTimer& timer, const char* name, const Record* record,
                                 Record* record_host, const void* distances, bool tail_early) {
  Workspace& ws = *query.workspace;
  const cudaStream_t stream = ws.stream();
  GSSSP_CUDA_CHECK(cudaMemcpyAsync(record_host, record, sizeof(Record), cudaMemcpyDeviceToHost, stream));
  if (tail_early) query.tail->enqueue(distances);
  for (;;) {
    const cudaError_t state = cudaStreamQuery(stream);
    if (state == cudaSuccess) break;
    if (state != cudaErrorNotReady) GSSSP_CUDA_CHECK(state);
    std::this_thread::yield();
  }
  return single_block_run(query, name, *record_host, timer.elapsed_ms(), distances, tail_early);
}

// Whether a single one-block query delivers its own outputs (common/block_delivery.cuh): wherever the query's tail
// allows it (FinalizeTail::direct). Fills the delivery: the host counters, `done` (a word of the host record the kernel writes)
// and a ticket no earlier query used.
inline bool block_delivery(const QueryContext& query, unsigned long long* done, BlockDelivery& delivery) {
  static std::atomic<unsigned long long> tickets{0};
  if (query.tail == nullptr || !query.tail->direct(delivery)) return false;
  delivery.counters = query.workspace->host_counters_target();
  delivery.done = done;
  delivery.ticket = tickets.fetch_add(1, std::memory_order_relaxed) + 1;
  return true;
}

// A delivered query's wait, once its kernel is launched: a spin on the host word the kernel sets last (no driver call
// while the kernel runs), with a look at the stream every 256 spins, so that a kernel that failed is reported instead
// of waited for. The outputs, the counters and the record are then in host memory; the kernel may still be exiting,
// which the next work on the workspace's stream waits for. Then as finish_single_block.
template <class Record>
AlgorithmRun finish_single_block_delivered(const QueryContext& query, const char* name, const Record* record_host,
                                           const BlockDelivery& delivery, const void* distances) {
  const cudaStream_t stream = query.workspace->stream();
  const volatile unsigned long long* done = delivery.done;
  for (unsigned spins = 1; *done != delivery.ticket; ++spins) {
    if (spins % 256 == 0) {
      const cudaError_t state = cudaStreamQuery(stream);
      if (state != cudaSuccess && state != cudaErrorNotReady) GSSSP_CUDA_CHECK(state);
      if (state == cudaSuccess && *done != delivery.ticket) {
        fail(GSSSP_ERROR_INTERNAL, format("%s ended without delivering its outputs", name));
      }
      std::this_thread::yield();
    }
#if defined(__x86_64__)
    __builtin_ia32_pause();
#endif
  }
  std::atomic_thread_fence(std::memory_order_acquire);
  query.tail->mark_delivered();
  const Record r = *record_host;
  return single_block_run(query, name, r, static_cast<double>(r.time_ns) * 1e-6, distances, true);
}

}  // namespace gsssp
