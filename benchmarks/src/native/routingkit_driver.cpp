// routingkit_driver: measures RoutingKit's contraction hierarchy (github.com/RoutingKit/RoutingKit) on a DIMACS
// graph and the seeded pairs of gsssp-bench's `routing` command, so that the harness compares it with gsssp
// and GraphHopper on the same graph and the same pairs. Our code only; scripts/build_routingkit.sh builds
// RoutingKit from source and compiles this file against it.
//
//   routingkit_driver --graph G.gr[.gz] --pairs PAIRS.txt [--matrix-sources S.txt --matrix-targets T.txt]
//                     [--threads N] [--out DIR]
//
// Input ids are DIMACS ids (1..n), as in the .gr file. PAIRS: one "s t" a line; S and T: one id a line;
// lines starting with '#' are comments. Standard output: one JSON object (the measurements). With --out, the
// answers go to DIR for the harness to check against Dijkstra:
//   routingkit-distances.txt  one distance a pair ("INF" when unreachable), in order
//   routingkit-paths.txt      "distance v1 v2 ... vk" a pair (DIMACS ids; just "INF" when unreachable)
//   routingkit-matrix.txt     one line per source, the distances to the targets separated by spaces
// Timings: steady_clock around each call. p2p: one thread, pairs in order, after a warm-up pass over up to
// 1,000 of them. Throughput: N threads, one query object each, taking pairs from a shared counter, passes
// repeated until a second has gone by. Matrix: RoutingKit's one-to-many (pin_targets, then
// run_to_pinned_targets once per source; its public API has no bucket many-to-many), sources split over the
// N threads, one query object each.
#include <routingkit/contraction_hierarchy.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

using namespace RoutingKit;
using Clock = std::chrono::steady_clock;

namespace {

[[noreturn]] void fail(const std::string& message) {
  std::fprintf(stderr, "routingkit_driver: %s\n", message.c_str());
  std::exit(2);
}

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// A line of /proc/self/status in bytes (VmRSS: resident now; VmHWM: this process's peak), -1 if absent.
// Not getrusage's ru_maxrss: Linux keeps that across execve, so a driver started by the harness would report
// the JVM's resident set as its own peak.
long long status_bytes(const char* key) {
  std::ifstream in("/proc/self/status");
  std::string line;
  size_t len = std::strlen(key);
  while (std::getline(in, line))
    if (line.compare(0, len, key) == 0 && line.size() > len && line[len] == ':')
      return std::atoll(line.c_str() + len + 1) * 1024;  // "VmHWM:   123456 kB"
  return -1;
}

struct Graph {
  unsigned n = 0;
  std::vector<unsigned> tail, head, weight;
};

// Reads a DIMACS shortest-path graph ("p sp n m", "a u v w"); a name ending in .gz is read through gzip -dc.
Graph read_dimacs(const std::string& file) {
  bool gz = file.size() > 3 && file.compare(file.size() - 3, 3, ".gz") == 0;
  FILE* in = gz ? popen(("gzip -dc '" + file + "'").c_str(), "r") : std::fopen(file.c_str(), "r");
  if (!in) fail("cannot open " + file);
  Graph g;
  long long declared_arcs = -1;
  char* line = nullptr;
  size_t cap = 0;
  long long line_no = 0;
  while (getline(&line, &cap, in) > 0) {
    ++line_no;
    if (line[0] == 'p') {
      unsigned long long n = 0, m = 0;
      if (std::sscanf(line, "p sp %llu %llu", &n, &m) != 2 || n >= invalid_id)
        fail(file + ":" + std::to_string(line_no) + ": bad problem line");
      g.n = static_cast<unsigned>(n);
      declared_arcs = static_cast<long long>(m);
      g.tail.reserve(m);
      g.head.reserve(m);
      g.weight.reserve(m);
    } else if (line[0] == 'a') {
      char* p = line + 1;
      char* end;
      unsigned long long u = std::strtoull(p, &end, 10);
      p = end;
      unsigned long long v = std::strtoull(p, &end, 10);
      p = end;
      long long w = std::strtoll(p, &end, 10);
      if (end == p || u < 1 || v < 1 || u > g.n || v > g.n || w < 0 || w >= inf_weight)
        fail(file + ":" + std::to_string(line_no) + ": bad arc line (ids 1..n, weights 0.." +
             std::to_string(inf_weight - 1) + ")");
      g.tail.push_back(static_cast<unsigned>(u - 1));
      g.head.push_back(static_cast<unsigned>(v - 1));
      g.weight.push_back(static_cast<unsigned>(w));
    }
  }
  std::free(line);
  if (gz ? pclose(in) != 0 : std::fclose(in) != 0) fail("error reading " + file);
  if (declared_arcs < 0) fail(file + ": no 'p sp n m' line");
  if (static_cast<long long>(g.tail.size()) != declared_arcs)
    fail(file + ": " + std::to_string(g.tail.size()) + " arcs, the problem line says " + std::to_string(declared_arcs));
  return g;
}

// Whitespace-separated DIMACS ids, '#' lines skipped, returned 0-based.
std::vector<unsigned> read_ids(const std::string& file, unsigned n) {
  std::ifstream in(file);
  if (!in) fail("cannot open " + file);
  std::vector<unsigned> ids;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    unsigned long long id;
    while (fields >> id) {
      if (id < 1 || id > n) fail(file + ": id " + std::to_string(id) + " not in 1.." + std::to_string(n));
      ids.push_back(static_cast<unsigned>(id - 1));
    }
    if (!fields.eof()) fail(file + ": not an id list: '" + line + "'");
  }
  return ids;
}

