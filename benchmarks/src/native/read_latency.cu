// How fast can the host read a few values of device memory, and see a kernel end? A standalone probe (no gsssp code),
// for the resident one-target read of issue 13 (benchmarks/results/serving/2026-11-27_e4e369a_h100: the read's
// cudaMemcpyAsync alone took 11-19 us of host time there, inside a JVM; natively the whole read 9-14 us).
//
// usage: read_latency [reps] [busy_us]
//   reps     timed repetitions per method (default 2000); medians and 90th percentiles are printed, in us
//   busy_us  the length of the kernel that runs before each read in the "after a kernel" rounds (default 200)
// usage: read_latency keep [reps]
//   a kernel of 1 or 5 ms on every SM, while the host, waiting for it, submits a small operation on another stream
//   every 20 or 100 us (an event record, a 4-byte copy, an empty kernel) or not; then the same measures as wake
// usage: read_latency wake [reps]
//   the first calls after kernels of 0.2-5 ms on every SM (or on one), with and without a mapped host write every
//   2-50 us from the kernel, and with the read right away, after a cudaStreamQuery, or after 30 us of sleep
//
// Build: nvcc -O2 -std=c++17 -arch=sm_90 -cudart static -o read_latency benchmarks/src/native/read_latency.cu
#include <cuda_runtime.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <thread>
#include <vector>

