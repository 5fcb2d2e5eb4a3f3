// The pingpong conformance suites (see conformance.h and docs/writing-a-plugin.md): the
// server role checked against a host client, the client role against a host echo server,
// so a plugin offering only one role is checked as fully as one offering both.
#pragma once

#include <chrono>
#include <cstdint>
#include <vector>

#include "plugin/plugin_call.h"
#include "validate/conformance.h"
#include "workload/workload.h"

namespace rb::validate {

std::vector<Check> pingpong_server_checks();  // workload "pingpong_server"
std::vector<Check> pingpong_client_checks();  // workload "pingpong_client"

// Shared by the two suites.

// What the runner's parent does at the end of a round: SIGTERM, which the check process
// turns into stop_requested() and a readable stop_fd.
void ask_host_to_stop();

// How long a host peer waits for one read or write: well inside the phase watchdog, so a
// plugin that stops talking is reported by the peer, naming what it was waiting for.
std::chrono::milliseconds peer_wait(const PhaseWatchdog& watchdog);

// Throws workload::CellFailure "<who> did not report the required counter '<name>'".
std::uint64_t required_counter(const plugin::Counters& counters, const char* who, const char* name);

}  // namespace rb::validate
