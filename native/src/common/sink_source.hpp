// A query from a source without out-edges (a sink): it reaches only itself, whatever the algorithm, so no
// algorithm runs. Its distances are written as every driver's initialisation writes them (the source 0, the rest
// infinity), and the query's common tail (finalize.hpp) delivers them like any other answer: tree, reached count,
// compact output, resident result or certificate.
//
// Why: a search's fixed costs do not shrink with what it reaches. ADDS's persistent kernel, for one, costs a
// cooperative launch over the device share, its manager's sweeps until the queues are seen empty, and the host's
// wait, about 120 us more than a one-block query on a 1,000-vertex graph (FfmCallBenchmark, H200), and it holds a
// share of the device meanwhile. 48% of R-MAT 20's vertices are sinks (Graph500 parameters, edge factor 16), so a
// batch of random sources paid that for half its answers.
#pragma once

#include "common/query.hpp"

namespace gsssp {

// The answer of a query whose source has no out-edges (graph::DeviceGraph::is_sink), in the workspace's first
// distance slot: one round and one vertex visit (the source, whose edges are none), time 0 (no search kernel ran),
// nothing enqueued for the tail.
AlgorithmRun answer_sink_source(const QueryContext& query);

}  // namespace gsssp
