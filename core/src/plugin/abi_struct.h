// The append-only struct rule of the ABI (plugin.h): the host reads only the bytes a plugin
// declared in struct_size and zero-fills the rest of its own copy. So a plugin built against
// an older minor keeps loading into a newer host, and members a newer plugin appended are
// never read.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include <reactorbench/plugin.h>

namespace rb::plugin {

// Sizes every v1.0 plugin provides: through the last member ABI 1.0 defined.
static_assert(std::is_same_v<decltype(rb_plugin::flower), const rb_flower_ops*>);
inline constexpr std::size_t kPluginMinSize =
    offsetof(rb_plugin, flower) + sizeof(const rb_flower_ops*);
// A workload table's minimum (its size in the ABI version that introduced it, through the
// given last member) is declared next to the workload: workload/<name>/entry.cpp.
// ABI 1.3: where a descriptor must reach for its option declarations to be read, and the
// size of one declaration (all of it is 1.3).
inline constexpr std::size_t kPluginOptionsEnd =
    offsetof(rb_plugin, option_count) + sizeof(rb_plugin::option_count);
inline constexpr std::size_t kOptionDeclMinSize =
    offsetof(rb_option_decl, workloads) + sizeof(rb_option_decl::workloads);

// The struct_size a plugin declared; every ABI struct starts with it.
inline std::uint32_t declared_struct_size(const void* plugin_struct) {
  std::uint32_t size = 0;
  std::memcpy(&size, plugin_struct, sizeof size);
  return size;
}

// The host's copy of a plugin struct. struct_size keeps the plugin's declared value.
template <typename HostStruct>
HostStruct copy_declared_prefix(const void* plugin_struct) {
  static_assert(std::is_trivially_copyable_v<HostStruct>);
  static_assert(offsetof(HostStruct, struct_size) == 0);
  HostStruct copy{};
  const std::size_t declared = declared_struct_size(plugin_struct);
  std::memcpy(&copy, plugin_struct, std::min(declared, sizeof(HostStruct)));
  return copy;
}

}  // namespace rb::plugin
