// The pingpong conformance suites (docs/writing-a-plugin.md): the server role checked
// against a host client, the client role against a host echo server, so a plugin offering
// only one role is checked as fully as one offering both.
#pragma once

#include <vector>

#include "workload/checks/check.h"

namespace rb::workload::pingpong {

std::vector<Check> server_checks();  // workload "pingpong_server"
std::vector<Check> client_checks();  // workload "pingpong_client"
std::vector<Check> checks();         // the server's, then the client's

}  // namespace rb::workload::pingpong
