// Host driver of PHAST and RPHAST (phast.hpp): the hierarchy's upload, the upward searches, the cooperative sweep
// launch, and the read-out of rows and matrices.
#include "algorithms/phast/phast.hpp"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <exception>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "algorithms/ch/ch.hpp"
#include "algorithms/phast/phast_kernels.cuh"
#include "common/cuda_check.hpp"
#include "common/finalize.hpp"
#include "common/memo.hpp"
#include "common/residency.hpp"
#include "common/rounds.hpp"
#include "common/stage_trace.hpp"
#include "common/timer.hpp"
#include "graph/device_graph.hpp"

namespace gsssp::phast {
namespace {

constexpr const char* kAttachmentKey = "phast";

// Host scratch of one upward search and its seeds, kept for reuse: one per query running at once.
struct SearchScratch {
  UpwardSearch search;
  std::vector<Seed> seeds;
};

class SearchPool {
 public:
  std::unique_ptr<SearchScratch> take() {
    std::lock_guard<std::mutex> lock(mutex_);
    if (idle_.empty()) return std::make_unique<SearchScratch>();
    std::unique_ptr<SearchScratch> s = std::move(idle_.back());
    idle_.pop_back();
    return s;
  }
  void give(std::unique_ptr<SearchScratch> s) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (idle_.size() < kMaxIdle) idle_.push_back(std::move(s));
  }

 private:
  static constexpr size_t kMaxIdle = 64;
  std::mutex mutex_;
  std::vector<std::unique_ptr<SearchScratch>> idle_;
};

class SearchLease {
 public:
  explicit SearchLease(SearchPool& pool) : pool_(pool), scratch_(pool.take()) {}
  ~SearchLease() { pool_.give(std::move(scratch_)); }
  SearchLease(const SearchLease&) = delete;
  SearchLease& operator=(const SearchLease&) = delete;
  SearchScratch* operator->() const { return scratch_.get(); }

 private:
  SearchPool& pool_;
  std::unique_ptr<SearchScratch> scratch_;
};

// The attached hierarchy: the layout on the host (upward searches, RPHAST selections) and what the sweep reads on the
// device.
struct DeviceHierarchy : graph::Attachment {
  Layout layout;
  DeviceBuffer offsets;      // n + 1 int64: incoming downward arcs by head position
  DeviceBuffer arcs;         // uint2 (tail position, weight)
  DeviceBuffer heads;        // int32 per arc: its head position (the solo levels run arc-parallel)
  DeviceBuffer level_begin;  // levels + 1 int64
  DeviceBuffer position;     // n int32: graph vertex -> sweep position
  // The core table (CoreTable): core * core uint32 over positions [0, core), the top core_levels levels; core 0: none.
  DeviceBuffer table;
  int64_t core = 0;
  int core_levels = 0;
  int32_t search_stop = 0;  // core when no upward arc leaves it (CoreTable::closed), else 0
  mutable SearchPool searches;

