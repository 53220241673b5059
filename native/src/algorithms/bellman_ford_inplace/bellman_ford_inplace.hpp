// Bellman-Ford in place (Bellman, "On a routing problem", Quarterly of Applied Mathematics 16, 1958; the RELAX step
// of Cormen et al., Introduction to Algorithms, section 24.1): every round relaxes the out-edges of every reached
// vertex straight into the one distance array with atomicMin, and the search ends at the first round that lowers
// nothing. Unlike BELLMAN_FORD (Harish & Narayanan's cost and updating-cost arrays) a round may already build on
// distances lowered earlier in the same round, and there is no second array or fold kernel.
//
// gsssp's smallest GPU algorithm: docs/contributing.md follows it as the worked example of adding one.
#pragma once

#include "common/query.hpp"

namespace gsssp::bellman_ford_inplace {

// Runs to convergence on the query's workspace (Slot::kDistance0: the distances); non-negative weights only
// (checked by the caller).
AlgorithmRun run(const QueryContext& query);

}  // namespace gsssp::bellman_ford_inplace
