// Every algorithm id the C ABI knows, one row each: its name, where it runs, whether it takes negative weights,
// and, for a GPU algorithm, its folder's driver. gsssp_algorithm_info reads this table; device_api.cu dispatches
// through it; Java's AlgorithmTableTest checks that org.gsssp.Algorithm lists the same ids and facts.
//
// Adding a GPU algorithm: its folder under algorithms/ (driver: AlgorithmRun run(const QueryContext&)), its
// header included below, and one row. The id is the number Java's Algorithm constant passes; gsssp.h's enum names
// the ids of the algorithms published to C callers, and gsssp_algorithm_info lists every id.
#include "algorithms/adds/adds.hpp"
#include "algorithms/bellman_ford/bellman_ford.hpp"
#include "algorithms/bellman_ford_inplace/bellman_ford_inplace.hpp"
#include "algorithms/block_bf/block_bf.hpp"
#include "algorithms/block_nf/block_nf.hpp"
#include "algorithms/da2cf/da2cf.hpp"
#include "algorithms/frontier/frontier.hpp"
#include "algorithms/hbf/hbf.hpp"
#include "algorithms/multi_bf/multi_bf.hpp"
#include "algorithms/near_far/near_far.hpp"
#include "algorithms/phast/phast.hpp"
#include "api/options.hpp"

namespace gsssp::api {
namespace {

using da2cf::Layout;
using da2cf::Relax;

AlgorithmRun da2cf_f(const QueryContext& q) { return da2cf::run(q, Relax::kFrontier, Layout::kAdjacencyList); }
AlgorithmRun da2cf_u(const QueryContext& q) { return da2cf::run(q, Relax::kUnresolved, Layout::kAdjacencyList); }
AlgorithmRun da2cf_f_matrix(const QueryContext& q) { return da2cf::run(q, Relax::kFrontier, Layout::kAdjacencyMatrix); }
AlgorithmRun da2cf_u_matrix(const QueryContext& q) { return da2cf::run(q, Relax::kUnresolved, Layout::kAdjacencyMatrix); }

constexpr AlgorithmKind kCpu = AlgorithmKind::kCpu;
constexpr AlgorithmKind kGpu = AlgorithmKind::kGpu;

const AlgorithmFacts kAlgorithms[] = {
    // id                                   name                  kind  negative weights  driver
    {GSSSP_ALGORITHM_CPU_DIJKSTRA,          "CPU_DIJKSTRA",       kCpu, false, nullptr},
    {GSSSP_ALGORITHM_BELLMAN_FORD,          "BELLMAN_FORD",       kGpu, false, &bellman_ford::run},
    {GSSSP_ALGORITHM_FRONTIER,              "FRONTIER",           kGpu, false, &frontier::run},
    {GSSSP_ALGORITHM_NEAR_FAR,              "NEAR_FAR",           kGpu, false, &near_far::run},
    {GSSSP_ALGORITHM_DA2CF_F,               "DA2CF_F",            kGpu, false, &da2cf_f},
    {GSSSP_ALGORITHM_DA2CF_U,               "DA2CF_U",            kGpu, false, &da2cf_u},
    {GSSSP_ALGORITHM_HBF,                   "HBF",                kGpu, true,  &hbf::run},
    {GSSSP_ALGORITHM_ADDS,                  "ADDS",               kGpu, false, &adds::run},
    {GSSSP_ALGORITHM_DA2CF_F_MATRIX,        "DA2CF_F_MATRIX",     kGpu, false, &da2cf_f_matrix},
    {GSSSP_ALGORITHM_DA2CF_U_MATRIX,        "DA2CF_U_MATRIX",     kGpu, false, &da2cf_u_matrix},
    {GSSSP_ALGORITHM_CPU_BELLMAN_FORD,      "CPU_BELLMAN_FORD",   kCpu, true,  nullptr},
    {GSSSP_ALGORITHM_BLOCK_BELLMAN_FORD,    "BLOCK_BELLMAN_FORD", kGpu, false, &block_bf::run},
    {GSSSP_ALGORITHM_MULTI_BELLMAN_FORD,    "MULTI_BELLMAN_FORD", kGpu, false, &multi_bf::run},
    {GSSSP_ALGORITHM_BLOCK_NEAR_FAR,        "BLOCK_NEAR_FAR",     kGpu, false, &block_nf::run},
    {14,                                    "BELLMAN_FORD_INPLACE", kGpu, false, &bellman_ford_inplace::run},
    {GSSSP_ALGORITHM_PHAST,                 "PHAST",              kGpu, false, &phast::run},
};

}  // namespace

const AlgorithmFacts* find_algorithm(int32_t algorithm) {
  for (const AlgorithmFacts& facts : kAlgorithms) {
    if (facts.id == algorithm) return &facts;
  }
  return nullptr;
}

}  // namespace gsssp::api
