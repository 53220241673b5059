#include "graph/weight_degree_sample.hpp"

#include <algorithm>

#include "common/block_count.cuh"
#include "common/cuda_check.hpp"

namespace gsssp::graph {
namespace {

constexpr long long kMaxSamples = 65536;
constexpr long long kEdgesPerVertex = 64;

struct SampleSums {
  unsigned long long degree_sum;
  unsigned long long edge_count;
  double weight_sum;
};

template <class W>
__global__ void sample_kernel(long long num_vertices, long long samples, const int64_t* __restrict__ offsets,
                              const W* __restrict__ weights, SampleSums* sums) {
  __shared__ unsigned long long degree_slot, edge_slot;
  block_counter_clear(&degree_slot);
  block_counter_clear(&edge_slot);
  __syncthreads();
  unsigned long long degrees = 0, edges = 0;
  double weight_sum = 0.0;
  for (long long k = grid_thread_index(); k < samples; k += grid_stride()) {
    const long long v = static_cast<long long>((static_cast<double>(k) * num_vertices) / samples);
    const long long begin = offsets[v], end = offsets[v + 1];
    degrees += static_cast<unsigned long long>(end - begin);
    const long long last = min(end, begin + kEdgesPerVertex);
    for (long long e = begin; e < last; ++e) weight_sum += static_cast<double>(weights[e]);
    edges += static_cast<unsigned long long>(last - begin);
  }
  if (weight_sum != 0.0) atomicAdd(&sums->weight_sum, weight_sum);
  block_counter_flush(&degree_slot, degrees, &sums->degree_sum);
  block_counter_flush(&edge_slot, edges, &sums->edge_count);
}

std::unique_ptr<WeightDegreeSample> build(const DeviceGraph& g, cudaStream_t stream) {
  auto sample = std::make_unique<WeightDegreeSample>();
  const long long n = g.num_vertices;
  const long long samples = std::min<long long>(n, kMaxSamples);
  sample->sampled_vertices = samples;
  if (samples == 0) return sample;
  DeviceBuffer device_sums(sizeof(SampleSums), "Delta sample sums");
  GSSSP_CUDA_CHECK(cudaMemsetAsync(device_sums.get(), 0, sizeof(SampleSums), stream));
  constexpr int kBlock = 256;
  const int grid = g.grid_for(samples, kBlock);
  if (g.weight_type == GSSSP_WEIGHT_FLOAT32) {
    sample_kernel<float><<<grid, kBlock, 0, stream>>>(n, samples, g.offsets.as<const int64_t>(),
                                                      g.weights.as<const float>(), device_sums.as<SampleSums>());
  } else {
    sample_kernel<int32_t><<<grid, kBlock, 0, stream>>>(n, samples, g.offsets.as<const int64_t>(),
                                                        g.weights.as<const int32_t>(), device_sums.as<SampleSums>());
  }
  GSSSP_CUDA_CHECK(cudaGetLastError());
  SampleSums host{};
  GSSSP_CUDA_CHECK(cudaMemcpyAsync(&host, device_sums.get(), sizeof(SampleSums), cudaMemcpyDeviceToHost, stream));
  GSSSP_CUDA_CHECK(cudaStreamSynchronize(stream));
  sample->average_degree = static_cast<double>(host.degree_sum) / static_cast<double>(samples);
  sample->average_weight = host.edge_count > 0 ? host.weight_sum / static_cast<double>(host.edge_count) : 0.0;
  return sample;
}

}  // namespace

const WeightDegreeSample& weight_degree_sample(const DeviceGraph& graph, cudaStream_t stream) {
  return graph.attachment<WeightDegreeSample>("weight_degree_sample", [&] { return build(graph, stream); });
}

}  // namespace gsssp::graph
