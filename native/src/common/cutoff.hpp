// gsssp_options' cutoff in each distance form: a vertex is in the ball when its distance is at most the cutoff.
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>

#include "gsssp.h"

namespace gsssp {

// The largest float32 at most `cutoff` (>= 0), so that a float32 distance d is in the ball exactly when
// d <= the result, as (double)d <= cutoff says.
inline float float_cutoff(double cutoff) {
  if (std::isinf(cutoff)) return std::numeric_limits<float>::infinity();
  // (Every finite float32 lies below such a cutoff; the conversion would overflow.)
  if (cutoff >= static_cast<double>(std::numeric_limits<float>::max())) return std::numeric_limits<float>::max();
  float f = static_cast<float>(cutoff);
  if (static_cast<double>(f) > cutoff) f = std::nextafter(f, 0.0f);
  return f;
}

// The int64 limit of an int32 graph's query: INT64_MAX (every finite distance) without a cutoff.
inline int64_t int_cutoff(const gsssp_options& o) {
  return o.has_cutoff != 0 ? o.cutoff_int : std::numeric_limits<int64_t>::max();
}

// The float32 limit of a float32 graph's query: +infinity without a cutoff.
inline float float_cutoff(const gsssp_options& o) {
  return o.has_cutoff != 0 ? float_cutoff(o.cutoff_float) : std::numeric_limits<float>::infinity();
}

#ifdef __CUDACC__
// The cutoff in D's stored (ordered) form: D::kInfinity without one, so that `stored > limit` never holds.
template <class D>
inline typename D::stored stored_cutoff(const gsssp_options& o) {
  if (o.has_cutoff == 0) return D::kInfinity;
  if constexpr (std::numeric_limits<typename D::value>::is_integer) {
    return D::encode(static_cast<typename D::value>(o.cutoff_int));
  } else {
    return D::encode(float_cutoff(o.cutoff_float));
  }
}
#endif

}  // namespace gsssp
