// The pingpong workload's table(s) in the plugin descriptor (reactorbench/plugin.h): their
// minimum size and required members, checked at load time (plugin/descriptor_checks.h).
#pragma once

#include <cstddef>
#include <optional>
#include <string>

#include <reactorbench/plugin.h>

#include "plugin/loader.h"

namespace rb::workload::pingpong {

// ABI 1.1 appended them: whole from the start, so their minimum is their 1.1 size.
inline constexpr std::size_t kPingpongServerOpsMinSize =
    offsetof(rb_pingpong_server_ops, release) + sizeof(rb_pingpong_server_ops::release);
inline constexpr std::size_t kPingpongClientOpsMinSize =
    offsetof(rb_pingpong_client_ops, release) + sizeof(rb_pingpong_client_ops::release);

// WorkloadEntry::read_tables: checks the table(s) and copies them into the plugin.
std::optional<std::string> read_tables(plugin::LoadedPlugin& plugin);

}  // namespace rb::workload::pingpong
