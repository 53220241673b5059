#include "common/finalize.hpp"

#include <algorithm>
#include <cstddef>
#include <type_traits>

#include "certify/certify.hpp"
#include "common/cuda_check.hpp"
#include "common/cutoff.hpp"
#include "common/distance.cuh"
#include "common/predecessors.cuh"
#include "common/rounds.hpp"
#include "common/stage_trace.hpp"

namespace gsssp {
namespace {

[[noreturn]] void throw_overflow(int64_t source) {
  fail(GSSSP_ERROR_OVERFLOW,
       format("a float32 distance from source %lld overflowed: a reachable vertex's shortest path sums to more "
              "than FLT_MAX",
              static_cast<long long>(source)));
}

// Marks every vertex beyond `limit` (stored form) unreached: the cutoff's ball alone is the answer.
template <class D>
__global__ void clear_beyond_kernel(long long n, typename D::stored* distances, typename D::stored limit) {
  for (long long v = static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x; v < n;
       v += static_cast<long long>(gridDim.x) * blockDim.x) {
    if (distances[v] > limit) distances[v] = D::kInfinity;
  }
}

// A cutoff's ball, delivered sparsely (deliver_ball): a vertex and its stored distance.
template <class D>
struct BallEntry {
  long long vertex;
  typename D::stored value;
};

// Entries the ball's list holds in the workspace's page-locked staging: enough for a small ball (an isochrone's) on any
// graph, bounded so that the staging stays a few MB; a larger ball goes out the dense way.
constexpr long long kMinBallEntries = 4096;
constexpr long long kMaxBallEntries = 1ll << 18;

// One pass over the distances of a cutoff query: every vertex beyond `limit` (stored form) is marked unreached in place,
// and every vertex within it counted in *count and, while the list has room, listed with its distance. The list is
// the workspace's mapped staging: it lands in host memory as the kernel writes it. A warp's threads take their places
// with one atomic (the loop runs the same rounds in every thread of a warp: the block is a multiple of 32).
template <class D>
__global__ void ball_list_kernel(long long n, typename D::stored* distances, typename D::stored limit,
                                 BallEntry<D>* list, unsigned long long capacity, unsigned long long* count) {
  const unsigned lane = threadIdx.x & 31u;
  const long long stride = static_cast<long long>(gridDim.x) * blockDim.x;
  for (long long first = (static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x) & ~31ll; first < n;
       first += stride) {
    const long long v = first + lane;
    bool in = false;
    typename D::stored s = D::kInfinity;
    if (v < n) {
      s = distances[v];
      if (s > limit) {
        if (s != D::kInfinity) distances[v] = D::kInfinity;
      } else {
        in = s != D::kInfinity;
      }
    }
    const unsigned in_warp = __ballot_sync(0xffffffffu, in);
    if (in_warp == 0) continue;
    unsigned long long base = 0;
    if (lane == 0) base = atomicAdd(count, static_cast<unsigned long long>(__popc(in_warp)));
    base = __shfl_sync(0xffffffffu, base, 0);
    if (in) {
      const unsigned long long at = base + static_cast<unsigned long long>(__popc(in_warp & ((1u << lane) - 1u)));
      if (at < capacity) list[at] = BallEntry<D>{v, s};
    }
  }
}

void copy_predecessors(const QueryOutput& out, const int32_t* predecessors, long long n, cudaStream_t stream) {
  if (n > 0 && out.host_predecessors != nullptr && predecessors != nullptr) {
    GSSSP_CUDA_CHECK(cudaMemcpyAsync(out.host_predecessors, predecessors, static_cast<size_t>(n) * sizeof(int32_t),
                                     cudaMemcpyDeviceToHost, stream));
  }
}

// The predecessor tree of the final distances, in the workspace's predecessor buffer. Reads counters
// mid-way (its own synchronisations); also checks float overflow, which its tight-edge pass sees.
template <class D>
int32_t* derive_tree(const QueryContext& query, const typename D::stored* distances) {
  Workspace& ws = *query.workspace;
  const cudaStream_t stream = ws.stream();
  const CsrView& g = query.graph;
  const long long n = g.num_vertices;
  const int grid = query.launch.grid;
  const int block = query.launch.block;
  const auto* weights = static_cast<const typename D::weight*>(g.weights);
  DeviceCounters* counters = ws.counters();
  constexpr bool kFloat = std::is_same_v<D, Float32Distance>;

  int32_t* predecessors = ws.buffer<int32_t>(Slot::kPredecessors, n);
  GSSSP_CUDA_CHECK(cudaMemsetAsync(predecessors, 0xff, static_cast<size_t>(n) * sizeof(int32_t), stream));
  if (query.negative_weights) {
    // Pass 1's links need d(u) < d(v) along a tight edge, which negative weights break: mixed with pass-2
    // claims, a zero-weight cycle of tight edges (w, -w) could close. Only claims from the source then.
    if (kFloat) {
      tight_edges_kernel<D, false, true><<<grid, block, 0, stream>>>(n, g.offsets, g.targets, weights, distances,
                                                                     nullptr, counters);
    }
  } else if (kFloat && query.options.has_cutoff == 0) {
    tight_edges_kernel<D, true, true><<<grid, block, 0, stream>>>(n, g.offsets, g.targets, weights, distances,
                                                                  predecessors, counters);
  } else {
    // (Under a cutoff a reached vertex may have successors beyond it, which are not overflows.)
    tight_edges_kernel<D, true, false><<<grid, block, 0, stream>>>(n, g.offsets, g.targets, weights, distances,
                                                                   predecessors, counters);
  }
  count_reached_kernel<D><<<grid, block, 0, stream>>>(n, query.source, distances, predecessors, nullptr,
                                                      &counters->unset_predecessors);
  GSSSP_CUDA_CHECK(cudaGetLastError());
  const DeviceCounters host = ws.read_counters();
  if (host.overflow != 0) throw_overflow(query.source);
  if (host.unset_predecessors != 0) {
    // No algorithm bound applies here: each round claims at least one vertex, so n rounds always suffice.
    const RoundLoopResult claims =
        run_rounds(ws, &counters->claim_change, *query.cancelled, n + 1, [&](int64_t round) {
          claim_kernel<D><<<grid, block, 0, stream>>>(n, query.source, g.offsets, g.targets, weights, distances,
                                                      predecessors, &counters->claim_change, round);
        });
    GSSSP_CUDA_CHECK(cudaMemsetAsync(&counters->unset_predecessors, 0, sizeof(unsigned long long), stream));
    count_reached_kernel<D><<<grid, block, 0, stream>>>(n, query.source, distances, predecessors, nullptr,
                                                        &counters->unset_predecessors);
    GSSSP_CUDA_CHECK(cudaGetLastError());
    const DeviceCounters after = ws.read_counters();
    if (!claims.converged || after.unset_predecessors != 0) {
      fail(GSSSP_ERROR_INTERNAL, format("predecessor derivation left %llu reached vertices without a parent",
                                        after.unset_predecessors));
    }
  }
  return predecessors;
}

// One pass writing the host format Out (`kernel`, which also counts the reached vertices) into the output slot, and its
// copy to host_distances. The slot is sized for the 8-byte output whatever Out is, so that every width reuses it.
template <class Out, class Kernel>
void write_host_distances(Workspace& ws, long long n, void* host_distances, Kernel&& kernel) {
  auto* buffer = static_cast<Out*>(ws.buffer(Slot::kOutput, static_cast<size_t>(std::max<long long>(n, 1)) * 8));
  kernel(buffer);
  GSSSP_CUDA_CHECK(cudaGetLastError());
  if (n > 0 && host_distances != nullptr) {
    GSSSP_CUDA_CHECK(cudaMemcpyAsync(host_distances, buffer, static_cast<size_t>(n) * sizeof(Out), cudaMemcpyDeviceToHost,
                                     ws.stream()));
  }
}

// The outputs' passes and copies and the counters' copy back, all on the stream, no host wait. `reset`:
// an earlier enqueue ran behind a run that was then restarted, so what it counted is cleared first.
template <class D>
void enqueue_outputs(const QueryContext& query, const typename D::stored* distances, const QueryOutput& out,
                     const int32_t* predecessors, bool reset, bool counters_delivered = false) {
  Workspace& ws = *query.workspace;
  const cudaStream_t stream = ws.stream();
  const CsrView& g = query.graph;
  const long long n = g.num_vertices;
  const int grid = query.launch.grid;
  const int block = query.launch.block;
  DeviceCounters* counters = ws.counters();
  // Only a float sum can overflow; int64 sums of int32 weights cannot (gsssp.h).
  constexpr bool kFloat = std::is_same_v<D, Float32Distance>;
  static_assert(offsetof(DeviceCounters, wide_needed) - offsetof(DeviceCounters, reached) ==
                    3 * sizeof(unsigned long long),
                "reached .. wide_needed are contiguous");
  if (reset) {
    GSSSP_CUDA_CHECK(cudaMemsetAsync(&counters->reached, 0, 4 * sizeof(unsigned long long), stream));
  }
  if (predecessors == nullptr && kFloat && query.options.has_cutoff == 0) {
    // (With a tree, derive_tree checked.) Read with the counters below: no synchronisation of its own.
    tight_edges_kernel<D, false, true><<<grid, block, 0, stream>>>(
        n, g.offsets, g.targets, static_cast<const typename D::weight*>(g.weights), distances, nullptr, counters);
  }
  if (out.resident) {
    // Nothing more: the reached count is a pass over all n distances (on R-MAT 22, 32 MB and about 20 us behind the
    // kernel on an H100), which a resident result makes only when
    // asked (count_reached, gsssp_device_result_reached).
  } else if (out.narrow && D::kHasNarrow && out.host_distances != nullptr) {
    // Narrow host output first (2 bytes per distance, a quarter of the 8-byte traffic): one pass writes it, counts
    // the reached vertices and says whether every distance fit 2 bytes, or 4.
    write_host_distances<typename D::narrow>(ws, n, out.host_distances, [&](typename D::narrow* narrow) {
      to_compact_kernel<D, true><<<grid, block, 0, stream>>>(n, distances, narrow, &counters->reached, &counters->wide_needed);
    });
  } else if (out.compact && out.host_distances != nullptr) {
    // Compact host output first (4 bytes per distance, half the bus traffic): one pass writes it and counts the
    // reached vertices; a fallback to 8 bytes (complete_outputs) or the next query reuses the buffer.
    write_host_distances<typename D::compact>(ws, n, out.host_distances, [&](typename D::compact* compact) {
      to_compact_kernel<D, false><<<grid, block, 0, stream>>>(n, distances, compact, &counters->reached, &counters->wide_needed);
    });
  } else {
    // The 8-byte output: one pass widens the distances into their destination and counts the reached vertices.
    write_host_distances<typename D::output>(ws, n, out.host_distances, [&](typename D::output* output) {
      to_output_kernel<D><<<grid, block, 0, stream>>>(n, distances, output, &counters->reached);
    });
  }
  GSSSP_CUDA_CHECK(cudaGetLastError());
  if (!out.resident) copy_predecessors(out, predecessors, n, stream);
  // A resident result of int32 weights runs no pass here: the counters the kernel delivered are final.
  if (!(counters_delivered && out.resident && !kFloat)) ws.enqueue_counters_read();
}

// After the stream drained behind enqueue_outputs: the counters, the overflow check, and, when compact
// distances did not fit, the 8-byte output written instead (one more pass, copy and synchronisation).
template <class D>
FinalizeResult complete_outputs(const QueryContext& query, const typename D::stored* distances,
                                const QueryOutput& out, bool drained, bool stopped_at_targets) {
  Workspace& ws = *query.workspace;
  if (!drained) ws.synchronize();
  FinalizeResult result;
  result.counters = ws.host_counters();
  if (result.counters.overflow != 0 && !stopped_at_targets) throw_overflow(query.source);
  const bool compact = !out.resident && out.compact && out.host_distances != nullptr;
  if (!compact) return result;
  const bool narrow = out.narrow && D::kHasNarrow;
  const cudaStream_t stream = ws.stream();
  const long long n = query.graph.num_vertices;
  DeviceCounters* counters = ws.counters();
  if (narrow) {
    if ((result.counters.wide_needed & 2) == 0) {
      result.distance_bytes = static_cast<int>(sizeof(typename D::narrow));
      return result;
    }
    // Some distance needs more than 2 bytes: this graph's later queries start at 4 (DeviceGraph::wide_distances).
    if (out.wide_distances != nullptr) out.wide_distances->store(true, std::memory_order_relaxed);
  } else if (result.counters.wide_needed == 0) {
    result.distance_bytes = static_cast<int>(sizeof(typename D::compact));
    return result;
  }
  // The distances did not fit what was written: 4 bytes when they fit those (after a narrow pass), else 8; one more
  // pass, copy and synchronisation.
  const int grid = query.launch.grid;
  const int block = query.launch.block;
  GSSSP_CUDA_CHECK(cudaMemsetAsync(&counters->reached, 0, sizeof(unsigned long long), stream));
  if (narrow && (result.counters.wide_needed & 1) == 0) {
    write_host_distances<typename D::compact>(ws, n, out.host_distances, [&](typename D::compact* compact) {
      to_compact_kernel<D, false><<<grid, block, 0, stream>>>(n, distances, compact, &counters->reached, &counters->wide_needed);
    });
    result.distance_bytes = static_cast<int>(sizeof(typename D::compact));
  } else {
    write_host_distances<typename D::output>(ws, n, out.host_distances, [&](typename D::output* output) {
      to_output_kernel<D><<<grid, block, 0, stream>>>(n, distances, output, &counters->reached);
    });
  }
  result.counters = ws.read_counters();
  return result;
}

// Whether a query's answer goes out as its cutoff's ball (deliver_ball): a cutoff, distances into host memory, no tree.
// The ball of an isochrone is a small share of the vertices; copying all n distances over the bus (through the
// driver's staging when the caller's memory is pageable) cost more than the search (issue #47's 1% ball on road NY).
bool ball_delivery(const QueryContext& query, const QueryOutput& out) {
  return query.options.has_cutoff != 0 && !out.resident && !out.predecessors &&
         out.host_distances != nullptr && query.graph.num_vertices > 0;
}

// The width a ball delivery writes unless the ball does not fit it: 8 bytes, or the compact width asked for.
template <class D>
int asked_bytes(const QueryOutput& out) {
  if (!out.compact) return 8;
  return out.narrow && D::kHasNarrow ? static_cast<int>(sizeof(typename D::narrow))
                                     : static_cast<int>(sizeof(typename D::compact));
}

// The caller's n host distances, all unreached, `bytes` each (8, or D's compact or narrow width).
template <class D>
void fill_unreached(void* host, long long n, int bytes) {
  if (bytes == 8) {
    auto* out = static_cast<typename D::output*>(host);
    std::fill(out, out + n, D::to_output(D::kInfinity));
  } else if (bytes == static_cast<int>(sizeof(typename D::compact))) {
    typename D::compact none;
    D::to_compact(D::kInfinity, none);
    std::fill(static_cast<typename D::compact*>(host), static_cast<typename D::compact*>(host) + n, none);
  } else {
    typename D::narrow none;
    D::to_narrow(D::kInfinity, none);
    std::fill(static_cast<typename D::narrow*>(host), static_cast<typename D::narrow*>(host) + n, none);
  }
}

// The ball's `count` entries into the caller's host distances, `bytes` each.
template <class D>
void write_ball(void* host, int bytes, const BallEntry<D>* list, unsigned long long count) {
  for (unsigned long long i = 0; i < count; ++i) {
    const typename D::stored s = list[i].value;
    const long long v = list[i].vertex;
    if (bytes == 8) {
      static_cast<typename D::output*>(host)[v] = D::to_output(s);
    } else if (bytes == static_cast<int>(sizeof(typename D::compact))) {
      D::to_compact(s, static_cast<typename D::compact*>(host)[v]);
    } else {
      D::to_narrow(s, static_cast<typename D::narrow*>(host)[v]);
    }
  }
}

// A cutoff query's answer without the dense copy: one pass clears what lies beyond the cutoff and lists the ball into
// page-locked staging; the caller's array is set unreached (by while_running during the search, `prefilled` bytes
// wide, else here while the pass runs) and gets the ball's distances, in the width complete_outputs would pick
// (compact_distances: 2 bytes where the ball fits them, else 4, else 8). A ball larger than the list goes out the
// dense way (the distances already cleared).
template <class D>
FinalizeResult deliver_ball(const QueryContext& query, typename D::stored* distances, const QueryOutput& out,
                            int prefilled) {
  Workspace& ws = *query.workspace;
  const cudaStream_t stream = ws.stream();
  const long long n = query.graph.num_vertices;
  DeviceCounters* counters = ws.counters();
  const long long capacity = std::min(n, std::max(kMinBallEntries, std::min(kMaxBallEntries, n / 8)));
  auto* list = static_cast<BallEntry<D>*>(ws.staging(static_cast<size_t>(capacity) * sizeof(BallEntry<D>)));
  GSSSP_CUDA_CHECK(cudaMemsetAsync(&counters->reached, 0, sizeof(unsigned long long), stream));
  ball_list_kernel<D><<<query.launch.grid, query.launch.block, 0, stream>>>(
      n, distances, stored_cutoff<D>(query.options), list, static_cast<unsigned long long>(capacity),
      &counters->reached);
  GSSSP_CUDA_CHECK(cudaGetLastError());
  ws.enqueue_counters_read();
  stage_trace::mark("ball-pass");
  int filled = prefilled;
  if (filled == 0) {
    filled = asked_bytes<D>(out);
    fill_unreached<D>(out.host_distances, n, filled);
  }
  ws.synchronize();
  stage_trace::mark("ball-synced");
  FinalizeResult result;
  result.counters = ws.host_counters();
  const unsigned long long ball = result.counters.reached;
  if (ball > static_cast<unsigned long long>(capacity)) {
    enqueue_outputs<D>(query, distances, out, nullptr, /*reset=*/true);
    return complete_outputs<D>(query, distances, out, /*drained=*/false, /*stopped_at_targets=*/true);
  }
  int bytes = 8;
  if (out.compact) {
    const bool narrow = out.narrow && D::kHasNarrow;
    bool fits_narrow = narrow, fits_compact = true;
    for (unsigned long long i = 0; i < ball; ++i) {
      typename D::compact c;
      fits_compact = D::to_compact(list[i].value, c) && fits_compact;
      typename D::narrow w;
      if (narrow) fits_narrow = D::to_narrow(list[i].value, w) && fits_narrow;
    }
    // (As complete_outputs: once a narrow answer did not fit, the graph's later queries start at 4 bytes.)
    if (narrow && !fits_narrow && out.wide_distances != nullptr) {
      out.wide_distances->store(true, std::memory_order_relaxed);
    }
    bytes = fits_narrow    ? static_cast<int>(sizeof(typename D::narrow))
            : fits_compact ? static_cast<int>(sizeof(typename D::compact))
                           : 8;
  }
  if (bytes != filled) fill_unreached<D>(out.host_distances, n, bytes);
  write_ball<D>(out.host_distances, bytes, list, ball);
  result.distance_bytes = bytes;
  return result;
}

template <class D>
void enqueue_typed(const QueryContext& query, const void* stored, const QueryOutput& out, bool reset,
                   bool counters_delivered) {
  enqueue_outputs<D>(query, static_cast<const typename D::stored*>(stored), out, nullptr, reset, counters_delivered);
}

template <class D>
FinalizeResult finish_typed(const QueryContext& query, const void* stored, const QueryOutput& out, bool enqueued,
                            bool drained, bool stopped_at_targets, int prefilled) {
  const auto* distances = static_cast<const typename D::stored*>(stored);
  if (!enqueued && ball_delivery(query, out)) {
    // (Under a cutoff an overflowed sum lies beyond it, and a cutoff comes without a certificate: gsssp.h.)
    return deliver_ball<D>(query, const_cast<typename D::stored*>(distances), out, prefilled);
  }
  double certificate_ms = 0.0;
  if (!enqueued && query.options.has_cutoff != 0) {
    // The search may have left labels beyond the cutoff (upper bounds, or exact ones of a full search): cleared in
    // place, before the tree and the outputs read them. The distances are the workspace's (the algorithm's final ones).
    const long long n = query.graph.num_vertices;
    if (n > 0) {
      clear_beyond_kernel<D><<<query.launch.grid, query.launch.block, 0, query.workspace->stream()>>>(
          n, const_cast<typename D::stored*>(distances), stored_cutoff<D>(query.options));
      GSSSP_CUDA_CHECK(cudaGetLastError());
    }
  }
  if (!enqueued) {
    const int32_t* predecessors = out.predecessors ? derive_tree<D>(query, distances) : nullptr;
    if (query.options.certify != 0) {
      // Checked where the answer lies, before any of it is copied out.
      const gsssp_certificate c = certify::check(query.graph, query.source, distances, predecessors, *query.workspace,
                                                 query.launch, *query.cancelled);
      certificate_ms = c.time_ms;
      if (c.violation != GSSSP_CERTIFICATE_HOLDS) {
        fail(GSSSP_ERROR_CERTIFICATE, "the answer fails its certificate: " + certify::describe(c));
      }
    }
    enqueue_outputs<D>(query, distances, out, predecessors, false);
    drained = false;
  }
  // (Under a cutoff an overflowed sum lies beyond it: not an error of the ball's answer.)
  FinalizeResult result =
      complete_outputs<D>(query, distances, out, drained, stopped_at_targets || query.options.has_cutoff != 0);
  result.certificate_ms = certificate_ms;
  return result;
}


// The output slot's size for this output, in bytes (0: none).
template <class D>
size_t output_bytes(const QueryOutput& out, long long n) {
  if (out.resident) return 0;
  if (out.compact && out.host_distances != nullptr) return static_cast<size_t>(std::max<long long>(n, 1)) * 2 * sizeof(typename D::compact);
  return static_cast<size_t>(n) * sizeof(typename D::output);
}

// Whether `host` is page-locked host memory, and where so the device's address of it (null if it has none).
bool page_locked(const void* host, void** mapped) {
  cudaPointerAttributes attributes{};
  if (cudaPointerGetAttributes(&attributes, host) != cudaSuccess) {
    (void)cudaGetLastError();
    return false;
  }
  if (attributes.type != cudaMemoryTypeHost) return false;
  *mapped = attributes.devicePointer;
  return true;
}

}  // namespace

FinalizeTail::FinalizeTail(const QueryContext& query, const QueryOutput& output) : query_(query), output_(output) {}

bool FinalizeTail::pipelined() const {
  if (pipelined_ < 0) {
    // (A cutoff's distances are cleared beyond it in finish(), before anything reads them.)
    pipelined_ = !output_.predecessors && query_.options.certify == 0 && query_.options.has_cutoff == 0 &&
                 (output_.resident || output_.host_distances == nullptr ||
                  page_locked(output_.host_distances, &mapped_distances_));
  }
  return pipelined_ != 0;
}

void FinalizeTail::prepare() {
  const long long n = query_.graph.num_vertices;
  const size_t bytes = query_.graph.weight_type == GSSSP_WEIGHT_FLOAT32 ? output_bytes<Float32Distance>(output_, n)
                                                                        : output_bytes<Int32Distance>(output_, n);
  if (bytes > 0) query_.workspace->buffer(Slot::kOutput, bytes);
}

bool FinalizeTail::direct(BlockDelivery& delivery) {
  if (!pipelined() || output_.resident) return false;
  if (output_.host_distances != nullptr && mapped_distances_ == nullptr) return false;
  delivery.distances = output_.host_distances == nullptr ? nullptr : mapped_distances_;
  // The formats enqueue_outputs would write.
  const bool int32 = query_.graph.weight_type != GSSSP_WEIGHT_FLOAT32;
  delivery.bytes = output_.narrow && int32 ? 2 : output_.compact ? 4 : 8;
  return true;
}

void FinalizeTail::enqueue(const void* stored_distances, bool counters_delivered) {
  if (!pipelined()) fail(GSSSP_ERROR_INTERNAL, "a query tail with predecessors cannot be enqueued early");
  if (query_.graph.weight_type == GSSSP_WEIGHT_FLOAT32) {
    enqueue_typed<Float32Distance>(query_, stored_distances, output_, enqueued_ > 0, counters_delivered);
  } else {
    enqueue_typed<Int32Distance>(query_, stored_distances, output_, enqueued_ > 0, counters_delivered);
  }
  ++enqueued_;
}

void FinalizeTail::while_running() {
  if (prefilled_bytes_ != 0 || enqueued_ > 0 || !ball_delivery(query_, output_)) return;
  const long long n = query_.graph.num_vertices;
  if (query_.graph.weight_type == GSSSP_WEIGHT_FLOAT32) {
    prefilled_bytes_ = asked_bytes<Float32Distance>(output_);
    fill_unreached<Float32Distance>(output_.host_distances, n, prefilled_bytes_);
  } else {
    prefilled_bytes_ = asked_bytes<Int32Distance>(output_);
    fill_unreached<Int32Distance>(output_.host_distances, n, prefilled_bytes_);
  }
}

FinalizeResult FinalizeTail::finish(const void* stored_distances, bool drained, bool stopped_at_targets) {
  const bool enqueued = enqueued_ > 0;
  if (query_.graph.weight_type == GSSSP_WEIGHT_FLOAT32) {
    return finish_typed<Float32Distance>(query_, stored_distances, output_, enqueued, drained, stopped_at_targets,
                                         prefilled_bytes_);
  }
  return finish_typed<Int32Distance>(query_, stored_distances, output_, enqueued, drained, stopped_at_targets,
                                     prefilled_bytes_);
}

uint64_t count_reached(Workspace& ws, int32_t weight_type, const void* stored, long long n, long long source,
                       const LaunchShape& launch) {
  const cudaStream_t stream = ws.stream();
  DeviceCounters* counters = ws.counters();
  GSSSP_CUDA_CHECK(cudaMemsetAsync(&counters->reached, 0, sizeof(unsigned long long), stream));
  if (weight_type == GSSSP_WEIGHT_FLOAT32) {
    count_reached_kernel<Float32Distance><<<launch.grid, launch.block, 0, stream>>>(
        n, source, static_cast<const Float32Distance::stored*>(stored), nullptr, &counters->reached, nullptr);
  } else {
    count_reached_kernel<Int32Distance><<<launch.grid, launch.block, 0, stream>>>(
        n, source, static_cast<const Int32Distance::stored*>(stored), nullptr, &counters->reached, nullptr);
  }
  GSSSP_CUDA_CHECK(cudaGetLastError());
  return ws.read_counters().reached;
}

}  // namespace gsssp
