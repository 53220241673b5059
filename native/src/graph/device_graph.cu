#include "graph/device_graph.hpp"

#include <algorithm>

#include "common/cuda_check.hpp"

namespace gsssp::graph {

CsrView DeviceGraph::view() const {
  CsrView v;
  v.num_vertices = num_vertices;
  v.num_edges = num_edges;
  v.offsets = offsets.as<const int64_t>();
  v.targets = targets.as<const int32_t>();
  v.weights = weights.get();
  v.weight_type = weight_type;
  return v;
}

int64_t DeviceGraph::device_bytes() const {
  int64_t bytes = static_cast<int64_t>(offsets.bytes() + targets.bytes() + weights.bytes());
  std::lock_guard<std::mutex> lock(attachments_mutex_);
  for (const auto& entry : attachments_) bytes += entry.second->device_bytes();
  return bytes;
}

int DeviceGraph::grid_for(int64_t items, int block) const {
  const int64_t resident = static_cast<int64_t>(multiprocessor_count) * std::max(1, max_threads_per_multiprocessor / block);
  const int64_t needed = (items + block - 1) / block;
  return static_cast<int>(std::max<int64_t>(1, std::min(needed, resident)));
}

namespace {

// Copies the host arrays in chunks and tells the caller after each one. Why chunks of pageable copies instead of
// one cudaMemcpy per array: an R-MAT 28 graph is 36 GB and takes seconds to cross PCIe, and the issue "Beyond
// 2^31 edges" asks for progress; the driver stages a pageable copy through its own pinned buffers either way, so
// 256 MiB pieces cost nothing measurable beside the bytes (docs/performance.md has the upload rates).
class ChunkedUpload {
 public:
  ChunkedUpload(int64_t total, gsssp_progress_fn progress, void* user_data)
      : total_(total), progress_(progress), user_data_(user_data) {
    report();
  }

  void copy(void* device, const void* host, size_t bytes) {
    const size_t chunk = static_cast<size_t>(GSSSP_UPLOAD_CHUNK_BYTES);
    for (size_t at = 0; at < bytes; at += chunk) {
      const size_t len = std::min(chunk, bytes - at);
      GSSSP_CUDA_CHECK(cudaMemcpy(static_cast<char*>(device) + at, static_cast<const char*>(host) + at, len,
                                  cudaMemcpyHostToDevice));
      done_ += static_cast<int64_t>(len);
      report();
    }
  }

 private:
  void report() {
    if (progress_ == nullptr) return;
    const int answer = progress_(done_, total_, user_data_);
    if (answer != 0) {
      fail(GSSSP_ERROR_CLOSED, format("upload stopped by its progress callback (it returned %d after %lld of %lld "
                                      "bytes)",
                                      answer, static_cast<long long>(done_), static_cast<long long>(total_)));
    }
  }

  int64_t total_;
  int64_t done_ = 0;
  gsssp_progress_fn progress_;
  void* user_data_;
};

}  // namespace

std::unique_ptr<DeviceGraph> upload_graph(int device, const gsssp_csr& csr, gsssp_progress_fn progress,
                                          void* user_data) {
  auto graph = std::make_unique<DeviceGraph>();
  graph->device = device;
  graph->num_vertices = csr.num_vertices;
  graph->num_edges = csr.num_edges;
  graph->weight_type = csr.weight_type;
  graph->summary = summarize_csr(csr);
  if (graph->summary.first_negative_edge >= 0) {
    graph->negative_weight_message = negative_weight_message(csr, graph->summary.first_negative_edge);
  }
  GSSSP_CUDA_CHECK(
      cudaDeviceGetAttribute(&graph->multiprocessor_count, cudaDevAttrMultiProcessorCount, device));
  GSSSP_CUDA_CHECK(cudaDeviceGetAttribute(&graph->max_threads_per_multiprocessor,
                                          cudaDevAttrMaxThreadsPerMultiProcessor, device));
  GSSSP_CUDA_CHECK(cudaDeviceGetAttribute(&graph->l2_cache_bytes, cudaDevAttrL2CacheSize, device));

  const size_t n = static_cast<size_t>(csr.num_vertices);
  const size_t m = static_cast<size_t>(csr.num_edges);
  const size_t weight_size = csr.weight_type == GSSSP_WEIGHT_FLOAT32 ? sizeof(float) : sizeof(int32_t);
  // Refused before any allocation when the arrays cannot fit (the issue "Beyond 2^31 edges": say what is
  // needed and what is free, instead of failing at the second or third cudaMalloc).
  const size_t needed = (n + 1) * sizeof(int64_t) + m * (sizeof(int32_t) + weight_size);
  size_t free_bytes = 0, total_bytes = 0;
  if (cudaMemGetInfo(&free_bytes, &total_bytes) != cudaSuccess) {
    (void)cudaGetLastError();
  } else if (needed > free_bytes) {
    fail(GSSSP_ERROR_OUT_OF_DEVICE_MEMORY,
         format("a graph of %zu vertices and %zu edges needs %zu bytes on device %d (8 per vertex, %zu per edge) "
                "before any query's scratch, and %zu of its %zu bytes are free",
                n, m, needed, device, sizeof(int32_t) + weight_size, free_bytes, total_bytes));
  }
  graph->sinks.assign((n + 63) / 64, 0);
  for (size_t v = 0; v < n; ++v) {
    if (csr.offsets[v + 1] == csr.offsets[v]) graph->sinks[v >> 6] |= uint64_t{1} << (v & 63);
  }
  graph->offsets = DeviceBuffer((n + 1) * sizeof(int64_t), "graph offsets");
  graph->targets = DeviceBuffer(m * sizeof(int32_t), "graph targets");
  graph->weights = DeviceBuffer(m * weight_size, "graph weights");
  ChunkedUpload upload(static_cast<int64_t>(needed), progress, user_data);
  upload.copy(graph->offsets.get(), csr.offsets, (n + 1) * sizeof(int64_t));
  upload.copy(graph->targets.get(), csr.targets, m * sizeof(int32_t));
  upload.copy(graph->weights.get(), csr.weights, m * weight_size);
  return graph;
}

}  // namespace gsssp::graph
