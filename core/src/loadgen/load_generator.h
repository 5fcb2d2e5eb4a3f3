// The rr workload's load generator: `connections` keep-alive HTTP/1.1 connections over
// `threads` threads (each an epoll loop), closed loop or open loop at a constant rate.
// Connections are opened before the window starts, so connecting is never timed.
#pragma once

#include "loadgen/load_spec.h"

namespace rb::loadgen {

// Throws std::runtime_error when the run was abandoned (spec.stop_requested) or a thread
// failed; protocol errors, resets and timeouts are counted in the result instead.
LoadResult generate_load(const LoadSpec& spec);

// The request every connection sends: `GET / HTTP/1.1` with Host, and `Connection: close`
// when not keep_alive.
std::string rr_request(const std::string& host, int port, bool keep_alive = true);

}  // namespace rb::loadgen
