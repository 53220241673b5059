// The common tail of every GPU query: float overflow check, predecessor tree, reached count, and the copy
// of distances (widened to 8 bytes) and predecessors into the caller's host arrays.
#pragma once

#include <cstdint>

#include "common/query.hpp"

namespace gsssp {

// Returns the number of reached vertices. predecessors_out may be null (no tree is derived then).
// Throws GSSSP_ERROR_OVERFLOW if a float32 distance overflowed.
int64_t finalize_query(const QueryContext& query, const void* stored_distances, void* distances_out,
                       int32_t* predecessors_out);

}  // namespace gsssp
