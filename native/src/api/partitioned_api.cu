// Entry points of partitioned graphs (gsssp_partitioned_graph_t): one search over several GPUs
// (algorithms/partitioned/partitioned.hpp).
//
// Handles live in a table of their own, as device graphs do (device_api.cu): a call looks its handle up and
// registers itself as active under the table's lock, so destroy, which first removes the handle from the table,
// can wait for the active count to reach zero before it frees anything, and a call on a destroyed handle is
// answered with GSSSP_ERROR_CLOSED. Queries on one handle also take the handle's query mutex: the parts' state
// (distances, lists, outboxes) serves one search at a time.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstring>
#include <memory>
#include <mutex>
#include <unordered_set>
#include <utility>

#include "algorithms/partitioned/nccl_exchange.hpp"
#include "algorithms/partitioned/partitioned.hpp"
#include "api/guard.hpp"
#include "api/options.hpp"
#include "common/cuda_check.hpp"
#include "graph/csr_checks.hpp"

struct gsssp_partitioned_graph_s {
  std::unique_ptr<gsssp::partitioned::PartitionedGraph> graph;
  std::atomic<bool> cancelled{false};
  std::mutex mutex;  // guards active and the last query's report
  std::condition_variable idle;
  int active = 0;
  std::mutex query_mutex;  // one search at a time
  gsssp::partitioned::QueryReport last;
};

using gsssp::api::guarded;
using gsssp::api::require_non_null;

namespace {

struct PartitionedTable {
  std::mutex mutex;
  std::unordered_set<gsssp_partitioned_graph_t> open;
};

// Never destroyed: a JVM may still call in while static destructors run at exit.
PartitionedTable& table() {
  static PartitionedTable* t = new PartitionedTable();
  return *t;
}

class PartitionedUse {
 public:
  PartitionedUse(gsssp_partitioned_graph_t handle, bool allow_cancelled) : handle_(handle) {
    PartitionedTable& t = table();
    std::lock_guard<std::mutex> lock(t.mutex);
    if (t.open.count(handle) == 0) {
      gsssp::fail(GSSSP_ERROR_CLOSED,
                  "partitioned graph is closed (destroyed, or not a handle from gsssp_partitioned_graph_create)");
    }
    if (!allow_cancelled && handle->cancelled.load(std::memory_order_acquire)) {
      gsssp::fail(GSSSP_ERROR_CLOSED, "partitioned graph is closed (gsssp_partitioned_graph_cancel was called)");
    }
    std::lock_guard<std::mutex> handle_lock(handle->mutex);
    ++handle->active;
  }
  ~PartitionedUse() {
    std::lock_guard<std::mutex> lock(handle_->mutex);
    --handle_->active;
    handle_->idle.notify_all();
  }
  PartitionedUse(const PartitionedUse&) = delete;
  PartitionedUse& operator=(const PartitionedUse&) = delete;

 private:
  gsssp_partitioned_graph_t handle_;
};

// NO_GPU without a driver or device; INVALID_ARGUMENT for a listed device that does not exist.
void require_devices(const int32_t* devices, int32_t count) {
  int present = 0;
  const cudaError_t error = cudaGetDeviceCount(&present);
  if (error != cudaSuccess) {
    (void)cudaGetLastError();
    gsssp::fail(GSSSP_ERROR_NO_GPU, gsssp::format("no usable CUDA device: cudaGetDeviceCount failed with %s (%s)",
                                                  cudaGetErrorName(error), cudaGetErrorString(error)));
  }
  if (present == 0) gsssp::fail(GSSSP_ERROR_NO_GPU, "no CUDA device found");
  for (int32_t k = 0; k < count; ++k) {
    if (devices[k] < 0 || devices[k] >= present) {
      gsssp::fail(GSSSP_ERROR_INVALID_ARGUMENT, gsssp::format("devices[%d] = %d is outside [0, %d), the CUDA devices present",
                                                              k, devices[k], present));
    }
  }
}

// INVALID_ARGUMENT for a value outside gsssp_partition_exchange; UNSUPPORTED for NCCL over a device listed twice
// (NCCL takes one rank per GPU). Host only.
void require_exchange(int32_t exchange, const int32_t* devices, int32_t count) {
  if (exchange != GSSSP_EXCHANGE_PEER_COPIES && exchange != GSSSP_EXCHANGE_NCCL) {
    gsssp::fail(GSSSP_ERROR_INVALID_ARGUMENT,
                gsssp::format("exchange %d is not a gsssp_partition_exchange (GSSSP_EXCHANGE_PEER_COPIES = 0, "
                              "GSSSP_EXCHANGE_NCCL = 1)", exchange));
  }
  if (exchange != GSSSP_EXCHANGE_NCCL) return;
  for (int32_t a = 0; a < count; ++a) {
    for (int32_t b = 0; b < a; ++b) {
      if (devices[a] == devices[b]) {
        gsssp::fail(GSSSP_ERROR_UNSUPPORTED,
                    gsssp::format("the NCCL exchange needs distinct devices (NCCL takes one rank per GPU), and device "
                                  "%d is listed twice (devices[%d] and devices[%d]); list each GPU once, or use "
                                  "GSSSP_EXCHANGE_PEER_COPIES, which runs several parts on one GPU",
                                  devices[a], b, a));
      }
    }
  }
}

}  // namespace

