// GSSSP_ALGORITHM_NEAR_FAR: Davidson, Baxter, Garland & Owens (IPDPS'14) Near-Far, as optimized in
// LonestarGPU (the NF baseline of Wang et al., PPoPP'21, section 6.1.2). See near_far_kernels.cuh.
#pragma once

#include "common/query.hpp"

namespace gsssp::near_far {

// C of Delta = C * W / D (W average edge weight, D average out-degree, both from the sampling kernel in
// graph/weight_degree_sample.cu), the heuristic of the Near-Far paper that the ADDS paper (section 4.3 and its
// artifact) applies to every baseline. C = 32 (a warp's width) is our choice: the Near-Far paper's text is not
// among the project's papers, so its exact constant was not checked; options.delta_constant overrides it and
// options.delta fixes Delta outright.
constexpr double kDefaultDeltaConstant = 32.0;

// Runs to completion on the query's workspace; non-negative weights only (checked by the caller). Uses
// options.delta / delta_constant, fills AlgorithmRun::delta and, when options.trace is set, the trace.
AlgorithmRun run(const QueryContext& query);

}  // namespace gsssp::near_far
