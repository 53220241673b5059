#include "algorithms/partitioned/partitioned.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstddef>
#include <cstring>
#include <limits>
#include <utility>

#include "algorithms/partitioned/nccl_exchange.hpp"
#include "algorithms/partitioned/partitioned_kernels.cuh"
#include "algorithms/partitioned/partitioned_policy.hpp"
#include "common/cuda_check.hpp"
#include "common/device_buffer.hpp"
#include "common/predecessors.cuh"  // to_output_kernel
#include "common/rounds.hpp"  // throw_if_cancelled, throw_not_converged
#include "graph/delta_estimate.hpp"

namespace gsssp::partitioned {

// One part's device memory, stream and host mirror of its counters. Everything lives on `device`.
struct Part {
  int index = 0;
  int device = 0;
  int64_t first = 0;
  int64_t count = 0;
  int grid = 1;  // grid-stride kernels: kBlocksPerSm blocks per SM
  int sms = 1;
  DeviceBuffer offsets, targets, weights;
  DeviceBuffer dist, tag, pending, lists, counters, chunks;
  DeviceBuffer out_targets, out_dist, in_targets, in_dist;
  DeviceBuffer sent_dist, sent_tag;  // by global vertex: the best candidate sent, the round it was queued
  std::vector<long long> out_base;      // by destination part
  std::vector<long long> out_capacity;  // by destination part
  std::unique_ptr<Stream> stream;
  PinnedBuffer host_counters;

  Counters& read() const { return *static_cast<Counters*>(host_counters.get()); }
  cudaStream_t s() const { return stream->get(); }
};

namespace {

void set_device(int device) { GSSSP_CUDA_CHECK(cudaSetDevice(device)); }

// Every active part's stream drained.
void synchronize(const std::vector<Part*>& parts) {
  for (Part* p : parts) {
    set_device(p->device);
    GSSSP_CUDA_CHECK(cudaStreamSynchronize(p->s()));
  }
}

// The most blocks of `kernel` that the part's device holds at once with `block` threads: the expansion kernels'
// grid. They wait on memory, so they are launched to fill every SM (ptxas gives expand_kernel 36 registers a thread
// and chunk_kernel 27 on sm_90: more than kBlocksPerSm's 4 blocks of 256 fit), and no more, since their grid-stride
// loops would leave the blocks past one wave to start after the first ones finish.
int resident_grid(const void* kernel, int block, const Part& p) {
  int per_sm = 0;
  if (cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, block, 0) != cudaSuccess) {
    (void)cudaGetLastError();
    per_sm = kBlocksPerSm;
  }
  return std::max(1, per_sm) * p.sms;
}

void copy_counters(Part& p) {
  GSSSP_CUDA_CHECK(cudaMemcpyAsync(p.host_counters.get(), p.counters.get(), sizeof(Counters),
                                   cudaMemcpyDeviceToHost, p.s()));
}

}  // namespace

