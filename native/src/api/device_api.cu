// Entry points that use a GPU: devices, device graph handles and GPU queries.
//
// Handles live in a table (the set of open handles). A query looks its handle up and registers itself as
// active under the table's lock, so destroy — which first removes the handle from the table — can wait for
// the active count to reach zero before it frees anything, and a call on a destroyed handle is answered
// with GSSSP_ERROR_CLOSED instead of touching freed memory.
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstring>
#include <memory>
#include <mutex>
#include <unordered_set>

#include "algorithms/adds/adds.hpp"
#include "algorithms/bellman_ford/bellman_ford.hpp"
#include "algorithms/da2cf/da2cf.hpp"
#include "algorithms/frontier/frontier.hpp"
#include "algorithms/near_far/near_far.hpp"
#include "algorithms/hbf/hbf.hpp"
#include "api/guard.hpp"
#include "api/options.hpp"
#include "common/cuda_check.hpp"
#include "common/finalize.hpp"
#include "common/workspace.hpp"
#include "graph/csr_checks.hpp"
#include "graph/device_graph.hpp"

struct gsssp_device_graph_s {
  std::unique_ptr<gsssp::graph::DeviceGraph> graph;
  gsssp::WorkspacePool pool;  // declared after graph: freed first
  std::atomic<bool> cancelled{false};
  std::mutex mutex;
  std::condition_variable idle;
  int active = 0;  // queries (and memory reads) using the handle; guarded by mutex
};

using gsssp::api::guarded;
using gsssp::api::require_non_null;

namespace {

struct HandleTable {
  std::mutex mutex;
  std::unordered_set<gsssp_device_graph_t> open;
};

// Never destroyed: a JVM may still call in while static destructors run at exit.
HandleTable& handles() {
  static HandleTable* table = new HandleTable();
  return *table;
}

// Marks a handle in use for the scope; throws CLOSED if it is not open (or cancelled, when that matters).
class HandleUse {
 public:
  HandleUse(gsssp_device_graph_t handle, bool allow_cancelled) : handle_(handle) {
    HandleTable& table = handles();
    std::lock_guard<std::mutex> lock(table.mutex);
    if (table.open.count(handle) == 0) {
      gsssp::fail(GSSSP_ERROR_CLOSED, "device graph is closed (destroyed, or not a handle from gsssp_device_graph_create)");
    }
    if (!allow_cancelled && handle->cancelled.load(std::memory_order_acquire)) {
      gsssp::fail(GSSSP_ERROR_CLOSED, "device graph is closed (gsssp_device_graph_cancel was called)");
    }
    std::lock_guard<std::mutex> handle_lock(handle->mutex);
    ++handle->active;
  }
  ~HandleUse() {
    // Notify under the lock: once it is released, destroy may free the handle, condition variable included.
    std::lock_guard<std::mutex> lock(handle_->mutex);
    --handle_->active;
    handle_->idle.notify_all();
  }
  HandleUse(const HandleUse&) = delete;
  HandleUse& operator=(const HandleUse&) = delete;

