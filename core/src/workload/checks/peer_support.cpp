#include "workload/checks/peer_support.h"

#include <signal.h>
#include <unistd.h>

#include <algorithm>

namespace rb::workload {

void ask_host_to_stop() {
  ::kill(::getpid(), SIGTERM);
}

std::chrono::milliseconds peer_wait(const PhaseWatchdog& watchdog) {
  return std::max(watchdog.limit() / 2, std::chrono::milliseconds(1));
}

}  // namespace rb::workload
