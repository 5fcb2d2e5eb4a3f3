// A cell's kernel counts per unit of work (issue 30, part 3): the system calls, context
// switches and page faults the kernel counted in its measured phases, divided by the events
// the workload did there ("epoll_ctl per read"). The per-iteration counts themselves are
// in each Sample's counters (keys as proc/kernel_counters.h names them; a server's with
// "server." in front).
#pragma once

#include <map>
#include <string>
#include <string_view>

namespace rb {

// One count per event: the cell's (all measured samples' counts over all their events) and
// the range of its rounds' own values (each round's counts over its events), which is how far
// the count moves by itself.
struct KernelCountPerEvent {
  double per_event = 0;
  double round_min = 0;
  double round_max = 0;
};

struct KernelCountSummary {
  std::string unit;  // what the counts are divided by: "read", "message", "request", "item"
  // What was not counted and why ("" when everything was): the machine or the user does not
  // allow it (no tracefs, perf_event_paranoid), it was turned off, or the process that ran
  // the cell did not count.
  std::string unavailable;
  std::map<std::string, KernelCountPerEvent> per_event;  // "sys.epoll_ctl", "server.cs", ...
  bool empty() const { return unit.empty() && unavailable.empty() && per_event.empty(); }
};

// Whether a sample counter's key is one of the kernel's counts ("sys.total", "cs",
// "cs.voluntary", "faults", and a server's "server.sys.total" ...), not a plugin's.
bool is_kernel_count_key(std::string_view key);

}  // namespace rb
