// Every plugin the runner can find: built by probing each *.so in the search directories
// (non-recursive). The prober is injected, so tests can fake it and the runner can probe in
// child processes.
#pragma once

#include <filesystem>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "plugin/load_error.h"
#include "plugin/plugin_info.h"

namespace rb::plugin {

class Registry {
 public:
  using Prober = std::function<PluginInfo(const std::filesystem::path&)>;

  static Registry discover(const std::vector<std::filesystem::path>& dirs, const Prober& probe);

  // Successfully probed plugins in discovery order; the first found wins per name.
  const std::vector<PluginInfo>& plugins() const { return plugins_; }
  // Files that failed to probe and later files repeating a name: path, error message.
  const std::vector<std::pair<std::filesystem::path, std::string>>& failures() const {
    return failures_;
  }
  const std::vector<std::filesystem::path>& search_dirs() const { return dirs_; }

  // A name, or a path to a .so (anything containing '/' or ending in ".so"), which is probed
  // directly. Throws LoadError: not_found (naming the directories searched and the nearest
  // name), duplicate_name (naming every file that provides the name), or the prober's error.
  PluginInfo resolve(const std::string& name_or_path, const Prober& probe) const;

  bool has(std::string_view name) const { return find(name) != nullptr; }
  bool supports(std::string_view name, std::string_view workload) const;
  std::vector<std::string> names() const;
  // By name, or by the old name of a renamed plugin (model/plugin_renames.h) when no plugin
  // goes by that name itself.
  const PluginInfo* find(std::string_view name) const;
  // Every file providing name when there are several; empty otherwise.
  std::vector<std::filesystem::path> duplicate_paths(std::string_view name) const;

 private:
  void add(PluginInfo info);
  const PluginInfo* find_exactly(std::string_view name) const;
  [[noreturn]] void throw_not_found(const std::string& name) const;

  std::vector<std::filesystem::path> dirs_;
  std::vector<PluginInfo> plugins_;
  std::vector<std::pair<std::filesystem::path, std::string>> failures_;
  std::map<std::string, std::vector<std::filesystem::path>, std::less<>> duplicates_;
};

// Whether resolve treats the argument as a path rather than a name.
bool looks_like_path(std::string_view name_or_path);

}  // namespace rb::plugin
