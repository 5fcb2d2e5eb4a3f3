// One process as /proc/PID/stat shows it: the one parser of that line, for the parent
// following a server child's CPU (pid_usage) and for the census of other processes
// (foreign_processes).
#pragma once

#include <sys/types.h>

#include <optional>
#include <string>
#include <string_view>

namespace rb::proc {

struct ProcessStat {
  pid_t pid = 0;
  std::string comm;
  pid_t ppid = 0;
  unsigned long long utime_ticks = 0;  // clock ticks (USER_HZ)
  unsigned long long stime_ticks = 0;
  unsigned long long cpu_ticks = 0;   // utime + stime
  unsigned long long start_time = 0;  // ticks after boot: with pid, who it is (pids are reused)
};

// nullopt for a line that is not /proc/PID/stat's shape.
std::optional<ProcessStat> parse_process_stat(std::string_view line);

}  // namespace rb::proc
