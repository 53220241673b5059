// The native tests' and the timing tool's shared parts (support.hpp).
#include "support.hpp"

namespace gsssp_test {

// ---- reporting ------------------------------------------------------------------------------------

std::atomic<int64_t> g_passed{0};
std::atomic<int64_t> g_failed{0};

namespace {
void print_failure(const std::string& message) {
  if (g_failed.load() <= 60) {
    std::printf("FAIL: %s\n", message.c_str());
    std::fflush(stdout);
  }
}
std::atomic<FailureSink> g_sink{print_failure};
}  // namespace

void set_failure_sink(FailureSink sink) { g_sink.store(sink != nullptr ? sink : print_failure); }

__attribute__((format(printf, 2, 3))) bool check(bool ok, const char* fmt, ...) {
  if (ok) {
    g_passed.fetch_add(1, std::memory_order_relaxed);
    return true;
  }
  g_failed.fetch_add(1);
  char message[1024];
  va_list args;
  va_start(args, fmt);
  std::vsnprintf(message, sizeof(message), fmt, args);
  va_end(args);
  g_sink.load()(message);
  return false;
}

bool check_status(int got, int want, const char* what) {
  return check(got == want, "%s: status %d, expected %d (%s)", what, got, want, gsssp_last_error());
}

double now_ms() {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// ---- graphs ---------------------------------------------------------------------------------------




std::vector<int64_t> csr_from_edges(const EdgeList& list, Graph& g) {
  g.n = list.n;
  g.offsets.assign(static_cast<size_t>(list.n) + 1, 0);
  for (const auto& e : list.edges) ++g.offsets[e.first + 1];
  for (int64_t v = 0; v < list.n; ++v) g.offsets[v + 1] += g.offsets[v];
  std::vector<int64_t> next(g.offsets.begin(), g.offsets.end() - 1);
  std::vector<int64_t> order(list.edges.size());
  g.targets.resize(list.edges.size());
  for (size_t i = 0; i < list.edges.size(); ++i) {
    order[i] = next[list.edges[i].first]++;
    g.targets[order[i]] = list.edges[i].second;
  }
  return order;
}

Graph overflow_graph() {
  Graph o;
  o.name = "overflow";
  o.n = 3;
  o.is_float = true;
  o.offsets = {0, 1, 2, 2};
  o.targets = {1, 2};
  o.float_weights = {3e38f, 3e38f};
  return o;
}

gsssp_options target_options(const std::vector<int32_t>& targets) {
  gsssp_options o;
  gsssp_options_init(&o);
  o.compute_predecessors = 0;
  o.targets = targets.data();
  o.target_count = static_cast<int64_t>(targets.size());
  return o;
}

// A Galois binary .gr (version 1, 4-byte edge values; what `gsssp generate` writes), int weights unless gsssp's
// trailer says F32. False when the file is not one (e.g. a DIMACS text .gr) or is cut short.
bool load_galois(const std::string& path, Graph& g) {
  FILE* file = std::fopen(path.c_str(), "rb");
  if (file == nullptr) return false;
  uint64_t header[4] = {0, 0, 0, 0};
  bool ok = std::fread(header, sizeof(uint64_t), 4, file) == 4 && header[0] == 1 && header[1] == 4 &&
            header[2] < (uint64_t{1} << 31) && header[3] < (uint64_t{1} << 40);
  if (ok) {
    const int64_t n = static_cast<int64_t>(header[2]), m = static_cast<int64_t>(header[3]);
    g.n = n;
    g.offsets.assign(static_cast<size_t>(n) + 1, 0);
    g.targets.resize(static_cast<size_t>(m));
    std::vector<uint64_t> ends(static_cast<size_t>(n));
    ok = std::fread(ends.data(), sizeof(uint64_t), ends.size(), file) == ends.size() &&
         std::fread(g.targets.data(), sizeof(int32_t), g.targets.size(), file) == g.targets.size();
    for (int64_t v = 0; ok && v < n; ++v) g.offsets[v + 1] = static_cast<int64_t>(ends[v]);
    uint32_t pad = 0;
    if (ok && (m & 1) == 1) ok = std::fread(&pad, 4, 1, file) == 1;
    std::vector<int32_t> values(static_cast<size_t>(m));
    if (ok) ok = std::fread(values.data(), sizeof(int32_t), values.size(), file) == values.size();
    char trailer[17] = {0};
    const bool has_trailer = ok && std::fread(trailer, 1, 16, file) == 16;
    g.is_float = has_trailer && std::strncmp(trailer, "GSSSP-WEIGHT-F32", 16) == 0;
    if (g.is_float) {
      g.float_weights.resize(values.size());
      std::memcpy(g.float_weights.data(), values.data(), values.size() * sizeof(float));
    } else {
      g.int_weights = std::move(values);
    }
    ok = ok && g.offsets[n] == m;
    g.name = path;
  }
  std::fclose(file);
  if (!ok) g = Graph{};
  return ok;
}

bool read_graph(const std::string& path, Graph& g) {
  const bool generated = path.rfind("gen:", 0) == 0;
  if (generated ? generate_named(path.substr(4), g) : (load_galois(path, g) || load_dimacs(path, g))) return true;
  std::fprintf(stderr, "cannot read or generate graph %s\n", path.c_str());
  return false;
}

// CSR from an edge list (counting sort by source, stable) with weights drawn by `rule`.
Graph build(std::string name, const EdgeList& list, const WeightRule& rule, std::mt19937_64& rng) {
  Graph g;
  g.name = std::move(name);
  g.n = list.n;
  g.is_float = rule.is_float;
  csr_from_edges(list, g);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  std::uniform_int_distribution<int32_t> ints(1, std::max(1, rule.max_int));
  const size_t m = list.edges.size();
  if (rule.is_float) {
    g.float_weights.resize(m);
    for (auto& w : g.float_weights) {
      const double r = unit(rng);
      if (r < rule.zero_fraction) w = 0.0f;
      else if (r < rule.zero_fraction + rule.tiny_fraction) w = 1e-9f * static_cast<float>(unit(rng));
      else w = static_cast<float>(unit(rng) * rule.max_int);
    }
  } else {
    g.int_weights.resize(m);
    for (auto& w : g.int_weights) w = unit(rng) < rule.zero_fraction ? 0 : ints(rng);
  }
  return g;
}

EdgeList uniform_edges(int64_t n, int64_t m, std::mt19937_64& rng) {
  EdgeList list;
  list.n = n;
  std::uniform_int_distribution<int64_t> pick(0, n - 1);
  for (int64_t i = 0; i < m; ++i) list.add(pick(rng), pick(rng));  // self-loops and parallel edges happen
  return list;
}

EdgeList grid_edges(int64_t width, int64_t height) {
  EdgeList list;
  list.n = width * height;
  for (int64_t y = 0; y < height; ++y) {
    for (int64_t x = 0; x < width; ++x) {
      const int64_t v = y * width + x;
      if (x + 1 < width) list.add(v, v + 1), list.add(v + 1, v);
      if (y + 1 < height) list.add(v, v + width), list.add(v + width, v);
    }
  }
  return list;
}

EdgeList chain_edges(int64_t n, bool with_shortcuts, std::mt19937_64& rng) {
  EdgeList list;
  list.n = n;
  for (int64_t v = 0; v + 1 < n; ++v) list.add(v, v + 1);
  if (with_shortcuts && n > 2) {
    std::uniform_int_distribution<int64_t> pick(0, n - 1);
    for (int64_t i = 0; i < n / 10; ++i) list.add(pick(rng), pick(rng));
  }
  return list;
}

EdgeList star_edges(int64_t n) {
  EdgeList list;
  list.n = n;
  for (int64_t v = 1; v < n; ++v) list.add(0, v), list.add(v, 0);
  if (n > 2) list.add(0, 1), list.add(1, 1);  // a parallel edge and a self-loop
  return list;
}

EdgeList rmat_edges(int scale, int64_t m, std::mt19937_64& rng) {
  EdgeList list;
  list.n = int64_t{1} << scale;
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  for (int64_t i = 0; i < m; ++i) {
    int64_t u = 0, v = 0;
    for (int bit = 0; bit < scale; ++bit) {
      const double r = unit(rng);
      const int quadrant = r < 0.57 ? 0 : r < 0.76 ? 1 : r < 0.95 ? 2 : 3;
      u = (u << 1) | (quadrant >> 1);
      v = (v << 1) | (quadrant & 1);
    }
    list.add(u, v);
  }
  return list;
}

// Martín et al. ICCS'09 Fig. 5 right: 0 -> i (weight 1) for 1 <= i <= n-2, and i -> n-1 with distinct
// weights, so that every frontier vertex of the second round races to lower c[n-1].
Graph martin_counterexample(int64_t n, bool is_float) {
  Graph g;
  g.name = "martin-counterexample";
  g.n = n;
  g.is_float = is_float;
  g.offsets.assign(static_cast<size_t>(n) + 1, 0);
  std::vector<double> weights;
  for (int64_t i = 1; i <= n - 2; ++i) g.targets.push_back(static_cast<int32_t>(i)), weights.push_back(1);
  g.offsets[1] = n - 2;
  for (int64_t i = 1; i <= n - 2; ++i) {
    g.targets.push_back(static_cast<int32_t>(n - 1));
    weights.push_back(static_cast<double>(n - i));  // distinct; the smallest (2) from i = n - 2
    g.offsets[i + 1] = g.offsets[i] + 1;
  }
  g.offsets[n] = g.offsets[n - 1];
  for (double w : weights) {
    if (is_float) g.float_weights.push_back(static_cast<float>(w));
    else g.int_weights.push_back(static_cast<int32_t>(w));
  }
  return g;
}

// ---- result checks --------------------------------------------------------------------------------


bool reached(const Graph& g, const Result& r, int64_t v) {
  if (g.is_float) {
    double d;
    std::memcpy(&d, &r.raw[v], sizeof(d));
    return std::isfinite(d);
  }
  return r.raw[v] != GSSSP_INT_INFINITY;
}

// Does edge e = (u -> v) satisfy relax(d[u], w) == d[v] in the graph's own arithmetic?
bool tight_edge(const Graph& g, const Result& r, int64_t u, int64_t e, int64_t v) {
  if (g.is_float) {
    double du, dv;
    std::memcpy(&du, &r.raw[u], sizeof(du));
    std::memcpy(&dv, &r.raw[v], sizeof(dv));
    const float sum = static_cast<float>(du) + g.float_weights[e];
    return sum == static_cast<float>(dv);
  }
  return r.raw[u] + g.int_weights[e] == r.raw[v];
}

// Predecessors form a tree rooted at the source along tight edges, covering exactly the reached vertices.
// Counts as one check; the first problem found is reported.
bool check_tree(const Graph& g, int64_t source, const Result& r, const std::string& what) {
  // One pass over the edges: is pred[v] the tail of some tight edge into v (parallel edges included)?
  std::vector<uint8_t> parent_ok(static_cast<size_t>(g.n), 0);
  for (int64_t u = 0; u < g.n; ++u) {
    if (!reached(g, r, u)) continue;
    for (int64_t e = g.offsets[u]; e < g.offsets[u + 1]; ++e) {
      const int32_t v = g.targets[e];
      if (r.pred[v] == u && tight_edge(g, r, u, e, v)) parent_ok[v] = 1;
    }
  }
  char problem[256] = "";
  for (int64_t v = 0; v < g.n && problem[0] == 0; ++v) {
    const int32_t p = r.pred[v];
    if (v == source || !reached(g, r, v)) {
      if (p != -1) {
        std::snprintf(problem, sizeof(problem), "vertex %lld (source or unreached) has predecessor %d",
                      static_cast<long long>(v), p);
      }
    } else if (!parent_ok[v]) {
      std::snprintf(problem, sizeof(problem), "predecessor %d of vertex %lld is not the tail of a tight edge", p,
                    static_cast<long long>(v));
    }
  }
  // 0 unknown, 1 on the current walk, 2 leads to the source.
  std::vector<uint8_t> state(static_cast<size_t>(g.n), 0);
  if (source < g.n) state[source] = 2;
  std::vector<int64_t> walk;
  for (int64_t v = 0; v < g.n && problem[0] == 0; ++v) {
    if (state[v] != 0 || !reached(g, r, v)) continue;
    walk.clear();
    int64_t x = v;
    while (state[x] == 0) {
      state[x] = 1;
      walk.push_back(x);
      x = r.pred[x];
      if (x < 0) break;
    }
    if (x < 0 || state[x] != 2) {
      std::snprintf(problem, sizeof(problem), "predecessors from vertex %lld %s", static_cast<long long>(v),
                    x < 0 ? "end before the source" : "form a cycle");
    }
    for (int64_t w : walk) state[w] = 2;
  }
  return check(problem[0] == 0, "%s: %s", what.c_str(), problem);
}

Result run_cpu(const Graph& g, int64_t source) {
  Result r;
  r.raw.assign(static_cast<size_t>(g.n), 0);
  r.pred.assign(static_cast<size_t>(g.n), -7);
  const gsssp_csr c = g.csr();
  r.status = gsssp_cpu_sssp(&c, GSSSP_ALGORITHM_CPU_DIJKSTRA, source, nullptr, r.raw.data(), r.pred.data(), &r.stats);
  return r;
}

Result run_gpu(gsssp_device_graph_t dg, const Graph& g, int32_t algorithm, int64_t source,
               const gsssp_options* options) {
  Result r;
  r.raw.assign(static_cast<size_t>(g.n), 0);
  r.pred.assign(static_cast<size_t>(g.n), -7);
  r.status = gsssp_device_graph_sssp(dg, algorithm, source, options, r.raw.data(), r.pred.data(), &r.stats);
  return r;
}

// The library's own name of an algorithm id (gsssp_algorithm_info), for messages.
const char* algorithm_name(int32_t a) {
  const char* name = gsssp_algorithm_info(a, nullptr);
  return name != nullptr ? name : "unknown algorithm";
}

int64_t count_reached(const Graph& g, const Result& r) {
  int64_t count = 0;
  for (int64_t v = 0; v < g.n; ++v) count += reached(g, r, v) ? 1 : 0;
  return count;
}

// GPU result against the CPU reference: same status, identical distances, a valid tree, sane stats.
bool same_distances(const Graph& g, const Result& cpu, const Result& got, const std::string& what) {
  if (!check(got.status == cpu.status, "%s: status %d, CPU %d (%s)", what.c_str(), got.status, cpu.status,
             gsssp_last_error())) {
    return false;
  }
  if (got.status != GSSSP_SUCCESS) return true;
  int64_t first_diff = -1;
  for (int64_t v = 0; v < g.n && first_diff < 0; ++v) {
    if (got.raw[v] != cpu.raw[v]) first_diff = v;
  }
  return check(first_diff < 0, "%s: distance of vertex %lld differs (raw %llx, CPU %llx)", what.c_str(),
               static_cast<long long>(first_diff), first_diff < 0 ? 0ull : (unsigned long long)got.raw[first_diff],
               first_diff < 0 ? 0ull : (unsigned long long)cpu.raw[first_diff]);
}

// A distance of r as a double (int64 distances are exact below 2^53, which every test graph's are).
static double distance_value(const Graph& g, const Result& r, int64_t v) {
  if (g.is_float) {
    double d;
    std::memcpy(&d, &r.raw[v], sizeof(d));
    return d;
  }
  return r.raw[v] == GSSSP_INT_INFINITY ? std::numeric_limits<double>::infinity() : static_cast<double>(r.raw[v]);
}

double cutoff_for_share(const Graph& g, const Result& cpu, double share) {
  std::vector<double> finite;
  for (int64_t v = 0; v < g.n; ++v) {
    if (reached(g, cpu, v)) finite.push_back(distance_value(g, cpu, v));
  }
  if (finite.empty()) return 0.0;
  std::sort(finite.begin(), finite.end());
  const int64_t k = std::max<int64_t>(1, static_cast<int64_t>(std::ceil(share * static_cast<double>(g.n))));
  return finite[static_cast<size_t>(std::min<int64_t>(k, static_cast<int64_t>(finite.size())) - 1)];
}

bool same_ball(const Graph& g, const Result& cpu, const Result& got, double cutoff, bool with_tree, const std::string& what) {
  if (!check(got.status == GSSSP_SUCCESS, "%s: status %d (%s)", what.c_str(), got.status, gsssp_last_error())) return false;
  int64_t ball = 0, first_diff = -1;
  for (int64_t v = 0; v < g.n; ++v) {
    const bool inside = reached(g, cpu, v) && distance_value(g, cpu, v) <= cutoff;
    ball += inside ? 1 : 0;
    const bool right = inside ? got.raw[v] == cpu.raw[v]
                              : !reached(g, got, v) && (!with_tree || got.pred[v] == GSSSP_NO_PREDECESSOR);
    if (!right && first_diff < 0) first_diff = v;
  }
  bool ok = check(first_diff < 0, "%s: cutoff %.17g, vertex %lld: got %.17g, CPU %.17g", what.c_str(), cutoff,
                  static_cast<long long>(first_diff), first_diff < 0 ? 0.0 : distance_value(g, got, first_diff),
                  first_diff < 0 ? 0.0 : distance_value(g, cpu, first_diff));
  ok = check(got.stats.vertices_reached == ball, "%s: cutoff %.17g, vertices_reached %lld, ball %lld", what.c_str(),
             cutoff, static_cast<long long>(got.stats.vertices_reached), static_cast<long long>(ball)) && ok;
  return ok;
}

void compare(const Graph& g, int64_t source, int32_t algorithm, const Result& cpu, const Result& gpu,
             bool with_tree) {
  const std::string what = g.name + (g.is_float ? " float" : " int") + " n=" + std::to_string(g.n) +
                           " m=" + std::to_string(g.targets.size()) + " src=" + std::to_string(source) + " " +
                           algorithm_name(algorithm);
  if (!same_distances(g, cpu, gpu, what) || gpu.status != GSSSP_SUCCESS) return;
  if (with_tree) check_tree(g, source, gpu, what + " (GPU tree)");
  check(gpu.stats.vertices_reached == count_reached(g, gpu), "%s: vertices_reached %lld, expected %lld",
        what.c_str(), static_cast<long long>(gpu.stats.vertices_reached),
        static_cast<long long>(count_reached(g, gpu)));
  // ADDS counts head-bucket switches, which empty distance ranges also make: no bound by n.
  const bool bounded_rounds = algorithm != GSSSP_ALGORITHM_ADDS;
  check(gpu.stats.iterations >= 1 && (!bounded_rounds || gpu.stats.iterations <= g.n + 1) && gpu.stats.vertex_visits >= 1 &&
            gpu.stats.edges_relaxed >= 0 && gpu.stats.peak_device_memory > 0 && gpu.stats.time_ms >= 0.0 &&
            gpu.stats.total_ms >= 0.0,
        "%s: odd stats (iterations %lld, visits %lld, edges %lld, memory %lld)", what.c_str(),
        static_cast<long long>(gpu.stats.iterations), static_cast<long long>(gpu.stats.vertex_visits),
        static_cast<long long>(gpu.stats.edges_relaxed), static_cast<long long>(gpu.stats.peak_device_memory));
}



Graph small_graph(bool is_float) {
  // 8 vertices; vertex 3 owns edges 9..12, edge 12 is 3 -> 7.
  Graph g;
  g.name = "small";
  g.n = 8;
  g.is_float = is_float;
  g.offsets = {0, 3, 6, 9, 13, 14, 15, 16, 16};
  g.targets = {1, 2, 3, 2, 4, 0, 3, 5, 6, 4, 5, 6, 7, 7, 7, 7};
  const int32_t w[] = {4, 1, 9, 2, 7, 3, 1, 8, 2, 5, 0, 6, 3, 1, 2, 0};
  for (int32_t x : w) {
    g.int_weights.push_back(x);
    g.float_weights.push_back(static_cast<float>(x));
  }
  return g;
}

gsssp_device_graph_t upload(const Graph& g) {
  gsssp_device_graph_t dg = nullptr;
  const gsssp_csr c = g.csr();
  const int status = gsssp_device_graph_create(&dg, 0, &c);
  check(status == GSSSP_SUCCESS, "upload %s: status %d (%s)", g.name.c_str(), status, gsssp_last_error());
  return status == GSSSP_SUCCESS ? dg : nullptr;
}

bool load_dimacs(const std::string& path, Graph& g) {
  const bool gz = path.size() > 3 && path.compare(path.size() - 3, 3, ".gz") == 0;
  FILE* file = gz ? popen(("gzip -dc '" + path + "'").c_str(), "r") : std::fopen(path.c_str(), "r");
  if (file == nullptr) return false;
  EdgeList list;
  std::vector<int32_t> weights;
  char line[512];
  while (std::fgets(line, sizeof(line), file) != nullptr) {
    if (line[0] == 'p') {
      long long n = 0, m = 0;
      if (std::sscanf(line, "p sp %lld %lld", &n, &m) == 2) {
        list.n = n;
        list.edges.reserve(static_cast<size_t>(m));
        weights.reserve(static_cast<size_t>(m));
      }
    } else if (line[0] == 'a') {
      char* p = line + 1;
      const long u = std::strtol(p, &p, 10);
      const long v = std::strtol(p, &p, 10);
      const long w = std::strtol(p, &p, 10);
      list.add(u - 1, v - 1);
      weights.push_back(static_cast<int32_t>(w));
    }
  }
  if (gz) pclose(file);
  else std::fclose(file);
  if (list.n <= 0) return false;
  // The same counting sort as build(), carrying the file's weights.
  g.name = path;
  const std::vector<int64_t> order = csr_from_edges(list, g);
  g.int_weights.resize(list.edges.size());
  for (size_t i = 0; i < list.edges.size(); ++i) g.int_weights[order[i]] = weights[i];
  return true;
}

// grid:W (W x W, both directions), random:N:D (N vertices, N*D uniform edges), rmat:SCALE (16 edges per
// vertex), with int weights in 1..1000.
bool generate_named(const std::string& spec, Graph& g) {
  std::mt19937_64 rng(20250101);
  WeightRule rule;
  rule.max_int = 1000;
  long long a = 0, b = 0;
  if (std::sscanf(spec.c_str(), "grid:%lld", &a) == 1) g = build(spec, grid_edges(a, a), rule, rng);
  else if (std::sscanf(spec.c_str(), "random:%lld:%lld", &a, &b) == 2) g = build(spec, uniform_edges(a, a * b, rng), rule, rng);
  else if (std::sscanf(spec.c_str(), "rmat:%lld", &a) == 1) g = build(spec, rmat_edges(static_cast<int>(a), (int64_t{1} << a) * 16, rng), rule, rng);
  else return false;
  return true;
}

int64_t largest_out_degree(const Graph& g) {
  int64_t best = 0;
  for (int64_t v = 0; v < g.n; ++v) {
    if (g.offsets[v + 1] - g.offsets[v] > g.offsets[best + 1] - g.offsets[best]) best = v;
  }
  return best;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0.0 : v[v.size() / 2];
}

}  // namespace gsssp_test
