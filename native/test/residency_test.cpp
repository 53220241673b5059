// Shares of the device for persistent grids (native/src/common/residency.hpp), host logic only: a run alone takes
// the whole device, N runs about 1/N each, and a run that is one of a pair (ADDS's pair query) never more than half,
// so that both of its grids are resident together.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>

#include "common/residency.hpp"

namespace {

constexpr int kResident = 264;  // e.g. 132 SMs x 2 blocks

TEST(ResidencyShares, AloneTakesTheWholeDevice) {
  gsssp::ResidencyShares shares;
  const int blocks = shares.acquire(kResident);
  EXPECT_EQ(blocks, kResident);
  shares.release(blocks, kResident);
}

TEST(ResidencyShares, OneOfAPairTakesAtMostHalfEvenAlone) {
  gsssp::ResidencyShares shares;
  const int first = shares.acquire(kResident, 2);
  EXPECT_EQ(first, kResident / 2);
  // The pair's other search gets the other half at once, without waiting for the first to end.
  const int second = shares.acquire(kResident, 2);
  EXPECT_EQ(second, kResident / 2);
  shares.release(first, kResident);
  shares.release(second, kResident);
  // Released: a run alone has the whole device again.
  const int alone = shares.acquire(kResident);
  EXPECT_EQ(alone, kResident);
  shares.release(alone, kResident);
}

TEST(ResidencyShares, ARunWaitsUntilAShareIsFree) {
  gsssp::ResidencyShares shares;
  const int whole = shares.acquire(kResident);
  std::atomic<int> got{-1};
  std::thread waiter([&] { got = shares.acquire(kResident, 2); });
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  EXPECT_EQ(got.load(), -1) << "a second run started while the first held the whole device";
  shares.release(whole, kResident);
  waiter.join();
  EXPECT_EQ(got.load(), kResident / 2);
  shares.release(got.load(), kResident);
}

}  // namespace
