#include "workload/server_client.h"

#include <cstdint>

#include <fmt/format.h>

namespace rb::workload {
namespace {

constexpr long kFdMargin = 32;
constexpr long kFdsPerThread = 6;

}  // namespace

long server_client_fds(long sockets, long loop_threads) {
  return sockets + kFdMargin + kFdsPerThread * loop_threads;
}

std::optional<std::string> server_client_fd_problem(std::string_view sides, long needed,
                                                    long sockets, std::string_view socket_axis,
                                                    long fd_hard_limit) {
  if (needed <= fd_hard_limit) return std::nullopt;
  return fmt::format(
      "{} each need {} file descriptors ({} {} + {} for loops and the runner); the hard limit "
      "(RLIMIT_NOFILE) is {}",
      sides, needed, sockets, socket_axis, needed - sockets, fd_hard_limit);
}

void add_server_cpu_and_rss(const ServerUsage& usage, Sample& sample) {
  if (usage.cpu_s >= 0) sample.metrics["server_cpu_s"] = usage.cpu_s;
  if (usage.peak_rss_kib >= 0)
    sample.metrics["server_peak_rss_kib"] = static_cast<double>(usage.peak_rss_kib);
  if (usage.baseline_rss_kib >= 0)
    sample.counters["server_baseline_rss_kib"] = static_cast<std::uint64_t>(usage.baseline_rss_kib);
}

}  // namespace rb::workload
