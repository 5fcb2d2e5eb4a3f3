// ABI versions as people read them: "major.minor".
#pragma once

#include <cstdint>
#include <string>

#include <reactorbench/plugin.h>

namespace rb::plugin {

inline std::string abi_version_string(std::uint32_t version) {
  return std::to_string(RB_VERSION_MAJOR(version)) + "." +
         std::to_string(RB_VERSION_MINOR(version));
}

}  // namespace rb::plugin
