// Kernels of the optimality certificate (certify.hpp).
#pragma once

#include <cstdint>

#include "common/block_count.cuh"
#include "common/distance.cuh"

namespace gsssp::certify {

constexpr unsigned long long kNone = ~0ull;

// What the passes found, on the device; the lowest index wins each field (kNone: nothing found).
struct Record {
  unsigned long long source_bad;   // 1 when d(source) != 0
  unsigned long long first_edge;   // lowest edge that improves its target
  unsigned long long no_tight;     // lowest reached vertex with no tight path (locally: no tight in-edge)
  unsigned long long bad_pred;     // lowest vertex whose predecessor is wrong
  unsigned long long cycle;        // lowest vertex whose predecessors do not reach the source
  unsigned long long need_bfs;     // some reached vertex has tight in-edges only from vertices as far as it
  unsigned long long need_jump;    // some predecessor edge joins two vertices at the same distance
  unsigned long long bfs_change;   // round loop of the breadth-first pass (run_rounds)
};

// Per-vertex flags written by the edge pass: plain byte stores of 1, so concurrent writers agree.
struct Flags {
  unsigned char* strict_in;   // a tight in-edge from a strictly closer vertex
  unsigned char* loose_in;    // a tight in-edge from a vertex at the same (or a larger) distance
  unsigned char* pred_ok;     // the predecessor's edge is present and tight
  unsigned char* pred_loose;  // ... and joins two vertices at the same distance
};

__global__ void init_record_kernel(Record* r) {
  r->source_bad = 0;
  r->first_edge = kNone;
  r->no_tight = kNone;
  r->bad_pred = kNone;
  r->cycle = kNone;
  r->need_bfs = 0;
  r->need_jump = 0;
  r->bfs_change = 0;
}

// Host answers in the C ABI's 8-byte format, in the stored (ordered) format the checks read.
template <class D>
__global__ void encode_kernel(long long n, const typename D::output* __restrict__ in, typename D::stored* __restrict__ out) {
  for (long long v = grid_thread_index(); v < n; v += grid_stride()) {
    out[v] = D::encode(static_cast<typename D::value>(in[v]));
  }
}

// Edges per block and chunk in the edge pass, and the offsets a chunk keeps in shared memory to find each
// edge's tail. Edge ranges, not vertices, are dealt out so that a hub's edges spread over many blocks: with a
// warp per vertex, R-MAT 22's largest hub kept one warp busy for most of a 10.8 ms pass (H200, selftest
// --probe), against 5.5 ms for the ADDS query itself.
constexpr int kChunkEdges = 4096;
constexpr int kCachedOffsets = 1024;

// The last index in [lo, hi] whose offset is at or before e: the tail of edge e, over the graph's offsets or a
// chunk's copy of them in shared memory.
__device__ __forceinline__ long long tail_of(const int64_t* offsets, long long lo, long long hi, long long e) {
  while (lo < hi) {
    const long long mid = (lo + hi + 1) / 2;
    if (offsets[mid] <= e) {
      lo = mid;
    } else {
      hi = mid - 1;
    }
  }
  return lo;
}

// Each edge is checked not to improve its target, and a tight one marks its target. Blocks take chunks of
// kChunkEdges consecutive edges; a chunk's tails are found by binary search over its vertices' offsets,
// cached in shared memory when there are at most kCachedOffsets of them.
template <class D>
__global__ void edges_kernel(long long n, long long m, const int64_t* __restrict__ offsets,
                             const int32_t* __restrict__ targets, const typename D::weight* __restrict__ weights,
                             const typename D::stored* __restrict__ dist, const int32_t* __restrict__ predecessors,
                             Flags flags, Record* record) {
  __shared__ int64_t cached[kCachedOffsets + 1];
  __shared__ long long first, last;
  for (long long chunk = blockIdx.x; chunk * kChunkEdges < m; chunk += gridDim.x) {
    const long long e0 = chunk * kChunkEdges;
    const long long e1 = min(m, e0 + kChunkEdges);
    if (threadIdx.x == 0) {
      first = tail_of(offsets, 0, n - 1, e0);
      last = tail_of(offsets, first, n - 1, e1 - 1);
    }
    __syncthreads();
    const long long u0 = first;
    const long long count = last - u0 + 1;
    const bool in_shared = count <= kCachedOffsets;
    if (in_shared) {
      for (long long i = threadIdx.x; i < count; i += blockDim.x) cached[i] = offsets[u0 + i];
    }
    __syncthreads();
    for (long long e = e0 + threadIdx.x; e < e1; e += blockDim.x) {
      long long u;
      if (in_shared) {
        u = u0 + tail_of(cached, 0, count - 1, e);
      } else {
        u = tail_of(offsets, u0, u0 + count - 1, e);
      }
      const typename D::stored su = dist[u];
      if (su == D::kInfinity) continue;
      const int32_t v = targets[e];
      const typename D::stored s = D::encode(D::relax(D::decode(su), weights[e]));
      const typename D::stored sv = dist[v];
      if (s < sv) {
        atomicMin(&record->first_edge, static_cast<unsigned long long>(e));
      } else if (s == sv && s != D::kInfinity) {
        const bool strict = su < sv;
        if (strict) {
          flags.strict_in[v] = 1;
        } else {
          flags.loose_in[v] = 1;
        }
        if (predecessors != nullptr && predecessors[v] == u) {
          flags.pred_ok[v] = 1;
          if (!strict) flags.pred_loose[v] = 1;
        }
      }
    }
    __syncthreads();  // the next chunk overwrites first, last and the cache
  }
}

// Per vertex: the source's distance, the local tight-path condition and the predecessor's.
template <class D>
__global__ void vertices_kernel(long long n, long long source, const typename D::stored* __restrict__ dist,
                                const int32_t* __restrict__ predecessors, Flags flags, Record* record) {
  for (long long v = grid_thread_index(); v < n; v += grid_stride()) {
    const typename D::stored sv = dist[v];
    const bool has_pred = predecessors != nullptr;
    const int32_t p = has_pred ? predecessors[v] : -1;
    if (v == source) {
      if (sv != D::kZero) record->source_bad = 1;
      if (has_pred && p != -1) atomicMin(&record->bad_pred, static_cast<unsigned long long>(v));
      continue;
    }
    if (sv == D::kInfinity) {
      if (has_pred && p != -1) atomicMin(&record->bad_pred, static_cast<unsigned long long>(v));
      continue;
    }
    if (!flags.strict_in[v]) {
      if (flags.loose_in[v]) {
        record->need_bfs = 1;
      } else {
        atomicMin(&record->no_tight, static_cast<unsigned long long>(v));
      }
    }
    if (has_pred) {
      if (p < 0 || p >= n || !flags.pred_ok[v]) {
        atomicMin(&record->bad_pred, static_cast<unsigned long long>(v));
      } else if (flags.pred_loose[v]) {
        record->need_jump = 1;
      }
    }
  }
}

// Breadth-first over the tight edges, round by round: level[v] is the round that reached v (-1: not yet).
template <class D>
__global__ void bfs_round_kernel(long long n, const int64_t* __restrict__ offsets, const int32_t* __restrict__ targets,
                                 const typename D::weight* __restrict__ weights, const typename D::stored* __restrict__ dist,
                                 int32_t* level, unsigned long long* change, long long round) {
  if (!round_is_live(change, round)) return;
  bool changed = false;
  for (long long u = grid_thread_index(); u < n; u += grid_stride()) {
    if (level[u] != round) continue;
    const typename D::value du = D::decode(dist[u]);
    for (long long e = offsets[u]; e < offsets[u + 1]; ++e) {
      const int32_t v = targets[e];
      const typename D::stored s = D::encode(D::relax(du, weights[e]));
      if (s == dist[v] && s != D::kInfinity && level[v] < 0) {
        level[v] = static_cast<int32_t>(round + 1);
        changed = true;
      }
    }
  }
  mark_round_changed(changed, change, round);
}

template <class D>
__global__ void bfs_verdict_kernel(long long n, const typename D::stored* __restrict__ dist, const int32_t* __restrict__ level,
                                   Record* record) {
  for (long long v = grid_thread_index(); v < n; v += grid_stride()) {
    if (dist[v] != D::kInfinity && level[v] < 0) atomicMin(&record->no_tight, static_cast<unsigned long long>(v));
  }
}

// Pointer jumping over the predecessors (ancestor[v] = ancestor[ancestor[v]]), in place: a value only ever
// moves towards the root, so concurrent updates only speed it up; after ceil(log2 n) + 1 rounds every vertex
// whose predecessors lead to the source holds the source.
__global__ void jump_init_kernel(long long n, long long source, const int32_t* __restrict__ predecessors,
                                 int32_t* ancestor) {
  for (long long v = grid_thread_index(); v < n; v += grid_stride()) {
    ancestor[v] = v == source || predecessors[v] < 0 ? static_cast<int32_t>(v) : predecessors[v];
  }
}

__global__ void jump_kernel(long long n, int32_t* ancestor) {
  for (long long v = grid_thread_index(); v < n; v += grid_stride()) ancestor[v] = ancestor[ancestor[v]];
}

template <class D>
__global__ void jump_verdict_kernel(long long n, long long source, const typename D::stored* __restrict__ dist,
                                    const int32_t* __restrict__ ancestor, Record* record) {
  for (long long v = grid_thread_index(); v < n; v += grid_stride()) {
    if (dist[v] != D::kInfinity && ancestor[v] != source) atomicMin(&record->cycle, static_cast<unsigned long long>(v));
  }
}

}  // namespace gsssp::certify
