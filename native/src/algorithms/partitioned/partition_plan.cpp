#include "algorithms/partitioned/partition_plan.hpp"

#include <algorithm>

#include "common/error.hpp"

namespace gsssp::partitioned {

int64_t PartitionPlan::total_bytes() const {
  int64_t total = 0;
  for (const PartPlan& p : parts) total += p.device_bytes;
  return total;
}

int PartitionPlan::owner(int64_t v) const {
  // The last part whose first vertex is <= v. Empty parts exist only at the end, starting at num_vertices > v.
  int lo = 0, hi = static_cast<int>(parts.size()) - 1;
  while (lo < hi) {
    const int mid = (lo + hi + 1) / 2;
    if (parts[static_cast<size_t>(mid)].first_vertex <= v) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

namespace {

// Graph-and-state bytes of the vertices [0, v): the prefix the cut balances.
int64_t prefix_cost(const gsssp_csr& csr, int64_t v, int64_t vertex_bytes) {
  return v * vertex_bytes + csr.offsets[v] * kEdgeBytes;
}

}  // namespace

PartitionPlan plan_partition(const gsssp_csr& csr, const int32_t* devices, int32_t device_count,
                             int64_t max_bytes_per_device) {
  if (device_count < 1 || device_count > kMaxParts) {
    fail(GSSSP_ERROR_INVALID_ARGUMENT,
         format("device_count %d is outside [1, %d] (one part per listed device)", device_count, kMaxParts));
  }
  if (devices == nullptr) fail(GSSSP_ERROR_INVALID_ARGUMENT, "devices is NULL");
  if (max_bytes_per_device < 0) {
    fail(GSSSP_ERROR_INVALID_ARGUMENT, format("max_bytes_per_device is negative (%lld); 0 means no cap",
                                              static_cast<long long>(max_bytes_per_device)));
  }
  const int64_t n = csr.num_vertices;
  const int64_t m = csr.num_edges;
  const int parts = device_count;
  const int64_t dist_bytes = distance_bytes(csr.weight_type);
  const int64_t vertex_bytes = kVertexBytes + dist_bytes;
  const int64_t message_bytes = 4 + dist_bytes;

  PartitionPlan plan;
  plan.num_vertices = n;
  plan.num_edges = m;
  plan.weight_type = csr.weight_type;
  plan.parts.resize(static_cast<size_t>(parts));

  // Cuts: cut[k] = the first vertex of part k; cut[parts] = n.
  std::vector<int64_t> cut(static_cast<size_t>(parts) + 1, 0);
  cut[static_cast<size_t>(parts)] = n;
  const int64_t total_cost = prefix_cost(csr, n, vertex_bytes);
  for (int k = 1; k < parts; ++k) {
    if (n < parts) {
      cut[static_cast<size_t>(k)] = std::min<int64_t>(k, n);
      continue;
    }
    // The smallest v with prefix_cost(v) >= k / parts of the total (prefix_cost is increasing in v).
    const long double goal = static_cast<long double>(total_cost) * k / parts;
    int64_t lo = 0, hi = n;
    while (lo < hi) {
      const int64_t mid = lo + (hi - lo) / 2;
      if (static_cast<long double>(prefix_cost(csr, mid, vertex_bytes)) >= goal) hi = mid;
      else lo = mid + 1;
    }
    // At least one vertex for this part and for each part after it.
    cut[static_cast<size_t>(k)] = std::clamp<int64_t>(lo, cut[static_cast<size_t>(k) - 1] + 1, n - (parts - k));
  }
  for (int k = 0; k < parts; ++k) {
    PartPlan& p = plan.parts[static_cast<size_t>(k)];
    p.device = devices[k];
    p.first_vertex = cut[static_cast<size_t>(k)];
    p.end_vertex = cut[static_cast<size_t>(k) + 1];
    p.edges = csr.offsets[p.end_vertex] - csr.offsets[p.first_vertex];
    p.cross_to.assign(static_cast<size_t>(parts), 0);
  }
  if (n < parts) {
    plan.note = format("the graph has %lld vertices for %d parts: parts %lld to %d are empty (no vertices, no memory)",
                       static_cast<long long>(n), parts, static_cast<long long>(n), parts - 1);
  }

  // Cross edges, and the average weight for Delta, in one pass over the edges.
  double weight_sum = 0.0;
  for (int k = 0; k < parts; ++k) {
    PartPlan& p = plan.parts[static_cast<size_t>(k)];
    for (int64_t e = csr.offsets[p.first_vertex]; e < csr.offsets[p.end_vertex]; ++e) {
      const int q = plan.owner(csr.targets[e]);
      if (q != k) ++p.cross_to[static_cast<size_t>(q)];
      weight_sum += csr.weight_type == GSSSP_WEIGHT_FLOAT32 ? static_cast<double>(static_cast<const float*>(csr.weights)[e])
                                                            : static_cast<double>(static_cast<const int32_t*>(csr.weights)[e]);
    }
  }
  plan.average_weight = m > 0 ? weight_sum / static_cast<double>(m) : 0.0;
  for (int k = 0; k < parts; ++k) {
    PartPlan& p = plan.parts[static_cast<size_t>(k)];
    p.out_slots.assign(static_cast<size_t>(parts), 0);
    for (int q = 0; q < parts; ++q) {
      PartPlan& owner = plan.parts[static_cast<size_t>(q)];
      const int64_t cross = p.cross_to[static_cast<size_t>(q)];
      p.cross_out += cross;
      owner.cross_in += cross;
      // combined per target: at most one message per vertex of q a round
      p.out_slots[static_cast<size_t>(q)] = std::min(cross, owner.vertices());
      p.outbox_slots += p.out_slots[static_cast<size_t>(q)];
      owner.inbox_slots += p.out_slots[static_cast<size_t>(q)];
    }
  }
  for (PartPlan& p : plan.parts) {
    if (p.vertices() == 0) continue;  // an empty part allocates nothing
    p.graph_bytes = (p.vertices() + 1) * 8 + p.edges * kEdgeBytes;
    p.state_bytes = p.vertices() * (vertex_bytes - 8) + kPartFixedBytes - 8 + chunk_slots(p.edges) * kChunkEntryBytes;
    p.exchange_bytes = (p.outbox_slots + p.inbox_slots) * message_bytes +
                       (parts > 1 ? plan.num_vertices * (dist_bytes + 4) : 0);
    p.device_bytes = p.graph_bytes + p.state_bytes + p.exchange_bytes;
  }

  if (max_bytes_per_device > 0) {
    for (int k = 0; k < parts; ++k) {
      const PartPlan& p = plan.parts[static_cast<size_t>(k)];
      if (p.device_bytes <= max_bytes_per_device) continue;
      const int64_t total = plan.total_bytes();
      fail(GSSSP_ERROR_OUT_OF_DEVICE_MEMORY,
           format("part %d of %d (device %d, vertices [%lld, %lld), %lld edges, %lld cross edges) needs %lld bytes "
                  "(graph %lld, state %lld, exchange %lld) but max_bytes_per_device is %lld; the %d parts need %lld "
                  "bytes in all (largest part %lld), so more devices or a larger cap are needed",
                  k, parts, p.device, static_cast<long long>(p.first_vertex), static_cast<long long>(p.end_vertex),
                  static_cast<long long>(p.edges), static_cast<long long>(p.cross_out),
                  static_cast<long long>(p.device_bytes), static_cast<long long>(p.graph_bytes),
                  static_cast<long long>(p.state_bytes), static_cast<long long>(p.exchange_bytes),
                  static_cast<long long>(max_bytes_per_device), parts, static_cast<long long>(total),
                  static_cast<long long>(std::max_element(plan.parts.begin(), plan.parts.end(),
                                                          [](const PartPlan& a, const PartPlan& b) {
                                                            return a.device_bytes < b.device_bytes;
                                                          })->device_bytes)));
    }
  }
  return plan;
}

}  // namespace gsssp::partitioned
