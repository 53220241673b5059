// GSSSP_ALGORITHM_NEAR_FAR: Davidson, Baxter, Garland & Owens (IPDPS'14) Near-Far, as optimized in
// LonestarGPU (the NF baseline of Wang et al., PPoPP'21, section 6.1.2). See near_far_kernels.cuh.
#pragma once

#include "common/query.hpp"

namespace gsssp::near_far {

// C of Delta = C * W / D (W average edge weight, D average out-degree, both from the sampling kernel in
// graph/weight_degree_sample.cu), the heuristic of the Near-Far paper that the ADDS paper (section 4.3 and its
// artifact) applies to every baseline. The paper's own C was not found: the ADDS artifact's NF patch that
// computes it is on Zenodo, not in the sources we could read. C = 32 is a measured choice: on the H100,
// C = 32..512 traded road NY (28.5 -> 18.9 ms) and the 2048^2 grid (146 -> 113) against random 4M x 7
// (7.3 -> 14.6), R-MAT flat, with equal geometric means at 32 and 256
// (benchmarks/results/nearfar/README.md). options.delta_constant overrides it and options.delta fixes Delta.
constexpr double kDefaultDeltaConstant = 32.0;

// Runs to completion on the query's workspace; non-negative weights only (checked by the caller). Uses
// options.delta / delta_constant, fills AlgorithmRun::delta and, when options.trace is set, the trace.
AlgorithmRun run(const QueryContext& query);

}  // namespace gsssp::near_far
