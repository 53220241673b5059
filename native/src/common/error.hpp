// The one exception type used inside gsssp. It carries a gsssp_status so that the C ABI layer
// (api/guard.hpp) can turn it into a return code and an error text; nothing else may escape.
#pragma once

#include <exception>
#include <string>
#include <utility>

#include "gsssp.h"

namespace gsssp {

class Error : public std::exception {
 public:
  Error(gsssp_status status, std::string message) : status_(status), message_(std::move(message)) {}
  gsssp_status status() const noexcept { return status_; }
  const char* what() const noexcept override { return message_.c_str(); }

 private:
  gsssp_status status_;
  std::string message_;
};

[[noreturn]] inline void fail(gsssp_status status, std::string message) {
  throw Error(status, std::move(message));
}

// printf into a std::string; messages name the offending values, so they are built at run time.
std::string format(const char* fmt, ...) __attribute__((format(printf, 1, 2)));

}  // namespace gsssp