 private:
  gsssp_device_graph_t handle_;
};

// The device must exist; NO_GPU when the driver or the devices are missing.
void require_device(int32_t device) {
  int count = 0;
  const cudaError_t error = cudaGetDeviceCount(&count);
  if (error != cudaSuccess) {
    (void)cudaGetLastError();
    gsssp::fail(GSSSP_ERROR_NO_GPU, gsssp::format("no usable CUDA device: cudaGetDeviceCount failed with %s (%s)",
                                                  cudaGetErrorName(error), cudaGetErrorString(error)));
  }
  if (count == 0) gsssp::fail(GSSSP_ERROR_NO_GPU, "no CUDA device found");
  if (device < 0 || device >= count) {
    gsssp::fail(GSSSP_ERROR_INVALID_ARGUMENT,
                gsssp::format("device %d is outside [0, %d), the CUDA devices present", device, count));
  }
}

double milliseconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

void check_device_algorithm(int32_t algorithm) {
  using gsssp::api::AlgorithmKind;
  switch (gsssp::api::classify_algorithm(algorithm)) {
    case AlgorithmKind::kGpu:
      return;
    case AlgorithmKind::kCpu:
      gsssp::fail(GSSSP_ERROR_INVALID_ARGUMENT, "CPU_DIJKSTRA runs on the host: use gsssp_cpu_sssp");
    case AlgorithmKind::kReserved:
      gsssp::fail(GSSSP_ERROR_UNSUPPORTED, gsssp::format("algorithm %s is not implemented yet",
                                                          gsssp::api::algorithm_name(algorithm)));
    default:
      gsssp::fail(GSSSP_ERROR_INVALID_ARGUMENT, gsssp::format("unknown algorithm id %d", algorithm));
  }
}

// Only H-BF is built for negative weights; the others assume distances only fall towards a fixed point
// that no negative edge can undercut.
bool accepts_negative_weights(int32_t algorithm) { return algorithm == GSSSP_ALGORITHM_HBF; }

gsssp::AlgorithmRun run_algorithm(int32_t algorithm, const gsssp::QueryContext& query) {
  switch (algorithm) {
    case GSSSP_ALGORITHM_BELLMAN_FORD:
      return gsssp::bellman_ford::run(query);
    case GSSSP_ALGORITHM_FRONTIER:
      return gsssp::frontier::run(query);
    case GSSSP_ALGORITHM_NEAR_FAR:
      return gsssp::near_far::run(query);
    case GSSSP_ALGORITHM_DA2CF_F:
      return gsssp::da2cf::run(query, gsssp::da2cf::Relax::kFrontier, gsssp::da2cf::Layout::kAdjacencyList);
    case GSSSP_ALGORITHM_DA2CF_U:
      return gsssp::da2cf::run(query, gsssp::da2cf::Relax::kUnresolved, gsssp::da2cf::Layout::kAdjacencyList);
    case GSSSP_ALGORITHM_DA2CF_F_MATRIX:
      return gsssp::da2cf::run(query, gsssp::da2cf::Relax::kFrontier, gsssp::da2cf::Layout::kAdjacencyMatrix);
    case GSSSP_ALGORITHM_DA2CF_U_MATRIX:
      return gsssp::da2cf::run(query, gsssp::da2cf::Relax::kUnresolved, gsssp::da2cf::Layout::kAdjacencyMatrix);
    case GSSSP_ALGORITHM_HBF:
      return gsssp::hbf::run(query);
    case GSSSP_ALGORITHM_ADDS:
      return gsssp::adds::run(query);
    default:
      gsssp::fail(GSSSP_ERROR_INTERNAL, gsssp::format("no driver for algorithm %d", algorithm));
  }
}

}  // namespace

