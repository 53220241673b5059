#include "certify/certify.hpp"

#include <algorithm>
#include <cmath>

#include "certify/certify_kernels.cuh"
#include "common/cuda_check.hpp"
#include "common/rounds.hpp"
#include "common/timer.hpp"

namespace gsssp::certify {
namespace {

size_t align_up(size_t x) { return (x + 255) & ~size_t{255}; }

template <class D>
gsssp_certificate check_typed(const CsrView& g, int64_t source, const typename D::stored* dist,
                              const int32_t* predecessors, Workspace& ws, const LaunchShape& launch,
                              const std::atomic<bool>& cancelled) {
  const cudaStream_t stream = ws.stream();
  const long long n = g.num_vertices;
  const auto* weights = static_cast<const typename D::weight*>(g.weights);
  const int grid = launch.grid;
  const int block = launch.block;
  // Scratch: the record, four byte flags per vertex, then an int32 per vertex for the breadth-first levels or
  // the ancestors (used one after the other).
  const size_t flags_at = align_up(sizeof(Record));
  const size_t words_at = flags_at + align_up(static_cast<size_t>(n) * 4);
  auto* base = static_cast<char*>(ws.buffer(Slot::kCertificate, words_at + static_cast<size_t>(std::max<long long>(n, 1)) * 4));
  auto* record = reinterpret_cast<Record*>(base);
  Flags flags;
  flags.strict_in = reinterpret_cast<unsigned char*>(base + flags_at);
  flags.loose_in = flags.strict_in + n;
  flags.pred_ok = flags.loose_in + n;
  flags.pred_loose = flags.pred_ok + n;
  auto* words = reinterpret_cast<int32_t*>(base + words_at);

  DeviceTimer timer(ws);
  init_record_kernel<<<1, 1, 0, stream>>>(record);
  GSSSP_CUDA_CHECK(cudaMemsetAsync(flags.strict_in, 0, static_cast<size_t>(n) * 4, stream));
  if (g.num_edges > 0) {
    const long long chunks = (g.num_edges + kChunkEdges - 1) / kChunkEdges;
    const int edge_grid = static_cast<int>(std::min<long long>(chunks, std::max(grid, 1) * 4ll));
    edges_kernel<D><<<edge_grid, block, 0, stream>>>(n, g.num_edges, g.offsets, g.targets, weights, dist,
                                                     predecessors, flags, record);
  }
  vertices_kernel<D><<<grid, block, 0, stream>>>(n, source, dist, predecessors, flags, record);
  GSSSP_CUDA_CHECK(cudaGetLastError());
  auto* host = static_cast<Record*>(ws.staging(sizeof(Record)));
  GSSSP_CUDA_CHECK(cudaMemcpyAsync(host, record, sizeof(Record), cudaMemcpyDeviceToHost, stream));
  ws.synchronize();
  Record r = *host;

  if (r.source_bad == 0 && r.first_edge == kNone && r.no_tight == kNone && r.need_bfs != 0) {
    // Ties along tight edges: the local condition is not enough; search the tight edges from the source.
    GSSSP_CUDA_CHECK(cudaMemsetAsync(words, 0xff, static_cast<size_t>(n) * 4, stream));
    const int32_t zero = 0;
    GSSSP_CUDA_CHECK(cudaMemcpyAsync(words + source, &zero, sizeof(zero), cudaMemcpyHostToDevice, stream));
    const RoundLoopResult bfs = run_rounds(ws, &record->bfs_change, cancelled, n + 1, [&](int64_t round) {
      bfs_round_kernel<D><<<grid, block, 0, stream>>>(n, g.offsets, g.targets, weights, dist, words, &record->bfs_change,
                                                      round);
    });
    if (!bfs.converged) fail(GSSSP_ERROR_INTERNAL, "certificate: the tight-edge search did not end within n + 1 rounds");
    bfs_verdict_kernel<D><<<grid, block, 0, stream>>>(n, dist, words, record);
    GSSSP_CUDA_CHECK(cudaGetLastError());
  }
  if (predecessors != nullptr && r.bad_pred == kNone && r.need_jump != 0) {
    jump_init_kernel<<<grid, block, 0, stream>>>(n, source, predecessors, words);
    const int rounds = static_cast<int>(std::ceil(std::log2(static_cast<double>(std::max<long long>(n, 2))))) + 1;
    for (int k = 0; k < rounds; ++k) jump_kernel<<<grid, block, 0, stream>>>(n, words);
    jump_verdict_kernel<D><<<grid, block, 0, stream>>>(n, source, dist, words, record);
    GSSSP_CUDA_CHECK(cudaGetLastError());
  }
  if (r.need_bfs != 0 || r.need_jump != 0) {
    GSSSP_CUDA_CHECK(cudaMemcpyAsync(host, record, sizeof(Record), cudaMemcpyDeviceToHost, stream));
    ws.synchronize();
    r = *host;
  }
  gsssp_certificate out{};
  out.time_ms = timer.stop_ms();
  out.violation = GSSSP_CERTIFICATE_HOLDS;
  out.vertex = -1;
  out.edge = -1;
  if (r.source_bad != 0) {
    out.violation = GSSSP_CERTIFICATE_SOURCE_NOT_ZERO;
    out.vertex = source;
  } else if (r.first_edge != kNone) {
    out.violation = GSSSP_CERTIFICATE_EDGE_IMPROVES;
    out.edge = static_cast<int64_t>(r.first_edge);
    int32_t v = -1;
    GSSSP_CUDA_CHECK(cudaMemcpy(&v, g.targets + r.first_edge, sizeof(v), cudaMemcpyDeviceToHost));
    out.vertex = v;
  } else if (r.no_tight != kNone) {
    out.violation = GSSSP_CERTIFICATE_NO_TIGHT_PATH;
    out.vertex = static_cast<int64_t>(r.no_tight);
  } else if (r.bad_pred != kNone) {
    out.violation = GSSSP_CERTIFICATE_BAD_PREDECESSOR;
    out.vertex = static_cast<int64_t>(r.bad_pred);
  } else if (r.cycle != kNone) {
    out.violation = GSSSP_CERTIFICATE_PREDECESSOR_CYCLE;
    out.vertex = static_cast<int64_t>(r.cycle);
  }
  return out;
}

template <class D>
gsssp_certificate check_host_typed(const CsrView& g, int64_t source, const void* distances, const int32_t* predecessors,
                                   Workspace& ws, const LaunchShape& launch, const std::atomic<bool>& cancelled) {
  const cudaStream_t stream = ws.stream();
  const long long n = g.num_vertices;
  auto* raw = ws.buffer<typename D::output>(Slot::kOutput, std::max<long long>(n, 1));
  auto* stored = ws.buffer<typename D::stored>(Slot::kDistance0, std::max<long long>(n, 1));
  GSSSP_CUDA_CHECK(cudaMemcpyAsync(raw, distances, static_cast<size_t>(n) * sizeof(typename D::output),
                                   cudaMemcpyHostToDevice, stream));
  encode_kernel<D><<<launch.grid, launch.block, 0, stream>>>(n, raw, stored);
  GSSSP_CUDA_CHECK(cudaGetLastError());
  int32_t* tree = nullptr;
  if (predecessors != nullptr) {
    tree = ws.buffer<int32_t>(Slot::kPredecessors, std::max<long long>(n, 1));
    GSSSP_CUDA_CHECK(cudaMemcpyAsync(tree, predecessors, static_cast<size_t>(n) * sizeof(int32_t),
                                     cudaMemcpyHostToDevice, stream));
  }
  return check_typed<D>(g, source, stored, tree, ws, launch, cancelled);
}

}  // namespace

gsssp_certificate check(const CsrView& graph, int64_t source, const void* stored_distances, const int32_t* predecessors,
                        Workspace& workspace, const LaunchShape& launch, const std::atomic<bool>& cancelled) {
  if (graph.weight_type == GSSSP_WEIGHT_FLOAT32) {
    return check_typed<Float32Distance>(graph, source, static_cast<const Float32Distance::stored*>(stored_distances),
                                        predecessors, workspace, launch, cancelled);
  }
  return check_typed<Int32Distance>(graph, source, static_cast<const Int32Distance::stored*>(stored_distances),
                                    predecessors, workspace, launch, cancelled);
}

gsssp_certificate check_host(const CsrView& graph, int64_t source, const void* distances, const int32_t* predecessors,
                             Workspace& workspace, const LaunchShape& launch, const std::atomic<bool>& cancelled) {
  if (graph.weight_type == GSSSP_WEIGHT_FLOAT32) {
    return check_host_typed<Float32Distance>(graph, source, distances, predecessors, workspace, launch, cancelled);
  }
  return check_host_typed<Int32Distance>(graph, source, distances, predecessors, workspace, launch, cancelled);
}

std::string describe(const gsssp_certificate& c) {
  const long long v = static_cast<long long>(c.vertex);
  switch (c.violation) {
    case GSSSP_CERTIFICATE_HOLDS: return "the certificate holds";
    case GSSSP_CERTIFICATE_SOURCE_NOT_ZERO: return format("the source (vertex %lld) does not have distance 0", v);
    case GSSSP_CERTIFICATE_EDGE_IMPROVES:
      return format("edge %lld improves the distance of vertex %lld", static_cast<long long>(c.edge), v);
    case GSSSP_CERTIFICATE_NO_TIGHT_PATH:
      return format("vertex %lld has a distance but no path of tight edges from the source gives it", v);
    case GSSSP_CERTIFICATE_BAD_PREDECESSOR:
      return format("the predecessor of vertex %lld is not a tight in-edge (or is set where it must be -1)", v);
    case GSSSP_CERTIFICATE_PREDECESSOR_CYCLE:
      return format("the predecessors of vertex %lld do not lead to the source", v);
    default: return format("certificate violation %d at vertex %lld", c.violation, v);
  }
}

}  // namespace gsssp::certify
