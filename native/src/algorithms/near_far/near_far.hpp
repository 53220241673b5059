// GSSSP_ALGORITHM_NEAR_FAR: Davidson, Baxter, Garland & Owens (IPDPS'14) Near-Far, as optimized in
// LonestarGPU (the NF baseline of Wang et al., PPoPP'21, section 6.1.2). See near_far_kernels.cuh.
#pragma once

#include "common/query.hpp"

namespace gsssp::near_far {

// The Near-Far paper's constant C of Delta = C * W / D (W average edge weight, D average out-degree).
constexpr double kDefaultDeltaConstant = 32.0;

// Runs to completion on the query's workspace; non-negative weights only (checked by the caller). Uses
// options.delta / delta_constant, fills AlgorithmRun::delta and, when options.trace is set, the trace.
AlgorithmRun run(const QueryContext& query);

}  // namespace gsssp::near_far
