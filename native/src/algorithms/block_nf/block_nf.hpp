// GSSSP_ALGORITHM_BLOCK_NEAR_FAR: Near-Far (Davidson, Baxter, Garland & Owens, IPDPS'14, section IV-B) run whole
// inside one thread block per source, its distances, near queues and far piles in the block's own slice of global
// memory: gsssp's batch design for graphs too large for a block's shared memory (block_bf).
//
// The device-wide algorithms answer one source at a time with the whole GPU, and a road network's search leaves
// most of it idle: ADDS on USA-road-d.NY keeps 8 queries in flight at 3.5 times one query's throughput
// (docs/performance.md). Here each source is one block's sequential problem: a round
// ends at a __syncthreads instead of a kernel launch or a grid barrier, the searches never wait for each other,
// and a launch runs as many at once as the SMs hold blocks. The lanes design (multi_bf), which shares edge reads
// between sources, lost by expanding the union of their frontiers; here the graph's reads are shared only
// through L2.
#pragma once

#include "common/batch.hpp"
#include "common/query.hpp"

namespace gsssp::block_nf {

// One source in one block of block_nf_policy.hpp's kSingleQueryThreads (options.block_size 256, 512 or 1024 to
// choose): mostly for testing, as a block is a small part of the device. Non-negative weights only (checked by
// the caller).
AlgorithmRun run(const QueryContext& query);

// Many sources, a block per source, in launches within block_nf_policy.hpp's kLaunchBytes; outputs as
// block_bf::run_batch's.
BatchRun run_batch(const QueryContext& query, const int64_t* sources, int64_t count, const int32_t* targets,
                   int64_t target_count, void* out, int64_t* reached);

// Loads the batch kernels for the graph's weight type now (CUDA loads a kernel's code on its first launch by default,
// CUDA_MODULE_LOADING=LAZY): at upload, so that a graph's first batch runs as fast as the next ones.
void load_kernels(int32_t weight_type);

}  // namespace gsssp::block_nf
