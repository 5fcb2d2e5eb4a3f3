// ABI negotiation and validation of what a plugin's entry returned: versions, struct sizes
// and required members. Each failure is a LoadError of its own kind.
#pragma once

#include <filesystem>
#include <optional>

#include <reactorbench/plugin.h>

namespace rb::plugin {

// The host's zero-filled copy of the descriptor, after checking its versions and size.
rb_plugin checked_descriptor(const rb_plugin* plugin_descriptor, const std::filesystem::path& path);

// The host's copy of the flower table, or nullopt when the plugin offers none.
std::optional<rb_flower_ops> checked_flower_ops(const rb_plugin& descriptor,
                                                const std::filesystem::path& path);
std::optional<rb_notify_ops> checked_notify_ops(const rb_plugin& descriptor,
                                                const std::filesystem::path& path);
std::optional<rb_pingpong_server_ops> checked_pingpong_server_ops(
    const rb_plugin& descriptor, const std::filesystem::path& path);
std::optional<rb_pingpong_client_ops> checked_pingpong_client_ops(
    const rb_plugin& descriptor, const std::filesystem::path& path);

std::optional<rb_rr_server_ops> checked_rr_server_ops(const rb_plugin& descriptor,
                                                      const std::filesystem::path& path);

// name, version, library and library_version are required; name must match [a-z0-9-]+.
void check_required_fields(const rb_plugin& descriptor, const std::filesystem::path& path);

}  // namespace rb::plugin
