// The rr conformance suite: the plugin's HTTP server against a host
// client speaking raw HTTP/1.1 over plain sockets.
#pragma once

#include <vector>

#include "workload/checks/check.h"

namespace rb::workload::rr {

std::vector<Check> checks();  // workload "rr"

}  // namespace rb::workload::rr
