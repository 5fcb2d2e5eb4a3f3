// The rb_host table a cell's child process lends to its plugin.
#pragma once

#include "reactorbench/plugin.h"

namespace rb::workload {

// The table lives for the whole process. Its stop flag is raised by request_stop(), which is
// async-signal-safe so a SIGTERM handler may call it.
const rb_host& host_services();
void request_stop();
bool stop_requested();

}  // namespace rb::workload
