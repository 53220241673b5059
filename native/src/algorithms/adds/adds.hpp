// GSSSP_ALGORITHM_ADDS: Asynchronous Dynamic Delta-Stepping — Wang, Fussell & Lin, "A Fast Work-Efficient
// SSSP Algorithm for GPUs", PPoPP'21, section 5 (5.1 persistent manager/worker blocks, 5.2 SRMW bucket
// access, 5.3 the block pool, 5.4 the ordered work queue, 5.5 dynamic Delta). See adds_queue.cuh for the
// memory-ordering protocol, adds_manager.cuh and adds_worker.cuh for the two kinds of thread block. Small graphs run
// the one-block schedule (adds_block.hpp) instead.
#pragma once

#include "common/query.hpp"

namespace gsssp::adds {

// Non-negative weights only (checked by the caller). Reads options.delta_stepping.delta / delta_constant (the initial
// Delta, as Near-Far), options.adds (static_delta, bucket_count, pool_words, watchdog_ms),
// max_iterations (a limit on head-bucket switches) and the trace buffer. Fills AlgorithmRun::delta (the
// final Delta), rounds (head buckets processed: switches + 1), restarts and the trace. Blocks have at most
// 512 threads (a larger options.block_size is capped) and default to 512: the manager scans every worker's
// flag each sweep, so fewer, larger workers keep the sweep short.
AlgorithmRun run(const QueryContext& query);

}  // namespace gsssp::adds
