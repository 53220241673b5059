// A hierarchy's arrays from outside (a mapped file): the checks of their shape, and the CSR checksum that ties a
// hierarchy to its graph.
#include <algorithm>
#include <cstring>
#include <limits>
#include <vector>

#include "algorithms/ch/ch.hpp"
#include "common/error.hpp"

namespace gsssp::ch {
namespace {

[[noreturn]] void bad(const std::string& what) {
  fail(GSSSP_ERROR_INVALID_ARGUMENT, "hierarchy view: " + what);
}

// One side (up or down) of the view: offsets from 0 to `count`, other ends in range, each list strictly increasing
// in the other end's rank and pointing the way the side says.
void check_side(const gsssp_ch_view& v, const char* name, const int64_t* offsets, const int32_t* others,
                const uint32_t* weights, const int32_t* middles, int64_t count) {
  const int64_t n = v.vertex_count;
  if (count < 0) bad(format("%s_arc_count %lld is negative", name, static_cast<long long>(count)));
  if (offsets == nullptr) bad(format("%s_offsets is NULL", name));
  if (count > 0 && (others == nullptr || weights == nullptr || middles == nullptr))
    bad(format("%s arcs: an array of %lld arcs is NULL", name, static_cast<long long>(count)));
  if (offsets[0] != 0) bad(format("%s_offsets[0] is %lld, not 0", name, static_cast<long long>(offsets[0])));
  if (offsets[n] != count)
    bad(format("%s_offsets[%lld] is %lld, not the arc count %lld", name, static_cast<long long>(n),
               static_cast<long long>(offsets[n]), static_cast<long long>(count)));
  for (int64_t x = 0; x < n; ++x) {
    if (offsets[x + 1] < offsets[x] || offsets[x + 1] > count)
      bad(format("%s_offsets are not monotone at vertex %lld", name, static_cast<long long>(x)));
    int32_t previous = -1;
    for (int64_t i = offsets[x]; i < offsets[x + 1]; ++i) {
      const int32_t y = others[i];
      if (y < 0 || y >= n)
        bad(format("%s arc %lld: vertex %d is outside [0, %lld)", name, static_cast<long long>(i), y,
                   static_cast<long long>(n)));
      if (v.rank[y] <= v.rank[x])
        bad(format("%s arc %lld joins vertex %lld (rank %d) with vertex %d of lower rank %d", name,
                   static_cast<long long>(i), static_cast<long long>(x), v.rank[x], y, v.rank[y]));
      if (v.rank[y] <= previous)
        bad(format("%s arcs of vertex %lld are not sorted by rank without repeats (arc %lld)", name,
                   static_cast<long long>(x), static_cast<long long>(i)));
      previous = v.rank[y];
      const int32_t m = middles[i];
      if (m < -1 || m >= n || (m >= 0 && (v.rank[m] >= v.rank[x] || v.rank[m] >= v.rank[y])))
        bad(format("%s arc %lld: middle %d is not a vertex of lower rank than both ends", name,
                   static_cast<long long>(i), m));
    }
  }
}

// The arc tail -> head's weight, or -1 when the view has none (lists sorted by rank, checked before).
int64_t arc_weight(const gsssp_ch_view& v, int32_t tail, int32_t head) {
  const bool upward = v.rank[tail] < v.rank[head];
  const int64_t* offsets = upward ? v.up_offsets : v.down_offsets;
  const int32_t* others = upward ? v.up_heads : v.down_tails;
  const uint32_t* weights = upward ? v.up_weights : v.down_weights;
  const int32_t owner = upward ? tail : head, other = upward ? head : tail;
  int64_t lo = offsets[owner], hi = offsets[owner + 1];
  while (lo < hi) {
    const int64_t mid = lo + (hi - lo) / 2;
    if (v.rank[others[mid]] < v.rank[other]) lo = mid + 1;
    else hi = mid;
  }
  return lo < offsets[owner + 1] && others[lo] == other ? static_cast<int64_t>(weights[lo]) : -1;
}

void check_middles(const gsssp_ch_view& v, bool up) {
  const int64_t* offsets = up ? v.up_offsets : v.down_offsets;
  const int32_t* others = up ? v.up_heads : v.down_tails;
  const uint32_t* weights = up ? v.up_weights : v.down_weights;
  const int32_t* middles = up ? v.up_middles : v.down_middles;
  for (int64_t x = 0; x < v.vertex_count; ++x) {
    for (int64_t i = offsets[x]; i < offsets[x + 1]; ++i) {
      const int32_t m = middles[i];
      if (m < 0) continue;
      const int32_t tail = up ? static_cast<int32_t>(x) : others[i];
      const int32_t head = up ? others[i] : static_cast<int32_t>(x);
      const int64_t first = arc_weight(v, tail, m), second = arc_weight(v, m, head);
      if (first < 0 || second < 0 || first + second != static_cast<int64_t>(weights[i]))
        bad(format("shortcut %d -> %d (weight %u) is not the sum of arcs %d -> %d and %d -> %d", tail, head,
                   weights[i], tail, m, m, head));
    }
  }
}

inline uint64_t rotl(uint64_t x, int r) { return (x << r) | (x >> (64 - r)); }

// Four independent lanes over 8-byte words (the tail zero-padded), folded at the end.
struct Hasher {
  uint64_t lane[4] = {0x9E3779B97F4A7C15ULL, 0xC2B2AE3D27D4EB4FULL, 0x165667B19E3779F9ULL, 0x27D4EB2F165667C5ULL};
  static uint64_t step(uint64_t h, uint64_t w) { return rotl(h ^ (w * 0x87C37B91114253D5ULL), 31) * 0x4CF5AD432745937FULL; }
  void word(uint64_t w) { lane[0] = step(lane[0], w); }
  void bytes(const void* data, size_t size) {
    const unsigned char* p = static_cast<const unsigned char*>(data);
    size_t i = 0;
    uint64_t w[4];
    for (; i + 32 <= size; i += 32) {
      std::memcpy(w, p + i, 32);
      for (int k = 0; k < 4; ++k) lane[k] = step(lane[k], w[k]);
    }
    for (; i < size; i += 8) {
      uint64_t last = 0;
      std::memcpy(&last, p + i, std::min<size_t>(8, size - i));
      lane[0] = step(lane[0], last);
    }
    word(size);
  }
  uint64_t finish() const {
    uint64_t h = lane[0] ^ rotl(lane[1], 17) ^ rotl(lane[2], 29) ^ rotl(lane[3], 43);
    h ^= h >> 33;
    h *= 0xFF51AFD7ED558CCDULL;
    h ^= h >> 33;
    h *= 0xC4CEB9FE1A85EC53ULL;
    h ^= h >> 33;
    return h;
  }
};

}  // namespace

void validate_view(const gsssp_ch_view& v) {
  const int64_t n = v.vertex_count;
  if (n < 0 || n > std::numeric_limits<int32_t>::max() - 1)
    bad(format("vertex_count %lld is outside [0, 2^31 - 1)", static_cast<long long>(n)));
  if (v.rank == nullptr) bad("rank is NULL");
  std::vector<uint8_t> seen(n, 0);
  for (int64_t x = 0; x < n; ++x) {
    const int32_t r = v.rank[x];
    if (r < 0 || r >= n || seen[r])
      bad(format("rank is not a permutation of 0..n-1 (rank[%lld] = %d)", static_cast<long long>(x), r));
    seen[r] = 1;
  }
  check_side(v, "up", v.up_offsets, v.up_heads, v.up_weights, v.up_middles, v.up_arc_count);
  check_side(v, "down", v.down_offsets, v.down_tails, v.down_weights, v.down_middles, v.down_arc_count);
  check_middles(v, true);
  check_middles(v, false);
}

uint64_t csr_checksum(const gsssp_csr& csr) {
  Hasher h;
  h.word(static_cast<uint64_t>(csr.num_vertices));
  h.word(static_cast<uint64_t>(csr.num_edges));
  h.word(static_cast<uint64_t>(csr.weight_type));
  h.bytes(csr.offsets, static_cast<size_t>(csr.num_vertices + 1) * sizeof(int64_t));
  h.bytes(csr.targets, static_cast<size_t>(csr.num_edges) * sizeof(int32_t));
  h.bytes(csr.weights, static_cast<size_t>(csr.num_edges) * 4);
  return h.finish();
}

}  // namespace gsssp::ch
