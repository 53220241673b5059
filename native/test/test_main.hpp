// What every GoogleTest file of the native tests shares: the seed, the sizes, and the fixtures that skip the GPU
// tests (with the reason printed) where there is no CUDA device. test_main.cpp holds the main.
#pragma once

#include <gtest/gtest.h>

#include "support.hpp"

namespace gsssp_test {

// GSSSP_TEST_SEED (default 20240611). Each test seeds its own generator from it and the test's full name, so a
// test gives the same graphs alone (--gtest_filter) as in the whole run; a failed check prints both seeds.
uint64_t base_seed();
// GSSSP_TEST_SIZES=full: the generated-graph tests also run 100 to 100,000 vertices and R-MAT up to scale 17
// (minutes on a GPU). Default (CTest, the GPU host's quick run): 1 to 20,000 vertices, R-MAT 4 and 12.
bool full_sizes();
// gsssp_device_count, asked once.
int32_t device_count();

// Host tests: a seeded generator, nothing else.
class HostTest : public ::testing::Test {
 protected:
  void SetUp() override;
  std::mt19937_64 rng;
};

// GPU tests: skipped, with the reason, when gsssp_device_count() is 0.
class GpuTest : public HostTest {
 protected:
  void SetUp() override;
};

}  // namespace gsssp_test
