#include "common/workspace.hpp"

#include <algorithm>

namespace gsssp {
namespace {

const char* slot_name(Slot slot) {
  switch (slot) {
    case Slot::kDistance0: return "query distances";
    case Slot::kDistance1: return "query distances (second array)";
    case Slot::kFlags0: return "query frontier flags";
    case Slot::kFlags1: return "query frontier flags (second array)";
    case Slot::kPredecessors: return "query predecessors";
    case Slot::kOutput: return "query output staging";
    case Slot::kCertificate: return "certificate scratch";
    default: return "query scratch";
  }
}

}  // namespace

Workspace::Workspace()
    : counters_(sizeof(DeviceCounters), "query counters"), counters_host_(sizeof(DeviceCounters)) {
  total_bytes_.store(static_cast<int64_t>(counters_.bytes()), std::memory_order_relaxed);
}

Workspace::~Workspace() {
  if (abandoned_) return;
  reader_.quit();
  if (cudaStreamSynchronize(stream()) != cudaSuccess) (void)cudaGetLastError();
}

void Workspace::begin_query() {
  reader_.quit();  // the previous query's reader, if any, has served its result
  std::fill(std::begin(used_), std::end(used_), false);
  query_bytes_ = static_cast<int64_t>(counters_.bytes());
  GSSSP_CUDA_CHECK(cudaMemsetAsync(counters_.get(), 0, sizeof(DeviceCounters), stream()));
}

void* Workspace::buffer(Slot slot, size_t bytes) {
  const int index = static_cast<int>(slot);
  DeviceBuffer& current = slots_[index];
  if (current.bytes() < bytes) {
    // Work already queued may still read the old buffer.
    synchronize();
    total_bytes_.fetch_sub(static_cast<int64_t>(current.bytes()), std::memory_order_relaxed);
    current.reset();
    current = DeviceBuffer(bytes, slot_name(slot));
    total_bytes_.fetch_add(static_cast<int64_t>(bytes), std::memory_order_relaxed);
  }
  if (!used_[index]) {
    used_[index] = true;
    query_bytes_ += static_cast<int64_t>(current.bytes());
  }
  return current.get();
}

size_t Workspace::slot_bytes_at(const void* pointer) const {
  for (const DeviceBuffer& slot : slots_) {
    if (pointer != nullptr && slot.get() == pointer) return slot.bytes();
  }
  return 0;
}

DeviceBuffer Workspace::detach(const void* pointer, DeviceBuffer replacement) {
  for (DeviceBuffer& slot : slots_) {
    if (pointer == nullptr || slot.get() != pointer) continue;
    DeviceBuffer out = std::move(slot);
    slot = std::move(replacement);
    total_bytes_.fetch_add(static_cast<int64_t>(slot.bytes()) - static_cast<int64_t>(out.bytes()),
                           std::memory_order_relaxed);
    return out;
  }
  return DeviceBuffer();
}

void* Workspace::staging(size_t bytes) {
  if (staging_.bytes() < bytes) {
    synchronize();
    staging_ = PinnedBuffer();
    staging_ = PinnedBuffer(bytes);
  }
  return staging_.get();
}

DeviceCounters Workspace::read_counters() {
  enqueue_counters_read();
  synchronize();
  return host_counters();
}

void Workspace::enqueue_counters_read() {
  GSSSP_CUDA_CHECK(cudaMemcpyAsync(counters_host_.get(), counters_.get(), sizeof(DeviceCounters),
                                   cudaMemcpyDeviceToHost, stream()));
}

unsigned long long Workspace::read_counter(const unsigned long long* device_field) {
  auto* host = static_cast<unsigned long long*>(counters_host_.get());
  GSSSP_CUDA_CHECK(
      cudaMemcpyAsync(host, device_field, sizeof(unsigned long long), cudaMemcpyDeviceToHost, stream()));
  synchronize();
  return *host;
}

void Workspace::synchronize() {
  reader_.quit();
  GSSSP_CUDA_CHECK(cudaStreamSynchronize(stream()));
}

Workspace& WorkspacePool::acquire() {
  // A query's kernels may need every SM (ADDS's cooperative launch), and its cudaFree waits for every kernel.
  ResultReader::quit_all();
  std::lock_guard<std::mutex> lock(mutex_);
  if (!idle_.empty()) {
    Workspace* workspace = idle_.back();
    idle_.pop_back();
    return *workspace;
  }
  all_.push_back(std::make_unique<Workspace>());
  return *all_.back();
}

void WorkspacePool::release(Workspace& workspace) {
  std::lock_guard<std::mutex> lock(mutex_);
  idle_.push_back(&workspace);
}

void WorkspacePool::forget(Workspace& workspace) {
  std::lock_guard<std::mutex> lock(mutex_);
  for (auto it = all_.begin(); it != all_.end(); ++it) {
    if (it->get() == &workspace) {
      (void)it->release();
      all_.erase(it);
      return;
    }
  }
}

int64_t WorkspacePool::total_bytes() {
  std::lock_guard<std::mutex> lock(mutex_);
  int64_t total = 0;
  for (const auto& workspace : all_) total += workspace->total_bytes();
  return total;
}

void WorkspacePool::clear() {
  std::lock_guard<std::mutex> lock(mutex_);
  idle_.clear();
  all_.clear();
}

}  // namespace gsssp
