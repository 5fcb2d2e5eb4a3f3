// `runner plugins`: every plugin the search path holds, and every .so that failed to load.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace rb::cli {

int plugins_command(const std::vector<std::filesystem::path>& plugin_path, bool as_json,
                    bool allow_unsafe_plugins = false);

// `runner plugins --options NAME`: the options NAME (a plugin name or a path to a .so)
// declares, as a table (cli/option_listing.h) or JSON {"name", "abi", "path", "options"}.
// A plugin that cannot be found or loaded is an error (exit 2).
int plugin_options_command(const std::vector<std::filesystem::path>& plugin_path,
                           const std::string& name, bool as_json, bool allow_unsafe_plugins);

}  // namespace rb::cli
