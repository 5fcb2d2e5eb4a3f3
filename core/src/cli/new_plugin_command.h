// `runner new-plugin NAME --workloads flower,rr_server,... --out DIR`: writes an out-of-tree
// C plugin that builds against the installed SDK and passes `runner validate` as written,
// with a config per workload (cli/plugin_scaffold.h).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "cli/command.h"

namespace rb::cli {

struct NewPluginArgs {
  std::string name;
  std::vector<std::string> workloads;
  std::filesystem::path out;  // new, or an empty directory
};

int new_plugin_command(const NewPluginArgs& args);

struct NewPluginCommand final : CommandOn<NewPluginArgs, new_plugin_command, "new-plugin"> {
  CLI::App* add_to(CLI::App& app) override;
};

}  // namespace rb::cli
