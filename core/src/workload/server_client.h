// What the server_client workloads (pingpong, rr) share on the parent side: the fds each of
// their two processes needs, and the server's usage every client sample records.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "workload/workload.h"

namespace rb::workload {

// File descriptors each side's process needs: one socket per connection, plus a margin for
// stdio, the report pipe, the stop eventfd, the listening socket and dlopen's transient fd,
// and per loop thread an epoll fd, its wakeup and timer fds and a hand-off pipe pair.
long server_client_fds(long sockets, long loop_threads);

// Why a cell whose sides (e.g. "the server and the client") each need `needed` fds, `sockets`
// of them for its `socket_axis` (e.g. "sessions"), cannot run under fd_hard_limit; or nullopt.
std::optional<std::string> server_client_fd_problem(std::string_view sides, long needed,
                                                    long sockets, std::string_view socket_axis,
                                                    long fd_hard_limit);

// The server's CPU time, peak RSS and idle baseline RSS into sample; a figure that could not
// be read (negative) is left out.
void add_server_cpu_and_rss(const ServerUsage& usage, Sample& sample);

}  // namespace rb::workload
