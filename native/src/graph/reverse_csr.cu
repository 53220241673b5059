#include "graph/reverse_csr.hpp"

#include <cub/device/device_scan.cuh>

#include "common/block_count.cuh"
#include "common/cuda_check.hpp"

namespace gsssp::graph {
namespace {

// counts[v + 1] = in-degree of v (counts[0] stays 0), so an inclusive scan gives the offsets.
__global__ void in_degree_kernel(long long num_vertices, const int64_t* __restrict__ offsets,
                                 const int32_t* __restrict__ targets, unsigned long long* counts) {
  for (long long u = grid_thread_index(); u < num_vertices; u += grid_stride()) {
    for (long long e = offsets[u]; e < offsets[u + 1]; ++e) atomicAdd(&counts[targets[e] + 1], 1ull);
  }
}

template <class W>
__global__ void fill_kernel(long long num_vertices, const int64_t* __restrict__ offsets,
                            const int32_t* __restrict__ targets, const W* __restrict__ weights,
                            unsigned long long* cursor, int32_t* __restrict__ sources, W* __restrict__ reverse_weights) {
  for (long long u = grid_thread_index(); u < num_vertices; u += grid_stride()) {
    for (long long e = offsets[u]; e < offsets[u + 1]; ++e) {
      const unsigned long long slot = atomicAdd(&cursor[targets[e]], 1ull);
      sources[slot] = static_cast<int32_t>(u);
      reverse_weights[slot] = weights[e];
    }
  }
}

std::unique_ptr<ReverseCsr> build(const DeviceGraph& g, cudaStream_t stream) {
  auto r = std::make_unique<ReverseCsr>();
  const long long n = g.num_vertices;
  const size_t m = static_cast<size_t>(g.num_edges);
  const size_t weight_size = g.weight_type == GSSSP_WEIGHT_FLOAT32 ? sizeof(float) : sizeof(int32_t);
  r->offsets = DeviceBuffer(static_cast<size_t>(n + 1) * sizeof(int64_t), "reverse CSR offsets");
  r->sources = DeviceBuffer(std::max<size_t>(m, 1) * sizeof(int32_t), "reverse CSR sources");
  r->weights = DeviceBuffer(std::max<size_t>(m, 1) * weight_size, "reverse CSR weights");
  auto* offsets = r->offsets.as<unsigned long long>();
  DeviceBuffer cursor(static_cast<size_t>(n + 1) * sizeof(unsigned long long), "reverse CSR cursor");
  constexpr int kBlock = 256;
  const int grid = g.grid_for(n, kBlock);
  GSSSP_CUDA_CHECK(cudaMemsetAsync(offsets, 0, static_cast<size_t>(n + 1) * sizeof(int64_t), stream));
  in_degree_kernel<<<grid, kBlock, 0, stream>>>(n, g.offsets.as<const int64_t>(), g.targets.as<const int32_t>(),
                                                offsets);
  GSSSP_CUDA_CHECK(cudaGetLastError());
  // The scan covers counts[1 .. n] (counts[0] stays 0): n items fit an int, n + 1 do not when n = INT32_MAX (older
  // CUBs take num_items as int). The items are 64-bit, so offsets past 2^31 edges are exact.
  size_t temp_bytes = 0;
  GSSSP_CUDA_CHECK(
      cub::DeviceScan::InclusiveSum(nullptr, temp_bytes, offsets + 1, offsets + 1, static_cast<int>(n), stream));
  DeviceBuffer temp(std::max<size_t>(temp_bytes, 1), "reverse CSR scan scratch");
  GSSSP_CUDA_CHECK(
      cub::DeviceScan::InclusiveSum(temp.get(), temp_bytes, offsets + 1, offsets + 1, static_cast<int>(n), stream));
  GSSSP_CUDA_CHECK(cudaMemcpyAsync(cursor.get(), offsets, static_cast<size_t>(n + 1) * sizeof(int64_t),
                                   cudaMemcpyDeviceToDevice, stream));
  if (g.weight_type == GSSSP_WEIGHT_FLOAT32) {
    fill_kernel<float><<<grid, kBlock, 0, stream>>>(n, g.offsets.as<const int64_t>(), g.targets.as<const int32_t>(),
                                                    g.weights.as<const float>(), cursor.as<unsigned long long>(),
                                                    r->sources.as<int32_t>(), r->weights.as<float>());
  } else {
    fill_kernel<int32_t><<<grid, kBlock, 0, stream>>>(n, g.offsets.as<const int64_t>(),
                                                      g.targets.as<const int32_t>(), g.weights.as<const int32_t>(),
                                                      cursor.as<unsigned long long>(), r->sources.as<int32_t>(),
                                                      r->weights.as<int32_t>());
  }
  GSSSP_CUDA_CHECK(cudaGetLastError());
  // Other queries (other streams) read it as soon as it is stored: it must be complete. The temporaries are
  // freed after this wait, so their cudaFree does not race the kernels.
  GSSSP_CUDA_CHECK(cudaStreamSynchronize(stream));
  return r;
}

}  // namespace

const ReverseCsr& reverse_csr(const DeviceGraph& graph, cudaStream_t stream) {
  return graph.attachment<ReverseCsr>("reverse_csr", [&] { return build(graph, stream); });
}

}  // namespace gsssp::graph
