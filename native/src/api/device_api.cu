// Entry points that use a GPU: devices, device graph handles and GPU queries.
//
// Handles live in a table (the set of open handles). A query looks its handle up and registers itself as
// active under the table's lock, so destroy — which first removes the handle from the table — can wait for
// the active count to reach zero before it frees anything, and a call on a destroyed handle is answered
// with GSSSP_ERROR_CLOSED instead of touching freed memory.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstring>
#include <memory>
#include <mutex>
#include <unordered_set>
#include <vector>

#include "algorithms/block_bf/block_bf.hpp"
#include "algorithms/block_nf/block_nf.hpp"
#include "algorithms/multi_bf/multi_bf.hpp"
#include "algorithms/phast/phast.hpp"  // phast
#include "api/guard.hpp"
#include "api/options.hpp"
#include "certify/certify.hpp"
#include "common/cuda_check.hpp"
#include "common/finalize.hpp"
#include "common/distance.cuh"
#include "common/predecessors.cuh"
#include "common/resident_kernels.cuh"
#include "common/row_stream.hpp"
#include "common/stage_trace.hpp"
#include "common/workspace.hpp"
#include "graph/csr_checks.hpp"
#include "graph/device_graph.hpp"

// The device memory of one resident result (gsssp_device_result_t): the buffers the query's algorithm left
// its final distances (and the tree) in, taken out of the workspace instead of copied. Shared by the result
// and by its graph's handle, so that whichever goes first, the other still finds it: destroying the graph
// frees the memory (and marks it freed); destroying the result alone gives the buffers back to the graph as
// spares for the workspaces that lost them.
struct ResidentMemory {
  std::mutex mutex;
  gsssp::DeviceBuffer distances;     // n distances in the stored format (common/distance.cuh)
  gsssp::DeviceBuffer predecessors;  // n int32, or empty
  bool freed = false;
  // The reader that followed the query on its workspace's stream (common/result_reader.hpp), and its generation;
  // 0 once it is gone (reads copy then).
  gsssp::ResultReader* reader = nullptr;
  uint32_t reader_generation = 0;
};

struct gsssp_device_graph_s {
  std::unique_ptr<gsssp::graph::DeviceGraph> graph;
  gsssp::WorkspacePool pool;  // declared after graph: freed first
  std::atomic<bool> cancelled{false};
  std::mutex mutex;
  std::condition_variable idle;
  int active = 0;  // queries (and memory reads) using the handle; guarded by mutex
  // Never reused: a result checks that its graph is still the one it came from, even if a later handle
  // happens to get the same address.
  uint64_t serial = 0;
  // Resident results, and the buffers of closed ones kept for reuse: a workspace whose distance buffer a
  // resident result took gets a spare in its place, so a query after one pays neither cudaMalloc nor
  // cudaFree (which synchronises the whole device); guarded by mutex.
  std::unordered_set<std::shared_ptr<ResidentMemory>> results;
  std::vector<gsssp::DeviceBuffer> spares;
};

struct gsssp_device_result_s {
  gsssp_device_graph_t graph = nullptr;
  uint64_t graph_serial = 0;
  int64_t num_vertices = 0;
  int64_t source = 0;
  int32_t weight_type = GSSSP_WEIGHT_INT32;
  std::shared_ptr<ResidentMemory> memory;
  // Vertices with a finite distance, counted by the first gsssp_device_result_reached; -1 until then.
  std::atomic<int64_t> reached{-1};
};

using gsssp::api::guarded;
using gsssp::api::require_non_null;

