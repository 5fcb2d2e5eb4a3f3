#include "workload/checks/peer_support.h"

#include <signal.h>
#include <unistd.h>

#include <fmt/format.h>
#include <algorithm>

namespace rb::workload {

void ask_host_to_stop() {
  ::kill(::getpid(), SIGTERM);
}

std::chrono::milliseconds peer_wait(const PhaseWatchdog& watchdog) {
  return std::max(watchdog.limit() / 2, std::chrono::milliseconds(1));
}

std::uint64_t required_counter(const plugin::Counters& counters, const char* who,
                               const char* name) {
  const auto it = counters.find(name);
  if (it == counters.end())
    throw CellFailure(fmt::format("{} did not report the required counter '{}'", who, name));
  return it->second;
}

}  // namespace rb::workload
