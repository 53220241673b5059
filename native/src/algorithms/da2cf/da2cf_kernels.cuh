// DA2CF, Dijkstra's algorithm adapted to compound frontiers, after Martín, Torres & Gavilanes, "CUDA
// Solutions for the SSSP Problem" (ICCS'09), sections 3-5:
//   - every unresolved vertex whose estimate equals the minimum joins the frontier (Fig. 2, update of Fig. 4);
//   - relax_F (Fig. 3 left): frontier vertices relax their unresolved successors with atomicMin;
//   - relax_U (Fig. 3 right): unresolved vertices pull from frontier predecessors, no atomics;
//   - minimum (Fig. 4 right, minimum1/minimum2, section 4.1): a per-block reduction of two elements per
//     thread (the SDK's reduce3), either twice and finished on the host as in the paper, or in one kernel with
//     one atomicMin per block into a device word that update reads (no host round trip per iteration).
// The paper states (section 2) and argues (section 3) exactness for positive weights: a frontier vertex's
// estimate is minimal among unresolved vertices, so no path through another unresolved vertex can undercut it.
// The argument holds for non-negative weights, and zero weights are handled: a vertex reached from the
// frontier over a 0-edge gets the same estimate, stays unresolved (u is cleared only in update), and joins the
// next frontier with the same minimum. Float distances use the same float32 additions as CPU Dijkstra, so the
// equality with the minimum is exact.
#pragma once

#include <cstdint>
#include <cstring>

#include <cuda/functional>

#include "common/warp_primitives.cuh"
#include "common/block_count.cuh"
#include "common/distance.cuh"
#include "common/workspace.hpp"

