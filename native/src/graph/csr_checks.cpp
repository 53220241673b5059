#include "graph/csr_checks.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "common/error.hpp"

namespace gsssp::graph {
namespace {

template <class W>
double weight_at(const gsssp_csr& csr, int64_t edge) {
  return static_cast<double>(static_cast<const W*>(csr.weights)[edge]);
}

double weight_value(const gsssp_csr& csr, int64_t edge) {
  return csr.weight_type == GSSSP_WEIGHT_FLOAT32 ? weight_at<float>(csr, edge) : weight_at<int32_t>(csr, edge);
}

template <class W>
int64_t first_negative(const W* weights, int64_t count) {
  for (int64_t e = 0; e < count; ++e) {
    if (weights[e] < W(0)) return e;
  }
  return -1;
}

}  // namespace

void validate_csr(const gsssp_csr* csr) {
  if (csr == nullptr) fail(GSSSP_ERROR_INVALID_ARGUMENT, "graph is NULL");
  if (csr->weight_type != GSSSP_WEIGHT_INT32 && csr->weight_type != GSSSP_WEIGHT_FLOAT32) {
    fail(GSSSP_ERROR_INVALID_ARGUMENT, format("unknown weight type %d", csr->weight_type));
  }
  const int64_t n = csr->num_vertices;
  const int64_t m = csr->num_edges;
  if (n < 0) fail(GSSSP_ERROR_INVALID_GRAPH, format("num_vertices is negative (%lld)", static_cast<long long>(n)));
  if (n > std::numeric_limits<int32_t>::max()) {
    fail(GSSSP_ERROR_INVALID_GRAPH,
         format("num_vertices %lld exceeds INT32_MAX (vertex ids are int32)", static_cast<long long>(n)));
  }
  if (m < 0) fail(GSSSP_ERROR_INVALID_GRAPH, format("num_edges is negative (%lld)", static_cast<long long>(m)));
  if (csr->offsets == nullptr) fail(GSSSP_ERROR_INVALID_ARGUMENT, "graph offsets is NULL");
  if (m > 0 && csr->targets == nullptr) fail(GSSSP_ERROR_INVALID_ARGUMENT, "graph targets is NULL");
  if (m > 0 && csr->weights == nullptr) fail(GSSSP_ERROR_INVALID_ARGUMENT, "graph weights is NULL");

  const int64_t* offsets = csr->offsets;
  if (offsets[0] != 0) {
    fail(GSSSP_ERROR_INVALID_GRAPH, format("offsets[0] is %lld, not 0", static_cast<long long>(offsets[0])));
  }
  for (int64_t v = 0; v < n; ++v) {
    if (offsets[v + 1] < offsets[v]) {
      fail(GSSSP_ERROR_INVALID_GRAPH,
           format("offsets not monotone at index %lld: offsets[%lld] = %lld < offsets[%lld] = %lld",
                  static_cast<long long>(v + 1), static_cast<long long>(v + 1),
                  static_cast<long long>(offsets[v + 1]), static_cast<long long>(v),
                  static_cast<long long>(offsets[v])));
    }
  }
  if (offsets[n] != m) {
    fail(GSSSP_ERROR_INVALID_GRAPH,
         format("offsets[num_vertices] = offsets[%lld] is %lld but num_edges is %lld", static_cast<long long>(n),
                static_cast<long long>(offsets[n]), static_cast<long long>(m)));
  }
  for (int64_t e = 0; e < m; ++e) {
    const int32_t t = csr->targets[e];
    if (t < 0 || t >= n) {
      fail(GSSSP_ERROR_INVALID_GRAPH,
           format("target %d of edge %lld (from vertex %lld) is outside [0, %lld)", t, static_cast<long long>(e),
                  static_cast<long long>(edge_source(offsets, n, e)), static_cast<long long>(n)));
    }
  }
  if (csr->weight_type == GSSSP_WEIGHT_FLOAT32) {
    const auto* weights = static_cast<const float*>(csr->weights);
    for (int64_t e = 0; e < m; ++e) {
      if (!std::isfinite(weights[e])) {
        fail(GSSSP_ERROR_INVALID_GRAPH,
             format("weight of edge %lld (%lld -> %d) is not finite (%g)", static_cast<long long>(e),
                    static_cast<long long>(edge_source(offsets, n, e)), csr->targets[e],
                    static_cast<double>(weights[e])));
      }
    }
  }
}

GraphSummary summarize_csr(const gsssp_csr& csr) {
  GraphSummary summary;
  const int64_t n = csr.num_vertices;
  const int64_t m = csr.num_edges;
  for (int64_t v = 0; v < n; ++v) {
    summary.max_out_degree = std::max(summary.max_out_degree, csr.offsets[v + 1] - csr.offsets[v]);
  }
  summary.average_degree = n > 0 ? static_cast<double>(m) / static_cast<double>(n) : 0.0;
  if (m > 0) {
    summary.min_weight = std::numeric_limits<double>::infinity();
    summary.max_weight = -std::numeric_limits<double>::infinity();
  }
  for (int64_t e = 0; e < m; ++e) {
    const double w = weight_value(csr, e);
    summary.min_weight = std::min(summary.min_weight, w);
    summary.max_weight = std::max(summary.max_weight, w);
    if (w == 0.0) summary.has_zero_weight = true;
    if (w < 0.0 && summary.first_negative_edge < 0) summary.first_negative_edge = e;
  }
  return summary;
}

WeightFacts weight_facts(const gsssp_csr& csr) {
  WeightFacts facts;
  if (csr.weight_type == GSSSP_WEIGHT_FLOAT32) {
    facts.first_negative_edge = first_negative(static_cast<const float*>(csr.weights), csr.num_edges);
    return facts;
  }
  const auto* weights = static_cast<const int32_t*>(csr.weights);
  int32_t high = 0;
  int32_t low = 0;
  for (int64_t e = 0; e < csr.num_edges; ++e) {
    high = std::max(high, weights[e]);
    low = std::min(low, weights[e]);
  }
  facts.max_int_weight = high;
  if (low < 0) facts.first_negative_edge = first_negative(weights, csr.num_edges);
  return facts;
}

std::string negative_weight_message(const gsssp_csr& csr, int64_t edge) {
  const double w = weight_value(csr, edge);
  const std::string weight = csr.weight_type == GSSSP_WEIGHT_FLOAT32
                                 ? format("%g", w)
                                 : format("%lld", static_cast<long long>(w));
  return format("negative weight %s on edge %lld (%lld -> %d); use H-BF", weight.c_str(),
                static_cast<long long>(edge), static_cast<long long>(edge_source(csr.offsets, csr.num_vertices, edge)),
                csr.targets[edge]);
}

int64_t edge_source(const int64_t* offsets, int64_t num_vertices, int64_t edge) {
  // The last vertex v with offsets[v] <= edge; empty ranges before it are skipped by upper_bound.
  const int64_t* end = offsets + num_vertices + 1;
  const int64_t* it = std::upper_bound(offsets, end, edge);
  return static_cast<int64_t>(it - offsets) - 1;
}

}  // namespace gsssp::graph
