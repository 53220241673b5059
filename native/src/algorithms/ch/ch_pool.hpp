// A small pool of host threads for the build's and the matrix's loops: the caller is thread 0 and works too;
// loops hand out chunks of indices through one atomic counter. The first exception of any thread is rethrown on
// the caller once the loop has ended.
#pragma once

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace gsssp::ch {

class Pool {
 public:
  explicit Pool(int threads) : size_(std::max(1, threads)) {
    for (int t = 1; t < size_; ++t) workers_.emplace_back([this, t] { work(t); });
  }
  ~Pool() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      stop_ = true;
    }
    wake_.notify_all();
    for (std::thread& w : workers_) w.join();
  }
  Pool(const Pool&) = delete;
  Pool& operator=(const Pool&) = delete;

  int size() const { return size_; }

  // body(thread, begin, end) over [0, count) in chunks of `chunk`; small loops run on the caller alone.
  void for_chunks(int64_t count, int64_t chunk, const std::function<void(int, int64_t, int64_t)>& body) {
    if (count <= 0) return;
    if (size_ == 1 || count <= chunk) {
      body(0, 0, count);
      return;
    }
    {
      std::lock_guard<std::mutex> lock(mutex_);
      body_ = &body;
      count_ = count;
      chunk_ = chunk;
      next_.store(0);
      error_ = nullptr;
      busy_ = size_ - 1;
      ++generation_;
    }
    wake_.notify_all();
    run(0);
    std::unique_lock<std::mutex> lock(mutex_);
    done_.wait(lock, [this] { return busy_ == 0; });
    body_ = nullptr;
    if (error_) std::rethrow_exception(error_);
  }

 private:
  void run(int thread) {
    try {
      for (;;) {
        const int64_t begin = next_.fetch_add(chunk_);
        if (begin >= count_) break;
        (*body_)(thread, begin, std::min(count_, begin + chunk_));
      }
    } catch (...) {
      std::lock_guard<std::mutex> lock(mutex_);
      if (!error_) error_ = std::current_exception();
      next_.store(count_);
    }
  }
  void work(int thread) {
    uint64_t seen = 0;
    for (;;) {
      {
        std::unique_lock<std::mutex> lock(mutex_);
        wake_.wait(lock, [&] { return stop_ || generation_ != seen; });
        if (stop_) return;
        seen = generation_;
      }
      run(thread);
      std::lock_guard<std::mutex> lock(mutex_);
      if (--busy_ == 0) done_.notify_one();
    }
  }

  const int size_;
  std::vector<std::thread> workers_;
  std::mutex mutex_;
  std::condition_variable wake_, done_;
  const std::function<void(int, int64_t, int64_t)>* body_ = nullptr;
  int64_t count_ = 0, chunk_ = 1;
  std::atomic<int64_t> next_{0};
  std::exception_ptr error_;
  int busy_ = 0;
  uint64_t generation_ = 0;
  bool stop_ = false;
};

}  // namespace gsssp::ch
