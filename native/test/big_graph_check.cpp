// Beyond 2^31 edges (the issue of that name): a random graph of n = 2^24 vertices and m = 2^31 + 2^27 edges (int32
// weights 1..1000, about 18 GB on the host and on the GPU), and on it ADDS, Near-Far, H-BF (three dynamic-parallelism
// modes), Frontier, Bellman-Ford and a MULTI_BELLMAN_FORD batch against CPU Dijkstra on all n distances, predecessors
// checked edge by edge (ADDS, Bellman-Ford), and the certificate of the reference and of an answer made wrong at an edge
// stored past 2^31. Not a CTest test (minutes, 40+ GB): run by hand on the GPU host, `gsssp_big_graph_check [source]`;
// exit status 0 when everything matched. DA2CF, block-BF and block-NF are left out (DA2CF resolves one distance value
// per round; the block designs do not fit or take one block over all edges).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <vector>
#include "gsssp.h"
static double now_s() { return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count(); }
static uint64_t mix(uint64_t x) { x += 0x9e3779b97f4a7c15ull; x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull; x = (x ^ (x >> 27)) * 0x94d049bb133111ebull; return x ^ (x >> 31); }
int main(int argc, char** argv) {
  const int64_t n = int64_t{1} << 24;
  const int64_t m = (int64_t{1} << 31) + (int64_t{1} << 27);
  const int threads = 16;
  double t = now_s();
  std::vector<int64_t> off(n + 1);
  // Degrees vary (m / n +- 64) so edge positions are not a multiple of anything; the last vertex takes the rest.
  for (int64_t v = 0; v < n; ++v) off[v] = v * (m / n) + (int64_t)(mix(v) % 64) - 32;
  off[0] = 0; off[n] = m;
  for (int64_t v = 1; v < n; ++v) if (off[v] < off[v - 1]) off[v] = off[v - 1];
  int32_t* tgt = static_cast<int32_t*>(std::malloc(m * 4));
  int32_t* w = static_cast<int32_t*>(std::malloc(m * 4));
  {
    std::vector<std::thread> ts;
    for (int k = 0; k < threads; ++k) ts.emplace_back([&, k] {
      for (int64_t e = m * k / threads; e < m * (k + 1) / threads; ++e) {
        const uint64_t r = mix(e * 2654435761ull + 17);
        tgt[e] = (int32_t)(r % n);
        w[e] = 1 + (int32_t)((r >> 32) % 1000);
      }
    });
    for (auto& x : ts) x.join();
  }
  std::printf("generated n=%lld m=%lld (m > 2^31: %d) in %.1f s; last vertex's first edge %lld\n", (long long)n, (long long)m,
              m > 2147483647ll, now_s() - t, (long long)off[n - 1]);
  gsssp_csr g{}; g.num_vertices = n; g.num_edges = m; g.offsets = off.data(); g.targets = tgt; g.weights = w; g.weight_type = GSSSP_WEIGHT_INT32;
  t = now_s();
  if (gsssp_csr_validate(&g) != 0) { std::printf("validate failed: %s\n", gsssp_last_error()); return 1; }
  std::printf("validate %.2f s\n", now_s() - t);
  std::vector<int64_t> ref(n);
  gsssp_options o; gsssp_options_init(&o);
  gsssp_stats st{};
  const int64_t source = argc > 1 ? atoll(argv[1]) : 12345;
  t = now_s();
  if (gsssp_cpu_sssp(&g, GSSSP_ALGORITHM_CPU_DIJKSTRA, source, &o, ref.data(), nullptr, &st) != 0) { std::printf("cpu failed: %s\n", gsssp_last_error()); return 1; }
  std::printf("cpu dijkstra %.1f s, reached %lld, edges relaxed %lld\n", now_s() - t, (long long)st.vertices_reached, (long long)st.edges_relaxed);
  int64_t far_reached = 0;
  for (int64_t v = 0; v < n; ++v) if (off[v] > 2147483647ll && ref[v] != INT64_MAX) ++far_reached;
  std::printf("reached vertices whose out-edges lie past 2^31: %lld\n", (long long)far_reached);
  t = now_s();
  gsssp_device_graph_t dg = nullptr;
  if (gsssp_device_graph_create(&dg, 0, &g) != 0) { std::printf("upload failed: %s\n", gsssp_last_error()); return 1; }
  std::printf("upload (validate + summary + copy) %.1f s\n", now_s() - t);
  int failures = 0;
  std::vector<int64_t> got(n);
  std::vector<int32_t> pred(n);
  struct Run { const char* name; int algo; int dp; int preds; int certify; };
  const Run runs[] = {{"ADDS", GSSSP_ALGORITHM_ADDS, -1, 0, 0},
                      {"ADDS+pred+certify", GSSSP_ALGORITHM_ADDS, -1, 1, 1},
                      {"NEAR_FAR", GSSSP_ALGORITHM_NEAR_FAR, -1, 0, 0},
                      {"HBF", GSSSP_ALGORITHM_HBF, -1, 0, 0},
                      {"HBF dp off", GSSSP_ALGORITHM_HBF, GSSSP_HBF_DP_OFF, 0, 0},
                      {"HBF block/vertex", GSSSP_ALGORITHM_HBF, GSSSP_HBF_DP_BLOCK_PER_VERTEX, 0, 0},
                      {"FRONTIER", GSSSP_ALGORITHM_FRONTIER, -1, 0, 0},
                      {"BELLMAN_FORD", GSSSP_ALGORITHM_BELLMAN_FORD, -1, 1, 0}};
  for (const Run& r : runs) {
    gsssp_options q; gsssp_options_init(&q);
    if (r.dp >= 0) q.hbf.dynamic_parallelism = r.dp;
    q.certify = r.certify;
    q.compute_predecessors = r.preds;
    std::fill(got.begin(), got.end(), -7);
    t = now_s();
    gsssp_stats s{};
    const int rc = gsssp_device_graph_sssp(dg, r.algo, source, &q, got.data(), r.preds ? pred.data() : nullptr, &s);
    const double secs = now_s() - t;
    if (rc != 0) { std::printf("%-18s FAILED rc=%d: %s\n", r.name, rc, gsssp_last_error()); ++failures; continue; }
    int64_t bad = 0, first_bad = -1;
    for (int64_t v = 0; v < n; ++v) if (got[v] != ref[v]) { if (first_bad < 0) first_bad = v; ++bad; }
    int64_t bad_pred = 0;
    if (r.preds) {
      for (int64_t v = 0; v < n; ++v) {
        if (v == source || ref[v] == INT64_MAX) { if (pred[v] != -1) ++bad_pred; continue; }
        const int32_t u = pred[v];
        bool ok = false;
        if (u >= 0 && u < n) for (int64_t e = off[u]; e < off[u + 1]; ++e) if (tgt[e] == v && ref[u] + w[e] == ref[v]) { ok = true; break; }
        if (!ok) ++bad_pred;
      }
    }
    std::printf("%-18s %s: %lld wrong distances (first %lld)%s, %lld bad predecessors; %.1f s wall, %.1f ms device, rounds %lld, edges relaxed %lld, restarts %lld, certificate %.1f ms\n",
                r.name, bad == 0 && bad_pred == 0 ? "OK" : "MISMATCH", (long long)bad, (long long)first_bad, "", (long long)bad_pred,
                secs, s.time_ms, (long long)s.iterations, (long long)s.edges_relaxed, (long long)s.restarts, s.certificate_ms);
    if (bad || bad_pred) ++failures;
  }
  {  // MULTI_BELLMAN_FORD batch: two sources, the first row checked
    const int64_t sources[2] = {source, 1};
    std::vector<int64_t> rows(2 * n);
    gsssp_options q; gsssp_options_init(&q);
    gsssp_stats s{};
    t = now_s();
    const int rc = gsssp_device_graph_sssp_batch(dg, GSSSP_ALGORITHM_MULTI_BELLMAN_FORD, sources, 2, nullptr, 0, &q, rows.data(), nullptr, &s);
    if (rc != 0) { std::printf("MULTI_BF batch FAILED rc=%d: %s\n", rc, gsssp_last_error()); ++failures; }
    else {
      int64_t bad = 0;
      for (int64_t v = 0; v < n; ++v) if (rows[v] != ref[v]) ++bad;
      std::printf("MULTI_BF batch     %s: %lld wrong distances in the first row; %.1f s wall\n", bad ? "MISMATCH" : "OK", (long long)bad, now_s() - t);
      if (bad) ++failures;
    }
  }
  {  // certificate of the reference answer itself, and of a corrupted one (an edge past 2^31 must be named)
    gsssp_certificate c{};
    int rc = gsssp_device_graph_certify(dg, source, ref.data(), nullptr, &c);
    std::printf("certify(reference): rc=%d violation %d vertex %lld edge %lld\n", rc, c.violation, (long long)c.vertex, (long long)c.edge);
    if (rc != 0 || c.violation != 0) ++failures;
    const int64_t u = n - 5;  // its out-edges lie past 2^31
    const int32_t v = tgt[off[u]];
    std::vector<int64_t> bad = ref;
    if (v != source && bad[u] != INT64_MAX) {
      bad[v] = bad[u] + w[off[u]] + 1000000;  // now edge off[u] improves v
      rc = gsssp_device_graph_certify(dg, source, bad.data(), nullptr, &c);
      std::printf("certify(corrupted at vertex %d): rc=%d violation %d vertex %lld edge %lld (an improving edge must be found; edge %lld is one)\n",
                  v, rc, c.violation, (long long)c.vertex, (long long)c.edge, (long long)off[u]);
      if (rc != 0 || c.violation != GSSSP_CERTIFICATE_EDGE_IMPROVES) ++failures;
    }
  }
  gsssp_device_graph_destroy(dg);
  std::printf("failures: %d\n", failures);
  return failures != 0;
}
