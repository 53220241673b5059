// What a multi-source run (gsssp_device_graph_sssp_batch) reports, summed over its launches.
#pragma once

#include <cstdint>

namespace gsssp {

struct BatchRun {
  double time_ms = 0.0;  // device time of the launches
  int64_t rounds = 0;    // per launch, the most any of its sources took; summed over the launches
  int64_t launches = 0;
  int64_t sources_per_launch = 0;
  int64_t reached = 0;   // finite distances over every row (block-per-source design; the lanes design counts its own)
};

}  // namespace gsssp
