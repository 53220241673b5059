// Kernels of the partitioned search (partitioned.hpp has the design). Each runs on one part, over that part's own
// vertices (local ids 0 .. end - first) and its out-edges, whose targets are global ids.
//
// A lowered vertex v of the part (lower_local):
//   - new distance below the bucket's bound: pushed onto the next near list, once per fill tag (tag[v] holds the
//     tag of the list it was last pushed onto; one atomicExch decides);
//   - else: marked pending (pending[v] = 1), to be collected when the bound passes it.
// A vertex clears its pending flag when it is expanded; at that time its distance is below the bound, so no
// later lowering in the same bucket can set the flag again (it would push the vertex near instead).
#pragma once

#include <cooperative_groups.h>
#include <cstdint>
#include <type_traits>

#include "algorithms/partitioned/partition_plan.hpp"
#include "common/block_count.cuh"
#include "common/distance.cuh"
#include "common/twc.cuh"
#include "common/warp_primitives.cuh"

namespace gsssp::partitioned {

// Per-part counters in device memory, written by the kernels and read by the host between steps.
struct Counters {
  unsigned long long next_size;    // items pushed onto the next near list
  unsigned long long chunk_count;  // entries on the chunk list (expand_kernel's large vertices) this round
  unsigned long long min_pending;  // pending_min_kernel: the smallest stored distance of a pending vertex (~0: none)
  unsigned long long visits;       // frontier vertices expanded (whole query)
  unsigned long long edges;        // edges relaxed (whole query)
  unsigned long long overflow;     // a float32 sum overflowed to infinity (overflow_check_kernel decides if it matters)
  unsigned long long out_overflow; // an outbox segment was full (never, by the capacity argument; checked anyway)
  unsigned long long reached;      // the copy-back's count of vertices with a finite distance
  unsigned long long out_count[kMaxParts];  // messages written to each destination part this round
};
static_assert(sizeof(Counters) + 8 <= static_cast<size_t>(kPartFixedBytes), "the plan's fixed part bytes hold the counters");

// What every kernel of one part reads, by value.
template <class D>
struct PartArgs {
  long long first;  // global id of local vertex 0
  long long count;  // vertices of the part
  const int64_t* offsets;  // local, offsets[0] = 0
  const int32_t* targets;  // global ids
  const typename D::weight* weights;
  typename D::stored* dist;
  unsigned int* tag;
  unsigned char* pending;
  int32_t* next;  // the next near list (local ids)
  int2* chunks;   // this round's chunks of large frontier vertices: (local id, chunk index); chunk_slots(edges) entries
  Counters* counters;
  int32_t* out_targets;                 // outbox: global target ids
  typename D::stored* out_dist;         // outbox: candidate distances (pack_kernel fills them from sent_dist)
  typename D::stored* sent_dist;        // by global vertex: the best candidate this part has sent (null: one part)
  unsigned int* sent_tag;               // by global vertex: the fill tag of the round it was last queued in
  long long num_vertices;               // of the whole graph
  long long out_base[kMaxParts];        // segment of each destination part in the outbox
  long long out_capacity[kMaxParts];    // its capacity: the plan's cross edges into that part
  long long part_first[kMaxParts + 1];  // first vertex of each part; part_first[parts] = n
  int parts;
  int self;
  typename D::stored bound;  // stored image of the current bucket's upper bound (exclusive)
  unsigned int fill_tag;     // tag of the list being filled
};

// The part owning global vertex v: the last p with part_first[p] <= v (empty parts sit at n, above every v).
template <class D>
__device__ __forceinline__ int owner_of(const PartArgs<D>& a, long long v) {
  int lo = 0, hi = a.parts - 1;
  while (lo < hi) {
    const int mid = (lo + hi + 1) >> 1;
    if (a.part_first[mid] <= v) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

// One slot of a list whose length is *counter, for each calling thread: one atomicAdd per group of lanes that
// append together (as Near-Far's pushes, near_far_kernels.cuh), instead of one per lane on one contended address.
__device__ __forceinline__ unsigned long long aggregated_slot(unsigned long long* counter) {
  namespace cg = cooperative_groups;
  const cg::coalesced_group group = cg::coalesced_threads();
  unsigned long long base = 0;
  if (group.thread_rank() == 0) base = atomicAdd(counter, static_cast<unsigned long long>(group.size()));
  return group.shfl(base, 0) + group.thread_rank();
}

// The same for lanes appending to different lists (the outbox segments): grouped by destination first.
__device__ __forceinline__ unsigned long long aggregated_slot(unsigned long long* counters, int list) {
  namespace cg = cooperative_groups;
  const cg::coalesced_group same = cg::labeled_partition(cg::coalesced_threads(), list);
  unsigned long long base = 0;
  if (same.thread_rank() == 0) base = atomicAdd(&counters[list], static_cast<unsigned long long>(same.size()));
  return same.shfl(base, 0) + same.thread_rank();
}

template <class D>
__device__ __forceinline__ void lower_local(const PartArgs<D>& a, long long local, typename D::stored candidate) {
  // Most relaxations improve nothing: a read (from L2, where the atomics land; distances only fall, so a stale read
  // is too high and only costs the atomic) spares them the atomic.
  if (candidate >= __ldcg(&a.dist[local])) return;
  const typename D::stored old = atomic_min(&a.dist[local], candidate);
  if (candidate >= old) return;
  if (candidate < a.bound) {
    if (atomicExch(&a.tag[local], a.fill_tag) != a.fill_tag) {
      a.next[aggregated_slot(&a.counters->next_size)] = static_cast<int32_t>(local);  // one push per vertex per tag
    }
  } else {
    a.pending[local] = 1;
  }
}

// One edge of a frontier vertex whose distance is du.
template <class D>
__device__ __forceinline__ void relax_edge(const PartArgs<D>& a, typename D::value du, long long e) {
  const long long v = a.targets[e];
  const typename D::value nd = D::relax(du, a.weights[e]);
  const typename D::stored candidate = D::encode(nd);
  if constexpr (std::is_same_v<D, Float32Distance>) {
    if (candidate == D::kInfinity) {  // du finite, the sum overflowed: checked at the end (overflow_check_kernel)
      a.counters->overflow = 1;
      return;
    }
  }
  const long long local = v - a.first;
  if (local >= 0 && local < a.count) {
    lower_local(a, local, candidate);
    return;
  }
  // Combined per target: only a candidate below the best this part ever sent for v goes out (the owner already
  // holds that best, or lower), and v is queued once a round; pack_kernel then writes its best candidate.
  if (candidate >= __ldcg(&a.sent_dist[v])) return;  // as in lower_local
  const typename D::stored sent = atomic_min(&a.sent_dist[v], candidate);
  if (candidate >= sent) return;
  if (atomicExch(&a.sent_tag[v], a.fill_tag) == a.fill_tag) return;
  const int q = owner_of(a, v);
  const unsigned long long slot = aggregated_slot(a.counters->out_count, q);
  if (slot >= static_cast<unsigned long long>(a.out_capacity[q])) {
    a.counters->out_overflow = 1;  // never silently: the host fails the query
    return;
  }
  a.out_targets[a.out_base[q] + slot] = static_cast<int32_t>(v);
}

// After a round's expansion: each queued message takes the best candidate sent for its target (lowered, perhaps,
// after it was queued).
template <class D>
__global__ void pack_kernel(PartArgs<D> a) {
  for (int q = 0; q < a.parts; ++q) {
    const long long count = static_cast<long long>(
        min(a.counters->out_count[q], static_cast<unsigned long long>(a.out_capacity[q])));
    const long long base = a.out_base[q];
    for (long long i = grid_thread_index(); i < count; i += grid_stride()) {
      a.out_dist[base + i] = a.sent_dist[a.out_targets[base + i]];
    }
  }
}

// Nothing sent yet: every best-sent candidate at infinity, no round tag.
template <class D>
__global__ void init_sent_kernel(PartArgs<D> a) {
  for (long long v = grid_thread_index(); v < a.num_vertices; v += grid_stride()) {
    a.sent_dist[v] = D::kInfinity;
    a.sent_tag[v] = 0;
  }
}

// Every vertex to infinity, not pending, tag 0; the source (if the part owns it) at 0 and pending, so that the
// first bucket advance collects it.
template <class D>
__global__ void init_kernel(PartArgs<D> a, long long source) {
  for (long long v = grid_thread_index(); v < a.count; v += grid_stride()) {
    const bool is_source = v + a.first == source;
    a.dist[v] = is_source ? D::kZero : D::kInfinity;
    a.tag[v] = 0;
    a.pending[v] = is_source ? 1 : 0;
  }
}

// Expands the frontier (local ids): every out-edge of each vertex, relaxed with its current distance. Vertices of
// at least kChunkEdges edges are cut into chunks on the chunk list, for chunk_kernel to spread over the grid; those of
// at least a warp's worth of edges are expanded by the whole warp (twc.cuh), the others by their own thread.
template <class D>
__global__ void expand_kernel(PartArgs<D> a, const int32_t* frontier, long long size) {
  __shared__ unsigned long long block_edges;
  block_counter_clear(&block_edges);
  __syncthreads();
  unsigned long long edges = 0;
  const int lane = static_cast<int>(threadIdx.x & 31u);
  // Whole warps iterate together (the warp step needs every lane), each lane with one item or none.
  for (long long base = static_cast<long long>(blockIdx.x) * blockDim.x; base < size; base += grid_stride()) {
    const long long i = base + threadIdx.x;
    long long begin = 0, end = 0;
    typename D::value du{};
    if (i < size) {
      const long long u = frontier[i];
      a.pending[u] = 0;
      begin = a.offsets[u];
      end = a.offsets[u + 1];
      edges += static_cast<unsigned long long>(end - begin);
      if (end - begin >= kChunkEdges) {
        // A frontier holds u once, so its chunks are listed once a round (chunk_slots bounds the list).
        const long long chunks = (end - begin + kChunkEdges - 1) / kChunkEdges;
        const unsigned long long at = atomicAdd(&a.counters->chunk_count, static_cast<unsigned long long>(chunks));
        for (long long c = 0; c < chunks; ++c) a.chunks[at + c] = make_int2(static_cast<int>(u), static_cast<int>(c));
        begin = end;
      } else {
        du = D::decode(__ldcg(&a.dist[u]));
      }
    }
    long long tb, te;
    typename D::value tdu;
    while (warp_take_vertex(begin, end, du, 32, tb, te, tdu)) {
      for (long long e = tb + lane; e < te; e += 32) relax_edge(a, tdu, e);
    }
    for (long long e = begin; e < end; ++e) relax_edge(a, du, e);
  }
  block_counter_flush(&block_edges, edges, &a.counters->edges);
}

// The chunks expand_kernel listed: one block per chunk of kChunkEdges edges, over the whole grid, each relaxed with
// the vertex's distance as it stands when the block reads it (as expand_kernel does: a lower value is right too, and
// a vertex lowered in this round is on the next list anyway). Launched behind expand_kernel on the same stream, with
// every part's usual grid: with no chunks its blocks read the count and return.
template <class D>
__global__ void chunk_kernel(PartArgs<D> a) {
  const long long count = static_cast<long long>(__ldcg(&a.counters->chunk_count));
  for (long long k = blockIdx.x; k < count; k += gridDim.x) {
    const int2 entry = __ldcg(&a.chunks[k]);
    const long long u = entry.x;
    const long long first = a.offsets[u] + static_cast<long long>(entry.y) * kChunkEdges;
    const long long end = min(first + kChunkEdges, static_cast<long long>(a.offsets[u + 1]));
    const typename D::value du = D::decode(__ldcg(&a.dist[u]));
    for (long long e = first + threadIdx.x; e < end; e += blockDim.x) relax_edge(a, du, e);
  }
}

// Applies the messages the owner received: each lowers its target like a local relaxation.
template <class D>
__global__ void apply_kernel(PartArgs<D> a, const int32_t* in_targets, const typename D::stored* in_dist,
                             long long count) {
  for (long long i = grid_thread_index(); i < count; i += grid_stride()) {
    lower_local(a, static_cast<long long>(in_targets[i]) - a.first, in_dist[i]);
  }
}

// The smallest distance of a pending vertex into counters->min_pending (which the host set to ~0).
template <class D>
__global__ void pending_min_kernel(PartArgs<D> a) {
  unsigned long long best = ~0ull;
  for (long long v = grid_thread_index(); v < a.count; v += grid_stride()) {
    if (a.pending[v] != 0) best = min(best, static_cast<unsigned long long>(a.dist[v]));
  }
#pragma unroll
  for (int offset = 16; offset > 0; offset >>= 1) best = min(best, __shfl_xor_sync(0xffffffffu, best, offset));
  if ((threadIdx.x & 31u) == 0 && best != ~0ull) atomicMin(&a.counters->min_pending, best);
}

// The bound has risen: pending vertices below it go onto the next near list (and stop being pending).
template <class D>
__global__ void collect_kernel(PartArgs<D> a) {
  for (long long v = grid_thread_index(); v < a.count; v += grid_stride()) {
    if (a.pending[v] != 0 && a.dist[v] < a.bound) {
      a.pending[v] = 0;
      if (atomicExch(&a.tag[v], a.fill_tag) != a.fill_tag) a.next[aggregated_slot(&a.counters->next_size)] = static_cast<int32_t>(v);
    }
  }
}

// After a search in which some float32 sum overflowed: the overflow matters (gsssp.h: GSSSP_ERROR_OVERFLOW) where
// it left a vertex unreached, i.e. where a reached vertex has an unreached successor. `reached` has one bit per
// global vertex. Sets counters->overflow (which the host cleared) when such an edge exists.
template <class D>
__global__ void overflow_check_kernel(PartArgs<D> a, const unsigned int* reached) {
  for (long long u = grid_thread_index(); u < a.count; u += grid_stride()) {
    if (a.dist[u] == D::kInfinity) continue;
    for (long long e = a.offsets[u]; e < a.offsets[u + 1]; ++e) {
      const long long v = a.targets[e];
      if ((reached[v >> 5] & (1u << (v & 31))) == 0) {
        a.counters->overflow = 1;
        return;
      }
    }
  }
}

}  // namespace gsssp::partitioned