PartitionedGraph::PartitionedGraph(const gsssp_csr& csr, PartitionPlan plan, gsssp_partition_exchange exchange)
    : plan_(std::move(plan)), exchange_(exchange) {
  const int parts = static_cast<int>(plan_.parts.size());
  const int64_t dist_bytes = distance_bytes(csr.weight_type);
  const size_t weight_size = csr.weight_type == GSSSP_WEIGHT_FLOAT32 ? sizeof(float) : sizeof(int32_t);

  // Each device's parts against its free memory, before any allocation.
  std::vector<int> seen;
  for (const PartPlan& p : plan_.parts) {
    if (std::find(seen.begin(), seen.end(), p.device) != seen.end()) continue;
    seen.push_back(p.device);
    int64_t needed = 0;
    int count = 0;
    for (const PartPlan& q : plan_.parts) {
      if (q.device == p.device) needed += q.device_bytes, ++count;
    }
    set_device(p.device);
    size_t free_bytes = 0, total_bytes = 0;
    if (cudaMemGetInfo(&free_bytes, &total_bytes) != cudaSuccess) {
      (void)cudaGetLastError();
    } else if (static_cast<size_t>(needed) > free_bytes) {
      fail(GSSSP_ERROR_OUT_OF_DEVICE_MEMORY,
           format("the %d part(s) on device %d need %lld bytes and %zu of its %zu bytes are free", count, p.device,
                  static_cast<long long>(needed), free_bytes, total_bytes));
    }
  }

  // Peer access between every two distinct devices that exchange messages; where it cannot be enabled the copies
  // go through the host (cudaMemcpyPeerAsync stages them), so the search is still correct, only slower.
  for (int a = 0; a < parts; ++a) {
    for (int b = 0; b < parts; ++b) {
      const PartPlan& pa = plan_.parts[static_cast<size_t>(a)];
      const PartPlan& pb = plan_.parts[static_cast<size_t>(b)];
      if (pa.device == pb.device || pa.cross_to[static_cast<size_t>(b)] == 0) continue;
      int can = 0;
      GSSSP_CUDA_CHECK(cudaDeviceCanAccessPeer(&can, pb.device, pa.device));  // b's stream copies from a
      if (can == 0) {
        all_peer_ = false;
        continue;
      }
      set_device(pb.device);
      const cudaError_t error = cudaDeviceEnablePeerAccess(pa.device, 0);
      if (error != cudaSuccess) {
        (void)cudaGetLastError();
        if (error != cudaErrorPeerAccessAlreadyEnabled) all_peer_ = false;
      }
    }
  }

  // NCCL's communicators, rank k on part k's device, before the parts' memory (NCCL takes some of its own on each).
  if (exchange_ == GSSSP_EXCHANGE_NCCL) {
    std::vector<int> devices;
    for (const PartPlan& p : plan_.parts) devices.push_back(p.device);
    nccl_ = std::make_unique<NcclExchange>(devices);
  }

  std::vector<int64_t> local_offsets;
  for (int k = 0; k < parts; ++k) {
    const PartPlan& plan = plan_.parts[static_cast<size_t>(k)];
    auto part = std::make_unique<Part>();
    part->index = k;
    part->device = plan.device;
    part->first = plan.first_vertex;
    part->count = plan.vertices();
    part->out_base.assign(kMaxParts, 0);
    part->out_capacity.assign(kMaxParts, 0);
    if (part->count == 0) {
      parts_.push_back(std::move(part));
      continue;
    }
    set_device(plan.device);
    int sms = 1;
    GSSSP_CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, plan.device));
    part->sms = std::max(1, sms);
    part->grid = std::max(1, sms * kBlocksPerSm);
    const size_t n = static_cast<size_t>(part->count);
    const size_t m = static_cast<size_t>(plan.edges);
    const int64_t edge0 = csr.offsets[plan.first_vertex];
    part->offsets = DeviceBuffer((n + 1) * sizeof(int64_t), "partition offsets");
    part->targets = DeviceBuffer(m * sizeof(int32_t), "partition targets");
    part->weights = DeviceBuffer(m * weight_size, "partition weights");
    part->dist = DeviceBuffer(n * static_cast<size_t>(dist_bytes), "partition distances");
    part->tag = DeviceBuffer(n * sizeof(unsigned int), "partition near tags");
    part->pending = DeviceBuffer(n, "partition pending flags");
    part->lists = DeviceBuffer(2 * n * sizeof(int32_t), "partition near lists");
    part->counters = DeviceBuffer(sizeof(Counters), "partition counters");
    part->chunks = DeviceBuffer(static_cast<size_t>(chunk_slots(plan.edges)) * sizeof(int2), "partition chunk list");
    part->out_targets = DeviceBuffer(static_cast<size_t>(plan.outbox_slots) * sizeof(int32_t), "partition outbox targets");
    part->out_dist = DeviceBuffer(static_cast<size_t>(plan.outbox_slots) * static_cast<size_t>(dist_bytes),
                                  "partition outbox distances");
    part->in_targets = DeviceBuffer(static_cast<size_t>(plan.inbox_slots) * sizeof(int32_t), "partition inbox targets");
    part->in_dist = DeviceBuffer(static_cast<size_t>(plan.inbox_slots) * static_cast<size_t>(dist_bytes),
                                 "partition inbox distances");
    if (parts > 1) {
      const size_t all = static_cast<size_t>(plan_.num_vertices);
      part->sent_dist = DeviceBuffer(all * static_cast<size_t>(dist_bytes), "partition best-sent candidates");
      part->sent_tag = DeviceBuffer(all * sizeof(unsigned int), "partition best-sent round tags");
    }
    long long at = 0;
    for (int q = 0; q < parts; ++q) {
      part->out_base[static_cast<size_t>(q)] = at;
      part->out_capacity[static_cast<size_t>(q)] = plan.out_slots[static_cast<size_t>(q)];
      at += plan.out_slots[static_cast<size_t>(q)];
    }
    part->stream = std::make_unique<Stream>();
    part->host_counters = PinnedBuffer(sizeof(Counters));

    local_offsets.resize(n + 1);
    for (size_t v = 0; v <= n; ++v) local_offsets[v] = csr.offsets[plan.first_vertex + static_cast<int64_t>(v)] - edge0;
    GSSSP_CUDA_CHECK(cudaMemcpy(part->offsets.get(), local_offsets.data(), (n + 1) * sizeof(int64_t),
                                cudaMemcpyHostToDevice));
    if (m > 0) {
      GSSSP_CUDA_CHECK(cudaMemcpy(part->targets.get(), csr.targets + edge0, m * sizeof(int32_t), cudaMemcpyHostToDevice));
      GSSSP_CUDA_CHECK(cudaMemcpy(part->weights.get(), static_cast<const char*>(csr.weights) + edge0 * weight_size,
                                  m * weight_size, cudaMemcpyHostToDevice));
    }
    parts_.push_back(std::move(part));
  }
}

