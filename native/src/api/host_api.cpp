// Entry points that need no GPU: options, validation and the CPU reference.
#include <chrono>
#include <condition_variable>
#include <cstring>
#include <memory>
#include <mutex>
#include <string>

#include "api/guard.hpp"
#include "api/options.hpp"
#include "cpu/bellman_ford.hpp"
#include "common/cutoff.hpp"
#include "cpu/dijkstra.hpp"
#include "graph/csr_checks.hpp"

using gsssp::api::guarded;

namespace {


void check_cpu_algorithm(int32_t algorithm) {
  using gsssp::api::AlgorithmKind;
  const AlgorithmKind kind = gsssp::api::classify_algorithm(algorithm);
  if (kind != AlgorithmKind::kCpu) {
    gsssp::fail(GSSSP_ERROR_INVALID_ARGUMENT,
                kind == AlgorithmKind::kUnknown
                    ? gsssp::format("unknown algorithm id %d", algorithm)
                    : gsssp::format("algorithm %s runs on a GPU: use gsssp_device_graph_sssp",
                                    gsssp::api::algorithm_name(algorithm)));
  }
}

// The search itself on a valid CSR; `negative` is the UNSUPPORTED text when the graph has a negative
// weight, else empty; max_int_weight picks CPU Dijkstra's key width (graph::weight_facts).
void run_cpu(const gsssp_csr& graph, const std::string& negative, int64_t max_int_weight, int32_t algorithm, int64_t source,
             const gsssp_options* options, void* distances, int32_t* predecessors, gsssp_stats* stats,
             std::chrono::steady_clock::time_point start) {
  gsssp::api::require_non_null(distances, "distances");
  const gsssp::api::ResolvedOptions resolved = gsssp::api::resolve_options(options);
  gsssp::api::require_source(source, graph.num_vertices);
  const bool bellman_ford = algorithm == GSSSP_ALGORITHM_CPU_BELLMAN_FORD;
  if (!negative.empty() && !gsssp::api::accepts_negative_weights(algorithm)) {
    gsssp::fail(GSSSP_ERROR_UNSUPPORTED, negative + "; without a GPU, CPU_BELLMAN_FORD takes negative weights");
  }
  if (!negative.empty() && resolved.raw.has_cutoff != 0) {
    gsssp::fail(GSSSP_ERROR_UNSUPPORTED, negative + "; a cutoff needs non-negative weights");
  }

  const auto algorithm_start = std::chrono::steady_clock::now();
  int32_t* tree = resolved.predecessors ? predecessors : nullptr;
  gsssp::cpu::DijkstraCounts counts;
  int64_t cycle_vertex = -1;
  const gsssp_options& o = resolved.raw;
  if (bellman_ford) {
    const gsssp::cpu::BellmanFordCounts bf = gsssp::cpu::bellman_ford(graph, source, distances, tree);
    counts = bf.counts;
    cycle_vertex = bf.negative_cycle_vertex;
    if (cycle_vertex < 0 && o.has_cutoff != 0) {
      // No early stop (a negative edge can still lower a vertex past the cutoff back into it): the ball afterwards.
      counts.reached = gsssp::cpu::clear_beyond_cutoff(graph, distances, tree, o);
    }
  } else {
    gsssp::api::require_targets(o, graph.num_vertices);
    // With a cutoff the whole ball is searched: the targets are only checked (gsssp.h).
    const bool stop_at_targets = o.targets != nullptr && o.has_cutoff == 0;
    counts = gsssp::cpu::dijkstra(graph, source, distances, tree, stop_at_targets ? o.targets : nullptr,
                                  stop_at_targets ? o.target_count : 0, max_int_weight,
                                  gsssp::cpu::Cutoff{gsssp::int_cutoff(o), gsssp::float_cutoff(o)});
  }
  const double algorithm_ms = gsssp::api::milliseconds_since(algorithm_start);
  if (cycle_vertex >= 0 && stats != nullptr) stats->negative_cycle_vertex = cycle_vertex;
  if (cycle_vertex >= 0) {
    gsssp::fail(GSSSP_ERROR_NEGATIVE_CYCLE, gsssp::format("negative cycle reachable from the source through vertex %lld",
                                                          static_cast<long long>(cycle_vertex)));
  }
  if (stats != nullptr) {
    stats->time_ms = algorithm_ms;
    stats->iterations = counts.extractions;
    stats->vertex_visits = counts.extractions;
    stats->edges_relaxed = counts.edges_relaxed;
    stats->vertices_reached = counts.reached;
    stats->peak_device_memory = 0;
    stats->delta = 0;
    stats->trace_length = 0;
    stats->restarts = 0;
    stats->negative_cycle_vertex = -1;
    stats->distance_bytes = 8;
    stats->certificate_ms = 0;
    stats->total_ms = gsssp::api::milliseconds_since(start);
  }
}

}  // namespace

