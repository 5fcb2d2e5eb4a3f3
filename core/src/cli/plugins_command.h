// `runner plugins`: every plugin the search path holds, and every .so that failed to load.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "cli/command.h"

namespace rb::cli {

struct PluginsArgs {
  std::vector<std::filesystem::path> plugin_path;
  bool json = false;
  bool allow_unsafe_plugins = false;
  std::string options;  // --options NAME: that plugin's options instead of the list
};

// The list, or with --options one plugin's options.
int plugins_command(const PluginsArgs& args);

struct PluginsCommand final : CommandOn<PluginsArgs, plugins_command, "plugins"> {
  CLI::App* add_to(CLI::App& app) override;
};

int plugins_command(const std::vector<std::filesystem::path>& plugin_path, bool as_json,
                    bool allow_unsafe_plugins = false);

// `runner plugins --options NAME`: the options NAME (a plugin name or a path to a .so)
// declares, as a table (cli/option_listing.h) or JSON {"name", "abi", "path", "options"}.
// A plugin that cannot be found or loaded is an error (exit 2).
int plugin_options_command(const std::vector<std::filesystem::path>& plugin_path,
                           const std::string& name, bool as_json, bool allow_unsafe_plugins);

}  // namespace rb::cli
