// Where a query's host time goes beyond its kernel, for profiling the serving path without nsys: GSSSP_STAGE_TRACE=1
// in the environment (common/env_switch.hpp) prints one line per GPU query on stderr, the host microseconds between
// named points of the call and the device time from the end of the algorithm's kernel to the end of the query's tail
// (an event pair). Off, a mark costs one branch.
#pragma once

#include <chrono>
#include <cstdio>
#include <cstdlib>

#include <cuda_runtime.h>

#include "common/env_switch.hpp"

namespace gsssp::stage_trace {

inline bool enabled() {
  static const bool on = [] {
    const char* text = env_text(Env::kStageTrace);
    return text != nullptr && text[0] == '1';
  }();
  return on;
}

struct Trace {
  static constexpr int kMax = 16;
  std::chrono::steady_clock::time_point at[kMax];
  const char* name[kMax];
  int count = 0;
  float tail_ms = -1.0f;  // device: the algorithm's stop event to the tail's end
  double kernel_ms = 0.0;  // the algorithm's own time (gsssp_stats.time_ms), when there is one
};

inline Trace& current() {
  thread_local Trace trace;
  return trace;
}

inline void begin() {
  if (!enabled()) return;
  Trace& t = current();
  t.count = 0;
  t.tail_ms = -1.0f;
  t.kernel_ms = 0.0;
  t.at[0] = std::chrono::steady_clock::now();
  t.name[0] = "start";
  t.count = 1;
}

inline void mark(const char* name) {
  if (!enabled()) return;
  Trace& t = current();
  if (t.count == 0 || t.count >= Trace::kMax) return;
  t.at[t.count] = std::chrono::steady_clock::now();
  t.name[t.count] = name;
  ++t.count;
}

// The algorithm's own time (gsssp_stats.time_ms), printed beside the stages.
inline void set_kernel_ms(double ms) {
  if (enabled()) current().kernel_ms = ms;
}

// The device time from `stop` (recorded behind the kernel) to an event recorded now on `stream`, once the stream has
// drained: call end_tail() behind the tail's last operation and read_tail() after the wait.
inline cudaEvent_t tail_event() {
  thread_local cudaEvent_t event = [] {
    cudaEvent_t e = nullptr;
    if (cudaEventCreate(&e) != cudaSuccess) (void)cudaGetLastError();
    return e;
  }();
  return event;
}

inline void end_tail(cudaStream_t stream) {
  if (!enabled() || tail_event() == nullptr) return;
  if (cudaEventRecord(tail_event(), stream) != cudaSuccess) (void)cudaGetLastError();
}

inline void read_tail(cudaEvent_t stop) {
  if (!enabled() || tail_event() == nullptr) return;
  float ms = -1.0f;
  if (cudaEventElapsedTime(&ms, stop, tail_event()) != cudaSuccess) {
    (void)cudaGetLastError();
    ms = -1.0f;
  }
  current().tail_ms = ms;
}

inline void print(const char* what) {
  if (!enabled()) return;
  const Trace& t = current();
  if (t.count == 0) return;
  char line[512];
  int at = std::snprintf(line, sizeof(line), "stage-trace %s kernel %.1f us, tail %.1f us:", what,
                         t.kernel_ms * 1e3, t.tail_ms * 1e3);
  for (int i = 1; i < t.count && at > 0 && at < static_cast<int>(sizeof(line)); ++i) {
    at += std::snprintf(line + at, sizeof(line) - at, " %s +%.1f", t.name[i],
                        std::chrono::duration<double, std::micro>(t.at[i] - t.at[i - 1]).count());
  }
  std::fprintf(stderr, "%s (total %.1f us)\n", line,
               std::chrono::duration<double, std::micro>(t.at[t.count - 1] - t.at[0]).count());
}

}  // namespace gsssp::stage_trace
