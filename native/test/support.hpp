// Shared by the native tests (GoogleTest, *_test.cpp) and the timing tool (gsssp_time): checks and their
// reporting, graphs and their generators, the DIMACS loader, CPU and GPU runs through the C ABI, and the comparison
// of a GPU result with the CPU reference. It does not depend on GoogleTest: the tests' main (test_main.cpp)
// routes failed checks into the running test with set_failure_sink; the timing tool prints them.
#pragma once

#include <sys/mman.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cerrno>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "gsssp.h"

namespace gsssp_test {

// The generated-graph checks run these; H-BF, Near-Far and DA2CF have their own suites on the Java side.
// ADDS is here too because its queue's corner cases (clipping, block overflow, zero weights) are exactly
// what these graph families produce.
inline constexpr int32_t kGpuAlgorithms[] = {GSSSP_ALGORITHM_BELLMAN_FORD, GSSSP_ALGORITHM_FRONTIER, GSSSP_ALGORITHM_ADDS,
                                             GSSSP_ALGORITHM_MULTI_BELLMAN_FORD, GSSSP_ALGORITHM_BLOCK_NEAR_FAR};

// Every check() counts; a failed one goes to the failure sink (default: printed to stdout).
extern std::atomic<int64_t> g_passed;
extern std::atomic<int64_t> g_failed;
using FailureSink = void (*)(const std::string& message);
void set_failure_sink(FailureSink sink);

struct Graph {
  std::string name;
  int64_t n = 0;
  std::vector<int64_t> offsets{0};
  std::vector<int32_t> targets;
  std::vector<int32_t> int_weights;
  std::vector<float> float_weights;
  bool is_float = false;

