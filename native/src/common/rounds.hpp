// The host side of a round loop ("iterate until no change", Patel 2023 Alg. 5 / Martín Fig. 2).
//
// Reading a flag back after every round costs a copy and a stream synchronisation, which dominates on
// graphs of small frontiers. Instead the loop launches a batch of rounds (1, 2, 4, ... up to 32) and
// reads the change counter once per batch; rounds past convergence return at once on the device
// (round_is_live), so the overshoot costs only launches and the reported round count stays exact.
// Cancellation is checked between batches.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>

#include "common/cuda_check.hpp"
#include "common/query.hpp"
#include "common/timer.hpp"
#include "common/workspace.hpp"

namespace gsssp {

struct RoundLoopResult {
  int64_t rounds = 0;  // rounds that ran: those that changed something plus the one that found no change
  bool converged = false;
};

inline void throw_if_cancelled(const std::atomic<bool>& cancelled) {
  if (cancelled.load(std::memory_order_acquire)) {
    fail(GSSSP_ERROR_CLOSED, "device graph closed while the query ran");
  }
}

// For an algorithm whose loop hit its limit: the caller's options.max_iterations, or else the algorithm's
// own bound, which only a bug can exceed.
[[noreturn]] inline void throw_not_converged(const char* algorithm, int64_t rounds, bool user_limit) {
  fail(user_limit ? GSSSP_ERROR_NOT_CONVERGED : GSSSP_ERROR_INTERNAL, format("%s did not converge within %lld rounds%s", algorithm,
                                    static_cast<long long>(rounds),
                                    user_limit ? " (options.max_iterations)" : " (its own bound: a bug)"));
}

// The run of a round loop that wrote its answer to `distances`: the timer stopped first (waiting for the stream, so
// that a failure below is raised with the work drained), then throw_not_converged if the loop hit its limit.
inline AlgorithmRun finish_round_loop(DeviceTimer& timer, const char* algorithm, const RoundLoopResult& loop,
                                      bool user_limit, const void* distances) {
  AlgorithmRun run;
  run.time_ms = timer.stop_ms();
  if (!loop.converged) throw_not_converged(algorithm, loop.rounds, user_limit);
  run.distances = distances;
  run.rounds = loop.rounds;
  return run;
}

// launch_round(r) enqueues round r on the workspace's stream; `last_change` is the device counter those
// kernels raise to r + 1 when round r changes something.
template <class LaunchRound>
RoundLoopResult run_rounds(Workspace& workspace, const unsigned long long* last_change,
                           const std::atomic<bool>& cancelled, int64_t limit, LaunchRound&& launch_round) {
  constexpr int64_t kMaxBatch = 32;
  int64_t launched = 0;
  int64_t batch = 1;
  for (;;) {
    throw_if_cancelled(cancelled);
    const int64_t count = std::min(batch, limit - launched);
    for (int64_t k = 0; k < count; ++k) launch_round(launched + k);
    GSSSP_CUDA_CHECK(cudaGetLastError());
    launched += count;
    const auto last = static_cast<int64_t>(workspace.read_counter(last_change));
    if (last < launched) return {last + 1, true};
    if (launched >= limit) return {launched, false};
    batch = std::min(batch * 2, kMaxBatch);
  }
}

}  // namespace gsssp
