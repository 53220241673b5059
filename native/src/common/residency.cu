// The per-device residency shares (residency.hpp).
#include "common/residency.hpp"

#include <tuple>

#include "common/cuda_check.hpp"
#include "common/memo.hpp"

namespace gsssp {

ResidencyShares& residency_shares(int device) {
  static auto* shares = new Memo<int, ResidencyShares*>();  // never freed, nor are the shares
  return *shares->get(device, [] { return new ResidencyShares(); });
}

int cooperative_blocks_per_sm(int device, const void* kernel, int block) {
  static auto* memo = new Memo<std::tuple<int, const void*, int>, int>();  // never freed
  return memo->get({device, kernel, block}, [&] {
    int cooperative = 0;
    GSSSP_CUDA_CHECK(cudaDeviceGetAttribute(&cooperative, cudaDevAttrCooperativeLaunch, device));
    int per_sm = -1;
    if (cooperative) GSSSP_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, block, 0));
    return per_sm;
  });
}

}  // namespace gsssp
