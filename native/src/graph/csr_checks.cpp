#include "graph/csr_checks.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <system_error>
#include <thread>
#include <vector>

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

// The passes over all m edges (and n offsets) run at upload and, for host graphs, on every gsssp_cpu_sssp call. On a
// graph beyond 2^31 edges one thread takes seconds per pass, so large passes are split into contiguous ranges, one
// thread each; below kParallelItems they stay on the calling thread (no thread start for a small query). Every
// result is combined in range order, so it is the serial pass's, bit for bit: the first offending index, and for
// equal extremes (-0.0 and +0.0) the first one met. Not on fewer than kMinThreads hardware threads: on a 2-core VM two
// threads were slower than one (120M edges: validate 108 -> 135 ms, summarize 146 -> 133 ms); the speed-up on a
// many-core host is not measured yet.
constexpr int64_t kParallelItems = int64_t{1} << 22;
constexpr int64_t kItemsPerPart = int64_t{1} << 20;
constexpr int kMaxParts = 16;
constexpr unsigned kMinThreads = 4;

int parts_for(int64_t count) {
  if (count < kParallelItems) return 1;
  const unsigned threads = std::thread::hardware_concurrency();
  if (threads < kMinThreads) return 1;
  return static_cast<int>(std::clamp<int64_t>(std::min<int64_t>(threads, count / kItemsPerPart), 1, kMaxParts));
}

// body(begin, end, part) over `parts` contiguous ranges of [0, count); part 0 on the calling thread, and any part
// whose thread cannot be started too. `body` must not throw.
template <class Body>
void run_parts(int64_t count, int parts, const Body& body) {
  auto range = [&](int part) { body(count * part / parts, count * (part + 1) / parts, part); };
  if (parts == 1) {
    range(0);
    return;
  }
  std::vector<std::thread> threads;
  threads.reserve(static_cast<size_t>(parts - 1));
  int started = 1;
  for (; started < parts; ++started) {
    try {
      threads.emplace_back(range, started);
    } catch (const std::system_error&) {
      break;
    }
  }
  for (int part = started; part < parts; ++part) range(part);
  range(0);
  for (std::thread& t : threads) t.join();
}

// The first index in [0, count) where bad(i) holds, or -1.
template <class Bad>
int64_t first_where(int64_t count, const Bad& bad) {
  const int parts = parts_for(count);
  std::vector<int64_t> found(static_cast<size_t>(parts), -1);
  run_parts(count, parts, [&](int64_t begin, int64_t end, int part) {
    for (int64_t i = begin; i < end; ++i) {
      if (bad(i)) {
        found[static_cast<size_t>(part)] = i;
        return;
      }
    }
  });
  for (const int64_t f : found) {
    if (f >= 0) return f;
  }
  return -1;
}

template <class W>
int64_t first_negative(const W* weights, int64_t count) {
  return first_where(count, [&](int64_t e) { return weights[e] < W(0); });
}

// What summarize_csr gathers over a range of edges, as the serial loop does.
struct WeightRange {
  double min_weight = std::numeric_limits<double>::infinity();
  double max_weight = -std::numeric_limits<double>::infinity();
  bool has_zero_weight = false;
  int64_t first_negative_edge = -1;
};

template <class W>
WeightRange weight_range(const W* weights, int64_t begin, int64_t end) {
  double low = std::numeric_limits<double>::infinity();
  double high = -std::numeric_limits<double>::infinity();
  bool zero = false;
  int64_t negative = -1;
  for (int64_t e = begin; e < end; ++e) {
    const double w = static_cast<double>(weights[e]);
    low = std::min(low, w);
    high = std::max(high, w);
    if (w == 0.0) zero = true;
    if (w < 0.0 && negative < 0) negative = e;
  }
  return WeightRange{low, high, zero, negative};
}

