// /proc/PID/stat parsing and the ranking of other processes by CPU used during a run.
#include <gtest/gtest.h>

#include <unistd.h>

#include "proc/foreign_processes.h"

namespace rb::proc {
namespace {

// Fields after the name: state ppid pgrp session tty tpgid flags minflt cminflt majflt
// cmajflt utime stime cutime cstime priority nice threads itrealvalue starttime ...
std::string stat_line(int pid, const std::string& comm, int ppid, int utime, int stime, int start) {
  return std::to_string(pid) + " (" + comm + ") S " + std::to_string(ppid) +
         " 1 1 0 -1 4194560 100 0 0 0 " + std::to_string(utime) + " " + std::to_string(stime) +
         " 0 0 20 0 1 0 " + std::to_string(start) + " 1000 200 18446744073709551615";
}

TEST(ProcessStat, ParsesNamesWithSpacesAndParentheses) {
  const auto stat = parse_process_stat(stat_line(42, "tmux: (server) x", 7, 120, 30, 999));
  ASSERT_TRUE(stat);
  EXPECT_EQ(stat->pid, 42);
  EXPECT_EQ(stat->comm, "tmux: (server) x");
  EXPECT_EQ(stat->ppid, 7);
  EXPECT_EQ(stat->cpu_ticks, 150u);
  EXPECT_EQ(stat->start_time, 999u);
}

TEST(ProcessStat, RejectsWhatIsNotAStatLine) {
  EXPECT_FALSE(parse_process_stat(""));
  EXPECT_FALSE(parse_process_stat("42 (x) S 1 2 3"));  // cut short
  EXPECT_FALSE(parse_process_stat("x (y) S 1 1 1 0 -1 0 0 0 0 0 1 1 0 0 20 0 1 0 5"));
}

std::map<pid_t, ProcessStat> table(std::initializer_list<std::string> lines) {
  std::map<pid_t, ProcessStat> out;
  for (const auto& line : lines) {
    auto stat = parse_process_stat(line);
    out[stat->pid] = *stat;
  }
  return out;
}

std::vector<ProcessStat> list(std::initializer_list<std::string> lines) {
  std::vector<ProcessStat> out;
  for (const auto& line : lines) out.push_back(*parse_process_stat(line));
  return out;
}

TEST(ForeignProcesses, RanksCpuUsedDuringTheRunLeavingOutTheRunnerAndItsChildren) {
  const auto before =
      table({stat_line(10, "cc1plus", 1, 1000, 0, 5), stat_line(11, "sshd", 1, 50, 50, 6),
             stat_line(12, "reused", 1, 900, 0, 7), stat_line(100, "runner", 1, 10, 0, 8)});
  const auto after = list({stat_line(10, "cc1plus", 1, 1250, 0, 5),      // 2.5 s
                           stat_line(11, "sshd", 1, 50, 50, 6),          // nothing: left out
                           stat_line(12, "reused", 1, 950, 0, 7),        // 0.5 s, then it ended
                           stat_line(12, "reborn", 1, 30, 0, 70),        // its pid, new: 0.3 s
                           stat_line(13, "make", 1, 100, 20, 80),        // new: 1.2 s
                           stat_line(100, "runner", 1, 900, 0, 8),       // self
                           stat_line(101, "runner", 100, 800, 0, 90),    // a cell
                           stat_line(102, "helper", 101, 700, 0, 91)});  // the cell's child
  const auto top = ForeignProcessCensus::rank(before, after, 100, 5, 100);
  ASSERT_EQ(top.size(), 4u);
  EXPECT_EQ(top[0], "cc1plus (10): 2.50 s");
  EXPECT_EQ(top[1], "make (13): 1.20 s");
  EXPECT_EQ(top[2], "reused (12): 0.50 s");
  EXPECT_EQ(top[3], "reborn (12): 0.30 s");
  EXPECT_EQ(ForeignProcessCensus::rank(before, after, 100, 1, 100).size(), 1u);
}

TEST(ForeignProcesses, TheLiveCensusNeverListsThisProcess) {
  ForeignProcessCensus census;
  volatile unsigned long spin = 0;
  for (unsigned long i = 0; i < 50'000'000; ++i) spin = spin + i;  // a few ticks of our own
  const std::string self = "(" + std::to_string(::getpid()) + ")";
  for (const auto& line : census.top(100)) EXPECT_EQ(line.find(self), std::string::npos) << line;
}

}  // namespace
}  // namespace rb::proc