  int64_t device_bytes() const override {
    return static_cast<int64_t>(offsets.bytes() + arcs.bytes() + heads.bytes() + level_begin.bytes() +
                                position.bytes() + (core > 0 ? table.bytes() : 0));
  }
};

DeviceBuffer upload(const void* host, size_t bytes, const char* what) {
  DeviceBuffer buffer(std::max<size_t>(bytes, 1), what);
  if (bytes > 0) GSSSP_CUDA_CHECK(cudaMemcpy(buffer.get(), host, bytes, cudaMemcpyHostToDevice));
  return buffer;
}

// Per arc of a CSR by head (offsets: heads + 1 entries), its head: what the arc-parallel solo levels need.
std::vector<int32_t> arc_heads(const std::vector<int64_t>& offsets) {
  std::vector<int32_t> heads(offsets.empty() ? 0 : static_cast<size_t>(offsets.back()));
  for (size_t v = 0; v + 1 < offsets.size(); ++v) {
    std::fill(heads.begin() + offsets[v], heads.begin() + offsets[v + 1], static_cast<int32_t>(v));
  }
  return heads;
}

// The attached hierarchy, or null.
const DeviceHierarchy* find_hierarchy(const graph::DeviceGraph& g) {
  try {
    return &g.attachment<DeviceHierarchy>(kAttachmentKey, []() -> std::unique_ptr<DeviceHierarchy> {
      fail(GSSSP_ERROR_UNSUPPORTED, "no hierarchy");
    });
  } catch (const Error&) {
    return nullptr;
  }
}

const DeviceHierarchy& require_hierarchy(const graph::DeviceGraph& g) {
  const DeviceHierarchy* h = find_hierarchy(g);
  if (h == nullptr) {
    fail(GSSSP_ERROR_UNSUPPORTED, "PHAST needs a contraction hierarchy attached to the device graph "
                                  "(gsssp_device_graph_attach_ch); none is");
  }
  return *h;
}

constexpr size_t kSoloSharedBytes = static_cast<size_t>(kSoloSharedCells) * sizeof(long long);

// Resident blocks per SM of the sweep kernel with its largest shared memory, per device (the kernel's shared memory
// limit raised there first); UNSUPPORTED where the device has no cooperative launch or the block does not fit.
int sweep_blocks_per_sm(int device) {
  static auto* memo = new Memo<int, int>();  // never freed
  return memo->get(device, [device] {
    int cooperative = 0;
    GSSSP_CUDA_CHECK(cudaDeviceGetAttribute(&cooperative, cudaDevAttrCooperativeLaunch, device));
    int per_sm = 0;
    if (cooperative) {
      GSSSP_CUDA_CHECK(cudaFuncSetAttribute(reinterpret_cast<const void*>(sweep_kernel),
                                            cudaFuncAttributeMaxDynamicSharedMemorySize,
                                            static_cast<int>(kSoloSharedBytes)));
      GSSSP_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
          &per_sm, reinterpret_cast<const void*>(sweep_kernel), kSweepBlock, kSoloSharedBytes));
    }
    if (per_sm < 1) {
      fail(GSSSP_ERROR_UNSUPPORTED, "PHAST's sweep needs a cooperative launch of 1024-thread blocks with 96 KiB of "
                                    "shared memory, which this GPU does not offer");
    }
    return per_sm;
  });
}

// Fills the solo levels of `a` (levels, core_levels, level_begin on the host as `host_levels`).
void set_solo(SweepArgs& a, const int64_t* host_levels) {
  a.solo_end = solo_end(host_levels, a.levels, a.lane_shift, a.core > 0 ? a.core_levels : 0);
  a.solo_cells = static_cast<long long>(host_levels[a.solo_end]) << a.lane_shift;
}

// The sweep's cooperative launch on the query's stream, under a residency share (common/residency.hpp) that lasts
// until the stream has drained behind it: the caller synchronises before the lease goes.
class SweepLaunch {
 public:
  explicit SweepLaunch(const QueryContext& query)
      : per_sm_(sweep_blocks_per_sm(query.device_graph->device)),
        sms_(std::max(1, query.device_graph->multiprocessor_count)),
        lease_(query.device_graph->device, std::max(2, per_sm_ * sms_),
               std::max(1, per_sm_ / std::min(per_sm_, kSweepBlocksPerSm))) {}
  void launch(SweepArgs& args, cudaStream_t stream) {
    const int grid = std::min(lease_.blocks(), std::min(per_sm_, kSweepBlocksPerSm) * sms_);
    const size_t shared = std::max<size_t>(args.core > 0 ? kSweepBlock * sizeof(long long) : sizeof(long long),
                                           static_cast<size_t>(args.solo_cells) * sizeof(long long));
    void* params[] = {&args};
    GSSSP_CUDA_CHECK(cudaLaunchCooperativeKernel(reinterpret_cast<const void*>(sweep_kernel), grid, kSweepBlock,
                                                 params, shared, stream));
  }

 private:
  int per_sm_;
  int sms_;
  ResidencyLease lease_;
};

double milliseconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

size_t align_up(size_t x) { return (x + 255) & ~size_t{255}; }

}  // namespace

void attach(const graph::DeviceGraph& g, const gsssp_ch_view& view) {
  if (g.weight_type != GSSSP_WEIGHT_INT32) {
    fail(GSSSP_ERROR_UNSUPPORTED, "PHAST runs on int32 weights, as contraction hierarchies do; this graph has float32 "
                                  "weights");
  }
  if (!g.negative_weight_message.empty()) fail(GSSSP_ERROR_UNSUPPORTED, "PHAST: " + g.negative_weight_message);
  if (view.vertex_count != g.num_vertices) {
    fail(GSSSP_ERROR_INVALID_ARGUMENT,
         format("the hierarchy has %lld vertices and the device graph %lld: it was built for another graph",
                static_cast<long long>(view.vertex_count), static_cast<long long>(g.num_vertices)));
  }
  if (attached(g)) {
    fail(GSSSP_ERROR_INVALID_ARGUMENT, "a contraction hierarchy is already attached to this device graph");
  }
  {
    // The graph's checksum (gsssp_csr_checksum) from its device arrays, against the one the hierarchy records.
    const int64_t n = g.num_vertices, m = g.num_edges;
    std::vector<int64_t> offsets(static_cast<size_t>(n + 1));
    std::vector<int32_t> targets(static_cast<size_t>(m)), weights(static_cast<size_t>(m));
    GSSSP_CUDA_CHECK(cudaMemcpy(offsets.data(), g.offsets.get(), offsets.size() * sizeof(int64_t), cudaMemcpyDeviceToHost));
    if (m > 0) {
      GSSSP_CUDA_CHECK(cudaMemcpy(targets.data(), g.targets.get(), targets.size() * sizeof(int32_t), cudaMemcpyDeviceToHost));
      GSSSP_CUDA_CHECK(cudaMemcpy(weights.data(), g.weights.get(), weights.size() * sizeof(int32_t), cudaMemcpyDeviceToHost));
    }
    const gsssp_csr csr{n, m, offsets.data(), targets.data(), weights.data(), GSSSP_WEIGHT_INT32};
    const uint64_t checksum = ch::csr_checksum(csr);
    if (checksum != view.graph_checksum) {
      fail(GSSSP_ERROR_INVALID_ARGUMENT,
           format("the hierarchy was built for another graph: its graph checksum is %016llx, this device graph's "
                  "%016llx",
                  static_cast<unsigned long long>(view.graph_checksum), static_cast<unsigned long long>(checksum)));
    }
  }
  HierarchyArrays h;
  h.vertex_count = view.vertex_count;
  h.up_arc_count = view.up_arc_count;
  h.down_arc_count = view.down_arc_count;
  h.rank = view.rank;
  h.up_offsets = view.up_offsets;
  h.up_heads = view.up_heads;
  h.up_weights = view.up_weights;
  h.down_offsets = view.down_offsets;
  h.down_tails = view.down_tails;
  h.down_weights = view.down_weights;
  auto d = std::make_unique<DeviceHierarchy>();
  d->layout = build_layout(h);
  const Layout& l = d->layout;
  d->offsets = upload(l.down_offsets.data(), l.down_offsets.size() * sizeof(int64_t), "PHAST downward offsets");
  d->arcs = upload(l.down_arcs.data(), l.down_arcs.size() * sizeof(Arc), "PHAST downward arcs");
  {
    const std::vector<int32_t> heads = arc_heads(l.down_offsets);
    d->heads = upload(heads.data(), heads.size() * sizeof(int32_t), "PHAST arc heads");
  }
  d->level_begin = upload(l.level_begin.data(), l.level_begin.size() * sizeof(int64_t), "PHAST levels");
  d->position = upload(l.position.data(), l.position.size() * sizeof(int32_t), "PHAST positions");
  {
    const int threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    const CoreTable core = build_core_table(l, std::min(kCoreVertices, l.n / kCoreShare), threads);
    d->core = core.vertices;
    d->core_levels = static_cast<int>(core.levels);
    d->search_stop = core.closed ? static_cast<int32_t>(core.vertices) : 0;
    if (core.vertices > 0) {
      d->table = upload(core.distances.data(), core.distances.size() * sizeof(uint32_t), "PHAST core table");
    }
  }
  bool inserted = false;
  g.attachment<DeviceHierarchy>(kAttachmentKey, [&] {
    inserted = true;
    return std::move(d);
  });
  if (!inserted) fail(GSSSP_ERROR_INVALID_ARGUMENT, "a contraction hierarchy is already attached to this device graph");
}

