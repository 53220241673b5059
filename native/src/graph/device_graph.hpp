// A CSR graph resident on one GPU, with the statistics and checks done once at upload so that every query
// on it can rely on them (e.g. the negative-weight rejection needs no pass over the weights per query).
#pragma once

#include <atomic>

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "common/device_buffer.hpp"
#include "common/query.hpp"
#include "graph/csr_checks.hpp"

namespace gsssp::graph {

// Data an algorithm derives from the graph once and reuses for every query (H-BF's edge classes, the
// reverse CSR of DA2CF_U, NF's weight/degree estimate), owned by the DeviceGraph.
struct Attachment {
  virtual ~Attachment() = default;
  virtual int64_t device_bytes() const = 0;
};

struct DeviceGraph {
  int device = 0;
  int64_t num_vertices = 0;
  int64_t num_edges = 0;
  int32_t weight_type = GSSSP_WEIGHT_INT32;
  DeviceBuffer offsets;
  DeviceBuffer targets;
  DeviceBuffer weights;
  GraphSummary summary;
  std::string negative_weight_message;  // empty when all weights are >= 0
  int multiprocessor_count = 1;
  int max_threads_per_multiprocessor = 2048;
  int l2_cache_bytes = 0;  // cudaDevAttrL2CacheSize; 0 = not known
  // A query's distances needed more than the narrow 2-byte output (gsssp_options.compact_distances 2): later
  // queries on this graph go straight to 4 bytes instead of writing 2 and then falling back (finalize.cu).
  mutable std::atomic<bool> wide_distances{false};
  // A bit per vertex, set where the vertex has no out-edges (host memory, n / 8 bytes, built at upload). A query
  // from such a source reaches only itself, so it is answered without running the algorithm (common/sink_source.hpp):
  // on R-MAT 20 (Graph500 parameters, edge factor 16) 48% of the vertices are sinks, so half of a batch of random
  // sources would otherwise pay a whole search's fixed costs for one reached vertex.
  std::vector<uint64_t> sinks;
  bool is_sink(int64_t v) const {
    return !sinks.empty() && (sinks[static_cast<size_t>(v) >> 6] >> (static_cast<unsigned>(v) & 63u) & 1u) != 0;
  }

  CsrView view() const;
  // Graph arrays plus attachments.
  int64_t device_bytes() const;

  // The attachment stored under `key`, built by `build()` (returning std::unique_ptr<T>) on first use.
  // Concurrent queries may ask at once: one builds, the others wait; the result is immutable after.
  template <class T, class Build>
  const T& attachment(const std::string& key, Build build) const {
    std::lock_guard<std::mutex> lock(attachments_mutex_);
    auto it = attachments_.find(key);
    if (it == attachments_.end()) it = attachments_.emplace(key, build()).first;
    return static_cast<const T&>(*it->second);
  }

 private:
  mutable std::mutex attachments_mutex_;
  mutable std::map<std::string, std::unique_ptr<Attachment>> attachments_;

 public:
  // Blocks for a grid-stride loop over `items`: enough to fill the device, no more.
  int grid_for(int64_t items, int block) const;
};

// Computes the summary of a validated CSR and copies it to `device` (which must be current), in chunks of
// GSSSP_UPLOAD_CHUNK_BYTES, calling `progress` (when not null) as gsssp.h describes.
std::unique_ptr<DeviceGraph> upload_graph(int device, const gsssp_csr& csr, gsssp_progress_fn progress = nullptr,
                                          void* user_data = nullptr);

}  // namespace gsssp::graph
