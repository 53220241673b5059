// The device's nanosecond clock, for kernels that time themselves or wait a while without the host.
#pragma once

namespace gsssp {

// %globaltimer in ns: the same clock on every SM of a device (its resolution is a microsecond or better).
__device__ __forceinline__ unsigned long long global_ns() {
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}

}  // namespace gsssp
