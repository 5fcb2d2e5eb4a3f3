// Where plugins are looked for, highest priority first.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace rb::plugin {

inline constexpr const char* kPluginPathVariable = "REACTORBENCH_PLUGIN_PATH";

// Every --plugin-path DIR in order, then each directory of REACTORBENCH_PLUGIN_PATH
// (colon-separated), then the build tree's <dir of runner_exe>/../plugins, then the installed
// layout's <dir of runner_exe>/../lib/reactorbench/plugins. A directory listed twice keeps
// its first place. Directories that do not exist are kept: error messages list them.
std::vector<std::filesystem::path> plugin_search_dirs(
    const std::vector<std::filesystem::path>& plugin_path_flags,
    const std::filesystem::path& runner_exe);

// The same with the variable's value given (nullopt: unset), for callers and tests that
// must not depend on the environment.
std::vector<std::filesystem::path> plugin_search_dirs(
    const std::vector<std::filesystem::path>& plugin_path_flags,
    const std::filesystem::path& runner_exe, const std::optional<std::string>& plugin_path_env);

// This process's executable (/proc/self/exe resolved): the runner_exe above, and the program
// probe children run. Throws std::filesystem::filesystem_error when /proc is unavailable.
std::filesystem::path current_executable();

}  // namespace rb::plugin
