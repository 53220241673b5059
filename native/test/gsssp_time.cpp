// gsssp_time — times the native library on one graph, without Java: every GPU algorithm, each result checked
// against gsssp_cpu_sssp. The tests are elsewhere (the *_test.cpp files, GoogleTest, run by CTest); this tool
// is what the sanitizer and profiling scripts run, because it loads a real graph file.
//
//   gsssp_time --gr FILE.gr[.gz] [--source S] [--float] [--repeat K] [--only NAME] [--block THREADS]
//       Loads a DIMACS .gr graph (1-based ids) and prints the time of each algorithm, checked against CPU.
//   gsssp_time --gen grid:W | random:N:D | rmat:SCALE [--float] [--repeat K] [--only NAME]
//       The same on a generated graph (int weights uniform in 1..1000, as the ADDS artifact's inputs), from
//       the vertex of largest out-degree.
//   gsssp_time --adds-repeat K (--gr FILE | --gen SPEC)
//       ADDS K times on one graph: every run must give the same distances as CPU Dijkstra.
//   gsssp_time --probe (--gr FILE | --gen SPEC) [--repeat K] [--only cpu,gpu,resident]
//       The serving path's fixed costs, call by call.
//   gsssp_time --pairs K (--gr FILE | --gen SPEC) [--static]
//       K random pairs: ADDS told the target (early exit, checked) against a full ADDS query, both checked
//       against CPU Dijkstra; medians of the whole call, early stops and fallbacks.
//   gsssp_time --phast (--gr FILE | --gen SPEC) [--sources S] [--repeat K] [--matrix M] [--csv FILE]
//       Builds the graph's contraction hierarchy and attaches it; PHAST against ADDS one-to-all from S seeded random
//       sources (default 20), K runs each; a batch of 64 rows; the M x M matrix (default 1000) by RPHAST against the
//       host's CH matrix. Every answer checked; with --csv, appends graph,metric,value lines.
//   gsssp_time --cutoff K (--gr FILE | --gen SPEC) [--share P]
//       K random sources: a full ADDS query against ADDS with a cutoff whose ball holds the share P (default 0.01) of
//       the vertices (the cutoff from a CPU Dijkstra run), and Near-Far likewise; each cutoff answer checked against
//       CPU Dijkstra restricted to the cutoff; medians of kernel time and of the whole call, and their ratio.
// Exit status: 0 when every check passed, 1 when one failed, 2 on a usage or input error.
#include "support.hpp"

using namespace gsssp_test;

int main(int argc, char** argv) {
  std::string gr_path;
  int64_t source = -1;  // -1: the vertex of largest out-degree
  bool as_float = false;
  int repeat = 3;
  std::string only;
  int adds_repeat = 0;
  int32_t block_size = 0;
  bool probe = false;
  int pairs = 0;
  bool static_delta = false;
  bool phast = false;
  int phast_sources = 20;
  int matrix_size = 1000;
  std::string csv;
  int cutoff_sources = 0;
  double share = 0.01;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    const bool has_value = i + 1 < argc;
    if (arg == "--gr" && has_value) gr_path = argv[++i];
    else if (arg == "--source" && has_value) source = std::strtoll(argv[++i], nullptr, 10);
    else if (arg == "--float") as_float = true;
    else if (arg == "--probe") probe = true;
    else if (arg == "--repeat" && has_value) repeat = std::atoi(argv[++i]);
    else if (arg == "--gen" && has_value) gr_path = std::string("gen:") + argv[++i];
    else if (arg == "--only" && has_value) only = argv[++i];
    else if (arg == "--adds-repeat" && has_value) adds_repeat = std::atoi(argv[++i]);
    else if (arg == "--block" && has_value) block_size = std::atoi(argv[++i]);
    else if (arg == "--pairs" && has_value) pairs = std::atoi(argv[++i]);
    else if (arg == "--static") static_delta = true;
    else if (arg == "--phast") phast = true;
    else if (arg == "--sources" && has_value) phast_sources = std::atoi(argv[++i]);
    else if (arg == "--matrix" && has_value) matrix_size = std::atoi(argv[++i]);
    else if (arg == "--csv" && has_value) csv = argv[++i];
    else if (arg == "--cutoff" && has_value) cutoff_sources = std::atoi(argv[++i]);
    else if (arg == "--share" && has_value) share = std::strtod(argv[++i], nullptr);
    else {
      gr_path.clear();
      break;
    }
  }
  if (gr_path.empty()) {
    std::fprintf(stderr,
                 "usage: %s (--gr FILE.gr[.gz] | --gen SPEC) [--source S] [--float] [--repeat K] [--only NAME] "
                 "[--block THREADS] [--adds-repeat K]\n"
                 "       %s --probe (--gr FILE | --gen SPEC) [--repeat K] [--only cpu,gpu,resident]\n"
                 "       %s --pairs K (--gr FILE | --gen SPEC) [--static]\n"
                 "       %s --phast (--gr FILE | --gen SPEC) [--sources S] [--repeat K] [--matrix M] [--csv FILE]\n"
                 "       %s --cutoff K (--gr FILE | --gen SPEC) [--share P]\n"
                 "SPEC: grid:W | random:N:D | rmat:SCALE\n",
                 argv[0], argv[0], argv[0], argv[0], argv[0]);
    return 2;
  }
  std::printf("gsssp %s\n", gsssp_version());
  if (probe) return run_probe(gr_path, source, repeat, only);
  if (pairs > 0) return run_pairs(gr_path, pairs, static_delta);
  if (phast) return run_phast(gr_path, phast_sources, repeat, matrix_size, csv);
  if (cutoff_sources > 0) return run_cutoff(gr_path, cutoff_sources, share);
  return run_dimacs(gr_path, source, as_float, repeat, only, adds_repeat, block_size);
}
