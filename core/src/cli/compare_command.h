// `runner compare BASE NEW` and `runner compare --plugins A,B RUN`: per matching cell a
// ratio of medians with its bootstrap CI, a Mann-Whitney p-value and a verdict; exit 0 (no
// regression), 1 (slower beyond the threshold), 2 (error) or 3 (only inconclusive).
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "cli/command.h"
#include "cli/reporters.h"

#include "cli/compare_options.h"
#include "compare/run_comparison.h"

namespace rb::cli {

struct CompareArgs {
  std::vector<std::string> runs;     // BASE NEW, or RUN with --plugins
  std::vector<std::string> plugins;  // --plugins A,B
  std::optional<std::filesystem::path> store;
  std::string config;
  std::string host;
  std::string format{kTableFormat};
  bool no_baseline_ok = false;
  std::string colour = "auto";  // --color: the table format's verdicts (colour_option.h)
  CompareFlags flags;
};

int compare_command(const CompareArgs& args);

struct CompareCommand final : CommandOn<CompareArgs, compare_command, "compare"> {
  CLI::App* add_to(CLI::App& app) override;
};

// Why a comparison has nothing to say ("BASE and NEW have no cell in common (...)"), or
// nullopt when it matched a cell: compare and report refuse it alike (exit 2).
std::optional<std::string> refusal_of(const compare::RunComparison& comparison);

}  // namespace rb::cli