PartitionedGraph::~PartitionedGraph() {
  // The communicators first (no query is running: the caller waited), then each part's memory and stream, freed with
  // its device current; errors are ignored (the handle goes anyway).
  nccl_.reset();
  for (auto& part : parts_) {
    if (cudaSetDevice(part->device) != cudaSuccess) (void)cudaGetLastError();
    part.reset();
  }
}

namespace {

template <class D>
PartArgs<D> part_args(const Part& p, const PartitionPlan& plan, int list) {
  PartArgs<D> a{};
  a.first = p.first;
  a.count = p.count;
  a.offsets = p.offsets.as<const int64_t>();
  a.targets = p.targets.as<const int32_t>();
  a.weights = p.weights.as<const typename D::weight>();
  a.dist = p.dist.as<typename D::stored>();
  a.tag = p.tag.as<unsigned int>();
  a.pending = p.pending.as<unsigned char>();
  a.next = p.lists.as<int32_t>() + static_cast<size_t>(list) * static_cast<size_t>(p.count);
  a.counters = p.counters.as<Counters>();
  a.chunks = p.chunks.as<int2>();
  a.out_targets = p.out_targets.as<int32_t>();
  a.out_dist = p.out_dist.as<typename D::stored>();
  a.sent_dist = p.sent_dist.as<typename D::stored>();
  a.sent_tag = p.sent_tag.as<unsigned int>();
  a.num_vertices = plan.num_vertices;
  a.parts = static_cast<int>(plan.parts.size());
  a.self = p.index;
  for (int q = 0; q < a.parts; ++q) {
    a.out_base[q] = p.out_base[static_cast<size_t>(q)];
    a.out_capacity[q] = p.out_capacity[static_cast<size_t>(q)];
    a.part_first[q] = plan.parts[static_cast<size_t>(q)].first_vertex;
  }
  a.part_first[a.parts] = plan.num_vertices;
  return a;
}

// Resets the round's counters: the next list's size, the chunk list's and the outbox counts.
void reset_round_counters(Part& p) {
  auto* c = p.counters.as<char>();
  static_assert(offsetof(Counters, chunk_count) == offsetof(Counters, next_size) + sizeof(unsigned long long),
                "one memset clears both");
  GSSSP_CUDA_CHECK(cudaMemsetAsync(c + offsetof(Counters, next_size), 0, 2 * sizeof(unsigned long long), p.s()));
  GSSSP_CUDA_CHECK(cudaMemsetAsync(c + offsetof(Counters, out_count), 0, sizeof(unsigned long long) * kMaxParts, p.s()));
}

// The bound of the bucket that starts at the smallest pending distance: m + Delta, strictly above m.
inline unsigned long long next_bound(Int32Distance, unsigned long long m, long long delta) {
  const long long low = Int32Distance::decode(static_cast<Int32Distance::stored>(m));
  if (low > std::numeric_limits<long long>::max() - delta) return Int32Distance::kInfinity;
  return Int32Distance::encode(low + delta);
}
inline unsigned long long next_bound(Float32Distance, unsigned long long m, float delta) {
  const float low = Float32Distance::decode(static_cast<Float32Distance::stored>(m));
  float high = low + delta;
  if (!(high > low)) high = std::nextafter(low, std::numeric_limits<float>::infinity());
  return Float32Distance::encode(high);  // +inf encodes as kInfinity: every finite candidate is below it
}

// Some float32 sum overflowed during the search: fails with GSSSP_ERROR_OVERFLOW if a reached vertex has an
// unreached successor (the overflow then hid a finite path), as the other algorithms' query tail decides. Rare, so
// the bitmap of reached vertices is allocated here, on each part's device, the one allocation a query may make.
template <class D>
void check_overflow(const PartitionPlan& plan, const std::vector<Part*>& parts, const typename D::output* out,
                    int block) {
  std::vector<unsigned int> bits(static_cast<size_t>((plan.num_vertices + 31) / 32), 0u);
  for (int64_t v = 0; v < plan.num_vertices; ++v) {
    if (!std::isinf(static_cast<double>(out[v]))) bits[static_cast<size_t>(v >> 5)] |= 1u << (v & 31);
  }
  std::vector<DeviceBuffer> copies;
  for (Part* p : parts) {
    set_device(p->device);
    copies.emplace_back(bits.size() * sizeof(unsigned int), "partition overflow check bitmap");
    GSSSP_CUDA_CHECK(cudaMemcpyAsync(copies.back().get(), bits.data(), bits.size() * sizeof(unsigned int),
                                     cudaMemcpyHostToDevice, p->s()));
    GSSSP_CUDA_CHECK(cudaMemsetAsync(p->counters.as<char>() + offsetof(Counters, overflow), 0,
                                     sizeof(unsigned long long), p->s()));
    overflow_check_kernel<D><<<p->grid, block, 0, p->s()>>>(part_args<D>(*p, plan, 0),
                                                            copies.back().as<const unsigned int>());
    GSSSP_CUDA_CHECK(cudaGetLastError());
    copy_counters(*p);
  }
  synchronize(parts);
  for (Part* p : parts) {
    if (p->read().overflow != 0) {
      fail(GSSSP_ERROR_OVERFLOW, "a float32 distance overflowed: a reachable vertex's shortest path sums to more "
                                 "than the largest float");
    }
  }
  for (size_t k = 0; k < parts.size(); ++k) {  // each copy freed with its device current
    set_device(parts[k]->device);
    copies[k].reset();
  }
}

template <class D>
QueryReport run_typed(const PartitionPlan& plan, std::vector<std::unique_ptr<Part>>& all, const NcclExchange* nccl,
                      int64_t source, const gsssp_options& options, void* distances,
                      const std::atomic<bool>& cancelled) {
  using stored = typename D::stored;
  using value = typename D::value;
  const auto start = std::chrono::steady_clock::now();
  QueryReport report;
  report.messages_out.assign(all.size(), 0);
  const int block = options.block_size != 0 ? options.block_size : kBlock;
  const size_t message_bytes = sizeof(int32_t) + sizeof(stored);

  // Delta (header): the caller's, else C * W / D over the whole graph.
  double requested = options.delta_stepping.delta;
  if (!(requested > 0.0 && std::isfinite(requested))) {
    const double c = options.delta_stepping.delta_constant > 0.0 ? options.delta_stepping.delta_constant
                                                                 : kDeltaConstant;
    const double degree = plan.num_vertices > 0 ? static_cast<double>(plan.num_edges) / plan.num_vertices : 0.0;
    requested = c * plan.average_weight / std::max(degree, 1e-9);
    if (!(requested > 0.0 && std::isfinite(requested))) requested = 1.0;
  }
  const value delta = graph::effective_delta(value{}, requested);
  report.delta = static_cast<double>(delta);

  std::vector<Part*> parts;  // the parts with vertices
  for (auto& p : all) {
    if (p->count > 0) parts.push_back(p.get());
  }
  const int trace_capacity =
      options.trace != nullptr ? static_cast<int>(std::min<int64_t>(options.trace_capacity, 1 << 30)) : 0;

  int list = 0;              // the lists[list] half of each part is the frontier, the other half the next list
  unsigned int fill_tag = 0;
  unsigned long long bound = D::kZero;  // nothing is near before the first bucket
  std::vector<unsigned long long> frontier(all.size(), 0);
  std::vector<int> expand_grid(all.size(), 1), chunk_grid(all.size(), 1);
  std::vector<NcclExchange::Segment> segments;  // a round's nonempty outbox segments, by owner then sender
  std::vector<size_t> received(all.size(), 0);  // by part: the messages in its inbox this round

  for (Part* p : parts) {
    set_device(p->device);
    const size_t k = static_cast<size_t>(p->index);
    expand_grid[k] = resident_grid(reinterpret_cast<const void*>(&expand_kernel<D>), block, *p);
    chunk_grid[k] = resident_grid(reinterpret_cast<const void*>(&chunk_kernel<D>), block, *p);
    GSSSP_CUDA_CHECK(cudaMemsetAsync(p->counters.get(), 0, sizeof(Counters), p->s()));
    init_kernel<D><<<p->grid, block, 0, p->s()>>>(part_args<D>(*p, plan, 0), source);
    GSSSP_CUDA_CHECK(cudaGetLastError());
    if (parts.size() > 1) {
      init_sent_kernel<D><<<p->grid, block, 0, p->s()>>>(part_args<D>(*p, plan, 0));
      GSSSP_CUDA_CHECK(cudaGetLastError());
    }
  }

  for (;;) {
    throw_if_cancelled(cancelled);
    unsigned long long total = 0;
    for (Part* p : parts) total += frontier[static_cast<size_t>(p->index)];

    if (total == 0) {
      // A bucket is done: the next bound from the smallest pending distance over all parts, or the end.
      for (Part* p : parts) {
        set_device(p->device);
        GSSSP_CUDA_CHECK(cudaMemsetAsync(p->counters.as<char>() + offsetof(Counters, min_pending), 0xff,
                                         sizeof(unsigned long long), p->s()));
        pending_min_kernel<D><<<p->grid, block, 0, p->s()>>>(part_args<D>(*p, plan, list));
        GSSSP_CUDA_CHECK(cudaGetLastError());
        copy_counters(*p);
      }
      synchronize(parts);
      unsigned long long lowest = ~0ull;
      for (Part* p : parts) lowest = std::min(lowest, p->read().min_pending);
      if (lowest == ~0ull) break;
      bound = next_bound(D{}, lowest, delta);
      ++report.buckets;
      ++fill_tag;
      for (Part* p : parts) {
        set_device(p->device);
        reset_round_counters(*p);
        PartArgs<D> a = part_args<D>(*p, plan, list ^ 1);
        a.bound = static_cast<stored>(bound);
        a.fill_tag = fill_tag;
        collect_kernel<D><<<p->grid, block, 0, p->s()>>>(a);
        GSSSP_CUDA_CHECK(cudaGetLastError());
        copy_counters(*p);
      }
      synchronize(parts);
      for (Part* p : parts) frontier[static_cast<size_t>(p->index)] = p->read().next_size;
      list ^= 1;
      continue;
    }

    // A round: expand every frontier, exchange the messages, apply them.
    if (options.max_iterations > 0 && report.rounds >= options.max_iterations) {
      throw_not_converged("the partitioned search", report.rounds, true);
    }
    ++report.rounds;
    report.vertex_visits += static_cast<int64_t>(total);
    if (report.trace_length < trace_capacity) {
      gsssp_trace_sample& sample = options.trace[report.trace_length++];
      sample.time_us = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start).count();
      sample.work = static_cast<int64_t>(total);
    }
    ++fill_tag;
    for (Part* p : parts) {
      set_device(p->device);
      reset_round_counters(*p);
      const unsigned long long size = frontier[static_cast<size_t>(p->index)];
      if (size > 0) {
        PartArgs<D> a = part_args<D>(*p, plan, list ^ 1);
        a.bound = static_cast<stored>(bound);
        a.fill_tag = fill_tag;
        const int32_t* current = p->lists.as<int32_t>() + static_cast<size_t>(list) * static_cast<size_t>(p->count);
        const int grid = static_cast<int>(std::min<unsigned long long>(expand_grid[static_cast<size_t>(p->index)],
                                                                       (size + block - 1) / block));
        expand_kernel<D><<<grid, block, 0, p->s()>>>(a, current, static_cast<long long>(size));
        GSSSP_CUDA_CHECK(cudaGetLastError());
        chunk_kernel<D><<<chunk_grid[static_cast<size_t>(p->index)], block, 0, p->s()>>>(a);
        GSSSP_CUDA_CHECK(cudaGetLastError());
        if (parts.size() > 1) {
          pack_kernel<D><<<p->grid, block, 0, p->s()>>>(a);
          GSSSP_CUDA_CHECK(cudaGetLastError());
        }
      }
      copy_counters(*p);
    }
    synchronize(parts);
    for (Part* p : parts) {
      const Counters& c = p->read();
      if (c.out_overflow != 0) {
        fail(GSSSP_ERROR_INTERNAL, format("part %d's outbox overflowed its planned cross edges (a bug)", p->index));
      }
    }
    // Outbox segments to their owners' inboxes, then the owners apply them. Each owner's inbox is filled in part
    // order, skipping itself, by either exchange.
    segments.clear();
    for (Part* q : parts) {
      size_t at = 0;
      for (Part* p : parts) {
        if (p == q) continue;
        const unsigned long long count = p->read().out_count[q->index];
        if (count == 0) continue;
        const size_t base = static_cast<size_t>(p->out_base[static_cast<size_t>(q->index)]);
        NcclExchange::Segment s;
        s.from = p->index;
        s.to = q->index;
        s.count = static_cast<size_t>(count);
        s.source_targets = p->out_targets.as<const char>() + base * sizeof(int32_t);
        s.source_distances = p->out_dist.as<const char>() + base * sizeof(stored);
        s.inbox_targets = q->in_targets.as<char>() + at * sizeof(int32_t);
        s.inbox_distances = q->in_dist.as<char>() + at * sizeof(stored);
        s.from_stream = p->s();
        s.to_stream = q->s();
        segments.push_back(s);
        at += count;
        report.messages_out[static_cast<size_t>(p->index)] += static_cast<int64_t>(count);
      }
      if (at > static_cast<size_t>(q->in_targets.bytes() / sizeof(int32_t))) {
        fail(GSSSP_ERROR_INTERNAL, format("part %d's inbox overflowed its planned cross edges (a bug)", q->index));
      }
      received[static_cast<size_t>(q->index)] = at;
    }
    if (nccl != nullptr) {
      nccl->exchange(segments, sizeof(stored));  // sends on the senders' streams, receives on the owners'
    } else {
      for (const NcclExchange::Segment& s : segments) {  // copies on the owner's stream, from its peer's outbox
        const Part* p = all[static_cast<size_t>(s.from)].get();
        const Part* q = all[static_cast<size_t>(s.to)].get();
        set_device(q->device);
        if (p->device == q->device) {
          GSSSP_CUDA_CHECK(cudaMemcpyAsync(s.inbox_targets, s.source_targets, s.count * sizeof(int32_t),
                                           cudaMemcpyDeviceToDevice, q->s()));
          GSSSP_CUDA_CHECK(cudaMemcpyAsync(s.inbox_distances, s.source_distances, s.count * sizeof(stored),
                                           cudaMemcpyDeviceToDevice, q->s()));
        } else {
          GSSSP_CUDA_CHECK(cudaMemcpyPeerAsync(s.inbox_targets, q->device, s.source_targets, p->device,
                                               s.count * sizeof(int32_t), q->s()));
          GSSSP_CUDA_CHECK(cudaMemcpyPeerAsync(s.inbox_distances, q->device, s.source_distances, p->device,
                                               s.count * sizeof(stored), q->s()));
        }
      }
    }
    for (Part* q : parts) {
      set_device(q->device);
      const size_t at = received[static_cast<size_t>(q->index)];
      report.messages += static_cast<int64_t>(at);
      report.exchange_bytes += static_cast<int64_t>(at * message_bytes);
      if (at > 0) {
        PartArgs<D> a = part_args<D>(*q, plan, list ^ 1);
        a.bound = static_cast<stored>(bound);
        a.fill_tag = fill_tag;
        const int grid = static_cast<int>(std::min<size_t>(q->grid, (at + block - 1) / block));
        apply_kernel<D><<<grid, block, 0, q->s()>>>(a, q->in_targets.as<const int32_t>(), q->in_dist.as<const stored>(),
                                                    static_cast<long long>(at));
        GSSSP_CUDA_CHECK(cudaGetLastError());
      }
      // The next list's final size (the apply's pushes after the expand's).
      GSSSP_CUDA_CHECK(cudaMemcpyAsync(static_cast<char*>(q->host_counters.get()) + offsetof(Counters, next_size),
                                       q->counters.as<char>() + offsetof(Counters, next_size),
                                       sizeof(unsigned long long), cudaMemcpyDeviceToHost, q->s()));
    }
    synchronize(parts);
    for (Part* p : parts) frontier[static_cast<size_t>(p->index)] = p->read().next_size;
    list ^= 1;
  }

