// ADDS kernels: the persistent kernel (block 0 the manager, every other block a worker; launched
// cooperatively so that all blocks are resident at once — the manager and the workers wait on each other,
// which would deadlock if a block could not be scheduled) and the per-run initialisation.
#pragma once

#include "algorithms/adds/adds_manager.cuh"
#include "algorithms/adds/adds_worker.cuh"
#include "common/block_count.cuh"

namespace gsssp::adds {

template <class D>
constexpr size_t kSharedBytes = sizeof(ManagerShared) > sizeof(WorkerShared<D>) ? sizeof(ManagerShared)
                                                                                  : sizeof(WorkerShared<D>);

// Blocks of at most kMaxBlock threads, two of them per SM: the bound keeps the kernel's registers low
// enough for that (adds.cu caps the caller's block size to kMaxBlock).
constexpr int kMaxBlock = 512;

// The last block to leave copies the report (the manager's verdict and the workers' sums) and the query counters
// into mapped host memory, where the host reads them once the stream has drained: no copy behind the kernel. Every
// block has finished its own writes to both when it counts itself out (its threads' writes ordered by the barrier
// and thread 0's fence), so the last one sees them all. `flag`: the block's shared memory, free by now. Why: the
// copies behind the kernel were about 7 us of device time at the end of every ADDS query (GSSSP_STAGE_TRACE=1,
// "tail"; docs/performance.md).
template <class D>
__device__ void deliver(const KernelArgs<D>& a, unsigned* flag) {
  __syncthreads();
  if (threadIdx.x == 0) {
    __threadfence();
    const bool last = atomicAdd(&a.queue->exited, 1u) == gridDim.x - 1;
    if (last) __threadfence();
    *flag = last ? 1u : 0u;
  }
  __syncthreads();
  if (*flag == 0) return;
  static_assert(sizeof(Report) % sizeof(unsigned) == 0 && sizeof(DeviceCounters) % sizeof(unsigned) == 0,
                "copied in words");
  // L2 reads (__ldcg): this SM's L1 may hold older copies of lines other blocks wrote.
  const auto* report = reinterpret_cast<const unsigned*>(&a.queue->report);
  auto* host_report = reinterpret_cast<unsigned*>(a.host_report);
  for (unsigned i = threadIdx.x; i < sizeof(Report) / sizeof(unsigned); i += blockDim.x) host_report[i] = __ldcg(report + i);
  const auto* counters = reinterpret_cast<const unsigned*>(a.counters);
  auto* host_counters = reinterpret_cast<unsigned*>(a.host_counters);
  for (unsigned i = threadIdx.x; i < sizeof(DeviceCounters) / sizeof(unsigned); i += blockDim.x) {
    host_counters[i] = __ldcg(counters + i);
  }
  __threadfence_system();
}

template <class D>
__global__ void __launch_bounds__(kMaxBlock, 2) persistent_kernel(KernelArgs<D> a) {
  // One allocation, used as the manager's or a worker's state: a block is only ever one of them.
  __shared__ alignas(16) unsigned char shared[kSharedBytes<D>];
  if (blockIdx.x == 0) {
    manager<D>(a, *reinterpret_cast<ManagerShared*>(shared));
  } else {
    worker<D>(a, *reinterpret_cast<WorkerShared<D>*>(shared), static_cast<int>(blockIdx.x) - 1);
  }
  if (a.host_report != nullptr) deliver(a, reinterpret_cast<unsigned*>(shared));
}

// Before each run (and each restart): distances, the filter, the bucket tables, the free-block FIFO, the
// flags, and the source as the one item of bucket 0, in block 0 (mapped here, as the manager's initial
// state expects), and the queue state zeroed: here rather than by a memset before it, one call fewer on the
// stream before the search starts (the query's host time before its kernel, measured with GSSSP_STAGE_TRACE=1).
template <class D>
__global__ void init_kernel(KernelArgs<D> a, long long source) {
  for (long long v = grid_thread_index(); v < a.num_vertices; v += grid_stride()) {
    a.dist[v] = v == source ? D::kZero : D::kInfinity;
    if (a.expanded != nullptr) a.expanded[v] = D::kInfinity;
  }
  const long long table_words = static_cast<long long>(a.buckets) << kBlockShift;
  for (long long i = grid_thread_index(); i < table_words; i += grid_stride()) a.table[i] = i == 0 ? 0u : kNoBlock;
  for (long long i = grid_thread_index(); i < a.pool_blocks; i += grid_stride()) a.free_ring[i] = static_cast<unsigned>(i);
  for (long long i = grid_thread_index(); i < kSegmentsPerBlock; i += grid_stride()) a.wcc[i] = i == 0 ? 1u : 0u;
  for (long long w = grid_thread_index(); w < a.workers; w += grid_stride()) a.af[w] = 0;
  // The queue state: zeroed by block 0, whose thread 0 then sets its first fields (no other block touches it).
  if (blockIdx.x == 0) {
    auto* words = reinterpret_cast<unsigned*>(a.queue);
    for (unsigned i = threadIdx.x; i < sizeof(QueueState) / sizeof(unsigned); i += blockDim.x) words[i] = 0u;
    __syncthreads();
    if (threadIdx.x == 0) {
      a.pool[0] = static_cast<int32_t>(source);
      if (a.pool_value != nullptr) a.pool_value[0] = D::kZero;
      a.queue->resv[0].value = 1;
      a.queue->clip_min = static_cast<unsigned long long>(D::kInfinity);
    }
  }
}

// A pair query (adds.cu, run_pair), after both searches ended: the least length of an s-t path that leaves the
// forward ball (d_f[u] < bound_f) through u itself (d_f[u] + d_b[u]) or through one of u's edges
// (d_f[u] + w + d_b[v]), with d_b the reverse search's distances. A warp per vertex, its lanes over the edges.
template <class D>
__global__ void meet_exact_kernel(long long n, const int64_t* __restrict__ offsets, const int32_t* __restrict__ heads,
                                  const typename D::weight* __restrict__ weights,
                                  const typename D::stored* __restrict__ forward,
                                  const typename D::stored* __restrict__ backward, unsigned long long bound_f,
                                  unsigned long long* mu) {
  const long long warp = grid_thread_index() / 32;
  const long long warps = grid_stride() / 32;
  const int lane = static_cast<int>(threadIdx.x % 32);
  for (long long u = warp; u < n; u += warps) {
    const typename D::stored su = forward[u];
    if (static_cast<unsigned long long>(su) >= bound_f) continue;
    const typename D::value du = D::decode(su);
    if (lane == 0 && backward[u] != D::kInfinity) {
      atomicMin(mu, static_cast<unsigned long long>(D::encode(du + D::decode(backward[u]))));
    }
    for (long long e = offsets[u] + lane; e < offsets[u + 1]; e += 32) {
      const typename D::stored sv = backward[heads[e]];
      if (sv != D::kInfinity) {
        atomicMin(mu, static_cast<unsigned long long>(D::encode(D::relax(du, weights[e]) + D::decode(sv))));
      }
    }
  }
}

}  // namespace gsssp::adds
