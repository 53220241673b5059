// gsssp_selftest — the native test driver: every GPU algorithm against gsssp_cpu_sssp, without Java.
//
//   gsssp_selftest [--seed N] [--quick]
//       Generated graphs (uniform, 2D grid, chain, star, R-MAT; zero weights, self-loops, parallel edges;
//       int32 and float32 weights; 1 to 100k vertices): distances must equal CPU Dijkstra's bit for bit
//       and predecessors must form a shortest-path tree. Also Martín et al.'s counterexample 200 times,
//       8 threads on one device graph, cancel/destroy during queries, and the error paths. Without a
//       CUDA device only the host checks run. Prints "N passed, M failed"; exit status 1 on a failure.
//
//   gsssp_selftest --gr FILE.gr[.gz] [--source S] [--float] [--repeat K] [--only NAME]
//       Loads a DIMACS .gr graph (1-based ids) and prints the time of each algorithm, checked against CPU.
//   gsssp_selftest --gen grid:W | random:N:D | rmat:SCALE [--float] [--repeat K] [--only NAME]
//       The same on a generated graph (int weights uniform in 1..1000, as the ADDS artifact's inputs), from
//       the vertex of largest out-degree.
//   gsssp_selftest --adds-repeat K [FILE.gr[.gz] | --gen ...]
//       ADDS K times on one graph: every run must give the same distances as CPU Dijkstra.
#include "selftest_support.hpp"

using namespace selftest;

int main(int argc, char** argv) {
  uint64_t seed = 20240611;
  bool quick = false;
  std::string gr_path;
  int64_t source = -1;  // -1: the vertex of largest out-degree
  bool as_float = false;
  int repeat = 3;
  std::string only;
  int adds_repeat = 0;
  int32_t block_size = 0;
  bool probe = false;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    const bool has_value = i + 1 < argc;
    if (arg == "--seed" && has_value) seed = std::strtoull(argv[++i], nullptr, 10);
    else if (arg == "--quick") quick = true;
    else if (arg == "--gr" && has_value) gr_path = argv[++i];
    else if (arg == "--source" && has_value) source = std::strtoll(argv[++i], nullptr, 10);
    else if (arg == "--float") as_float = true;
    else if (arg == "--probe") probe = true;
    else if (arg == "--repeat" && has_value) repeat = std::atoi(argv[++i]);
    else if (arg == "--gen" && has_value) gr_path = std::string("gen:") + argv[++i];
    else if (arg == "--only" && has_value) only = argv[++i];
    else if (arg == "--adds-repeat" && has_value) adds_repeat = std::atoi(argv[++i]);
    else if (arg == "--block" && has_value) block_size = std::atoi(argv[++i]);
    else {
      std::fprintf(stderr,
                   "usage: %s [--seed N] [--quick]\n"
                   "       %s --gr FILE.gr[.gz] [--source S] [--float] [--repeat K] [--block THREADS]\n"
                   "       %s --probe (--gr FILE | --gen SPEC) [--repeat K] [--only cpu,gpu,resident]\n",
                   argv[0], argv[0], argv[0]);
      return 2;
    }
  }
  std::printf("gsssp %s self-test, seed %llu\n", gsssp_version(), static_cast<unsigned long long>(seed));
  if (probe && !gr_path.empty()) return run_probe(gr_path, source, repeat, only);
  if (!gr_path.empty()) return run_dimacs(gr_path, source, as_float, repeat, only, adds_repeat, block_size);

  std::mt19937_64 rng(seed);
  test_host_api();
  int32_t devices = 0;
  gsssp_device_count(&devices);
  if (devices == 0) {
    std::printf("GPU tests skipped: no CUDA device (gsssp_device_count = 0)\n");
  } else {
    test_gpu_errors_and_options(rng);
    test_martin(200);
    test_adds(rng);
    test_generated(rng, quick);
    test_concurrent_queries(rng);
    test_cancel_and_destroy(rng);
  }
  std::printf("%d passed, %d failed\n", g_passed, g_failed);
  return g_failed == 0 ? 0 : 1;
}
