// ADDS's one-block schedule for small graphs (Wang, Fussell & Lin, PPoPP'21: section 5.4's bucket window over the
// least pending distance, section 5.5's rule that widens Delta while the workers are not kept busy), run inside one
// thread block with the distances in its shared memory (adds_block.cuh).
//
// Why: on a small graph the device-wide ADDS is its manager's sweeps plus a fixed cost. A sweep costs 4-6 us whatever
// the number of workers, and a capped grid needed more sweeps and was never faster (a 1,000-vertex random graph took
// 17 sweeps, about 0.1 ms; docs/performance.md). Inside one block the manager's hand-out becomes a barrier, and a round costs about
// one pass over the CSR in L2. The persistent kernel's asynchrony (5.1-5.3) is what costs the sweeps; one block has
// nothing to gain from it.
#pragma once

#include "common/query.hpp"

namespace gsssp::adds {

// Whether a query runs the one-block schedule: a graph of at most kBlockScheduleMaxVertices (adds_policy.hpp) whose
// distances fit one block's shared memory, and none of the options that belong to the device-wide kernel (a trace, a
// pool size, a static Delta, a block size, max_iterations).
bool block_schedule(const QueryContext& query);

// Only after block_schedule(query) said yes (it raises the kernel's shared memory limit). Fills AlgorithmRun as the
// device-wide run does: rounds = windows (head moves + 1), delta = the last Delta, restarts 0.
// Targets are answered by a full search (a small graph's whole search is one short kernel).
AlgorithmRun run_block(const QueryContext& query);

// The starting Delta of either schedule (adds.cu): options.delta_stepping's, else C * W / D with adds_policy.hpp's C.
double initial_delta(const QueryContext& query, bool integral);

}  // namespace gsssp::adds
