// The kernel's tracepoint ids, as tracefs lists them (events/<group>/<name>/id): what
// perf_event_open needs to count a tracepoint such as raw_syscalls:sys_enter.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace rb::proc {

// Where tracefs is looked for: RB_TRACEFS when set (tests point it at an empty directory to
// take the path without tracefs), else the usual mount point and debugfs's older one. Nothing
// is mounted: a machine without tracefs mounted has no syscall counts.
std::vector<std::filesystem::path> tracefs_candidates();

// The first candidate with an events/ directory, or nullopt.
std::optional<std::filesystem::path> find_tracefs();

// The id of tracepoint `group`:`name` under `tracefs`, or nullopt when the kernel has no such
// tracepoint.
std::optional<std::uint64_t> tracepoint_id(const std::filesystem::path& tracefs,
                                           const std::string& group, const std::string& name);

}  // namespace rb::proc
