// The common tail of every GPU query: float overflow check, predecessor tree, reached count, and the
// distances (widened to 8 bytes) and predecessors delivered where the caller wants them: host memory
// (one async copy straight into it, no staging) or device buffers that a resident result keeps.
#pragma once

#include <cstdint>

#include "common/query.hpp"

namespace gsssp {

// Where a query's outputs go. Host pointers receive one cudaMemcpyAsync each on the query's stream (a DMA
// when the memory is page-locked, e.g. from gsssp_host_alloc). Device pointers (n * 8 bytes of distances,
// n int32 of predecessors) are filled on the device and never cross the bus.
struct QueryOutput {
  void* host_distances = nullptr;
  int32_t* host_predecessors = nullptr;
  void* device_distances = nullptr;
  int32_t* device_predecessors = nullptr;
  bool predecessors = false;  // derive the tree (into device_predecessors, else workspace scratch)
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
