// The float32 overflow rule shared by the CPU algorithms (gsssp.h): a sum that overflows to +inf matters
// only if no other path reached its target; then the query fails instead of calling the vertex unreachable.
#pragma once

#include <cstdint>

#include "common/error.hpp"
#include "gsssp.h"

namespace gsssp::cpu {

// After a search whose relaxations saw an infinite sum: throws GSSSP_ERROR_OVERFLOW if a reached vertex has
// an edge to a vertex the search left at `infinity`.
template <class Dist>
void throw_if_overflowed(const gsssp_csr& csr, int64_t source, const Dist* dist, Dist infinity) {
  for (int64_t u = 0; u < csr.num_vertices; ++u) {
    if (dist[u] == infinity) continue;
    for (int64_t e = csr.offsets[u]; e < csr.offsets[u + 1]; ++e) {
      if (dist[csr.targets[e]] == infinity) {
        fail(GSSSP_ERROR_OVERFLOW,
             format("a float32 distance from source %lld overflowed: a reachable vertex's shortest path sums to "
                    "more than FLT_MAX (edge %lld: %lld -> %d)",
                    static_cast<long long>(source), static_cast<long long>(e), static_cast<long long>(u),
                    csr.targets[e]));
      }
    }
  }
}

}  // namespace gsssp::cpu
