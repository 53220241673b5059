// PHAST's sweep kernel alone (algorithms/phast/phast_kernels.cuh), without the library: the layout and the upward
// searches on the host (phast_layout.cpp), the test's exact hierarchy (phast_test_hierarchy.hpp) of generated grids,
// then one cooperative launch of sweep_kernel per case, its distances against the host's reference sweep
// (sweep_reference) in every lane, and the one-source answer in graph order: one lane and several (so that levels
// past the solo region run grid-wide), grids of one block and several, one lane with core tables of several sizes. Built without the library, so that compute-sanitizer's
// racecheck instruments it (it refuses a library with device-side launches): the solo levels live in shared memory.
#include <cuda_runtime.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "algorithms/phast/phast_kernels.cuh"
#include "phast_test_hierarchy.hpp"

namespace {

using gsssp::phast::Arc;
using gsssp::phast::Layout;
using gsssp::phast::Seed;
using gsssp::phast::SweepArgs;

#define CUDA_OK(call)                                                                   \
  do {                                                                                  \
    const cudaError_t e = (call);                                                       \
    ASSERT_EQ(e, cudaSuccess) << #call << ": " << cudaGetErrorString(e);                 \
  } while (0)

uint64_t seed() {
  const char* env = std::getenv("GSSSP_TEST_SEED");
  return env != nullptr ? std::strtoull(env, nullptr, 10) : 20261206ull;
}

// A w x h grid of two-way streets (5% missing, 10% one-way), weights 0..100.
struct Grid {
  int64_t n = 0;
  std::vector<int64_t> offsets;
  std::vector<int32_t> targets;
  std::vector<int32_t> weights;
};

Grid grid(int w, int h, std::mt19937_64& rng) {
  std::vector<std::vector<std::pair<int32_t, int32_t>>> out(static_cast<size_t>(w) * h);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  std::uniform_int_distribution<int32_t> weight(0, 100);
  auto street = [&](int32_t a, int32_t b) {
    const double kind = unit(rng);
    if (kind < 0.05) return;
    if (kind >= 0.10) out[static_cast<size_t>(a)].push_back({b, weight(rng)});
    if (kind < 0.10 || kind >= 0.20) out[static_cast<size_t>(b)].push_back({a, weight(rng)});
  };
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) {
      const int32_t v = y * w + x;
      if (x + 1 < w) street(v, v + 1);
      if (y + 1 < h) street(v, v + w);
    }
  }
  Grid g;
  g.n = static_cast<int64_t>(w) * h;
  g.offsets.push_back(0);
  for (const auto& arcs : out) {
    for (const auto& [head, wt] : arcs) {
      g.targets.push_back(head);
      g.weights.push_back(wt);
    }
    g.offsets.push_back(static_cast<int64_t>(g.targets.size()));
  }
  return g;
}

template <class T>
T* upload(const std::vector<T>& host) {
  T* device = nullptr;
  if (cudaMalloc(&device, std::max<size_t>(host.size(), 1) * sizeof(T)) != cudaSuccess) return nullptr;
  if (!host.empty()) cudaMemcpy(device, host.data(), host.size() * sizeof(T), cudaMemcpyHostToDevice);
  return device;
}

