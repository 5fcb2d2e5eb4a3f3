#include "plugin/registry.h"

#include <algorithm>
#include <set>

#include <fmt/format.h>

#include "model/plugin_renames.h"
#include "text/did_you_mean.h"

namespace rb::plugin {

namespace {

std::vector<std::filesystem::path> shared_objects_in(
    const std::filesystem::path& dir,
    std::vector<std::pair<std::filesystem::path, std::string>>& failures) {
  std::vector<std::filesystem::path> files;
  std::error_code error;
  if (!std::filesystem::is_directory(dir, error)) return files;
  std::filesystem::directory_iterator it(dir, error);
  for (; !error && it != std::filesystem::directory_iterator(); it.increment(error)) {
    std::error_code type_error;
    if (it->path().extension() == ".so" && !it->is_directory(type_error)) {
      files.push_back(it->path());
    }
  }
  if (error)
    failures.emplace_back(dir, fmt::format("{}: cannot list: {}", dir.string(), error.message()));
  std::sort(files.begin(), files.end());
  return files;
}

std::string join_paths(const std::vector<std::filesystem::path>& paths, std::string_view last) {
  std::string text;
  for (std::size_t i = 0; i < paths.size(); ++i) {
    if (i > 0) text += (i + 1 == paths.size()) ? last : std::string_view(", ");
    text += paths[i].string();
  }
  return text;
}

}  // namespace

bool looks_like_path(std::string_view name_or_path) {
  return name_or_path.find('/') != std::string_view::npos || name_or_path.ends_with(".so");
}

Registry Registry::discover(const std::vector<std::filesystem::path>& dirs, const Prober& probe) {
  Registry registry;
  registry.dirs_ = dirs;
  std::set<std::filesystem::path> seen;  // one file reached through two listed directories
  for (const auto& dir : dirs) {
    for (const auto& file : shared_objects_in(dir, registry.failures_)) {
      std::error_code error;
      auto canonical = std::filesystem::weakly_canonical(file, error);
      if (!seen.insert(error ? file : canonical).second) continue;
      try {
        registry.add(probe(file));
      } catch (const std::exception& failure) {
        registry.failures_.emplace_back(file, failure.what());
      }
    }
  }
  return registry;
}

void Registry::add(PluginInfo info) {
  const PluginInfo* first = find_exactly(info.name);
  if (first == nullptr) {
    plugins_.push_back(std::move(info));
    return;
  }
  auto& paths = duplicates_[info.name];
  if (paths.empty()) paths.push_back(first->path);
  paths.push_back(info.path);
  failures_.emplace_back(info.path,
                         fmt::format("{}: duplicate plugin name '{}': {} provides it too",
                                     info.path.string(), info.name, first->path.string()));
}

const PluginInfo* Registry::find_exactly(std::string_view name) const {
  auto it = std::find_if(plugins_.begin(), plugins_.end(),
                         [&](const PluginInfo& info) { return info.name == name; });
  return it != plugins_.end() ? &*it : nullptr;
}

const PluginInfo* Registry::find(std::string_view name) const {
  if (const PluginInfo* info = find_exactly(name)) return info;
  const std::string current = current_plugin_name(name);
  return current != name ? find_exactly(current) : nullptr;
}

bool Registry::supports(std::string_view name, std::string_view workload) const {
  const PluginInfo* info = find(name);
  return info != nullptr && info->supports(workload);
}

std::vector<std::string> Registry::names() const {
  std::vector<std::string> result;
  for (const auto& info : plugins_) result.push_back(info.name);
  return result;
}

std::vector<std::filesystem::path> Registry::duplicate_paths(std::string_view name) const {
  auto it = duplicates_.find(name);
  return it != duplicates_.end() ? it->second : std::vector<std::filesystem::path>{};
}

PluginInfo Registry::resolve(const std::string& name_or_path, const Prober& probe) const {
  if (looks_like_path(name_or_path)) return probe(std::filesystem::path(name_or_path));
  const std::string name =
      find_exactly(name_or_path) != nullptr ? name_or_path : current_plugin_name(name_or_path);
  if (auto paths = duplicate_paths(name); !paths.empty()) {
    throw LoadError(LoadErrorKind::duplicate_name, paths.front(),
                    fmt::format("plugin name '{}' is provided by {} files: {}; remove all but "
                                "one, or name the .so by its path",
                                name_or_path, paths.size(), join_paths(paths, " and ")));
  }
  if (const PluginInfo* info = find(name_or_path)) return *info;
  throw_not_found(name_or_path);
}

void Registry::throw_not_found(const std::string& name) const {
  std::string message = dirs_.empty()
                            ? std::string("no such plugin (no plugin directories to search)")
                            : fmt::format("no such plugin; searched {}", join_paths(dirs_, ", "));
  if (const std::string nearest = text::nearest(name, names()); !nearest.empty()) {
    message += fmt::format("; did you mean '{}'?", nearest);
  }
  // A file of that name that failed to load is the likelier explanation: say why it failed.
  for (const auto& [path, error] : failures_) {
    if (path.stem() == name) message += fmt::format(" ({})", error);
  }
  throw LoadError(LoadErrorKind::not_found, std::filesystem::path(name), std::move(message));
}

}  // namespace rb::plugin
