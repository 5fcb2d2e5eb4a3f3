// What the suites of the two-process workloads share (pingpong's server and client roles,
// rr's server): the host playing the other side of the plugin.
#pragma once

#include <chrono>
#include <cstdint>

#include "plugin/plugin_call.h"
#include "workload/checks/phase_watchdog.h"
#include "workload/counters.h"

namespace rb::workload {

// What the runner's parent does at the end of a round: SIGTERM, which the check process
// turns into stop_requested() and a readable stop_fd.
void ask_host_to_stop();

// How long a host peer waits for one read or write: well inside the phase watchdog, so a
// plugin that stops talking is reported by the peer, naming what it was waiting for.
std::chrono::milliseconds peer_wait(const PhaseWatchdog& watchdog);

}  // namespace rb::workload
