// The one-block Bellman-Ford kernel (block_bf.hpp).
#pragma once

#include <cub/block/block_reduce.cuh>

#include "algorithms/block_bf/block_bf_policy.hpp"
#include "common/distance.cuh"
#include "common/workspace.hpp"

namespace gsssp::block_bf {

// Rounds taken and whether the last one changed nothing, copied back behind the kernel.
struct RoundRecord {
  long long rounds;
  int converged;
};

// One block of kBlockThreads threads. Shared memory: the stored distances, then per vertex the round in
// which it is next to be expanded (-1: not scheduled). A round expands every vertex scheduled for it,
// reading its distance as it stands then (a vertex lowered earlier in the same round relaxes with the lower
// value: Gauss-Seidel order, fewer rounds than Jacobi's two arrays); a vertex lowered in round r is
// scheduled for round r + 1. The search ends after a round that lowered nothing: every lowering was then
// followed by an expansion at that distance or a lower one, which is Bellman-Ford's fixed point.
// Where a block's answer goes. One query (a grid of one block): the stored distances into `stored_out`. A batch (a
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
};

template <class D>
__global__ void __launch_bounds__(kBlockThreads)
    block_bf_kernel(long long n, const int64_t* __restrict__ offsets, const int32_t* __restrict__ targets,
                    const typename D::weight* __restrict__ weights, long long source, long long max_rounds,
                    BlockOutput<D> output, DeviceCounters* counters, RoundRecord* records) {
  using stored = typename D::stored;
  extern __shared__ unsigned long long shared_words[];
  stored* dist = reinterpret_cast<stored*>(shared_words);
  int* scheduled = reinterpret_cast<int*>(dist + n);
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

  unsigned long long reached = 0;
  if (output.rows == nullptr) {
    for (long long v = threadIdx.x; v < n; v += blockDim.x) output.stored_out[v] = dist[v];
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
  if (threadIdx.x == 0) {
    // Several blocks (a batch) add up; one block alone could store, but atomics cost nothing here.
    atomicAdd(&counters->vertex_visits, total_visits);
    atomicAdd(&counters->edges_relaxed, total_relaxed);
    if (output.reached != nullptr) output.reached[blockIdx.x] = total_reached;
    record->rounds = round;
    record->converged = converged;
  }
}

}  // namespace gsssp::block_bf
