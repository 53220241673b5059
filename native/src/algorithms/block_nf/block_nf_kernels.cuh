// The block-per-source Near-Far kernel (block_nf.hpp).
#pragma once

#include <cooperative_groups.h>
#include <cub/block/block_reduce.cuh>
#include <cub/block/block_scan.cuh>
#include <cuda/functional>

#include "algorithms/block_nf/block_nf_policy.hpp"
#include "common/distance.cuh"
#include "common/workspace.hpp"

namespace gsssp::block_nf {

// What one block did, copied back behind the kernel.
struct BlockRecord {
  long long rounds;     // near rounds (each expands one near queue)
  long long phases;     // threshold advances (far-pile splits)
  int converged;        // 0: stopped at max_rounds
};

// Per-block scratch, n entries per block unless said otherwise (block b's at b × n, or b × 2n).
template <class D>
struct BlockScratch {
  typename D::stored* dist = nullptr;  // the distances (a single query: the workspace's result buffer)
  int* near_mark = nullptr;            // the stamp of the near queue a vertex was last put in
  int* far_mark = nullptr;             // the phase in which a vertex was last put on the far pile
  int* near = nullptr;                 // 2n: the near queue being expanded and the next one
  int* far = nullptr;                  // 2n: the far pile and the one a split builds
};

template <class D>
struct BlockNfArgs {
  long long n = 0;
  const int64_t* offsets = nullptr;
  const int32_t* targets = nullptr;
  const typename D::weight* weights = nullptr;
  long long source = 0;                // a single query's source
  const int64_t* sources = nullptr;    // a batch: block b searches from sources[b]
  typename D::value delta{};
  long long max_rounds = 0;
  BlockScratch<D> scratch;
  // A batch's outputs: block b's row at rows + b × row length (all n when target_count < 0, else the targets'),
  // and its reached count. rows == nullptr: a single query, whose answer is scratch.dist itself.
  typename D::output* rows = nullptr;
  const int32_t* target_ids = nullptr;
  long long target_count = -1;
  unsigned long long* reached = nullptr;
  DeviceCounters* counters = nullptr;
  BlockRecord* records = nullptr;
};

__device__ __forceinline__ long long offsets_at(const int64_t* offsets, long long v) { return __ldg(&offsets[v]); }

// The next phase's threshold: the least distance left on the far pile plus Delta (at least one float step above
// it, so that the split always moves that vertex to the near queue).
__device__ __forceinline__ long long next_threshold(long long least, long long delta) { return least + delta; }
__device__ __forceinline__ float next_threshold(float least, float delta) {
  const float t = __fadd_rn(least, delta);
  return t > least ? t : nextafterf(least, __int_as_float(0x7f800000));
}

// Appends v to a block's queue: one shared-memory atomic per group of lanes that append together.
__device__ __forceinline__ void append(int* queue, unsigned int* count, int v) {
  namespace cg = cooperative_groups;
  const cg::coalesced_group group = cg::coalesced_threads();
  unsigned int base = 0;
  if (group.thread_rank() == 0) base = atomicAdd(count, group.size());
  base = group.shfl(base, 0);
  queue[base + group.thread_rank()] = v;
}

// After a barrier that ended the appends: every thread takes the count, then thread 0 clears it for the next ones.
__device__ __forceinline__ long long take_count(unsigned int* count) {
  const long long taken = *count;
  __syncthreads();  // every thread has read it
  if (threadIdx.x == 0) *count = 0;
  __syncthreads();
  return taken;
}

// Files vertex v, whose distance was just set: into the near queue when it is below the threshold (once per stamp:
// near_mark), else onto the far pile (once per phase: far_mark).
__device__ __forceinline__ void file_vertex(int v, bool near, int* near_mark, int stamp, int* near_queue,
                                            unsigned int* near_count, int* far_mark, int phase, int* far_pile,
                                            unsigned int* far_count) {
  if (near) {
    if (atomicExch(&near_mark[v], stamp) != stamp) append(near_queue, near_count, v);
  } else if (atomicExch(&far_mark[v], phase) != phase) {
    append(far_pile, far_count, v);
  }
}

// Near-Far (Davidson et al., IPDPS'14, section IV-B) run whole inside one thread block per source, with the
// block's barriers in place of the paper's kernel launches.
//
// A phase has a threshold T: the near queue holds vertices lowered below T, the far pile those lowered to T or
// more. A round expands the whole near queue (every edge of every vertex in it, dealt out evenly over the block's
// threads by a prefix sum of their degrees, so a hub costs no single thread its whole edge list) and builds the
// next. When the near queue is empty, every distance below T is final (delta-stepping's invariant: the rounds are
// synchronous, so no expansion can still be in flight). The split then takes T to the least distance left on the
// far pile plus Delta (skipping empty ranges), moves the vertices below it to the near queue and keeps the rest;
// entries already lowered below the old T were expanded as near ones and are dropped.
//
// Queues never overflow n: a vertex enters a near queue once per stamp (near_mark) and the far pile once per
// phase (far_mark), and a split re-stamps what it keeps.
template <class D, int kThreads>
__global__ void __launch_bounds__(kThreads) block_nf_kernel(BlockNfArgs<D> a) {
  using stored = typename D::stored;
  using value = typename D::value;
  using Scan = cub::BlockScan<long long, kThreads>;
  using ReduceMin = cub::BlockReduce<stored, kThreads>;
  using ReduceSum = cub::BlockReduce<unsigned long long, kThreads>;
  __shared__ union {
    typename Scan::TempStorage scan;
    typename ReduceMin::TempStorage min;
    typename ReduceSum::TempStorage sum;
  } storage;
  __shared__ long long s_offset[kThreads];
  __shared__ long long s_begin[kThreads];
  __shared__ value s_du[kThreads];
  __shared__ unsigned int s_near_count;
  __shared__ unsigned int s_far_count;
  __shared__ stored s_least;

  const long long n = a.n;
  const long long b = blockIdx.x;
  const int tid = static_cast<int>(threadIdx.x);
  stored* dist = a.scratch.dist + b * n;
  int* near_mark = a.scratch.near_mark + b * n;
  int* far_mark = a.scratch.far_mark + b * n;
  int* near_in = a.scratch.near + 2 * b * n;
  int* near_out = near_in + n;
  int* far_in = a.scratch.far + 2 * b * n;
  int* far_out = far_in + n;
  const long long source = a.sources != nullptr ? a.sources[b] : a.source;

  for (long long v = tid; v < n; v += kThreads) {
    dist[v] = v == source ? D::kZero : D::kInfinity;
    near_mark[v] = v == source ? 0 : -1;
    far_mark[v] = -1;
  }
  if (tid == 0) {
    near_in[0] = static_cast<int>(source);
    s_near_count = 0;
    s_far_count = 0;
  }
  __syncthreads();

  unsigned long long visits = 0, relaxed = 0;
  bool overflow = false;
  long long near_count = 1;
  long long rounds = 0, phases = 0;
  int stamp = 0, phase = 0;
  int converged = 0;
  value threshold = a.delta;

  bool stopped = false;
  for (;;) {
    // Rounds: expand the near queue until it is empty.
    while (near_count > 0) {
      if (rounds >= a.max_rounds) {
        stopped = true;  // the same for every thread
        break;
      }
      ++stamp;
      for (long long base = 0; base < near_count; base += kThreads) {
        const long long i = base + tid;
        long long degree = 0, begin = 0;
        value du{};
        if (i < near_count) {
          const int v = near_in[i];
          // From L2: the block's own atomics may have lowered it since the line entered this SM's L1.
          du = D::decode(__ldcg(&dist[v]));
          begin = offsets_at(a.offsets, v);
          degree = offsets_at(a.offsets, v + 1) - begin;
          ++visits;
          relaxed += static_cast<unsigned long long>(degree);
        }
        long long offset = 0, total = 0;
        Scan(storage.scan).ExclusiveSum(degree, offset, total);
        s_offset[tid] = offset;
        s_begin[tid] = begin;
        s_du[tid] = du;
        __syncthreads();
        // kEdgesPerThread edges per thread at a time (block_nf_policy.hpp): their searches, edge reads and distance
        // reads are independent, so their latencies overlap instead of adding up.
        for (long long base_edge = tid; base_edge < total; base_edge += static_cast<long long>(kThreads) * kEdgesPerThread) {
          int t[kEdgesPerThread];
          value nd[kEdgesPerThread];
          stored s[kEdgesPerThread];
          stored seen[kEdgesPerThread];
#pragma unroll
          for (int k = 0; k < kEdgesPerThread; ++k) {
            const long long e = base_edge + static_cast<long long>(k) * kThreads;
            t[k] = -1;
            if (e >= total) continue;
            // The item owning edge e: the last one whose offset is at most e (its degree is then not 0).
            int lo = 0, hi = kThreads - 1;
            while (lo < hi) {
              const int mid = (lo + hi + 1) >> 1;
              if (s_offset[mid] <= e) {
                lo = mid;
              } else {
                hi = mid - 1;
              }
            }
            const long long edge = s_begin[lo] + (e - s_offset[lo]);
            t[k] = a.targets[edge];
            nd[k] = D::relax(s_du[lo], a.weights[edge]);
          }
#pragma unroll
          for (int k = 0; k < kEdgesPerThread; ++k) {
            if (t[k] < 0) continue;
            s[k] = D::encode(nd[k]);
            seen[k] = dist[t[k]];
          }
#pragma unroll
          for (int k = 0; k < kEdgesPerThread; ++k) {
            if (t[k] < 0) continue;
            // Only a float sum can overflow (to +inf, the stored infinity): the query fails rather than report a
            // reachable vertex unreachable (gsssp.h).
            if (s[k] == D::kInfinity) {
              overflow = true;
              continue;
            }
            // The plain read filters: distances only fall, so a stale (higher) value costs one atomic at most.
            if (s[k] < seen[k] && s[k] < atomicMin(&dist[t[k]], s[k])) {
              file_vertex(t[k], nd[k] < threshold, near_mark, stamp, near_out, &s_near_count, far_mark, phase, far_in,
                          &s_far_count);
            }
          }
        }
        __syncthreads();  // s_offset and the scan storage are reused
      }
      ++rounds;
      near_count = take_count(&s_near_count);
      int* swap = near_in;
      near_in = near_out;
      near_out = swap;
    }

    if (stopped) break;
    // The near queue is empty: every distance below the threshold is final. Split the far pile.
    const long long far_count = s_far_count;
    stored least = D::kInfinity;
    for (long long i = tid; i < far_count; i += kThreads) {
      const stored s = __ldcg(&dist[far_in[i]]);
      if (!(D::decode(s) < threshold) && s < least) least = s;
    }
    least = ReduceMin(storage.min).Reduce(least, ::cuda::minimum<>{});
    if (tid == 0) s_least = least;
    __syncthreads();
    least = s_least;
    if (least == D::kInfinity) {
      converged = 1;  // nothing left at or above the threshold: every reached distance is final
      break;
    }
    const value old_threshold = threshold;
    threshold = next_threshold(D::decode(least), a.delta);
    ++phases;
    ++phase;
    ++stamp;
    if (tid == 0) s_far_count = 0;
    __syncthreads();
    for (long long i = tid; i < far_count; i += kThreads) {
      const int u = far_in[i];
      const value du = D::decode(__ldcg(&dist[u]));
      if (du < old_threshold) continue;  // lowered into an earlier near queue and expanded there
      file_vertex(u, du < threshold, near_mark, stamp, near_in, &s_near_count, far_mark, phase, far_out, &s_far_count);
    }
    __syncthreads();
    near_count = take_count(&s_near_count);
    int* swap = far_in;
    far_in = far_out;
    far_out = swap;
  }

  unsigned long long reached = 0;
  if (a.rows != nullptr) {
    if (a.target_count < 0) {
      typename D::output* row = a.rows + b * n;
      for (long long v = tid; v < n; v += kThreads) {
        const stored s = __ldcg(&dist[v]);
        row[v] = D::to_output(s);
        reached += s != D::kInfinity;
      }
    } else {
      typename D::output* row = a.rows + b * a.target_count;
      for (long long j = tid; j < a.target_count; j += kThreads) row[j] = D::to_output(__ldcg(&dist[a.target_ids[j]]));
    }
  }
  __syncthreads();  // the storage union was last used by the split's reduction
  const unsigned long long total_visits = ReduceSum(storage.sum).Sum(visits);
  __syncthreads();
  const unsigned long long total_relaxed = ReduceSum(storage.sum).Sum(relaxed);
  __syncthreads();
  const unsigned long long total_reached = ReduceSum(storage.sum).Sum(reached);
  const int any_overflow = __syncthreads_or(overflow);
  if (tid == 0) {
    atomicAdd(&a.counters->vertex_visits, total_visits);
    atomicAdd(&a.counters->edges_relaxed, total_relaxed);
    if (any_overflow) a.counters->overflow = 1;
    if (a.reached != nullptr) a.reached[b] = total_reached;
    a.records[b].rounds = rounds;
    a.records[b].phases = phases;
    a.records[b].converged = converged;
  }
}

}  // namespace gsssp::block_nf
