// What the runner's parent process knows about a plugin: learnt by probing it in a child
// process, carried as JSON across the pipe.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "model/declared_option.h"
#include "model/plugin_build.h"
#include "model/results.h"

namespace rb::plugin {

struct LoadedPlugin;

struct PluginInfo {
  std::string name, version, library, library_version, description, sha256;
  std::uint32_t abi_version = 0;
  std::vector<std::string> workloads;
  std::filesystem::path path;
  std::vector<rb::DeclaredOption> options = {};  // ABI 1.3 declarations; empty: none
  std::optional<rb::PluginBuild> build = {};     // its build note; nullopt: none recorded

  bool supports(std::string_view workload) const;
};

PluginInfo plugin_info(const LoadedPlugin& plugin);
rb::Provenance provenance(const PluginInfo& info);

// {"name", "version", "library", "library_version", "description", "sha256",
//  "abi_version" (number), "abi" ("major.minor", for readers), "workloads", "path", "build"
//  ({"optimized", "build_type", "flags", "compiler"}, or null when the plugin records none),
//  "options": [{"name", "type" ("string", "int", "bool", "enum"), "allowed", "default" (null
//  when none), "help", "workloads"}]}
nlohmann::json to_json(const PluginInfo& info);
// Throws nlohmann::json::exception when a member is missing or of the wrong type.
PluginInfo plugin_info_from_json(const nlohmann::json& json);

// One declared option as in "options" above.
nlohmann::json to_json(const rb::DeclaredOption& option);

}  // namespace rb::plugin
