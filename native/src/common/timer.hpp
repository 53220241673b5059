// Device time of a span of work on one stream, by a pair of cudaEvents (the workspace's).
#pragma once

#include <cuda_runtime.h>

#include "common/cuda_check.hpp"
#include "common/workspace.hpp"

namespace gsssp {

class DeviceTimer {
 public:
  explicit DeviceTimer(Workspace& workspace) : workspace_(workspace) {
    GSSSP_CUDA_CHECK(cudaEventRecord(workspace_.start_event(), workspace_.stream()));
  }
  // Records the end, waits for it and returns the milliseconds since construction.
  double stop_ms() {
    record_stop();
    return elapsed_ms();
  }
  // Records the end behind the work enqueued so far, without waiting: a driver that synchronises its
  // stream anyway (ADDS) then reads the time with elapsed_ms() and pays no extra round trip.
  void record_stop() { GSSSP_CUDA_CHECK(cudaEventRecord(workspace_.stop_event(), workspace_.stream())); }
  // Waits for the recorded end (already reached if the stream was synchronised) and returns the time.
  double elapsed_ms() {
    GSSSP_CUDA_CHECK(cudaEventSynchronize(workspace_.stop_event()));
    float elapsed = 0.0f;
    GSSSP_CUDA_CHECK(cudaEventElapsedTime(&elapsed, workspace_.start_event(), workspace_.stop_event()));
    return elapsed;
  }

 private:
  Workspace& workspace_;
};

}  // namespace gsssp
