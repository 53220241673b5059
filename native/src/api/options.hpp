// Argument checks shared by the host and device entry points: options, algorithm ids, sources.
#pragma once

#include <chrono>
#include <cstdint>

#include "common/error.hpp"
#include "gsssp.h"

namespace gsssp {
struct AlgorithmRun;
struct QueryContext;
}  // namespace gsssp

namespace gsssp::api {

constexpr int kDefaultBlockSize = 256;

struct ResolvedOptions {
  bool predecessors = true;
  int block_size = kDefaultBlockSize;
  int64_t max_iterations = 0;
  gsssp_options raw{};  // the caller's options, or gsssp_options_init's defaults; algorithms read their fields
};

// The defaults gsssp_options_init documents, for callers that pass NULL options.
inline gsssp_options default_options() {
  gsssp_options o{};
  o.compute_predecessors = 1;
  o.hbf.edge_classification = 1;
  o.hbf.duplicate_removal = 1;
  o.hbf.coalesced_enqueue = 1;
  o.hbf.dynamic_virtual_warps = 1;
  o.hbf.dynamic_parallelism = GSSSP_HBF_DP_DEFAULT;
  o.hbf.dp_threshold = 4096;
  o.da2cf.min_on_device = 1;
  o.adds.local_rounds = 1;
  return o;
}

inline ResolvedOptions resolve_options(const gsssp_options* options) {
  ResolvedOptions resolved;
  resolved.raw = options != nullptr ? *options : default_options();
  if (options == nullptr) return resolved;
  resolved.predecessors = options->compute_predecessors != 0;
  if (options->block_size != 0) {
    // Kernels reduce per warp with full-warp shuffles, so only whole warps are accepted.
    if (options->block_size < 32 || options->block_size > 1024 || options->block_size % 32 != 0) {
      fail(GSSSP_ERROR_INVALID_ARGUMENT,
           format("block_size %d is not 0 or a multiple of 32 in [32, 1024]", options->block_size));
    }
    resolved.block_size = options->block_size;
  }
  if (options->compact_distances < 0 || options->compact_distances > 2) {
    fail(GSSSP_ERROR_INVALID_ARGUMENT,
         format("compact_distances %d is not 0 (8-byte distances), 1 (4 bytes where they fit) or 2 (2 or 4 bytes where "
                "they fit)", options->compact_distances));
  }
  if (options->max_iterations < 0) {
    fail(GSSSP_ERROR_INVALID_ARGUMENT,
         format("max_iterations is negative (%lld)", static_cast<long long>(options->max_iterations)));
  }
  resolved.max_iterations = options->max_iterations;
  if (options->has_cutoff != 0) {
    if (options->has_cutoff != 1) {
      fail(GSSSP_ERROR_INVALID_ARGUMENT, format("has_cutoff %d is not 0 (no cutoff) or 1", options->has_cutoff));
    }
    if (options->cutoff_int < 0) {
      fail(GSSSP_ERROR_INVALID_ARGUMENT,
           format("cutoff_int is negative (%lld)", static_cast<long long>(options->cutoff_int)));
    }
    if (!(options->cutoff_float >= 0.0)) {
      fail(GSSSP_ERROR_INVALID_ARGUMENT, format("cutoff_float is negative or NaN (%g)", options->cutoff_float));
    }
  }
  return resolved;
}

// A cutoff's answer is a ball, not a full tree: the paths that answer only full queries refuse it, naming `what`.
inline void refuse_cutoff(const gsssp_options& o, const char* what) {
  if (o.has_cutoff != 0) {
    fail(GSSSP_ERROR_UNSUPPORTED, format("%s does not take a cutoff (gsssp_options.has_cutoff); run single queries", what));
  }
}

enum class AlgorithmKind { kCpu, kGpu, kUnknown };

// A GPU algorithm's host driver (its folder's run function): one query on a resident graph.
using AlgorithmDriver = AlgorithmRun (*)(const QueryContext& query);

// What the C ABI knows of each algorithm id. The rows are in one table, api/algorithm_table.cu: adding a GPU
// algorithm means its folder under algorithms/ plus one row there (and its constant in Java's Algorithm).
struct AlgorithmFacts {
  int32_t id;
  const char* name;        // gsssp_algorithm_info's name: the Java constant's, upper case
  AlgorithmKind kind;
  bool negative_weights;   // accepts negative weights (the others assume distances only fall to a fixed point)
  AlgorithmDriver run;     // GPU algorithms: the driver; null for the host ones (host_api.cpp runs those)
};

// The row of `algorithm`, or null for an unknown id (api/algorithm_table.cu).
const AlgorithmFacts* find_algorithm(int32_t algorithm);

inline AlgorithmKind classify_algorithm(int32_t algorithm) {
  const AlgorithmFacts* facts = find_algorithm(algorithm);
  return facts != nullptr ? facts->kind : AlgorithmKind::kUnknown;
}

inline const char* algorithm_name(int32_t algorithm) {
  const AlgorithmFacts* facts = find_algorithm(algorithm);
  return facts != nullptr ? facts->name : "unknown";
}

inline bool accepts_negative_weights(int32_t algorithm) {
  const AlgorithmFacts* facts = find_algorithm(algorithm);
  return facts != nullptr && facts->negative_weights;
}

// Milliseconds since `start`, for gsssp_stats.total_ms and the host algorithms' time_ms.
inline double milliseconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

inline void require_source(int64_t source, int64_t num_vertices) {
  if (source < 0 || source >= num_vertices) {
    fail(GSSSP_ERROR_INVALID_ARGUMENT, format("source %lld is outside [0, %lld)", static_cast<long long>(source),
                                              static_cast<long long>(num_vertices)));
  }
}

// An array of vertex ids (sources, targets) named `what` in the message: each in [0, num_vertices).
template <class Id>
inline void require_ids(const Id* ids, int64_t count, int64_t num_vertices, const char* what) {
  for (int64_t i = 0; i < count; ++i) {
    if (ids[i] < 0 || ids[i] >= num_vertices) {
      fail(GSSSP_ERROR_INVALID_ARGUMENT, format("%s[%lld] = %lld is outside [0, %lld)", what, static_cast<long long>(i),
                                                static_cast<long long>(ids[i]), static_cast<long long>(num_vertices)));
    }
  }
}

// A count of ids, named `what` in the message: at least 0.
inline void require_count(int64_t count, const char* what) {
  if (count < 0) fail(GSSSP_ERROR_INVALID_ARGUMENT, format("%s is negative (%lld)", what, static_cast<long long>(count)));
}

// options.targets, when set: a count >= 0 and ids in [0, num_vertices).
inline void require_targets(const gsssp_options& o, int64_t num_vertices) {
  if (o.targets == nullptr) return;
  require_count(o.target_count, "target_count");
  require_ids(o.targets, o.target_count, num_vertices, "targets");
}

}  // namespace gsssp::api
