#include "cli/plugin_resolver.h"

#include <algorithm>

#include "plugin/file_safety.h"
#include "plugin/probe.h"
#include "plugin/search_dirs.h"

namespace rb::cli {

PluginResolver::PluginResolver(const std::vector<std::filesystem::path>& plugin_path_flags,
                               std::filesystem::path runner_exe, bool allow_unsafe_plugins)
    : exe_(std::move(runner_exe)),
      dirs_(plugin::plugin_search_dirs(plugin_path_flags, exe_)),
      prober_(plugin::safety_checked(plugin::child_prober(exe_), allow_unsafe_plugins)),
      registry_(plugin::Registry::discover(dirs_, prober_)) {}

const plugin::PluginInfo* PluginResolver::lookup(std::string_view name_or_path) const {
  if (const auto it = resolved_.find(name_or_path); it != resolved_.end()) return &it->second;
  try {
    auto info = registry_.resolve(std::string(name_or_path), prober_);
    return &resolved_.emplace(std::string(name_or_path), std::move(info)).first->second;
  } catch (const plugin::LoadError& e) {
    if (e.kind() != plugin::LoadErrorKind::not_found || broken_file_named(name_or_path))
      broken_.insert(std::string(name_or_path));
    return nullptr;
  }
}

std::optional<std::filesystem::path> PluginResolver::broken_file_named(
    std::string_view name) const {
  std::string underscored(name);
  std::replace(underscored.begin(), underscored.end(), '-', '_');
  for (const auto& [path, error] : registry_.failures())
    if (path.extension() == ".so" && (path.stem() == name || path.stem() == underscored))
      return path;
  return std::nullopt;
}

// A plugin that exists but fails to load counts as known here, so the config loader does not
// call it "unknown": resolve() reports its real error afterwards.
bool PluginResolver::has_plugin(std::string_view name) const {
  return lookup(name) != nullptr || broken_.contains(name);
}

bool PluginResolver::supports(std::string_view plugin, std::string_view workload) const {
  const auto* info = lookup(plugin);
  if (info == nullptr) return broken_.contains(plugin);
  return std::find(info->workloads.begin(), info->workloads.end(), workload) !=
         info->workloads.end();
}

std::vector<std::string> PluginResolver::plugin_names() const {
  return registry_.names();
}

config::PluginFile PluginResolver::probe_file(const std::filesystem::path& file) const {
  // resolve() takes anything with a '/' as a path, and the file is absolute; LoadError is a
  // std::runtime_error whose what() names the file and why it cannot be loaded.
  const plugin::PluginInfo info = resolve(file.string());
  return {info.name, info.workloads, info.options};
}

std::vector<rb::DeclaredOption> PluginResolver::declared_options(std::string_view plugin) const {
  const auto* info = lookup(plugin);
  return info != nullptr ? info->options : std::vector<rb::DeclaredOption>{};
}

plugin::PluginInfo PluginResolver::resolve(const std::string& name_or_path) const {
  if (const auto it = resolved_.find(name_or_path); it != resolved_.end()) return it->second;
  if (!plugin::looks_like_path(name_or_path) && registry_.find(name_or_path) == nullptr)
    if (const auto file = broken_file_named(name_or_path))
      return registry_.resolve(file->string(), prober_);  // throws that file's own error
  return registry_.resolve(name_or_path, prober_);
}

}  // namespace rb::cli
