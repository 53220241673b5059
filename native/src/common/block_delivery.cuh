// A one-block kernel's own delivery of a single query's outputs (device side; the host side is
// common/block_batch.hpp's finish_single_block_delivered). Instead of the query's tail behind the kernel (a pass that
// writes the host format, its copy, the counters' copy, then the host's wait for the stream), the kernel writes the
// distances in the host format straight into the caller's page-locked host memory, the counters into the workspace's
// mapped host counters, its record into the workspace's mapped staging, and, last, a ticket the host spins on.
//
// Why: a small graph's whole search is one short kernel, and what followed it cost as much as a third of the call. The
// tail's pass, its two copies and the stream's completion each wait for the one before on the GPU, and the host's poll
// of the stream is a driver call per look. Delivering from the kernel took a 1,000-vertex ADDS query from Java from
// about 79 to 52 us (docs/performance.md).
#pragma once

#include <cuda_runtime.h>

#include "common/block_delivery.hpp"
#include "common/clock.cuh"
#include "common/distance.cuh"

namespace gsssp {

// One vertex's final distance into the host output, in the delivery's format. `wide` gathers to_compact_kernel's bits
// (common/predecessors.cuh): bit 0 when the distance does not fit 4 bytes, bit 1 when it does not fit 2 (narrow
// output only), so that the query's completion falls back as after the tail's pass.
template <class D>
__device__ __forceinline__ void deliver_distance(const BlockDelivery& d, long long v, typename D::stored s,
                                                 unsigned long long& wide) {
  if (d.bytes == 8) {
    static_cast<typename D::output*>(d.distances)[v] = D::to_output(s);
    return;
  }
  typename D::compact compact;
  if (!D::to_compact(s, compact)) wide |= 1;
  if (d.bytes == 4) {
    static_cast<typename D::compact*>(d.distances)[v] = compact;
    return;
  }
  if constexpr (D::kHasNarrow) {
    typename D::narrow narrow;
    if (!D::to_narrow(s, narrow)) wide |= 2;
    static_cast<typename D::narrow*>(d.distances)[v] = narrow;
  }
}

// Thread 0, once every thread's deliver_distance writes are fenced (__threadfence_system) and the block has passed a
// barrier since, and after the record's fields are written: the query's counters (the block's totals; a single query's
// device counters start at zero), then the ticket.
__device__ __forceinline__ void deliver_end(const BlockDelivery& d, unsigned long long visits, unsigned long long relaxed,
                                            unsigned long long reached, bool overflow, unsigned long long wide) {
  DeviceCounters c{};
  c.vertex_visits = visits;
  c.edges_relaxed = relaxed;
  c.reached = reached;
  c.overflow = overflow ? 1 : 0;
  c.wide_needed = wide;
  *d.counters = c;
  __threadfence_system();
  *reinterpret_cast<volatile unsigned long long*>(d.done) = d.ticket;
}

}  // namespace gsssp