extern "C" {

int gsssp_partitioned_graph_create(gsssp_partitioned_graph_t* out, const int32_t* devices, int32_t device_count,
                                   const gsssp_csr* graph, int64_t max_bytes_per_device, int32_t exchange) {
  return guarded([&] {
    require_non_null(out, "out");
    *out = nullptr;
    require_non_null(devices, "devices");
    if (device_count < 1 || device_count > gsssp::partitioned::kMaxParts) {
      gsssp::fail(GSSSP_ERROR_INVALID_ARGUMENT,
                  gsssp::format("device_count %d is outside [1, %d]", device_count, gsssp::partitioned::kMaxParts));
    }
    if (max_bytes_per_device < 0) {
      gsssp::fail(GSSSP_ERROR_INVALID_ARGUMENT,
                  gsssp::format("max_bytes_per_device is negative (%lld); 0 means no cap",
                                static_cast<long long>(max_bytes_per_device)));
    }
    require_exchange(exchange, devices, device_count);
    gsssp::graph::validate_csr(graph);
    // Host checks first (they need no GPU): negative weights, then the plan against the cap, then NCCL's library,
    // then the devices.
    const gsssp::graph::WeightFacts facts = gsssp::graph::weight_facts(*graph);
    if (facts.first_negative_edge >= 0) {
      gsssp::fail(GSSSP_ERROR_UNSUPPORTED,
                  "H-BF takes negative weights; the partitioned search does not: " +
                      gsssp::graph::negative_weight_message(*graph, facts.first_negative_edge));
    }
    gsssp::partitioned::PartitionPlan plan =
        gsssp::partitioned::plan_partition(*graph, devices, device_count, max_bytes_per_device);
    if (exchange == GSSSP_EXCHANGE_NCCL) (void)gsssp::partitioned::NcclLibrary::get();
    require_devices(devices, device_count);
    auto handle = std::make_unique<gsssp_partitioned_graph_s>();
    handle->graph = std::make_unique<gsssp::partitioned::PartitionedGraph>(
        *graph, std::move(plan), static_cast<gsssp_partition_exchange>(exchange));
    PartitionedTable& t = table();
    std::lock_guard<std::mutex> lock(t.mutex);
    t.open.insert(handle.get());
    *out = handle.release();
  });
}

int gsssp_partitioned_graph_cancel(gsssp_partitioned_graph_t graph) {
  return guarded([&] {
    require_non_null(graph, "graph");
    PartitionedTable& t = table();
    std::lock_guard<std::mutex> lock(t.mutex);
    if (t.open.count(graph) == 0) gsssp::fail(GSSSP_ERROR_CLOSED, "partitioned graph is already destroyed");
    graph->cancelled.store(true, std::memory_order_release);
  });
}

int gsssp_partitioned_graph_destroy(gsssp_partitioned_graph_t graph) {
  return guarded([&] {
    if (graph == nullptr) return;
    {
      PartitionedTable& t = table();
      std::lock_guard<std::mutex> lock(t.mutex);
      if (t.open.erase(graph) == 0) gsssp::fail(GSSSP_ERROR_CLOSED, "partitioned graph is already destroyed");
    }
    std::unique_ptr<gsssp_partitioned_graph_s> owned(graph);
    owned->cancelled.store(true, std::memory_order_release);
    {
      std::unique_lock<std::mutex> lock(owned->mutex);
      owned->idle.wait(lock, [&] { return owned->active == 0; });
    }
    owned.reset();  // ~PartitionedGraph frees each part with its device current
  });
}

int gsssp_partitioned_graph_sssp(gsssp_partitioned_graph_t graph, int64_t source, const gsssp_options* options,
                                 void* distances, gsssp_stats* stats) {
  return guarded([&] {
    const auto start = std::chrono::steady_clock::now();
    require_non_null(graph, "graph");
    require_non_null(distances, "distances");
    const gsssp::api::ResolvedOptions resolved = gsssp::api::resolve_options(options);
    gsssp::api::refuse_cutoff(resolved.raw, "gsssp_partitioned_graph_sssp");
    PartitionedUse use(graph, /*allow_cancelled=*/false);
    const gsssp::partitioned::PartitionPlan& plan = graph->graph->plan();
    gsssp::api::require_source(source, plan.num_vertices);
    gsssp_options o = resolved.raw;
    o.block_size = resolved.block_size;
    o.max_iterations = resolved.max_iterations;
    std::lock_guard<std::mutex> query_lock(graph->query_mutex);
    const gsssp::partitioned::QueryReport report = graph->graph->run(source, o, distances, graph->cancelled);
    {
      std::lock_guard<std::mutex> lock(graph->mutex);
      graph->last = report;
    }
    if (stats != nullptr) {
      std::memset(stats, 0, sizeof(*stats));
      stats->time_ms = report.time_ms;
      stats->iterations = report.rounds;
      stats->vertex_visits = report.vertex_visits;
      stats->edges_relaxed = report.edges_relaxed;
      stats->vertices_reached = report.vertices_reached;
      stats->peak_device_memory = plan.total_bytes();
      stats->delta = report.delta;
      stats->trace_length = report.trace_length;
      stats->negative_cycle_vertex = -1;
      stats->restarts = 0;
      stats->distance_bytes = 8;
      stats->certificate_ms = 0.0;
      stats->total_ms = gsssp::api::milliseconds_since(start);
    }
  });
}

int gsssp_partitioned_graph_info(gsssp_partitioned_graph_t graph, gsssp_partitioned_info* info,
                                 gsssp_partition_part* parts, int32_t capacity) {
  return guarded([&] {
    require_non_null(graph, "graph");
    if (capacity < 0) gsssp::fail(GSSSP_ERROR_INVALID_ARGUMENT, gsssp::format("capacity is negative (%d)", capacity));
    if (capacity > 0) require_non_null(parts, "parts");
    PartitionedUse use(graph, /*allow_cancelled=*/true);
    const gsssp::partitioned::PartitionPlan& plan = graph->graph->plan();
    gsssp::partitioned::QueryReport last;
    {
      std::lock_guard<std::mutex> lock(graph->mutex);
      last = graph->last;
    }
    if (info != nullptr) {
      std::memset(info, 0, sizeof(*info));
      info->part_count = static_cast<int32_t>(plan.parts.size());
      info->peer_access = graph->graph->all_peer() ? 1 : 0;
      info->num_vertices = plan.num_vertices;
      info->num_edges = plan.num_edges;
      info->device_bytes = plan.total_bytes();
      info->last_messages = last.messages;
      info->last_exchange_bytes = last.exchange_bytes;
      info->last_buckets = last.buckets;
      info->exchange = graph->graph->exchange();
      info->nccl_version = graph->graph->nccl_version();
    }
    const int32_t count = std::min<int32_t>(capacity, static_cast<int32_t>(plan.parts.size()));
    for (int32_t k = 0; k < count; ++k) {
      const gsssp::partitioned::PartPlan& p = plan.parts[static_cast<size_t>(k)];
      gsssp_partition_part& out = parts[k];
      std::memset(&out, 0, sizeof(out));
      out.device = p.device;
      out.first_vertex = p.first_vertex;
      out.end_vertex = p.end_vertex;
      out.edges = p.edges;
      out.cross_edges = p.cross_out;
      out.device_bytes = p.device_bytes;
      out.last_messages_out = static_cast<size_t>(k) < last.messages_out.size() ? last.messages_out[static_cast<size_t>(k)] : 0;
    }
  });
}

}  // extern "C"
