#include "proc/pid_usage.h"

#include <time.h>
#include <unistd.h>

#include <fstream>
#include <optional>
#include <string>

#include "proc/process_stat.h"

namespace rb::proc {
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
  const std::optional<ProcessStat> stat = parse_process_stat(text);
  if (!stat) return {};
  const double utime = static_cast<double>(stat->utime_ticks);
  const double stime = static_cast<double>(stat->stime_ticks);
  const long ticks = ::sysconf(_SC_CLK_TCK);
  const double per_second = static_cast<double>(ticks > 0 ? ticks : 100);
  return {utime / per_second, stime / per_second, exact_cpu_seconds(pid)};
}

double process_cpu_seconds(pid_t pid) {
  return process_cpu_times(pid).total_s();
}

namespace {

// A "Vm...:  1234 kB" line of /proc/PID/status, KiB; -1 when it cannot be read.
long status_kib(pid_t pid, const std::string& field) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/status");
  for (std::string line; std::getline(in, line);) {
    if (line.rfind(field, 0) != 0) continue;
    try {
      return std::stol(line.substr(field.size()));
    } catch (const std::exception&) {
      return -1;
    }
  }
  return -1;
}

}  // namespace

long process_peak_rss_kib(pid_t pid) {
  return status_kib(pid, "VmHWM:");
}

long process_rss_kib(pid_t pid) {
  return status_kib(pid, "VmRSS:");
}

}  // namespace rb::proc
