// Checked CUDA runtime calls: every failure becomes a gsssp::Error whose text carries the CUDA error
// name (cudaGetErrorName), the call and where it was made, so a Java CudaException says what broke.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>

#include "common/error.hpp"

namespace gsssp {

// Maps the error to a status (no device / no driver → NO_GPU, allocation → OUT_OF_DEVICE_MEMORY, the
// rest → CUDA) and throws. Also clears the thread's last-error slot so the next check starts clean.
[[noreturn]] void throw_cuda_error(cudaError_t error, const char* call, const char* file, int line);

inline void cuda_check(cudaError_t error, const char* call, const char* file, int line) {
  if (error != cudaSuccess) throw_cuda_error(error, call, file, line);
}

// cudaMalloc with an error text that names the byte count and what the bytes were for.
void* device_malloc(size_t bytes, const char* what);

}  // namespace gsssp

#define GSSSP_CUDA_CHECK(call) ::gsssp::cuda_check((call), #call, __FILE__, __LINE__)
