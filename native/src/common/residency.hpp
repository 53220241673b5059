// Shares of the device for persistent (cooperative) grids: every query whose kernel keeps all its blocks resident
// for its whole run (ADDS, Near-Far, the multi-source Bellman-Ford) takes a lease here first, so that the grids in
// flight on one device never need more blocks than it keeps resident, whatever order the hardware schedules them in.
#pragma once

#include <algorithm>
#include <condition_variable>
#include <mutex>

namespace gsssp {

// Concurrent queries (gsssp.h: many threads query one handle). One ADDS run alone takes every block the
// device keeps resident, so a second run's cooperative launch could only start when the first ended: the
// queries would run one after another. Instead the persistent grids of one device share it: a run asks
// for an equal share of the resident blocks among the runs that want the device now (running or
// waiting), so a run alone still gets them all (its kernel is unchanged) and N concurrent runs get about
// 1/N each. The shares of the runs in flight never add up to more than the device keeps resident, so
// every grid is resident at once whatever order the hardware schedules them in; a run that finds too
// little free waits for a running one to end. With the shares, 8 Java threads on road NY answered 4.4x the queries
// per second of one thread; before them, fewer than one thread did. Capping a small graph's grid below the whole
// device did not pay on any graph from 4 to 264k vertices, because a manager sweep costs 4-6 us at any grid size and
// fewer workers need more sweeps (docs/performance.md).
class ResidencyShares {
 public:
  // Blocks granted to a run on a device that keeps `resident` blocks of this kernel at once (>= 2).
  // `parts`: the run is one of that many that must be resident together (an ADDS pair query's two searches), so
  // it takes at most 1/parts even when alone.
  int acquire(int resident, int parts = 1) {
    std::unique_lock<std::mutex> lock(mutex_);
    ++demand_;
    for (;;) {
      // Shares are fractions of the device, so kernels of different occupancy (block size, weight type)
      // account alike.
      const double share = std::max(2.0 / resident, 1.0 / std::max(demand_, parts));
      const double free = 1.0 - used_;
      // Take the share, or what is free if that is at least half of it: waiting longer for the rest
      // would idle what is free.
      const double take = std::min(share, free);
      const int blocks = static_cast<int>(take * resident + 1e-9);
      if (blocks >= 2 && take >= share * 0.5 - 1e-12) {
        used_ += static_cast<double>(blocks) / resident;
        return blocks;
      }
      released_.wait(lock);
    }
  }
  void release(int blocks, int resident) {
    std::lock_guard<std::mutex> lock(mutex_);
    used_ = std::max(0.0, used_ - static_cast<double>(blocks) / resident);
    --demand_;
    released_.notify_all();
  }

 private:
  std::mutex mutex_;
  std::condition_variable released_;
  double used_ = 0.0;
  int demand_ = 0;
};

// The shares of one device (one object per device, never freed).
ResidencyShares& residency_shares(int device);

// Resident blocks per SM of the cooperative `kernel` at `block` threads on `device`, or -1 where the device has no
// cooperative launch: device facts every query would otherwise ask the driver for again, cached per (device,
// kernel, block) for the process.
int cooperative_blocks_per_sm(int device, const void* kernel, int block);

class ResidencyLease {
 public:
  ResidencyLease(int device, int resident, int parts = 1)
      : shares_(residency_shares(device)), resident_(resident), blocks_(shares_.acquire(resident, parts)) {}
  ~ResidencyLease() { shares_.release(blocks_, resident_); }
  ResidencyLease(const ResidencyLease&) = delete;
  ResidencyLease& operator=(const ResidencyLease&) = delete;
  int blocks() const { return blocks_; }

 private:
  ResidencyShares& shares_;
  int resident_;
  int blocks_;
};

}  // namespace gsssp
