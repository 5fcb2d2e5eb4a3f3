#include "proc/own_usage.h"

#include <sys/resource.h>

#include <cerrno>
#include <system_error>

namespace rb::proc {
namespace {

std::uint64_t micros_of(const timeval& tv) {
  return static_cast<std::uint64_t>(tv.tv_sec) * 1'000'000u +
         static_cast<std::uint64_t>(tv.tv_usec);
}

// Counters never go backwards, but a clamp keeps a misread from turning into 2^64.
std::uint64_t grown(std::uint64_t earlier, std::uint64_t later) {
  return later >= earlier ? later - earlier : 0;
}

}  // namespace

ProcessUsage process_usage_now() {
  rusage usage{};
  if (::getrusage(RUSAGE_SELF, &usage) != 0)
    throw std::system_error(errno, std::generic_category(), "getrusage(RUSAGE_SELF)");
  return {micros_of(usage.ru_utime), micros_of(usage.ru_stime),
          static_cast<std::uint64_t>(usage.ru_nvcsw), static_cast<std::uint64_t>(usage.ru_nivcsw)};
}

ProcessUsage usage_between(const ProcessUsage& earlier, const ProcessUsage& later) {
  return {grown(earlier.user_us, later.user_us), grown(earlier.sys_us, later.sys_us),
          grown(earlier.voluntary_cs, later.voluntary_cs),
          grown(earlier.involuntary_cs, later.involuntary_cs)};
}

}  // namespace rb::proc
