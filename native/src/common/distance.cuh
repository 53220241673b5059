// Distance arithmetic per weight type. Kernels are templated on one of these policies so every algorithm
// handles int32 and float32 weights with the same code:
//   weight  — the CSR weight type;
//   value   — what a distance is computed in (int64 for int32 weights; float32 as the papers do);
//   stored  — the order-preserving unsigned image kept in device memory, the operand of atomicMin;
//   output  — the 8-byte value the C ABI returns (int64 with INT64_MAX, or double with +inf).
#pragma once

#include <cstdint>

#include "common/atomics.cuh"
#include "gsssp.h"

namespace gsssp {

struct Int32Distance {
  // ADDS's search from both ends (adds.cu, run_pair): workers also offer each vertex they lower to the meeting
  // estimate. Only Int32PairDistance sets it; every other instantiation compiles without it.
  static constexpr bool kMeet = false;
  using weight = int32_t;
  using value = long long;
  using stored = unsigned long long;
  using output = long long;

  // ordered_from_int64(INT64_MAX) == all ones, the top of the unsigned order.
  static constexpr stored kInfinity = ~0ull;
  static constexpr stored kZero = 0x8000000000000000ull;

  __host__ __device__ __forceinline__ static stored encode(value v) { return ordered_from_int64(v); }
  __host__ __device__ __forceinline__ static value decode(stored s) { return int64_from_ordered(s); }
  // Cannot wrap: a simple path has at most 2^31 - 2 edges of |w| < 2^31 (see gsssp.h).
  __device__ __forceinline__ static value relax(value d, weight w) { return d + static_cast<value>(w); }
  __host__ __device__ __forceinline__ static output to_output(stored s) { return decode(s); }
  // Compact output (gsssp_options.compact_distances): uint32, UINT32_MAX for unreachable; false when the
  // distance does not fit (negative, or 2^32 - 1 and above).
  using compact = unsigned int;
  __host__ __device__ __forceinline__ static bool to_compact(stored s, compact& out) { return to_unsigned(s, out); }
  // Narrow output (gsssp_options.compact_distances 2): uint16, UINT16_MAX for unreachable; false when the distance
  // does not fit (negative, or 2^16 - 1 and above). Int32 weights only: a float32 distance has no exact 2-byte form.
  static constexpr bool kHasNarrow = true;
  using narrow = unsigned short;
  __host__ __device__ __forceinline__ static bool to_narrow(stored s, narrow& out) { return to_unsigned(s, out); }

 private:
  // s as the unsigned U, all ones for unreachable; false when it does not fit below all ones.
  template <class U>
  __host__ __device__ __forceinline__ static bool to_unsigned(stored s, U& out) {
    constexpr U kAllOnes = static_cast<U>(~U{0});
    if (s == kInfinity) {
      out = kAllOnes;
      return true;
    }
    const value v = decode(s);
    out = static_cast<U>(v);
    return v >= 0 && v < static_cast<value>(kAllOnes);
  }
};

struct Float32Distance {
  static constexpr bool kMeet = false;
  using weight = float;
  using value = float;
  using stored = unsigned int;
  using output = double;

  static constexpr stored kInfinity = 0xff800000u;  // ordered_from_float(+inf)
  static constexpr stored kZero = 0x80000000u;      // ordered_from_float(+0.0f)

  __host__ __device__ __forceinline__ static stored encode(value v) { return ordered_from_float(v); }
  __host__ __device__ __forceinline__ static value decode(stored s) { return float_from_ordered(s); }
  // __fadd_rn: one IEEE round-to-nearest float add, never contracted or reassociated, so the GPU sum is
  // bit-identical to the CPU reference's `float + float`.
  __device__ __forceinline__ static value relax(value d, weight w) { return __fadd_rn(d, w); }
  __host__ __device__ __forceinline__ static output to_output(stored s) {
    return static_cast<double>(decode(s));
  }
  // Compact output: the float32 distance itself (+inf for unreachable); always fits.
  using compact = float;
  __host__ __device__ __forceinline__ static bool to_compact(stored s, compact& out) {
    out = decode(s);
    return true;
  }
  // No narrow output: a float32 distance has no exact 2-byte form.
  static constexpr bool kHasNarrow = false;
  using narrow = float;
  __host__ __device__ __forceinline__ static bool to_narrow(stored s, narrow& out) { return to_compact(s, out); }
};

// Int32 weights, none negative, on a graph whose every simple path is shorter than 2^32 - 1 by more than the largest
// weight (graph::GraphSummary::simple_path_bound): distances in 4 bytes instead of 8, half the memory traffic and cache
// footprint of the distance array. Only ADDS's search uses it (adds.cu, compact_distances), on its own arrays; the
// answer is widened into Int32Distance's form behind the kernel, so every consumer of stored distances (finalize,
// results, certificates) still reads Int32Distance's.
// Exact: with no negative weight, every distance a search stores is the length of a simple path from the source (a
// relaxation along a walk that comes back to a vertex cannot lower it: the vertex already holds at most the shorter
// prefix's length, and distances only fall), so at most simple_path_bound; every candidate is such a length plus one
// weight, so at most simple_path_bound + max_weight < kInfinity: no sum wraps and no candidate reads as unreached.
struct Int32CompactDistance {
  static constexpr bool kMeet = false;
  using weight = int32_t;
  using value = long long;  // as Int32Distance's: sums such as Near-Far's bound plus Delta cannot wrap
  using stored = unsigned int;

  static constexpr stored kInfinity = ~0u;
  static constexpr stored kZero = 0u;
  // The largest distance bound (simple_path_bound + max_weight) this form takes.
  static constexpr unsigned long long kMaxBound = 0xfffffffeull;

  // Saturating: a value past every distance (a bound, never a distance: see above) reads as kInfinity.
  __host__ __device__ __forceinline__ static stored encode(value v) {
    return v < static_cast<value>(kInfinity) ? static_cast<stored>(v) : kInfinity;
  }
  __host__ __device__ __forceinline__ static value decode(stored s) { return static_cast<value>(s); }
  __device__ __forceinline__ static value relax(value d, weight w) { return d + static_cast<value>(w); }
  // Int32Distance's stored form of the same distance (unreached stays unreached).
  __host__ __device__ __forceinline__ static Int32Distance::stored widen(stored s) {
    return s == kInfinity ? Int32Distance::kInfinity : Int32Distance::encode(static_cast<Int32Distance::value>(s));
  }
};

// Calls f with the distance policy of a graph's weight type (a value of Int32Distance or Float32Distance), for the
// host drivers' entry points: with_distance_type(g.weight_type, [&](auto d) { return run<decltype(d)>(...); }).
template <class F>
decltype(auto) with_distance_type(int32_t weight_type, F&& f) {
  if (weight_type == GSSSP_WEIGHT_FLOAT32) return f(Float32Distance{});
  return f(Int32Distance{});
}

// Int32Distance for one of the two searches of an ADDS pair query (adds.cu, run_pair): the same stored format.
struct Int32PairDistance : Int32Distance {
  static constexpr bool kMeet = true;
};

}  // namespace gsssp