// One launch over `l` from `sources` (one per lane), checked against the reference sweep, lane by lane; with a core
// table (one lane only) over at most `core_max` positions, as phast.cu launches it.
void check_sweep(const Layout& l, const std::vector<int32_t>& order_sources, int shift, int blocks, int64_t core_max,
                 const std::string& what) {
  const int lanes = 1 << shift;
  const gsssp::phast::CoreTable core =
      shift == 0 && core_max > 0 ? gsssp::phast::build_core_table(l, core_max, 2) : gsssp::phast::CoreTable{};
  // The reference's seeds: whole upward searches; the kernel's: stopped at a closed core, the core's seeds first.
  std::vector<Seed> full, seeds;
  gsssp::phast::UpwardSearch search;
  for (int lane = 0; lane < lanes; ++lane) {
    const int32_t source = l.position[static_cast<size_t>(order_sources[static_cast<size_t>(lane)])];
    search.run(l, source, lane, full);
    search.run(l, source, lane, seeds, core.closed ? static_cast<int32_t>(core.vertices) : 0);
  }
  const long long core_seeds = std::partition(seeds.begin(), seeds.end(), [&](const Seed& s) {
                                 return s.position < core.vertices;
                               }) - seeds.begin();
  std::vector<int32_t> arc_heads(l.down_arcs.size());
  for (int64_t v = 0; v < l.n; ++v) {
    for (int64_t e = l.down_offsets[static_cast<size_t>(v)]; e < l.down_offsets[static_cast<size_t>(v) + 1]; ++e) {
      arc_heads[static_cast<size_t>(e)] = static_cast<int32_t>(v);
    }
  }
  std::vector<uint2> arcs(l.down_arcs.size());
  for (size_t e = 0; e < arcs.size(); ++e) {
    arcs[e] = make_uint2(static_cast<unsigned>(l.down_arcs[e].other), l.down_arcs[e].weight);
  }
  std::vector<long long> offsets(l.down_offsets.begin(), l.down_offsets.end());
  std::vector<long long> level_begin(l.level_begin.begin(), l.level_begin.end());
  SweepArgs a;
  a.count = l.n;
  a.offsets = upload(offsets);
  a.arcs = upload(arcs);
  a.heads = upload(arc_heads);
  a.level_begin = upload(level_begin);
  a.levels = static_cast<int>(l.levels());
  a.lane_shift = shift;
  a.table = core.vertices > 0 ? upload(core.distances) : nullptr;
  a.core = core.vertices;
  a.core_levels = static_cast<int>(core.levels);
  a.core_seeds = core_seeds;
  a.solo_end = gsssp::phast::solo_end(l.level_begin.data(), l.levels(), shift, a.core_levels);
  a.solo_cells = static_cast<long long>(l.level_begin[static_cast<size_t>(a.solo_end)]) << shift;
  long long* dist = nullptr;
  CUDA_OK(cudaMalloc(&dist, static_cast<size_t>(l.n << shift) * sizeof(long long)));
  a.dist = dist;
  a.seeds = upload(seeds);
  a.seed_count = static_cast<long long>(seeds.size());
  unsigned long long* answer = nullptr;
  int32_t* position = nullptr;
  if (shift == 0) {
    CUDA_OK(cudaMalloc(&answer, static_cast<size_t>(l.n) * sizeof(unsigned long long)));
    position = upload(l.position);
    a.answer = answer;
    a.position = position;
    a.n = l.n;
  }
  const size_t shared_max = static_cast<size_t>(gsssp::phast::kSoloSharedCells) * sizeof(long long);
  CUDA_OK(cudaFuncSetAttribute(reinterpret_cast<const void*>(gsssp::phast::sweep_kernel),
                               cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(shared_max)));
  const size_t shared = std::max<size_t>(a.core > 0 ? gsssp::phast::kSweepBlock * sizeof(long long) : sizeof(long long),
                                         static_cast<size_t>(a.solo_cells) * sizeof(long long));
  void* params[] = {&a};
  CUDA_OK(cudaLaunchCooperativeKernel(reinterpret_cast<const void*>(gsssp::phast::sweep_kernel), blocks,
                                      gsssp::phast::kSweepBlock, params, shared, nullptr));
  CUDA_OK(cudaDeviceSynchronize());
  std::vector<long long> got(static_cast<size_t>(l.n << shift));
  CUDA_OK(cudaMemcpy(got.data(), dist, got.size() * sizeof(long long), cudaMemcpyDeviceToHost));
  std::vector<unsigned long long> got_answer(static_cast<size_t>(shift == 0 ? l.n : 0));
  if (shift == 0) {
    CUDA_OK(cudaMemcpy(got_answer.data(), answer, got_answer.size() * sizeof(unsigned long long),
                       cudaMemcpyDeviceToHost));
  }
  for (int lane = 0; lane < lanes; ++lane) {
    std::vector<long long> want;
    gsssp::phast::sweep_reference(l.n, l.down_offsets, l.down_arcs, full, lane, want);
    for (int64_t p = 0; p < l.n; ++p) {
      ASSERT_EQ(got[static_cast<size_t>((p << shift) | lane)], want[static_cast<size_t>(p)])
          << what << ": lane " << lane << ", position " << p << " [GSSSP_TEST_SEED=" << seed() << "]";
    }
    if (shift == 0) {
      for (int64_t v = 0; v < l.n; ++v) {
        ASSERT_EQ(got_answer[static_cast<size_t>(v)],
                  gsssp::Int32Distance::encode(want[static_cast<size_t>(l.position[static_cast<size_t>(v)])]))
            << what << ": answer of vertex " << v << " [GSSSP_TEST_SEED=" << seed() << "]";
      }
    }
  }
  if (core_max == 0) EXPECT_GT(a.solo_end, 0) << what;
  if (core_max == l.n) EXPECT_EQ(a.core, l.n) << what;
  cudaFree(const_cast<long long*>(a.offsets));
  cudaFree(const_cast<uint2*>(a.arcs));
  cudaFree(const_cast<int32_t*>(a.heads));
  cudaFree(const_cast<long long*>(a.level_begin));
  cudaFree(const_cast<uint32_t*>(a.table));
  cudaFree(dist);
  cudaFree(const_cast<Seed*>(a.seeds));
  cudaFree(answer);
  cudaFree(position);
}

