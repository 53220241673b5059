// A/B switches from the environment (GSSSP_ADDS_SPREAD=0, GSSSP_NF_STREAM=1, GSSSP_ADDS_RAISE=2.8, ...): each caller reads
// its switch once per process into a function-local static.
#pragma once

#include <cstdlib>

namespace gsssp {

// -1 when `name` is unset, 0 when its value starts with '0', else 1.
inline int env_switch(const char* name) {
  const char* text = std::getenv(name);
  return text == nullptr ? -1 : text[0] == '0' ? 0 : 1;
}

// `name`'s value as a number (std::atof), or `unset` when it is not set.
inline double env_number(const char* name, double unset) {
  const char* text = std::getenv(name);
  return text == nullptr ? unset : std::atof(text);
}

}  // namespace gsssp
