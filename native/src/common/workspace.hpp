// Per-query scratch: a stream, timing events, a block of device counters and the distance/flag/predecessor
// buffers, all kept in a pool on the device graph so that a query on a resident graph reuses its buffers
// instead of paying cudaMalloc (and cudaFree's implicit device synchronisation) every time.
#pragma once

#include <cuda_runtime.h>

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

#include "common/device_buffer.hpp"
#include "common/result_reader.hpp"

namespace gsssp {

// Device-side counters of one query; zeroed by Workspace::begin_query().
struct DeviceCounters {
  unsigned long long last_change;   // round loop of the algorithm (see round_is_live)
  unsigned long long claim_change;  // round loop of the predecessor claims
  unsigned long long vertex_visits;
  unsigned long long edges_relaxed;
  unsigned long long reached;
  unsigned long long unset_predecessors;
  unsigned long long overflow;
  unsigned long long wide_needed;  // bit 0: a distance does not fit the compact 4-byte output; bit 1: nor the narrow 2-byte one
};

// Named scratch buffers. Algorithms pick the ones they need; each grows on demand and is then reused. The names
// say the shape a slot was first made for; each algorithm's host driver says, where it takes them, what it keeps in
// each (ADDS's bucket pool in kFlags0, Near-Far's piles, H-BF's queues, ...). Only kDistance0 (the answer's stored
// distances), kPredecessors and kOutput (finalize.cu) mean the same everywhere after a search.
enum class Slot : int { kDistance0, kDistance1, kFlags0, kFlags1, kPredecessors, kOutput, kCertificate, kCount };

class Workspace {
 public:
  Workspace();
  // Tells a lingering reader (common/result_reader.hpp) to quit and waits for the stream before the memory goes.
  ~Workspace();
  Workspace(const Workspace&) = delete;
  Workspace& operator=(const Workspace&) = delete;

  cudaStream_t stream() const { return stream_.get(); }
  cudaEvent_t start_event() const { return start_.get(); }
  cudaEvent_t stop_event() const { return stop_.get(); }
  // Recorded behind a query's last operation when a reader (common/result_reader.hpp) follows it on the stream:
  // the query waits for this, not for the stream.
  cudaEvent_t done_event() const { return done_.get(); }
  ResultReader& reader() { return reader_; }

  // Zeroes the counters (on the stream) and restarts the per-query memory account.
  void begin_query();

  // A device buffer of at least `bytes` for `slot`, counted in this query's scratch.
  void* buffer(Slot slot, size_t bytes);
  template <class T>
  T* buffer(Slot slot, int64_t count) {
    return static_cast<T*>(buffer(slot, static_cast<size_t>(count) * sizeof(T)));
  }
  // The bytes of the slot buffer that starts at `pointer`, or 0 if no slot buffer starts there.
  size_t slot_bytes_at(const void* pointer) const;
  // For a resident result (gsssp_device_result_t): moves the slot buffer that starts at `pointer` out of
  // the workspace, which gets `replacement` (possibly empty: its next use allocates) in its place. The
  // stream must be idle. Returns an empty buffer if no slot buffer starts at `pointer`.
  DeviceBuffer detach(const void* pointer, DeviceBuffer replacement);
  // Bytes the slot's buffer holds now (0 before its first use), without counting it in this query.
  size_t capacity(Slot slot) const { return slots_[static_cast<int>(slot)].bytes(); }
  // Pinned host memory of at least `bytes` (not counted: it is host memory).
  void* staging(size_t bytes);

  DeviceCounters* counters() const { return counters_.as<DeviceCounters>(); }
  // Copies all counters back and waits for the stream.
  DeviceCounters read_counters();
  // The same in two halves: the copy goes on the stream, and host_counters() reads it once the stream has
  // drained (a wait the caller does, or knows happened).
  void enqueue_counters_read();
  DeviceCounters host_counters() const { return *static_cast<const DeviceCounters*>(counters_host_.get()); }
  // Where host_counters() reads (page-locked, mapped): for a kernel that writes the counters there itself (ADDS).
  DeviceCounters* host_counters_target() const { return static_cast<DeviceCounters*>(counters_host_.get()); }
  // Copies one counter back and waits for the stream.
  unsigned long long read_counter(const unsigned long long* device_field);
  // Waits for the stream; a reader still on it is told to quit first.
  void synchronize();

  int64_t query_bytes() const { return query_bytes_; }

  // For a kernel that would not stop (ADDS's last resort, adds.cu): the workspace is never synchronised,
  // reused or freed again, so the caller's thread returns instead of waiting on it forever.
  void abandon() { abandoned_ = true; }
  bool abandoned() const { return abandoned_; }
  int64_t total_bytes() const { return total_bytes_.load(std::memory_order_relaxed); }

 private:
  Stream stream_;
  Event start_;
  Event stop_;
  Event done_{cudaEventDisableTiming};
  DeviceBuffer counters_;
  PinnedBuffer counters_host_;
  DeviceBuffer slots_[static_cast<int>(Slot::kCount)];
  bool used_[static_cast<int>(Slot::kCount)] = {};
  PinnedBuffer staging_;
  int64_t query_bytes_ = 0;
  std::atomic<int64_t> total_bytes_{0};
  bool abandoned_ = false;
  ResultReader reader_;
};

// Workspaces of one device graph. acquire() hands out an idle one or makes a new one, so N concurrent
// queries end up with N workspaces, each kept for the next query.
class WorkspacePool {
 public:
  Workspace& acquire();
  void release(Workspace& workspace);
  // Drops an abandoned workspace from the pool without freeing it (its memory is leaked on purpose).
  void forget(Workspace& workspace);
  int64_t total_bytes();
  // Frees every workspace; only when no query runs (device graph destroy).
  void clear();

 private:
  std::mutex mutex_;
  std::vector<std::unique_ptr<Workspace>> all_;
  std::vector<Workspace*> idle_;
};

// Returns the workspace to the pool when the query ends, after its stream drained: an early exit (error,
// cancel) may leave copies into the pinned staging in flight.
class WorkspaceLease {
 public:
  explicit WorkspaceLease(WorkspacePool& pool) : pool_(pool), workspace_(pool.acquire()) {}
  ~WorkspaceLease() {
    if (workspace_.abandoned()) {
      pool_.forget(workspace_);
      return;
    }
    ResultReader& reader = workspace_.reader();
    if (reader.kept() != 0) {
      // A resident result keeps the reader behind its query: everything before it is done, the reader stays.
      if (cudaEventSynchronize(workspace_.done_event()) != cudaSuccess) (void)cudaGetLastError();
    } else {
      reader.quit();
      if (cudaStreamSynchronize(workspace_.stream()) != cudaSuccess) (void)cudaGetLastError();
    }
    pool_.release(workspace_);
  }
  WorkspaceLease(const WorkspaceLease&) = delete;
  WorkspaceLease& operator=(const WorkspaceLease&) = delete;
  Workspace& get() const { return workspace_; }

 private:
  WorkspacePool& pool_;
  Workspace& workspace_;
};

}  // namespace gsssp
