// Per-CPU time from /proc/stat, and what share of some CPUs' time went to work that was not
// the cell's own: how a round learns that another process shared its pinned CPUs.
#pragma once

#include <cstdint>
#include <map>
#include <string_view>
#include <vector>

namespace rb::proc {

// One "cpuN" line of /proc/stat, in clock ticks (USER_HZ). guest and guest_nice are left
// out: the kernel already counts them in user and nice.
struct CpuTicks {
  std::uint64_t user = 0;
  std::uint64_t nice = 0;
  std::uint64_t system = 0;
  std::uint64_t idle = 0;
  std::uint64_t iowait = 0;
  std::uint64_t irq = 0;
  std::uint64_t softirq = 0;
  std::uint64_t steal = 0;

  std::uint64_t total() const {
    return user + nice + system + idle + iowait + irq + softirq + steal;
  }
  // Time something ran (steal included: the CPU was not ours to idle on).
  std::uint64_t busy() const { return total() - idle - iowait; }
};

// CPU number -> its ticks, from /proc/stat's text; the aggregate "cpu" line and every other
// line are skipped, a line cut short reads its missing fields as 0 (old kernels lack steal).
std::map<int, CpuTicks> parse_proc_stat(std::string_view text);

// parse_proc_stat of the live file; empty when it cannot be read.
std::map<int, CpuTicks> read_proc_stat();

// USER_HZ: the unit of /proc/stat (sysconf(_SC_CLK_TCK), 100 when unknown).
double ticks_per_second();

struct CpuShares {
  double foreign_cpu_share = 0;
  double steal_share = 0;
  bool known = false;  // false when a CPU's line is missing from either reading
};

// Over `cpus` between two readings `wall_s` apart, while the cell's processes used `own_s`
// CPU seconds: foreign = max(0, busy - own - one tick per CPU) / (wall x CPUs), steal = steal
// ticks / all ticks. The tick taken off per CPU is /proc/stat's rounding (each reading is
// whole ticks, 10 ms), so a short quiet round never reads as disturbed by it.
CpuShares cpu_shares(const std::map<int, CpuTicks>& before, const std::map<int, CpuTicks>& after,
                     const std::vector<int>& cpus, double wall_s, double own_s, double ticks_per_s);

}  // namespace rb::proc
