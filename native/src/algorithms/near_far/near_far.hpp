// GSSSP_ALGORITHM_NEAR_FAR: Davidson, Baxter, Garland & Owens (IPDPS'14) Near-Far, as optimized in
// LonestarGPU (the NF baseline of Wang et al., PPoPP'21, section 6.1.2). See near_far_kernels.cuh.
#pragma once

#include "common/query.hpp"

namespace gsssp::near_far {

// Runs to completion on the query's workspace; non-negative weights only (checked by the caller). Uses
// options.delta_stepping.delta / delta_constant (graph/delta_estimate.hpp), fills AlgorithmRun::delta and, when options.trace is set, the trace.
AlgorithmRun run(const QueryContext& query);

}  // namespace gsssp::near_far
