// `runner export RUN --format F`: a run in another tool's format - Google Benchmark JSON,
// Bencher Metric Format, or github-action-benchmark's customSmallerIsBetter /
// customBiggerIsBetter - on stdout or into --out.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

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

CLI::App* add_export_command(CLI::App& app, ExportArgs& args);

int export_command(const ExportArgs& args);

}  // namespace rb::cli
