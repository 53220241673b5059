// The C ABI boundary: every exported function runs its body through guarded(), so no C++ exception ever
// crosses into the caller (a JVM through FFM), and every failure leaves its text for gsssp_last_error().
#pragma once

#include <exception>
#include <new>

#include "common/error.hpp"

namespace gsssp::api {

// Stores the calling thread's error text; never throws.
void set_last_error(const char* text) noexcept;

template <class Body>
int guarded(Body&& body) noexcept {
  try {
    body();
    return GSSSP_SUCCESS;
  } catch (const Error& error) {
    set_last_error(error.what());
    return error.status();
  } catch (const std::bad_alloc&) {
    // gsssp.h has no status for host memory; INTERNAL with a text that says what happened.
    set_last_error("out of host memory (std::bad_alloc)");
    return GSSSP_ERROR_INTERNAL;
  } catch (const std::exception& error) {
    set_last_error(error.what());
    return GSSSP_ERROR_INTERNAL;
  } catch (...) {
    set_last_error("unknown internal error");
    return GSSSP_ERROR_INTERNAL;
  }
}

inline void require_non_null(const void* pointer, const char* name) {
  if (pointer == nullptr) fail(GSSSP_ERROR_INVALID_ARGUMENT, format("%s is NULL", name));
}

}  // namespace gsssp::api
