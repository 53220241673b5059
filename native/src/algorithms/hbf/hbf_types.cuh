// Shared types of H-BF (Busato & Bombieri, "An Efficient Implementation of the Bellman-Ford Algorithm for
// Kepler GPU Architectures", IEEE TPDS 27(8), 2016): the edge classes of section 4.1, the packed
// (distance, iteration) word of section 4.2, and the per-query device state of the frontier loop.
#pragma once

#include <cstdint>

#include "common/distance.cuh"
#include "common/workspace.hpp"

namespace gsssp::hbf {

// Section 4.1, Algorithm 4: two bits per edge.
enum EdgeClass : uint32_t {
  kClassAtomic = 0,    // ordinary edge: atomicMin relax
  kClassDirect = 1,    // target of in-degree 1: only one thread can write it, no atomic needed
  kClassSelfLoop = 2,  // u -> u with w >= 0: can never lower d(u), skipped (a negative self-loop stays kClassAtomic)
  kClassSink = 3,      // target of out-degree 0: never relaxed nor enqueued; its distance is set at the end
};

// Target ids carry their class in the top two bits when the graph has at most 2^30 vertices (as in the
// paper); larger graphs keep the classes in a byte array beside the targets.
constexpr uint32_t kTagShift = 30;
constexpr uint32_t kIdMask = (1u << kTagShift) - 1u;

// How distances are packed with the iteration number into one 64-bit word (section 4.2). The distance
// part is an unsigned order-preserving code of `64 - iter_bits` bits in the high half, so one unsigned
// atomicMin compares distances first:
//   float32 weights: the 32-bit ordered float (common/atomics.cuh) and 32 iteration bits;
//   int32 weights:   d + bias with bias = 2^(dist_bits - 1), where dist_bits is the smallest width whose
//                    signed range holds [-B - 1, B] and an infinity code, B = max|w| * (n - 1) (a bound on
//                    every simple path); iteration bits = 64 - dist_bits. Fewer than 8 iteration bits
//                    (B >= 2^55) and the query falls back to the unpacked path (no duplicate removal).
// A distance below -B can only be the weight of a walk with a negative cycle, so int candidates are
// clamped at floor = -B - 1 and the clamp itself proves a negative cycle: distances never wrap.
struct PackParams {
  int iter_bits = 32;
  unsigned long long iter_mask = 0xffffffffull;  // also the "never written in this period" stamp
  long long bias = 0;
  unsigned long long inf_code = 0;
  long long floor = 0;                            // int weights only
};

// Per-query state of the round loop, in device memory. Round r reads frontier_size[r % 3], appends to
// frontier_size[(r + 1) % 3] and zeroes slot (r + 2) % 3, which the previous round used for its input
// and its heavy list: no counter needs a host round trip between rounds.
struct LoopState {
  unsigned long long frontier_size[3];
  unsigned long long heavy_size[3];
  unsigned int stop;      // set with proof or overflow: later rounds return at once
  unsigned int proof;     // an int candidate fell below -B: a negative cycle is certain
  unsigned int overflow;  // a queue was full (only possible without duplicate removal)
  unsigned int pad;
  unsigned long long changed;  // negative-cycle witness rounds (hbf_cycle_kernels.cuh)
};

template <class D>
struct RoundArgs {
  long long num_vertices;
  long long source;
  const int64_t* offsets;
  const uint32_t* targets;   // tagged (class in bits 30-31), or plain ids
  const uint8_t* classes;    // classes when not tagged; null when classification is off or tagged
  const typename D::weight* weights;
  typename D::stored* dist;  // unpacked distances (duplicate removal off)
  unsigned long long* info;  // packed (distance, iteration) words (duplicate removal on)
  PackParams pack;
  int32_t* queue[2];         // round r reads queue[r & 1] and appends to queue[(r + 1) & 1]
  long long queue_capacity;
  int32_t* heavy;
  long long heavy_capacity;
  LoopState* state;
  DeviceCounters* counters;
  long long* trace_sizes;    // frontier size per round, or null
  unsigned long long* trace_times;  // %globaltimer (ns) when each round started
  long long trace_capacity;
  long long resident_threads;
  long long stamp_period;    // iteration stamps are round % stamp_period
  int classification;        // 0 off, 1 tagged targets, 2 class array
  const uint8_t* vertex_flags;  // bit 0: distinct targets, so the source's edges may be written directly
  int coalesced;
  int dynamic_warps;
  int dp_mode;               // GSSSP_HBF_DP_OFF / DEVICE_LAUNCH / BLOCK_PER_VERTEX
  long long dp_threshold;
};

}  // namespace gsssp::hbf
