// The per-device residency shares (residency.hpp).
#include "common/residency.hpp"

#include <map>
#include <tuple>

#include "common/cuda_check.hpp"

namespace gsssp {

ResidencyShares& residency_shares(int device) {
  static std::mutex mutex;
  static std::map<int, ResidencyShares*>* shares = new std::map<int, ResidencyShares*>();  // never freed
  std::lock_guard<std::mutex> lock(mutex);
  ResidencyShares*& entry = (*shares)[device];
  if (entry == nullptr) entry = new ResidencyShares();
  return *entry;
}

int cooperative_blocks_per_sm(int device, const void* kernel, int block) {
  static std::mutex mutex;
  using Key = std::tuple<int, const void*, int>;
  static std::map<Key, int>* cache = new std::map<Key, int>();  // never freed
  std::lock_guard<std::mutex> lock(mutex);
  const Key key{device, kernel, block};
  auto it = cache->find(key);
  if (it != cache->end()) return it->second;
  int cooperative = 0;
  GSSSP_CUDA_CHECK(cudaDeviceGetAttribute(&cooperative, cudaDevAttrCooperativeLaunch, device));
  int per_sm = -1;
  if (cooperative) GSSSP_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, block, 0));
  cache->emplace(key, per_sm);
  return per_sm;
}

}  // namespace gsssp