extern "C" {

int gsssp_device_count(int32_t* count) {
  return guarded([&] {
    require_non_null(count, "count");
    int devices = 0;
    // The runtime is linked statically, so a machine without libcuda.so.1 lands here with
    // cudaErrorInsufficientDriver: that is "no GPU", not a failure.
    if (cudaGetDeviceCount(&devices) != cudaSuccess) {
      (void)cudaGetLastError();
      devices = 0;
    }
    *count = devices;
  });
}

int gsssp_device_get_info(int32_t device, gsssp_device_info* info) {
  return guarded([&] {
    require_non_null(info, "info");
    require_device(device);
    cudaDeviceProp properties;
    GSSSP_CUDA_CHECK(cudaGetDeviceProperties(&properties, device));
    GSSSP_CUDA_CHECK(cudaSetDevice(device));
    size_t free_bytes = 0, total_bytes = 0;
    GSSSP_CUDA_CHECK(cudaMemGetInfo(&free_bytes, &total_bytes));
    std::memset(info, 0, sizeof(*info));
    std::snprintf(info->name, sizeof(info->name), "%s", properties.name);
    info->total_memory = static_cast<int64_t>(total_bytes);
    info->free_memory = static_cast<int64_t>(free_bytes);
    info->multiprocessor_count = properties.multiProcessorCount;
    info->compute_capability_major = properties.major;
    info->compute_capability_minor = properties.minor;
    info->max_threads_per_multiprocessor = properties.maxThreadsPerMultiProcessor;
  });
}

int gsssp_device_graph_create(gsssp_device_graph_t* out, int32_t device, const gsssp_csr* graph) {
  return guarded([&] {
    require_non_null(out, "out");
    *out = nullptr;
    gsssp::graph::validate_csr(graph);
    require_device(device);
    GSSSP_CUDA_CHECK(cudaSetDevice(device));
    auto handle = std::make_unique<gsssp_device_graph_s>();
    handle->graph = gsssp::graph::upload_graph(device, *graph);
    HandleTable& table = handles();
    std::lock_guard<std::mutex> lock(table.mutex);
    table.open.insert(handle.get());
    *out = handle.release();
  });
}

int gsssp_device_graph_cancel(gsssp_device_graph_t graph) {
  return guarded([&] {
    require_non_null(graph, "graph");
    HandleTable& table = handles();
    std::lock_guard<std::mutex> lock(table.mutex);
    if (table.open.count(graph) == 0) gsssp::fail(GSSSP_ERROR_CLOSED, "device graph is already destroyed");
    graph->cancelled.store(true, std::memory_order_release);
  });
}

int gsssp_device_graph_destroy(gsssp_device_graph_t graph) {
  return guarded([&] {
    if (graph == nullptr) return;
    {
      HandleTable& table = handles();
      std::lock_guard<std::mutex> lock(table.mutex);
      if (table.open.erase(graph) == 0) gsssp::fail(GSSSP_ERROR_CLOSED, "device graph is already destroyed");
    }
    std::unique_ptr<gsssp_device_graph_s> owned(graph);
    owned->cancelled.store(true, std::memory_order_release);
    {
      std::unique_lock<std::mutex> lock(owned->mutex);
      owned->idle.wait(lock, [&] { return owned->active == 0; });
    }
    // Frees (in the member destructors) need the graph's device current; if even that fails, the frees
    // still run and their errors are ignored: the handle is gone either way.
    if (cudaSetDevice(owned->graph->device) != cudaSuccess) (void)cudaGetLastError();
    owned->pool.clear();
    owned.reset();
  });
}

int gsssp_device_graph_memory(gsssp_device_graph_t graph, int64_t* bytes) {
  return guarded([&] {
    require_non_null(graph, "graph");
    require_non_null(bytes, "bytes");
    HandleUse use(graph, /*allow_cancelled=*/true);
    *bytes = graph->graph->device_bytes() + graph->pool.total_bytes();
  });
}

int gsssp_device_graph_sssp(gsssp_device_graph_t graph, int32_t algorithm, int64_t source,
                            const gsssp_options* options, void* distances, int32_t* predecessors,
                            gsssp_stats* stats) {
  return guarded([&] {
    const auto start = std::chrono::steady_clock::now();
    require_non_null(graph, "graph");
    require_non_null(distances, "distances");
    check_device_algorithm(algorithm);
    const gsssp::api::ResolvedOptions resolved = gsssp::api::resolve_options(options);
    HandleUse use(graph, /*allow_cancelled=*/false);
    const gsssp::graph::DeviceGraph& g = *graph->graph;
    gsssp::api::require_source(source, g.num_vertices);
    if (!g.negative_weight_message.empty() && !accepts_negative_weights(algorithm)) {
      gsssp::fail(GSSSP_ERROR_UNSUPPORTED, g.negative_weight_message);
    }

    GSSSP_CUDA_CHECK(cudaSetDevice(g.device));
    gsssp::WorkspaceLease lease(graph->pool);
    gsssp::Workspace& workspace = lease.get();
    workspace.begin_query();
    gsssp::QueryContext query;
    query.graph = g.view();
    query.source = source;
    query.launch.block = resolved.block_size;
    query.launch.grid = g.grid_for(g.num_vertices, resolved.block_size);
    query.max_iterations = resolved.max_iterations;
    query.workspace = &workspace;
    query.cancelled = &graph->cancelled;
    query.options = resolved.raw;
    query.device_graph = &g;
    query.negative_weights = !g.negative_weight_message.empty();

    const gsssp::AlgorithmRun run = run_algorithm(algorithm, query);
    auto fill_stats = [&](int64_t reached) {
      if (stats == nullptr) return;
      const gsssp::DeviceCounters counters = workspace.read_counters();
      stats->time_ms = run.time_ms;
      stats->iterations = run.rounds;
      stats->vertex_visits = static_cast<int64_t>(counters.vertex_visits);
      stats->edges_relaxed = static_cast<int64_t>(counters.edges_relaxed);
      stats->vertices_reached = reached;
      stats->peak_device_memory = workspace.query_bytes();
      stats->delta = run.delta;
      stats->trace_length = run.trace_length;
      stats->negative_cycle_vertex = run.negative_cycle_vertex;
      stats->restarts = run.restarts;
      stats->total_ms = milliseconds_since(start);
    };
    if (run.negative_cycle_vertex >= 0) {
      // Stats are filled on this failure too: they name the vertex (gsssp_stats.negative_cycle_vertex).
      fill_stats(0);
      gsssp::fail(GSSSP_ERROR_NEGATIVE_CYCLE,
                  gsssp::format("negative cycle reachable from the source through vertex %lld",
                                static_cast<long long>(run.negative_cycle_vertex)));
    }
    const int64_t reached = gsssp::finalize_query(query, run.distances, distances,
                                                  resolved.predecessors ? predecessors : nullptr);
    fill_stats(reached);
  });
}

}  // extern "C"
