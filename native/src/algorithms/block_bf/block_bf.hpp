// GSSSP_ALGORITHM_BLOCK_BELLMAN_FORD: Bellman-Ford (Harish & Narayanan, as in Patel 2023, Algorithms 5-7)
// run whole inside one thread block, with the distances in shared memory (and in batches the whole graph, when it
// fits: block_bf_policy.hpp): gsssp's small-graph solver.
//
// On small graphs the GPU algorithms built for large ones are latency-bound, not work-bound: ADDS's
// manager/worker hand-offs took 147 us of kernel time on a 1,000-vertex random graph (H200, selftest
// --probe), where the whole search is 7,000 relaxations. One block needs no grid-wide synchronisation: a
// round ends at a __syncthreads, the distances are shared-memory atomics, and concurrent queries each take
// one SM instead of the whole device.
#pragma once

#include "common/batch.hpp"
#include "common/query.hpp"

namespace gsssp::block_bf {

// Non-negative weights only (checked by the caller). Fails with GSSSP_ERROR_UNSUPPORTED when the graph's
// distances do not fit one block's shared memory (block_bf_policy.hpp).
AlgorithmRun run(const QueryContext& query);

// Many sources in one launch, a thread block per source (up to 8,192 per launch, 256 MB of rows): the multi-source
// entry point's small-graph design (gsssp_device_graph_sssp_batch with BLOCK_BELLMAN_FORD). Outputs as
// multi_bf::run_batch's; the same shared-memory limit as run(). Each block takes one SM's share, so a launch runs as
// many searches at once as the SMs hold blocks.
BatchRun run_batch(const QueryContext& query, const int64_t* sources, int64_t count, const int32_t* targets,
                   int64_t target_count, void* out, int64_t* reached);

// Whether a graph of n vertices and this weight type fits on `device` (the check run() makes).
bool fits(int device, int64_t num_vertices, int32_t weight_type);

// 2 when the whole graph (n vertices, m edges) fits one block's shared memory on `device`, 1 when only its
// distances do, 0 when neither (gsssp_device_graph_block_fit).
int fit(int device, int64_t num_vertices, int64_t num_edges, int32_t weight_type);

// Loads both kernels for the weight type on the current device, and allows them the device's shared memory: at
// upload, so that a graph's first batch does not pay it (block_nf::load_kernels says why).
void load_kernels(int device, int32_t weight_type);

}  // namespace gsssp::block_bf
