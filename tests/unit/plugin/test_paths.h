// Where the test plugins and the probe host were built.
#pragma once

#include <filesystem>
#include <string>

namespace rb::plugin::test {

inline std::filesystem::path bad_plugin(const std::string& file) {
  return std::filesystem::path(RB_BAD_PLUGIN_DIR) / file;
}

inline std::filesystem::path probe_host() {
  return RB_PROBE_HOST;
}

}  // namespace rb::plugin::test
