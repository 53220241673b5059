// Tuning of the contraction hierarchy's build (Geisberger et al., WEA 2008, sections 3 and 4), in one place.
// The defaults were measured on DIMACS road NY (docs/performance.md); none depends on the host.
#pragma once

#include <cstdint>

namespace gsssp::ch {

// Witness searches (section 4.1): a Dijkstra from each in-neighbour u of the vertex being contracted, which stops
// after this many settled vertices. A search that gives up only adds a shortcut that might not have been needed;
// the hierarchy stays exact. Larger limits give fewer shortcuts and a slower build.
constexpr int32_t kDefaultWitnessSettleLimit = 500;
// The priority's simulated contraction runs the same searches with a smaller limit: its counts only order
// the vertices.
constexpr int32_t kPrioritySettleLimit = 30;
// A vertex with more (in-neighbour, out-neighbour) pairs than this is not searched: contracting it adds every
// pair's shortcut (an upper bound, still exact), and its priority counts them all. Road graphs never get near it
// (NY's densest core vertices have about 900 pairs); hubs of social and R-MAT graphs pass it at once, and their
// witness searches would cost the square of their degree.
constexpr int64_t kMaxSearchedPairs = 10000;

// The priority of a vertex (section 3, "node ordering"): edge quotient and hop quotient of its simulated
// contraction (shortcuts added / arcs removed, and the same weighted by the original arcs each stands for),
// plus its level (1 + the largest level of a contracted neighbour), which spreads contraction evenly like the
// paper's "deleted neighbours" term. RoutingKit orders its hierarchies by the same terms.
constexpr float kLevelWeight = 1.0f;
constexpr float kEdgeQuotientWeight = 1.0f;
constexpr float kHopQuotientWeight = 1.0f;

// Graphs that contract badly. Road graphs end with fewer shortcuts than original arcs (NY: about 0.9x); social
// and R-MAT graphs pass 3x within their first rounds, with a core of a few thousand vertices whose degree keeps
// growing. The build stops when either limit is passed.
constexpr double kDefaultMaxShortcutRatio = 3.0;
// The remaining core's average degree (arcs in and out per remaining vertex), checked while at least
// kCoreCheckMinVertices and kCoreCheckFraction of the vertices remain (every hierarchy's top is dense; road NY's
// core stays below 30 down to its last 1,500 vertices).
constexpr double kMaxCoreDegree = 60.0;
constexpr int64_t kCoreCheckMinVertices = 2000;
constexpr double kCoreCheckFraction = 0.05;

// Vertices per task when threads share a loop.
constexpr int64_t kChunk = 256;

// Many-to-many (ch_matrix.cpp, RPHAST): sources swept together, one SIMD lane each. 16 lanes of 32 bits fill one
// 64-byte cache line per vertex and one AVX-512 register.
constexpr int kMatrixLanes = 16;
// The core: the top ranks, where every search ends up. It is selected whole; the target and source searches stop at
// it, and each group's sweep walks its upward arcs instead. At most this many vertices, and 1/kMatrixCoreShare of the
// graph, so that small graphs keep searches to test. Measured on road NY: docs/performance.md.
constexpr int64_t kMatrixCoreVertices = 4096;
constexpr int64_t kMatrixCoreShare = 32;
// Target searches per task while the selection is built.
constexpr int64_t kMatrixSearchChunk = 8;

}  // namespace gsssp::ch
