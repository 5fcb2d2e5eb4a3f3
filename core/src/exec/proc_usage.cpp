#include "exec/proc_usage.h"

#include <time.h>
#include <unistd.h>

#include <exception>
#include <fstream>
#include <sstream>
#include <string>

namespace rb::exec {
namespace {

// Any process's CPU-time clock is readable on Linux (no ptrace permission needed), and it
// counts the threads that already exited.
double exact_cpu_seconds(pid_t pid) {
  clockid_t clock{};
  if (pid <= 0 || ::clock_getcpuclockid(pid, &clock) != 0) return -1;
  timespec now{};
  if (::clock_gettime(clock, &now) != 0) return -1;
  return static_cast<double>(now.tv_sec) + static_cast<double>(now.tv_nsec) * 1e-9;
}

}  // namespace

ProcessCpu process_cpu_times(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::string text;
  if (!std::getline(in, text)) return {};
  // The command name may hold spaces and parentheses: fields start after the last ')'.
  const auto close = text.rfind(')');
  if (close == std::string::npos || close + 2 > text.size()) return {};
  std::istringstream fields(text.substr(close + 2));
  std::string field;
  unsigned long long utime = 0, stime = 0;
  try {
    // Field 3 (state) is the first after the name; utime and stime are fields 14 and 15.
    for (int index = 3; index <= 15 && fields >> field; ++index) {
      if (index == 14) utime = std::stoull(field);
      if (index == 15) stime = std::stoull(field);
    }
  } catch (const std::exception&) {
    return {};
  }
  if (!fields) return {};
  const long ticks = ::sysconf(_SC_CLK_TCK);
  const double per_second = static_cast<double>(ticks > 0 ? ticks : 100);
  return {static_cast<double>(utime) / per_second, static_cast<double>(stime) / per_second,
          exact_cpu_seconds(pid)};
}

double process_cpu_seconds(pid_t pid) {
  return process_cpu_times(pid).total_s();
}

long process_peak_rss_kib(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/status");
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("VmHWM:", 0) != 0) continue;
    try {
      return std::stol(line.substr(6));
    } catch (const std::exception&) {
      return -1;
    }
  }
  return -1;
}

}  // namespace rb::exec
