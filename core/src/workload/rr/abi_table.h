// The rr workload's table(s) in the plugin descriptor (reactorbench/plugin.h): their
// minimum size and required members, checked at load time (plugin/descriptor_checks.h).
#pragma once

#include <cstddef>
#include <optional>
#include <string>

#include <reactorbench/plugin.h>

#include "plugin/loader.h"

namespace rb::workload::rr {

// ABI 1.2 appended it.
inline constexpr std::size_t kRrServerOpsMinSize =
    offsetof(rb_rr_server_ops, release) + sizeof(rb_rr_server_ops::release);

// WorkloadEntry::read_tables: checks the table(s) and copies them into the plugin.
std::optional<std::string> read_tables(plugin::LoadedPlugin& plugin);

}  // namespace rb::workload::rr
