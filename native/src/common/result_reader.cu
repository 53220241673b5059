#include "common/result_reader.hpp"

#include <cuda/atomic>

#include <atomic>
#include <chrono>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "common/clock.cuh"
#include "common/cuda_check.hpp"

namespace gsssp {
namespace {

// One thread serves the mailbox until its generation is withdrawn or it idles for linger_ns. The search it follows
// on the stream has ended, so the distances are final.
template <class T>
__global__ void reader_kernel(ReaderMailbox* box, const T* __restrict__ distances, unsigned generation,
                              unsigned first_request, unsigned long long linger_ns) {
  if (threadIdx.x != 0) return;
  cuda::atomic_ref<unsigned long long, cuda::thread_scope_system> control(box->control);
  cuda::atomic_ref<unsigned, cuda::thread_scope_system> answered(box->answered);
  cuda::atomic_ref<unsigned, cuda::thread_scope_system> gone(box->gone);
  unsigned served = first_request;
  unsigned long long last = global_ns();
  for (;;) {
    const unsigned long long word = control.load(cuda::memory_order_acquire);
    if (static_cast<unsigned>(word) != generation) break;
    const unsigned request = static_cast<unsigned>(word >> 32);
    if (request != served) {
      const int count = *reinterpret_cast<volatile int*>(&box->count);
      for (int i = 0; i < count && i < kReaderMaxVertices; ++i) {
        const int v = *reinterpret_cast<volatile int*>(&box->vertices[i]);
        *reinterpret_cast<volatile unsigned long long*>(&box->values[i]) =
            static_cast<unsigned long long>(distances[v]);
      }
      answered.store(request, cuda::memory_order_release);
      served = request;
      last = global_ns();
      continue;
    }
    if (global_ns() - last > linger_ns) break;
  }
  gone.store(generation, cuda::memory_order_release);
}

std::atomic<int64_t> g_served{0};

// Workspaces whose reader may still run: quit_all() tells them all.
struct Registry {
  std::mutex mutex;
  std::vector<ResultReader*> readers;
  std::atomic<int> size{0};
};

Registry& registry() {
  static Registry* r = new Registry();  // never destroyed: readers may outlive static destructors at exit
  return *r;
}

// Host-side atomics on the mailbox's words (C++17 has no std::atomic_ref; libcu++'s works on the host too).
cuda::atomic_ref<unsigned long long, cuda::thread_scope_system> control_of(ReaderMailbox* box) {
  return cuda::atomic_ref<unsigned long long, cuda::thread_scope_system>(box->control);
}

// Withdraws the generation from the control word, keeping the request sequence: whichever reader runs exits.
void withdraw(ReaderMailbox* box) { control_of(box).fetch_and(~0xffffffffull, cuda::memory_order_acq_rel); }

}  // namespace

int64_t ResultReader::served() { return g_served.load(std::memory_order_relaxed); }

ReaderMailbox* ResultReader::box() {
  if (mailbox_.get() == nullptr) {
    mailbox_ = PinnedBuffer(sizeof(ReaderMailbox));
    std::memset(mailbox_.get(), 0, sizeof(ReaderMailbox));
  }
  return static_cast<ReaderMailbox*>(mailbox_.get());
}

ResultReader::~ResultReader() {
  if (registered_) {
    Registry& r = registry();
    std::lock_guard<std::mutex> lock(r.mutex);
    for (auto it = r.readers.begin(); it != r.readers.end(); ++it) {
      if (*it == this) {
        r.readers.erase(it);
        r.size.fetch_sub(1, std::memory_order_relaxed);
        break;
      }
    }
  }
  // The owner (Workspace) waits for its stream after quit() and before the mailbox's memory goes.
}

uint32_t ResultReader::launch(const void* distances, size_t width, cudaStream_t stream) {
  ReaderMailbox* b = box();
  if (!registered_) {
    Registry& r = registry();
    std::lock_guard<std::mutex> lock(r.mutex);
    r.readers.push_back(this);
    r.size.fetch_add(1, std::memory_order_relaxed);
    registered_ = true;
  }
  uint32_t generation = next_generation_++;
  if (generation == 0) generation = next_generation_++;
  unsigned first_request = 0;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    // The previous reader (same stream, so it has ended or ends before this one starts) sees another generation.
    const unsigned long long word = control_of(b).load(cuda::memory_order_acquire);
    first_request = static_cast<unsigned>(word >> 32);
    control_of(b).store((static_cast<unsigned long long>(first_request) << 32) | generation, cuda::memory_order_release);
  }
  if (width == 8) {
    reader_kernel<unsigned long long><<<1, 32, 0, stream>>>(b, static_cast<const unsigned long long*>(distances),
                                                             generation, first_request, kReaderLingerUs * 1000ull);
  } else {
    reader_kernel<unsigned><<<1, 32, 0, stream>>>(b, static_cast<const unsigned*>(distances), generation,
                                                  first_request, kReaderLingerUs * 1000ull);
  }
  GSSSP_CUDA_CHECK(cudaGetLastError());
  launched_ = generation;
  kept_ = 0;
  return generation;
}

