// Another process's resource use as /proc shows it while it runs (wait4 only tells at the
// end): how the parent follows a server child across the client's runs.
#pragma once

#include <sys/types.h>

namespace rb::exec {

// User + system CPU seconds of every thread of `pid` (/proc/PID/stat), in clock ticks'
// resolution; -1 when it cannot be read (the process is gone).
double process_cpu_seconds(pid_t pid);

// Peak resident set size of `pid` so far (VmHWM in /proc/PID/status), KiB; -1 when it cannot
// be read.
long process_peak_rss_kib(pid_t pid);

}  // namespace rb::exec
