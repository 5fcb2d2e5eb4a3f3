#include "plugin/search_dirs.h"

#include <algorithm>
#include <cstdlib>
#include <string_view>

namespace rb::plugin {

namespace {

void add_unique(std::vector<std::filesystem::path>& dirs, const std::filesystem::path& dir) {
  if (dir.empty()) return;
  auto normal = dir.lexically_normal();
  // "/a/" and "/a" are one directory.
  if (!normal.has_filename() && normal.has_relative_path()) normal = normal.parent_path();
  if (std::find(dirs.begin(), dirs.end(), normal) == dirs.end()) dirs.push_back(normal);
}

}  // namespace

std::vector<std::filesystem::path> plugin_search_dirs(
    const std::vector<std::filesystem::path>& plugin_path_flags,
    const std::filesystem::path& runner_exe) {
  const char* env = std::getenv(kPluginPathVariable);
  return plugin_search_dirs(plugin_path_flags, runner_exe,
                            env != nullptr ? std::optional<std::string>(env) : std::nullopt);
}

std::vector<std::filesystem::path> plugin_search_dirs(
    const std::vector<std::filesystem::path>& plugin_path_flags,
    const std::filesystem::path& runner_exe, const std::optional<std::string>& plugin_path_env) {
  std::vector<std::filesystem::path> dirs;
  for (const auto& dir : plugin_path_flags) add_unique(dirs, dir);
  if (plugin_path_env) {
    std::string_view rest = *plugin_path_env;
    while (true) {
      const auto colon = rest.find(':');
      add_unique(dirs, std::filesystem::path(rest.substr(0, colon)));
      if (colon == std::string_view::npos) break;
      rest.remove_prefix(colon + 1);
    }
  }
  const auto exe_dir = runner_exe.parent_path();
  add_unique(dirs, exe_dir / ".." / "plugins");
  add_unique(dirs, exe_dir / ".." / "lib" / "reactorbench" / "plugins");
  return dirs;
}

std::filesystem::path current_executable() {
  return std::filesystem::read_symlink("/proc/self/exe");
}

}  // namespace rb::plugin
