// GSSSP_ALGORITHM_FRONTIER: Martín et al. ICCS'09, relax_F (Fig. 3).
#pragma once

#include "common/query.hpp"

namespace gsssp::frontier {

// Runs to convergence on the query's workspace; non-negative weights only (checked by the caller).
AlgorithmRun run(const QueryContext& query);

}  // namespace gsssp::frontier