void ResultReader::quit() {
  if (mailbox_.get() == nullptr) return;
  withdraw(box());
  launched_ = 0;
  kept_ = 0;
}

void ResultReader::quit(uint32_t generation) {
  if (mailbox_.get() == nullptr || generation == 0) return;
  auto control = control_of(box());
  unsigned long long word = control.load(cuda::memory_order_acquire);
  while (static_cast<uint32_t>(word) == generation &&
         !control.compare_exchange_weak(word, word & ~0xffffffffull, cuda::memory_order_acq_rel)) {
  }
}

void ResultReader::quit_all() {
  Registry& r = registry();
  if (r.size.load(std::memory_order_relaxed) == 0) return;
  std::lock_guard<std::mutex> lock(r.mutex);
  for (ResultReader* reader : r.readers) {
    if (reader->mailbox_.get() != nullptr) withdraw(reader->box());
  }
}

bool ResultReader::read(uint32_t generation, const int32_t* vertices, int64_t count, size_t width, void* out) {
  if (generation == 0 || count <= 0 || count > kReaderMaxVertices || mailbox_.get() == nullptr) return false;
  std::lock_guard<std::mutex> lock(mutex_);
  ReaderMailbox* b = box();
  auto control = control_of(b);
  cuda::atomic_ref<unsigned, cuda::thread_scope_system> answered(b->answered);
  cuda::atomic_ref<unsigned, cuda::thread_scope_system> gone(b->gone);
  unsigned long long word = control.load(cuda::memory_order_acquire);
  if (static_cast<uint32_t>(word) != generation) return false;
  if (static_cast<int32_t>(gone.load(cuda::memory_order_acquire) - generation) >= 0) return false;
  uint32_t request = next_request_++;
  if (request == static_cast<uint32_t>(word >> 32)) request = next_request_++;
  b->count = static_cast<int>(count);
  for (int64_t i = 0; i < count; ++i) b->vertices[i] = vertices[i];
  // The request goes out only if the generation is still this reader's (a quit in between withdraws it).
  if (!control.compare_exchange_strong(word, (static_cast<unsigned long long>(request) << 32) | generation,
                                       cuda::memory_order_acq_rel)) {
    return false;
  }
  const auto start = std::chrono::steady_clock::now();
  for (long long polls = 0;; ++polls) {
    if (answered.load(cuda::memory_order_acquire) == request) break;
    // Exited, or told to quit (it may not even run soon: another query's kernel can fill the GPU first).
    if (static_cast<int32_t>(gone.load(cuda::memory_order_acquire) - generation) >= 0 ||
        static_cast<uint32_t>(control.load(cuda::memory_order_acquire)) != generation) {
      // It answered before it left, or it never will.
      if (answered.load(cuda::memory_order_acquire) == request) break;
      return false;
    }
    if ((polls & 1023) == 1023) {
      // A reader that does not answer within 100 ms (the GPU busy with other work that fills it, say) is told to
      // quit, and the read copies instead, behind it on the stream.
      if (std::chrono::steady_clock::now() - start > std::chrono::milliseconds(100)) {
        quit(generation);
        return false;
      }
      std::this_thread::yield();
    }
  }
  g_served.fetch_add(1, std::memory_order_relaxed);
  auto* bytes = static_cast<char*>(out);
  for (int64_t i = 0; i < count; ++i) {
    const unsigned long long raw = *reinterpret_cast<volatile unsigned long long*>(&b->values[i]);
    if (width == 8) {
      std::memcpy(bytes + i * 8, &raw, 8);
    } else {
      const unsigned narrow = static_cast<unsigned>(raw);
      std::memcpy(bytes + i * 4, &narrow, 4);
    }
  }
  return true;
}

}  // namespace gsssp
