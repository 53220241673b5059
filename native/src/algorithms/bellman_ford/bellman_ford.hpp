// GSSSP_ALGORITHM_BELLMAN_FORD: Harish & Narayanan's Bellman-Ford, Patel 2023 Algorithms 5-7.
#pragma once

#include "common/query.hpp"

namespace gsssp::bellman_ford {

// Runs to convergence on the query's workspace; non-negative weights only (checked by the caller).
AlgorithmRun run(const QueryContext& query);

}  // namespace gsssp::bellman_ford
