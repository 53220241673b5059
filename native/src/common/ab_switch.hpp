// TEMPORARY A/B switches for one GPU run of issue #47 (delete this file and its two uses after the run): set to "1",
// GSSSP_AB_PHAST_VERTEX_SOLO brings back the vertex-parallel solo levels of PHAST's sweep, GSSSP_AB_CUTOFF_DENSE the
// dense delivery of a cutoff's answer. Read once per process.
#pragma once

#include <cstdlib>

namespace gsssp {

inline bool ab_switch(const char* name) {
  const char* text = std::getenv(name);
  return text != nullptr && text[0] == '1';
}

}  // namespace gsssp
