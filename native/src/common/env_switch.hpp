// Every environment variable the library reads, in one table: three diagnostics for profiler runs, where to find NCCL,
// and the places a pip-installed NCCL may live. docs/tuning.md describes each; nothing else in native/src calls
// getenv. The diagnostics are read once per process (their callers keep the answer); the NCCL ones whenever NCCL is
// looked for.
#pragma once

#include <cstdlib>

namespace gsssp {

enum class Env {
  kAddsProfile,  // GSSSP_ADDS_PROFILE: set to anything, ADDS prints where each query's time went on stderr
  kStageTrace,   // GSSSP_STAGE_TRACE: "1", each GPU query prints its stages' times on stderr
  kChTrace,      // GSSSP_CH_TRACE: "1", a hierarchy's build prints its rounds and phase times on stderr
  kNcclLibrary,  // GSSSP_NCCL_LIBRARY: the path of libnccl.so.2 for the partitioned NCCL exchange
  kHome,         // HOME, VIRTUAL_ENV, CONDA_PREFIX: where pip may have put NCCL (nvidia-nccl-cu12 / -cu13)
  kVirtualEnv,
  kCondaPrefix,
  kCount
};

constexpr const char* kEnvNames[] = {"GSSSP_ADDS_PROFILE", "GSSSP_STAGE_TRACE", "GSSSP_CH_TRACE",
                                     "GSSSP_NCCL_LIBRARY", "HOME",              "VIRTUAL_ENV",
                                     "CONDA_PREFIX"};
static_assert(sizeof(kEnvNames) / sizeof(kEnvNames[0]) == static_cast<int>(Env::kCount), "one name per Env");

constexpr const char* env_name(Env variable) { return kEnvNames[static_cast<int>(variable)]; }

// The variable's value, or null when it is unset.
inline const char* env_text(Env variable) { return std::getenv(env_name(variable)); }

// -1 when the variable is unset, 0 when its value starts with '0', else 1.
inline int env_switch(Env variable) {
  const char* text = env_text(variable);
  return text == nullptr ? -1 : text[0] == '0' ? 0 : 1;
}

}  // namespace gsssp
