// The per-device residency shares (residency.hpp).
#include "common/residency.hpp"

#include <map>

namespace gsssp {

ResidencyShares& residency_shares(int device) {
  static std::mutex mutex;
  static std::map<int, ResidencyShares*>* shares = new std::map<int, ResidencyShares*>();  // never freed
  std::lock_guard<std::mutex> lock(mutex);
  ResidencyShares*& entry = (*shares)[device];
  if (entry == nullptr) entry = new ResidencyShares();
  return *entry;
}

}  // namespace gsssp