#define CHECK(call)                                                                                  \
  do {                                                                                               \
    cudaError_t e_ = (call);                                                                         \
    if (e_ != cudaSuccess) {                                                                         \
      std::fprintf(stderr, "%s:%d %s: %s\n", __FILE__, __LINE__, #call, cudaGetErrorString(e_));     \
      std::exit(1);                                                                                  \
    }                                                                                                \
  } while (0)

using clk = std::chrono::steady_clock;
static double us(clk::time_point a, clk::time_point b) { return std::chrono::duration<double, std::micro>(b - a).count(); }

__global__ void busy_kernel(long long ns, unsigned* done_flag) {
  const long long start = clock64();
  // about 1.7-2 GHz: clock64 ticks; scaled by the caller
  while (clock64() - start < ns) {
  }
  __syncthreads();
  if (threadIdx.x == 0 && blockIdx.x == gridDim.x - 1 && done_flag != nullptr) {
    __threadfence_system();
    *reinterpret_cast<volatile unsigned*>(done_flag) = 1u;
  }
}

// busy_kernel, and block 0's thread 0 writes a mapped host word every keep_ticks (0: never): PCIe traffic while the
// kernel runs, to see whether an idle link is what makes the first call after a long kernel slow.
__global__ void busy_keepalive_kernel(long long ns, unsigned* done_flag, long long keep_ticks, unsigned* host_word) {
  const long long start = clock64();
  long long last = start;
  unsigned beats = 0;
  const bool keeper = keep_ticks > 0 && blockIdx.x == 0 && threadIdx.x == 0;
  for (long long now = clock64(); now - start < ns; now = clock64()) {
    if (keeper && now - last >= keep_ticks) {
      *reinterpret_cast<volatile unsigned*>(host_word) = ++beats;
      last = now;
    }
  }
  __syncthreads();
  if (threadIdx.x == 0 && blockIdx.x == gridDim.x - 1 && done_flag != nullptr) {
    __threadfence_system();
    *reinterpret_cast<volatile unsigned*>(done_flag) = 1u;
  }
}

__global__ void read_kernel(const unsigned long long* values, int v, unsigned long long* host_value,
                            volatile unsigned* host_seq, unsigned seq) {
  if (threadIdx.x == 0) {
    *reinterpret_cast<volatile unsigned long long*>(host_value) = values[v];
    __threadfence_system();
    *host_seq = seq;
  }
}

struct Row {
  std::string name;
  std::vector<double> a;  // total
  std::vector<double> b;  // first part (the enqueue)
};

static void print(const Row& r) {
  auto pct = [](std::vector<double> x, double p) {
    if (x.empty()) return -1.0;
    std::sort(x.begin(), x.end());
    return x[static_cast<size_t>(p * (x.size() - 1))];
  };
  std::printf("%-58s total p50 %7.2f p90 %7.2f | enqueue p50 %7.2f p90 %7.2f us\n", r.name.c_str(), pct(r.a, 0.5),
              pct(r.a, 0.9), pct(r.b, 0.5), pct(r.b, 0.9));
}

int wake(int argc, char** argv);
int keep(int argc, char** argv);
__global__ void empty_kernel() {}

int main(int argc, char** argv) {
  if (argc > 1 && std::string(argv[1]) == "wake") return wake(argc, argv);
  if (argc > 1 && std::string(argv[1]) == "keep") return keep(argc, argv);
  const int reps = argc > 1 ? std::atoi(argv[1]) : 2000;
  const double busy_us = argc > 2 ? std::atof(argv[2]) : 200.0;
  CHECK(cudaSetDevice(0));
  cudaDeviceProp p;
  CHECK(cudaGetDeviceProperties(&p, 0));
  int clock_khz = 0;
  CHECK(cudaDeviceGetAttribute(&clock_khz, cudaDevAttrClockRate, 0));
  const long long busy_ticks = static_cast<long long>(busy_us * clock_khz / 1000.0);
  std::printf("device %s, %d SMs, clock %d kHz, reps %d, busy kernel %.0f us (%lld ticks)\n", p.name,
              p.multiProcessorCount, clock_khz, reps, busy_us, busy_ticks);

  const int n = 1 << 22;
  unsigned long long* values = nullptr;
  CHECK(cudaMalloc(&values, n * sizeof(unsigned long long)));
  CHECK(cudaMemset(values, 0, n * sizeof(unsigned long long)));
  unsigned long long* pinned = nullptr;
  CHECK(cudaHostAlloc(&pinned, 4096, cudaHostAllocMapped));
  auto* seq = reinterpret_cast<volatile unsigned*>(pinned + 8);
  auto* done = reinterpret_cast<unsigned*>(pinned + 16);
  unsigned long long pageable[4];
  cudaStream_t s1, s2;
  CHECK(cudaStreamCreateWithFlags(&s1, cudaStreamNonBlocking));
  CHECK(cudaStreamCreateWithFlags(&s2, cudaStreamNonBlocking));
  cudaEvent_t ev;
  CHECK(cudaEventCreateWithFlags(&ev, cudaEventDisableTiming));
  unsigned counter = 0;

  // Before each read: nothing (idle), or a kernel of busy_us that the host waited for as ADDS does (cudaStreamQuery
  // and yield until it drained).
  auto busy_then_wait = [&](cudaStream_t s) {
    busy_kernel<<<p.multiProcessorCount, 256, 0, s>>>(busy_ticks, nullptr);
    while (cudaStreamQuery(s) == cudaErrorNotReady) {
      std::this_thread::yield();
    }
  };
  int vertex = 12345;

  struct Method {
    std::string name;
    std::function<void(clk::time_point&)> run;  // sets the enqueue mark
  };
  std::vector<Method> methods;
  methods.push_back({"memcpyAsync pinned + streamSync", [&](clk::time_point& q) {
                       CHECK(cudaMemcpyAsync(pinned, values + vertex, 8, cudaMemcpyDeviceToHost, s1));
                       q = clk::now();
                       CHECK(cudaStreamSynchronize(s1));
                     }});
  methods.push_back({"memcpyAsync pinned + streamQuery spin", [&](clk::time_point& q) {
                       CHECK(cudaMemcpyAsync(pinned, values + vertex, 8, cudaMemcpyDeviceToHost, s1));
                       q = clk::now();
                       while (cudaStreamQuery(s1) == cudaErrorNotReady) {
                       }
                     }});
  methods.push_back({"memcpy (sync) pinned", [&](clk::time_point& q) {
                       CHECK(cudaMemcpy(pinned, values + vertex, 8, cudaMemcpyDeviceToHost));
                       q = clk::now();
                     }});
  methods.push_back({"memcpyAsync pageable + streamSync", [&](clk::time_point& q) {
                       CHECK(cudaMemcpyAsync(pageable, values + vertex, 8, cudaMemcpyDeviceToHost, s1));
                       q = clk::now();
                       CHECK(cudaStreamSynchronize(s1));
                     }});
  methods.push_back({"read kernel mapped + streamSync", [&](clk::time_point& q) {
                       read_kernel<<<1, 32, 0, s1>>>(values, vertex, pinned, seq, ++counter);
                       q = clk::now();
                       CHECK(cudaStreamSynchronize(s1));
                     }});
  methods.push_back({"read kernel mapped + flag spin (no sync)", [&](clk::time_point& q) {
                       const unsigned want = ++counter;
                       read_kernel<<<1, 32, 0, s1>>>(values, vertex, pinned, seq, want);
                       q = clk::now();
                       while (*seq != want) {
                       }
                     }});
  methods.push_back({"memcpyAsync pinned on the other stream + sync", [&](clk::time_point& q) {
                       CHECK(cudaMemcpyAsync(pinned, values + vertex, 8, cudaMemcpyDeviceToHost, s2));
                       q = clk::now();
                       CHECK(cudaStreamSynchronize(s2));
                     }});

  // API costs alone, on an idle stream.
  {
    Row launch{"cudaLaunchKernel (empty read kernel) host time"}, rec{"cudaEventRecord host time"},
        query{"cudaStreamQuery on an idle stream"}, setdev{"cudaSetDevice(0) (current)"};
    for (int i = 0; i < reps; ++i) {
      auto t0 = clk::now();
      read_kernel<<<1, 32, 0, s1>>>(values, vertex, pinned, seq, ++counter);
      auto t1 = clk::now();
      CHECK(cudaStreamSynchronize(s1));
      auto t2 = clk::now();
      CHECK(cudaEventRecord(ev, s1));
      auto t3 = clk::now();
      CHECK(cudaStreamSynchronize(s1));
      auto t4 = clk::now();
      (void)cudaStreamQuery(s1);
      auto t5 = clk::now();
      CHECK(cudaSetDevice(0));
      auto t6 = clk::now();
      launch.a.push_back(us(t0, t1));
      rec.a.push_back(us(t2, t3));
      query.a.push_back(us(t4, t5));
      setdev.a.push_back(us(t5, t6));
    }
    print(launch);
    print(rec);
    print(query);
    print(setdev);
  }

  for (int round = 0; round < 2; ++round) {
    for (int after_kernel = 0; after_kernel < 2; ++after_kernel) {
      for (auto& m : methods) {
        Row r{m.name + (after_kernel ? "  [after a kernel]" : "  [idle]")};
        for (int i = 0; i < reps / (after_kernel ? 4 : 1); ++i) {
          vertex = (vertex * 1103515245 + 12345) & (n - 1);
          if (after_kernel) busy_then_wait(s1);
          clk::time_point q;
          auto t0 = clk::now();
          m.run(q);
          auto t1 = clk::now();
          r.a.push_back(us(t0, t1));
          r.b.push_back(us(t0, q));
        }
        print(r);
      }
    }
  }

  // How long after a kernel's last block writes a mapped flag does the stream report drained?
  {
    Row retire{"kernel's mapped flag seen -> cudaStreamQuery success"}, flag{"launch -> mapped flag seen"};
    for (int i = 0; i < reps / 4; ++i) {
      *reinterpret_cast<volatile unsigned*>(done) = 0;
      auto t0 = clk::now();
      busy_kernel<<<p.multiProcessorCount, 256, 0, s1>>>(busy_ticks, done);
      while (*reinterpret_cast<volatile unsigned*>(done) == 0) {
      }
      auto t1 = clk::now();
      while (cudaStreamQuery(s1) == cudaErrorNotReady) {
      }
      auto t2 = clk::now();
      flag.a.push_back(us(t0, t1));
      retire.a.push_back(us(t1, t2));
    }
    print(flag);
    print(retire);
  }
  return 0;
}

// What every mode uses: device 0, its clock, 2^22 device values to read, a page of mapped pinned memory and two
// non-blocking streams.
struct Probe {
  static constexpr int kValues = 1 << 22;
  cudaDeviceProp properties{};
  int clock_khz = 0;
  unsigned long long* values = nullptr;
  unsigned long long* pinned = nullptr;
  cudaStream_t s1 = nullptr, s2 = nullptr;
  explicit Probe(int reps) {
    CHECK(cudaSetDevice(0));
    CHECK(cudaGetDeviceProperties(&properties, 0));
    CHECK(cudaDeviceGetAttribute(&clock_khz, cudaDevAttrClockRate, 0));
    std::printf("device %s, %d SMs, clock %d kHz, reps %d\n", properties.name, properties.multiProcessorCount, clock_khz,
                reps);
    CHECK(cudaMalloc(&values, kValues * sizeof(unsigned long long)));
    CHECK(cudaMemset(values, 0, kValues * sizeof(unsigned long long)));
    CHECK(cudaHostAlloc(&pinned, 4096, cudaHostAllocMapped));
    CHECK(cudaStreamCreateWithFlags(&s1, cudaStreamNonBlocking));
    CHECK(cudaStreamCreateWithFlags(&s2, cudaStreamNonBlocking));
  }
  long long ticks(double micro) const { return static_cast<long long>(micro * clock_khz / 1000.0); }
};

// One 8-byte read by copy on s1, timed: the copy call's host time and the whole read's.
struct TimedRead {
  double enqueue_us, read_us;
};
static TimedRead timed_read(const Probe& probe, int vertex) {
  const auto t0 = clk::now();
  CHECK(cudaMemcpyAsync(probe.pinned, probe.values + vertex, 8, cudaMemcpyDeviceToHost, probe.s1));
  const auto t1 = clk::now();
  CHECK(cudaStreamSynchronize(probe.s1));
  return {us(t0, t1), us(t0, clk::now())};
}

static double percentile(std::vector<double> x, double q) {
  if (x.empty()) return -1.0;
  std::sort(x.begin(), x.end());
  return x[static_cast<size_t>(q * (x.size() - 1))];
}

int wake(int argc, char** argv) {
  const int reps = argc > 2 ? std::atoi(argv[2]) : 40;
  Probe probe(reps);
  const int n = Probe::kValues;
  unsigned long long* pinned = probe.pinned;
  auto* done = reinterpret_cast<unsigned*>(pinned + 16);
  auto* word = reinterpret_cast<unsigned*>(pinned + 24);
  cudaStream_t s1 = probe.s1;
  auto ticks = [&](double micro) { return probe.ticks(micro); };
  const cudaDeviceProp& p = probe.properties;
  int vertex = 777;
  const double busy_list[] = {200, 1000, 2000, 5000};
  const double keep_list[] = {0, 2, 10, 50};
  const char* after_names[] = {"now", "query first", "sleep 30us"};
  std::printf("%-8s %-6s %-5s %-12s | %9s %9s | %9s %9s | %9s %9s | %9s\n", "busy_us", "blocks", "keep", "then",
              "retire50", "retire90", "enq50", "enq90", "read50", "read90", "first50");
  for (int blocks_mode = 0; blocks_mode < 2; ++blocks_mode) {
    const int blocks = blocks_mode == 0 ? p.multiProcessorCount : 1;
    for (double busy : busy_list) {
      for (double keep : keep_list) {
        if (blocks_mode == 1 && keep != 0) continue;
        for (int after = 0; after < 3; ++after) {
          std::vector<double> retire, enq, read, first;
          for (int i = 0; i < reps; ++i) {
            vertex = (vertex * 1103515245 + 12345) & (n - 1);
            *reinterpret_cast<volatile unsigned*>(done) = 0;
            busy_keepalive_kernel<<<blocks, 256, 0, s1>>>(ticks(busy), done, keep > 0 ? ticks(keep) : 0, word);
            while (*reinterpret_cast<volatile unsigned*>(done) == 0) {
            }
            auto t0 = clk::now();
            while (cudaStreamQuery(s1) == cudaErrorNotReady) {
            }
            auto t1 = clk::now();
            double first_us = 0;
            if (after == 1) {
              auto f0 = clk::now();
              (void)cudaStreamQuery(s1);
              first_us = us(f0, clk::now());
            } else if (after == 2) {
              std::this_thread::sleep_for(std::chrono::microseconds(30));
            }
            const TimedRead r = timed_read(probe, vertex);
            retire.push_back(us(t0, t1));
            enq.push_back(r.enqueue_us);
            read.push_back(r.read_us);
            first.push_back(first_us);
          }
          auto pct = percentile;
          std::printf("%-8.0f %-6d %-5.0f %-12s | %9.2f %9.2f | %9.2f %9.2f | %9.2f %9.2f | %9.2f\n", busy, blocks, keep,
                      after_names[after], pct(retire, 0.5), pct(retire, 0.9), pct(enq, 0.5), pct(enq, 0.9),
                      pct(read, 0.5), pct(read, 0.9), pct(first, 0.5));
          std::fflush(stdout);
        }
      }
    }
  }
  return 0;
}

int keep(int argc, char** argv) {
  const int reps = argc > 2 ? std::atoi(argv[2]) : 40;
  Probe probe(reps);
  const int n = Probe::kValues;
  auto ticks = [&](double micro) { return probe.ticks(micro); };
  const cudaDeviceProp& p = probe.properties;
  unsigned* scratch = nullptr;
  CHECK(cudaMalloc(&scratch, 64));
  unsigned long long* pinned = probe.pinned;
  auto* done = reinterpret_cast<unsigned*>(pinned + 16);
  cudaStream_t s1 = probe.s1, s2 = probe.s2;
  cudaEvent_t ev;
  CHECK(cudaEventCreateWithFlags(&ev, cudaEventDisableTiming));
  int vertex = 777;
  const char* kinds[] = {"none", "event record", "copy 4 B H2D", "empty kernel", "streamQuery+yield"};
  std::printf("%-8s %-18s %-7s | %9s %9s | %9s %9s | %9s %9s | %8s\n", "busy_us", "host keep-alive", "every", "retire50",
              "retire90", "enq50", "enq90", "read50", "read90", "ops");
  for (double busy : {1000.0, 5000.0}) {
    for (int kind = 0; kind < 5; ++kind) {
      for (double period : {20.0, 100.0}) {
        if (kind == 0 && period > 20) continue;
        std::vector<double> retire, enq, read;
        long long ops = 0;
        for (int i = 0; i < reps; ++i) {
          vertex = (vertex * 1103515245 + 12345) & (n - 1);
          *reinterpret_cast<volatile unsigned*>(done) = 0;
          busy_keepalive_kernel<<<p.multiProcessorCount, 256, 0, s1>>>(ticks(busy), done, 0, nullptr);
          auto last = clk::now();
          while (*reinterpret_cast<volatile unsigned*>(done) == 0) {
            if (kind == 4) {
              (void)cudaStreamQuery(s1);
              std::this_thread::yield();
              continue;
            }
            if (kind == 0) continue;
            const auto now = clk::now();
            if (us(last, now) < period) continue;
            last = now;
            ++ops;
            if (kind == 1) CHECK(cudaEventRecord(ev, s2));
            if (kind == 2) CHECK(cudaMemcpyAsync(scratch, pinned + 32, 4, cudaMemcpyHostToDevice, s2));
            if (kind == 3) empty_kernel<<<1, 32, 0, s2>>>();
          }
          auto t0 = clk::now();
          while (cudaStreamQuery(s1) == cudaErrorNotReady) {
          }
          auto t1 = clk::now();
          const TimedRead r = timed_read(probe, vertex);
          retire.push_back(us(t0, t1));
          enq.push_back(r.enqueue_us);
          read.push_back(r.read_us);
          CHECK(cudaStreamSynchronize(s2));
        }
        auto pct = percentile;
        std::printf("%-8.0f %-18s %-7.0f | %9.2f %9.2f | %9.2f %9.2f | %9.2f %9.2f | %8lld\n", busy, kinds[kind],
                    kind == 0 || kind == 4 ? 0.0 : period, pct(retire, 0.5), pct(retire, 0.9), pct(enq, 0.5), pct(enq, 0.9),
                    pct(read, 0.5), pct(read, 0.9), ops / reps);
        std::fflush(stdout);
      }
    }
  }
  return 0;
}
