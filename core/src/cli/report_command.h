// `runner report RUN... --html OUT`: one self-contained page (OUT/report.html) with, per run,
// the verdicts against a baseline, the plots (scripts/plot.py, also kept as PNG and SVG in
// OUT/plots/), the result tables, the cells without results and the context.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "cli/command.h"

#include "cli/compare_options.h"

namespace rb::cli {

struct HtmlReportArgs {
  std::vector<std::string> runs;
  std::filesystem::path html;          // output directory
  std::vector<std::string> baselines;  // one for all runs, or one per run
  std::optional<std::filesystem::path> store;
  std::string config;
  std::string host;
  std::string title = "reactorbench report";
  bool no_plots = false;
  CompareFlags flags;
};

int html_report_command(const HtmlReportArgs& args);

struct HtmlReportCommand final : CommandOn<HtmlReportArgs, html_report_command, "report"> {
  CLI::App* add_to(CLI::App& app) override;
};

}  // namespace rb::cli
