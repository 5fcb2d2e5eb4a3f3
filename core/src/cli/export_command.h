// `runner export RUN --format F`: a run in another tool's format - Google Benchmark JSON,
// Bencher Metric Format, or github-action-benchmark's customSmallerIsBetter /
// customBiggerIsBetter - on stdout or into --out.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "cli/command.h"

namespace rb::cli {

struct ExportArgs {
  std::string run;
  std::string format;
  std::optional<std::filesystem::path> out;
  std::vector<std::string> metrics;  // empty: the headline ones; "all": every one
  bool exclude_disturbed = false;
  std::optional<std::filesystem::path> store;
  std::string config;
  std::string host;
};

int export_command(const ExportArgs& args);

struct ExportCommand final : CommandOn<ExportArgs, export_command, "export"> {
  CLI::App* add_to(CLI::App& app) override;
};

}  // namespace rb::cli