struct Stats {
  double mean, p50, p99;
};

Stats stats_us(std::vector<double> us) {
  if (us.empty()) return {0, 0, 0};
  double sum = 0;
  for (double x : us) sum += x;
  std::sort(us.begin(), us.end());
  auto at = [&](double q) { return us[std::min(us.size() - 1, static_cast<size_t>(q * us.size()))]; };
  return {sum / us.size(), at(0.50), at(0.99)};
}

std::string json_stats(const Stats& s) {
  char buf[160];
  std::snprintf(buf, sizeof buf, "{\"mean\":%.3f,\"p50\":%.3f,\"p99\":%.3f}", s.mean, s.p50, s.p99);
  return buf;
}

std::string dist_text(unsigned d) { return d == inf_weight ? "INF" : std::to_string(d); }

long long ch_bytes(const ContractionHierarchy& ch) {
  auto side = [](const ContractionHierarchy::Side& s) {
    return 4LL * (s.first_out.size() + s.head.size() + s.weight.size() + s.shortcut_first_arc.size() +
                  s.shortcut_second_arc.size()) + static_cast<long long>(s.is_shortcut_an_original_arc.size() / 8);
  };
  return 4LL * (ch.rank.size() + ch.order.size()) + side(ch.forward) + side(ch.backward);
}

}  // namespace

