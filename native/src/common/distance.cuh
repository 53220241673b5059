// Distance arithmetic per weight type. Kernels are templated on one of these policies so every algorithm
// handles int32 and float32 weights with the same code:
//   weight  — the CSR weight type;
//   value   — what a distance is computed in (int64 for int32 weights; float32 as the papers do);
//   stored  — the order-preserving unsigned image kept in device memory, the operand of atomicMin;
//   output  — the 8-byte value the C ABI returns (int64 with INT64_MAX, or double with +inf).
#pragma once

#include <cstdint>

#include "common/atomics.cuh"

namespace gsssp {

struct Int32Distance {
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
  __host__ __device__ __forceinline__ static bool to_compact(stored s, compact& out) {
    if (s == kInfinity) {
      out = 0xffffffffu;
      return true;
    }
    const value v = decode(s);
    out = static_cast<compact>(v);
    return v >= 0 && v < 0xffffffffll;
  }
  // Narrow output (gsssp_options.compact_distances 2): uint16, UINT16_MAX for unreachable; false when the distance
  // does not fit (negative, or 2^16 - 1 and above). Int32 weights only: a float32 distance has no exact 2-byte form.
  static constexpr bool kHasNarrow = true;
  using narrow = unsigned short;
  __host__ __device__ __forceinline__ static bool to_narrow(stored s, narrow& out) {
    if (s == kInfinity) {
      out = 0xffffu;
      return true;
    }
    const value v = decode(s);
    out = static_cast<narrow>(v);
    return v >= 0 && v < 0xffffll;
  }
};

struct Float32Distance {
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

}  // namespace gsssp
