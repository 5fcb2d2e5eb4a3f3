// `runner plugins`: every plugin the search path holds, and every .so that failed to load.
#pragma once

#include <filesystem>
#include <vector>

namespace rb::cli {

int plugins_command(const std::vector<std::filesystem::path>& plugin_path, bool as_json,
                    bool allow_unsafe_plugins = false);

}  // namespace rb::cli