  for (Part* p : parts) {
    set_device(p->device);
    copy_counters(*p);
  }
  synchronize(parts);
  report.time_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  bool overflowed = false;
  for (Part* p : parts) {
    const Counters& c = p->read();
    report.edges_relaxed += static_cast<int64_t>(c.edges);
    overflowed = overflowed || c.overflow != 0;
  }
  report.trace_length = std::min<int64_t>(report.trace_length, trace_capacity);

  // Distances back: each part writes gsssp.h's 8-byte format into its near lists (2n int32 slots, free once the
  // search is over: exactly n 8-byte values) and copies them straight into the caller's array, counting the
  // reached vertices on the way. Why not the host: decoding 67M values through a bounded host buffer on one thread
  // cost about half of an R-MAT 26 query's time (docs/performance.md).
  auto* out = static_cast<typename D::output*>(distances);
  static_assert(sizeof(typename D::output) == 2 * sizeof(int32_t), "the near lists hold the output");
  for (Part* p : parts) {
    set_device(p->device);
    auto* c = p->counters.as<char>();
    GSSSP_CUDA_CHECK(cudaMemsetAsync(c + offsetof(Counters, reached), 0, sizeof(unsigned long long), p->s()));
    auto* staged = p->lists.as<typename D::output>();
    to_output_kernel<D><<<p->grid, block, 0, p->s()>>>(p->count, p->dist.as<const stored>(), staged,
                                                        &p->counters.as<Counters>()->reached);
    GSSSP_CUDA_CHECK(cudaGetLastError());
    GSSSP_CUDA_CHECK(cudaMemcpyAsync(out + p->first, staged, static_cast<size_t>(p->count) * sizeof(typename D::output),
                                     cudaMemcpyDeviceToHost, p->s()));
    copy_counters(*p);
  }
  synchronize(parts);
  for (Part* p : parts) report.vertices_reached += static_cast<int64_t>(p->read().reached);
  if (overflowed) check_overflow<D>(plan, parts, out, block);
  return report;
}

}  // namespace

QueryReport PartitionedGraph::run(int64_t source, const gsssp_options& options, void* distances,
                                  const std::atomic<bool>& cancelled) {
  if (plan_.weight_type == GSSSP_WEIGHT_FLOAT32) {
    return run_typed<Float32Distance>(plan_, parts_, nccl_.get(), source, options, distances, cancelled);
  }
  return run_typed<Int32Distance>(plan_, parts_, nccl_.get(), source, options, distances, cancelled);
}

int PartitionedGraph::nccl_version() const { return nccl_ != nullptr ? nccl_->library().version() : 0; }

}  // namespace gsssp::partitioned