int main(int argc, char** argv) {
  std::string graph_file, pairs_file, sources_file, targets_file, out_dir;
  unsigned threads = std::max(1u, std::thread::hardware_concurrency());
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) fail(a + " needs a value");
      return argv[++i];
    };
    if (a == "--graph") graph_file = value();
    else if (a == "--pairs") pairs_file = value();
    else if (a == "--matrix-sources") sources_file = value();
    else if (a == "--matrix-targets") targets_file = value();
    else if (a == "--out") out_dir = value();
    else if (a == "--threads") {
      std::string v = value();
      char* end;
      long t = std::strtol(v.c_str(), &end, 10);
      if (*end || t < 1 || t > 4096) fail("--threads must be 1..4096, got '" + v + "'");
      threads = static_cast<unsigned>(t);
    } else if (a == "-h" || a == "--help") {
      std::puts("routingkit_driver --graph G.gr[.gz] --pairs PAIRS.txt [--matrix-sources S.txt --matrix-targets "
                "T.txt] [--threads N] [--out DIR]");
      return 0;
    } else fail("unknown option '" + a + "' (see --help)");
  }
  if (graph_file.empty() || pairs_file.empty()) fail("--graph and --pairs are required (see --help)");
  if (sources_file.empty() != targets_file.empty()) fail("--matrix-sources and --matrix-targets go together");

  auto load_start = Clock::now();
  Graph g = read_dimacs(graph_file);
  double load_s = seconds_since(load_start);
  std::vector<unsigned> flat = read_ids(pairs_file, g.n);
  if (flat.size() % 2) fail(pairs_file + ": an odd number of ids (pairs are 's t' lines)");
  size_t pair_count = flat.size() / 2;
  std::vector<unsigned> src(pair_count), dst(pair_count);
  for (size_t i = 0; i < pair_count; ++i) src[i] = flat[2 * i], dst[i] = flat[2 * i + 1];
  const unsigned n = g.n;
  const size_t m = g.tail.size();

  long long rss_before = status_bytes("VmRSS");
  auto build_start = Clock::now();
  ContractionHierarchy ch = ContractionHierarchy::build(n, g.tail, g.head, g.weight);
  double build_s = seconds_since(build_start);
  long long rss_after = status_bytes("VmRSS");
  long long build_peak = status_bytes("VmHWM");  // the build's transient peak, or the load's if that was higher

  ContractionHierarchyQuery query(ch);
  // warm-up
  for (size_t i = 0; i < std::min<size_t>(pair_count, 1000); ++i)
    query.reset().add_source(src[i]).add_target(dst[i]).run().get_distance();

  std::vector<unsigned> dist(pair_count);
  std::vector<double> us(pair_count);
  for (size_t i = 0; i < pair_count; ++i) {
    auto t0 = Clock::now();
    dist[i] = query.reset().add_source(src[i]).add_target(dst[i]).run().get_distance();
    us[i] = std::chrono::duration<double, std::micro>(Clock::now() - t0).count();
  }
  Stats distance_us = stats_us(us);

  std::vector<std::vector<unsigned>> paths(pair_count);
  std::vector<unsigned> route_dist(pair_count);
  for (size_t i = 0; i < pair_count; ++i) {
    auto t0 = Clock::now();
    query.reset().add_source(src[i]).add_target(dst[i]).run();
    route_dist[i] = query.get_distance();
    paths[i] = query.get_node_path();
    us[i] = std::chrono::duration<double, std::micro>(Clock::now() - t0).count();
  }
  Stats route_us = stats_us(us);
  long long disagreements = 0;  // the route pass and the distance pass must agree
  for (size_t i = 0; i < pair_count; ++i) disagreements += route_dist[i] != dist[i];

  // throughput: all threads, distance only
  std::atomic<long long> throughput_disagreements{0};
  long long throughput_queries = 0;
  double throughput_s = 0;
  if (pair_count > 0) {
    auto t0 = Clock::now();
    do {
      std::atomic<size_t> next{0};
      std::vector<std::thread> pool;
      for (unsigned t = 0; t < threads; ++t)
        pool.emplace_back([&] {
          ContractionHierarchyQuery q(ch);
          long long bad = 0;
          for (size_t i; (i = next.fetch_add(64)) < pair_count;)
            for (size_t j = i; j < std::min(pair_count, i + 64); ++j)
              bad += q.reset().add_source(src[j]).add_target(dst[j]).run().get_distance() != dist[j];
          throughput_disagreements += bad;
        });
      for (auto& th : pool) th.join();
      throughput_queries += pair_count;
      throughput_s = seconds_since(t0);
    } while (throughput_s < 1.0);
  }

  // matrix: one-to-many with pinned targets
  std::vector<unsigned> msrc, mtgt, matrix;
  double matrix_ms = 0;
  if (!sources_file.empty()) {
    msrc = read_ids(sources_file, n);
    mtgt = read_ids(targets_file, n);
    matrix.assign(msrc.size() * mtgt.size(), 0);
    auto t0 = Clock::now();
    std::atomic<size_t> next{0};
    std::vector<std::thread> pool;
    for (unsigned t = 0; t < threads; ++t)
      pool.emplace_back([&] {
        ContractionHierarchyQuery q(ch);
        q.reset().pin_targets(mtgt);
        for (size_t i; (i = next.fetch_add(1)) < msrc.size();)
          q.reset_source().add_source(msrc[i]).run_to_pinned_targets().get_distances_to_targets(
              matrix.data() + i * mtgt.size());
      });
    for (auto& th : pool) th.join();
    matrix_ms = seconds_since(t0) * 1e3;
  }

  if (!out_dir.empty()) {
    std::ofstream d(out_dir + "/routingkit-distances.txt"), p(out_dir + "/routingkit-paths.txt");
    if (!d || !p) fail("cannot write into " + out_dir);
    for (size_t i = 0; i < pair_count; ++i) {
      d << dist_text(dist[i]) << '\n';
      p << dist_text(route_dist[i]);
      if (route_dist[i] != inf_weight)
        for (unsigned v : paths[i]) p << ' ' << v + 1;
      p << '\n';
    }
    if (!sources_file.empty()) {
      std::ofstream mx(out_dir + "/routingkit-matrix.txt");
      for (size_t i = 0; i < msrc.size(); ++i) {
        for (size_t j = 0; j < mtgt.size(); ++j) mx << (j ? " " : "") << dist_text(matrix[i * mtgt.size() + j]);
        mx << '\n';
      }
    }
    if (!d || !p) fail("error writing into " + out_dir);
  }

  std::printf(
      "{\"peer\":\"routingkit\",\"vertices\":%u,\"arcs\":%zu,\"pairs\":%zu,\"load_s\":%.3f,\"build_s\":%.3f,"
      "\"build_rss_delta_bytes\":%lld,\"build_peak_rss_delta_bytes\":%lld,\"max_rss_bytes\":%lld,\"ch_bytes\":%lld,\"up_arcs\":%zu,\"down_arcs\":%zu,"
      "\"p2p_distance_us\":%s,\"p2p_route_us\":%s,\"route_distance_disagreements\":%lld,"
      "\"throughput_threads\":%u,\"throughput_queries\":%lld,\"throughput_s\":%.4f,\"throughput_qps\":%.1f,"
      "\"throughput_disagreements\":%lld,\"matrix_sources\":%zu,\"matrix_targets\":%zu,\"matrix_threads\":%u,"
      "\"matrix_ms\":%.3f,\"matrix_method\":\"one-to-many: pin_targets, run_to_pinned_targets per source\"}\n",
      n, m, pair_count, load_s, build_s, rss_after - rss_before, build_peak - rss_before, status_bytes("VmHWM"), ch_bytes(ch),
      ch.forward.head.size(), ch.backward.head.size(), json_stats(distance_us).c_str(), json_stats(route_us).c_str(),
      disagreements, threads, throughput_queries, throughput_s,
      throughput_s > 0 ? throughput_queries / throughput_s : 0.0, throughput_disagreements.load(), msrc.size(),
      mtgt.size(), threads, matrix_ms);
  return 0;
}