bool attached(const graph::DeviceGraph& g) { return find_hierarchy(g) != nullptr; }

AlgorithmRun run(const QueryContext& query) {
  const DeviceHierarchy& h = require_hierarchy(*query.device_graph);
  const Layout& layout = h.layout;
  Workspace& ws = *query.workspace;
  const cudaStream_t stream = ws.stream();
  const long long n = layout.n;
  const auto start = std::chrono::steady_clock::now();

  // Workspace slots (common/workspace.hpp): kDistance0 the answer, kDistance1 the sweep's distances by position,
  // kFlags1 the seeds.
  auto* answer = ws.buffer<unsigned long long>(Slot::kDistance0, std::max<long long>(n, 1));
  auto* dist = ws.buffer<long long>(Slot::kDistance1, std::max<long long>(n, 1));
  long long seed_count = 0;
  long long core_seeds = 0;
  Seed* seeds = nullptr;
  {
    SearchLease scratch(h.searches);
    scratch->seeds.clear();
    scratch->search.run(layout, layout.position[static_cast<size_t>(query.source)], 0, scratch->seeds, h.search_stop);
    if (h.core > 0) {
      // The core's seeds first (SweepArgs::core_seeds).
      const auto in_core = std::partition(scratch->seeds.begin(), scratch->seeds.end(),
                                          [&](const Seed& s) { return s.position < h.core; });
      core_seeds = static_cast<long long>(in_core - scratch->seeds.begin());
    }
    seed_count = static_cast<long long>(scratch->seeds.size());
    const size_t bytes = static_cast<size_t>(seed_count) * sizeof(Seed);
    seeds = ws.buffer<Seed>(Slot::kFlags1, std::max<long long>(seed_count, 1));
    void* staged = ws.staging(std::max<size_t>(bytes, 1));
    std::memcpy(staged, scratch->seeds.data(), bytes);  // never empty: the source is its own seed
    GSSSP_CUDA_CHECK(cudaMemcpyAsync(seeds, staged, bytes, cudaMemcpyHostToDevice, stream));
  }
  const double upward_ms = milliseconds_since(start);
  stage_trace::mark("phast-upward");

  SweepArgs a;
  a.count = n;
  a.offsets = h.offsets.as<const long long>();
  a.arcs = h.arcs.as<const uint2>();
  a.heads = h.heads.as<const int32_t>();
  a.level_begin = h.level_begin.as<const long long>();
  a.levels = static_cast<int>(layout.levels());
  a.lane_shift = 0;
  a.table = h.table.as<const uint32_t>();
  a.core = h.core;
  a.core_levels = h.core_levels;
  a.core_seeds = core_seeds;
  set_solo(a, layout.level_begin.data());
  a.dist = dist;
  a.seeds = seeds;
  a.seed_count = seed_count;
  a.answer = answer;
  a.position = h.position.as<const int32_t>();
  a.n = n;
  a.counters = ws.counters();
  a.visits = static_cast<unsigned long long>(n + seed_count);
  a.relaxations = static_cast<unsigned long long>(layout.down_arcs.size());

  // The query's tail goes on the stream behind the sweep where it can (FinalizeTail::pipelined): one wait for both.
  const bool pipelined = query.tail != nullptr && query.tail->pipelined();
  if (pipelined) query.tail->prepare();
  throw_if_cancelled(*query.cancelled);
  SweepLaunch sweep(query);
  DeviceTimer timer(ws);
  sweep.launch(a, stream);
  timer.record_stop();
  stage_trace::mark("phast-launch");
  if (pipelined) query.tail->enqueue(answer);
  stage_trace::end_tail(stream);
  GSSSP_CUDA_CHECK(cudaStreamSynchronize(stream));
  stage_trace::mark("phast-drained");
  stage_trace::read_tail(ws.stop_event());

  AlgorithmRun run;
  run.distances = answer;
  run.rounds = layout.levels();
  run.time_ms = upward_ms + timer.elapsed_ms();
  run.tail_enqueued = pipelined;
  return run;
}