namespace gsssp::da2cf {

template <class D>
__global__ void initialize_kernel(typename D::stored* c, uint8_t* f, uint8_t* u, long long num_vertices,
                                  long long source) {
  for (long long i = grid_thread_index(); i < num_vertices; i += grid_stride()) {
    const bool is_source = i == source;
    c[i] = is_source ? D::kZero : D::kInfinity;
    f[i] = is_source;
    u[i] = !is_source;
  }
}

// Fig. 3 left. The check against c[j] before the atomic only skips candidates that cannot lower it.
template <class D>
__global__ void relax_f_kernel(long long num_vertices, const int64_t* __restrict__ offsets,
                               const int32_t* __restrict__ targets, const typename D::weight* __restrict__ weights,
                               typename D::stored* c, const uint8_t* __restrict__ f, const uint8_t* __restrict__ u,
                               DeviceCounters* counters, long long round) {
  if (!round_is_live(&counters->last_change, round)) return;
  __shared__ unsigned long long visits_slot, edges_slot;
  block_counter_clear(&visits_slot);
  block_counter_clear(&edges_slot);
  __syncthreads();
  unsigned long long visits = 0, edges = 0;
  for (long long i = grid_thread_index(); i < num_vertices; i += grid_stride()) {
    if (!f[i]) continue;
    const typename D::value ci = D::decode(c[i]);
    const long long begin = offsets[i], end = offsets[i + 1];
    ++visits;
    edges += static_cast<unsigned long long>(end - begin);
    for (long long e = begin; e < end; ++e) {
      const int32_t j = targets[e];
      if (!u[j]) continue;
      const typename D::stored candidate = D::encode(D::relax(ci, weights[e]));
      if (candidate < c[j]) atomic_min(&c[j], candidate);
    }
  }
  block_counter_flush(&visits_slot, visits, &counters->vertex_visits);
  block_counter_flush(&edges_slot, edges, &counters->edges_relaxed);
}

// Fig. 3 right, over the reverse CSR: c[i] has one writer, its own thread; frontier vertices are resolved,
// so the c[j] it reads are not written in this kernel.
template <class D>
__global__ void relax_u_kernel(long long num_vertices, const int64_t* __restrict__ reverse_offsets,
                               const int32_t* __restrict__ sources, const typename D::weight* __restrict__ weights,
                               typename D::stored* c, const uint8_t* __restrict__ f, const uint8_t* __restrict__ u,
                               DeviceCounters* counters, long long round) {
  if (!round_is_live(&counters->last_change, round)) return;
  __shared__ unsigned long long visits_slot, edges_slot;
  block_counter_clear(&visits_slot);
  block_counter_clear(&edges_slot);
  __syncthreads();
  unsigned long long visits = 0, edges = 0;
  for (long long i = grid_thread_index(); i < num_vertices; i += grid_stride()) {
    if (!u[i]) continue;
    const long long begin = reverse_offsets[i], end = reverse_offsets[i + 1];
    ++visits;
    edges += static_cast<unsigned long long>(end - begin);
    typename D::stored best = c[i];
    for (long long e = begin; e < end; ++e) {
      const int32_t j = sources[e];
      if (!f[j]) continue;
      const typename D::stored candidate = D::encode(D::relax(D::decode(c[j]), weights[e]));
      if (candidate < best) best = candidate;
    }
    if (best < c[i]) c[i] = best;
  }
  block_counter_flush(&visits_slot, visits, &counters->vertex_visits);
  block_counter_flush(&edges_slot, edges, &counters->edges_relaxed);
}

// Minimum of a block's values in shared memory (blockDim.x a power of two... or any multiple of 32: the
// warp step handles the rest). Returns the block's minimum in thread 0.
template <class T>
__device__ __forceinline__ T block_min(T value, T* shared) {
  // (CUB's BlockReduce needs the block size at compile time; DA2CF's comes from options.block_size.)
  value = warp_reduce(value, ::cuda::minimum<>{});
  const int warp = static_cast<int>(threadIdx.x >> 5);
  const int warps = static_cast<int>(blockDim.x >> 5);
  if ((threadIdx.x & 31u) == 0) shared[warp] = value;
  __syncthreads();
  if (warp == 0) {
    value = static_cast<int>(threadIdx.x) < warps ? shared[threadIdx.x] : value;
    value = warp_reduce(value, ::cuda::minimum<>{});
  }
  return value;
}

// minimum1/minimum2 (Fig. 4 right): each block reduces 2 * blockDim.x entries of `values` (masked by
// `unresolved` when given) into out[blockIdx.x]. One pass on c, a second on the first pass's output.
template <class D>
__global__ void minimum_pass_kernel(const typename D::stored* __restrict__ values, const uint8_t* __restrict__ unresolved,
                                    long long count, typename D::stored* __restrict__ out) {
  __shared__ typename D::stored shared[32];
  const long long i = static_cast<long long>(blockIdx.x) * (2 * blockDim.x) + threadIdx.x;
  const long long j = i + blockDim.x;
  typename D::stored a = D::kInfinity, b = D::kInfinity;
  if (i < count && (unresolved == nullptr || unresolved[i])) a = values[i];
  if (j < count && (unresolved == nullptr || unresolved[j])) b = values[j];
  const typename D::stored m = block_min<typename D::stored>(a < b ? a : b, shared);
  if (threadIdx.x == 0) out[blockIdx.x] = m;
}

// The minimum fully on the GPU: grid-stride block minima, one atomicMin per block into mssp[round & 1]
// (reset to infinity by the previous round's update).
template <class D>
__global__ void minimum_device_kernel(const typename D::stored* __restrict__ c, const uint8_t* __restrict__ u,
                                      long long num_vertices, typename D::stored* mssp, const DeviceCounters* counters,
                                      long long round) {
  if (!round_is_live(&counters->last_change, round)) return;
  __shared__ typename D::stored shared[32];
  typename D::stored best = D::kInfinity;
  for (long long i = grid_thread_index(); i < num_vertices; i += grid_stride()) {
    if (u[i] && c[i] < best) best = c[i];
  }
  best = block_min<typename D::stored>(best, shared);
  if (threadIdx.x == 0 && best != D::kInfinity) atomic_min(&mssp[round & 1], best);
}

// update (Fig. 4 left): the unresolved vertices at the minimum become the frontier and are resolved. With
// the minimum on the device it reads mssp[round & 1] and resets the other slot for the next round.
template <class D, bool kDeviceMinimum>
__global__ void update_kernel(long long num_vertices, const typename D::stored* __restrict__ c, uint8_t* f,
                              uint8_t* u, typename D::stored* mssp, typename D::stored host_mssp,
                              DeviceCounters* counters, long long round) {
  if (kDeviceMinimum && !round_is_live(&counters->last_change, round)) return;
  const typename D::stored m = kDeviceMinimum ? mssp[round & 1] : host_mssp;
  if (kDeviceMinimum && grid_thread_index() == 0) mssp[(round + 1) & 1] = D::kInfinity;
  bool joined = false;
  for (long long i = grid_thread_index(); i < num_vertices; i += grid_stride()) {
    bool frontier = false;
    if (m != D::kInfinity && u[i] && c[i] == m) {
      u[i] = 0;
      frontier = true;
      joined = true;
    }
    f[i] = frontier;
  }
  mark_round_changed(joined, &counters->last_change, round);
}

// ---- Adjacency-matrix variants (section 5) ------------------------------------------------------------
// Matrix cells hold the weight's bits as an unsigned int (int32 >= 0 as is, float >= +0 as its IEEE bits;
// both orders agree with the unsigned order), kNoEdge (never a valid weight's bits) where there is none.
constexpr unsigned int kNoEdge = 0xffffffffu;

template <class W>
__host__ __device__ __forceinline__ unsigned int matrix_cell(W w);
template <>
__host__ __device__ __forceinline__ unsigned int matrix_cell<int32_t>(int32_t w) {
  return static_cast<unsigned int>(w);
}
template <>
__host__ __device__ __forceinline__ unsigned int matrix_cell<float>(float w) {
  unsigned int bits;
  memcpy(&bits, &w, sizeof(bits));
  return w == 0.0f ? 0u : bits;  // -0.0 as +0.0
}

template <class W>
__device__ __forceinline__ W matrix_weight(unsigned int cell);
template <>
__device__ __forceinline__ int32_t matrix_weight<int32_t>(unsigned int cell) {
  return static_cast<int32_t>(cell);
}
template <>
__device__ __forceinline__ float matrix_weight<float>(unsigned int cell) {
  return __uint_as_float(cell);
}

// Fills a matrix (memset to kNoEdge first) keeping the least weight of parallel edges, without self-loops.
// kRowIsTail: cell[u * n + v] = w(u -> v), else cell[v * n + u] = w(u -> v).
template <class W, bool kRowIsTail>
__global__ void build_matrix_kernel(long long num_vertices, const int64_t* __restrict__ offsets,
                                    const int32_t* __restrict__ targets, const W* __restrict__ weights,
                                    unsigned int* matrix) {
  const size_t n = static_cast<size_t>(num_vertices);
  for (long long u = grid_thread_index(); u < num_vertices; u += grid_stride()) {
    for (long long e = offsets[u]; e < offsets[u + 1]; ++e) {
      const int32_t v = targets[e];
      if (v == u) continue;
      const size_t cell = kRowIsTail ? static_cast<size_t>(u) * n + v : static_cast<size_t>(v) * n + u;
      atomicMin(&matrix[cell], matrix_cell<W>(weights[e]));
    }
  }
}

// relax_F on the matrix: thread i, if i is a frontier vertex, explores all its successors j in chunks of
// blockDim.x columns; the block first brings the chunk's u[j] (and a snapshot of c[j], which only falls, to
// skip hopeless atomics) into shared memory. `by_head` is stored as by_head[j * n + i] = w(i -> j), so the
// threads of a warp read consecutive cells. One thread per vertex: grid = ceil(n / blockDim.x).
template <class D>
__global__ void relax_f_matrix_kernel(long long num_vertices, const unsigned int* __restrict__ by_head,
                                      typename D::stored* c, const uint8_t* __restrict__ f,
                                      const uint8_t* __restrict__ u, DeviceCounters* counters, long long round) {
  extern __shared__ unsigned char shared_raw[];
  auto* chunk_c = reinterpret_cast<typename D::stored*>(shared_raw);
  auto* chunk_u = reinterpret_cast<uint8_t*>(chunk_c + blockDim.x);
  __shared__ unsigned long long visits_slot, edges_slot;
  if (!round_is_live(&counters->last_change, round)) return;
  const long long i = static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x;
  const bool active = i < num_vertices && f[i];
  if (!__syncthreads_or(active)) return;
  block_counter_clear(&visits_slot);
  block_counter_clear(&edges_slot);
  const size_t n = static_cast<size_t>(num_vertices);
  const typename D::value ci = active ? D::decode(c[i]) : typename D::value{};
  for (long long chunk = 0; chunk < num_vertices; chunk += blockDim.x) {
    const long long j = chunk + threadIdx.x;
    chunk_u[threadIdx.x] = j < num_vertices ? u[j] : 0;
    chunk_c[threadIdx.x] = j < num_vertices ? c[j] : D::kInfinity;
    __syncthreads();
    if (active) {
      const int size = static_cast<int>(min(static_cast<long long>(blockDim.x), num_vertices - chunk));
      for (int k = 0; k < size; ++k) {
        if (!chunk_u[k]) continue;
        const unsigned int cell = by_head[static_cast<size_t>(chunk + k) * n + i];
        if (cell == kNoEdge) continue;
        const typename D::stored candidate = D::encode(D::relax(ci, matrix_weight<typename D::weight>(cell)));
        if (candidate < chunk_c[k]) atomic_min(&c[chunk + k], candidate);
      }
    }
    __syncthreads();
  }
  block_counter_flush(&visits_slot, active ? 1ull : 0ull, &counters->vertex_visits);
  block_counter_flush(&edges_slot, active ? static_cast<unsigned long long>(n) : 0ull, &counters->edges_relaxed);
}

// relax_U on the matrix: thread i, if unresolved, visits its column (by_tail[j * n + i] = w(j -> i)) in
// chunks; the block brings the chunk's f[j] and c[j] into shared memory and skips chunks with no frontier.
template <class D>
__global__ void relax_u_matrix_kernel(long long num_vertices, const unsigned int* __restrict__ by_tail,
                                      typename D::stored* c, const uint8_t* __restrict__ f,
                                      const uint8_t* __restrict__ u, DeviceCounters* counters, long long round) {
  extern __shared__ unsigned char shared_raw[];
  auto* chunk_c = reinterpret_cast<typename D::stored*>(shared_raw);
  auto* chunk_f = reinterpret_cast<uint8_t*>(chunk_c + blockDim.x);
  __shared__ unsigned long long visits_slot, edges_slot;
  if (!round_is_live(&counters->last_change, round)) return;
  const long long i = static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x;
  const bool active = i < num_vertices && u[i];
  if (!__syncthreads_or(active)) return;
  block_counter_clear(&visits_slot);
  block_counter_clear(&edges_slot);
  const size_t n = static_cast<size_t>(num_vertices);
  typename D::stored best = active ? c[i] : D::kInfinity;
  for (long long chunk = 0; chunk < num_vertices; chunk += blockDim.x) {
    const long long j = chunk + threadIdx.x;
    const bool frontier = j < num_vertices && f[j];
    chunk_f[threadIdx.x] = frontier;
    chunk_c[threadIdx.x] = frontier ? c[j] : D::kInfinity;
    if (__syncthreads_or(frontier) && active) {
      const int size = static_cast<int>(min(static_cast<long long>(blockDim.x), num_vertices - chunk));
      for (int k = 0; k < size; ++k) {
        if (!chunk_f[k]) continue;
        const unsigned int cell = by_tail[static_cast<size_t>(chunk + k) * n + i];
        if (cell == kNoEdge) continue;
        const typename D::stored candidate =
            D::encode(D::relax(D::decode(chunk_c[k]), matrix_weight<typename D::weight>(cell)));
        if (candidate < best) best = candidate;
      }
    }
    __syncthreads();
  }
  if (active && best < c[i]) c[i] = best;
  block_counter_flush(&visits_slot, active ? 1ull : 0ull, &counters->vertex_visits);
  block_counter_flush(&edges_slot, active ? static_cast<unsigned long long>(n) : 0ull, &counters->edges_relaxed);
}

}  // namespace gsssp::da2cf
