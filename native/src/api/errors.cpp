// Thread-local error text and the version string.
#include <string>

#include "api/guard.hpp"
#include "gsssp.h"

#ifndef GSSSP_VERSION_STRING
#define GSSSP_VERSION_STRING "0.0.0-unknown"
#endif

namespace gsssp::api {
namespace {

thread_local std::string last_error;

}  // namespace

void set_last_error(const char* text) noexcept {
  try {
    last_error.assign(text);
  } catch (...) {
    last_error.clear();  // no memory for the text: an empty text beats a stale one
  }
}

}  // namespace gsssp::api

extern "C" {

const char* gsssp_version(void) { return GSSSP_VERSION_STRING; }

const char* gsssp_last_error(void) { return gsssp::api::last_error.c_str(); }

}  // extern "C"
