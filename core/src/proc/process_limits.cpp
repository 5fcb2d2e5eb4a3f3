#include "proc/process_limits.h"

#include <sched.h>
#include <sys/resource.h>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <cerrno>
#include <stdexcept>
#include <system_error>

namespace rb::proc {
namespace {

rlimit nofile() {
  rlimit limit{};
  ::getrlimit(RLIMIT_NOFILE, &limit);
  return limit;
}

long as_long(rlim_t value) {
  return value == RLIM_INFINITY ? static_cast<long>(1) << 40 : static_cast<long>(value);
}

}  // namespace

long nofile_soft_limit() {
  return as_long(nofile().rlim_cur);
}
long nofile_hard_limit() {
  return as_long(nofile().rlim_max);
}

void raise_nofile_soft_limit(long needed) {
  rlimit limit = nofile();
  if (as_long(limit.rlim_cur) >= needed) return;
  if (as_long(limit.rlim_max) < needed)
    throw std::runtime_error(
        fmt::format("needs {} file descriptors but the hard limit (RLIMIT_NOFILE) is {}", needed,
                    as_long(limit.rlim_max)));
  limit.rlim_cur = static_cast<rlim_t>(needed);
  if (::setrlimit(RLIMIT_NOFILE, &limit) != 0)
    throw std::system_error(errno, std::generic_category(),
                            fmt::format("setrlimit(RLIMIT_NOFILE, {})", needed));
}

std::vector<int> allowed_cpus() {
  cpu_set_t set;
  CPU_ZERO(&set);
  std::vector<int> cpus;
  if (::sched_getaffinity(0, sizeof set, &set) != 0) return cpus;
  for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu)
    if (CPU_ISSET(cpu, &set)) cpus.push_back(cpu);
  return cpus;
}

void pin_to_cpus(const std::vector<int>& cpus) {
  if (cpus.empty()) return;
  cpu_set_t set;
  CPU_ZERO(&set);
  for (int cpu : cpus) {
    if (cpu < 0 || cpu >= CPU_SETSIZE)
      throw std::system_error(EINVAL, std::generic_category(), fmt::format("cpu {}", cpu));
    CPU_SET(cpu, &set);
  }
  if (::sched_setaffinity(0, sizeof set, &set) != 0)
    throw std::system_error(errno, std::generic_category(),
                            fmt::format("sched_setaffinity to cpus [{}]", fmt::join(cpus, ", ")));
}

}  // namespace rb::proc
