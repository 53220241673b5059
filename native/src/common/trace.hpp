// Parallelism traces (gsssp_options.trace): kernels record samples on the device — a %globaltimer time in
// nanoseconds and the work in flight — and the host copies them into the caller's buffer once, at the end,
// so recording costs no event and no synchronisation while the algorithm runs.
#pragma once

#include <cuda_runtime.h>

#include <cstdint>
#include <vector>

#include "common/cuda_check.hpp"
#include "common/workspace.hpp"
#include "gsssp.h"

namespace gsssp {

// Copies `samples` device samples into `out`, times relative to the first; returns `samples`.
inline int64_t copy_trace(Workspace& ws, const unsigned long long* device_times, const long long* device_work,
                          int64_t samples, gsssp_trace_sample* out) {
  if (samples <= 0) return 0;
  std::vector<unsigned long long> times(static_cast<size_t>(samples));
  std::vector<long long> work(static_cast<size_t>(samples));
  GSSSP_CUDA_CHECK(cudaMemcpyAsync(times.data(), device_times, samples * sizeof(unsigned long long),
                                   cudaMemcpyDeviceToHost, ws.stream()));
  GSSSP_CUDA_CHECK(
      cudaMemcpyAsync(work.data(), device_work, samples * sizeof(long long), cudaMemcpyDeviceToHost, ws.stream()));
  ws.synchronize();
  for (int64_t s = 0; s < samples; ++s) {
    out[s].time_us = static_cast<double>(times[s] - times[0]) / 1000.0;
    out[s].work = work[s];
  }
  return samples;
}

}  // namespace gsssp
