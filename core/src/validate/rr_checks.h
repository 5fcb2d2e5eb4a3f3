// The rr conformance suite (see conformance.h): the plugin's HTTP server against a host
// client speaking raw HTTP/1.1 over plain sockets.
#pragma once

#include <vector>

#include "validate/conformance.h"

namespace rb::validate {

std::vector<Check> rr_checks();  // workload "rr"

}  // namespace rb::validate