class PhastSweep : public ::testing::Test {
 protected:
  void SetUp() override {
    int devices = 0;
    if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) GTEST_SKIP() << "no CUDA device";
    int cooperative = 0;
    cudaDeviceGetAttribute(&cooperative, cudaDevAttrCooperativeLaunch, 0);
    if (!cooperative) GTEST_SKIP() << "no cooperative launch on device 0";
  }
};

TEST_F(PhastSweep, EqualsTheReferenceSweep) {
  std::mt19937_64 rng(seed());
  for (const auto& [w, h] : {std::pair{1, 1}, std::pair{6, 5}, std::pair{30, 30}}) {
    const Grid g = grid(w, h, rng);
    const gsssp_test::TestHierarchy t = gsssp_test::naive_hierarchy(g.n, g.offsets, g.targets, g.weights);
    gsssp::phast::HierarchyArrays arrays;
    arrays.vertex_count = g.n;
    arrays.up_arc_count = static_cast<int64_t>(t.up_heads.size());
    arrays.down_arc_count = static_cast<int64_t>(t.down_tails.size());
    arrays.rank = t.rank.data();
    arrays.up_offsets = t.up_offsets.data();
    arrays.up_heads = t.up_heads.data();
    arrays.up_weights = t.up_weights.data();
    arrays.down_offsets = t.down_offsets.data();
    arrays.down_tails = t.down_tails.data();
    arrays.down_weights = t.down_weights.data();
    const Layout l = gsssp::phast::build_layout(arrays);
    std::uniform_int_distribution<int32_t> pick(0, static_cast<int32_t>(g.n - 1));
    for (int shift : {0, 3}) {
      std::vector<int32_t> sources(static_cast<size_t>(1) << shift);
      for (auto& s : sources) s = pick(rng);
      sources[0] = 0;
      for (int blocks : {1, 3}) {
        // No core table; the top eighth, half, and all of the positions in one (whole levels, so fewer).
        for (int64_t core_max : {int64_t{0}, g.n / 8, g.n / 2, g.n}) {
          if (shift > 0 && core_max > 0) continue;
          const std::string what = std::to_string(w) + "x" + std::to_string(h) + " lanes " +
                                   std::to_string(1 << shift) + " blocks " + std::to_string(blocks) + " core at most " +
                                   std::to_string(core_max);
          check_sweep(l, sources, shift, blocks, core_max, what);
          if (HasFatalFailure()) return;
        }
      }
    }
  }
}

}  // namespace