// A validated host CSR (gsssp.h): the caller's arrays, and what the checks found, kept for every query.
struct gsssp_host_graph_s {
  gsssp_csr csr{};
  std::string negative_weight_message;  // empty when no weight is negative
  int64_t max_int_weight = 0;           // the largest int32 weight (0 for float32), for CPU Dijkstra's key width
  std::mutex mutex;
  std::condition_variable idle;
  int active = 0;
  bool destroyed = false;
};

extern "C" {

int gsssp_options_init(gsssp_options* options) {
  return guarded([&] {
    gsssp::api::require_non_null(options, "options");
    *options = gsssp::api::default_options();
  });
}

const char* gsssp_algorithm_info(int32_t algorithm, int32_t* flags) {
  const gsssp::api::AlgorithmFacts* facts = gsssp::api::find_algorithm(algorithm);
  if (flags != nullptr) {
    *flags = facts == nullptr ? 0
                              : (facts->kind == gsssp::api::AlgorithmKind::kGpu ? 1 : 0) | (facts->negative_weights ? 2 : 0);
  }
  return facts != nullptr ? facts->name : nullptr;
}

int gsssp_csr_validate(const gsssp_csr* graph) {
  return guarded([&] { gsssp::graph::validate_csr(graph); });
}

int gsssp_cpu_sssp(const gsssp_csr* graph, int32_t algorithm, int64_t source, const gsssp_options* options,
                   void* distances, int32_t* predecessors, gsssp_stats* stats) {
  return guarded([&] {
    const auto start = std::chrono::steady_clock::now();
    gsssp::api::require_non_null(graph, "graph");
    check_cpu_algorithm(algorithm);
    gsssp::graph::validate_csr(graph);
    const gsssp::graph::WeightFacts facts = gsssp::graph::weight_facts(*graph);
    const int64_t negative = facts.first_negative_edge;
    run_cpu(*graph, negative >= 0 ? gsssp::graph::negative_weight_message(*graph, negative) : std::string(),
            facts.max_int_weight, algorithm, source, options, distances, predecessors, stats, start);
  });
}

int gsssp_host_graph_create(gsssp_host_graph_t* out, const gsssp_csr* graph) {
  return guarded([&] {
    gsssp::api::require_non_null(out, "out");
    *out = nullptr;
    gsssp::graph::validate_csr(graph);
    auto handle = std::make_unique<gsssp_host_graph_s>();
    handle->csr = *graph;
    const gsssp::graph::WeightFacts facts = gsssp::graph::weight_facts(*graph);
    if (facts.first_negative_edge >= 0) {
      handle->negative_weight_message = gsssp::graph::negative_weight_message(*graph, facts.first_negative_edge);
    }
    handle->max_int_weight = facts.max_int_weight;
    *out = handle.release();
  });
}

int gsssp_host_graph_destroy(gsssp_host_graph_t graph) {
  return guarded([&] {
    if (graph == nullptr) return;
    std::unique_ptr<gsssp_host_graph_s> owned(graph);
    std::unique_lock<std::mutex> lock(owned->mutex);
    owned->destroyed = true;
    owned->idle.wait(lock, [&] { return owned->active == 0; });
  });
}

int gsssp_host_graph_sssp(gsssp_host_graph_t graph, int32_t algorithm, int64_t source, const gsssp_options* options,
                          void* distances, int32_t* predecessors, gsssp_stats* stats) {
  return guarded([&] {
    const auto start = std::chrono::steady_clock::now();
    gsssp::api::require_non_null(graph, "graph");
    check_cpu_algorithm(algorithm);
    {
      std::lock_guard<std::mutex> lock(graph->mutex);
      if (graph->destroyed) gsssp::fail(GSSSP_ERROR_CLOSED, "host graph is being destroyed");
      ++graph->active;
    }
    struct Leave {
      gsssp_host_graph_t graph;
      ~Leave() {
        std::lock_guard<std::mutex> lock(graph->mutex);
        if (--graph->active == 0) graph->idle.notify_all();
      }
    } leave{graph};
    run_cpu(graph->csr, graph->negative_weight_message, graph->max_int_weight, algorithm, source, options, distances,
            predecessors, stats, start);
  });
}

}  // extern "C"
