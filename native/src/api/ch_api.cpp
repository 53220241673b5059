// The C ABI of contraction hierarchies (gsssp.h, algorithms/ch/): argument checks, handles, error texts.
#include <memory>
#include <vector>

#include "algorithms/ch/ch.hpp"
#include "api/guard.hpp"
#include "graph/csr_checks.hpp"

using gsssp::api::guarded;
using gsssp::api::require_non_null;

struct gsssp_ch_s {
  gsssp::ch::Hierarchy hierarchy;
};

struct gsssp_ch_query_s {
  explicit gsssp_ch_query_s(const gsssp::ch::Hierarchy& h) : query(h) {}
  gsssp::ch::Query query;
};

namespace {

void require_vertex(int64_t v, int64_t n, const char* what) {
  if (v < 0 || v >= n) {
    gsssp::fail(GSSSP_ERROR_INVALID_ARGUMENT, gsssp::format("%s %lld is outside [0, %lld)", what,
                                                            static_cast<long long>(v), static_cast<long long>(n)));
  }
}

}  // namespace

extern "C" {

int gsssp_ch_params_init(gsssp_ch_params* params) {
  return guarded([&] {
    require_non_null(params, "params");
    *params = gsssp_ch_params{};
  });
}

int gsssp_ch_build(gsssp_ch_t* out, const gsssp_csr* graph, const gsssp_ch_params* params) {
  return guarded([&] {
    require_non_null(out, "out");
    *out = nullptr;
    gsssp::graph::validate_csr(graph);
    const gsssp_ch_params resolved = params != nullptr ? *params : gsssp_ch_params{};
    auto handle = std::make_unique<gsssp_ch_s>();
    gsssp::ch::build(handle->hierarchy, *graph, resolved);
    *out = handle.release();
  });
}

int gsssp_csr_checksum(const gsssp_csr* graph, uint64_t* out) {
  return guarded([&] {
    require_non_null(out, "out");
    gsssp::graph::validate_csr(graph);
    *out = gsssp::ch::csr_checksum(*graph);
  });
}

int gsssp_ch_get_view(gsssp_ch_t ch, gsssp_ch_view* out) {
  return guarded([&] {
    require_non_null(ch, "hierarchy");
    require_non_null(out, "out");
    *out = ch->hierarchy.view;
  });
}

int gsssp_ch_from_view(gsssp_ch_t* out, const gsssp_csr* graph, const gsssp_ch_view* view) {
  return guarded([&] {
    require_non_null(out, "out");
    *out = nullptr;
    require_non_null(view, "view");
    gsssp::graph::validate_csr(graph);
    if (view->vertex_count != graph->num_vertices) {
      gsssp::fail(GSSSP_ERROR_INVALID_ARGUMENT,
                  gsssp::format("the hierarchy has %lld vertices, the graph %lld: it was built for another graph",
                                static_cast<long long>(view->vertex_count),
                                static_cast<long long>(graph->num_vertices)));
    }
    const uint64_t checksum = gsssp::ch::csr_checksum(*graph);
    if (view->graph_checksum != checksum) {
      gsssp::fail(GSSSP_ERROR_INVALID_ARGUMENT,
                  gsssp::format("the hierarchy was built for a graph with checksum %016llx, this graph's is %016llx "
                                "(same vertex count, different arcs or weights): rebuild the hierarchy",
                                static_cast<unsigned long long>(view->graph_checksum),
                                static_cast<unsigned long long>(checksum)));
    }
    gsssp::ch::validate_view(*view);
    auto handle = std::make_unique<gsssp_ch_s>();
    gsssp::ch::Hierarchy& h = handle->hierarchy;
    h.view = *view;
    int64_t shortcuts = 0;
    for (int64_t i = 0; i < view->up_arc_count; ++i) shortcuts += view->up_middles[i] >= 0;
    for (int64_t i = 0; i < view->down_arc_count; ++i) shortcuts += view->down_middles[i] >= 0;
    h.shortcut_count = shortcuts;
    h.original_arc_count = view->up_arc_count + view->down_arc_count - shortcuts;
    h.index_view();
    *out = handle.release();
  });
}

int gsssp_ch_destroy(gsssp_ch_t ch) {
  return guarded([&] { std::unique_ptr<gsssp_ch_s> owned(ch); });
}

int gsssp_ch_query_create(gsssp_ch_query_t* out, gsssp_ch_t ch) {
  return guarded([&] {
    require_non_null(out, "out");
    *out = nullptr;
    require_non_null(ch, "hierarchy");
    *out = new gsssp_ch_query_s(ch->hierarchy);
  });
}

int gsssp_ch_query_destroy(gsssp_ch_query_t query) {
  return guarded([&] { std::unique_ptr<gsssp_ch_query_s> owned(query); });
}

int gsssp_ch_distance(gsssp_ch_query_t query, int64_t source, int64_t target, int64_t* distance) {
  return guarded([&] {
    require_non_null(query, "query");
    require_non_null(distance, "distance");
    const int64_t n = query->query.hierarchy().n();
    require_vertex(source, n, "source");
    require_vertex(target, n, "target");
    *distance = query->query.distance(static_cast<int32_t>(source), static_cast<int32_t>(target), nullptr);
  });
}

int gsssp_ch_path(gsssp_ch_query_t query, int64_t source, int64_t target, int64_t* distance, int32_t* path,
                  int64_t capacity, int64_t* length) {
  return guarded([&] {
    require_non_null(query, "query");
    require_non_null(distance, "distance");
    require_non_null(length, "length");
    if (capacity < 0) gsssp::fail(GSSSP_ERROR_INVALID_ARGUMENT, "capacity is negative");
    if (capacity > 0) require_non_null(path, "path");
    const int64_t n = query->query.hierarchy().n();
    require_vertex(source, n, "source");
    require_vertex(target, n, "target");
    gsssp::ch::Query& q = query->query;
    *distance = q.distance(static_cast<int32_t>(source), static_cast<int32_t>(target), &q.route);
    if (*distance == GSSSP_INT_INFINITY) q.route.clear();
    *length = static_cast<int64_t>(q.route.size());
    if (*length <= capacity) std::copy(q.route.begin(), q.route.end(), path);
  });
}

int gsssp_ch_matrix(gsssp_ch_t ch, const int64_t* sources, int64_t source_count, const int64_t* targets,
                    int64_t target_count, int32_t threads, int64_t* distances) {
  return guarded([&] {
    require_non_null(ch, "hierarchy");
    if (source_count < 0 || target_count < 0) {
      gsssp::fail(GSSSP_ERROR_INVALID_ARGUMENT,
                  gsssp::format("source_count (%lld) and target_count (%lld) must not be negative",
                                static_cast<long long>(source_count), static_cast<long long>(target_count)));
    }
    if (threads < 0) gsssp::fail(GSSSP_ERROR_INVALID_ARGUMENT, gsssp::format("threads %d is negative", threads));
    if (source_count > 0) require_non_null(sources, "sources");
    if (target_count > 0) require_non_null(targets, "targets");
    if (source_count > 0 && target_count > 0) require_non_null(distances, "distances");
    const int64_t n = ch->hierarchy.n();
    for (int64_t i = 0; i < source_count; ++i) require_vertex(sources[i], n, "source");
    for (int64_t j = 0; j < target_count; ++j) require_vertex(targets[j], n, "target");
    gsssp::ch::matrix(ch->hierarchy, sources, source_count, targets, target_count,
                      gsssp::ch::resolve_threads(threads), distances);
  });
}

int gsssp_ch_get_info(gsssp_ch_t ch, gsssp_ch_info* out) {
  return guarded([&] {
    require_non_null(ch, "hierarchy");
    require_non_null(out, "out");
    const gsssp::ch::Hierarchy& h = ch->hierarchy;
    out->vertex_count = h.n();
    out->original_arc_count = h.original_arc_count;
    out->shortcut_count = h.shortcut_count;
    out->up_arc_count = h.view.up_arc_count;
    out->down_arc_count = h.view.down_arc_count;
    out->build_seconds = h.build_seconds;
    out->memory_bytes = h.memory_bytes();
  });
}

}  // extern "C"
