// `runner validate PLUGIN...`: load each plugin, print its descriptor and run the
// conformance suite of every workload it claims. One line per check, PASS/FAIL/SKIP with the
// reason; exit 0 only when every check of every plugin passed.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "cli/command.h"

namespace rb::cli {

struct ValidateArgs {
  std::vector<std::string> plugins;  // names or paths to .so files
  std::vector<std::filesystem::path> plugin_path;
  std::vector<std::string> options;  // KEY=VALUE, passed to every plugin's prepare
  double phase_timeout_s = 5.0;      // the watchdog's limit on each plugin call
  bool allow_unsafe_plugins = false;
};

int validate_command(const ValidateArgs& args);

struct ValidateCommand final : CommandOn<ValidateArgs, validate_command, "validate"> {
  CLI::App* add_to(CLI::App& app) override;
};

}  // namespace rb::cli
