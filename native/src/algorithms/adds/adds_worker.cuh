// ADDS worker thread blocks (PPoPP'21 section 5.1): a worker never reads a bucket's metadata. It polls its
// own assignment flag, expands the items the manager handed it — each item a vertex, expanded with the
// distance it has now — pushes every vertex it lowers into the bucket of its new distance (adds_queue.cuh,
// push_vertex), then reports the items completed (CWC) and goes idle.
//
// An item whose vertex was already expanded with its current distance is skipped: the same vertex can sit
// in several buckets (each lowering pushes it again) and only the copy that first sees the final distance
// has work to do. Skipped items are not counted as visits.
//
// Expansion balances skewed degrees as Near-Far does (Merrill's TWC): block-cooperative for a vertex of
// degree >= blockDim, warp-cooperative for degree >= 32, a thread per vertex for the rest.
#pragma once

#include "algorithms/adds/adds_queue.cuh"
#include "common/block_count.cuh"

namespace gsssp::adds {

template <class D>
struct WorkerShared {
  WriterCache cache;
  WorkerRecord record;
  unsigned long long assignment;
  long long coop_begin, coop_end;
  typename D::value coop_distance;
  int coop_owner;
  unsigned long long visits_slot, edges_slot;
};

__device__ __forceinline__ bool host_abort(const HostControl* host) {
  return *reinterpret_cast<const volatile unsigned*>(&host->abort) != 0;
}

// Thread 0 only: waits for an assignment, or for the end of the run (an exit flag, the stop word, or the
// host's abort when the manager itself cannot say so).
__device__ __forceinline__ unsigned long long wait_for_assignment(unsigned long long* flag, QueueState* queue,
                                                                  const HostControl* host) {
  unsigned backoff = 32;
  for (unsigned polls = 1;; ++polls) {
    const unsigned long long got = device_atomic(*flag).load(cuda::memory_order_acquire);
    if (got != 0) return got;
    if (stop_requested(queue)) return kAssignExit;
    if ((polls & 4095u) == 0 && host_abort(host)) return kAssignExit;
    __nanosleep(backoff);
    backoff = backoff < 256 ? backoff * 2 : backoff;
  }
}

template <class D>
__device__ __forceinline__ void relax_edge(const KernelArgs<D>& a, WriterCache& cache, const WorkerRecord& r,
                                           int32_t v, typename D::value du, typename D::weight w) {
  const typename D::value candidate = D::relax(du, w);
  const typename D::stored encoded = D::encode(candidate);
  if (encoded < a.dist[v] && encoded < atomic_min(&a.dist[v], encoded)) push_vertex<D>(a, cache, r, v, candidate);
}

template <class D>
__device__ void worker(const KernelArgs<D>& a, WorkerShared<D>& sh, int w) {
  using value = typename D::value;
  using stored = typename D::stored;
  block_counter_clear(&sh.visits_slot);
  block_counter_clear(&sh.edges_slot);
  unsigned long long visits = 0, edges = 0;
  const int64_t* __restrict__ offsets = a.offsets;
  const int32_t* __restrict__ targets = a.targets;
  const typename D::weight* __restrict__ weights = a.weights;
  const int lane = static_cast<int>(threadIdx.x & 31u);

  for (;;) {
    writer_cache_clear(sh.cache);
    if (threadIdx.x == 0) {
      const unsigned long long got = wait_for_assignment(&a.af[w], a.queue, a.host);
      sh.assignment = got;
      if (got & kAssignValid) sh.record = a.geometry[assignment_generation(got)];
    }
    __syncthreads();
    const unsigned long long assignment = sh.assignment;
    if (!(assignment & kAssignValid)) break;
    const WorkerRecord r = sh.record;
    const unsigned location = assignment_location(assignment);
    const long long count = assignment_count(assignment);

    // Block-uniform loop: the cooperative phases synchronise the whole block.
    for (long long base = 0; base < count; base += blockDim.x) {
      const long long i = base + threadIdx.x;
      long long begin = 0, end = 0;
      value du = 0;
      if (i < count) {
        const int32_t u = a.pool[static_cast<size_t>(location) + static_cast<size_t>(i)];
        // Issued together: each is a round trip on the path from one push to the next.
        const stored d = *reinterpret_cast<volatile stored*>(&a.dist[u]);
        const stored done = a.expanded[u];
        const long long first = offsets[u];
        const long long last = offsets[u + 1];
        if (d < done) {
          a.expanded[u] = d;
          begin = first;
          end = last;
          du = D::decode(d);
          ++visits;
          edges += static_cast<unsigned long long>(end - begin);
        }
      }
      for (;;) {
        if (threadIdx.x == 0) sh.coop_owner = -1;
        __syncthreads();
        if (end - begin >= static_cast<long long>(blockDim.x)) sh.coop_owner = static_cast<int>(threadIdx.x);
        __syncthreads();
        const int owner = sh.coop_owner;
        if (owner < 0) break;
        if (static_cast<int>(threadIdx.x) == owner) {
          sh.coop_begin = begin;
          sh.coop_end = end;
          sh.coop_distance = du;
          begin = end;
        }
        __syncthreads();
        const long long b = sh.coop_begin, e_end = sh.coop_end;
        const value d = sh.coop_distance;
        for (long long e = b + threadIdx.x; e < e_end; e += blockDim.x) relax_edge<D>(a, sh.cache, r, targets[e], d, weights[e]);
        __syncthreads();
      }
      for (;;) {
        const unsigned mask = __ballot_sync(0xffffffffu, end - begin >= 32);
        if (mask == 0) break;
        const int leader = __ffs(mask) - 1;
        const long long b = __shfl_sync(0xffffffffu, begin, leader);
        const long long e_end = __shfl_sync(0xffffffffu, end, leader);
        const value d = __shfl_sync(0xffffffffu, du, leader);
        if (lane == leader) begin = end;
        for (long long e = b + lane; e < e_end; e += 32) relax_edge<D>(a, sh.cache, r, targets[e], d, weights[e]);
      }
      for (long long e = begin; e < end; ++e) relax_edge<D>(a, sh.cache, r, targets[e], du, weights[e]);
    }

    // Finish: every push of these items precedes the CWC increment and the idle flag (see adds_queue.cuh).
    __threadfence();
    __syncthreads();
    if (threadIdx.x == 0) {
      const unsigned slot = assignment_slot(assignment);
      device_atomic(a.queue->cwc[slot].value).fetch_add(static_cast<unsigned>(count), cuda::memory_order_release);
      device_atomic(a.af[w]).store(0ull, cuda::memory_order_release);
    }
  }
  block_counter_flush(&sh.visits_slot, visits, &a.counters->vertex_visits);
  block_counter_flush(&sh.edges_slot, edges, &a.counters->edges_relaxed);
}

}  // namespace gsssp::adds
