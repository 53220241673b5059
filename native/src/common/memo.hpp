// One value per key (a device, a kernel on a device, ...), computed by the first caller that asks and kept for the
// life of the process: what the CUDA runtime reports for a device does not change, and asking again costs a call.
#pragma once

#include <map>
#include <mutex>
#include <utility>

namespace gsssp {

// compute() runs under the lock, so once per key even when threads ask together; when it throws, nothing is kept
// and the next caller tries again. Callers keep theirs as `static auto* memo = new Memo<...>()`, never freed: a JVM
// may call in while static destructors run.
template <class Key, class Value>
class Memo {
 public:
  template <class Compute>
  Value get(const Key& key, Compute&& compute) {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = values_.find(key);
    if (it != values_.end()) return it->second;
    const Value value = std::forward<Compute>(compute)();
    values_.emplace(key, value);
    return value;
  }

 private:
  std::mutex mutex_;
  std::map<Key, Value> values_;
};

}  // namespace gsssp