template <class W>
WeightRange weight_range(const W* weights, int64_t count) {
  const int parts = parts_for(count);
  std::vector<WeightRange> ranges(static_cast<size_t>(parts));
  run_parts(count, parts, [&](int64_t begin, int64_t end, int part) {
    ranges[static_cast<size_t>(part)] = weight_range(weights, begin, end);
  });
  WeightRange total;
  for (const WeightRange& r : ranges) {  // in edge order: std::min / std::max keep the first of equal values
    total.min_weight = std::min(total.min_weight, r.min_weight);
    total.max_weight = std::max(total.max_weight, r.max_weight);
    total.has_zero_weight = total.has_zero_weight || r.has_zero_weight;
    if (total.first_negative_edge < 0) total.first_negative_edge = r.first_negative_edge;
  }
  return total;
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
  if (const int64_t v = first_where(n, [&](int64_t i) { return offsets[i + 1] < offsets[i]; }); v >= 0) {
    fail(GSSSP_ERROR_INVALID_GRAPH,
         format("offsets not monotone at index %lld: offsets[%lld] = %lld < offsets[%lld] = %lld",
                static_cast<long long>(v + 1), static_cast<long long>(v + 1), static_cast<long long>(offsets[v + 1]),
                static_cast<long long>(v), static_cast<long long>(offsets[v])));
  }
  if (offsets[n] != m) {
    fail(GSSSP_ERROR_INVALID_GRAPH,
         format("offsets[num_vertices] = offsets[%lld] is %lld but num_edges is %lld", static_cast<long long>(n),
                static_cast<long long>(offsets[n]), static_cast<long long>(m)));
  }
  const int32_t* targets = csr->targets;
  if (const int64_t e = first_where(m, [&](int64_t i) { return targets[i] < 0 || targets[i] >= n; }); e >= 0) {
    fail(GSSSP_ERROR_INVALID_GRAPH,
         format("target %d of edge %lld (from vertex %lld) is outside [0, %lld)", targets[e], static_cast<long long>(e),
                static_cast<long long>(edge_source(offsets, n, e)), static_cast<long long>(n)));
  }
  if (csr->weight_type == GSSSP_WEIGHT_FLOAT32) {
    const auto* weights = static_cast<const float*>(csr->weights);
    if (const int64_t e = first_where(m, [&](int64_t i) { return !std::isfinite(weights[i]); }); e >= 0) {
      fail(GSSSP_ERROR_INVALID_GRAPH,
           format("weight of edge %lld (%lld -> %d) is not finite (%g)", static_cast<long long>(e),
                  static_cast<long long>(edge_source(offsets, n, e)), csr->targets[e],
                  static_cast<double>(weights[e])));
    }
  }
}

GraphSummary summarize_csr(const gsssp_csr& csr) {
  GraphSummary summary;
  const int64_t n = csr.num_vertices;
  const int64_t m = csr.num_edges;
  {
    const int parts = parts_for(n);
    std::vector<int64_t> degrees(static_cast<size_t>(parts), 0);
    std::vector<uint64_t> bounds(static_cast<size_t>(parts), 0);
    const auto* int_weights =
        csr.weight_type == GSSSP_WEIGHT_INT32 && m > 0 ? static_cast<const int32_t*>(csr.weights) : nullptr;
    run_parts(n, parts, [&](int64_t begin, int64_t end, int part) {
      int64_t d = 0;
      // At most 2^31 vertices of at most 2^31 - 1 each: the sum fits 64 bits.
      uint64_t bound = 0;
      for (int64_t v = begin; v < end; ++v) {
        const int64_t first = csr.offsets[v], last = csr.offsets[v + 1];
        d = std::max(d, last - first);
        if (int_weights != nullptr) {
          int32_t high = 0;
          for (int64_t e = first; e < last; ++e) high = std::max(high, int_weights[e]);
          bound += static_cast<uint64_t>(high);
        }
      }
      degrees[static_cast<size_t>(part)] = d;
      bounds[static_cast<size_t>(part)] = bound;
    });
    summary.max_out_degree = *std::max_element(degrees.begin(), degrees.end());
    for (const uint64_t b : bounds) summary.simple_path_bound += b;
  }
  summary.average_degree = n > 0 ? static_cast<double>(m) / static_cast<double>(n) : 0.0;
  if (m > 0) {
    const WeightRange r = csr.weight_type == GSSSP_WEIGHT_FLOAT32
                              ? weight_range(static_cast<const float*>(csr.weights), m)
                              : weight_range(static_cast<const int32_t*>(csr.weights), m);
    summary.min_weight = r.min_weight;
    summary.max_weight = r.max_weight;
    summary.has_zero_weight = r.has_zero_weight;
    summary.first_negative_edge = r.first_negative_edge;
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
  const int parts = parts_for(csr.num_edges);
  std::vector<int32_t> highs(static_cast<size_t>(parts), 0), lows(static_cast<size_t>(parts), 0);
  run_parts(csr.num_edges, parts, [&](int64_t begin, int64_t end, int part) {
    int32_t high = 0;
    int32_t low = 0;
    for (int64_t e = begin; e < end; ++e) {
      high = std::max(high, weights[e]);
      low = std::min(low, weights[e]);
    }
    highs[static_cast<size_t>(part)] = high;
    lows[static_cast<size_t>(part)] = low;
  });
  const int32_t high = *std::max_element(highs.begin(), highs.end());
  const int32_t low = *std::min_element(lows.begin(), lows.end());
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
