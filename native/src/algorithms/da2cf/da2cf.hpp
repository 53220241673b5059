// GSSSP_ALGORITHM_DA2CF_F, _U, _F_MATRIX, _U_MATRIX: Martín, Torres & Gavilanes (ICCS'09) sections 3-5,
// Dijkstra's algorithm adapted to compound frontiers. See da2cf_kernels.cuh.
#pragma once

#include <cstdint>

#include "common/query.hpp"

namespace gsssp::da2cf {

enum class Relax { kFrontier, kUnresolved };          // relax_F (atomicMin) or relax_U (reverse graph, no atomics)
enum class Layout { kAdjacencyList, kAdjacencyMatrix };

// The matrix variants build a dense n x n matrix (4 bytes a cell) once per graph: up to this many vertices.
constexpr int64_t kMaxMatrixVertices = 16384;

// Non-negative weights only (checked by the caller); options.da2cf.min_on_device picks the minimum's variant.
AlgorithmRun run(const QueryContext& query, Relax relax, Layout layout);

}  // namespace gsssp::da2cf
