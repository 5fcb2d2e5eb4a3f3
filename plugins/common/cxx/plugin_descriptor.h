// A C++ plugin's descriptor and entry point: its words, its tables (abi_tables.h) and its
// declared options (declared_options.h) in the ABI's rb_plugin, offered to a host of the same
// ABI major version only.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "reactorbench/plugin.h"

namespace rbcommon {

// What the plugin says of itself.
struct PluginWords {
  const char* name;
  const char* version;
  const char* library;
  const char* (*libraryVersion)();
  const char* description;
};

// The workloads it offers; NULL: not this one.
struct PluginTables {
  const rb_flower_ops* flower = nullptr;
  const rb_notify_ops* notify = nullptr;
  const rb_pingpong_server_ops* pingpongServer = nullptr;
  const rb_pingpong_client_ops* pingpongClient = nullptr;
  const rb_rr_server_ops* rrServer = nullptr;
};

template <std::size_t N>
constexpr rb_plugin describePlugin(const PluginWords& words, const PluginTables& tables,
                                   const std::array<rb_option_decl, N>& options) {
  return rb_plugin{
      .struct_size = sizeof(rb_plugin),
      .abi_version = RB_ABI_VERSION,
      .name = words.name,
      .version = words.version,
      .library = words.library,
      .library_version = words.libraryVersion,
      .description = words.description,
      .flower = tables.flower,
      .notify = tables.notify,
      .pingpong_server = tables.pingpongServer,
      .pingpong_client = tables.pingpongClient,
      .rr_server = tables.rrServer,
      .options = options.data(),
      .option_count = static_cast<std::uint32_t>(N),
  };
}

// The descriptor for a host of the same ABI major version, NULL for any other.
inline const rb_plugin* offeredTo(std::uint32_t hostAbiVersion, const rb_plugin& plugin) {
  return RB_VERSION_MAJOR(hostAbiVersion) == RB_ABI_MAJOR ? &plugin : nullptr;
}

}  // namespace rbcommon

// The plugin's exported entry point, returning `descriptor` (an rb_plugin) to the hosts it
// suits.
#define RB_CXX_PLUGIN_ENTRY(descriptor)               \
  RB_PLUGIN_ENTRY(host_abi) {                         \
    return rbcommon::offeredTo(host_abi, descriptor); \
  }
