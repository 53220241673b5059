// What a one-block kernel needs to deliver a single query's outputs itself (common/block_delivery.cuh says how and
// why); host code sees only this.
#pragma once

#include "common/workspace.hpp"

namespace gsssp {

// Where a one-block kernel delivers a query's outputs (FinalizeTail::direct fills the first two).
struct BlockDelivery {
  void* distances = nullptr;  // the caller's page-locked host output, as the device addresses it; null: none asked
  int bytes = 8;              // per distance: 8 (D::output), 4 (D::compact) or 2 (D::narrow)
  DeviceCounters* counters = nullptr;  // Workspace::host_counters_target(); null: no direct delivery (the tail runs)
  unsigned long long* done = nullptr;  // host word set to `ticket` after everything else
  unsigned long long ticket = 0;
};

}  // namespace gsssp
