// Entry points that need no GPU: options, validation and the CPU reference.
#include <chrono>
#include <cstring>

#include "api/guard.hpp"
#include "api/options.hpp"
#include "cpu/dijkstra.hpp"
#include "graph/csr_checks.hpp"

using gsssp::api::guarded;

namespace {

double milliseconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

extern "C" {

int gsssp_options_init(gsssp_options* options) {
  return guarded([&] {
    gsssp::api::require_non_null(options, "options");
    *options = gsssp::api::default_options();
  });
}

int gsssp_csr_validate(const gsssp_csr* graph) {
  return guarded([&] { gsssp::graph::validate_csr(graph); });
}

int gsssp_cpu_sssp(const gsssp_csr* graph, int32_t algorithm, int64_t source, const gsssp_options* options,
                   void* distances, int32_t* predecessors, gsssp_stats* stats) {
  return guarded([&] {
    const auto start = std::chrono::steady_clock::now();
    using gsssp::api::AlgorithmKind;
    gsssp::api::require_non_null(graph, "graph");
    gsssp::api::require_non_null(distances, "distances");
    const AlgorithmKind kind = gsssp::api::classify_algorithm(algorithm);
    if (kind != AlgorithmKind::kCpu) {
      gsssp::fail(GSSSP_ERROR_INVALID_ARGUMENT,
                  kind == AlgorithmKind::kUnknown
                      ? gsssp::format("unknown algorithm id %d", algorithm)
                      : gsssp::format("algorithm %s runs on a GPU: use gsssp_device_graph_sssp",
                                      gsssp::api::algorithm_name(algorithm)));
    }
    const gsssp::api::ResolvedOptions resolved = gsssp::api::resolve_options(options);
    gsssp::graph::validate_csr(graph);
    gsssp::api::require_source(source, graph->num_vertices);
    const int64_t negative = gsssp::graph::find_negative_weight(*graph);
    if (negative >= 0) {
      gsssp::fail(GSSSP_ERROR_UNSUPPORTED, gsssp::graph::negative_weight_message(*graph, negative));
    }

    const auto algorithm_start = std::chrono::steady_clock::now();
    const gsssp::cpu::DijkstraCounts counts =
        gsssp::cpu::dijkstra(*graph, source, distances, resolved.predecessors ? predecessors : nullptr);
    const double algorithm_ms = milliseconds_since(algorithm_start);
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
      stats->total_ms = milliseconds_since(start);
    }
  });
}

}  // extern "C"
