// Delta-stepping's bucket width, shared by Near-Far, block-nf and ADDS: as the caller gave it, or C * W / D from the
// sampling kernel (Davidson et al.'s heuristic), then rounded to the distance type. ADDS with a static Delta uses
// Near-Far's C, so that its section 5.5 ablation runs with exactly Near-Far's Delta; dynamic ADDS starts from its own C
// (algorithms/adds/adds_policy.hpp).
#pragma once

#include <algorithm>
#include <cmath>

#include "common/query.hpp"
#include "graph/weight_degree_sample.hpp"

namespace gsssp::graph {

// C of Delta = C * W / D (W average edge weight, D average out-degree, from weight_degree_sample), the
// heuristic of the Near-Far paper that the ADDS paper (section 4.3 and its artifact) applies to every
// baseline. The ADDS artifact's NF patch (nf_int.patch in github.com/UCLA-VAST/adds, read 2026-11-26) sets
// Delta = 32 * W / D from a sampled W and D: the same C as here. Measured, C = 32..512 traded the road and grid graphs
// against the random ones, with equal geometric means at 32 and 256 (docs/performance.md).
// options.delta_stepping.delta_constant overrides it and options.delta_stepping.delta fixes Delta.
constexpr double kDefaultDeltaConstant = 32.0;

// options.delta_stepping.delta when it is positive and finite, else C * W / D, C being options.delta_stepping.delta_constant
// or else `default_constant` (the algorithm's); 1 when the estimate is not positive and finite (all sampled weights zero,
// or no edges sampled: any positive width works).
inline double requested_delta(const QueryContext& query, double default_constant = kDefaultDeltaConstant) {
  if (query.options.delta_stepping.delta > 0.0 && std::isfinite(query.options.delta_stepping.delta)) return query.options.delta_stepping.delta;
  const double c = query.options.delta_stepping.delta_constant > 0.0 ? query.options.delta_stepping.delta_constant : default_constant;
  const WeightDegreeSample& sample = weight_degree_sample(*query.device_graph, query.workspace->stream());
  const double delta = c * sample.average_weight / std::max(sample.average_degree, 1e-9);
  return (delta > 0.0 && std::isfinite(delta)) ? delta : 1.0;
}

// The width in the distance's value type. Integers: Delta >= 1, saturating at 2^62.
inline long long effective_delta(long long, double delta) {
  return std::clamp(std::llround(std::min(delta, 0x1p62)), 1ll, 1ll << 62);
}
inline float effective_delta(float, double delta) { return static_cast<float>(delta); }

}  // namespace gsssp::graph
