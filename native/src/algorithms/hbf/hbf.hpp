// GSSSP_ALGORITHM_HBF: Busato & Bombieri, "An Efficient Implementation of the Bellman-Ford Algorithm for
// Kepler GPU Architectures", IEEE TPDS 27(8), 2016 (H-BF), sections 4 and 5.
#pragma once

#include "common/query.hpp"

namespace gsssp::hbf {

// Runs to convergence; accepts negative weights. A negative cycle reachable from the source ends the run
// with AlgorithmRun::negative_cycle_vertex set to a vertex on such a cycle (distances are then invalid).
AlgorithmRun run(const QueryContext& query);

}  // namespace gsssp::hbf
