// Order-preserving integer images of distances, so that one unsigned atomicMin serves every weight type.
//
// CUDA has no atomicMin for float. The classic trick (also used by Gunrock) maps an IEEE-754 float to an
// unsigned int whose unsigned order is the float order: set the sign bit of non-negative values, invert
// all bits of negative ones. +inf maps above every finite value, and NaN never occurs (weights are checked
// finite). int64 distances get the same treatment by flipping the sign bit, which keeps future algorithms
// with negative distances (H-BF) correct on the same unsigned atomicMin.
#pragma once

#include <cstdint>
#include <cstring>

namespace gsssp {

__host__ __device__ __forceinline__ unsigned int ordered_from_float(float value) {
  unsigned int bits;
  memcpy(&bits, &value, sizeof(bits));
  return (bits & 0x80000000u) ? ~bits : (bits | 0x80000000u);
}

__host__ __device__ __forceinline__ float float_from_ordered(unsigned int ordered) {
  const unsigned int bits = (ordered & 0x80000000u) ? (ordered & 0x7fffffffu) : ~ordered;
  float value;
  memcpy(&value, &bits, sizeof(value));
  return value;
}

__host__ __device__ __forceinline__ unsigned long long ordered_from_int64(long long value) {
  return static_cast<unsigned long long>(value) ^ 0x8000000000000000ull;
}

__host__ __device__ __forceinline__ long long int64_from_ordered(unsigned long long ordered) {
  return static_cast<long long>(ordered ^ 0x8000000000000000ull);
}

__device__ __forceinline__ unsigned int atomic_min(unsigned int* address, unsigned int value) {
  return atomicMin(address, value);
}

__device__ __forceinline__ unsigned long long atomic_min(unsigned long long* address, unsigned long long value) {
  return atomicMin(address, value);
}

}  // namespace gsssp
