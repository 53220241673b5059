#include "common/cuda_check.hpp"

#include <cstring>

namespace gsssp {
namespace {

// __FILE__ is absolute under CMake; the part below native/src/ is enough to find the call.
const char* short_path(const char* file) {
  const char* marker = std::strstr(file, "native/src/");
  return marker ? marker + std::strlen("native/src/") : file;
}

gsssp_status status_of(cudaError_t error) {
  switch (error) {
    case cudaErrorNoDevice:
    case cudaErrorInsufficientDriver:
    case cudaErrorDevicesUnavailable:
      return GSSSP_ERROR_NO_GPU;
    case cudaErrorMemoryAllocation:
      return GSSSP_ERROR_OUT_OF_DEVICE_MEMORY;
    default:
      return GSSSP_ERROR_CUDA;
  }
}

}  // namespace

void throw_cuda_error(cudaError_t error, const char* call, const char* file, int line) {
  (void)cudaGetLastError();
  fail(status_of(error), format("%s failed: %s (%s) at %s:%d", call, cudaGetErrorName(error),
                                cudaGetErrorString(error), short_path(file), line));
}

void* device_malloc(size_t bytes, const char* what) {
  void* pointer = nullptr;
  if (bytes == 0) return nullptr;
  const cudaError_t error = cudaMalloc(&pointer, bytes);
  if (error == cudaErrorMemoryAllocation) {
    (void)cudaGetLastError();
    size_t free_bytes = 0, total_bytes = 0;
    int device = -1;
    (void)cudaGetDevice(&device);
    if (cudaMemGetInfo(&free_bytes, &total_bytes) != cudaSuccess) (void)cudaGetLastError();
    fail(GSSSP_ERROR_OUT_OF_DEVICE_MEMORY,
         format("out of device memory: %zu bytes for %s on device %d (%zu of %zu bytes free)", bytes, what,
                device, free_bytes, total_bytes));
  }
  cuda_check(error, "cudaMalloc", __FILE__, __LINE__);
  return pointer;
}

}  // namespace gsssp
