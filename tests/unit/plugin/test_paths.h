// Where the test plugins and the probe host were built, and the ABI sizes they are checked
// against.
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>

#include "reactorbench/plugin.h"

namespace rb::plugin::test {

inline std::filesystem::path bad_plugin(const std::string& file) {
  return std::filesystem::path(RB_BAD_PLUGIN_DIR) / file;
}

// rb_flower_ops through release: its ABI 1.0 size, the least a plugin may declare.
inline constexpr std::size_t kFlowerOpsMinSize =
    offsetof(rb_flower_ops, release) + sizeof(rb_flower_ops::release);

inline std::filesystem::path probe_host() {
  return RB_PROBE_HOST;
}

}  // namespace rb::plugin::test
