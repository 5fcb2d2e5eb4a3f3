// Another process's resource use as /proc shows it while it runs (wait4 only tells at the
// end): how the parent follows a server child across the client's runs.
#pragma once

#include <sys/types.h>

namespace rb::proc {

// CPU seconds of every thread of a process, split as rusage splits them, and their exact sum.
struct ProcessCpu {
  double user_s = -1;
  double sys_s = -1;
  // The process's CPU-time clock: nanosecond resolution where user_s and sys_s have the clock
  // tick's (10 ms), which is a third of what a lightly loaded server spends in a short run.
  double exact_s = -1;
  bool known() const { return user_s >= 0 && sys_s >= 0; }
  double total_s() const {
    if (exact_s >= 0) return exact_s;
    return known() ? user_s + sys_s : -1;
  }
};

// User and system CPU seconds of every thread of `pid` (/proc/PID/stat utime, stime, clock
// ticks), both -1 when they cannot be read (the process is gone), and the exact total from the
// process's CPU-time clock (-1 when that cannot be read).
ProcessCpu process_cpu_times(pid_t pid);

// process_cpu_times(pid).total_s(), -1 when unknown.
double process_cpu_seconds(pid_t pid);

// Peak resident set size of `pid` so far (VmHWM in /proc/PID/status), KiB; -1 when it cannot
// be read.
long process_peak_rss_kib(pid_t pid);
// Resident set size of `pid` now (VmRSS), KiB; -1 when it cannot be read.
long process_rss_kib(pid_t pid);

}  // namespace rb::proc
