// /proc/stat's per-CPU lines and the foreign/steal share arithmetic, on fixed text.
#include <gtest/gtest.h>

#include "proc/cpu_busy.h"

namespace rb::proc {
namespace {

constexpr const char* kStat =
    "cpu  21397 0 8171 13514 402 0 180 0 0 0\n"
    "cpu0 9984 1 3478 8284 27 2 58 3 4 5\n"
    "cpu1 11412 0 4693 5230 375 0 121 7 0 0\n"
    "intr 239474 0 0 0\n"
    "ctxt 368338\n"
    "cpu7 1 2 3 4\n";  // an old kernel's short line: iowait and after read as 0

TEST(ProcStat, ReadsEveryCpuLineButTheTotal) {
  const auto cpus = parse_proc_stat(kStat);
  ASSERT_EQ(cpus.size(), 3u);
  const CpuTicks& cpu0 = cpus.at(0);
  EXPECT_EQ(cpu0.user, 9984u);
  EXPECT_EQ(cpu0.nice, 1u);
  EXPECT_EQ(cpu0.system, 3478u);
  EXPECT_EQ(cpu0.idle, 8284u);
  EXPECT_EQ(cpu0.iowait, 27u);
  EXPECT_EQ(cpu0.irq, 2u);
  EXPECT_EQ(cpu0.softirq, 58u);
  EXPECT_EQ(cpu0.steal, 3u);
  // guest and guest_nice are inside user and nice already: not added again.
  EXPECT_EQ(cpu0.total(), 9984u + 1 + 3478 + 8284 + 27 + 2 + 58 + 3);
  EXPECT_EQ(cpu0.busy(), cpu0.total() - 8284 - 27);
  EXPECT_EQ(cpus.at(1).steal, 7u);
  EXPECT_EQ(cpus.at(7).idle, 4u);
  EXPECT_EQ(cpus.at(7).iowait, 0u);
}

TEST(ProcStat, GarbageReadsAsNoCpus) {
  EXPECT_TRUE(parse_proc_stat("").empty());
  EXPECT_TRUE(parse_proc_stat("cpux 1 2 3\ncpu1 a b c\n").empty());
}

CpuTicks ticks(std::uint64_t user, std::uint64_t idle, std::uint64_t steal = 0,
               std::uint64_t iowait = 0) {
  return CpuTicks{.user = user, .idle = idle, .iowait = iowait, .steal = steal};
}

TEST(CpuShares, ForeignIsBusyLessOwnLessOneTickPerCpuOverWallTimesCpus) {
  // cpu 1 over 1 s at 100 ticks/s: 60 ticks busy (0.6 s), the cell used 0.2 s of it.
  const std::map<int, CpuTicks> before = {{0, ticks(0, 0)}, {1, ticks(100, 1000)}};
  const std::map<int, CpuTicks> after = {{0, ticks(90, 10)}, {1, ticks(160, 1040)}};
  const CpuShares s = cpu_shares(before, after, {1}, 1.0, 0.2, 100);
  ASSERT_TRUE(s.known);
  EXPECT_NEAR(s.foreign_cpu_share, (0.6 - 0.2 - 0.01) / 1.0, 1e-12);
  EXPECT_DOUBLE_EQ(s.steal_share, 0.0);
  // Two CPUs: the busy time of both over twice the wall time (cpu 0 was busy 0.9 s).
  const CpuShares two = cpu_shares(before, after, {0, 1}, 1.0, 0.2, 100);
  EXPECT_NEAR(two.foreign_cpu_share, (1.5 - 0.2 - 0.02) / 2.0, 1e-12);
}

TEST(CpuShares, IowaitIsIdleAndStealIsAShareOfAllTicks) {
  const std::map<int, CpuTicks> before = {{2, ticks(0, 0, 0, 0)}};
  const std::map<int, CpuTicks> after = {{2, ticks(40, 40, 10, 10)}};
  const CpuShares s = cpu_shares(before, after, {2}, 1.0, 0.4, 100);
  // busy = user 40 + steal 10 = 0.5 s; own 0.4 s; less a tick.
  EXPECT_NEAR(s.foreign_cpu_share, 0.09, 1e-12);
  EXPECT_NEAR(s.steal_share, 10.0 / 100.0, 1e-12);
}

TEST(CpuShares, NeverNegativeAndOneTickOfRoundingIsNotInterference) {
  const std::map<int, CpuTicks> before = {{1, ticks(100, 0)}};
  const std::map<int, CpuTicks> after = {{1, ticks(106, 4)}};
  // The cell says 0.05 s, /proc/stat rounded it up to 6 ticks: quiet.
  EXPECT_DOUBLE_EQ(cpu_shares(before, after, {1}, 0.1, 0.05, 100).foreign_cpu_share, 0.0);
  // The cell's own time above the busy time (it ran on other CPUs before it pinned itself).
  EXPECT_DOUBLE_EQ(cpu_shares(before, after, {1}, 0.1, 0.5, 100).foreign_cpu_share, 0.0);
}

TEST(CpuShares, UnknownWhenACpuIsMissingOrNothingToMeasure) {
  const std::map<int, CpuTicks> before = {{1, ticks(1, 1)}};
  const std::map<int, CpuTicks> after = {{1, ticks(2, 2)}};
  EXPECT_FALSE(cpu_shares(before, after, {3}, 1.0, 0, 100).known);
  EXPECT_FALSE(cpu_shares(before, after, {}, 1.0, 0, 100).known);
  EXPECT_FALSE(cpu_shares(before, after, {1}, 0.0, 0, 100).known);
  EXPECT_FALSE(cpu_shares({}, after, {1}, 1.0, 0, 100).known);
}

TEST(CpuShares, TheLiveFileHasTheCpusWeMayUse) {
  EXPECT_FALSE(read_proc_stat().empty());
  EXPECT_GT(ticks_per_second(), 0);
}

}  // namespace
}  // namespace rb::proc
