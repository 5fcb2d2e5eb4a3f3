// The notify workload's table(s) in the plugin descriptor (reactorbench/plugin.h): their
// minimum size and required members, checked at load time (plugin/descriptor_checks.h).
#pragma once

#include <cstddef>
#include <optional>
#include <string>

#include <reactorbench/plugin.h>

#include "plugin/loader.h"

namespace rb::workload::notify {

// ABI 1.1 appended it: whole from the start, so its minimum is its 1.1 size.
inline constexpr std::size_t kNotifyOpsMinSize =
    offsetof(rb_notify_ops, release) + sizeof(rb_notify_ops::release);

// WorkloadEntry::read_tables: checks the table(s) and copies them into the plugin.
std::optional<std::string> read_tables(plugin::LoadedPlugin& plugin);

}  // namespace rb::workload::notify
