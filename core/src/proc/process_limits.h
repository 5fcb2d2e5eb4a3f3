// The per-process knobs a cell's child sets before it loads its plugin.
#pragma once

#include <vector>

namespace rb::proc {

long nofile_soft_limit();
long nofile_hard_limit();
// Raises the soft RLIMIT_NOFILE to `needed`; throws std::runtime_error naming both numbers
// when the hard limit is lower (the parent skips such cells before they get here).
void raise_nofile_soft_limit(long needed);

// CPUs this process may run on (sched_getaffinity), ascending.
std::vector<int> allowed_cpus();
// Pins the calling process; throws std::system_error naming the CPUs.
void pin_to_cpus(const std::vector<int>& cpus);

}  // namespace rb::proc
