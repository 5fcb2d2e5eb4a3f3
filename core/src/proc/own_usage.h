// The whole process's CPU time and context switches (getrusage(RUSAGE_SELF) sums every
// thread, so the plugin's consumer thread counts too), for per-iteration deltas.
#pragma once

#include <cstdint>

namespace rb::proc {

struct ProcessUsage {
  std::uint64_t user_us = 0;
  std::uint64_t sys_us = 0;
  std::uint64_t voluntary_cs = 0;
  std::uint64_t involuntary_cs = 0;
};

// Throws std::system_error if getrusage fails.
ProcessUsage process_usage_now();

// What happened between two snapshots of the same process (later - earlier).
ProcessUsage usage_between(const ProcessUsage& earlier, const ProcessUsage& later);

}  // namespace rb::proc