  gsssp_csr csr() const {
    gsssp_csr c;
    c.num_vertices = n;
    c.num_edges = static_cast<int64_t>(targets.size());
    c.offsets = offsets.data();
    c.targets = targets.data();
    c.weights = is_float ? static_cast<const void*>(float_weights.data())
                         : static_cast<const void*>(int_weights.data());
    c.weight_type = is_float ? GSSSP_WEIGHT_FLOAT32 : GSSSP_WEIGHT_INT32;
    return c;
  }
  double weight(int64_t e) const { return is_float ? float_weights[e] : int_weights[e]; }
};


struct EdgeList {
  int64_t n = 0;
  std::vector<std::pair<int32_t, int32_t>> edges;
  void add(int64_t u, int64_t v) { edges.emplace_back(static_cast<int32_t>(u), static_cast<int32_t>(v)); }
};


struct WeightRule {
  bool is_float = false;
  int32_t max_int = 100;       // int weights uniform in [1, max_int]
  double zero_fraction = 0.0;  // share of weights set to exactly 0
  double tiny_fraction = 0.0;  // float only: weights too small to change most sums
};


struct Result {
  std::vector<int64_t> raw;  // the 8-byte distances as written (int64 or double bits)
  std::vector<int32_t> pred;
  gsssp_stats stats{};
  int status = -1;
};


__attribute__((format(printf, 2, 3))) bool check(bool ok, const char* fmt, ...);
bool check_status(int got, int want, const char* what);
double now_ms();
Graph build(std::string name, const EdgeList& list, const WeightRule& rule, std::mt19937_64& rng);
// g's offsets and targets from the edge list (a stable counting sort by source); order[i] = the CSR slot of edge i.
std::vector<int64_t> csr_from_edges(const EdgeList& list, Graph& g);
// 0 -> 1 -> 2, float weights 3e38 each: the distance of 2 overflows float32.
Graph overflow_graph();
// Options for a query told its targets, without predecessors (targets must outlive the options).
gsssp_options target_options(const std::vector<int32_t>& targets);
// A DIMACS file (.gr, .gr.gz), a Galois binary .gr (`gsssp generate`), or "gen:SPEC" (generate_named); prints why not to stderr.
bool read_graph(const std::string& path, Graph& g);
EdgeList uniform_edges(int64_t n, int64_t m, std::mt19937_64& rng);
EdgeList grid_edges(int64_t width, int64_t height);
EdgeList chain_edges(int64_t n, bool with_shortcuts, std::mt19937_64& rng);
EdgeList star_edges(int64_t n);
EdgeList rmat_edges(int scale, int64_t m, std::mt19937_64& rng);
Graph martin_counterexample(int64_t n, bool is_float);
bool reached(const Graph& g, const Result& r, int64_t v);
bool tight_edge(const Graph& g, const Result& r, int64_t u, int64_t e, int64_t v);
bool check_tree(const Graph& g, int64_t source, const Result& r, const std::string& what);
Result run_cpu(const Graph& g, int64_t source);
Result run_gpu(gsssp_device_graph_t dg, const Graph& g, int32_t algorithm, int64_t source,
               const gsssp_options* options = nullptr);
const char* algorithm_name(int32_t a);
int64_t count_reached(const Graph& g, const Result& r);
// got's status against the CPU's, then (on success) every distance; false, with a failed check naming the first
// difference, when they differ.
bool same_distances(const Graph& g, const Result& cpu, const Result& got, const std::string& what);
void compare(const Graph& g, int64_t source, int32_t algorithm, const Result& cpu, const Result& gpu,
             bool with_tree = true);
Graph small_graph(bool is_float);
gsssp_device_graph_t upload(const Graph& g);
bool load_dimacs(const std::string& path, Graph& g);
bool generate_named(const std::string& spec, Graph& g);
int64_t largest_out_degree(const Graph& g);
double median(std::vector<double> v);

// Beyond 2^31 edges without the memory: an anonymous private mapping (MAP_NORESERVE) of `count` zeros of T, whose
// untouched pages read as the kernel's zero page; `data` is null where mmap refused (then the test skips).
template <class T>
struct ZeroPages {
  explicit ZeroPages(int64_t count) : bytes(static_cast<size_t>(count) * sizeof(T)) {
    void* p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    data = p == MAP_FAILED ? nullptr : static_cast<T*>(p);
    if (data == nullptr) error = std::strerror(errno);
  }
  ~ZeroPages() {
    if (data != nullptr) munmap(data, bytes);
  }
  ZeroPages(const ZeroPages&) = delete;
  ZeroPages& operator=(const ZeroPages&) = delete;
  size_t bytes;
  T* data = nullptr;
  std::string error;
};

// On one resident graph, against CPU Dijkstra (verify.cpp): gsssp_device_graph_sssp_batch's rows and matrices
// with its argument checks; BLOCK_NEAR_FAR's own choices and Delta = 1; ADDS given targets.
void verify_batch(gsssp_device_graph_t dg, const Graph& g, std::mt19937_64& rng, int32_t algorithm,
                  const gsssp_options* options = nullptr, const char* label = "");
void verify_block_near_far(gsssp_device_graph_t dg, const Graph& g, std::mt19937_64& rng);
// NEAR_FAR from `source`: traced, with Delta = 1 in blocks of 256 and 1024 threads, and in blocks of 32.
void verify_near_far(gsssp_device_graph_t dg, const Graph& g, int64_t source);
void verify_targets(gsssp_device_graph_t dg, const Graph& g, std::mt19937_64& rng);
// Resident results (gsssp_device_graph_sssp_resident) of ADDS, with and without predecessors, and of the frontier
// method: their stats.vertices_reached and their whole copy against CPU Dijkstra.
void verify_resident(gsssp_device_graph_t dg, const Graph& g, std::mt19937_64& rng);
// The same from one given source.
void verify_resident_at(gsssp_device_graph_t dg, const Graph& g, int64_t source);

// The timing tool's modes (time_modes.cpp).
int run_dimacs(const std::string& path, int64_t source, bool as_float, int repeat, const std::string& only,
               int adds_repeat, int32_t block_size);
int run_probe(const std::string& path, int64_t source, int repeat, const std::string& only);
int run_pairs(const std::string& path, int pairs, bool static_delta);
// PHAST against ADDS from the same sources, a batch of rows, the RPHAST matrix against the host CH (phast_time.cpp).
int run_phast(const std::string& path, int sources, int repeat, int matrix_size, const std::string& csv_path);
int run_cutoff(const std::string& path, int sources, double share);
// The cutoff whose ball holds `share` of the vertices: the distance of the ceil(share * n)-th closest vertex of a CPU
// answer (at least the source's 0), as gsssp_options.cutoff_int / cutoff_float take it.
double cutoff_for_share(const Graph& g, const Result& cpu, double share);
// A cutoff answer `got` against the CPU's full answer restricted to `cutoff`: the distances at most it, the others
// unreached (and, with predecessors, without one), stats.vertices_reached the ball.
bool same_ball(const Graph& g, const Result& cpu, const Result& got, double cutoff, bool with_tree, const std::string& what);

}  // namespace gsssp_test
