// What else ran during a run: every process's CPU time (/proc/PID/stat utime + stime) at the
// start, between rounds (at most once a second) and at the end; what each used between its
// first and last reading, ranked. The run's context lists the top few, so a disturbed run
// names its disturber ("cc1plus (4242): 12.30 s"). A process that lived only between two
// readings is not seen.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "proc/process_stat.h"

namespace rb::proc {

class ForeignProcessCensus {
 public:
  // Takes the first reading of every process now.
  ForeignProcessCensus();

  // Another reading, unless the last one is less than a second old: short-lived processes
  // (a compiler's, seconds long) are counted up to the last time they were seen.
  void observe();

  // A last reading, then the `count` processes that used the most CPU since the first one
  // (at least one tick), this process and its descendants left out: "comm (pid): 1.23 s",
  // most first.
  std::vector<std::string> top(std::size_t count);

  // The ranking itself: `before` the first reading (pid -> stat), `latest` each process's
  // last reading (a reused pid is two processes); `self` and its descendants left out.
  static std::vector<std::string> rank(const std::map<pid_t, ProcessStat>& before,
                                       const std::vector<ProcessStat>& latest, pid_t self,
                                       std::size_t count, double ticks_per_s);

 private:
  void read_now();

  std::map<pid_t, ProcessStat> before_;
  // (pid, start_time) -> the process's latest reading.
  std::map<std::pair<pid_t, unsigned long long>, ProcessStat> latest_;
  std::chrono::steady_clock::time_point last_read_;
};

// Every process's /proc/PID/stat now (those that vanish while being read are skipped).
std::map<pid_t, ProcessStat> read_all_process_stats();

}  // namespace rb::proc