BatchRun run_batch(const QueryContext& query, const int64_t* sources, int64_t count, const int32_t* targets,
                   int64_t target_count, void* out, int64_t* reached) {
  if (count <= 0) return BatchRun{};
  const DeviceHierarchy& h = require_hierarchy(*query.device_graph);
  const Layout& layout = h.layout;
  const graph::DeviceGraph& dg = *query.device_graph;
  Workspace& ws = *query.workspace;
  const cudaStream_t stream = ws.stream();
  const long long n = layout.n;
  const bool matrix = targets != nullptr;
  if (matrix && target_count == 0) return BatchRun{};
  const auto start = std::chrono::steady_clock::now();

  // The swept graph: the whole layout for rows, RPHAST's selection for a matrix. Workspace slots: kFlags0 the
  // selection's arrays, kFlags1 the seeds, kDistance0 the sweep's distances, kOutput the staged rows, kCertificate
  // the rows' reached counts.
  Selection selection;
  long long swept = n;
  const long long* offsets = h.offsets.as<const long long>();
  const uint2* arcs = h.arcs.as<const uint2>();
  const int32_t* heads = h.heads.as<const int32_t>();
  const long long* level_begin = h.level_begin.as<const long long>();
  const int64_t* host_level_begin = layout.level_begin.data();
  int64_t levels = layout.levels();
  const int32_t* target_index = nullptr;
  if (matrix) {
    selection = select_targets(layout, targets, target_count);
    swept = selection.size();
    levels = selection.levels();
    host_level_begin = selection.level_begin.data();
    const size_t offsets_bytes = align_up(selection.offsets.size() * sizeof(int64_t));
    const size_t arcs_bytes = align_up(selection.arcs.size() * sizeof(Arc));
    const size_t levels_bytes = align_up(selection.level_begin.size() * sizeof(int64_t));
    const size_t targets_bytes = align_up(selection.target_sub.size() * sizeof(int32_t));
    const std::vector<int32_t> selection_heads = arc_heads(selection.offsets);
    const size_t heads_bytes = align_up(selection_heads.size() * sizeof(int32_t));
    auto* memory = static_cast<char*>(
        ws.buffer(Slot::kFlags0, offsets_bytes + arcs_bytes + levels_bytes + targets_bytes + heads_bytes));
    auto put = [&](char* at, const void* host, size_t bytes) {
      if (bytes > 0) GSSSP_CUDA_CHECK(cudaMemcpyAsync(at, host, bytes, cudaMemcpyHostToDevice, stream));
    };
    // Pageable sources: the copies finish before cudaMemcpyAsync returns, so the selection may go out of scope later.
    put(memory, selection.offsets.data(), selection.offsets.size() * sizeof(int64_t));
    put(memory + offsets_bytes, selection.arcs.data(), selection.arcs.size() * sizeof(Arc));
    put(memory + offsets_bytes + arcs_bytes, selection.level_begin.data(), selection.level_begin.size() * sizeof(int64_t));
    put(memory + offsets_bytes + arcs_bytes + levels_bytes, selection.target_sub.data(),
        selection.target_sub.size() * sizeof(int32_t));
    put(memory + offsets_bytes + arcs_bytes + levels_bytes + targets_bytes, selection_heads.data(),
        selection_heads.size() * sizeof(int32_t));
    offsets = reinterpret_cast<const long long*>(memory);
    arcs = reinterpret_cast<const uint2*>(memory + offsets_bytes);
    level_begin = reinterpret_cast<const long long*>(memory + offsets_bytes + arcs_bytes);
    target_index = reinterpret_cast<const int32_t*>(memory + offsets_bytes + arcs_bytes + levels_bytes);
    heads = reinterpret_cast<const int32_t*>(memory + offsets_bytes + arcs_bytes + levels_bytes + targets_bytes);
  }
  const int64_t row = matrix ? target_count : n;

  // Lanes per launch: a power of two up to kMaxLanes, no more than the batch needs, and fewer while the distances
  // and the staged rows would take more than kMaxFreeFraction of the free device memory.
  int shift = 0;
  while ((1ll << shift) < std::min<int64_t>(count, kMaxLanes)) ++shift;
  size_t free_bytes = 0, total_bytes = 0;
  GSSSP_CUDA_CHECK(cudaMemGetInfo(&free_bytes, &total_bytes));
  const double budget = kMaxFreeFraction * static_cast<double>(free_bytes);
  auto need = [&](int s) { return (static_cast<double>(swept) + static_cast<double>(row)) * 8.0 * static_cast<double>(1ll << s); };
  while (shift > 0 && need(shift) > budget) --shift;
  if (need(shift) > budget) {
    fail(GSSSP_ERROR_OUT_OF_DEVICE_MEMORY,
         format("PHAST's batch needs %.0f MB for one source's distances and row, more than half of the %.0f MB free",
                need(shift) / 1e6, static_cast<double>(free_bytes) / 1e6));
  }
  const int lanes = 1 << shift;

  // The upward searches of every source, over host threads; a matrix keeps the seeds inside its selection, renumbered.
  std::vector<std::vector<Seed>> per_source(static_cast<size_t>(count));
  {
    const int64_t hardware = std::max<int64_t>(1, std::thread::hardware_concurrency());
    const int64_t threads = std::clamp<int64_t>(count / kSourcesPerThread, 1, hardware);
    std::vector<std::exception_ptr> errors(static_cast<size_t>(threads));
    auto work = [&](int64_t t) {
      try {
        SearchLease scratch(h.searches);
        for (int64_t i = t; i < count; i += threads) {
          std::vector<Seed>& seeds = per_source[static_cast<size_t>(i)];
          const auto lane = static_cast<int32_t>(i & (lanes - 1));
          scratch->search.run(layout, layout.position[static_cast<size_t>(sources[i])], lane, seeds);
          if (matrix) {
            size_t kept = 0;
            for (const Seed& s : seeds) {
              const int32_t sub = selection.sub_of_position[static_cast<size_t>(s.position)];
              if (sub >= 0) seeds[kept++] = Seed{sub, s.lane, s.distance};
            }
            seeds.resize(kept);
          }
        }
      } catch (...) {
        errors[static_cast<size_t>(t)] = std::current_exception();
      }
    };
    std::vector<std::thread> pool;
    for (int64_t t = 1; t < threads; ++t) pool.emplace_back(work, t);
    work(0);
    for (std::thread& thread : pool) thread.join();
    for (const std::exception_ptr& e : errors) {
      if (e) std::rethrow_exception(e);
    }
  }

  auto* dist = ws.buffer<long long>(Slot::kDistance0, std::max<long long>(swept, 1) * lanes);
  auto* staged = ws.buffer<long long>(Slot::kOutput, std::max<int64_t>(row, 1) * lanes);
  auto* reached_device = ws.buffer<unsigned long long>(Slot::kCertificate, lanes);
  size_t most_seeds = 1;
  for (int64_t first = 0; first < count; first += lanes) {
    size_t chunk = 0;
    for (int64_t i = first; i < std::min<int64_t>(count, first + lanes); ++i) chunk += per_source[static_cast<size_t>(i)].size();
    most_seeds = std::max(most_seeds, chunk);
  }
  auto* seeds_device = ws.buffer<Seed>(Slot::kFlags1, static_cast<int64_t>(most_seeds));
  auto* host = static_cast<char*>(ws.staging(align_up(most_seeds * sizeof(Seed)) + lanes * sizeof(unsigned long long)));
  auto* seeds_host = reinterpret_cast<Seed*>(host);
  auto* reached_host = reinterpret_cast<unsigned long long*>(host + align_up(most_seeds * sizeof(Seed)));

  BatchRun run;
  run.sources_per_launch = lanes;
  run.time_ms = milliseconds_since(start);  // the selection and the upward searches, on the host
  for (int64_t first = 0; first < count; first += lanes) {
    throw_if_cancelled(*query.cancelled);
    const int k = static_cast<int>(std::min<int64_t>(lanes, count - first));
    size_t seed_count = 0;
    for (int i = 0; i < k; ++i) {
      const std::vector<Seed>& seeds = per_source[static_cast<size_t>(first + i)];
      if (!seeds.empty()) std::memcpy(seeds_host + seed_count, seeds.data(), seeds.size() * sizeof(Seed));
      seed_count += seeds.size();
    }
    GSSSP_CUDA_CHECK(cudaMemcpyAsync(seeds_device, seeds_host, seed_count * sizeof(Seed), cudaMemcpyHostToDevice, stream));
    SweepArgs a;
    a.count = swept;
    a.offsets = offsets;
    a.arcs = arcs;
    a.heads = heads;
    a.level_begin = level_begin;
    a.levels = static_cast<int>(levels);
    a.lane_shift = shift;
    set_solo(a, host_level_begin);
    a.dist = dist;
    a.seeds = seeds_device;
    a.seed_count = static_cast<long long>(seed_count);
    a.counters = ws.counters();
    a.visits = static_cast<unsigned long long>(swept) * k + seed_count;
    a.relaxations = static_cast<unsigned long long>(matrix ? selection.arcs.size() : layout.down_arcs.size()) * k;
    {
      SweepLaunch sweep(query);
      DeviceTimer timer(ws);
      sweep.launch(a, stream);
      timer.record_stop();
      if (!matrix) {
        GSSSP_CUDA_CHECK(cudaMemsetAsync(reached_device, 0, static_cast<size_t>(k) * sizeof(unsigned long long), stream));
        const unsigned int blocks = static_cast<unsigned int>(std::clamp<long long>((n + 255) / 256, 1, 1024));
        rows_kernel<<<dim3(blocks, static_cast<unsigned int>(k)), 256, 0, stream>>>(
            n, shift, k, h.position.as<const int32_t>(), dist, staged, reached_device);
        GSSSP_CUDA_CHECK(cudaMemcpyAsync(reached_host, reached_device, static_cast<size_t>(k) * sizeof(unsigned long long),
                                         cudaMemcpyDeviceToHost, stream));
      } else {
        columns_kernel<<<dg.grid_for(static_cast<int64_t>(k) * target_count, 256), 256, 0, stream>>>(
            shift, k, target_index, target_count, dist, staged);
      }
      GSSSP_CUDA_CHECK(cudaGetLastError());
      GSSSP_CUDA_CHECK(cudaMemcpyAsync(static_cast<long long*>(out) + first * row, staged,
                                       static_cast<size_t>(k) * static_cast<size_t>(row) * sizeof(long long),
                                       cudaMemcpyDeviceToHost, stream));
      GSSSP_CUDA_CHECK(cudaStreamSynchronize(stream));
      run.time_ms += timer.elapsed_ms();
    }
    run.rounds += levels;
    ++run.launches;
    if (!matrix) {
      for (int i = 0; i < k; ++i) {
        run.reached += static_cast<int64_t>(reached_host[i]);
        if (reached != nullptr) reached[first + i] = static_cast<int64_t>(reached_host[i]);
      }
    }
  }
  return run;
}

}  // namespace gsssp::phast
