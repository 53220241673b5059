#include "algorithms/da2cf/da2cf.hpp"

#include <algorithm>
#include <vector>

#include "algorithms/da2cf/da2cf_kernels.cuh"
#include "algorithms/da2cf/da2cf_policy.hpp"
#include "common/cuda_check.hpp"
#include "common/rounds.hpp"
#include "common/timer.hpp"
#include "graph/device_graph.hpp"
#include "graph/reverse_csr.hpp"

namespace gsssp::da2cf {
namespace {

// A dense adjacency matrix of the graph, one unsigned cell per vertex pair (see matrix_cell).
struct AdjacencyMatrix : graph::Attachment {
  DeviceBuffer cells;
  int64_t device_bytes() const override { return static_cast<int64_t>(cells.bytes()); }
};

template <bool kRowIsTail>
const AdjacencyMatrix& adjacency_matrix(const QueryContext& query) {
  const graph::DeviceGraph& g = *query.device_graph;
  const char* key = kRowIsTail ? "da2cf_matrix_by_tail" : "da2cf_matrix_by_head";
  return g.attachment<AdjacencyMatrix>(key, [&] {
    const cudaStream_t stream = query.workspace->stream();
    auto matrix = std::make_unique<AdjacencyMatrix>();
    const long long n = g.num_vertices;
    const size_t bytes = static_cast<size_t>(n) * static_cast<size_t>(n) * sizeof(unsigned int);
    matrix->cells = DeviceBuffer(bytes, "DA2CF adjacency matrix");
    GSSSP_CUDA_CHECK(cudaMemsetAsync(matrix->cells.get(), 0xff, bytes, stream));
    constexpr int kBlock = kMatrixBuildBlock;  // da2cf_policy.hpp
    const int grid = g.grid_for(n, kBlock);
    if (g.weight_type == GSSSP_WEIGHT_FLOAT32) {
      build_matrix_kernel<float, kRowIsTail><<<grid, kBlock, 0, stream>>>(
          n, g.offsets.as<const int64_t>(), g.targets.as<const int32_t>(), g.weights.as<const float>(),
          matrix->cells.as<unsigned int>());
    } else {
      build_matrix_kernel<int32_t, kRowIsTail><<<grid, kBlock, 0, stream>>>(
          n, g.offsets.as<const int64_t>(), g.targets.as<const int32_t>(), g.weights.as<const int32_t>(),
          matrix->cells.as<unsigned int>());
    }
    GSSSP_CUDA_CHECK(cudaGetLastError());
    GSSSP_CUDA_CHECK(cudaStreamSynchronize(stream));  // complete before other queries may see it
    return matrix;
  });
}

const char* variant_name(Relax relax, Layout layout) {
  if (layout == Layout::kAdjacencyMatrix) return relax == Relax::kFrontier ? "da2cf-f-matrix" : "da2cf-u-matrix";
  return relax == Relax::kFrontier ? "da2cf-f" : "da2cf-u";
}

template <class D>
AlgorithmRun run_typed(const QueryContext& query, Relax relax, Layout layout) {
  using stored = typename D::stored;
  Workspace& ws = *query.workspace;
  const cudaStream_t stream = ws.stream();
  const CsrView& g = query.graph;
  const long long n = g.num_vertices;
  const int grid = query.launch.grid;
  const int block = query.launch.block;
  const auto* weights = static_cast<const typename D::weight*>(g.weights);
  DeviceCounters* counters = ws.counters();
  const bool device_minimum = query.options.da2cf.min_on_device != 0;
  const char* name = variant_name(relax, layout);

  // Per-graph data first, outside the timed span (as the upload is).
  const graph::ReverseCsr* reverse = nullptr;
  const unsigned int* matrix = nullptr;
  if (layout == Layout::kAdjacencyMatrix) {
    if (n > kMaxMatrixVertices) {
      fail(GSSSP_ERROR_UNSUPPORTED,
           format("%s builds a dense n x n adjacency matrix and accepts at most %lld vertices; this graph has %lld "
                  "(use da2cf-f or da2cf-u)",
                  name, static_cast<long long>(kMaxMatrixVertices), n));
    }
    matrix = relax == Relax::kFrontier ? adjacency_matrix<false>(query).cells.template as<const unsigned int>()
                                       : adjacency_matrix<true>(query).cells.template as<const unsigned int>();
  } else if (relax == Relax::kUnresolved) {
    reverse = &graph::reverse_csr(*query.device_graph, stream);
  }

  // Scratch: c, f, u; then the minimum's words: mssp[2] (device) or the two passes' outputs (host).
  // The workspace's slots here (common/workspace.hpp names them by shape only): kDistance0 the costs C (the answer),
  // kFlags0 the frontier flags F, kFlags1 the unresolved flags U, kDistance1 the minimum-reduction words.
  auto* c = ws.buffer<stored>(Slot::kDistance0, n);
  auto* f = ws.buffer<uint8_t>(Slot::kFlags0, n);
  auto* u = ws.buffer<uint8_t>(Slot::kFlags1, n);
  const long long pass1 = (n + 2LL * block - 1) / (2LL * block);
  const long long pass2 = (pass1 + 2LL * block - 1) / (2LL * block);
  auto* minimum_words = ws.buffer<stored>(Slot::kDistance1, 2 + pass1 + pass2);
  stored* mssp = minimum_words;
  stored* partial1 = minimum_words + 2;
  stored* partial2 = partial1 + pass1;
  auto* host_partial = static_cast<stored*>(ws.staging(static_cast<size_t>(pass2) * sizeof(stored)));
  const int matrix_grid = static_cast<int>((n + block - 1) / block);
  const size_t matrix_shared = static_cast<size_t>(block) * (sizeof(stored) + 1);

  DeviceTimer timer(ws);
  initialize_kernel<D><<<grid, block, 0, stream>>>(c, f, u, n, query.source);
  const stored infinities[2] = {D::kInfinity, D::kInfinity};
  GSSSP_CUDA_CHECK(cudaMemcpyAsync(mssp, infinities, sizeof(infinities), cudaMemcpyHostToDevice, stream));
  GSSSP_CUDA_CHECK(cudaGetLastError());

  auto launch_relax = [&](int64_t round) {
    if (layout == Layout::kAdjacencyMatrix) {
      if (relax == Relax::kFrontier) {
        relax_f_matrix_kernel<D><<<matrix_grid, block, matrix_shared, stream>>>(n, matrix, c, f, u, counters, round);
      } else {
        relax_u_matrix_kernel<D><<<matrix_grid, block, matrix_shared, stream>>>(n, matrix, c, f, u, counters, round);
      }
    } else if (relax == Relax::kFrontier) {
      relax_f_kernel<D><<<grid, block, 0, stream>>>(n, g.offsets, g.targets, weights, c, f, u, counters, round);
    } else {
      relax_u_kernel<D><<<grid, block, 0, stream>>>(n, reverse->offsets.as<const int64_t>(),
                                                    reverse->sources.as<const int32_t>(),
                                                    reverse->weights.as<const typename D::weight>(), c, f, u,
                                                    counters, round);
    }
  };

  // Each iteration resolves at least one vertex, so n + 1 iterations (the last finds no minimum) suffice.
  const bool user_limit = query.max_iterations > 0;
  const int64_t limit = user_limit ? std::min<int64_t>(query.max_iterations, n + 1) : n + 1;
  int64_t rounds = 0;
  bool converged = false;
  if (device_minimum) {
    const RoundLoopResult loop = run_rounds(ws, &counters->last_change, *query.cancelled, limit, [&](int64_t round) {
      launch_relax(round);
      minimum_device_kernel<D><<<grid, block, 0, stream>>>(c, u, n, mssp, counters, round);
      update_kernel<D, true><<<grid, block, 0, stream>>>(n, c, f, u, mssp, D::kInfinity, counters, round);
    });
    rounds = loop.rounds;
    converged = loop.converged;
  } else {
    // As the paper: minimum1 and minimum2 on the GPU, the last few values on the host, every iteration.
    for (int64_t round = 0; round < limit; ++round) {
      throw_if_cancelled(*query.cancelled);
      launch_relax(round);
      minimum_pass_kernel<D><<<static_cast<int>(pass1), block, 0, stream>>>(c, u, n, partial1);
      minimum_pass_kernel<D><<<static_cast<int>(pass2), block, 0, stream>>>(partial1, nullptr, pass1, partial2);
      GSSSP_CUDA_CHECK(cudaGetLastError());
      GSSSP_CUDA_CHECK(cudaMemcpyAsync(host_partial, partial2, static_cast<size_t>(pass2) * sizeof(stored),
                                       cudaMemcpyDeviceToHost, stream));
      ws.synchronize();
      const stored minimum = *std::min_element(host_partial, host_partial + pass2);
      rounds = round + 1;
      if (minimum == D::kInfinity) {
        converged = true;
        break;
      }
      update_kernel<D, false><<<grid, block, 0, stream>>>(n, c, f, u, mssp, minimum, counters, round);
      GSSSP_CUDA_CHECK(cudaGetLastError());
    }
  }
  return finish_round_loop(timer, name, {rounds, converged}, user_limit && query.max_iterations <= n, c);
}

}  // namespace

AlgorithmRun run(const QueryContext& query, Relax relax, Layout layout) {
  if (query.graph.weight_type == GSSSP_WEIGHT_FLOAT32) return run_typed<Float32Distance>(query, relax, layout);
  return run_typed<Int32Distance>(query, relax, layout);
}

}  // namespace gsssp::da2cf
