// The rb_host table a cell's child process lends to its plugin.
#pragma once

#include "reactorbench/plugin.h"

namespace rb::workload {

// The table lives for the whole process. Its stop flag is raised by request_stop(), which is
// async-signal-safe so a SIGTERM handler may call it.
const rb_host& host_services();
void request_stop();
bool stop_requested();
// An eventfd that is readable once request_stop() has run: two-process workloads hand it to
// their plugins as stop_fd, so a plugin blocked in its poll wakes up. Made on first call
// (throws std::system_error if it cannot be) and kept for the process.
int stop_event_fd();

}  // namespace rb::workload