namespace {

struct HandleTable {
  std::mutex mutex;
  std::unordered_set<gsssp_device_graph_t> open;
  uint64_t next_serial = 1;
};

// Never destroyed: a JVM may still call in while static destructors run at exit.
HandleTable& handles() {
  static HandleTable* table = new HandleTable();
  return *table;
}

// Marks a handle in use for the scope; throws CLOSED if it is not open (or cancelled, when that matters).
class HandleUse {
 public:
  HandleUse(gsssp_device_graph_t handle, bool allow_cancelled, uint64_t serial = 0) : handle_(handle) {
    HandleTable& table = handles();
    std::lock_guard<std::mutex> lock(table.mutex);
    if (table.open.count(handle) == 0 || (serial != 0 && handle->serial != serial)) {
      gsssp::fail(GSSSP_ERROR_CLOSED, serial != 0 ? "the result's device graph is closed"
                                                  : "device graph is closed (destroyed, or not a handle from gsssp_device_graph_create)");
    }
    if (!allow_cancelled && handle->cancelled.load(std::memory_order_acquire)) {
      gsssp::fail(GSSSP_ERROR_CLOSED, serial != 0 ? "the result's device graph is closed"
                                                  : "device graph is closed (gsssp_device_graph_cancel was called)");
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


void check_device_algorithm(int32_t algorithm) {
  using gsssp::api::AlgorithmKind;
  switch (gsssp::api::classify_algorithm(algorithm)) {
    case AlgorithmKind::kGpu:
      return;
    case AlgorithmKind::kCpu:
      gsssp::fail(GSSSP_ERROR_INVALID_ARGUMENT, gsssp::format("%s runs on the host: use gsssp_cpu_sssp",
                                                              gsssp::api::algorithm_name(algorithm)));
    default:
      gsssp::fail(GSSSP_ERROR_INVALID_ARGUMENT, gsssp::format("unknown algorithm id %d", algorithm));
  }
}


// The algorithm's driver, from the table (api/algorithm_table.cu); check_device_algorithm has accepted the id.
gsssp::AlgorithmRun run_algorithm(int32_t algorithm, const gsssp::QueryContext& query) {
  const gsssp::api::AlgorithmFacts* facts = gsssp::api::find_algorithm(algorithm);
  if (facts == nullptr || facts->run == nullptr) {
    gsssp::fail(GSSSP_ERROR_INTERNAL, gsssp::format("no driver for algorithm %d", algorithm));
  }
  return facts->run(query);
}

// Reads of a result at most this many vertices long are single 8-byte copies; longer ones a gather kernel.
constexpr int64_t kDirectReads = 4;

// Spare buffers kept per handle: enough for the workspaces of a few threads that alternate resident results.
constexpr size_t kMaxSpares = 8;

// A spare of at least `bytes`, or an empty buffer.
gsssp::DeviceBuffer take_spare(gsssp_device_graph_t graph, size_t bytes) {
  std::lock_guard<std::mutex> lock(graph->mutex);
  for (auto it = graph->spares.begin(); it != graph->spares.end(); ++it) {
    if (it->bytes() >= bytes) {
      gsssp::DeviceBuffer out = std::move(*it);
      graph->spares.erase(it);
      return out;
    }
  }
  return gsssp::DeviceBuffer();
}

void give_spare(gsssp_device_graph_t graph, gsssp::DeviceBuffer buffer) {
  if (buffer.get() == nullptr) return;
  std::lock_guard<std::mutex> lock(graph->mutex);
  if (graph->spares.size() < kMaxSpares) graph->spares.push_back(std::move(buffer));
  // else: freed here, as the buffer goes out of scope
}

// Takes the workspace buffer that starts at `pointer` for a resident result (a spare in its place), or, if
// no workspace buffer starts there, copies the `bytes` there into a new buffer.
gsssp::DeviceBuffer take_output(gsssp_device_graph_t graph, gsssp::Workspace& ws, const void* pointer, size_t bytes,
                                const char* what) {
  const size_t slot = ws.slot_bytes_at(pointer);
  if (slot > 0) return ws.detach(pointer, take_spare(graph, slot));
  gsssp::DeviceBuffer copy(std::max<size_t>(bytes, 1), what);
  GSSSP_CUDA_CHECK(cudaMemcpyAsync(copy.get(), pointer, bytes, cudaMemcpyDeviceToDevice, ws.stream()));
  ws.synchronize();
  return copy;
}

// Frees a resident result's device memory unless that already happened: back to the handle's spares, or
// (recycle false: the handle is being destroyed) freed.
void free_resident(gsssp_device_graph_t graph, ResidentMemory& memory, bool recycle) {
  std::lock_guard<std::mutex> lock(memory.mutex);
  if (memory.freed) return;
  memory.freed = true;
  if (memory.reader != nullptr) memory.reader->quit(memory.reader_generation);
  memory.reader_generation = 0;
  if (recycle) {
    give_spare(graph, std::move(memory.distances));
    give_spare(graph, std::move(memory.predecessors));
  }
  memory.distances.reset();
  memory.predecessors.reset();
}

void release_resident(gsssp_device_graph_t graph, const std::shared_ptr<ResidentMemory>& memory) {
  {
    std::lock_guard<std::mutex> lock(graph->mutex);
    graph->results.erase(memory);
  }
  free_resident(graph, *memory, /*recycle=*/true);
}

// The C ABI's 8-byte value of a stored distance (common/distance.cuh), decoded on the host.
void decode_distances(int32_t weight_type, const char* stored, int64_t count, void* out) {
  if (weight_type == GSSSP_WEIGHT_FLOAT32) {
    const auto* s = reinterpret_cast<const gsssp::Float32Distance::stored*>(stored);
    auto* o = static_cast<double*>(out);
    for (int64_t i = 0; i < count; ++i) o[i] = gsssp::Float32Distance::to_output(s[i]);
  } else {
    const auto* s = reinterpret_cast<const gsssp::Int32Distance::stored*>(stored);
    auto* o = static_cast<long long*>(out);
    for (int64_t i = 0; i < count; ++i) o[i] = gsssp::Int32Distance::to_output(s[i]);
  }
}

size_t stored_bytes(int32_t weight_type) {
  return weight_type == GSSSP_WEIGHT_FLOAT32 ? sizeof(gsssp::Float32Distance::stored)
                                             : sizeof(gsssp::Int32Distance::stored);
}

// A read of a resident result: its graph must be open (and the same graph), and its memory not freed.
class ResultUse {
 public:
  explicit ResultUse(gsssp_device_result_t result)
      : use_(result->graph, /*allow_cancelled=*/false, result->graph_serial), lock_(result->memory->mutex) {
    if (result->memory->freed) gsssp::fail(GSSSP_ERROR_CLOSED, "the result was destroyed");
    GSSSP_CUDA_CHECK(cudaSetDevice(result->graph->graph->device));
  }

 private:
  HandleUse use_;
  std::lock_guard<std::mutex> lock_;
};

// A pass over a resident result's arrays (its certificate, its reached count): a workspace leased from its graph's pool,
// its counters zeroed, and a grid over the vertices. Taken after ResultUse.
struct ResultPass {
  explicit ResultPass(gsssp_device_result_t result)
      : graph(*result->graph->graph), lease(result->graph->pool), ws(lease.get()) {
    ws.begin_query();
    launch.grid = graph.grid_for(graph.num_vertices, launch.block);
  }
  const gsssp::graph::DeviceGraph& graph;
  gsssp::WorkspaceLease lease;
  gsssp::Workspace& ws;
  gsssp::LaunchShape launch;
};

void fill_stats(gsssp_stats* stats, const gsssp::AlgorithmRun& run, const gsssp::DeviceCounters& counters,
                int64_t reached, int64_t query_bytes, std::chrono::steady_clock::time_point start,
                int distance_bytes = 8, double certificate_ms = 0.0) {
  if (stats == nullptr) return;
  stats->certificate_ms = certificate_ms;
  stats->distance_bytes = distance_bytes;
  stats->time_ms = run.time_ms;
  stats->iterations = run.rounds;
  stats->vertex_visits = static_cast<int64_t>(counters.vertex_visits);
  stats->edges_relaxed = static_cast<int64_t>(counters.edges_relaxed);
  stats->vertices_reached = reached;
  stats->peak_device_memory = query_bytes;
  stats->delta = run.delta;
  stats->trace_length = run.trace_length;
  stats->negative_cycle_vertex = run.negative_cycle_vertex;
  stats->restarts = run.restarts;
  stats->total_ms = gsssp::api::milliseconds_since(start);
}

// A streamed batch's checks (gsssp_device_graph_sssp_batch_rows): its design streams, its callback and staging are
// there, and each half of the staging holds a row.
void start_rows(gsssp::RowStream& rows, const gsssp::graph::DeviceGraph& g, int32_t algorithm,
                std::chrono::steady_clock::time_point start) {
  if (algorithm == GSSSP_ALGORITHM_PHAST) {
    gsssp::fail(GSSSP_ERROR_INVALID_ARGUMENT,
                "streamed batches run MULTI_BELLMAN_FORD, BLOCK_BELLMAN_FORD or BLOCK_NEAR_FAR, not PHAST");
  }
  require_non_null(reinterpret_cast<const void*>(rows.deliver), "deliver");
  require_non_null(rows.staging, "staging");
  const int64_t row_bytes = std::max<int64_t>(g.num_vertices, 1) * 8;
  rows.half_rows = rows.staging_bytes / 2 / row_bytes;
  if (rows.half_rows < 1) {
    gsssp::fail(GSSSP_ERROR_INVALID_ARGUMENT,
                gsssp::format("staging_bytes (%lld) must hold two rows of %lld vertices (%lld bytes)",
                              static_cast<long long>(rows.staging_bytes), static_cast<long long>(g.num_vertices),
                              static_cast<long long>(2 * row_bytes)));
  }
  rows.start = start;
}

// What every query on the handle's graph shares: the graph, the launch shape and limits from the resolved options,
// the workspace, and the handle's cancellation flag.
gsssp::QueryContext query_context(gsssp_device_graph_t graph, const gsssp::api::ResolvedOptions& resolved,
                                  gsssp::Workspace& workspace) {
  const gsssp::graph::DeviceGraph& g = *graph->graph;
  gsssp::QueryContext query;
  query.graph = g.view();
  query.launch.block = resolved.block_size;
  query.launch.grid = g.grid_for(g.num_vertices, resolved.block_size);
  query.max_iterations = resolved.max_iterations;
  query.workspace = &workspace;
  query.cancelled = &graph->cancelled;
  query.options = resolved.raw;
  query.device_graph = &g;
  query.pool = &graph->pool;
  return query;
}

// One GPU query, whatever becomes of its outputs: make_output(want_predecessors) says where they go once
// the algorithm has run (gsssp::QueryOutput); on_success(workspace, stored_distances, output) runs after
// they are final, with the workspace still leased.
template <class MakeOutput, class OnSuccess>
void run_query(gsssp_device_graph_t graph, int32_t algorithm, int64_t source, const gsssp_options* options,
               gsssp_stats* stats, MakeOutput&& make_output, OnSuccess&& on_success) {
  const auto start = std::chrono::steady_clock::now();
  gsssp::stage_trace::begin();
  require_non_null(graph, "graph");
  check_device_algorithm(algorithm);
  const gsssp::api::ResolvedOptions resolved = gsssp::api::resolve_options(options);
  HandleUse use(graph, /*allow_cancelled=*/false);
  const gsssp::graph::DeviceGraph& g = *graph->graph;
  gsssp::api::require_source(source, g.num_vertices);
  gsssp::api::require_targets(resolved.raw, g.num_vertices);
  if (!g.negative_weight_message.empty() && !gsssp::api::accepts_negative_weights(algorithm)) {
    gsssp::fail(GSSSP_ERROR_UNSUPPORTED, g.negative_weight_message);
  }
  const bool cutoff = resolved.raw.has_cutoff != 0;
  if (cutoff && !g.negative_weight_message.empty()) {
    gsssp::fail(GSSSP_ERROR_UNSUPPORTED, g.negative_weight_message + "; a cutoff needs non-negative weights");
  }
  if (cutoff && resolved.raw.certify != 0) {
    gsssp::fail(GSSSP_ERROR_UNSUPPORTED, "certify checks a full answer, and a cutoff's is a ball: ask for one of them");
  }

  GSSSP_CUDA_CHECK(cudaSetDevice(g.device));
  gsssp::WorkspaceLease lease(graph->pool);
  gsssp::Workspace& workspace = lease.get();
  workspace.begin_query();
  gsssp::QueryContext query = query_context(graph, resolved, workspace);
  query.source = source;
  query.negative_weights = !g.negative_weight_message.empty();
  if (cutoff) {
    // The whole ball is searched: the targets were only checked (gsssp.h).
    query.options.targets = nullptr;
    query.options.target_count = 0;
  }
  gsssp::QueryOutput output = make_output(resolved.predecessors);
  output.compact = resolved.raw.compact_distances != 0;
  // Two bytes only where the graph's distances fitted them so far (graph::DeviceGraph::wide_distances).
  output.narrow = resolved.raw.compact_distances == 2 && g.weight_type == GSSSP_WEIGHT_INT32 &&
                  !g.wide_distances.load(std::memory_order_relaxed);
  output.wide_distances = &g.wide_distances;
  gsssp::FinalizeTail tail(query, output);
  query.tail = &tail;
  // (A cutoff's tail clears the distances beyond it first: no reader may run ahead of it.)
  query.linger_reader = output.resident && !cutoff;
  gsssp::stage_trace::mark("prepare");

  const gsssp::AlgorithmRun run = run_algorithm(algorithm, query);
  gsssp::stage_trace::mark("algorithm-return");
  if (run.negative_cycle_vertex >= 0) {
    // Stats are filled on this failure too: they name the vertex (gsssp_stats.negative_cycle_vertex).
    fill_stats(stats, run, workspace.read_counters(), 0, workspace.query_bytes(), start);
    gsssp::fail(GSSSP_ERROR_NEGATIVE_CYCLE,
                gsssp::format("negative cycle reachable from the source through vertex %lld",
                              static_cast<long long>(run.negative_cycle_vertex)));
  }
  const gsssp::FinalizeResult finished = tail.finish(run.distances, /*drained=*/run.tail_enqueued, run.stopped_at_targets);
  gsssp::stage_trace::mark("finish");
  on_success(workspace, run.distances, output);
  gsssp::stage_trace::mark("on-success");
  fill_stats(stats, run, finished.counters, static_cast<int64_t>(finished.counters.reached), workspace.query_bytes(),
             start, finished.distance_bytes, finished.certificate_ms);
  gsssp::stage_trace::mark("stats");
  gsssp::stage_trace::set_kernel_ms(run.time_ms);
}

}  // namespace

extern "C" {

int gsssp_cuda_versions(int32_t* runtime, int32_t* driver) {
  return guarded([&] {
    if (runtime != nullptr) {
      int version = 0;
      GSSSP_CUDA_CHECK(cudaRuntimeGetVersion(&version));
      *runtime = version;
    }
    if (driver != nullptr) {
      // cudaSuccess with 0 where no driver is installed; an error here means the same to a caller.
      int version = 0;
      if (cudaDriverGetVersion(&version) != cudaSuccess) {
        (void)cudaGetLastError();
        version = 0;
      }
      *driver = version;
    }
  });
}

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
  return gsssp_device_graph_create_with_progress(out, device, graph, nullptr, nullptr);
}

int gsssp_device_graph_create_with_progress(gsssp_device_graph_t* out, int32_t device, const gsssp_csr* graph,
                                            gsssp_progress_fn progress, void* user_data) {
  return guarded([&] {
    require_non_null(out, "out");
    *out = nullptr;
    gsssp::graph::validate_csr(graph);
    require_device(device);
    GSSSP_CUDA_CHECK(cudaSetDevice(device));
    auto handle = std::make_unique<gsssp_device_graph_s>();
    handle->graph = gsssp::graph::upload_graph(device, *graph, progress, user_data);
    // The block-per-source batch kernels (AUTO's batch designs) load now rather than on a first batch.
    gsssp::block_nf::load_kernels(handle->graph->weight_type);
    gsssp::block_bf::load_kernels(device, handle->graph->weight_type);
    HandleTable& table = handles();
    std::lock_guard<std::mutex> lock(table.mutex);
    handle->serial = table.next_serial++;
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
    // Results still open lose their memory now; their reads fail with CLOSED from here on.
    for (const auto& memory : owned->results) free_resident(owned.get(), *memory, /*recycle=*/false);
    owned->results.clear();
    owned->spares.clear();
    owned->pool.clear();
    owned.reset();
  });
}

int gsssp_device_graph_block_fit(gsssp_device_graph_t graph, int32_t* fit) {
  return guarded([&] {
    require_non_null(graph, "graph");
    require_non_null(fit, "fit");
    HandleUse use(graph, /*allow_cancelled=*/false);
    const gsssp::graph::DeviceGraph& g = *graph->graph;
    GSSSP_CUDA_CHECK(cudaSetDevice(g.device));
    *fit = gsssp::block_bf::fit(g.device, g.num_vertices, g.num_edges, g.weight_type);
  });
}

int gsssp_device_graph_memory(gsssp_device_graph_t graph, int64_t* bytes) {
  return guarded([&] {
    require_non_null(graph, "graph");
    require_non_null(bytes, "bytes");
    HandleUse use(graph, /*allow_cancelled=*/true);
    int64_t results = 0;
    {
      std::lock_guard<std::mutex> lock(graph->mutex);
      for (const auto& spare : graph->spares) results += static_cast<int64_t>(spare.bytes());
      for (const auto& memory : graph->results) {
        std::lock_guard<std::mutex> memory_lock(memory->mutex);
        results += static_cast<int64_t>(memory->distances.bytes() + memory->predecessors.bytes());
      }
    }
    *bytes = graph->graph->device_bytes() + graph->pool.total_bytes() + results;
  });
}

int gsssp_device_graph_sssp(gsssp_device_graph_t graph, int32_t algorithm, int64_t source,
                            const gsssp_options* options, void* distances, int32_t* predecessors,
                            gsssp_stats* stats) {
  return guarded([&] {
    require_non_null(distances, "distances");
    run_query(graph, algorithm, source, options, stats, [&](bool want_predecessors) {
      gsssp::QueryOutput out;
      out.host_distances = distances;
      out.host_predecessors = want_predecessors ? predecessors : nullptr;
      out.predecessors = want_predecessors && predecessors != nullptr;
      return out;
    }, [](gsssp::Workspace&, const void*, const gsssp::QueryOutput&) {});
    gsssp::stage_trace::mark("released");
    gsssp::stage_trace::print("host");
  });
}

// gsssp_device_graph_sssp_batch and, with `rows`, gsssp_device_graph_sssp_batch_rows (whose rows reach the caller a
// few at a time: common/row_stream.hpp).
static int sssp_batch(gsssp_device_graph_t graph, int32_t algorithm, const int64_t* sources, int64_t source_count,
                      const int32_t* targets, int64_t target_count, const gsssp_options* options, void* distances,
                      int64_t* reached, gsssp_stats* stats, gsssp::RowStream* rows) {
  return guarded([&] {
    const auto start = std::chrono::steady_clock::now();
    require_non_null(graph, "graph");
    if (algorithm != GSSSP_ALGORITHM_MULTI_BELLMAN_FORD && algorithm != GSSSP_ALGORITHM_BLOCK_BELLMAN_FORD &&
        algorithm != GSSSP_ALGORITHM_BLOCK_NEAR_FAR && algorithm != GSSSP_ALGORITHM_PHAST) {
      gsssp::fail(GSSSP_ERROR_INVALID_ARGUMENT,
                  gsssp::format("batches run MULTI_BELLMAN_FORD, BLOCK_BELLMAN_FORD, BLOCK_NEAR_FAR or PHAST, not %s (id %d)",
                                gsssp::api::algorithm_name(algorithm), algorithm));
    }
    gsssp::api::require_count(source_count, "source_count");
    gsssp::api::require_count(target_count, "target_count");
    if (source_count > 0) require_non_null(sources, "sources");
    if (targets == nullptr && target_count != 0) {
      gsssp::fail(GSSSP_ERROR_INVALID_ARGUMENT, "target_count is not 0 but targets is NULL");
    }
    const gsssp::api::ResolvedOptions resolved = gsssp::api::resolve_options(options);
    gsssp::api::refuse_cutoff(resolved.raw, "gsssp_device_graph_sssp_batch");
    HandleUse use(graph, /*allow_cancelled=*/false);
    const gsssp::graph::DeviceGraph& g = *graph->graph;
    gsssp::api::require_ids(sources, source_count, g.num_vertices, "sources");
    gsssp::api::require_ids(targets, target_count, g.num_vertices, "targets");
    const int64_t cells = source_count * (targets != nullptr ? target_count : g.num_vertices);
    if (cells > 0 && rows == nullptr) require_non_null(distances, "distances");
    if (rows != nullptr) start_rows(*rows, g, algorithm, start);
    if (!g.negative_weight_message.empty()) {
      gsssp::fail(GSSSP_ERROR_UNSUPPORTED, std::string(gsssp::api::algorithm_name(algorithm)) + " (batches): " +
                                               g.negative_weight_message);
    }
    GSSSP_CUDA_CHECK(cudaSetDevice(g.device));
    gsssp::WorkspaceLease lease(graph->pool);
    gsssp::Workspace& workspace = lease.get();
    workspace.begin_query();
    gsssp::QueryContext query = query_context(graph, resolved, workspace);
    query.rows = rows;
    const gsssp::BatchRun batch =
        algorithm == GSSSP_ALGORITHM_PHAST  // phast
            ? gsssp::phast::run_batch(query, sources, source_count, targets, target_count, distances, reached)
        : algorithm == GSSSP_ALGORITHM_BLOCK_BELLMAN_FORD
            ? gsssp::block_bf::run_batch(query, sources, source_count, targets, target_count, distances, reached)
        : algorithm == GSSSP_ALGORITHM_BLOCK_NEAR_FAR
            ? gsssp::block_nf::run_batch(query, sources, source_count, targets, target_count, distances, reached)
            : gsssp::multi_bf::run_batch(query, sources, source_count, targets, target_count, distances, reached);
    const gsssp::DeviceCounters counters = workspace.read_counters();
    if (counters.overflow != 0) {
      gsssp::fail(GSSSP_ERROR_OVERFLOW, "a float32 distance of the batch overflowed: a reachable vertex's shortest "
                                        "path sums to more than the largest float");
    }
    gsssp::AlgorithmRun run;
    run.time_ms = batch.time_ms;
    run.rounds = batch.rounds;
    const int64_t rows_reached = algorithm != GSSSP_ALGORITHM_MULTI_BELLMAN_FORD ? batch.reached
                                                                                : static_cast<int64_t>(counters.reached);
    fill_stats(stats, run, counters, targets == nullptr ? rows_reached : 0,
               workspace.query_bytes(), start);
  });
}

int gsssp_device_graph_sssp_batch(gsssp_device_graph_t graph, int32_t algorithm, const int64_t* sources, int64_t source_count,
                                  const int32_t* targets, int64_t target_count, const gsssp_options* options,
                                  void* distances, int64_t* reached, gsssp_stats* stats) {
  return sssp_batch(graph, algorithm, sources, source_count, targets, target_count, options, distances, reached, stats,
                    nullptr);
}

int gsssp_device_graph_sssp_batch_rows(gsssp_device_graph_t graph, int32_t algorithm, const int64_t* sources,
                                       int64_t source_count, const gsssp_options* options, void* staging,
                                       int64_t staging_bytes, gsssp_rows_fn deliver, void* user_data,
                                       gsssp_stats* stats) {
  gsssp::RowStream rows;
  rows.staging = static_cast<char*>(staging);
  rows.staging_bytes = staging_bytes;
  rows.deliver = deliver;
  rows.user_data = user_data;
  return sssp_batch(graph, algorithm, sources, source_count, nullptr, 0, options, nullptr, nullptr, stats, &rows);
}

// phast: the hierarchy's arrays renumbered and uploaded for GSSSP_ALGORITHM_PHAST (algorithms/phast/phast.hpp).
int gsssp_device_graph_attach_ch(gsssp_device_graph_t graph, gsssp_ch_t ch) {
  return guarded([&] {
    require_non_null(graph, "graph");
    require_non_null(ch, "hierarchy");
    gsssp_ch_view view{};
    if (gsssp_ch_get_view(ch, &view) != GSSSP_SUCCESS) gsssp::fail(GSSSP_ERROR_INVALID_ARGUMENT, gsssp_last_error());
    HandleUse use(graph, /*allow_cancelled=*/false);
    GSSSP_CUDA_CHECK(cudaSetDevice(graph->graph->device));
    gsssp::phast::attach(*graph->graph, view);
  });
}

int gsssp_host_alloc(void** out, int64_t bytes) {
  return guarded([&] {
    require_non_null(out, "out");
    *out = nullptr;
    if (bytes < 0) gsssp::fail(GSSSP_ERROR_INVALID_ARGUMENT, gsssp::format("bytes is negative (%lld)", static_cast<long long>(bytes)));
    int count = 0;
    if (cudaGetDeviceCount(&count) != cudaSuccess || count == 0) {
      (void)cudaGetLastError();
      gsssp::fail(GSSSP_ERROR_NO_GPU, "page-locked host memory needs a CUDA driver and device, and none was found");
    }
    void* pointer = nullptr;
    // Portable: usable by every device's streams, not only the current one's.
    const cudaError_t error = cudaHostAlloc(&pointer, static_cast<size_t>(std::max<int64_t>(bytes, 1)), cudaHostAllocPortable);
    if (error != cudaSuccess) {
      (void)cudaGetLastError();
      gsssp::fail(GSSSP_ERROR_INVALID_ARGUMENT,
                  gsssp::format("cudaHostAlloc of %lld bytes of page-locked host memory failed: %s (%s)",
                                static_cast<long long>(bytes), cudaGetErrorName(error), cudaGetErrorString(error)));
    }
    *out = pointer;
  });
}

int gsssp_host_free(void* pointer) {
  return guarded([&] {
    if (pointer == nullptr) return;
    GSSSP_CUDA_CHECK(cudaFreeHost(pointer));
  });
}

int gsssp_device_graph_sssp_resident(gsssp_device_graph_t graph, int32_t algorithm, int64_t source,
                                     const gsssp_options* options, gsssp_device_result_t* out, gsssp_stats* stats) {
  return guarded([&] {
    require_non_null(out, "out");
    *out = nullptr;
    auto result = std::make_unique<gsssp_device_result_s>();
    auto memory = std::make_shared<ResidentMemory>();
    run_query(graph, algorithm, source, options, stats, [&](bool want_predecessors) {
      gsssp::QueryOutput o;
      o.resident = true;
      o.predecessors = want_predecessors;
      return o;
    }, [&](gsssp::Workspace& ws, const void* stored, const gsssp::QueryOutput& o) {
      // The algorithm's final buffers become the result's: no copy, no widening pass.
      const int64_t n = graph->graph->num_vertices;
      const int32_t weight_type = graph->graph->weight_type;
      memory->distances = take_output(graph, ws, stored, static_cast<size_t>(n) * stored_bytes(weight_type),
                                      "resident result distances");
      if (o.predecessors) {
        const void* tree = ws.buffer(gsssp::Slot::kPredecessors, static_cast<size_t>(n) * sizeof(int32_t));
        memory->predecessors = take_output(graph, ws, tree, static_cast<size_t>(n) * sizeof(int32_t),
                                           "resident result predecessors");
      }
      result->graph = graph;
      result->graph_serial = graph->serial;
      result->num_vertices = n;
      result->source = source;
      result->weight_type = weight_type;
      result->memory = memory;
      gsssp::ResultReader& reader = ws.reader();
      reader.keep();
      if (reader.kept() != 0) {
        memory->reader = &reader;
        memory->reader_generation = reader.kept();
      }
      std::lock_guard<std::mutex> lock(graph->mutex);
      graph->results.insert(memory);
    });
    // Not counted (finalize.cu): gsssp_device_result_reached counts them when asked.
    if (stats != nullptr) stats->vertices_reached = -1;
    gsssp::stage_trace::mark("released");
    gsssp::stage_trace::print("resident");
    *out = result.release();
  });
}

int gsssp_device_graph_certify(gsssp_device_graph_t graph, int64_t source, const void* distances,
                               const int32_t* predecessors, gsssp_certificate* out) {
  return guarded([&] {
    require_non_null(graph, "graph");
    require_non_null(distances, "distances");
    require_non_null(out, "out");
    HandleUse use(graph, /*allow_cancelled=*/false);
    const gsssp::graph::DeviceGraph& g = *graph->graph;
    gsssp::api::require_source(source, g.num_vertices);
    GSSSP_CUDA_CHECK(cudaSetDevice(g.device));
    gsssp::WorkspaceLease lease(graph->pool);
    gsssp::Workspace& ws = lease.get();
    ws.begin_query();
    gsssp::LaunchShape launch;
    launch.grid = g.grid_for(g.num_vertices, launch.block);
    *out = gsssp::certify::check_host(g.view(), source, distances, predecessors, ws, launch, graph->cancelled);
  });
}

int gsssp_device_result_certify(gsssp_device_result_t result, gsssp_certificate* out) {
  return guarded([&] {
    require_non_null(result, "result");
    require_non_null(out, "out");
    ResultUse use(result);
    ResultPass pass(result);
    const auto* tree = static_cast<const int32_t*>(result->memory->predecessors.get());
    *out = gsssp::certify::check(pass.graph.view(), result->source, result->memory->distances.get(), tree, pass.ws,
                                 pass.launch, result->graph->cancelled);
  });
}

int gsssp_device_result_reached(gsssp_device_result_t result, int64_t* reached) {
  return guarded([&] {
    require_non_null(result, "result");
    require_non_null(reached, "reached");
    ResultUse use(result);  // a closed graph or a destroyed result fails here, as every read does
    int64_t count = result->reached.load(std::memory_order_acquire);
    if (count < 0) {
      ResultPass pass(result);
      count = static_cast<int64_t>(gsssp::count_reached(pass.ws, result->weight_type, result->memory->distances.get(),
                                                        result->num_vertices, result->source, pass.launch));
      result->reached.store(count, std::memory_order_release);
    }
    *reached = count;
  });
}

int gsssp_device_result_distances(gsssp_device_result_t result, const int32_t* vertices, int64_t count,
                                  void* distances) {
  return guarded([&] {
    require_non_null(result, "result");
    if (count < 0) gsssp::fail(GSSSP_ERROR_INVALID_ARGUMENT, gsssp::format("count is negative (%lld)", static_cast<long long>(count)));
    if (count == 0) return;
    require_non_null(vertices, "vertices");
    require_non_null(distances, "distances");
    for (int64_t i = 0; i < count; ++i) {
      if (vertices[i] < 0 || vertices[i] >= result->num_vertices) {
        gsssp::fail(GSSSP_ERROR_INVALID_ARGUMENT,
                    gsssp::format("vertices[%lld] = %d is outside [0, %lld)", static_cast<long long>(i), vertices[i],
                                  static_cast<long long>(result->num_vertices)));
      }
    }
    gsssp::stage_trace::begin();
    {  // the lease and the use end here, so that the trace's last stage is their release
      ResultUse use(result);
      ResidentMemory& memory = *result->memory;
      if (count <= gsssp::kReaderMaxVertices && memory.reader_generation != 0) {
        // Through the reader still on the GPU behind the query (common/result_reader.hpp): no CUDA call.
        unsigned long long raw[gsssp::kReaderMaxVertices];
        if (memory.reader->read(memory.reader_generation, vertices, count, stored_bytes(result->weight_type), raw)) {
          gsssp::stage_trace::mark("mailbox");
          decode_distances(result->weight_type, reinterpret_cast<const char*>(raw), count, distances);
          gsssp::stage_trace::print("read");
          return;
        }
        memory.reader_generation = 0;  // gone (it idled out or was told to quit): copy from now on
      }
      gsssp::WorkspaceLease lease(result->graph->pool);
      gsssp::stage_trace::mark("leased");
      gsssp::Workspace& ws = lease.get();
      const cudaStream_t stream = ws.stream();
      const size_t width = stored_bytes(result->weight_type);
      const auto* all = static_cast<const char*>(result->memory->distances.get());
      auto* host = static_cast<char*>(ws.staging(static_cast<size_t>(count) * width));
      if (count <= kDirectReads) {
        // A few small copies cost less than moving the indices over and launching a gather.
        for (int64_t i = 0; i < count; ++i) {
          GSSSP_CUDA_CHECK(cudaMemcpyAsync(host + i * width, all + static_cast<size_t>(vertices[i]) * width, width,
                                           cudaMemcpyDeviceToHost, stream));
        }
      } else {
        auto* indices = ws.buffer<int32_t>(gsssp::Slot::kFlags0, count);
        void* gathered = ws.buffer(gsssp::Slot::kOutput, static_cast<size_t>(count) * width);
        GSSSP_CUDA_CHECK(cudaMemcpyAsync(indices, vertices, static_cast<size_t>(count) * sizeof(int32_t),
                                         cudaMemcpyHostToDevice, stream));
        const int grid = result->graph->graph->grid_for(count, 256);
        if (width == 8) {
          gsssp::gather_kernel<unsigned long long><<<grid, 256, 0, stream>>>(
              count, indices, reinterpret_cast<const unsigned long long*>(all), static_cast<unsigned long long*>(gathered));
        } else {
          gsssp::gather_kernel<unsigned int><<<grid, 256, 0, stream>>>(
              count, indices, reinterpret_cast<const unsigned int*>(all), static_cast<unsigned int*>(gathered));
        }
        GSSSP_CUDA_CHECK(cudaGetLastError());
        GSSSP_CUDA_CHECK(cudaMemcpyAsync(host, gathered, static_cast<size_t>(count) * width, cudaMemcpyDeviceToHost, stream));
      }
      gsssp::stage_trace::mark("enqueued");
      ws.synchronize();
      gsssp::stage_trace::mark("synchronized");
      decode_distances(result->weight_type, host, count, distances);
    }
    gsssp::stage_trace::mark("released");
    gsssp::stage_trace::print("read");
  });
}

// Not in gsssp.h (not part of the ABI): how many resident reads the readers answered in this process, so that the
// native tests can tell that the path they check was taken (common/result_reader.hpp).
__attribute__((visibility("default"))) int64_t gsssp_debug_reader_reads(void) { return gsssp::ResultReader::served(); }

int gsssp_device_result_copy(gsssp_device_result_t result, void* distances, int32_t* predecessors) {
  return guarded([&] {
    require_non_null(result, "result");
    ResultUse use(result);
    if (predecessors != nullptr && result->memory->predecessors.get() == nullptr) {
      gsssp::fail(GSSSP_ERROR_INVALID_ARGUMENT, "the result holds no predecessors (the query ran with compute_predecessors = 0)");
    }
    const int64_t n = result->num_vertices;
    gsssp::WorkspaceLease lease(result->graph->pool);
    gsssp::Workspace& ws = lease.get();
    const cudaStream_t stream = ws.stream();
    if (distances != nullptr && n > 0) {
      // Widened into the 8-byte format on the device, then one copy.
      void* wide = ws.buffer(gsssp::Slot::kOutput, static_cast<size_t>(n) * 8);
      const int grid = result->graph->graph->grid_for(n, 256);
      if (result->weight_type == GSSSP_WEIGHT_FLOAT32) {
        gsssp::to_output_kernel<gsssp::Float32Distance><<<grid, 256, 0, stream>>>(
            n, result->memory->distances.as<gsssp::Float32Distance::stored>(), static_cast<double*>(wide), nullptr);
      } else {
        gsssp::to_output_kernel<gsssp::Int32Distance><<<grid, 256, 0, stream>>>(
            n, result->memory->distances.as<gsssp::Int32Distance::stored>(), static_cast<long long*>(wide), nullptr);
      }
      GSSSP_CUDA_CHECK(cudaGetLastError());
      GSSSP_CUDA_CHECK(cudaMemcpyAsync(distances, wide, static_cast<size_t>(n) * 8, cudaMemcpyDeviceToHost, stream));
    }
    if (predecessors != nullptr && n > 0) {
      GSSSP_CUDA_CHECK(cudaMemcpyAsync(predecessors, result->memory->predecessors.get(),
                                       static_cast<size_t>(n) * sizeof(int32_t), cudaMemcpyDeviceToHost, stream));
    }
    ws.synchronize();
  });
}

int gsssp_device_result_path(gsssp_device_result_t result, int64_t target, int32_t* path, int64_t capacity,
                             int64_t* length) {
  return guarded([&] {
    require_non_null(result, "result");
    require_non_null(length, "length");
    *length = 0;
    if (capacity < 0) gsssp::fail(GSSSP_ERROR_INVALID_ARGUMENT, gsssp::format("capacity is negative (%lld)", static_cast<long long>(capacity)));
    if (capacity > 0) require_non_null(path, "path");
    if (target < 0 || target >= result->num_vertices) {
      gsssp::fail(GSSSP_ERROR_INVALID_ARGUMENT, gsssp::format("target %lld is outside [0, %lld)", static_cast<long long>(target),
                                                              static_cast<long long>(result->num_vertices)));
    }
    ResultUse use(result);
    if (result->memory->predecessors.get() == nullptr) {
      gsssp::fail(GSSSP_ERROR_INVALID_ARGUMENT, "the result holds no predecessors (the query ran with compute_predecessors = 0)");
    }
    gsssp::WorkspaceLease lease(result->graph->pool);
    gsssp::Workspace& ws = lease.get();
    const cudaStream_t stream = ws.stream();
    // The walk runs on the device (one thread, target to source); back come its length and up to
    // `capacity` vertices in one copy.
    auto* walked = ws.buffer<long long>(gsssp::Slot::kOutput, 1 + std::max<int64_t>(capacity, 1) / 2 + 1);
    gsssp::path_walk_kernel<<<1, 1, 0, stream>>>(target, result->source, result->num_vertices,
                                                  result->memory->predecessors.as<int32_t>(), walked,
                                                  reinterpret_cast<int32_t*>(walked + 1), capacity);
    GSSSP_CUDA_CHECK(cudaGetLastError());
    const size_t bytes = sizeof(long long) + static_cast<size_t>(capacity) * sizeof(int32_t);
    auto* host = static_cast<char*>(ws.staging(bytes));
    GSSSP_CUDA_CHECK(cudaMemcpyAsync(host, walked, bytes, cudaMemcpyDeviceToHost, stream));
    ws.synchronize();
    long long walked_length = 0;
    std::memcpy(&walked_length, host, sizeof(walked_length));
    if (walked_length < 0) {
      gsssp::fail(GSSSP_ERROR_INTERNAL, gsssp::format("predecessors from vertex %lld do not lead to the source", static_cast<long long>(target)));
    }
    *length = walked_length;
    if (walked_length <= capacity) {
      const auto* reversed = reinterpret_cast<const int32_t*>(host + sizeof(long long));
      for (long long i = 0; i < walked_length; ++i) path[i] = reversed[walked_length - 1 - i];
    }
  });
}

int gsssp_device_result_destroy(gsssp_device_result_t result) {
  return guarded([&] {
    if (result == nullptr) return;
    std::unique_ptr<gsssp_device_result_s> owned(result);
    try {
      HandleUse use(owned->graph, /*allow_cancelled=*/false, owned->graph_serial);
      release_resident(owned->graph, owned->memory);
    } catch (const gsssp::Error&) {
      // The graph is closed: its destroy frees (or has freed) the memory.
    }
  });
}

}  // extern "C"
