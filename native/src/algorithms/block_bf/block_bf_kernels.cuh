// The one-block Bellman-Ford kernel (block_bf.hpp).
#pragma once

#include <cooperative_groups.h>
#include <cub/block/block_reduce.cuh>

#include "algorithms/block_bf/block_bf_policy.hpp"
#include "common/block_delivery.cuh"
#include "common/distance.cuh"
#include "common/workspace.hpp"

namespace gsssp::block_bf {

// Rounds taken and whether the last one changed nothing, copied back behind the kernel.
struct RoundRecord {
  long long rounds;
  int converged;
  unsigned long long time_ns;  // the kernel's own time (%globaltimer), for a delivered query
  unsigned long long done;     // BlockDelivery::done points here when the record is the host's
};

// One block of kBlockThreads threads. Shared memory: the stored distances, then per vertex the round in
// which it is next to be expanded (-1: not scheduled). A round expands every vertex scheduled for it,
// reading its distance as it stands then (a vertex lowered earlier in the same round relaxes with the lower
// value: Gauss-Seidel order, fewer rounds than Jacobi's two arrays); a vertex lowered in round r is
// scheduled for round r + 1. The search ends after a round that lowered nothing: every lowering was then
// followed by an expansion at that distance or a lower one, which is Bellman-Ford's fixed point.
// Where a block's answer goes. One query (a grid of one block): the stored distances into `stored_out`, and with a
// delivery (delivery.counters set; the record is then the host's) the host outputs too (common/block_delivery.cuh). A batch (a
// grid of one block per source, sources[blockIdx.x]): its row of 8-byte outputs, all n (`target_count` < 0) or the
// targets' only, at rows + blockIdx.x * row length, and its reached count at reached[blockIdx.x].
template <class D>
struct BlockOutput {
  typename D::stored* stored_out = nullptr;
  const int64_t* sources = nullptr;
  typename D::output* rows = nullptr;
  const int32_t* target_ids = nullptr;
  long long target_count = -1;
  unsigned long long* reached = nullptr;
  BlockDelivery delivery;
};

// Both kernels' end: the block's answer (a single query's stored distances, or its batch row of all n or of the
// targets), its work and reached counts summed into the counters, the float overflow flag, and its round record.
template <class D>
__device__ void finish_block(long long n, const typename D::stored* dist, const BlockOutput<D>& output,
                             unsigned long long visits, unsigned long long relaxed, bool overflow, long long round,
                             int converged, DeviceCounters* counters, RoundRecord* record,
                             unsigned long long started) {
  unsigned long long reached = 0, wide = 0;
  const BlockDelivery& delivery = output.delivery;
  const bool delivered = delivery.counters != nullptr;
  if (output.rows == nullptr) {
    for (long long v = threadIdx.x; v < n; v += blockDim.x) {
      output.stored_out[v] = dist[v];
      if (delivered) {
        reached += dist[v] != D::kInfinity;
        if (delivery.distances != nullptr) deliver_distance<D>(delivery, v, dist[v], wide);
      }
    }
    if (delivered) __threadfence_system();  // before the reductions' barriers, behind which thread 0 sets the ticket
  } else if (output.target_count < 0) {
    typename D::output* row = output.rows + static_cast<long long>(blockIdx.x) * n;
    for (long long v = threadIdx.x; v < n; v += blockDim.x) {
      row[v] = D::to_output(dist[v]);
      reached += dist[v] != D::kInfinity;
    }
  } else {
    typename D::output* row = output.rows + static_cast<long long>(blockIdx.x) * output.target_count;
    for (long long j = threadIdx.x; j < output.target_count; j += blockDim.x) {
      row[j] = D::to_output(dist[output.target_ids[j]]);
    }
  }
  using Reduce = cub::BlockReduce<unsigned long long, kBlockThreads>;
  __shared__ typename Reduce::TempStorage reduce_storage;
  const unsigned long long total_visits = Reduce(reduce_storage).Sum(visits);
  __syncthreads();  // the temporary storage is reused
  const unsigned long long total_relaxed = Reduce(reduce_storage).Sum(relaxed);
  __syncthreads();
  const unsigned long long total_reached = Reduce(reduce_storage).Sum(reached);
  const int any_overflow = __syncthreads_or(overflow);
  // (__syncthreads_or is a yes/no, not a bitwise or: one per bit.)
  const int wide4 = delivered ? __syncthreads_or(static_cast<int>(wide & 1)) : 0;
  const int wide2 = delivered ? __syncthreads_or(static_cast<int>(wide & 2)) : 0;
  if (threadIdx.x == 0) {
    // Several blocks (a batch) add up; one block alone could store, but atomics cost nothing here.
    atomicAdd(&counters->vertex_visits, total_visits);
    atomicAdd(&counters->edges_relaxed, total_relaxed);
    if (any_overflow) counters->overflow = 1;
    if (output.reached != nullptr) output.reached[blockIdx.x] = total_reached;
    record->rounds = round;
    record->converged = converged;
    if (delivered) {
      // What the tail's pass would have counted (a fallback to wider output recounts); one block: these are final.
      const unsigned long long wide_needed = (wide4 != 0 ? 1ull : 0ull) | (wide2 != 0 ? 2ull : 0ull);
      counters->reached = total_reached;
      counters->wide_needed = wide_needed;
      record->time_ns = global_ns() - started;
      deliver_end(delivery, total_visits, total_relaxed, total_reached, any_overflow != 0, wide_needed);
    }
  }
}

template <class D>
__global__ void __launch_bounds__(kBlockThreads)
    block_bf_kernel(long long n, const int64_t* __restrict__ offsets, const int32_t* __restrict__ targets,
                    const typename D::weight* __restrict__ weights, long long source, long long max_rounds,
                    BlockOutput<D> output, DeviceCounters* counters, RoundRecord* records) {
  using stored = typename D::stored;
  extern __shared__ unsigned long long shared_words[];
  stored* dist = reinterpret_cast<stored*>(shared_words);
  int* scheduled = reinterpret_cast<int*>(dist + n);
  const unsigned long long started = threadIdx.x == 0 ? global_ns() : 0;
  if (output.sources != nullptr) source = output.sources[blockIdx.x];
  RoundRecord* record = records + blockIdx.x;

  for (long long v = threadIdx.x; v < n; v += blockDim.x) {
    dist[v] = v == source ? D::kZero : D::kInfinity;
    scheduled[v] = v == source ? 0 : -1;
  }
  __syncthreads();

  unsigned long long visits = 0, relaxed = 0;
  long long round = 0;
  int converged = 0;
  for (; round < max_rounds; ++round) {
    int lowered = 0;
    for (long long v = threadIdx.x; v < n; v += blockDim.x) {
      // The schedule word of v may be rewritten for round + 1 by another thread during this round (v lowered
      // again): either value read is right (a vertex skipped here is expanded next round at a lower distance),
      // but the read and that write are atomic so that they are no data race (racecheck).
      if (atomicOr(&scheduled[v], 0) != static_cast<int>(round)) continue;
      ++visits;
      const typename D::value d = D::decode(dist[v]);
      const long long end = offsets[v + 1];
      for (long long e = offsets[v]; e < end; ++e) {
        const int32_t t = targets[e];
        const stored s = D::encode(D::relax(d, weights[e]));
        // The read is a filter only: distances only fall, so a stale (higher) value costs one atomic.
        if (s < dist[t] && s < atomicMin(&dist[t], s)) {
          atomicExch(&scheduled[t], static_cast<int>(round + 1));
          lowered = 1;
        }
      }
      relaxed += static_cast<unsigned long long>(end - offsets[v]);
    }
    if (!__syncthreads_or(lowered)) {
      converged = 1;
      ++round;
      break;
    }
  }

  finish_block<D>(n, dist, output, visits, relaxed, false, round, converged, counters, record, started);
}

// Where the whole-graph kernel keeps things in its dynamic shared memory, for n vertices and m edges: the
// distances, the CSR (offsets as int32, targets, weights), a mark per vertex and two vertex queues. Sections start
// at 16-byte boundaries.
struct SharedLayout {
  size_t offsets, targets, weights, mark, queue_a, queue_b, bytes;
  template <class D>
  __host__ __device__ static SharedLayout of(long long n, long long m) {
    auto up = [](size_t x) { return (x + 15) & ~size_t{15}; };
    SharedLayout l{};
    l.offsets = up(static_cast<size_t>(n) * sizeof(typename D::stored));
    l.targets = up(l.offsets + static_cast<size_t>(n + 1) * 4);
    l.weights = up(l.targets + static_cast<size_t>(m) * 4);
    l.mark = up(l.weights + static_cast<size_t>(m) * sizeof(typename D::weight));
    l.queue_a = up(l.mark + static_cast<size_t>(n) * 4);
    l.queue_b = up(l.queue_a + static_cast<size_t>(n) * 4);
    l.bytes = up(l.queue_b + static_cast<size_t>(n) * 4);
    return l;
  }
};

// The same search with the whole graph in shared memory (graphs of a few thousand vertices, e.g. rome99: 3,353
// vertices and 8,870 edges in 151 KB), and a queue of the vertices lowered in a round instead of a scan of every
// vertex's schedule word: a round reads only shared memory and ends at one barrier. (The scanning kernel above
// read the CSR from L2 and took 2.6 us per round on rome99.)
// Three queue counters rotate so that one barrier per round suffices: round r appends to counter (r + 1) % 3,
// which every thread reads after the barrier, while thread 0 clears (r + 2) % 3, read by all before round r began.
template <class D>
__global__ void __launch_bounds__(kBlockThreads)
    block_bf_shared_kernel(long long n, long long m, const int64_t* __restrict__ offsets,
                           const int32_t* __restrict__ targets, const typename D::weight* __restrict__ weights,
                           long long source, long long max_rounds, BlockOutput<D> output, DeviceCounters* counters,
                           RoundRecord* records) {
  namespace cg = cooperative_groups;
  using stored = typename D::stored;
  using weight = typename D::weight;
  extern __shared__ unsigned long long shared_words[];
  const SharedLayout layout = SharedLayout::of<D>(n, m);
  char* base = reinterpret_cast<char*>(shared_words);
  stored* dist = reinterpret_cast<stored*>(base);
  int* offset = reinterpret_cast<int*>(base + layout.offsets);
  int* target = reinterpret_cast<int*>(base + layout.targets);
  weight* w = reinterpret_cast<weight*>(base + layout.weights);
  int* mark = reinterpret_cast<int*>(base + layout.mark);
  int* queue_in = reinterpret_cast<int*>(base + layout.queue_a);
  int* queue_out = reinterpret_cast<int*>(base + layout.queue_b);
  __shared__ unsigned int s_count[3];
  const unsigned long long started = threadIdx.x == 0 ? global_ns() : 0;
  if (output.sources != nullptr) source = output.sources[blockIdx.x];
  RoundRecord* record = records + blockIdx.x;

  for (long long e = threadIdx.x; e < m; e += blockDim.x) {
    target[e] = targets[e];
    w[e] = weights[e];
  }
  for (long long v = threadIdx.x; v <= n; v += blockDim.x) {
    offset[v] = static_cast<int>(offsets[v]);
    if (v < n) {
      dist[v] = v == source ? D::kZero : D::kInfinity;
      mark[v] = v == source ? 0 : -1;
    }
  }
  if (threadIdx.x == 0) {
    queue_in[0] = static_cast<int>(source);
    s_count[0] = 1;
    s_count[1] = 0;
    s_count[2] = 0;
  }
  __syncthreads();

  unsigned long long visits = 0, relaxed = 0;
  bool overflow = false;
  long long round = 0;
  int converged = 0;
  long long count = 1;
  for (;;) {
    if (count == 0) {
      converged = 1;
      break;
    }
    if (round >= max_rounds) break;
    const int out = static_cast<int>((round + 1) % 3);
    const int next_stamp = static_cast<int>(round + 1);
    if (threadIdx.x == 0) s_count[(round + 2) % 3] = 0;
    for (long long i = threadIdx.x; i < count; i += blockDim.x) {
      const int v = queue_in[i];
      const typename D::value d = D::decode(dist[v]);
      const int end = offset[v + 1];
      ++visits;
      relaxed += static_cast<unsigned long long>(end - offset[v]);
      for (int e = offset[v]; e < end; ++e) {
        const int t = target[e];
        const stored s = D::encode(D::relax(d, w[e]));
        // Only a float sum can overflow (to +inf, the stored infinity): the query fails rather than report a
        // reachable vertex unreachable (gsssp.h).
        if (s == D::kInfinity) {
          overflow = true;
          continue;
        }
        if (s < dist[t] && s < atomicMin(&dist[t], s) && atomicExch(&mark[t], next_stamp) != next_stamp) {
          const cg::coalesced_group group = cg::coalesced_threads();
          unsigned int at = 0;
          if (group.thread_rank() == 0) at = atomicAdd(&s_count[out], group.size());
          at = group.shfl(at, 0);
          queue_out[at + group.thread_rank()] = t;
        }
      }
    }
    __syncthreads();
    count = s_count[out];
    int* swap = queue_in;
    queue_in = queue_out;
    queue_out = swap;
    ++round;
  }

  finish_block<D>(n, dist, output, visits, relaxed, overflow, round, converged, counters, record, started);
}

}  // namespace gsssp::block_bf
