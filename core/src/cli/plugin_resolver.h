// The plugins this invocation can see: the search dirs probed once (plugin::Registry),
// names and paths resolved to plugin files, and the config loader's view of them
// (config::PluginLookup).
#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "config/test_plan.h"
#include "plugin/registry.h"

namespace rb::cli {

class PluginResolver final : public config::PluginLookup {
 public:
  // allow_unsafe_plugins: also probe files others could have replaced (plugin/file_safety.h).
  PluginResolver(const std::vector<std::filesystem::path>& plugin_path_flags,
                 std::filesystem::path runner_exe, bool allow_unsafe_plugins = false);

  bool has_plugin(std::string_view name) const override;
  bool supports(std::string_view plugin, std::string_view workload) const override;
  std::vector<std::string> plugin_names() const override;
  // Through the same safety-checked child prober as the search path's files.
  config::PluginFile probe_file(const std::filesystem::path& file) const override;
  std::vector<rb::DeclaredOption> declared_options(std::string_view plugin) const override;

  // Throws plugin::LoadError (not found, duplicate name, or the probe's own error).
  plugin::PluginInfo resolve(const std::string& name_or_path) const;

  const plugin::Registry& registry() const { return registry_; }
  const std::vector<std::filesystem::path>& search_dirs() const { return dirs_; }
  const std::filesystem::path& runner_exe() const { return exe_; }

 private:
  const plugin::PluginInfo* lookup(std::string_view name_or_path) const;
  // A file in the search path that failed to load and is probably `name` (its stem is the
  // name, '-' spelt '_' or not), so the user hears why it failed rather than "unknown".
  std::optional<std::filesystem::path> broken_file_named(std::string_view name) const;

  std::filesystem::path exe_;
  std::vector<std::filesystem::path> dirs_;
  plugin::Registry::Prober prober_;
  plugin::Registry registry_;
  mutable std::map<std::string, plugin::PluginInfo, std::less<>> resolved_;
  mutable std::set<std::string, std::less<>> broken_;
};

}  // namespace rb::cli
