// The native tests' main: GoogleTest, with support.hpp's check() routed into the running test. Prints the seed
// and the device at the start, and the number of checks (each distance array compared counts as one) at the end.
#include "test_main.hpp"

#include <mutex>

namespace gsssp_test {

namespace {

constexpr uint64_t kDefaultSeed = 20240611;
constexpr int kFailuresShownPerTest = 30;

std::atomic<uint64_t> g_test_seed{0};
std::atomic<int> g_failures_in_test{0};

uint64_t fnv1a(const std::string& text) {
  uint64_t h = 1469598103934665603ull;
  for (unsigned char c : text) h = (h ^ c) * 1099511628211ull;
  return h;
}

// A failed check fails the running test and says how to get the same graphs again.
void report_to_gtest(const std::string& message) {
  const int count = g_failures_in_test.fetch_add(1) + 1;
  if (count <= kFailuresShownPerTest) {
    ADD_FAILURE() << message << "  [GSSSP_TEST_SEED=" << base_seed() << ", test seed " << g_test_seed.load() << "]";
  } else if (count == kFailuresShownPerTest + 1) {
    ADD_FAILURE() << "more failed checks in this test; only the first " << kFailuresShownPerTest << " are shown";
  }
}

class PerTestReset : public ::testing::EmptyTestEventListener {
  void OnTestStart(const ::testing::TestInfo&) override { g_failures_in_test.store(0); }
};

class Summary : public ::testing::Environment {
 public:
  void SetUp() override {
    std::printf("gsssp %s native tests, GSSSP_TEST_SEED=%llu, sizes %s\n", gsssp_version(),
                static_cast<unsigned long long>(base_seed()), full_sizes() ? "full" : "quick");
    if (device_count() == 0) {
      std::printf("GPU tests skipped: no CUDA device (gsssp_device_count = 0)\n");
    } else {
      gsssp_device_info info;
      if (gsssp_device_get_info(0, &info) == GSSSP_SUCCESS) {
        std::printf("device 0: %s, %d SMs, cc %d.%d, %.1f GiB\n", info.name, info.multiprocessor_count,
                    info.compute_capability_major, info.compute_capability_minor,
                    info.total_memory / 1073741824.0);
      }
    }
  }
  void TearDown() override {
    std::printf("checks: %lld passed, %lld failed\n", static_cast<long long>(g_passed.load()),
                static_cast<long long>(g_failed.load()));
  }
};

}  // namespace

uint64_t base_seed() {
  static const uint64_t seed = [] {
    const char* text = std::getenv("GSSSP_TEST_SEED");
    return text != nullptr && *text != 0 ? std::strtoull(text, nullptr, 10) : kDefaultSeed;
  }();
  return seed;
}

bool full_sizes() {
  static const bool full = [] {
    const char* text = std::getenv("GSSSP_TEST_SIZES");
    return text != nullptr && std::string(text) == "full";
  }();
  return full;
}

int32_t device_count() {
  static const int32_t count = [] {
    int32_t n = 0;
    return gsssp_device_count(&n) == GSSSP_SUCCESS ? n : 0;
  }();
  return count;
}

void HostTest::SetUp() {
  const ::testing::TestInfo* info = ::testing::UnitTest::GetInstance()->current_test_info();
  const uint64_t seed = base_seed() ^ fnv1a(std::string(info->test_suite_name()) + "." + info->name());
  g_test_seed.store(seed);
  rng.seed(seed);
}

void GpuTest::SetUp() {
  if (device_count() == 0) GTEST_SKIP() << "no CUDA device (gsssp_device_count = 0)";
  HostTest::SetUp();
}

}  // namespace gsssp_test

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  gsssp_test::set_failure_sink(gsssp_test::report_to_gtest);
  ::testing::UnitTest::GetInstance()->listeners().Append(new gsssp_test::PerTestReset);
  ::testing::AddGlobalTestEnvironment(new gsssp_test::Summary);
  return RUN_ALL_TESTS();
}
