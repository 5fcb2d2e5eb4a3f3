// One TCP connection to HOST:PORT, opened and closed at once: is a server there, and if not,
// why not (the errno a client would see: ECONNREFUSED, EHOSTUNREACH, ETIMEDOUT).
#pragma once

#include <chrono>
#include <string>

namespace rb::exec {

// 0 once HOST (numeric IPv4) accepted a connection on PORT within `timeout`; else the errno
// (EINVAL for a host that is not an IPv4 address, ETIMEDOUT when the time ran out).
int tcp_connect_error(const std::string& host, int port, std::chrono::milliseconds timeout);

}  // namespace rb::exec
