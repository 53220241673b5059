// The common tail of every GPU query: float overflow check, predecessor tree, reached count, and the
// distances (4 bytes where they fit and the caller asks, else widened to 8) and predecessors delivered
// straight into host memory (one async copy each, no staging), or left on the device for a resident result.
#pragma once

#include <cstdint>

#include "common/query.hpp"

namespace gsssp {

// Where a query's outputs go. Host pointers receive one cudaMemcpyAsync each on the query's stream (a DMA
// when the memory is page-locked, e.g. from gsssp_host_alloc).
struct QueryOutput {
  void* host_distances = nullptr;
  int32_t* host_predecessors = nullptr;
  bool predecessors = false;  // derive the tree (into the workspace's predecessor buffer)
  bool compact = false;       // host distances in 4 bytes where they fit (gsssp_options.compact_distances)
  // A resident result: the stored distances stay where the algorithm left them (the caller detaches the
  // workspace buffers), predecessors in the workspace; nothing is copied or widened.
  bool resident = false;
};

struct FinalizeResult {
  DeviceCounters counters;  // as they stand at the end (reached vertices included)
  int distance_bytes = 8;   // bytes per distance written to host_distances
};

// Returns the query's counters, read back in the same stream synchronisation that completes the copies,
// and the output format written. Throws GSSSP_ERROR_OVERFLOW if a float32 distance overflowed.
FinalizeResult finalize_query(const QueryContext& query, const void* stored_distances, const QueryOutput& output);

}  // namespace gsssp
